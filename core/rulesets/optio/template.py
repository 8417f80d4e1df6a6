"""The template (seed: the paragraphs after the armies meet): two large
squares of map, 8 x 16 small squares, centred on the meeting square with
half a square out to each side, never out towards the side the second army
came in by; then shifted by at most one small square forward or back and
one sideways.

Here "forward" is the direction from the placing player's side of the
battlefield towards the second army's side (the second army's entry edge),
and "right" is the placer's right hand as they face forward.
"""

from __future__ import annotations

from core.board import Cell
from core.rulesets.optio.maps import EDGE_GLYPH, GLYPHS, IMPASSABLE, SIZE, SMALL, OpMap
from core.rulesets.optio.state import Edge, TemplateResult

SHIFTS = (-1, 0, 1)


def right_of(facing: Edge) -> Edge:
    dx, dy = facing.delta
    # a quarter turn clockwise on a screen whose y grows downwards
    return {(1, 0): Edge.E, (-1, 0): Edge.W, (0, 1): Edge.S, (0, -1): Edge.N}[(-dy, dx)]


def template_box(meeting: Cell, second_edge: Edge, forward: int = 0, right: int = 0) -> tuple[Cell, int, int]:
    """Top-left small square, width and height (in map small squares)."""
    mx, my = meeting[0] * SMALL, meeting[1] * SMALL
    if second_edge in (Edge.N, Edge.S):
        x0, y0, w, h = mx - SMALL // 2, my, 2 * SMALL, SMALL
    else:
        x0, y0, w, h = mx, my - SMALL // 2, SMALL, 2 * SMALL
    fdx, fdy = second_edge.delta
    rdx, rdy = right_of(second_edge).delta
    x0 += forward * fdx + right * rdx
    y0 += forward * fdy + right * rdy
    return (x0, y0), w, h


def box_cells(origin: Cell, w: int, h: int) -> list[Cell]:
    return [(origin[0] + dx, origin[1] + dy) for dy in range(h) for dx in range(w)]


def _inside(cell: Cell) -> bool:
    return 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE


# The glyphs of impassable ground (``m.kind(cell) in IMPASSABLE``).
_BLOCKING = frozenset(g for g, (kind, _) in GLYPHS.items() if kind in IMPASSABLE)


def counts(m: OpMap, origin: Cell, w: int, h: int) -> tuple[int, int]:
    """(impassable small squares, small squares beyond the map's edge) of
    the box: row by row, the part of the row on the map read as a string."""
    x0, y0 = origin
    x1, x2 = max(x0, 0), min(x0 + w, SIZE)  # the columns on the map
    across = max(x2 - x1, 0)
    impassable = edge = 0
    for y in range(y0, y0 + h):
        if not 0 <= y < SIZE:
            edge += w
            continue
        edge += w - across
        if across:
            row = m.rows[y][x1:x2]
            impassable += sum(row.count(g) for g in _BLOCKING)
    return impassable, edge


def shift_allowed(m: OpMap, meeting: Cell, second_edge: Edge, forward: int, right: int) -> bool:
    """The seed lets the shift take in less impassable ground and map edge
    than the centred template, never more (each counted on its own)."""
    if forward not in SHIFTS or right not in SHIFTS:
        return False
    base = counts(m, *template_box(meeting, second_edge))
    moved = counts(m, *template_box(meeting, second_edge, forward, right))
    return moved[0] <= base[0] and moved[1] <= base[1]


def allowed_shifts(m: OpMap, meeting: Cell, second_edge: Edge) -> frozenset[tuple[int, int]]:
    """The (forward, right) shifts ``shift_allowed`` accepts, the centred
    template counted once."""
    base = counts(m, *template_box(meeting, second_edge))
    out = set()
    for forward in SHIFTS:
        for right in SHIFTS:
            moved = counts(m, *template_box(meeting, second_edge, forward, right))
            if moved[0] <= base[0] and moved[1] <= base[1]:
                out.add((forward, right))
    return frozenset(out)


def rotate_up(rows: list[str], up: Edge) -> list[str]:
    """Turn a grid so that the map direction ``up`` is at the top."""
    h, w = len(rows), len(rows[0])
    if up is Edge.N:
        return list(rows)
    if up is Edge.S:
        return [row[::-1] for row in reversed(rows)]
    if up is Edge.E:  # a quarter turn anticlockwise
        return ["".join(rows[c][w - 1 - r] for c in range(h)) for r in range(w)]
    return ["".join(rows[h - 1 - c][r] for c in range(h)) for r in range(w)]  # W: clockwise


def cut(m: OpMap, meeting: Cell, second_edge: Edge, second_side: int, placer: int,
        forward: int = 0, right: int = 0) -> TemplateResult:
    origin, w, h = template_box(meeting, second_edge, forward, right)
    grid = []
    for dy in range(h):
        row = []
        for dx in range(w):
            cell = (origin[0] + dx, origin[1] + dy)
            row.append(m.glyph(cell) if _inside(cell) else EDGE_GLYPH)
        grid.append("".join(row))
    # Side 0's edge goes to the top: the second army's entry edge is its own side.
    up = second_edge if second_side == 0 else second_edge.opposite
    rows = rotate_up(grid, up)
    assert all(g in GLYPHS or g == EDGE_GLYPH for row in rows for g in row)
    return TemplateResult(
        map_name=m.name, meeting=meeting, second_edge=second_edge, second_side=second_side, placer=placer,
        forward=forward, right=right, origin=origin, across=w, deep=h, up=up, rows=tuple(rows),
    )
