"""The geometry Plasto Latros writes out for speed (grid.py) is core's: the
front and back arcs of every facing against ``core.board.arc_of``, the
three front cells of a contact, and the adjacent climbs and jumps kept per
cell against a check of each neighbour."""

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
