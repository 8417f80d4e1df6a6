"""Waylights: the computer's 4/0 filter and its reason count an enemy
that must prime its launcher before it shoots (a tester's game: the
computer's mook with a pistol went 4/0, "no enemy reaches it before its
next turn", and moved up; the tester's archer, its pneumatic fired in
the round before, reloaded and shot it at 0 defence dice, KO 66%).

Priming is one Action (*Use an item*) and the shot another: a full turn
of two Actions, with the step still open ("Sequence").  Whether the
archer strikes is checked by the rules played out
(``strikes_by_the_rules``); where it could, by hand: the open field, so
a cell within the pneumatic's range of 10 (Euclidean, the rulings) of
the archer's cell or of a cell its step reaches.
"""

from __future__ import annotations

import pytest

from core.ai import choose, knowledge_for
from core.ai.search import LEVELS as LEVEL_TABLE
from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.orders import Move, Split, SplitMove, Step
from tests.core.test_waylights_could_strike import strikes_by_the_rules
from tests.rulesets.waylights.helpers import position

LEVELS = ["easy", "normal", "hard"]
FIRED = {"primed": (False, False), "ammo": (3, 0)}  # the pneumatic fired: 3 rounds left, not primed


def kept(state, side, level="normal"):
    know = knowledge_for(R)
    know.level = LEVEL_TABLE[level]
    return know.shortlist(R.view(state, side), side, R.legal_orders(state, side))


def reason(state, side, order) -> str:
    return knowledge_for(R).explain(R.view(state, side), side, order)


# The archer nine rows from the mook with a pistol, whose pistol (range 6)
# reaches nobody: the computer's mook declares its split.
NINE_OFF = [("a3", 0, "archer", (2, 0), FIRED), ("b4", 1, "thug", (2, 9), {"split": None})]


@pytest.mark.parametrize("level", LEVELS)
def test_no_4_0_where_a_shooter_can_reload_and_shoot_first(level):
    assert strikes_by_the_rules(NINE_OFF, "a3", "b4")  # prime, then shoot: 9 cells, in range
    state = position(NINE_OFF, "b4", pending="split")
    assert any(isinstance(o, Split) and o.attack == 4 for o in R.legal_orders(state, 1))
    assert not any(isinstance(o, Split) and o.attack == 4 for o in kept(state, 1, level))
    for seed in range(4):
        c = choose(R, R.view(state, 1), 1, R.legal_orders(state, 1), level, seed)
        assert not (isinstance(c.order, Split) and c.order.attack == 4), c.reason


def test_the_4_0_reason_names_the_danger_of_a_shooter_that_must_reload():
    state = position(NINE_OFF, "b4", pending="split")
    assert reason(state, 1, Split(1, "b4", 4)) == "all 4 dice attack: none to defend or counter"
    # Out of the archer's range even after its step (12 rows and more):
    # 4/0 stays open, and its reason says nobody reaches it.
    safe_figures = [("a3", 0, "archer", (0, 0), FIRED), ("b4", 1, "thug", (9, 9), {"split": None})]
    assert not strikes_by_the_rules(safe_figures, "a3", "b4")
    safe = position(safe_figures, "b4", pending="split")
    assert any(isinstance(o, Split) and o.attack == 4 for o in kept(safe, 1))
    assert reason(safe, 1, Split(1, "b4", 4)) == "all 4 dice attack: no enemy reaches it before its next turn"


def in_range_after_reload(cell) -> bool:
    """By hand: within 10 of 0,0 or of its step cells 1,0 and 0,1."""
    return any((cell[0] - x) ** 2 + (cell[1] - y) ** 2 <= 100 for x, y in ((0, 0), (1, 0), (0, 1)))


def test_on_4_0_no_move_ends_where_the_shooter_can_reload_and_shoot():
    # The mook with a pistol on 4/0 in the far corner, out of the archer's
    # reach; a Move of 5 up the side (9,4) brings it within range.
    figures = [("a3", 0, "archer", (0, 0), FIRED), ("b4", 1, "thug", (9, 9), {"split": 4})]
    state = position(figures, "b4")
    moves = [o for o in R.legal_orders(state, 1) if isinstance(o, (Move, SplitMove, Step))]
    into = {o for o in moves if in_range_after_reload(o.to)}
    assert into and (9, 4) in {o.to for o in into}
    for end in {o.to for o in moves}:  # the hand's answer is the rules', cell by cell
        there = [("a3", 0, "archer", (0, 0), FIRED), ("b4", 1, "thug", end)]
        assert strikes_by_the_rules(there, "a3", "b4") == in_range_after_reload(end), end
    shortlist = [o for o in kept(state, 1) if isinstance(o, (Move, SplitMove, Step))]
    assert shortlist  # moves that stay out of its reach remain
    assert not into & set(shortlist)
