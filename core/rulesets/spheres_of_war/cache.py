"""Facts about a battlefield, worked out once and kept in the battlefield's
own memo (core/memo.py): a changed or new battlefield starts empty."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.board import Battlefield, Cell


def per_battlefield(bf: Battlefield, key: Any, compute: Callable[[Battlefield], Any]) -> Any:
    return bf.memo.get(("spheres_of_war", key), lambda: compute(bf))


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
