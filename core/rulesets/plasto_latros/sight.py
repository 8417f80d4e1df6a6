"""Speed only: ``core.board.visible_fraction`` split into the part fixed by
the battlefield and the part the figures change.

For one observer and target cell, each of the 16 rays is either blocked by
terrain whatever stands about, or open unless a figure (or a sight-blocking
artifact) stands on one of a few cells it passes low over.  That table is
worked out once per (observer, target) on a battlefield, with the same ray
walk and the same arithmetic as the core function (see :func:`_ray`); a
query then only asks which open rays meet a figure.  ``tests/rulesets/plasto_latros/test_speed.py``
checks the result against the core function.
"""

from __future__ import annotations

import math

from core.board import BODY_HEIGHT, EYE_HEIGHT, FIGURE_HEIGHT, _SAMPLES, Battlefield, Cell, visible_fraction

from .grid import grid, remember

RAYS = len(_SAMPLES) ** 2


def open_rays(bf: Battlefield, observer: Cell, target: Cell) -> tuple[frozenset[Cell], ...]:
    """The rays terrain leaves open, each as the cells where a figure would
    close it."""
    g = grid(bf)
    key = (observer, target)
    found = g.rays.get(key)
    if found is not None:
        return found
    elev, sight = g.elev, g.sight
    h0 = bf.elevation(observer) + EYE_HEIGHT
    h1 = bf.elevation(target) + BODY_HEIGHT
    x0, y0 = observer[0] + 0.5, observer[1] + 0.5
    out = []
    for sy in _SAMPLES:
        for sx in _SAMPLES:
            closers = _ray(elev, sight, observer, target, x0, y0, h0, target[0] + sx, target[1] + sy, h1)
            if closers is not None:
                out.append(closers)
    return remember(g.rays, key, tuple(out))


def _ray(elev, sight, observer, target, x0, y0, h0, x1, y1, h1) -> frozenset[Cell] | None:
    """One ray of ``visible_fraction``: None when terrain closes it, else the
    cells where a figure would.  The cell walk of
    ``core.board._cells_on_segment`` and the height test of
    ``core.board._ray_clear``, written out inline with the same arithmetic
    (the walk as a generator was most of the cost)."""
    cx, cy = math.floor(x0), math.floor(y0)
    ex, ey = math.floor(x1), math.floor(y1)
    dx, dy = x1 - x0, y1 - y0
    step_x, step_y = (1 if dx > 0 else -1), (1 if dy > 0 else -1)
    t_delta_x = abs(1 / dx) if dx else math.inf
    t_delta_y = abs(1 / dy) if dy else math.inf
    t_max_x = ((cx + (step_x > 0)) - x0) / dx if dx else math.inf
    t_max_y = ((cy + (step_y > 0)) - y0) / dy if dy else math.inf
    dh = h1 - h0
    t = 0.0
    closers = []
    for _ in range(4 * (abs(ex - cx) + abs(ey - cy)) + 4):
        t_next = t_max_x if t_max_x < t_max_y else t_max_y
        if t_next > 1.0:
            t_next = 1.0
        cell = (cx, cy)
        if cell != observer and cell != target and cell in elev:
            top = elev[cell]
            a, b = h0 + dh * t, h0 + dh * t_next
            low = a if a <= b else b
            if cell in sight:
                top += FIGURE_HEIGHT
                if low < top:
                    return None  # terrain alone closes this ray
            elif low < top:
                return None
            elif low < top + FIGURE_HEIGHT:
                closers.append(cell)
        if (cx == ex and cy == ey) or t_next >= 1.0:
            break
        if t_max_x < t_max_y:
            cx += step_x
            t_max_x += t_delta_x
        elif t_max_y < t_max_x:
            cy += step_y
            t_max_y += t_delta_y
        else:  # through a corner exactly: the next cell is diagonal
            cx += step_x
            cy += step_y
            t_max_x += t_delta_x
            t_max_y += t_delta_y
        t = t_next
    return frozenset(closers)


def fraction(bf: Battlefield, observer: Cell, target: Cell, figures) -> float:
    """Equal to ``visible_fraction(bf, observer, target, figures)``."""
    if observer == target:
        return visible_fraction(bf, observer, target, figures)
    blockers = figures if isinstance(figures, (set, frozenset)) else set(figures)
    seen = 0
    for closers in open_rays(bf, observer, target):
        if closers.isdisjoint(blockers):
            seen += 1
    return seen / RAYS
