"""Where a strike can land on a Matched figure (issue 29: see what a move
gives).  Reach, by rules 25-26 and 29: one Move goes up to 2 inches
straight at the opponent, and ending in contact strikes.  Positions are
hand-built; the expected cells are worked out from those rules."""

from __future__ import annotations

from core.rulesets.spheres_of_war.reach import threatened, threats_to
from core.rulesets.spheres_of_war.state import Phase

from .helpers import board, position


def test_the_opponents_reach_is_contact_or_one_move_of_two_inches():
    state, _ = position({"i1": (5, 5), "r1": (5, 8)})
    assert state.phase is Phase.MATCH and state.match.instigator == "i1"
    assert threats_to(state, "r1") == ["i1"]
    reach = threatened(state, "r1")
    # touching i1: contact already (rule 28)
    assert reach[(4, 4)] == ("i1",) and (6, 6) in reach
    # 3 straight down: i1 Moves 2 to 5,7 and touches 5,8 (the figure's own cell)
    assert (5, 8) in reach
    # 4 straight down: 2 inches leave it a cell short
    assert (5, 9) not in reach
    # 3 across: a Move of 2 to 7,5 touches 8,5
    assert (8, 5) in reach
    # 2 across and 2 down (2.8 inches): a diagonal Move touches it
    assert (7, 7) in reach
    # 3 across and 3 down (4.2 inches): out of reach
    assert (8, 8) not in reach
    # i1 stands on its own cell: nobody can be struck there
    assert (5, 5) not in reach


def test_a_wall_in_the_way_keeps_a_figure_out_of_reach():
    """A Move is blocked by walls, so the cell behind one is safe."""
    bf = board("." * 12, "." * 12, "." * 12, "." * 12, "." * 12, "." * 12, "...###......")
    state, _ = position({"i1": (4, 5), "r1": (4, 8)}, bf=bf)
    reach = threatened(state, "r1")
    assert (4, 8) not in reach  # i1 cannot Move through 3,6-5,6
    assert (3, 6) not in reach  # a wall cell: nobody stands there
    assert (4, 4) in reach  # still in contact range beside i1


def test_nobody_threatens_a_figure_outside_the_match():
    state, _ = position({"i1": (5, 5), "r1": (5, 8), "i2": (0, 0), "r2": (11, 11)})
    assert (state.match.instigator, state.match.retaliator) == ("i1", "r1")  # the closest pair (rule 12)
    assert threats_to(state, "i2") == [] and threatened(state, "i2") == {}


def test_one_cell_at_a_time_says_the_same():
    from core.rulesets.spheres_of_war.reach import threats_at

    state, _ = position({"i1": (5, 5), "r1": (5, 8)})
    assert threats_at(state, "r1", (5, 6)) == ("i1",)
    assert threats_at(state, "r1", (5, 9)) == ()
    assert threats_at(state, "r1", (5, 5)) is None  # i1 stands there
