"""The Concealment test's shortcuts (grid.py) against the arithmetic they
stand for: a ray read from the transposed offset's, and the tall cells read
row by row."""

from __future__ import annotations

import random

from core.board import _SAMPLES, BODY_HEIGHT, EYE_HEIGHT, _ray_steps, visible_fraction
from core.rulesets.platemail.grid import _TRANSPOSED, Grid

from .helpers import battlefield
from .test_speedups import MIXED


def test_a_transposed_ray_is_the_ray_with_x_and_y_swapped():
    for dx in range(41):
        for dy in range(41):
            for k in range(16):
                ray = _ray_steps(dx, dy, _SAMPLES[k % 4], _SAMPLES[k // 4])
                t = _TRANSPOSED[k]
                other = _ray_steps(dy, dx, _SAMPLES[t % 4], _SAMPLES[t // 4])
                assert tuple(tuple((y, x, s) for x, y, s in part) for part in other) == ray, (dx, dy, k)


def test_concealment_with_rays_taken_from_transposed_offsets_agrees_with_the_core():
    bf = battlefield(MIXED)
    g = Grid(bf)
    cells = list(bf.cells())
    pick = random.Random(11)
    pairs = [(pick.choice(cells), pick.choice(cells)) for _ in range(400)]
    # each pair also transposed about the corner, so later offsets find the
    # transposed one traced already
    pairs += [((a[1], a[0]), (b[1], b[0])) for a, b in pairs if bf.in_bounds((a[1], a[0])) and bf.in_bounds((b[1], b[0]))]
    before = len(g._rays)
    for a, b in pairs:
        # one way, ray by ray, as the core's rays; Concealment is both ways
        assert g._open_one_way(a, b) == (visible_fraction(bf, a, b) > 0), (a, b)
        assert g.concealed(a, b) == (visible_fraction(bf, a, b) == 0 == visible_fraction(bf, b, a)), (a, b)
    assert len(g._rays) > before
    assert any((dy, dx, _TRANSPOSED[k]) in g._rays and dx != dy for dx, dy, k in g._rays)


def test_the_open_rectangle_test_by_rows_agrees_with_every_tall_cell():
    bf = battlefield(MIXED)
    g = Grid(bf)
    cells = list(bf.cells())
    answers = set()
    for a in cells[::3]:
        for b in cells[::5]:
            low = min(g.elevation[a] + EYE_HEIGHT, g.elevation[b] + BODY_HEIGHT)
            x0, x1 = min(a[0], b[0]) - 1, max(a[0], b[0]) + 1
            y0, y1 = min(a[1], b[1]) - 1, max(a[1], b[1]) + 1
            expected = not any(top >= low and x0 <= c[0] <= x1 and y0 <= c[1] <= y1 and c != a and c != b
                               for c, top in g.tall)
            assert g._open_between(a, b) == expected, (a, b)
            answers.add(expected)
    assert answers == {True, False}
