"""Waylights at normal and hard: a tester's games (Psi tension on) showed
turns a beginner would not play, each rebuilt here by hand
(tests/rulesets/waylights/helpers.py) on an open field of 12 by 12 with
only the ground that matters, and checked against the rules first:

1. round in circles: sidesteps that gained no blow and no cover, a draw
   back then a move up again, two moves where one reached the cell;
2. two Moves where one reaches the same cell, the Action it could have
   struck with lost ("Sequence": two Actions, MOVE | KICK);
3. taking cover as the last Action, or on open ground, with a reason that
   said it went "back into the cover it left";
4. ending a turn half-way, an Action left, or declaring attack dice that
   wound nobody it could attack (*Attack and Defense*, "Damage resolution");
5. firing, then walking up to the enemy unprimed (FIRE | RELOAD).

Easy already dropped most of these (``WaylightsKnowledge.EASY``); they are
dropped at every level now (``core.ai.waylights_turn``).
"""

from __future__ import annotations

import attrs
import pytest

from core.ai import choose, knowledge_for
from core.ai.search import LEVELS as LEVEL_TABLE
from core.ai.waylights import can_wound
from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.orders import (
    Attack,
    EndTurn,
    Move,
    Reload,
    Split,
    SplitMove,
    Step,
    TakeCover,
    Wield,
)
from tests.rulesets.waylights.helpers import position

LEVELS = ["normal", "hard"]
OPEN_12 = ["." * 12] * 12


def rows_with(*cells: tuple[tuple[int, int], str]) -> list[str]:
    rows = [list(r) for r in OPEN_12]
    for (x, y), glyph in cells:
        rows[y][x] = glyph
    return ["".join(r) for r in rows]


def kept(state, side, level):
    know = knowledge_for(R)
    know.level = know.tuned(LEVEL_TABLE[level])
    return know.shortlist(R.view(state, side), side, R.legal_orders(state, side))


def reason(state, side, order) -> str:
    return knowledge_for(R).explain(R.view(state, side), side, order)


def moves(orders):
    return [o for o in orders if isinstance(o, (Move, SplitMove, Step))]


