"""Optio: what a beginner would not do, from a tester's game at normal
(generated map 7, Red the computer, Green the tester moving first).

Seed 003 (RULES: blocks move hidden; an army or scout that comes into a
square the opponent holds may scout a block there; the army that holds the
meeting square first places the template) and the help's *Playing it well*
(send the scout first, keep the army among the dummies).  The tester saw:
Red's army enter and march in front of every other block, and be found by
Green's scout on turn 4; once face up, walk on into Green's half beside
Green's hidden army; Red's scout go round by the flank after a corner block
that never moved; two dummies walk in on Green's scout, already face up;
most reasons "the best of N orders its search tried"; the template left
centred with no eye to the ground.  Every level is held to the same.
"""

import attrs
import pytest

from core.ai import choose, knowledge_for
from core.ai.search import LEVELS as SEARCH_LEVELS
from core.rulesets.optio.orders import PlaceTemplate
from core.rulesets.optio.state import Edge, Kind
from core.rulesets.optio.template import allowed_shifts
from tests.rulesets.optio.helpers import R
from tests.rulesets.optio.test_template import meet

LEVELS = ["easy", "normal", "hard"]
SEEDS = range(6)
A, S, D = Kind.ARMY, Kind.SCOUT, Kind.DUMMY


def position(spec: dict, turn: int, moved: tuple = ()):
    """Green (side 0, home row 0) moved first; Red (side 1, home row 4) to
    act.  Blocks by id: (kind, square or None, arrived, revealed)."""
    from tests.ai.test_optio_scout_errand import position as build
    state = build(spec, turn=turn, active=1, first=0)
    return attrs.evolve(state, moved=frozenset(moved)) if moved else state


def red_turn_2():
    """Red's 2nd turn (turn 4): all of Red's blocks entered on its home row,
    none moved on; Green's scout g5 (unseen) came to 2,1, g1 to 3,1."""
    return position({
        "g1": (D, (3, 1), 8, False), "g2": (D, (0, 0), 4, False), "g3": (D, None, 0, False),
        "g4": (A, (1, 0), 2, False), "g5": (S, (2, 1), 7, False), "g6": (D, None, 0, False),
        "r1": (D, (1, 4), 4, False), "r2": (A, (2, 4), 2, False), "r3": (D, (0, 4), 3, False),
        "r4": (S, (0, 4), 1, False), "r5": (D, (1, 4), 5, False), "r6": (D, (4, 4), 6, False),
    }, turn=4)


def red_turn_5():
    """Red's 5th turn (turn 10): Green's scout g5 came into 2,3 and turned
    Red's army r2 face up; r2 is now at 2,2, Green's army g4, unseen, at
    2,0, and g5 stays face up at 2,3."""
    return position({
        "g1": (D, (3, 1), 8, False), "g2": (D, (0, 0), 4, False), "g3": (D, None, 0, False),
        "g4": (A, (2, 0), 30, False), "g5": (S, (2, 3), 25, True), "g6": (D, None, 0, False),
        "r1": (D, (1, 3), 20, False), "r2": (A, (2, 2), 26, True), "r3": (D, (2, 4), 21, False),
        "r4": (S, (0, 2), 22, False), "r5": (D, (1, 3), 23, False), "r6": (D, (3, 4), 24, False),
    }, turn=10)


def shortlist(level, state, side=1):
    know = knowledge_for(R)
    know.level = SEARCH_LEVELS[level]
    view = R.view(state, side)
    return {o.to_text() for o in know.shortlist(view, side, R.legal_orders(view, side))}


def chosen(state, level, side=1):
    view, legal = R.view(state, side), R.legal_orders(state, side)
    return [choose(R, view, side, legal, level, seed, 0) for seed in SEEDS]


