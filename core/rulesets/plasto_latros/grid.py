"""Speed only, no rules: per-battlefield lookup tables and bounded caches of
pure results (straight-line destinations, order tuples).

Every cache here is keyed on everything its value depends on, so a hit gives
exactly what the slow computation would; the grid lives in the memo of the
battlefield it describes (core/memo.py), so a changed or new battlefield
gets a new one.
"""

from __future__ import annotations

from functools import lru_cache

from core.board import Battlefield, Cell, Facing, supercover
from core.memo import Table

FACINGS = tuple(Facing)
CACHE_LIMIT = 20_000  # entries per cache before it is emptied


class Grid:
    """Elevation and movement blocking of every cell of one
    battlefield, and the caches of results on it."""

    __slots__ = ("battlefield", "elev", "nomove", "lines", "dests", "orders")

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
        self.lines = Table(CACHE_LIMIT)  # (start, reach) -> destinations on the bare battlefield
        self.dests = Table(CACHE_LIMIT)  # (start, reach, nearby blocked cells) -> destination cells
        self.orders = Table(CACHE_LIMIT)  # tuples of orders, keyed by kind, side, unit and cells


def grid(battlefield: Battlefield) -> Grid:
    return battlefield.memo.get("plasto_latros.grid", lambda: Grid(battlefield))


def remember(cache: Table, key, value):
    return cache.put(key, value)


@lru_cache(maxsize=4096)
def relative_steps(dx: int, dy: int) -> tuple[tuple[Cell, ...], ...]:
    """``supercover((0, 0), (dx, dy))``: the steps of a straight line depend
    only on its offset, so each offset is worked out once."""
    return tuple(supercover((0, 0), (dx, dy)))
