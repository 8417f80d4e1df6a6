"""A Movement to a cell of another height that does not touch the mini's:
the refusal says why none of the three Movements reaches it (a straight one
keeps its height, *Movement*; a climb or a jump only reaches a touching
cell, *Climbing Movement On Terrain*).  It said only "climb or jump to
change level", which neither could."""

from __future__ import annotations

from core.board import Facing
from core.rulesets.plasto_latros.orders import Climb, Move

from .helpers import grid, mini, position, refused

# roofs (1 level) at 5,2 and 5,4; a tower (2 levels) at 6,4 and 6,5
TOWN = grid("""
..........
..........
.....r....
..........
.....rR...
......R...
..........
..........
..........
..........
""")


def test_a_roof_to_a_tower_two_cells_away_says_a_climb_only_reaches_a_touching_cell():
    state = position(mini("a3", (5, 2), Facing.S), mini("b1", (0, 9), Facing.N), bf=TOWN)
    message = refused(state, Move(0, "a3", (6, 4), Facing.S))
    assert message == "6,4 is 1 level higher: a straight Movement keeps its height, and a climb reaches only a " \
                      "cell beside it.", message
    assert "not beside it" in refused(state, Climb(0, "a3", (6, 4), Facing.S))  # the climb is refused too


def test_a_roof_down_to_the_street_two_cells_away_names_the_jump_too():
    state = position(mini("a3", (5, 4), Facing.S), mini("b1", (0, 9), Facing.N), bf=TOWN)
    message = refused(state, Move(0, "a3", (3, 6), Facing.S))
    assert message.startswith("3,6 is 1 level lower:") and "a climb or a jump reaches only a cell beside it" \
        in message, message


def test_a_touching_cell_of_another_height_still_points_to_climbing():
    state = position(mini("a3", (5, 4), Facing.S), mini("b1", (0, 9), Facing.N), bf=TOWN)
    assert "climb or jump to change level" in refused(state, Move(0, "a3", (6, 4), Facing.S))
