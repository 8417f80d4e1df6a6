"""Seed 003, RULES: once both armies are known they close in; kudo coins buy
a turn of holding or withdrawing; the battlefield's orientation."""

from core.rulesets.optio.state import Edge, Phase
from tests.rulesets.optio.helpers import R, closing, go, new_state, rejected


def test_moving_closer_is_free_and_ends_the_turn():
    state = closing(new_state(), (1, 1), (3, 3))
    state = go(state, "move side=0 unit=g-army to=2,1")  # distance 4 -> 3
    assert state.kudos == (6, 6) and state.active == 1


def test_holding_or_moving_away_costs_a_kudo_coin():
    state = closing(new_state(), (1, 1), (3, 3))
    state = go(state, "hold side=0")
    assert state.kudos[0] == 5 and state.block("g-army").pos == (1, 1) and state.active == 1
    state = go(state, "move side=1 unit=r-army to=4,3")  # 4 -> 5: further away
    assert state.kudos == (5, 5)
    state = go(state, "move side=0 unit=g-army to=1,2")  # 5 -> 4: closer, free
    assert state.kudos == (5, 5)


def test_a_hold_ends_the_closing_turn_in_the_log_as_a_move_does():
    from core.rulesets.optio.events import TurnPassed

    state = closing(new_state(), (1, 1), (3, 3))
    for text, detail in (("hold side=0", "the army held where it is"), ("move side=1 unit=r-army to=2,3", "the army moved")):
        turn = state.round
        state, events = R.apply(state, R.parse_order(text))
        ends = [e for e in events if isinstance(e, TurnPassed)]
        assert len(ends) == 1 and ends[0].detail == detail and events[-1] is ends[0]
        assert ends[0].who == state.players[0 if text.startswith("hold") else 1]
        assert ends[0].sentence.endswith(f"'s turn {turn} ends, {detail}")


def test_a_sideways_move_that_keeps_the_distance_is_paid_for():
    state = closing(new_state(), (1, 1), (3, 1))
    state = go(state, "move side=0 unit=g-army to=1,0")  # 2 -> 3
    assert state.kudos[0] == 5
    state = closing(new_state(), (1, 1), (3, 3))
    state = go(state, "move side=0 unit=g-army to=0,1")  # 4 -> 5
    assert state.kudos[0] == 5


def test_without_coins_the_army_must_close():
    state = closing(new_state(), (1, 1), (3, 3), kudos=(0, 6))
    assert rejected(state, "hold side=0") == "no-kudos"
    assert rejected(state, "move side=0 unit=g-army to=0,1") == "must-close"
    assert rejected(state, "move side=0 unit=g-army to=1,0") == "must-close"
    legal = {o.to_text() for o in R.legal_orders(state, 0)}
    assert legal == {"move side=0 unit=g-army to=2,1", "move side=0 unit=g-army to=1,2"}


def test_only_the_army_moves_now_and_only_one_square():
    state = closing(new_state(), (1, 1), (3, 3))
    assert rejected(state, "move side=0 unit=g-scout to=1,0") == "not-your-block"
    assert rejected(state, "move side=0 unit=g-army to=2,2") == "one-square"
    assert rejected(state, "end-turn side=0") == "wrong-phase"


def test_the_second_army_entering_sets_the_orientation_and_the_first_places_the_template():
    state = closing(new_state(), (2, 1), (2, 2), active=1)
    state = go(state, "move side=1 unit=r-army to=2,1")  # Red comes in by the south side
    assert state.phase is Phase.TEMPLATE
    assert state.meeting == (2, 1) and state.second_edge is Edge.S
    assert state.first_army == 0 and R.to_act(state) == {0}
    state = go(state, "place-template side=0 forward=0 right=0")
    # The result says who placed the template and why (Ann plays Green, side 0).
    assert R.outcome(state).reason.startswith("Ann's army held square 2,1 first and placed the template")


def test_armies_close_to_a_meeting_in_bounded_turns_without_coins():
    state = closing(new_state(), (0, 0), (4, 4), kudos=(0, 0))
    for _ in range(8):
        if state.phase is not Phase.CLOSING:
            break
        order = R.legal_orders(state, state.active)[0]
        state, _ = R.apply(state, order)
    assert state.phase is Phase.TEMPLATE


def test_pays_kudo_is_what_taking_the_order_charges():
    """``pays_kudo`` (which the screen asks before a coin is spent) says of
    every legal order of a closing exactly what applying it charges."""
    from core.rulesets.optio import RULESET
    from core.rulesets.optio.ruleset import pays_kudo

    for g_at, r_at in (((1, 1), (3, 3)), ((1, 1), (3, 1)), ((0, 0), (4, 4)), ((2, 2), (2, 4))):
        state = closing(new_state(), g_at, r_at)
        legal = RULESET.legal_orders(state, 0)
        assert any(pays_kudo(state, o) for o in legal) and any(not pays_kudo(state, o) for o in legal)
        for order in legal:
            after, _ = RULESET.apply(state, order)
            assert pays_kudo(state, order) == (after.kudos[0] == state.kudos[0] - 1), order.to_text()
