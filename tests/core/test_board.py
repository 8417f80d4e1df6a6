import math

import pytest

from core.battlefield_text import BattlefieldSyntaxError, format_battlefield, parse_battlefield
from core.board import (
    Arc,
    Facing,
    adjacent,
    arc_of,
    distance,
    distance_squared,
    in_front_arc,
    line_cells,
    line_clear,
    open_rays,
    supercover,
    visible_fraction,
)

OPEN = """\
name: Test
terrain . open
terrain # wall elevation=2 blocks_move blocks_sight
terrain * scrub blocks_sight cover=1
terrain ^ roof elevation=2
zone 0 0,0 5,1
zone 1 0,4 5,5
map
{rows}
"""


def field(*rows):
    return parse_battlefield(OPEN.format(rows="\n".join(rows)))


def test_distance_is_euclidean_between_centres():
    assert distance((0, 0), (3, 4)) == 5.0
    assert distance((2, 2), (2, 2)) == 0.0
    assert distance((0, 0), (1, 1)) == pytest.approx(math.sqrt(2))
    assert distance_squared((1, 1), (4, 5)) == 25


@pytest.mark.parametrize(
    "other, touching",
    [((1, 0), True), ((1, 1), True), ((0, 1), True), ((2, 0), False), ((2, 2), False), ((0, 0), False)],
)
def test_adjacency_is_chebyshev_one(other, touching):
    assert adjacent((0, 0), other) is touching


def test_straight_line_lists_every_cell_in_order():
    assert line_cells((0, 0), (4, 0)) == [(1, 0), (2, 0), (3, 0), (4, 0)]
    assert line_cells((0, 0), (0, -2)) == [(0, -1), (0, -2)]


def test_diagonal_line_touches_both_cells_at_each_corner():
    assert supercover((0, 0), (2, 2)) == [((1, 0), (0, 1)), ((1, 1),), ((2, 1), (1, 2)), ((2, 2),)]


def test_path_cannot_slip_between_two_blocking_cells():
    walls = {(1, 0), (0, 1)}
    assert not line_clear((0, 0), (1, 1), walls.__contains__)
    # one wall at the corner only: the line brushes past it
    assert line_clear((0, 0), (1, 1), {(1, 0)}.__contains__)


def test_path_blocked_by_a_cell_on_the_line():
    assert not line_clear((0, 0), (4, 0), {(2, 0)}.__contains__)
    assert line_clear((0, 0), (4, 0), {(2, 1)}.__contains__)


