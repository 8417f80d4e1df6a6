"""Speed only, no rules: per-battlefield lookup tables and bounded caches of
pure results (straight-line destinations, order tuples).

Every cache here is keyed on everything its value depends on, so a hit gives
exactly what the slow computation would; the grid lives in the memo of the
battlefield it describes (core/memo.py), so a changed or new battlefield
gets a new one.
"""

from __future__ import annotations

import math
from functools import lru_cache

from core.board import _SAMPLES, RAY_COUNT, Battlefield, Cell, Facing, in_front_arc, open_rays, supercover
from core.memo import Table

FACINGS = tuple(Facing)
CACHE_LIMIT = 20_000  # entries per cache before it is emptied
WHOLE_LIMIT = 512  # a mini's whole Movement listing, see Grid.wholes

# Read-only tables of the eight facings (core.board's arcs, written out for
# the hot paths; tests/rulesets/plasto_latros/test_arcs_and_contact.py holds
# them to core.board.arc_of).
# Keyed by the facing's name: an Enum member hashes in Python code, its
# name (a plain string attribute) in C.
DELTA = {f._name_: f.delta for f in FACINGS}
# the adjacent offsets in each facing's front arc (three each), in row order
FRONT_NEAR = {f._name_: tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                              if (dx or dy) and in_front_arc((0, 0), f, (dx, dy))) for f in FACINGS}


def in_front(pos: Cell, facing: Facing, other: Cell) -> bool:
    """``core.board.in_front_arc(pos, facing, other)``: within 45 degrees of
    the facing, boundaries included (the same integer test)."""
    fx, fy = DELTA[facing._name_]
    tx, ty = other[0] - pos[0], other[1] - pos[1]
    dot = fx * tx + fy * ty
    return dot > 0 and -dot <= fx * ty - fy * tx <= dot


def in_back(pos: Cell, facing: Facing, other: Cell) -> bool:
    """``core.board.arc_of(pos, facing, other) is Arc.BACK`` for another cell."""
    fx, fy = DELTA[facing._name_]
    tx, ty = other[0] - pos[0], other[1] - pos[1]
    dot = fx * tx + fy * ty
    return dot < 0 and dot <= fx * ty - fy * tx <= -dot


class Grid:
    """Elevation and movement blocking of every cell of one
    battlefield, and the caches of results on it."""

    __slots__ = ("battlefield", "elev", "nomove", "around", "flat", "rays", "lines", "dests", "orders", "wholes",
                 "steps", "even")

    def __init__(self, battlefield: Battlefield) -> None:
        self.battlefield = battlefield
        self.elev: dict[Cell, int] = {}
        nomove = set()
        for cell in battlefield.cells():
            terrain = battlefield.terrain(cell)
            self.elev[cell] = terrain.elevation
            if terrain.blocks_move:
                nomove.add(cell)
        self.nomove = frozenset(nomove)
        # every cell of the rectangle on one level and free to move on
        self.even = (not nomove and len(set(self.elev.values())) == 1
                     and len(self.elev) == battlefield.width * battlefield.height)
        # per cell, its neighbours on the battlefield in row order, each as
        # (cell, elevation, whether its terrain blocks movement)
        self.around: dict[Cell, tuple[tuple[Cell, int, bool], ...]] = {
            (x, y): tuple(((x + dx, y + dy), self.elev[x + dx, y + dy], (x + dx, y + dy) in self.nomove)
                          for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                          if (dx or dy) and (x + dx, y + dy) in self.elev)
            for x, y in self.elev}
        # One terrain height everywhere and nothing blocking sight: the rays
        # between two cells then depend only on their offset (every cell a
        # ray crosses lies in the rectangle of its two ends, so on the field).
        kinds = {(t.elevation, t.blocks_sight) for t in map(battlefield.terrain, battlefield.cells())}
        self.flat = len(kinds) == 1 and not kinds.pop()[1]
        self.rays = Table(CACHE_LIMIT)  # offset (dx <= dy) -> the rays as bits (flat fields, see flat_rays)
        self.lines = Table(CACHE_LIMIT)  # (start, reach) -> destinations on the bare battlefield
        self.dests = Table(CACHE_LIMIT)  # (start, reach, nearby blocked cells) -> destination cells
        self.orders = Table(CACHE_LIMIT)  # tuples of orders, keyed by kind, side, unit and cells
        # a mini's every Movement in one tuple, by side, unit, facing and the
        # blocked cells near it (movement._movement_tuple): the orders of the
        # tuples per cell above again, ~250 references a tuple that every
        # full collection walks (kept like the rest, 4,600 tuples and 1.2
        # million references after the engine bench), so only the latest are
        # kept: a listing finds mostly those of the states just before it
        # (hit rates unchanged: 25% in random play, 69% in the hard search)
        self.wholes = Table(WHOLE_LIMIT)
        self.steps = Table(CACHE_LIMIT)  # (cell, climb limit) -> adjacent climbs, jumps, any lower (see step_cells)


