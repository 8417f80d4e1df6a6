"""Speed only: ``core.board.visible_fraction`` split into the part fixed by
the battlefield and the part the figures change.

For one observer and target cell, each of the 16 rays is either blocked by
terrain whatever stands about, or open unless a figure (or a sight-blocking
artifact) stands on one of a few cells it passes low over.  That table is
worked out once per (observer, target) on a battlefield, with the same ray
walk and the same arithmetic as the core function; a query then only asks
which open rays meet a figure.  ``tests/rulesets/plasto_latros/test_speed.py``
checks the result against the core function.
"""

from __future__ import annotations

from core.board import (BODY_HEIGHT, EYE_HEIGHT, FIGURE_HEIGHT, _SAMPLES, Battlefield, Cell, _cells_on_segment,
                        visible_fraction)

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
            x1, y1 = target[0] + sx, target[1] + sy
            closers = []
            for cell, t_in, t_out in _cells_on_segment(x0, y0, x1, y1):
                if cell == observer or cell == target or cell not in elev:
                    continue
                top = elev[cell]
                low = min(h0 + (h1 - h0) * t_in, h0 + (h1 - h0) * t_out)
                if cell in sight:
                    top += FIGURE_HEIGHT
                if low < top:
                    break  # terrain alone closes this ray
                if cell not in sight and low < top + FIGURE_HEIGHT:
                    closers.append(cell)
            else:
                out.append(frozenset(closers))
    return remember(g.rays, key, tuple(out))


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