@pytest.mark.parametrize("facing", list(Facing))
def test_arcs_for_every_facing_split_the_ring_three_three_two(facing):
    centre = (5, 5)
    ring = [(5 + dx, 5 + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    arcs = {cell: arc_of(centre, facing, cell) for cell in ring}
    fx, fy = facing.delta
    ahead = (5 + fx, 5 + fy)
    behind = (5 - fx, 5 - fy)
    front = {c for c, a in arcs.items() if a is Arc.FRONT}
    back = {c for c, a in arcs.items() if a is Arc.BACK}
    sides = {c for c, a in arcs.items() if a in (Arc.LEFT, Arc.RIGHT)}
    assert len(front) == 3 and len(back) == 3 and len(sides) == 2
    # front is the cell ahead and its two neighbours turned 45 degrees either way
    assert front == {(5 + f.delta[0], 5 + f.delta[1]) for f in (facing, facing.turned(1), facing.turned(-1))}
    assert ahead in front and behind in back
    # the side cells are exactly 90 degrees off the facing
    right = (5 + facing.turned(2).delta[0], 5 + facing.turned(2).delta[1])
    left = (5 + facing.turned(-2).delta[0], 5 + facing.turned(-2).delta[1])
    assert arcs[right] is Arc.RIGHT and arcs[left] is Arc.LEFT


def test_arc_boundary_at_45_degrees_is_front_and_beyond_is_side():
    # facing north from (0,0): (2,-2) is exactly 45 degrees, (3,-2) is more
    assert arc_of((0, 0), Facing.N, (2, -2)) is Arc.FRONT
    assert arc_of((0, 0), Facing.N, (3, -2)) is Arc.RIGHT
    assert arc_of((0, 0), Facing.N, (-3, 2)) is Arc.LEFT
    assert arc_of((0, 0), Facing.N, (-2, 2)) is Arc.BACK
    assert in_front_arc((0, 0), Facing.E, (10, 3))


def test_facing_turns_and_points():
    assert Facing.N.turned(1) is Facing.NE
    assert Facing.N.turned(-1) is Facing.NW
    assert Facing.SW.opposite is Facing.NE
    assert Facing.towards((0, 0), (5, 0)) is Facing.E
    assert Facing.towards((0, 0), (-3, -3)) is Facing.NW
    assert Facing.towards((0, 0), (1, 5)) is Facing.S


def test_open_ground_is_fully_visible():
    bf = field("......", "......", "......", "......", "......", "......")
    assert visible_fraction(bf, (0, 0), (5, 5)) == 1.0


def test_a_wall_hides_the_cell_behind_it():
    bf = field("......", "......", "..#...", "......", "......", "......")
    assert visible_fraction(bf, (2, 0), (2, 5)) == 0.0


def test_partial_cover_shows_part_of_the_target():
    # the scrub at (3,2) hides part of (3,4) as seen from (2,0)
    bf = field("......", "......", "...*..", "......", "......", "......")
    seen = visible_fraction(bf, (2, 0), (3, 4))
    assert 0.0 < seen < 1.0


def test_height_lets_an_observer_see_over_low_cover():
    bf = field("^.....", "......", "..*...", "......", "......", "......")
    low = field("......", "......", "..*...", "......", "......", "......")
    assert visible_fraction(low, (0, 0), (4, 4)) < 1.0
    assert visible_fraction(bf, (0, 0), (4, 4)) == 1.0


def test_other_figures_block_sight_when_given():
    bf = field("......", "......", "......", "......", "......", "......")
    assert visible_fraction(bf, (0, 2), (4, 2), figures=[(2, 2)]) < 0.5


def test_battlefield_text_round_trips_and_reports_errors():
    bf = field("..#...", "......", "....^.", "......", "..*...", "......")
    again = parse_battlefield(format_battlefield(bf))
    assert again == bf
    assert bf.terrain((2, 0)).blocks_move and bf.elevation((4, 2)) == 2
    assert set(bf.zone_cells(0)) == {(x, y) for x in range(6) for y in (0, 1)}
    assert bf.in_zone(1, (3, 5)) and not bf.in_zone(1, (3, 3))
    with pytest.raises(BattlefieldSyntaxError, match="legend"):
        field("..Q...", "......", "......", "......", "......", "......")
    with pytest.raises(BattlefieldSyntaxError, match="rows"):
        field("......", ".....")


def test_a_figure_blocks_only_rays_that_pass_below_its_head():
    # Eye 0.75 above the observer's cell, aim 0.5 above the target's, a
    # figure one level tall.  From the ground, a figure midway stands in
    # every ray's way; from a roof two levels up the rays pass 1.6 levels
    # high over the middle cell, above its head, but dip below head height
    # in the cell next to the target.
    ground = field("......", "......", "......", "......", "......", "......")
    roof = field("......", "......", "^.....", "......", "......", "......")
    assert visible_fraction(ground, (0, 2), (4, 2), figures=[(2, 2)]) == 0.0
    assert visible_fraction(roof, (0, 2), (4, 2), figures=[(2, 2)]) == 1.0
    assert visible_fraction(roof, (0, 2), (4, 2), figures=[(3, 2)]) < 1.0


def test_open_rays_name_the_cells_where_a_figure_would_close_them():
    ground = field("......", "......", "......", "......", "......", "......")
    rays = open_rays(ground, (0, 2), (4, 2))
    assert len(rays) == 16  # open ground: terrain closes nothing
    assert all((2, 2) in closers for closers in rays)
    walled = field("......", "......", "..#...", "......", "......", "......")
    assert open_rays(walled, (0, 2), (4, 2)) == ()
    assert open_rays(ground, (0, 2), (4, 2)) is rays  # remembered per battlefield


def _reference_rays(battlefield, observer, target):
    """The ray walk as first written (each ray traced from the observer's own
    cell), kept here to check the per-offset paths of core.board."""
    from core.board import _SAMPLES, BODY_HEIGHT, EYE_HEIGHT, FIGURE_HEIGHT, _cells_on_segment

    eye = battlefield.elevation(observer) + EYE_HEIGHT
    aim = battlefield.elevation(target) + BODY_HEIGHT
    ox, oy = observer[0] + 0.5, observer[1] + 0.5
    rays = []
    for sy in _SAMPLES:
        for sx in _SAMPLES:
            closers = []
            for cell, t_in, t_out in _cells_on_segment(ox, oy, target[0] + sx, target[1] + sy):
                if cell == observer or cell == target or not battlefield.in_bounds(cell):
                    continue
                terrain = battlefield.terrain(cell)
                low = min(eye + (aim - eye) * t_in, eye + (aim - eye) * t_out)
                top = terrain.elevation + (FIGURE_HEIGHT if terrain.blocks_sight else 0)
                if low < top:
                    closers = None
                    break
                if not terrain.blocks_sight and low < top + FIGURE_HEIGHT:
                    closers.append(cell)
            if closers is not None:
                rays.append(frozenset(closers))
    return tuple(rays)


def test_rays_traced_per_offset_equal_rays_traced_from_each_cell():
    import random

    from core.battlefield_text import parse_battlefield
    from core.board import open_rays

    pick = random.Random(15)
    for _board in range(12):
        w, h = pick.randint(3, 14), pick.randint(3, 14)
        rows = ["".join(pick.choice("....^#~") for _ in range(w)) for _ in range(h)]
        bf = parse_battlefield("\n".join([
            "name: rays", "terrain . open", "terrain # wall elevation=2 blocks_move blocks_sight",
            "terrain ^ hill elevation=1 cover=1", "terrain ~ hedge blocks_sight",
            f"zone 0 0,0 {w - 1},0", f"zone 1 0,{h - 1} {w - 1},{h - 1}", "map", *rows]) + "\n")
        cells = list(bf.cells())
        for _ in range(150):
            a, b = pick.choice(cells), pick.choice(cells)
            if a != b:
                assert open_rays(bf, a, b) == _reference_rays(bf, a, b), (rows, a, b)
