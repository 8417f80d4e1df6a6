"""Speed only, no rules: ``core.board.visible_fraction`` between two cells
(no figures), without tracing its 16 rays when the terrain settles every
ray at once.

``visible_fraction`` runs a ray from the middle of the observer's cell to
each of 16 points spread over the target's cell, and counts the rays no
cell in between closes; a cell closes a ray where the ray's height over it,
``eye + rise * t`` (``0 <= t <= 1``), is below the cell's top.  That height
never leaves ``[min(eye, eye + rise), max(eye, eye + rise)]`` (float
rounding is monotonic), so:

* a cell no higher than the lowest point closes nothing: when the rectangle
  the two cells span holds no other cell, every ray is open (1.0);
* a ray surely crosses a cell whose square, shrunk by ``MARGIN``, it passes
  through, and surely misses one whose square, grown by ``MARGIN``, it
  does not touch: a ray surely crossing a cell higher than the highest
  point is closed, one missing every cell higher than the lowest point is
  open.  When every ray is settled so, the fraction is counted here; else
  ``visible_fraction`` traces them.

``tests/rulesets/waylights/test_sight_fast_path.py`` holds the answers
equal to ``visible_fraction`` on every pair of cells of random fields and
the shipped one.
"""

from __future__ import annotations

from core.board import BODY_HEIGHT, EYE_HEIGHT, FIGURE_HEIGHT, RAY_COUNT, Battlefield, Cell, visible_fraction

SAMPLES = (0.125, 0.375, 0.625, 0.875)  # visible_fraction's points across a cell (each axis)
MARGIN = 1e-6  # far above the traversal's float error, far below any gap between a ray and a corner


def sight(bf: Battlefield, a: Cell, b: Cell) -> float:
    """``visible_fraction(bf, a, b)``, the same float."""
    got = settled(bf, a, b)
    return visible_fraction(bf, a, b) if got is None else got


def settled(bf: Battlefield, a: Cell, b: Cell) -> float | None:
    """The fraction when the terrain settles every ray (see the module), else None."""
    if a == b:
        return None
    eye = bf.elevation(a) + EYE_HEIGHT
    rise = bf.elevation(b) + BODY_HEIGHT - eye
    end = eye + rise
    low, high = (eye, end) if eye <= end else (end, eye)
    rows = bf.memo.get("waylights.sight-tops", lambda: _tops(bf))
    x0, x1 = (a[0], b[0]) if a[0] <= b[0] else (b[0], a[0])
    y0, y1 = (a[1], b[1]) if a[1] <= b[1] else (b[1], a[1])
    tall = []  # (x, y, closes every ray crossing it) of the cells that may close one
    for y in range(y0, y1 + 1):
        row = rows[y]
        if max(row[x0:x1 + 1]) > low:
            for x in range(x0, x1 + 1):
                top = row[x]
                if top > low and (x, y) != a and (x, y) != b:
                    tall.append((x, y, top > high))
    if not tall:
        return 1.0
    px, py = a[0] + 0.5, a[1] + 0.5
    seen = 0
    for sy in SAMPLES:
        qy = b[1] + sy - py
        for sx in SAMPLES:
            qx = b[0] + sx - px
            closed = False
            for x, y, always in tall:
                if _meets(px, py, qx, qy, x - MARGIN, y - MARGIN, x + 1 + MARGIN, y + 1 + MARGIN):
                    if not always or not _meets(px, py, qx, qy, x + MARGIN, y + MARGIN,
                                                x + 1 - MARGIN, y + 1 - MARGIN):
                        return None  # a cell the ray may graze, or may or may not clear
                    closed = True
            seen += not closed
    return seen / RAY_COUNT


def _meets(px: float, py: float, dx: float, dy: float, x0: float, y0: float, x1: float, y1: float) -> bool:
    """Whether the segment from (px, py) to (px + dx, py + dy) meets the box
    [x0, x1] x [y0, y1]."""
    lo, hi = 0.0, 1.0
    for p, d, a, b in ((px, dx, x0, x1), (py, dy, y0, y1)):
        if d == 0:
            if p < a or p > b:
                return False
            continue
        t0, t1 = (a - p) / d, (b - p) / d
        if t0 > t1:
            t0, t1 = t1, t0
        if t0 > lo:
            lo = t0
        if t1 < hi:
            hi = t1
        if lo > hi:
            return False
    return True


def _tops(bf: Battlefield) -> tuple[tuple[float, ...], ...]:
    """The top of every cell, row by row, as ``visible_fraction`` reckons it."""
    def top(cell: Cell) -> float:
        t = bf.terrain(cell)
        return t.elevation + (FIGURE_HEIGHT if t.blocks_sight else 0)
    return tuple(tuple(top((x, y)) for x in range(bf.width)) for y in range(bf.height))
