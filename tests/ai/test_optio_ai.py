"""Optio's computer: the orders it drops before searching (seed 003, RULES:
the army that held the meeting square first places the template; kudo
coins in the closing)."""

import attrs
import pytest

from core.ai import choose, knowledge_for
from core.ai.optio import closing_win
from core.ai.search import LEVELS
from core.rulesets.optio.ruleset import KINDS_IN_HAND
from core.rulesets.optio.state import Edge, Kind, Phase
from tests.rulesets.optio.helpers import R, closing, go, new_state, place, with_kinds


def test_the_coin_game_by_hand():
    # Distance 1, no coins: the only order marches in, so the other army held the square first.
    assert not closing_win(1, 0, 0)
    # Distance 1, a coin against none: hold; the other must march in.
    assert closing_win(1, 1, 0)
    # Distance 2, no coins either side: close to 1 and the other must march in.
    assert closing_win(2, 0, 0)
    # Distance 2, none against one: closing to 1 lets them hold, and then we must march in.
    assert not closing_win(2, 0, 1)


@pytest.mark.parametrize("distance", range(1, 8))
def test_the_coin_game_follows_parity_and_coins(distance):
    """Each coin buys one turn of not closing, so only the coin difference
    and whose turn it is at distance 1 matter: with an odd distance the mover
    reaches distance 1 on the other's turn only by spending a coin more than
    the other can answer (it needs more coins); with an even distance closing
    alone leaves the other to move at distance 1 (as many coins suffice)."""
    for mine in range(6):
        for theirs in range(6):
            expected = mine > theirs if distance % 2 else mine >= theirs
            assert closing_win(distance, mine, theirs) is expected, (distance, mine, theirs)


def scouting_position():
    """Green's army at 1,1 beside an open square 2,1 that holds one of Red's
    blocks, unknown to Green; Red's army is that block."""
    state = with_kinds(new_state())
    state = place(state, "g-army", (1, 1), arrived=1)
    state = place(state, "g-scout", (1, 2), arrived=2)
    state = place(state, "r-army", (2, 1), arrived=3)
    state = place(state, "r-d1", (3, 3), arrived=4)
    return attrs.evolve(state, clock=4)  # the moves so far


def shortlist(level, state, side):
    know = knowledge_for(R)
    know.level = LEVELS[level]
    view = R.view(state, side)
    return view, {o.to_text() for o in know.shortlist(view, side, R.legal_orders(view, side))}


def test_the_army_never_walks_in_on_an_unknown_enemy_block():
    state = scouting_position()
    assert state.phase is Phase.SCOUTING and state.active == 0
    into = "move side=0 unit=g-army to=2,1"
    assert R.check(state, R.parse_order(into)) is None  # legal: the rules allow it
    view, kept = shortlist("normal", state, 0)
    assert into not in kept
    assert "move side=0 unit=g-scout to=2,2" in kept and "move side=0 unit=g-army to=0,1" in kept
    # Easy, a beginner, drops it too (issue 31: it marched in 46 times in a bench).
    _, easy = shortlist("easy", state, 0)
    assert into not in easy


def test_walking_in_on_a_block_already_known_is_kept():
    state = scouting_position()
    state = place(state, "r-d1", (1, 0), arrived=4, revealed=True)  # a known dummy north of the army
    _, kept = shortlist("normal", state, 0)
    assert "move side=0 unit=g-army to=1,0" in kept


def test_what_walking_in_on_their_army_costs():
    """Why the army is kept out: the enemy block was their army, so it held
    the square first and Red places the template."""
    state = go(scouting_position(), "move side=0 unit=g-army to=2,1", "scout side=0 unit=g-army target=r-army")
    assert state.meeting == (2, 1) and state.first_army == 1


def test_in_the_closing_only_the_winning_orders_are_searched():
    # Distance 3, Green 2 coins against Red's 1, Green to move:
    # - hold: Red moves at distance 3 with 1 against 1 (odd, not more): Red loses;
    # - close to 2 (free): Red moves at distance 2 with 1 against 2 (even, fewer): Red loses;
    # - step away or sideways to 4 (a coin): Red moves with 1 against 1 (even, as many): Red wins.
    state = closing(new_state(), (1, 1), (3, 2), active=0, kudos=(2, 1))
    _, kept = shortlist("normal", state, 0)
    assert kept == {"hold side=0", "move side=0 unit=g-army to=2,1", "move side=0 unit=g-army to=1,2"}
    choice = choose(R, R.view(state, 0), 0, R.legal_orders(state, 0), "normal", 5, 0)
    assert choice.order.to_text() in kept


