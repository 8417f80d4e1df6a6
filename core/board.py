"""The battlefield and every geometric question asked of it.

Cells are ``(x, y)`` tuples, x to the right and y *down* the screen, so
north is ``(0, -1)``.  All rulesets ask this module, and only this module,
about distance, contact, straight lines, sight and facing.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Iterable, Iterator

import attrs

from core.memo import Memo, memo_field

Cell = tuple[int, int]


# --------------------------------------------------------------------------
# Terrain and battlefield
# --------------------------------------------------------------------------


@attrs.frozen
class Terrain:
    """What one cell is made of.

    ``cover`` is 0 none, 1 light, 2 medium, 3 full (rulesets read it their way).
    ``elevation`` is the height of the cell's walkable top in levels.
    """

    kind: str = "open"
    elevation: int = 0
    blocks_move: bool = False
    blocks_sight: bool = False
    cover: int = 0
    move_cost: int = 1


@attrs.frozen
class Rect:
    """An inclusive rectangle of cells."""

    x0: int
    y0: int
    x1: int
    y1: int

    def cells(self) -> Iterator[Cell]:
        for y in range(min(self.y0, self.y1), max(self.y0, self.y1) + 1):
            for x in range(min(self.x0, self.x1), max(self.x0, self.x1) + 1):
                yield (x, y)


@attrs.frozen
class Zone:
    """A side's deployment zone, as a union of rectangles."""

    side: int
    rects: tuple[Rect, ...]


@attrs.frozen
class Feature:
    """A named object placed on the map (an artifact, a door, an objective)."""

    id: str
    kind: str
    cell: Cell


@attrs.frozen
class Battlefield:
    """A rectangular grid of terrain with a deployment zone per side.

    ``rows`` holds one glyph per cell; ``legend`` maps each glyph to its
    terrain.  The form is plain data so that it saves as JSON and so that the
    Optio pre-game can hand a battlefield to any ruleset.
    """

    name: str
    width: int
    height: int
    rows: tuple[str, ...]
    legend: tuple[tuple[str, Terrain], ...]
    zones: tuple[Zone, ...]
    description: str = ""
    features: tuple[Feature, ...] = ()
    # Derived from the fields above, never compared or saved: glyph ->
    # terrain (built here, read on every terrain question) and the memo of
    # everything else a battlefield implies (core/memo.py).
    _terrain_of: dict[str, Terrain] = attrs.field(init=False, eq=False, hash=False, repr=False)
    memo: Memo = memo_field()

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_terrain_of", dict(self.legend))
        if len(self.rows) != self.height or any(len(r) != self.width for r in self.rows):
            raise ValueError(f"battlefield {self.name!r}: rows do not match {self.width}x{self.height}")
        glyphs = {g for g, _ in self.legend}
        for row in self.rows:
            for g in row:
                if g not in glyphs:
                    raise ValueError(f"battlefield {self.name!r}: glyph {g!r} is not in the legend")

    # -- cells ------------------------------------------------------------
    def in_bounds(self, cell: Cell) -> bool:
        x, y = cell
        return 0 <= x < self.width and 0 <= y < self.height

    def glyph(self, cell: Cell) -> str:
        x, y = cell
        return self.rows[y][x]

    def terrain(self, cell: Cell) -> Terrain:
        return self._terrain_of[self.rows[cell[1]][cell[0]]]

    def elevation(self, cell: Cell) -> int:
        return self.terrain(cell).elevation

    def cells(self) -> Iterator[Cell]:
        for y in range(self.height):
            for x in range(self.width):
                yield (x, y)

    def zone_cells(self, side: int) -> tuple[Cell, ...]:
        return self.memo.get("board.zones", self._zone_index)[0].get(side, ())

    def in_zone(self, side: int, cell: Cell) -> bool:
        return cell in self.memo.get("board.zones", self._zone_index)[1].get(side, frozenset())

    def _zone_index(self) -> tuple[dict[int, tuple[Cell, ...]], dict[int, frozenset[Cell]]]:
        """Each side's zone cells on the battlefield, in order and as a set
        (deployment checks ask on every order)."""
        ordered: dict[int, dict[Cell, None]] = {}
        for zone in self.zones:
            seen = ordered.setdefault(zone.side, {})
            for rect in zone.rects:
                for cell in rect.cells():
                    if self.in_bounds(cell):
                        seen[cell] = None
        return ({side: tuple(c) for side, c in ordered.items()}, {side: frozenset(c) for side, c in ordered.items()})


# --------------------------------------------------------------------------
# Distance and contact
# --------------------------------------------------------------------------


def distance(a: Cell, b: Cell) -> float:
    """Euclidean distance between cell centres, in cells."""
    return math.hypot(a[0] - b[0], a[1] - b[1])


