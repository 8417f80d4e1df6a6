"""Optio's hard computer times the reveal that ends the scouting (seed 003,
RULES: once both armies are face up the scouting is over, and the side
due to move next closes in on the other army or pays a kudo coin not to).

The scouting ends on the turn of the side whose scout (or army) revealed
the second army, so the other side moves first in the closing and, with
the coins level, wins it exactly when the armies stand an even distance
apart (``closing_win``).  In hard v normal games hard's scout found their
army with its own army already known at an even distance, scouted at once
and lost the closing (seeds 1000, 1033: the army had not moved that turn,
and one step of it would have made the distance odd).  With their army
known and its own hidden, hard walks in where showing itself wins, and
keeps out of their scout's reach at a distance that would win them the
closing (their reveal leaves hard to move first).  Every claim of a won
closing is checked by playing the closing out through the rules.
"""

import attrs
import pytest

from core.ai import choose, knowledge_for
from core.ai.search import LEVELS
from core.rulesets.optio.ruleset import manhattan
from core.rulesets.optio.state import Phase
from tests.ai.test_optio_closing_reasons import first_there_with_best_play
from tests.rulesets.optio.helpers import R, go, new_state, place, with_kinds

SEEDS = range(4)


def found_at_even_distance():
    """Green (hard) to move, its army face up at 1,1 (Red's scout showed
    it); Green's scout has just come into 3,3, where Red's hidden army
    stands alone, 4 squares (even) from Green's army.  Red's other hidden
    blocks are far off."""
    state = with_kinds(new_state(first=0))
    state = place(state, "g-army", (1, 1), arrived=1, revealed=True)
    state = place(state, "g-scout", (3, 2), arrived=2)
    state = place(state, "r-army", (3, 3), edge=None, arrived=3)
    state = place(state, "r-scout", (1, 2), arrived=4, revealed=True)
    state = place(state, "r-d1", (4, 4), arrived=5)
    state = attrs.evolve(state, clock=5, turn=9, active=0)
    return go(state, "move side=0 unit=g-scout to=3,3")


def shortlist(level, state, side):
    know = knowledge_for(R)
    know.level = LEVELS[level]
    return {o.to_text() for o in know.shortlist(R.view(state, side), side, R.legal_orders(state, side))}


def test_scouting_their_army_now_would_lose_the_closing():
    """The rules: the scout shows r-army, the scouting ends on Green's turn,
    Red moves first at distance 4, and Red's army holds the square first."""
    state = found_at_even_distance()
    after = go(state, "scout side=0 unit=g-scout target=r-army")
    assert after.phase is Phase.CLOSING and after.active == 1
    assert manhattan(after.army(0).pos, after.army(1).pos) == 4
    assert first_there_with_best_play(after) == 1


def test_hard_steps_its_army_first_then_scouts_and_wins_the_closing():
    state = found_at_even_distance()
    steps = {"move side=0 unit=g-army to=1,0", "move side=0 unit=g-army to=0,1",
             "move side=0 unit=g-army to=2,1"}  # 1,2 holds Red's scout, face up: also a step
    kept = shortlist("hard", state, 0)
    assert "scout side=0 unit=g-scout target=r-army" not in kept
    assert steps <= kept and all(o.startswith("move side=0 unit=g-army") for o in kept)
    for seed in SEEDS:
        first = choose(R, R.view(state, 0), 0, R.legal_orders(state, 0), "hard", seed, 0)
        assert first.order.to_text().startswith("move side=0 unit=g-army"), first.reason
        d = manhattan(R.parse_order(first.order.to_text()).to, (3, 3))
        assert first.reason.endswith(f"army steps first: odd distance ({d}) to r-army when scouted")
        moved = go(state, first.order.to_text())
        then = choose(R, R.view(moved, 0), 0, R.legal_orders(moved, 0), "hard", seed, 1)
        assert then.order.to_text() == "scout side=0 unit=g-scout target=r-army", then.reason
        after = go(moved, then.order.to_text())
        assert after.phase is Phase.CLOSING and after.active == 1
        assert manhattan(after.army(0).pos, after.army(1).pos) % 2 == 1
        assert first_there_with_best_play(after) == 0


