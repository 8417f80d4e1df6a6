"""Facts about a battlefield worked out once per Battlefield object.

A Battlefield is frozen, but hashing it hashes every row and Terrain, so
the entries are keyed by its identity; each entry keeps its battlefield
alive, which means the id cannot be reused while the entry is here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.board import Battlefield, Cell

_ENTRIES: dict[tuple[int, Any], tuple[Battlefield, Any]] = {}


def per_battlefield(bf: Battlefield, key: Any, compute: Callable[[Battlefield], Any]) -> Any:
    entry = _ENTRIES.get((id(bf), key))
    if entry is not None and entry[0] is bf:
        return entry[1]
    if len(_ENTRIES) >= 256:
        _ENTRIES.clear()
    value = compute(bf)
    _ENTRIES[(id(bf), key)] = (bf, value)
    return value


def walls(bf: Battlefield) -> frozenset[Cell]:
    """The cells nobody may enter or cross."""
    return per_battlefield(bf, "walls", lambda b: frozenset(c for c in b.cells() if b.terrain(c).blocks_move))


def deploy_cells(bf: Battlefield, side: int) -> tuple[Cell, ...]:
    """The cells of ``side``'s zone a figure may stand on, in zone order
    (``core.deployment.open_cells`` with nobody placed yet)."""
    return per_battlefield(bf, ("deploy", side),
                           lambda b: tuple(c for c in b.zone_cells(side) if not b.terrain(c).blocks_move))


def deploy_cell_set(bf: Battlefield, side: int) -> frozenset[Cell]:
    return per_battlefield(bf, ("deploy-set", side), lambda b: frozenset(deploy_cells(b, side)))