@pytest.mark.parametrize("level", LEVELS)
def test_the_unseen_army_does_not_lead_its_dummies_into_their_scouting(level):
    state = red_turn_2()
    ahead = "move side=1 unit=r2 to=2,3"  # depth 1, every other Red block on its home row
    assert ahead in {o.to_text() for o in R.legal_orders(state, 1)}
    assert ahead not in shortlist(level, state)
    for c in chosen(state, level):
        assert c.order.to_text() != ahead, c.reason
    # A dummy gone ahead first screens it: level with r1, the army may step up.
    screened = attrs.evolve(state, blocks=tuple(attrs.evolve(b, pos=(1, 3), arrived=9) if b.id == "r1" else b
                                                for b in state.blocks), clock=9, moved=frozenset({"r1"}))
    assert ahead in shortlist(level, screened)


@pytest.mark.parametrize("level", LEVELS)
def test_the_last_screen_does_not_step_back_behind_the_army(level):
    """Red's army r2 at 2,3 (a row out) with r1 beside it at 1,3, every other
    Red block on the home row: r1 stepping back to 1,4 would leave the army
    in front of them all.  Another dummy's step back is of no matter."""
    state = red_turn_2()
    state = attrs.evolve(state, blocks=tuple(
        attrs.evolve(b, pos={"r1": (1, 3), "r2": (2, 3)}[b.id], arrived=8 + int(b.id[1]))
        if b.id in ("r1", "r2") else b for b in state.blocks), clock=10, moved=frozenset({"r1", "r2"}))
    state = attrs.evolve(state, moved=frozenset())
    back = "move side=1 unit=r1 to=1,4"
    assert back in {o.to_text() for o in R.legal_orders(state, 1)}
    kept = shortlist(level, state)
    assert back not in kept
    assert "move side=1 unit=r6 to=3,4" in kept


@pytest.mark.parametrize("level", LEVELS)
def test_the_army_enters_behind_a_screen_not_first(level):
    """Red's first turn: nothing of Red's on the map yet.  The army's entry
    is not searched before another block has come on to screen it."""
    state = position({
        "g1": (D, (3, 0), 4, False), "g2": (D, (0, 0), 3, False), "g3": (D, None, 0, False),
        "g4": (A, (1, 0), 2, False), "g5": (S, (2, 0), 1, False), "g6": (D, None, 0, False),
        "r1": (D, None, 0, False), "r2": (A, None, 0, False), "r3": (D, None, 0, False),
        "r4": (S, None, 0, False), "r5": (D, None, 0, False), "r6": (D, None, 0, False),
    }, turn=2)
    kept = shortlist(level, state)
    assert not any(o.startswith("move side=1 unit=r2 ") for o in kept), kept


@pytest.mark.parametrize("level", LEVELS)
def test_the_army_face_up_does_not_walk_into_their_half(level):
    state = red_turn_5()
    up = "move side=1 unit=r2 to=2,1"  # Green's half, beside their hidden army
    assert up in {o.to_text() for o in R.legal_orders(state, 1)}
    assert up not in shortlist(level, state)
    for c in chosen(state, level):
        assert c.order.to_text() != up, c.reason


@pytest.mark.parametrize("level", LEVELS)
def test_dummies_do_not_walk_in_on_their_scout_face_up(level):
    state = red_turn_5()
    parked = {"move side=1 unit=r5 to=2,3", "move side=1 unit=r1 to=2,3", "move side=1 unit=r6 to=2,3"}
    legal = {o.to_text() for o in R.legal_orders(state, 1)}
    assert parked & legal
    assert not parked & shortlist(level, state)
    for c in chosen(state, level):
        assert c.order.to_text() not in parked, c.reason