def step_cells(g: Grid, pos: Cell, limit: int) -> tuple[tuple[Cell, ...], tuple[Cell, ...], bool]:
    """The adjacent cells of ``pos`` a mini could climb to (passable, 1 to
    ``limit`` levels up or down) and jump to (passable, lower), in row
    order, on the bare battlefield; and whether any adjacent cell is lower
    (where a jump attack's target would stand)."""
    key = (pos, limit)
    found = g.steps.get(key)
    if found is None:
        level = g.elev[pos]
        around = g.around[pos]
        found = g.steps.put(key, (tuple(c for c, e, wall in around if not wall and 1 <= abs(e - level) <= limit),
                                  tuple(c for c, e, wall in around if not wall and e < level),
                                  any(e <= level - 1 for _, e, _ in around)))
    return found


def open_ray_count(g: Grid, observer: Cell, target: Cell, figures) -> int:
    """How many of the rays of ``core.board.visible_fraction`` from
    ``observer`` to ``target`` no cell of ``figures`` closes: that function's
    count, with the rays of a flat field traced once per offset rather than
    once per pair of cells."""
    if observer == target:
        return RAY_COUNT
    if not g.flat:
        return sum(map(figures.isdisjoint, open_rays(g.battlefield, observer, target)))
    # The rays to (-dx, dy) are those to (dx, dy) mirrored, and the rays to
    # (dy, dx) those to (dx, dy) transposed, exactly (core.board traces them
    # with the same arithmetic on either axis): one trace serves the eight.
    # The figures between the two cells are the bits of an int, as the rays.
    ox, oy = observer
    dx, dy = target[0] - ox, target[1] - oy
    mx, my = (-1 if dx < 0 else 1), (-1 if dy < 0 else 1)
    ax, ay = mx * dx, my * dy
    # the figures in the rectangle of the two cells, the two left out (no
    # ray crosses them), as bits of the offsets
    tx, ty = target
    low_x, high_x = (ox, tx) if ox < tx else (tx, ox)
    low_y, high_y = (oy, ty) if oy < ty else (ty, oy)
    near = 0
    if ax <= ay:
        width = ay + 1
        for cell in figures:
            x, y = cell
            if low_x <= x <= high_x and low_y <= y <= high_y and cell != observer and cell != target:
                near |= 1 << (mx * (x - ox) * width + my * (y - oy))
        offset = (ax, ay)
    else:
        width = ax + 1
        for cell in figures:
            x, y = cell
            if low_x <= x <= high_x and low_y <= y <= high_y and cell != observer and cell != target:
                near |= 1 << (my * (y - oy) * width + mx * (x - ox))
        offset = (ay, ax)
    if not near:
        return RAY_COUNT  # on a flat field no ray is closed but by a figure
    rays = g.rays.get(offset)
    if rays is None:
        rays = g.rays.put(offset, flat_rays(*offset))
    return [ray & near for ray in rays].count(0)


def flat_rays(ax: int, ay: int) -> tuple[int, ...]:
    """The rays of ``core.board.open_rays`` from cell (0, 0) to cell
    ``(ax, ay)`` (both >= 0) of a flat field with nothing blocking sight,
    each as the bits ``x * (ay + 1) + y`` of the cells where a standing
    figure would close it.  On such a field the terrain closes no ray and a
    figure on any cell a ray crosses closes it (a ray runs from 0.75 down to
    0.5 levels above the ground, under a figure's top), so each ray is the
    cells it crosses, the ends left out: ``core.board._ray_steps``, the same
    arithmetic keeping only the cells (tests/rulesets/plasto_latros/
    test_tables.py holds the two equal for every offset up to 40 cells)."""
    width = ay + 1
    inf = math.inf
    rays = []
    for sy in _SAMPLES:
        y1 = ay + sy
        end_y = math.floor(y1)
        ddy = y1 - 0.5
        step_y = 1 if ddy > 0 else -1
        t_delta_y = abs(1 / ddy) if ddy else inf
        t_max_y0 = ((step_y > 0) - 0.5) / ddy if ddy else inf
        for sx in _SAMPLES:
            x1 = ax + sx
            end_x = math.floor(x1)
            ddx = x1 - 0.5
            step_x = 1 if ddx > 0 else -1
            t_delta_x = abs(1 / ddx) if ddx else inf
            t_max_x = ((step_x > 0) - 0.5) / ddx if ddx else inf
            t_max_y = t_max_y0
            cx = cy = 0
            bits = 0
            for _ in range(4 * (abs(end_x) + abs(end_y)) + 4):
                at_end = cx == end_x and cy == end_y
                if not at_end and (cx or cy):
                    bits |= 1 << (cx * width + cy)
                if at_end or (t_max_x >= 1.0 and t_max_y >= 1.0):  # min(t_max_x, t_max_y, 1.0) >= 1.0
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
            rays.append(bits)
    return tuple(rays)


def grid(battlefield: Battlefield) -> Grid:
    found = battlefield.memo.entries.get("plasto_latros.grid")
    if found is None:
        found = battlefield.memo.get("plasto_latros.grid", lambda: Grid(battlefield))
    return found


def remember(cache: Table, key, value):
    return cache.put(key, value)


@lru_cache(maxsize=4096)
def relative_steps(dx: int, dy: int) -> tuple[tuple[Cell, ...], ...]:
    """``supercover((0, 0), (dx, dy))``: the steps of a straight line depend
    only on its offset, so each offset is worked out once."""
    return tuple(supercover((0, 0), (dx, dy)))