def test_with_its_army_moved_already_hard_does_not_scout_into_a_lost_closing():
    """The same, but Green's army has moved this turn (1,0 to 1,1): no step
    is left to set the distance, so the scout that would end the scouting
    lost is not searched."""
    state = found_at_even_distance()
    state = place(state, "g-army", (1, 1), arrived=6, revealed=True)
    state = attrs.evolve(state, clock=6, moved=state.moved + ("g-army",))
    kept = shortlist("hard", state, 0)
    assert "scout side=0 unit=g-scout target=r-army" not in kept and "end-turn side=0" in kept
    choice = choose(R, R.view(state, 0), 0, R.legal_orders(state, 0), "hard", 0, 0)
    assert choice.order.to_text() != "scout side=0 unit=g-scout target=r-army", choice.reason


def test_at_an_odd_distance_hard_scouts_at_once():
    state = found_at_even_distance()
    state = place(state, "g-army", (2, 1), arrived=1, revealed=True)  # 3 squares from 3,3
    assert shortlist("hard", state, 0) == {"scout side=0 unit=g-scout target=r-army"}
    after = go(state, "scout side=0 unit=g-scout target=r-army")
    assert first_there_with_best_play(after) == 0


def their_army_known_ours_hidden():
    """Green (hard) to move: Red's army face up at 3,3 (Green's scout showed
    it); Green's army hidden at 1,1, 4 squares off; a hidden Red block
    (a dummy, whatever Green may think of it, it is not their army) at
    1,2, 3 squares from Red's army."""
    state = with_kinds(new_state(first=0))
    state = place(state, "g-army", (1, 1), arrived=1)
    state = place(state, "g-scout", (3, 3), edge=None, arrived=4, revealed=True)
    state = place(state, "r-army", (3, 3), edge=None, arrived=2, revealed=True)
    state = place(state, "r-d1", (1, 2), arrived=3)
    return attrs.evolve(state, clock=4, turn=9, active=0)


def test_with_their_army_known_hard_walks_in_where_its_reveal_wins():
    state = their_army_known_ours_hidden()
    into = "move side=0 unit=g-army to=1,2"
    assert shortlist("hard", state, 0) == {into}
    for seed in SEEDS:
        choice = choose(R, R.view(state, 0), 0, R.legal_orders(state, 0), "hard", seed, 0)
        assert choice.order.to_text() == into, choice.reason
        assert choice.reason == "g-army: south to 1,2: shows itself next at odd distance (3): theirs must march in"
    moved = go(state, into)
    scout = "scout side=0 unit=g-army target=r-d1"
    assert shortlist("hard", moved, 0) == {scout}
    after = go(moved, scout)
    assert after.phase is Phase.CLOSING and after.active == 1
    assert manhattan(after.army(0).pos, after.army(1).pos) == 3
    assert first_there_with_best_play(after) == 0


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_the_other_levels_do_not_count(level):
    """Normal is the sensible player hard must beat: it scouts what its
    scout came in on at once, as before."""
    state = found_at_even_distance()
    assert "scout side=0 unit=g-scout target=r-army" in shortlist(level, state, 0)


def their_scout_beside_our_hidden_army(g_at):
    """Green (hard) to move, turn 9: Red's army face up at 3,3; Green's
    hidden army at ``g_at``; Red's scout, hidden, at 1,3 (Green cannot
    tell it from a dummy)."""
    state = with_kinds(new_state(first=0))
    state = place(state, "g-army", g_at, arrived=1)
    state = place(state, "g-scout", (4, 0), arrived=2)
    state = place(state, "r-army", (3, 3), arrived=3, revealed=True)
    state = place(state, "r-scout", (1, 3), arrived=4)
    return attrs.evolve(state, clock=4, turn=9, active=0)