def test_in_a_lost_closing_every_order_stays_for_the_search():
    state = closing(new_state(), (1, 1), (3, 2), active=0, kudos=(0, 3))
    _, kept = shortlist("normal", state, 0)
    assert kept == {o.to_text() for o in R.legal_orders(state, 0)}


def evaluation(level, state, side):
    know = knowledge_for(R)
    know.level = LEVELS[level]
    return know.evaluate(state, side)


def test_hard_values_a_closing_by_its_coin_game():
    """Equal coins, distance 2, Green to move: Green closes to 1 and every
    answer of Red's either marches in or pays a coin that Green matches, so
    Green's army holds the meeting square first.  At distance 3 the same
    coins lose for Green (the parity law above).  Hard's evaluation looks to
    the end of the closing and sees it; normal's only counts coins."""
    won = closing(new_state(), (1, 1), (1, 3), active=0, kudos=(3, 3))
    lost = closing(new_state(), (1, 1), (2, 3), active=0, kudos=(3, 3))
    assert evaluation("hard", won, 0) > 0.7 > 0.3 > evaluation("hard", lost, 0)
    assert evaluation("hard", won, 1) < 0.3 < 0.7 < evaluation("hard", lost, 1)
    assert evaluation("normal", won, 0) == evaluation("normal", lost, 0) == 0.5


def walked_in_position():
    """Red's r-d1 and r-d2 came into squares where Green's unseen blocks
    stood and did not scout; r-army, r-scout and the other dummies stand
    alone (the dummies still off the map)."""
    state = with_kinds(new_state())
    state = place(state, "g-scout", (1, 1), arrived=1)
    state = place(state, "g-d1", (3, 1), arrived=2)
    state = place(state, "r-d1", (1, 1), arrived=3)  # came in on g-scout
    state = place(state, "r-d2", (3, 1), arrived=4)  # came in on g-d1
    state = place(state, "r-army", (2, 3), arrived=5)
    state = place(state, "r-scout", (0, 3), arrived=6)
    return attrs.evolve(state, clock=6)


def test_blocks_that_walked_in_without_scouting_are_read_as_likely_dummies():
    state = walked_in_position()
    know = knowledge_for(R)
    view = R.view(state, 0)
    assert know.walked_in_unscouted(view, 0) == {"r-d1", "r-d2"}
    # A block Green walked in on (Green came later) says nothing of itself.
    state = place(state, "g-d2", (2, 3), arrived=7)
    assert know.walked_in_unscouted(R.view(state, 0), 0) == {"r-d1", "r-d2"}


def test_hard_deals_the_army_mostly_to_blocks_that_did_not_walk_in_normal_at_random():
    """Every sample keeps what Green sees and deals one army and one scout
    among Red's unseen blocks; hard (which reads the opponent's moves)
    seldom makes a walked-in block the army, normal as often as any."""
    import random as stdlib_random

    state = walked_in_position()
    view = R.view(state, 0)
    counts = {}
    for level in ("normal", "hard"):
        know = knowledge_for(R)
        know.level = LEVELS[level]
        rng = stdlib_random.Random(9)
        armies = []
        for _ in range(600):
            sample = know.sample_hidden(view, 0, rng)
            red = [b for b in sample.blocks if b.side == 1]
            assert sorted(b.kind.value for b in red) == sorted(k.value for k in KINDS_IN_HAND)
            assert [b.kind for b in sample.blocks if b.side == 0] == [b.kind for b in state.blocks if b.side == 0]
            assert [(b.id, b.pos, b.arrived) for b in sample.blocks] == [(b.id, b.pos, b.arrived) for b in view.blocks]
            armies.append(next(b.id for b in red if b.kind is Kind.ARMY))
        counts[level] = sum(a in ("r-d1", "r-d2") for a in armies) / len(armies)
    # Six unseen Red blocks: normal makes one of the two the army a third of the time.
    assert 0.25 < counts["normal"] < 0.42
    # Hard weighs them a tenth: 2 * 0.1 / (4 + 2 * 0.1), about 5%.
    assert counts["hard"] < 0.09


