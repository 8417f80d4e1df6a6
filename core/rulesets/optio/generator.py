"""A seeded generator of operational maps.

Pure and deterministic: every number comes from :class:`core.dice.Dice`
(splitmix64 over the seed and a draw counter), never from ``random``.  A
generated map always has a passable route of small squares from the top
edge to the bottom edge (the two home edges): a winding road is laid from
one to the other last, bridging water and cutting through rock.
"""

from __future__ import annotations

from collections import deque

from core.board import Cell
from core.dice import Dice
from core.rulesets.optio.maps import SIZE, OpMap


class _Rng:
    def __init__(self, seed: int):
        self.dice = Dice(seed & ((1 << 63) - 1))

    def below(self, n: int) -> int:
        """0..n-1"""
        self.dice, face = self.dice.face(n)
        return face - 1

    def between(self, lo: int, hi: int) -> int:
        """lo..hi inclusive"""
        return lo + self.below(hi - lo + 1)


def _blob(rng: _Rng, grid: list[list[str]], glyph: str, size: int, replace: str, margin: int = 1) -> None:
    """Grow a blob of ``glyph`` by a random walk, over glyphs in ``replace``."""
    x, y = rng.between(margin, SIZE - 1 - margin), rng.between(margin, SIZE - 1 - margin)
    for _ in range(size * 3):
        if size <= 0:
            return
        if grid[y][x] in replace:
            grid[y][x] = glyph
            size -= 1
        dx, dy = ((1, 0), (-1, 0), (0, 1), (0, -1))[rng.below(4)]
        x = min(SIZE - 1, max(0, x + dx))
        y = min(SIZE - 1, max(0, y + dy))


def _hill(rng: _Rng, grid: list[list[str]]) -> None:
    """Concentric rings, one level a ring, so every slope climbs by one."""
    cx, cy = rng.between(3, SIZE - 4), rng.between(3, SIZE - 4)
    peak = rng.between(1, 3)
    ring = rng.between(2, 3)  # small squares a level
    rx, ry = peak * ring + rng.below(3), peak * ring + rng.below(3)
    for y in range(max(0, cy - ry), min(SIZE, cy + ry + 1)):
        for x in range(max(0, cx - rx), min(SIZE, cx + rx + 1)):
            # an ellipse, scaled so the outer ring is at 1.0
            d2 = ((x - cx) * ry) ** 2 + ((y - cy) * rx) ** 2
            limit = (rx * ry) ** 2
            if d2 > limit:
                continue
            # level = peak at the centre, 1 at the rim
            frac = d2 * peak * peak // limit if limit else 0
            level = peak
            while level > 1 and frac >= (peak - level + 1) ** 2:
                level -= 1
            old = grid[y][x]
            if old == "." or (old.isdigit() and int(old) < level):
                grid[y][x] = str(level)


def _river(rng: _Rng, grid: list[list[str]]) -> None:
    """Water from the left edge to the right edge, meandering."""
    y = rng.between(12, SIZE - 13)
    width = rng.between(1, 2)
    for x in range(SIZE):
        for w in range(width):
            if 0 <= y + w < SIZE:
                grid[y + w][x] = "~"
        y = min(SIZE - 4, max(3, y + rng.between(-1, 1)))
    # fords: open crossings
    for _ in range(rng.between(1, 3)):
        x = rng.between(2, SIZE - 3)
        for yy in range(SIZE):
            if grid[yy][x] == "~":
                grid[yy][x] = "."


def _road(rng: _Rng, grid: list[list[str]]) -> None:
    """A winding road from the top edge to the bottom edge; it bridges
    water and cuts through rock, but keeps to the ground of a hill."""
    x = rng.between(4, SIZE - 5)
    for y in range(SIZE):
        if not grid[y][x].isdigit():
            grid[y][x] = "="
        if rng.below(3) == 0:
            nx = min(SIZE - 2, max(1, x + (1 if rng.below(2) else -1)))
            if not grid[y][nx].isdigit():
                grid[y][nx] = "="
            x = nx


def generate_map(seed: int) -> OpMap:
    rng = _Rng(seed)
    grid = [["."] * SIZE for _ in range(SIZE)]
    for _ in range(rng.between(2, 6)):
        _hill(rng, grid)
    if rng.below(2) == 0:
        _river(rng, grid)
    for _ in range(rng.between(3, 9)):
        _blob(rng, grid, "T", rng.between(12, 60), ".")
    for _ in range(rng.between(0, 3)):
        _blob(rng, grid, "%", rng.between(8, 30), ".T")
    for _ in range(rng.between(0, 2)):
        _blob(rng, grid, "~", rng.between(6, 20), ".%")
    for _ in range(rng.between(1, 4)):
        _blob(rng, grid, "#", rng.between(3, 12), ".T")
    for _ in range(rng.between(1, 2)):
        _road(rng, grid)
    rows = tuple("".join(r) for r in grid)
    return OpMap(
        name=f"generated-{seed}",
        title=f"Generated map {seed}",
        rows=rows,
        description=f"Made by the map generator from seed {seed}.",
    )


def crossing_exists(m: OpMap) -> bool:
    """Is there a passable path of small squares (side to side steps) from
    the top row to the bottom row?"""
    start = [(x, 0) for x in range(SIZE) if m.passable((x, 0))]
    seen: set[Cell] = set(start)
    queue = deque(start)
    while queue:
        x, y = queue.popleft()
        if y == SIZE - 1:
            return True
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < SIZE and 0 <= ny < SIZE and (nx, ny) not in seen and m.passable((nx, ny)):
                seen.add((nx, ny))
                queue.append((nx, ny))
    return False
