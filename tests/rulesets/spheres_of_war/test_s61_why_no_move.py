"""Why no Move ends on a cell (rules 25-27 on the grid, docs/rulings.md),
in a player's words and naming what is in the way: the board's Enter on
a cell no order points at says it (tui/rulesets/spheres_of_war.py)."""

from __future__ import annotations

from core.rulesets.spheres_of_war.movement import first_blocker, why_no_move
from tests.rulesets.spheres_of_war.helpers import board, position

WALLED = board("............", "............", "............", "....#.......")


def start():
    # i1 at 5,3 faces r1 at 5,7: a Move goes along column 5 (rule 26); i2 at 5,2 behind i1
    return position({"i1": (5, 3), "r1": (5, 7), "i2": (5, 2), "r2": (11, 11)})


def test_a_cell_past_an_own_figure_names_it():
    state, _ = start()
    why = why_no_move(state, "i1", "r1", (5, 1))  # away, 2 inches, through i2 at 5,2
    assert why == "the straight way from 5,3 to 5,1 is blocked by i2 at 5,2"


def test_a_cell_off_the_line_says_straight_toward_or_away():
    state, _ = start()
    why = why_no_move(state, "i1", "r1", (6, 4))  # diagonal: off the column toward r1
    assert why is not None and "not straight toward or away from r1" in why and "rule 26" in why


def test_a_cell_too_far_says_two_inches():
    state, _ = start()
    why = why_no_move(state, "i1", "r1", (5, 6))  # 3 inches toward r1
    assert why == "5,6 is 3.0 inches from i1; a Move covers at most 2 inches (rule 25)"


def test_a_wall_in_the_way_is_named():
    state, _ = position({"i1": (4, 2), "r1": (4, 7), "r2": (11, 11)}, bf=WALLED)
    assert first_blocker(state, "i1", (4, 2), (4, 4)) == ((4, 3),)
    assert why_no_move(state, "i1", "r1", (4, 4)) == "the straight way from 4,2 to 4,4 is blocked by wall at 4,3"
    assert why_no_move(state, "i1", "r1", (4, 3)) == "4,3 is wall: no figure can stand there"


def test_a_legal_destination_has_no_reason():
    state, _ = start()
    assert why_no_move(state, "i1", "r1", (5, 5)) is None  # two inches toward r1, the way clear


def test_past_the_edge_only_the_nearest_cell_is_a_move():
    state, _ = position({"i1": (5, 1), "r1": (5, 7), "r2": (11, 11)})
    # away from r1: 5,-1 is past the edge and nearest; 5,-2 is past it too, but not a listed Move (rule 27)
    assert why_no_move(state, "i1", "r1", (5, -1)) is None
    assert why_no_move(state, "i1", "r1", (5, -2)) == "5,-2 is 3.0 inches from i1; a Move covers at most 2 inches (rule 25)"


def test_a_cell_beyond_the_opponent_is_refused():
    state, _ = position({"i1": (5, 3), "r1": (5, 4), "r2": (11, 11)})
    why = why_no_move(state, "i1", "r1", (5, 5))  # past r1, in contact already
    assert why == "a Move toward r1 stops short of it, never on or past it (rule 26)"
