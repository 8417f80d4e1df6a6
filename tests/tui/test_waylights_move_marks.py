"""Waylights' board marks for a move (issue 29, a tester's report): a lit
cell shows an enemy's number only when, after moving there, the figure can
still attack it this turn ("Sequence": two Actions, a Move or Split Move
spends one, the free step none; docs/rulings.md, "No dice, no roll": on
0/4 no attack at all), and a sword's is "an attack", not "a shot"."""

from __future__ import annotations

from types import SimpleNamespace

from core.rulesets.waylights import RULESET as R
from tests.rulesets.waylights.helpers import position
from tui.rulesets import waylights_glance as glance

A1 = SimpleNamespace(id="a1")
FAR = ("b9", 1, "mook", (9, 9))


def marks(state):
    return glance.shot_marks(R, state, A1)


def card(state, cell):
    return glance.cursor_words(R, state, A1, cell)


def test_a_fresh_turn_marks_the_cells_beside_the_enemy():
    # a1 (sword, reach 1: the four cells beside) at 2,2; b1 at 5,2.  4,2 is
    # two cells away, a Move or Split Move with an Action to spare.
    s = position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "mook", (5, 2)), FAR], "a1")
    assert marks(s)[(4, 2)] == " 1 " and (4, 1) not in marks(s)  # no diagonal blow with reach 1
    assert "A move here gives an attack on b1 this turn" in card(s, (4, 2))


def test_no_mark_where_the_move_is_the_last_action():
    # One Action spent (a Move: the step is gone too): the Move to 4,2
    # would be the last Action, and no attack can follow it.
    s = position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "mook", (5, 2)), FAR], "a1", actions=1, moved=True)
    assert any(o.verb in ("move", "split-move") and o.to == (4, 2) for o in R.legal_orders(s, 0))
    assert marks(s) == {}
    assert not any("gives" in line for line in card(s, (4, 2)))


def test_on_0_4_no_move_gives_an_attack():
    s = position([("a1", 0, "fighter", (2, 2), {"split": 0}), ("b1", 1, "mook", (5, 2)), FAR], "a1")
    assert marks(s) == {}
    assert not any("gives" in line for line in card(s, (4, 2)))


def test_with_one_action_left_only_the_free_step_leaves_it():
    # a1 at 3,2 has used one Action that was no Move (the step is free):
    # the step to 4,2 leaves the Action for the blow; a Split Move to 5,1
    # (beside b1) would spend it.
    s = position([("a1", 0, "fighter", (3, 2)), ("b1", 1, "mook", (5, 2)), FAR], "a1", actions=1)
    got = marks(s)
    assert got == {(4, 2): " 1 "}, got


def test_a_shooter_is_told_of_a_shot():
    s = position([("a1", 0, "archer", (0, 0)), ("b1", 1, "mook", (9, 2)), FAR], "a1")
    cell = next(c for c in marks(s))
    assert any(line.startswith("A move here gives a shot at b1") for line in card(s, cell))