def last_turn_position():
    """Turn limit 2: the scouting's last turn (the 4th), Green to move, Red
    having moved first.  Red's army is known, two squares south of Green's;
    the other blocks stand apart (nobody can scout)."""
    state = with_kinds(new_state(first=1, turn_limit=2))
    state = place(state, "g-army", (1, 1), arrived=1)
    state = place(state, "g-scout", (4, 0), arrived=2)
    state = place(state, "r-army", (1, 3), arrived=3, revealed=True)
    state = place(state, "r-scout", (4, 4), arrived=4)
    return attrs.evolve(state, clock=4, turn=4, active=0)


def test_hard_sets_the_armies_distance_on_the_last_scouting_turn():
    """When the last turn ends, the limit starts the closing with Red (who
    moved first) to move; with the coins level the mover wins at an even
    distance (the parity law above).  The armies stand 2 apart, so Green
    must step its army: hard keeps only the army's steps; normal leaves it
    to the search."""
    state = last_turn_position()
    view, kept = shortlist("hard", state, 0)
    steps = {o.to_text() for o in R.legal_orders(view, 0) if o.verb == "move" and o.unit == "g-army"}
    assert kept == steps and len(steps) == 4
    _, normal = shortlist("normal", state, 0)
    assert steps < normal and "move side=0 unit=g-scout to=3,0" in normal
    # The rules agree: a step, then the turn's end, and Red opens a closing it cannot win.
    after = go(state, "move side=0 unit=g-army to=0,1", "end-turn side=0")
    assert after.phase is Phase.CLOSING and after.active == 1
    assert not closing_win(3, after.kudos[1], after.kudos[0])
    stayed = go(state, "move side=0 unit=g-scout to=3,0", "end-turn side=0")
    assert stayed.phase is Phase.CLOSING and closing_win(2, stayed.kudos[1], stayed.kudos[0])


def test_on_the_last_turn_with_the_distance_right_hard_keeps_its_army_still():
    state = place(last_turn_position(), "r-army", (2, 3), arrived=3, revealed=True)  # 3 apart: odd, Red loses
    _, kept = shortlist("hard", state, 0)
    assert kept and not any("unit=g-army" in t for t in kept)
    assert "move side=0 unit=g-scout to=3,0" in kept


def walked_in_on_their_known_army():
    """Green's hidden army has just come into 2,2, where Red's revealed army
    stood first (from the south); Green's scout waits at 0,1."""
    state = with_kinds(new_state())
    state = place(state, "r-army", (2, 2), edge=Edge.S, arrived=1, revealed=True)
    state = place(state, "r-d1", (4, 4), arrived=2)
    state = place(state, "g-army", (2, 1), arrived=3)
    state = place(state, "g-scout", (0, 1), arrived=4)
    return go(attrs.evolve(state, clock=4), "move side=0 unit=g-army to=2,2")


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_an_army_beside_their_known_army_plays_a_legal_order(level):
    """Seed: scouting may "reveal another army" in the square: the scout of
    their known army is among the orders searched, and whatever the
    computer picks is legal."""
    state = walked_in_on_their_known_army()
    scout = "scout side=0 unit=g-army target=r-army"
    assert scout in {o.to_text() for o in R.legal_orders(state, 0)}
    _, kept = shortlist(level, state, 0)
    assert scout in kept
    choice = choose(R, R.view(state, 0), 0, R.legal_orders(state, 0), level, 3, 0)
    assert R.check(state, choice.order) is None
    know = knowledge_for(R)
    order = R.parse_order(scout)
    assert "armies meet" in R.describe_order(R.view(state, 0), order)
    assert "template" in know.explain(R.view(state, 0), 0, order)  # the reason adds, never repeats


def test_a_scout_that_only_shows_itself_is_not_searched():
    """Seed: the scout turns "revealing the identity of his block": beside a
    block already shown, that is all it does, and the search (which sees
    through its samples) cannot price what it tells the opponent.  Every
    level drops it, easy too (tests/ai/test_optio_shown_for_nothing.py)."""
    state = with_kinds(new_state())
    state = place(state, "r-d1", (1, 2), edge=Edge.S, arrived=1, revealed=True)
    state = place(state, "g-army", (4, 0), arrived=2)
    state = place(state, "g-scout", (1, 1), arrived=3)
    state = go(attrs.evolve(state, clock=3), "move side=0 unit=g-scout to=1,2")
    scout = "scout side=0 unit=g-scout target=r-d1"
    assert scout in {o.to_text() for o in R.legal_orders(state, 0)}
    _, kept = shortlist("normal", state, 0)
    assert scout not in kept and "end-turn side=0" in kept
    _, easy = shortlist("easy", state, 0)
    assert scout not in easy
