"""The geometry Plasto Latros writes out for speed (grid.py) is core's: the
front and back arcs of every facing against ``core.board.arc_of``, the
three front cells of a contact, the adjacent climbs and jumps kept per
cell against a check of each neighbour, and the rays of a flat field kept
as bits against core's rays."""

import random

import pytest

from core.board import Arc, Facing, arc_of, neighbours
from core.rulesets.plasto_latros.grid import FRONT_NEAR, grid, in_back, in_front, step_cells

from .test_speed import random_field


@pytest.mark.parametrize("facing", list(Facing))
def test_written_out_arcs_are_core_arcs(facing):
    pos = (3, -2)
    for dy in range(-13, 14):
        for dx in range(-13, 14):
            other = (pos[0] + dx, pos[1] + dy)
            if other == pos:
                assert not in_front(pos, facing, other) and not in_back(pos, facing, other)
                continue
            arc = arc_of(pos, facing, other)
            assert in_front(pos, facing, other) == (arc is Arc.FRONT), (dx, dy)
            assert in_back(pos, facing, other) == (arc is Arc.BACK), (dx, dy)


@pytest.mark.parametrize("facing", list(Facing))
def test_front_cells_of_a_contact_are_the_adjacent_front_arc(facing):
    assert len(FRONT_NEAR[facing.name]) == 3
    assert set(FRONT_NEAR[facing.name]) == {(x, y) for x, y in neighbours((0, 0)) if arc_of((0, 0), facing, (x, y)) is Arc.FRONT}


def test_adjacent_climbs_and_jumps_per_cell_are_a_check_of_each_neighbour():
    rng = random.Random(11)
    for _ in range(6):
        bf = random_field(rng)
        g = grid(bf)
        for cell in bf.cells():
            level = bf.elevation(cell)
            near = [c for c in neighbours(cell) if bf.in_bounds(c)]
            near.sort(key=lambda c: (c[1], c[0]))
            for limit in (1, 2, 4):
                climbs, jumps, below = step_cells(g, cell, limit)
                assert list(climbs) == [c for c in near if not bf.terrain(c).blocks_move
                                        and 1 <= abs(bf.elevation(c) - level) <= limit]
                assert list(jumps) == [c for c in near if not bf.terrain(c).blocks_move and bf.elevation(c) < level]
                assert below == any(bf.elevation(c) < level for c in near)


def _cells(bits: int, width: int) -> frozenset:
    return frozenset(divmod(i, width) for i in range(bits.bit_length()) if bits >> i & 1)


def _flat_field(size: int, glyph_line: str = "terrain . ground"):
    from core.battlefield_text import parse_battlefield

    rows = "\n".join("." * size for _ in range(size))
    return parse_battlefield(f"name: flat\n{glyph_line}\nzone 0 0,0 {size - 1},0\n"
                             f"zone 1 0,{size - 1} {size - 1},{size - 1}\nmap\n{rows}\n")


def test_flat_rays_are_core_rays_for_every_offset():
    from core.board import _SAMPLES, _ray_steps, open_rays
    from core.rulesets.plasto_latros.grid import flat_rays

    bf = _flat_field(17)
    for ax in range(41):
        for ay in range(41):
            if (ax, ay) == (0, 0):
                continue
            got = [_cells(bits, ay + 1) for bits in flat_rays(ax, ay)]
            steps = [frozenset((x, y) for x, y, _ in _ray_steps(ax, ay, sx, sy)[0])
                     for sy in _SAMPLES for sx in _SAMPLES]
            assert got == steps, (ax, ay)
            if ax < 17 and ay < 17:  # on the field: core's rays, terrain and heights included
                assert tuple(got) == open_rays(bf, (0, 0), (ax, ay)), (ax, ay)


def test_flat_sight_in_every_direction_is_core_sight():
    from core.board import RAY_COUNT, visible_fraction
    from core.rulesets.plasto_latros.grid import open_ray_count

    bf = _flat_field(25)
    g = grid(bf)
    assert g.flat
    rng = random.Random(3)
    cells = list(bf.cells())
    center = (12, 12)
    for dy in range(-12, 13):
        for dx in range(-12, 13):
            target = (12 + dx, 12 + dy)
            for count in (0, 3, 30):
                figures = frozenset(rng.sample(cells, count)) | {center, target}
                assert open_ray_count(g, center, target, figures) / RAY_COUNT == visible_fraction(
                    bf, center, target, figures), (dx, dy, count)


def test_a_field_that_blocks_sight_everywhere_is_not_flat():
    from core.board import RAY_COUNT, visible_fraction
    from core.rulesets.plasto_latros.grid import open_ray_count

    bf = _flat_field(6, "terrain . fog blocks_sight")
    g = grid(bf)
    assert not g.flat
    for target in bf.cells():
        assert open_ray_count(g, (0, 0), target, frozenset()) / RAY_COUNT == visible_fraction(bf, (0, 0), target)
