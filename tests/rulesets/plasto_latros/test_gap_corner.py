"""A straight line through a roof's corner does not make two lower cells one
gap (*Climbing Movement On Terrain*: a gap no wider than the mini is tall;
docs/rulings.md *Gaps*: one lower cell may be crossed, not two in a row, and
corner touches neither widen nor close a gap)."""

from core.board import Facing
from core.rulesets.plasto_latros import RULESET
from core.rulesets.plasto_latros.movement import _plain_movement_problem, move_destinations, movement_problem
from core.rulesets.plasto_latros.options import PlastoOptions
from core.rulesets.plasto_latros.orders import Move

from .helpers import grid, mini, play, position, refused

WIDE = "The gap is wider than one cell: no mini can hop it."

# The Rooftops position of the report, cut down: a1 on the roof at 0,1;
# 1,1 and 2,1 are street, and so is 2,0.  The line from 0,1 to 3,0 crosses
# 1,1, passes exactly through the corner shared by 1,0 (roof), 2,0, 1,1 and
# 2,1, then crosses 2,0: two street cells in a row, the roof at 1,0 touched
# only at its corner.
CORNER = grid("""
.r.r..
r..r..
......
......
""")


def test_a_roof_touched_at_its_corner_does_not_split_a_two_cell_gap():
    state = position(mini("a1", (0, 1), Facing.E), mini("b1", (5, 3), Facing.N), bf=CORNER)
    order = Move(0, "a1", (3, 0), Facing.E)
    assert refused(state, order) == WIDE
    # the same words as the straight hop over the same two street cells
    assert refused(state, Move(0, "a1", (3, 1), Facing.E)) == WIDE
    # not lit, not offered
    assert (3, 0) not in move_destinations(state, state.mini("a1"))
    assert order not in RULESET.legal_orders(state, 0)


def test_a_single_cell_gap_beside_a_corner_is_still_hopped():
    # From the roof at 1,0 to the roof at 3,0: one street cell between.
    state = position(mini("a1", (1, 0), Facing.E), mini("b1", (5, 3), Facing.N), bf=CORNER)
    state, _ = play(state, Move(0, "a1", (3, 0), Facing.E))
    assert state.mini("a1").pos == (3, 0)


# Two street cells in a diagonal row (1,1 and 2,2) between the roofs at 0,0
# and 3,3; every other cell beside the line is roof, touched at a corner.
DIAGONAL = grid("""
rrrr..
r.rr..
rr.r..
rrrr..
......
""")


def test_two_lower_cells_in_a_diagonal_row_are_a_wide_gap_whatever_the_corners():
    options = PlastoOptions(move_length=5)  # 0,0 to 3,3 is 4.2 cells
    state = position(mini("a1", (0, 0), Facing.SE), mini("b1", (5, 4), Facing.N), bf=DIAGONAL, options=options)
    assert refused(state, Move(0, "a1", (3, 3), Facing.SE)) == WIDE
    # one street cell (1,1) on a diagonal line is a gap a mini hops
    state = position(mini("a1", (0, 2), Facing.NE), mini("b1", (5, 4), Facing.N), bf=DIAGONAL, options=options)
    state, _ = play(state, Move(0, "a1", (2, 0), Facing.NE))
    assert state.mini("a1").pos == (2, 0)


def test_the_fast_check_agrees_on_these_fields():
    """``movement_problem``'s table path and the rules' walk give the same
    answer for every straight move on the two fields above."""
    for bf, reach in ((CORNER, 4), (DIAGONAL, 5)):
        options = PlastoOptions(move_length=reach)
        for start in bf.cells():
            if bf.elevation(start) != 1:
                continue
            other = (5, bf.height - 1)
            state = position(mini("a1", start, Facing.E), mini("b1", other, Facing.N), bf=bf, options=options)
            a1 = state.mini("a1")
            for to in bf.cells():
                order = Move(0, "a1", to, Facing.E)
                assert movement_problem(state, a1, order) == _plain_movement_problem(state, a1, order), (start, to)