def cheb(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def attacks_after(state, side, order, target) -> bool:
    """Played by the rules: whether ``order`` leaves an attack on ``target``."""
    after = R.apply(state, order)[0]
    return any(isinstance(o, Attack) and o.target == target for o in R.legal_orders(after, side))


# -- 1. round in circles ---------------------------------------------------

# Hard, round 4: the mook b1 (club, reach 1, not diagonal) on 2/2 took its
# step from 5,5 to 6,5, split-moved to 6,7 and back to 6,5: every cell two
# from the Elite a1 at 4,7, none beside it, the field open.
CIRCLE = [("b1", 1, "mook", (6, 5), {"split": 2}), ("a1", 0, "elite", (4, 7), {"split": 3}),
          ("a3", 0, "archer", (1, 1), {"split": 3, "primed": (False, False), "ammo": (1, 0)})]


@pytest.mark.parametrize("level", LEVELS)
def test_no_sidestep_that_gains_no_blow_and_no_cover(level):
    stepped = position(CIRCLE, "b1", rows=OPEN_12, stepped=True, exposed=True, turn_from=(5, 5))
    side_step = SplitMove(1, "b1", (6, 7))
    assert side_step in R.legal_orders(stepped, 1)
    assert cheb((6, 5), (4, 7)) == cheb((6, 7), (4, 7)) == 2  # no nearer
    assert not attacks_after(stepped, 1, side_step, "a1")  # and no blow from there
    assert side_step not in kept(stepped, 1, level)
    assert reason(stepped, 1, side_step) == "sidesteps, still 2 squares, 2 Move from a1"
    # And the split move back to where it stepped to, an Action later.
    back = position([("b1", 1, "mook", (6, 7), {"split": 2})] + CIRCLE[1:], "b1", rows=OPEN_12, stepped=True,
                    exposed=True, actions=1, turn_from=(5, 5))
    assert SplitMove(1, "b1", (6, 5)) in R.legal_orders(back, 1)
    assert SplitMove(1, "b1", (6, 5)) not in kept(back, 1, level)


# Hard, round 2: the mook b1 began its turn at 3,7, beside the Elite a1 at
# 2,6 (diagonally), moved to 6,6 ("draws back from a1") and then to 5,5
# ("closes on a1"): back, then forward.
@pytest.mark.parametrize("level", LEVELS)
def test_no_move_up_again_after_drawing_back(level):
    figures = [("b1", 1, "mook", (6, 6), {"split": 0}), ("a1", 0, "elite", (2, 6), {"split": 3})]
    state = position(figures, "b1", rows=OPEN_12, moved=True, exposed=True, actions=1, turn_from=(3, 7))
    assert cheb((3, 7), (2, 6)) == 1 and cheb((6, 6), (2, 6)) == 4
    closer = [o for o in moves(R.legal_orders(state, 1)) if cheb(o.to, (2, 6)) < 4]
    assert Move(1, "b1", (5, 5)) in closer
    assert not set(closer) & set(kept(state, 1, level))


# Hard, round 2: the slinger b3 began at 2,7 beside a1 (2,6), moved to 4,7
# ("draws back"), then split-moved onto the low wall at 3,8: a cell its
# first Move could have ended on (a diagonal, cost 2), an Action for it.
@pytest.mark.parametrize("level", LEVELS)
def test_no_second_move_to_a_cell_the_first_could_reach(level):
    rows = rows_with(((3, 8), "="))
    figures = [("b3", 1, "slinger", (2, 7), {"split": 3}), ("a1", 0, "elite", (2, 6), {"split": 3}),
               ("b1", 1, "mook", (3, 7), {"split": 0})]
    start = position(figures, "b3", rows=rows, turn_from=(2, 7))
    assert Move(1, "b3", (3, 8)) in R.legal_orders(start, 1)  # one Move reached it
    moved = position([("b3", 1, "slinger", (4, 7), {"split": 3})] + figures[1:], "b3", rows=rows, moved=True,
                     exposed=True, actions=1, turn_from=(2, 7))
    assert SplitMove(1, "b3", (3, 8)) in R.legal_orders(moved, 1)
    assert SplitMove(1, "b3", (3, 8)) not in kept(moved, 1, level)


# -- 2. two Moves where one reaches ---------------------------------------

# Normal, round 1: the mook b1 on 3/1 at 2,10 moved to 3,8 (cost 3),
# diagonal to the Fighter a1 at 4,7 (the club cannot strike diagonally),
# then to 3,7 (cost 1) beside it, no Action left.  One Move of 4 to 3,7
# (or 4,8) left an Action to strike: 3 dice against a1's 2.
SHORT = [("b1", 1, "mook", (2, 10), {"split": 3}), ("a1", 0, "fighter", (4, 7), {"split": 2}),
         ("a3", 0, "archer", (2, 2), {"split": 3, "primed": (False, False)})]


@pytest.mark.parametrize("level", LEVELS)
def test_no_stopping_short_of_a_blow_one_move_gives(level):
    state = position(SHORT, "b1", rows=OPEN_12, turn_from=(2, 10))
    legal = R.legal_orders(state, 1)
    for cell in ((3, 7), (4, 8)):
        assert Move(1, "b1", cell) in legal and attacks_after(state, 1, Move(1, "b1", cell), "a1")
    short = Move(1, "b1", (3, 8))
    assert short in legal and not attacks_after(state, 1, short, "a1")
    assert can_wound(R.view(state, 1), state.get("b1"), state.get("a1"))  # the club can wound it
    shortlist = kept(state, 1, level)
    assert short not in shortlist
    for o in moves(shortlist):  # every move kept toward a1 leaves the blow
        if cheb(o.to, (4, 7)) < cheb((2, 10), (4, 7)):
            assert attacks_after(state, 1, o, "a1"), o
    # And once at 3,8, the Move to 3,7 is the Action the first Move saved.
    there = position([("b1", 1, "mook", (3, 8), {"split": 3})] + SHORT[1:], "b1", rows=OPEN_12, moved=True,
                     exposed=True, actions=1, turn_from=(2, 10))
    assert Move(1, "b1", (3, 7)) in R.legal_orders(there, 1)
    assert Move(1, "b1", (3, 7)) not in kept(there, 1, level)


# Hard, round 1: the slinger b3 moved from 1,11 to 0,9, the Elite a1 at
# 3,5 within the stones' range of 5 (Euclidean 5), then moved on to 2,7
# with its last Action: no throw.  The sword cannot answer from 5 cells.
@pytest.mark.parametrize("level", LEVELS)
def test_having_walked_up_it_strikes_rather_than_walk_on(level):
    figures = [("b3", 1, "slinger", (0, 9), {"split": 3}), ("a1", 0, "elite", (3, 5), {"split": 3}),
               ("b5", 1, "marksman", (3, 6), {"split": 3, "status": "ko", "wounds": 5})]
    state = position(figures, "b3", rows=OPEN_12, moved=True, exposed=True, actions=1, turn_from=(1, 11))
    throw = next(o for o in R.legal_orders(state, 1) if isinstance(o, Attack) and o.target == "a1")
    assert Move(1, "b3", (2, 7)) in R.legal_orders(state, 1)
    note = reason(state, 1, throw)
    assert note.startswith("3 dice v 1: ") and "if it defends" not in note  # no counter from a sword
    shortlist = kept(state, 1, level)
    assert throw in shortlist
    assert not [o for o in shortlist if isinstance(o, (Move, SplitMove))]
    assert EndTurn(1, "b3") not in shortlist


# -- 3. taking cover for nothing -------------------------------------------

# Normal, round 1: the mook b2 on 0/4 moved to 5,8 in the open and took
# cover, "back into the cover it left": its last Action, on bare ground.
@pytest.mark.parametrize("level", LEVELS + ["easy"])
def test_no_cover_taken_on_bare_ground_or_with_the_last_action(level):
    figures = [("b2", 1, "mook", (5, 8), {"split": 0}), ("a1", 0, "fighter", (4, 7), {"split": 2}),
               ("a3", 0, "archer", (2, 2), {"split": 3})]
    state = position(figures, "b2", rows=OPEN_12, moved=True, exposed=True, actions=1, turn_from=(8, 10))
    assert TakeCover(1, "b2") in R.legal_orders(state, 1)
    assert TakeCover(1, "b2") not in kept(state, 1, level)
    assert "back into" not in reason(state, 1, TakeCover(1, "b2"))
    # On brush, the archer in sight: the cover is real, but with no Action
    # left after it (a split move first) it would guard nothing.
    brush = position(figures, "b2", rows=rows_with(((5, 8), ",")), exposed=True, actions=1, turn_from=(5, 6))
    assert reason(brush, 1, TakeCover(1, "b2")) == "back into light cover against a3 for the rest of its turn"
    assert TakeCover(1, "b2") not in kept(brush, 1, level)


# -- 4. half a turn --------------------------------------------------------

# Hard, round 1: the mook b2 on 0/4 moved from 11,11 to 9,9 ("closes on
# a1, 6 cells away") and ended its turn, an Action left, saying it "holds
# its ground".  The archer a3 at 10,1, primed, shoots 10: it reaches b2
# wherever it stops.
@pytest.mark.parametrize("level", LEVELS)
def test_no_stop_half_way_with_an_action_left(level):
    figures = [("b2", 1, "mook", (9, 9), {"split": 0}), ("a1", 0, "elite", (3, 5), {"split": 3}),
               ("a3", 0, "archer", (10, 1), {"split": None}), ("a2", 0, "fighter", (6, 1), {"split": 0})]
    state = position(figures, "b2", rows=OPEN_12, moved=True, exposed=True, actions=1, turn_from=(11, 11))
    assert EndTurn(1, "b2") in R.legal_orders(state, 1)
    shortlist = kept(state, 1, level)
    assert EndTurn(1, "b2") not in shortlist
    assert any(min(cheb(o.to, f) for f in ((3, 5), (10, 1), (6, 1))) < 6 for o in moves(shortlist))
    assert reason(state, 1, EndTurn(1, "b2")) == "no attack dice this turn: stops 6 cells from a1"


# Hard, round 3: the slinger b3 beside the Elite a1 declared 1/3 ("a1 in
# reach of the stones") and ended its turn: 1 die of stones, 6 + throwing
# 1 + Speed 1 = 8 at best, against a1's least defence (1 die + blade 3 +
# Strength 2 + shield 1 + armour 1 = 8), cannot beat a1's Threshold of 5.
@pytest.mark.parametrize("level", LEVELS)
def test_no_split_whose_attack_dice_wound_nobody_in_reach(level):
    figures = [("b3", 1, "slinger", (3, 8), {"split": None}), ("a1", 0, "elite", (3, 7), {"split": 3})]
    state = position(figures, "b3", rows=OPEN_12, pending="split", round_=3, turn_from=(3, 8))
    view = R.view(state, 1)
    b3 = state.get("b3")
    assert not can_wound(view, attrs.evolve(b3, split=1), state.get("a1"))
    assert can_wound(view, attrs.evolve(b3, split=3), state.get("a1"))
    assert Split(1, "b3", 1) in R.legal_orders(state, 1)
    shortlist = kept(state, 1, level)
    assert Split(1, "b3", 1) not in shortlist
    assert Split(1, "b3", 0) in shortlist and Split(1, "b3", 3) in shortlist
    assert reason(state, 1, Split(1, "b3", 1)) == "a1 in reach, none it can wound on 1 die"
    # a1 beside it can strike it before its next turn: the split says what it keeps to defend
    assert reason(state, 1, Split(1, "b3", 3)) == "a1 in reach of the stones; 1 to defend v a1"
    # Its turn's end says "die" for one.
    held = position([("b3", 1, "slinger", (3, 8), {"split": 1})] + figures[1:], "b3", rows=OPEN_12, round_=3)
    assert reason(held, 1, EndTurn(1, "b3")) == "holds: the stones on 1 die cannot wound a1 through 1 defence die"


# -- 5. FIRE | RELOAD ------------------------------------------------------

# Hard, round 1: the Elite marksman b5 (piercer, range 12) fired at a2
# from 4,10 and then moved to 3,6, five cells from the Elite a1,
# unprimed.  It may reload, or keep its distance; not walk up.
@pytest.mark.parametrize("level", LEVELS)
def test_after_firing_it_reloads_or_keeps_its_distance(level):
    figures = [("b5", 1, "marksman", (4, 10), {"split": 3, "primed": (False, True, False), "ammo": (2, 2, 0)}),
               ("a1", 0, "elite", (2, 1), {"split": None}), ("a2", 0, "fighter", (6, 1), {"split": 0}),
               ("a3", 0, "archer", (10, 1), {"split": None})]
    state = position(figures, "b5", rows=OPEN_12, exposed=True, actions=1, target="a2", turn_from=(4, 10))
    legal = R.legal_orders(state, 1)
    assert Reload(1, "b5") in legal and Move(1, "b5", (3, 6)) in legal
    near = min(cheb((4, 10), f) for f in ((2, 1), (6, 1), (10, 1)))
    shortlist = kept(state, 1, level)
    assert Reload(1, "b5") in shortlist
    assert EndTurn(1, "b5") not in shortlist and not [o for o in shortlist if isinstance(o, Wield)]
    for o in moves(shortlist):
        assert min(cheb(o.to, f) for f in ((2, 1), (6, 1), (10, 1))) >= near, o
    for seed in range(3):
        c = choose(R, R.view(state, 1), 1, legal, level, seed)
        assert not (isinstance(c.order, (Move, SplitMove, Step))
                    and min(cheb(c.order.to, f) for f in ((2, 1), (6, 1), (10, 1))) < near), c.reason
