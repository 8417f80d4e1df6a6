from core.battlefield_text import parse_battlefield
from core.deployment import Deploy, auto_deploy, check_deploy, check_ready

FIELD = parse_battlefield(
    "name: d\nterrain . open\nterrain # rock blocks_move\nzone 0 0,0 5,1\nzone 1 0,4 5,5\nmap\n"
    "......\n.#....\n......\n......\n......\n......\n"
)
UNITS = ("a", "b", "c")


def test_deploying_inside_the_zone_is_accepted_and_outside_refused():
    assert check_deploy(FIELD, 0, UNITS, {}, Deploy(0, "a", (2, 1))) is None
    assert check_deploy(FIELD, 0, UNITS, {}, Deploy(0, "a", (2, 3))).code == "outside-zone"
    assert check_deploy(FIELD, 0, UNITS, {}, Deploy(0, "a", (1, 1))).code == "impassable"
    assert check_deploy(FIELD, 0, UNITS, {}, Deploy(0, "z", (2, 1))).code == "not-your-unit"
    assert check_deploy(FIELD, 0, UNITS, {"b": (2, 1)}, Deploy(0, "a", (2, 1))).code == "occupied"


def test_moving_a_placed_figure_is_allowed_but_not_onto_its_own_cell():
    assert check_deploy(FIELD, 0, UNITS, {"a": (0, 0)}, Deploy(0, "a", (3, 0))) is None
    assert check_deploy(FIELD, 0, UNITS, {"a": (0, 0)}, Deploy(0, "a", (0, 0))).code == "no-change"


def test_ready_needs_every_figure_placed():
    assert check_ready(UNITS, {"a": (0, 0), "b": (1, 0)}).code == "not-deployed"
    assert check_ready(UNITS, {"a": (0, 0), "b": (1, 0), "c": (2, 0)}) is None


def test_deploy_for_me_fills_the_front_row_first_and_avoids_rock_and_taken_cells():
    placed = auto_deploy(FIELD, 0, UNITS, {"a": (0, 1)})
    assert set(placed) == {"b", "c"}
    # the zone row nearest the middle of the board is y=1 for side 0
    assert all(cell[1] == 1 for cell in placed.values())
    assert (1, 1) not in placed.values() and (0, 1) not in placed.values()
    far = auto_deploy(FIELD, 1, UNITS, {})
    assert all(cell[1] == 4 for cell in far.values()) and len(set(far.values())) == 3
