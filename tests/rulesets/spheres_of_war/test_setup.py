"""Rules 1-7: two sides of five, zones within 6 inches of each edge, roles by coin or choice."""

import attrs

from core.battlefield_text import parse_battlefield
from core.deployment import Deploy, DeployAll, Ready
from core.dice import Dice
from core.events import Matched, Rolled, TurnStarted
from core.game import refusal
from core.registry import find_ruleset
from core.rulesets.spheres_of_war import RULESET
from core.rulesets.spheres_of_war.state import Phase

from .helpers import OPEN, PLAYERS, options, play


def test_registered_with_name_title_dice_and_default_battlefield():
    rules = find_ruleset("spheres_of_war")
    assert rules is RULESET
    assert rules.title == "Spheres of War: Tactical Fragment 1"
    assert rules.capabilities.dice == ("d6",)
    assert rules.default_battlefield == "open-12"


def test_coin_flip_decides_the_instigator_and_is_a_rolled_event():
    for seed in range(6):
        state, events = RULESET.setup(options(instigator="coin"), OPEN, seed, PLAYERS)
        _, face = Dice(seed).face(2)  # the same seeded coin: 1 first player, 2 second
        assert state.instigator == face - 1
        rolls = [e for e in events if isinstance(e, Rolled)]
        assert len(rolls) == 1 and rolls[0].expression == "1d2" and rolls[0].total == face
        # The log line has a subject and names who each face makes the Instigator
        # (a tester read "rolls 1d2 for the coin flip for Instigator (1: first player...").
        said = rolls[0].sentence
        assert not said.startswith("rolls"), said
        first, second = PLAYERS
        assert f"1: {first} is the Instigator" in said and f"2: {second}" in said, said


def test_players_may_choose_the_instigator_without_a_roll():
    for choice, side in (("first", 0), ("second", 1)):
        state, events = RULESET.setup(options(instigator=choice), OPEN, 3, PLAYERS)
        assert state.instigator == side
        assert not any(isinstance(e, Rolled) for e in events)


def test_five_combatants_a_side_with_ids_by_role():
    state, _ = RULESET.setup(options(instigator="second"), OPEN, 3, PLAYERS)
    assert [u.id for u in state.side_units(1)] == ["i1", "i2", "i3", "i4", "i5"]
    assert [u.id for u in state.side_units(0)] == ["r1", "r2", "r3", "r4", "r5"]
    assert all(u.pos is None for u in state.units)


def test_side_zero_deploys_first_within_six_inches_of_its_edge():
    state, _ = RULESET.setup(options(), OPEN, 3, PLAYERS)
    assert RULESET.to_act(state) == {0}
    assert RULESET.situation(state).phase == "deploying"
    # Row 5 is the sixth row from side 0's edge; row 6 is beyond 6 inches.
    assert RULESET.check(state, Deploy(0, "i1", (3, 5))) is None
    assert RULESET.check(state, Deploy(0, "i1", (3, 6))).code == "outside-zone"
    assert refusal(RULESET, state, Deploy(1, "r1", (3, 8)), state.players).code == "not-your-turn"  # the core's turn check (core.game.refusal)
    assert RULESET.check(state, Deploy(0, "r1", (3, 2))).code == "not-your-unit"
    assert RULESET.check(state, Ready(0)).code == "not-deployed"


def test_deploy_orders_then_ready_hand_over_to_side_one_and_then_the_first_match_forms():
    state, _ = RULESET.setup(options(), OPEN, 3, PLAYERS)
    cells = [(0, 0), (2, 0), (4, 0), (6, 0), (8, 5)]
    state, _ = play(state, *[Deploy(0, f"i{n + 1}", c) for n, c in enumerate(cells)])
    assert RULESET.check(state, Deploy(0, "i2", (8, 5))).code == "occupied"
    assert RULESET.check(state, Deploy(0, "i5", (8, 5))).code == "already-there"
    assert RULESET.check(state, Deploy(0, "i5", (9, 5))) is None  # moving again before ready
    state, _ = play(state, Ready(0))
    assert RULESET.to_act(state) == {1} and state.phase is Phase.DEPLOY
    state, events = play(state, DeployAll(1))
    assert all(OPEN.in_zone(1, u.pos) for u in state.side_units(1))
    state, events = play(state, Ready(1))
    assert any(isinstance(e, TurnStarted) and e.turn == 1 for e in events)
    matched = [e for e in events if isinstance(e, Matched)]
    assert len(matched) == 1 or state.phase is Phase.CHOOSE


def test_every_listed_deployment_order_is_accepted():
    state, _ = RULESET.setup(options(), OPEN, 3, PLAYERS)
    for side in (0, 1):
        orders = RULESET.legal_orders(state, side)
        assert all(RULESET.check(state, o) is None for o in orders)
        assert all(not isinstance(o, Ready) for o in orders)
        state, _ = play(state, DeployAll(side))
        assert RULESET.legal_orders(state, side) == [Ready(side)]
        state, _ = play(state, Ready(side))


def test_a_battlefield_without_room_to_deploy_is_refused():
    text = "name: Tiny\nterrain . open\nzone 0 0,0 1,0\nzone 1 0,2 3,3\nmap\n....\n....\n....\n....\n"
    problem = RULESET.check_options(options(), parse_battlefield(text))
    assert problem is not None and "side 0" in problem
    assert RULESET.check_options(options(), OPEN) is None
    assert RULESET.check_options(attrs.evolve(options(), version="v9"), OPEN) is not None


def test_the_deployment_line_names_the_rows_the_zone_really_offers():
    # Played on hill-20x14: the panel said "within 6 inches of their edge"
    # while only rows 0-2 were lit (that map's zone is three rows deep).
    from saves.library import battlefield_named

    for name, rows in (("open-12", ("rows 0-5", "rows 6-11")), ("hill-20x14", ("rows 0-2", "rows 11-13"))):
        state, _ = RULESET.setup(options(), battlefield_named(name), 1, PLAYERS)
        assert rows[0] in RULESET.situation(state).detail
        state = attrs.evolve(state, deploying=1)
        assert rows[1] in RULESET.situation(state).detail


def test_a_retaliator_deploying_first_is_told_which_rows_the_instigator_cannot_reach():
    # On open-12 the zones touch (rows 0-5 and 6-11).  A figure on row 3 is
    # 3 inches from row 6 on its column: a 2-inch Move straight at it ends
    # touching, and strikes first (rules 25-29, 32).  Row 2 is 4 inches
    # away: out of reach, and so is every cell of rows 0-2 from every cell
    # the Instigator may deploy on.
    from core.rulesets.spheres_of_war.reach import exposed, rows_out_of_reach

    zone = [(x, y) for y in range(6, 12) for x in range(12)]
    assert exposed(OPEN, (5, 3), zone, []) and not exposed(OPEN, (5, 2), zone, [])
    assert rows_out_of_reach(OPEN, 0) == (0, 1, 2)
    state, _ = RULESET.setup(options(instigator="second"), OPEN, 3, PLAYERS)  # side 0 the Retaliator
    assert RULESET.situation(state).detail == ("Ann (Retaliator) deploys in rows 0-5 "
                                               "(rows 0-2: out of reach of the Instigator, deploying next)")
    # The Instigator deploying first, or a Retaliator deploying after it, is told nothing of the kind.
    first, _ = RULESET.setup(options(instigator="first"), OPEN, 3, PLAYERS)
    assert "out of reach" not in RULESET.situation(first).detail
    first, _ = play(first, DeployAll(0), Ready(0))
    assert first.deploying == 1 and "out of reach" not in RULESET.situation(first).detail
