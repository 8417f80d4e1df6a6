"""Path-finding data of one battlefield, computed once per battlefield
object: which cells can be entered, what entering costs, and which steps
are allowed (a diagonal step may not squeeze between two blocked cells).
Movement searches run on these tables instead of asking the Battlefield
for the terrain of every cell again at every tick (docs/performance.md)."""

from __future__ import annotations

from core.board import (
    _SAMPLES,
    BODY_HEIGHT,
    EYE_HEIGHT,
    FIGURE_HEIGHT,
    Battlefield,
    _ray_steps,
    _sight_tops,
    neighbours,
    visible_fraction,
)
from core.memo import Table

# The sample points of visible_fraction's rays, by index (x + 4 y), middle
# ones first: the order a Concealment test tries them (any order gives the
# same answer; these are the likeliest to be open).
_RAY_ORDER = (5, 10, 6, 9, 0, 15, 3, 12, 1, 2, 4, 7, 8, 11, 13, 14)

Cell = tuple[int, int]

# The ray index (x + 4 y of the sample point) with x and y swapped.
_TRANSPOSED = tuple(k // 4 + 4 * (k % 4) for k in range(16))


class Grid:
    """``steps[a]``: the (cell, cost to enter it) pairs one may step to from
    ``a``, in sorted order; ``cost[c]``: the move cost of an in-bounds cell;
    ``passable``: in-bounds cells that do not block movement."""

    __slots__ = ("steps", "into", "cost", "passable", "nonnegative", "bf", "seen", "elevation", "tall", "cheapest",
                 "_near", "_shut", "_rays", "index", "into_i", "cost_i", "_dx", "_dy", "around", "tall_rows", "top_at",
                 "low_tops", "_counts")

    def __init__(self, bf: Battlefield):
        cost: dict[Cell, int] = {}
        passable: set[Cell] = set()
        elevation: dict[Cell, int] = {}
        tops: dict[Cell, float] = {}
        for cell in bf.cells():
            t = bf.terrain(cell)
            cost[cell] = t.move_cost
            elevation[cell] = t.elevation
            # how high this cell stands against a line of sight (visible_fraction)
            tops[cell] = t.elevation + (FIGURE_HEIGHT if t.blocks_sight else 0)
            if not t.blocks_move:
                passable.add(cell)
        steps: dict[Cell, tuple[tuple[Cell, int], ...]] = {}
        for a in cost:
            out = []
            for b in sorted(neighbours(a)):
                if b not in passable:
                    continue
                if a[0] != b[0] and a[1] != b[1] and (b[0], a[1]) not in passable and (a[0], b[1]) not in passable:
                    continue
                out.append((b, cost[b]))
            steps[a] = tuple(out)
        self.steps = steps
        # Cells from which one may step INTO ``c``: the same neighbours as
        # the steps out of ``c`` (the corner rule is symmetric), none for a
        # blocked ``c``.
        self.into = {c: (tuple(b for b, _ in s) if c in passable else ()) for c, s in steps.items()}
        self.cost = cost
        # The same tables by cell number (the order of ``cost``), for the
        # goal search: lists read faster than dicts keyed by cell tuples.
        self.index = {c: i for i, c in enumerate(cost)}
        self.into_i = [tuple(self.index[b] for b in self.into[c]) for c in cost]
        self.cost_i = list(cost.values())
        # By column (row): each cell's distance across (down) from it, by
        # cell number, the two halves of the heuristic's Chebyshev distance.
        xs, ys = [c[0] for c in cost], [c[1] for c in cost]
        self._dx = {x: [abs(cx - x) for cx in xs] for x in range(bf.width)}
        self._dy = {y: [abs(cy - y) for cy in ys] for y in range(bf.height)}
        self.passable = frozenset(passable)
        # The passable cells around each cell, in ``neighbours`` order (the
        # cells a mover may stand on to be next to someone there).
        self.around = {c: tuple(k for k in neighbours(c) if k in passable) for c in cost}
        self.nonnegative = all(v >= 0 for v in cost.values())
        self.cheapest = min(cost.values(), default=0)  # a lower bound for any step
        self.bf = bf
        self.seen = Table(50_000)
        self._near = Table(4096)  # origin -> heuristic of the goal search
        self._shut = Table(50_000)  # (observer, target) -> whether every sight ray is closed, both ways
        self._rays = Table(20_000)  # (dx >= 0, dy >= 0, ray index) -> core.board._ray_steps  # (observer, target) -> visible fraction
        self.elevation = elevation
        # Cells that could stop some sight line: standing at least as high
        # as the lowest point any line can have (a body on the lowest cell).
        lowest = min(elevation.values(), default=0) + min(EYE_HEIGHT, BODY_HEIGHT)
        self.tall = tuple((c, top) for c, top in tops.items() if top >= lowest)
        # The same cells row by row, each as (x, top, cell): _open_between
        # reads only the rows its rectangle spans.
        rows: dict[int, list] = {}
        for c, top in self.tall:
            rows.setdefault(c[1], []).append((c[0], top, c))
        self.tall_rows = tuple(tuple(rows.get(y, ())) for y in range(bf.height))
        self.top_at = dict(self.tall)  # cell -> top, for the tall cells
        # _sight_tops' first heights alone (below them the terrain closes a ray), by row
        self.low_tops = tuple(tuple(top for top, _ in row) for row in _sight_tops(bf))
        self._counts: dict[float, list[int]] = {}  # low -> _tall_counts(low)

    def heuristic(self, origin: Cell) -> list[int]:
        """By cell number, ``cheapest`` times the cell's Chebyshev distance
        to ``origin``: the A* estimate of the goal search (movement.py), a
        pure function of the cell, kept per origin."""
        near = self._near.get(origin)
        if near is None:
            ox, oy = origin
            unit = self.cheapest
            dx = self._dx.get(ox) or [abs(c[0] - ox) for c in self.cost]
            dy = self._dy.get(oy) or [abs(c[1] - oy) for c in self.cost]
            near = list(map(max, dx, dy))  # the Chebyshev distances
            if unit != 1:
                near = [unit * d for d in near]
            near = self._near.put(origin, near)
        return near

    def visible(self, observer: Cell, target: Cell) -> float:
        """``visible_fraction`` on this battlefield (terrain only, no figures),
        remembered: it is a pure function of the two cells and is asked again
        for the same pairs in every Phase."""
        key = (observer, target)
        frac = self.seen.get(key)
        if frac is None:
            if self._open_between(observer, target):
                frac = 1.0
            else:
                frac = visible_fraction(self.bf, observer, target)
            self.seen.put(key, frac)
        return frac

    def concealed(self, observer: Cell, target: Cell) -> bool:
        """Whether the line of sight between the two cells is blocked
        completely: no sight ray is open from ``observer`` to ``target``,
        nor from ``target`` to ``observer``.  Symmetric (Cover and
        Concealment: the line of sight between two characters is blocked or
        not, whichever of them looks; docs/rulings.md): the rays of
        ``visible_fraction`` start at the middle of the looker's cell and
        end spread over the other's, so one way may find a ray past a
        corner that the other does not.  Remembered for both orders; one
        open ray answers it, so the rays are followed one at a time until
        one is open instead of tracing all of them."""
        if observer == target:
            return False  # visible_fraction: a cell sees itself whole
        key = (observer, target)
        shut = self._shut.get(key)
        if shut is not None:
            return shut
        shut = not (self._open_one_way(observer, target) or self._open_one_way(target, observer))
        self._shut.put((target, observer), shut)
        return self._shut.put(key, shut)

    def share(self, observer: Cell, target: Cell) -> float:
        """The share of ``target``'s cell in view from ``observer``, as the
        Cover rules read it: ``visible``, except that a pair that sees each
        other only by the other's rays (``visible`` 0 this way, not
        ``concealed``) is in view at most half (Cover): the looker glimpses
        the other only around an edge."""
        frac = self.visible(observer, target)
        if frac > 0 or observer == target:
            return frac
        return 0.0 if self.concealed(observer, target) else min(self.visible(target, observer), 0.5)

    def _open_one_way(self, observer: Cell, target: Cell) -> bool:
        """``visible(observer, target) > 0``, from what is known already or
        by following the rays one at a time."""
        frac = self.seen.get((observer, target))
        if frac is not None:
            return frac > 0
        return self._open_between(observer, target) or self._a_ray_open(observer, target)

    def _a_ray_open(self, observer: Cell, target: Cell) -> bool:
        """Whether some ray of ``visible_fraction`` (core/board.py) is left
        open by the terrain, with the same test, stopping at the first open
        ray.  Each ray is worked out alone (``_ray_steps`` towards the offset
        made non-negative, then mirrored, as ``_ray_paths`` does for every
        ray of a new offset) and kept per offset and ray."""
        bf = self.bf
        eye = self.elevation[observer] + EYE_HEIGHT
        rise = self.elevation[target] + BODY_HEIGHT - eye
        ox, oy = observer
        dx, dy = target[0] - ox, target[1] - oy
        mx, my = (-1 if dx < 0 else 1), (-1 if dy < 0 else 1)
        dx, dy = abs(dx), abs(dy)
        which = 0 if rise >= 0 else 1
        width, height = bf.width, bf.height
        tops = _sight_tops(bf)
        # A ray steps from the observer's cell towards the target's, never
        # past either in x or y (_ray_steps: 0 <= rx <= dx, 0 <= ry <= dy),
        # so with both ends on the battlefield every cell it meets is too
        # (the bounds test below is then always true: skipped).
        inside = 0 <= ox < width and 0 <= oy < height and 0 <= target[0] < width and 0 <= target[1] < height
        heights = self.low_tops
        rays = self._rays
        for k in _RAY_ORDER:
            key = (dx, dy, k)
            ray = rays.get(key)
            if ray is None:
                # the ray to the transposed offset and sample point, when
                # traced already, with x and y swapped: _ray_steps does the
                # same arithmetic on the swapped operands, so exactly this ray
                # (tested for every offset to 40)
                kept = rays.get((dy, dx, _TRANSPOSED[k]))
                if kept is not None:
                    ray = rays.put(key, tuple(tuple([(y, x, t) for x, y, t in part]) for part in kept))
                else:
                    ray = rays.put(key, _ray_steps(dx, dy, _SAMPLES[k % 4], _SAMPLES[k // 4]))
            if inside:
                for rx, ry, t in ray[which]:
                    if eye + rise * t < heights[oy + my * ry][ox + mx * rx]:
                        break  # the terrain closes this ray
                else:
                    return True
                continue
            for rx, ry, t in ray[which]:
                x, y = ox + mx * rx, oy + my * ry
                if 0 <= x < width and 0 <= y < height and eye + rise * t < tops[y][x][0]:
                    break  # the terrain closes this ray
            else:
                return True
        return False

    def _open_between(self, observer: Cell, target: Cell) -> bool:
        """True when visible_fraction is sure to be 1.0: every sight ray
        stays within the rectangle spanned by the two cells (one cell of
        margin here, against rounding), and no cell there but the two ends
        stands as high as the lower end of the rays (eye or aimed point),
        so no ray can pass below a cell's top."""
        low = min(self.elevation[observer] + EYE_HEIGHT, self.elevation[target] + BODY_HEIGHT)
        # How many cells of the rectangle (clipped to the battlefield) stand
        # at least ``low`` high, from the running sums of _tall_counts (only
        # tall cells can: ``low`` is never below the lowest line), less the
        # two ends, which always lie inside it.
        counts = self._counts.get(low)
        if counts is None:
            counts = self._counts[low] = self._tall_counts(low)
        (ox, oy), (tx, ty) = observer, target
        width1 = self.bf.width + 1
        xa, xb = max(min(ox, tx) - 1, 0), min(max(ox, tx) + 1, self.bf.width - 1) + 1
        ya, yb = max(min(oy, ty) - 1, 0), min(max(oy, ty) + 1, self.bf.height - 1) + 1
        n = counts[yb * width1 + xb] - counts[ya * width1 + xb] - counts[yb * width1 + xa] + counts[ya * width1 + xa]
        if n == 0:
            return True
        top = self.top_at.get(observer)
        if top is not None and top >= low:
            n -= 1
        if target != observer:
            top = self.top_at.get(target)
            if top is not None and top >= low:
                n -= 1
        return n == 0

    def _tall_counts(self, low: float) -> list[int]:
        """Running sums over the battlefield, by (y, x) in a list of
        (height + 1) x (width + 1): how many cells above and left of (x, y)
        stand at least ``low`` high."""
        width, height = self.bf.width, self.bf.height
        top_at = self.top_at
        counts = [0] * ((width + 1) * (height + 1))
        for y in range(height):
            row = 0
            for x in range(width):
                top = top_at.get((x, y))
                if top is not None and top >= low:
                    row += 1
                counts[(y + 1) * (width + 1) + x + 1] = counts[y * (width + 1) + x + 1] + row
        return counts


def grid(bf: Battlefield) -> Grid:
    """The grid of ``bf``, built once and kept in its memo (core/memo.py)."""
    return bf.memo.get("platemail.grid", lambda: Grid(bf))