def distance_squared(a: Cell, b: Cell) -> int:
    """Exact squared distance: use it to compare, so ties are exact."""
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def cells_away(a: Cell, b: Cell) -> str:
    """How far apart two cells are in words: the straight-line distance
    between their centres (Plasto Latros measures so: docs/rulings.md), to
    one decimal where it is not a whole number of cells ("6.4 cells away")."""
    squared = distance_squared(a, b)
    whole = math.isqrt(squared)
    if whole * whole == squared:
        return f"{whole} cell{'s' if whole != 1 else ''} away"
    return f"{math.sqrt(squared):.1f} cells away"


def chebyshev(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def adjacent(a: Cell, b: Cell) -> bool:
    """Base-to-base contact: the two cells touch at a side or a corner."""
    return chebyshev(a, b) == 1


def neighbours(cell: Cell) -> Iterator[Cell]:
    x, y = cell
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dx or dy:
                yield (x + dx, y + dy)


def sign(n: int) -> int:
    return (n > 0) - (n < 0)


# --------------------------------------------------------------------------
# Straight lines
# --------------------------------------------------------------------------


def supercover(a: Cell, b: Cell) -> list[tuple[Cell, ...]]:
    """The cells a straight line from the centre of ``a`` to the centre of
    ``b`` passes through, as steps after ``a`` (``b`` is the last step).

    A step is one cell, or two cells where the line passes exactly through a
    corner: both cells beside the corner are touched.
    """
    x, y = a
    dx, dy = b[0] - a[0], b[1] - a[1]
    nx, ny = abs(dx), abs(dy)
    sx, sy = sign(dx), sign(dy)
    ix = iy = 0
    steps: list[tuple[Cell, ...]] = []
    while ix < nx or iy < ny:
        decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
        if decision == 0:
            steps.append(((x + sx, y), (x, y + sy)))
            x += sx
            y += sy
            ix += 1
            iy += 1
            steps.append(((x, y),))
        elif decision < 0:
            x += sx
            ix += 1
            steps.append(((x, y),))
        else:
            y += sy
            iy += 1
            steps.append(((x, y),))
    return steps


def line_cells(a: Cell, b: Cell) -> list[Cell]:
    """Every cell the line touches after ``a``, corner cells included."""
    return [cell for step in supercover(a, b) for cell in step]


def line_clear(a: Cell, b: Cell, blocked: Callable[[Cell], bool]) -> bool:
    """True when a straight move from ``a`` to ``b`` meets no blocked cell.

    At a corner crossing the line is stopped only when *both* cells beside
    the corner are blocked: it cannot slip between two blocking cells, but
    may brush past the corner of one.
    """
    for step in supercover(a, b):
        if len(step) == 1:
            if blocked(step[0]):
                return False
        elif all(blocked(c) for c in step):
            return False
    return True


# --------------------------------------------------------------------------
# Line of sight
# --------------------------------------------------------------------------

EYE_HEIGHT = 0.75  # a figure's eye above the top of its cell, in levels
BODY_HEIGHT = 0.5  # the height aimed at on a target figure
FIGURE_HEIGHT = 1.0  # how tall a figure or a sight-blocking feature stands
_SAMPLES = (0.125, 0.375, 0.625, 0.875)


def _cells_on_segment(x0: float, y0: float, x1: float, y1: float) -> Iterator[tuple[Cell, float, float]]:
    """Cells crossed by a real segment, with the parameters t where the
    segment enters and leaves each (grid traversal, Amanatides and Woo)."""
    cx, cy = math.floor(x0), math.floor(y0)
    end = (math.floor(x1), math.floor(y1))
    dx, dy = x1 - x0, y1 - y0
    step_x, step_y = (1 if dx > 0 else -1), (1 if dy > 0 else -1)
    t_delta_x = abs(1 / dx) if dx else math.inf
    t_delta_y = abs(1 / dy) if dy else math.inf
    t_max_x = ((cx + (step_x > 0)) - x0) / dx if dx else math.inf
    t_max_y = ((cy + (step_y > 0)) - y0) / dy if dy else math.inf
    t = 0.0
    for _ in range(4 * (abs(end[0] - cx) + abs(end[1] - cy)) + 4):
        t_next = min(t_max_x, t_max_y, 1.0)
        yield (cx, cy), t, t_next
        if (cx, cy) == end or t_next >= 1.0:
            return
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


RAY_COUNT = len(_SAMPLES) ** 2


def visible_fraction(
    battlefield: Battlefield,
    observer: Cell,
    target: Cell,
    figures: Iterable[Cell] = (),
) -> float:
    """The share (0.0 to 1.0) of the target cell the observer can see.

    Rays run from the observer's eye to 16 points spread over the target
    cell.  A cell between them blocks a ray when the ray passes below its
    top: terrain tops are their elevation, and cells that block sight (and
    cells holding other ``figures``) stand one level above their elevation.
    """
    if observer == target:
        return 1.0
    blockers = figures if isinstance(figures, (set, frozenset)) else set(figures)
    seen = sum(map(blockers.isdisjoint, open_rays(battlefield, observer, target)))  # rays no figure closes
    return seen / RAY_COUNT


def open_rays(battlefield: Battlefield, observer: Cell, target: Cell) -> tuple[frozenset[Cell], ...]:
    """The rays of :func:`visible_fraction` that terrain leaves open, each as
    the cells where a standing figure would close it.

    It depends on the battlefield and the two cells only, so it is worked
    out once and remembered per battlefield; a question about figures is
    then a few set look-ups.
    """
    memo = battlefield.memo
    cache = memo.table("board.rays", 200_000)
    key = (observer, target)
    found = cache.get(key)
    if found is None:
        found = cache.put(key, _trace_rays(battlefield, observer, target))
    return found


def _trace_rays(battlefield: Battlefield, observer: Cell, target: Cell) -> tuple[frozenset[Cell], ...]:
    eye = battlefield.elevation(observer) + EYE_HEIGHT
    rise = battlefield.elevation(target) + BODY_HEIGHT - eye
    ox, oy = observer
    width, height = battlefield.width, battlefield.height
    tops = _sight_tops(battlefield)
    rays = []
    # the ray's lowest point over a cell is where it enters when rising and
    # where it leaves when falling (the height is monotonic in t)
    for path in _ray_paths(battlefield, target[0] - ox, target[1] - oy)[0 if rise >= 0 else 1]:
        closers: list[Cell] = []
        for rx, ry, t in path:
            x, y = ox + rx, oy + ry
            if not (0 <= x < width and 0 <= y < height):
                continue
            top, figure_top = tops[y][x]
            low = eye + rise * t
            if low < top:
                break  # the terrain alone closes this ray
            if low < figure_top:
                closers.append((x, y))  # a figure standing here would
        else:
            rays.append(frozenset(closers))
    return tuple(rays)


def _sight_tops(battlefield: Battlefield) -> tuple[tuple[tuple[float, float], ...], ...]:
    """Per cell, row by row: the height below which a ray is closed by the
    terrain (its elevation, one level more where it blocks sight), and below
    which a figure standing there would close it (never, where the terrain
    blocks sight: the terrain has closed the ray first)."""
    def build():
        out = []
        for row in battlefield.rows:
            cells = []
            for glyph in row:
                terrain = battlefield._terrain_of[glyph]
                top = terrain.elevation + (FIGURE_HEIGHT if terrain.blocks_sight else 0)
                cells.append((top, -math.inf if terrain.blocks_sight else top + FIGURE_HEIGHT))
            out.append(tuple(cells))
        return tuple(out)
    return battlefield.memo.get("board.sight-tops", build)


def _ray_paths(battlefield: Battlefield, dx: int, dy: int):
    """The cells each of the 16 rays crosses between an observer and a
    target ``(dx, dy)`` away, relative to the observer (the ends left out),
    twice: with the parameter t where each ray enters each cell, and with
    the t where it leaves (a rising ray is lowest where it enters, a falling
    one where it leaves).  Pure geometry: every quantity of the traversal
    depends only on the offset, exactly (cell corners and sample points are
    small binary fractions), so the paths are traced once per offset and
    moved to each observer."""
    table = battlefield.memo.table("board.ray-paths", 20_000)
    found = table.get((dx, dy))
    if found is None and (dx < 0 or dy < 0):
        # The mirror image of the paths to (|dx|, |dy|), exactly: the rays
        # start in the middle of a cell and the sample points are symmetric
        # in it (1 - s is a sample too), so the same arithmetic is done with
        # the signs flipped; the ray to sample s maps to the one to 1 - s.
        base = _ray_paths(battlefield, abs(dx), abs(dy))
        mx, my = (-1 if dx < 0 else 1), (-1 if dy < 0 else 1)
        n = len(_SAMPLES)
        order = [(n - 1 - iy if dy < 0 else iy) * n + (n - 1 - ix if dx < 0 else ix)
                 for iy in range(n) for ix in range(n)]
        found = table.put((dx, dy), tuple(tuple(tuple((mx * cx, my * cy, t) for cx, cy, t in rays[i]) for i in order)
                                          for rays in base))
    if found is None:
        entering, leaving = [], []
        for sy in _SAMPLES:
            for sx in _SAMPLES:
                into, out = _ray_steps(dx, dy, sx, sy)
                entering.append(into)
                leaving.append(out)
        found = table.put((dx, dy), (tuple(entering), tuple(leaving)))
    return found


def _ray_steps(dx: int, dy: int, sx: float, sy: float):
    """:func:`_cells_on_segment` from the middle of cell (0, 0) to the point
    ``(dx + sx, dy + sy)``, the two end cells left out, as two tuples of
    ``(x, y, t)``: t where the ray enters each cell, and where it leaves.
    The same arithmetic, written out: this runs 16 times per offset."""
    x0 = y0 = 0.5
    x1, y1 = dx + sx, dy + sy
    end_x, end_y = math.floor(x1), math.floor(y1)
    ddx, ddy = x1 - x0, y1 - y0
    step_x, step_y = (1 if ddx > 0 else -1), (1 if ddy > 0 else -1)
    t_delta_x = abs(1 / ddx) if ddx else math.inf
    t_delta_y = abs(1 / ddy) if ddy else math.inf
    cx = cy = 0
    t_max_x = ((cx + (step_x > 0)) - x0) / ddx if ddx else math.inf
    t_max_y = ((cy + (step_y > 0)) - y0) / ddy if ddy else math.inf
    t = 0.0
    into, out = [], []
    for _ in range(4 * (abs(end_x - cx) + abs(end_y - cy)) + 4):
        t_next = min(t_max_x, t_max_y, 1.0)
        at_end = cx == end_x and cy == end_y
        if not at_end and (cx or cy):
            into.append((cx, cy, t))
            out.append((cx, cy, t_next))
        if at_end or t_next >= 1.0:
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
    return tuple(into), tuple(out)


# --------------------------------------------------------------------------
# Facing and arcs
# --------------------------------------------------------------------------


class Facing(enum.Enum):
    """Eight compass facings; the value is the text form."""

    N = "N"
    NE = "NE"
    E = "E"
    SE = "SE"
    S = "S"
    SW = "SW"
    W = "W"
    NW = "NW"

    @property
    def delta(self) -> Cell:
        return _DELTAS[self]

    @property
    def opposite(self) -> Facing:
        return self.turned(4)

    def turned(self, eighths: int) -> Facing:
        """Turn clockwise by ``eighths`` of a full circle (negative: anticlockwise)."""
        return _FACING_ORDER[(_FACING_INDEX[self] + eighths) % 8]

    @property
    def arrow(self) -> str:
        return _ARROWS[self]

    @classmethod
    def from_delta(cls, dx: int, dy: int) -> Facing:
        """The facing nearest to the direction ``(dx, dy)``."""
        if dx == 0 and dy == 0:
            raise ValueError("no direction")
        angle = math.degrees(math.atan2(dx, -dy)) % 360  # clockwise from north
        return _FACING_ORDER[round(angle / 45) % 8]

    @classmethod
    def towards(cls, frm: Cell, to: Cell) -> Facing:
        return cls.from_delta(to[0] - frm[0], to[1] - frm[1])


# Built once: iterating an Enum builds a new list each time (a hot path in
# arc and movement checks).
_FACING_ORDER: tuple[Facing, ...] = tuple(Facing)
_FACING_INDEX = {facing: i for i, facing in enumerate(_FACING_ORDER)}

_DELTAS = {
    Facing.N: (0, -1),
    Facing.NE: (1, -1),
    Facing.E: (1, 0),
    Facing.SE: (1, 1),
    Facing.S: (0, 1),
    Facing.SW: (-1, 1),
    Facing.W: (-1, 0),
    Facing.NW: (-1, -1),
}
_ARROWS = {
    Facing.N: "↑",
    Facing.NE: "↗",
    Facing.E: "→",
    Facing.SE: "↘",
    Facing.S: "↓",
    Facing.SW: "↙",
    Facing.W: "←",
    Facing.NW: "↖",
}


class Arc(enum.Enum):
    FRONT = "front"
    BACK = "back"
    LEFT = "left"
    RIGHT = "right"


def arc_of(position: Cell, facing: Facing, other: Cell) -> Arc:
    """Which 90-degree arc of a figure at ``position`` facing ``facing`` the
    cell ``other`` lies in.  The front arc is every bearing within 45 degrees
    of the facing, boundaries included; the back arc likewise around the
    opposite direction; the rest is left or right.  Exact integer test.
    """
    if other == position:
        raise ValueError("a cell has no arc relative to itself")
    fx, fy = facing.delta
    tx, ty = other[0] - position[0], other[1] - position[1]
    dot = fx * tx + fy * ty
    cross = fx * ty - fy * tx
    if dot > 0 and abs(cross) <= dot:
        return Arc.FRONT
    if dot < 0 and abs(cross) <= -dot:
        return Arc.BACK
    return Arc.RIGHT if cross > 0 else Arc.LEFT


def in_front_arc(position: Cell, facing: Facing, other: Cell) -> bool:
    return other != position and arc_of(position, facing, other) is Arc.FRONT