def test_hard_moves_its_hidden_army_off_an_odd_distance_beside_their_scout():
    """At 1,2, 3 squares (odd) from Red's army, with Red's scout a step
    away: Red's scout walks in and scouts it on Red's turn, the scouting
    ends on Red's turn and Green moves first at an odd distance, which
    Green loses.  Every step of the army makes the distance even."""
    state = their_scout_beside_our_hidden_army((1, 2))
    revealed = go(state, "move side=0 unit=g-scout to=4,1", "end-turn side=0",
                  "move side=1 unit=r-scout to=1,2", "scout side=1 unit=r-scout target=g-army")
    assert revealed.phase is Phase.CLOSING and revealed.active == 0
    assert first_there_with_best_play(revealed) == 1
    kept = shortlist("hard", state, 0)
    assert kept and all(o.startswith("move side=0 unit=g-army") for o in kept)
    for seed in SEEDS:
        choice = choose(R, R.view(state, 0), 0, R.legal_orders(state, 0), "hard", seed, 0)
        assert choice.order.to_text() in kept, choice.reason
        to = choice.order.to_text().rsplit("=", 1)[1]
        after = go(state, choice.order.to_text(), "end-turn side=0")
        if "r-scout" not in {b.id for b in after.at(after.army(0).pos)}:
            step = f"move side=1 unit=r-scout to={to}"
            if step in {o.to_text() for o in R.legal_orders(after, 1)}:
                after = go(after, step, "scout side=1 unit=r-scout target=g-army")
                assert after.phase is Phase.CLOSING and first_there_with_best_play(after) == 0


def test_hard_keeps_its_hidden_army_off_squares_their_scout_reveals_it_in():
    """At 1,1, 4 squares (even) from Red's army: a step to 1,2 would stand
    it an odd distance off, a step from Red's scout; the other steps are
    odd too but out of the scout's reach, and staying is safe."""
    state = their_scout_beside_our_hidden_army((1, 1))
    kept = shortlist("hard", state, 0)
    assert "move side=0 unit=g-army to=1,2" not in kept
    assert {"move side=0 unit=g-army to=0,1", "move side=0 unit=g-army to=2,1",
            "move side=0 unit=g-army to=1,0", "move side=0 unit=g-scout to=4,1"} <= kept


def last_turn_with_our_scout_in():
    """Red moved first; Green's (hard's) last scouting turn (the 30th of
    15 each).  Red's army face up at 2,4; Green's hidden army at 1,0, 5
    squares (odd) off; Green's scout has just come in on a hidden Red
    block at 3,2, so it may scout it (which can show no army: Red's is
    known)."""
    state = with_kinds(new_state(first=1))
    state = place(state, "g-army", (1, 0), arrived=1)
    state = place(state, "g-scout", (3, 1), arrived=2)
    state = place(state, "r-army", (2, 4), arrived=3, revealed=True)
    state = place(state, "r-d1", (3, 2), arrived=4)
    state = attrs.evolve(state, clock=4, turn=30, active=0)
    return go(state, "move side=0 unit=g-scout to=3,2")


def test_on_the_last_turn_a_scout_that_can_show_no_army_leaves_the_army_where_it_wins():
    """The limit then has Red move first at 5 squares, which Red loses; any
    step of Green's army makes it even.  A scout that may scout used to
    keep the last turn's count out (an army might show), and hard moved
    its army off a won limit in a bench game."""
    state = last_turn_with_our_scout_in()
    assert "scout side=0 unit=g-scout target=r-d1" in {o.to_text() for o in R.legal_orders(state, 0)}
    stay = go(state, "end-turn side=0")
    assert stay.phase is Phase.CLOSING and stay.active == 1 and first_there_with_best_play(stay) == 0
    for step in ("0,0", "2,0", "1,1"):
        moved = go(state, f"move side=0 unit=g-army to={step}", "end-turn side=0")
        assert first_there_with_best_play(moved) == 1
    kept = shortlist("hard", state, 0)
    assert kept and not any(o.startswith("move side=0 unit=g-army") for o in kept)
    for seed in SEEDS:
        choice = choose(R, R.view(state, 0), 0, R.legal_orders(state, 0), "hard", seed, 0)
        assert not choice.order.to_text().startswith("move side=0 unit=g-army"), choice.reason