@pytest.mark.parametrize("level", LEVELS)
def test_the_scout_comes_on_in_front_of_the_army_not_by_the_flank(level):
    """Red's first turn, its army not yet on: the unseen block nearest the
    middle of Red's home row is g5 at 2,0 (4 squares; g2 in the corner is
    6).  The scout enters at 2,4, not at 0,4 after g2."""
    state = position({
        "g1": (D, (3, 0), 4, False), "g2": (D, (0, 0), 3, False), "g3": (D, None, 0, False),
        "g4": (A, (1, 0), 2, False), "g5": (S, (2, 0), 1, False), "g6": (D, None, 0, False),
        "r1": (D, None, 0, False), "r2": (A, None, 0, False), "r3": (D, None, 0, False),
        "r4": (S, None, 0, False), "r5": (D, None, 0, False), "r6": (D, None, 0, False),
    }, turn=2)
    scout = {o for o in shortlist(level, state) if o.startswith("move side=1 unit=r4 ")}
    assert scout == {"move side=1 unit=r4 to=2,4"}


@pytest.mark.parametrize("level", LEVELS)
def test_the_scout_turns_in_toward_the_army_not_up_the_flank(level):
    """Red's scout at 0,2; their blocks unseen at 0,0 (corner), 2,0 and
    3,1; Red's army face up at 2,2.  The blocks nearest the army are g1 and
    g4 (2 squares): north to 0,1 is up the flank after g2; east to 1,2
    closes on them and stays by the army."""
    state = red_turn_5()
    kept = shortlist(level, state)
    assert "move side=1 unit=r4 to=0,1" not in kept
    assert "move side=1 unit=r4 to=1,2" in kept


def play_turn(state, level, side=1, limit=12):
    """Red's orders through its turn, with their reasons."""
    reasons = []
    for ply in range(limit):
        if state.active != side or state.result is not None:
            break
        view, legal = R.view(state, side), R.legal_orders(state, side)
        c = choose(R, view, side, legal, level, 3, ply)
        reasons.append(c.reason)
        state, _ = R.apply(state, c.order)
    return reasons


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("make", [red_turn_2, red_turn_5])
def test_every_reason_says_the_fact_that_decided_it(level, make):
    reasons = play_turn(make(), level)
    assert reasons
    for r in reasons:
        assert "orders its search tried" not in r, reasons


def test_a_scout_with_nothing_left_to_find_still_says_why_it_moves():
    """Green's army g4 face up at 2,0: Red's scout r4, at 0,2, has no
    block left to look for; its step is not "the best of N orders"."""
    state = red_turn_5()
    state = attrs.evolve(state, blocks=tuple(attrs.evolve(b, revealed=True) if b.id == "g4" else b
                                             for b in state.blocks))
    know = knowledge_for(R)
    know.level = SEARCH_LEVELS["hard"]
    said = know.explain(R.view(state, 1), 1, R.parse_order("move side=1 unit=r4 to=0,3"))
    assert said == "scout, their army known, moves as an army would, a decoy"


def hill_and_woods():
    """Green's army held 2,2 first; Red came in by the south.  The centred
    template covers small rows 16-23, Green's half 16-19, Red's 20-23.
    Woods along row 15 (just north, Green's side) and a hill along row 23
    (Red's edge of the centred template): shifting one back (forward -1)
    takes in the woods on Green's side and leaves the hill out."""
    marks = {(x, 15): "T" for x in range(8, 32)}
    marks.update({(x, 23): "2" for x in range(8, 32)})
    return meet((2, 2), Edge.S, 1, marks=marks)


@pytest.mark.parametrize("level", LEVELS)
def test_the_template_is_placed_for_ground_that_favours_the_placer(level):
    state = hill_and_woods()
    assert (-1, 0) in allowed_shifts(state.map, *state.met)  # nothing impassable, no edge
    assert shortlist(level, state, 0) == {"place-template side=0 forward=-1 right=0"}
    know = knowledge_for(R)
    know.level = SEARCH_LEVELS[level]
    view = R.view(state, 0)
    said = know.explain(view, 0, PlaceTemplate(0, -1, 0))
    assert said.startswith("woods/hill 16 in our half, 0 in theirs"), said
    for c in chosen(state, level, side=0):
        assert (c.order.forward, c.order.right) == (-1, 0), c.reason
