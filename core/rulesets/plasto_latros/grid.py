"""Speed only, no rules: per-battlefield lookup tables and bounded caches of
pure results (straight-line destinations, order tuples).

Every cache here is keyed on everything its value depends on, so a hit gives
exactly what the slow computation would; the tables live with the
battlefield they describe (looked up by identity, the battlefield kept
alive by its entry so an id cannot be reused while it is cached).
"""

from __future__ import annotations

from functools import lru_cache

from core.board import Battlefield, Cell, Facing, supercover

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
        self.lines: dict = {}  # (start, reach) -> destinations on the bare battlefield
        self.dests: dict = {}  # (start, reach, nearby blocked cells) -> destination cells
        self.orders: dict = {}  # tuples of orders, keyed by kind, side, unit and cells


_GRIDS: dict[int, Grid] = {}


def grid(battlefield: Battlefield) -> Grid:
    g = _GRIDS.get(id(battlefield))
    if g is not None and g.battlefield is battlefield:
        return g
    if len(_GRIDS) >= 16:
        _GRIDS.clear()
    g = _GRIDS[id(battlefield)] = Grid(battlefield)
    return g


def remember(cache: dict, key, value):
    if len(cache) >= CACHE_LIMIT:
        cache.clear()
    cache[key] = value
    return value


@lru_cache(maxsize=4096)
def relative_steps(dx: int, dy: int) -> tuple[tuple[Cell, ...], ...]:
    """``supercover((0, 0), (dx, dy))``: the steps of a straight line depend
    only on its offset, so each offset is worked out once."""
    return tuple(supercover((0, 0), (dx, dy)))
