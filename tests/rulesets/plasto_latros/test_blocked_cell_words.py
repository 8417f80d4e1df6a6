"""A Movement refused because the cell's terrain blocks movement (a
chimney, a wall) names the terrain, as the refusal of a climb too high
does (*Climbing Movement On Terrain*: a mini stands only on terrain it may
move onto); a cell taken by a figure stays "not free to stand on"."""

from core.board import Facing
from core.rulesets.plasto_latros.orders import Climb, Move

from .helpers import grid, mini, position, refused

# a chimney (level 3, no mini may stand on it) beside a roof (level 1),
# and a wall (level 2) beside a tower (level 2)
FIELD = grid("""
........
.rC..RR#
........
........
""", extra="terrain C chimney elevation=3 blocks_move blocks_sight\n")


def test_a_climb_onto_a_chimney_says_the_chimney_blocks_it():
    state = position(mini("a1", (1, 1), Facing.E), mini("b1", (7, 3), Facing.N), bf=FIELD)
    # 2 levels up, within one Standard Movement (4): only the chimney refuses it
    assert refused(state, Climb(0, "a1", (2, 1), Facing.E)) == (
        "The chimney at 2,1 blocks movement: no mini may stand on it.")


def test_a_straight_move_onto_a_wall_of_its_level_says_the_wall_blocks_it():
    state = position(mini("a1", (6, 1), Facing.E), mini("a2", (5, 1), Facing.E), mini("b1", (7, 3), Facing.N),
                     bf=FIELD)
    assert refused(state, Move(0, "a1", (7, 1), Facing.E)) == (
        "The wall at 7,1 blocks movement: no mini may stand on it.")
    # a cell another mini stands on is still only "not free"
    assert refused(state, Move(0, "a1", (5, 1), Facing.E)) == "5,1 is not free to stand on."
