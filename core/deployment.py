"""Deployment shared by the rulesets: each side places its figures in its
own zone, one ``deploy`` order a figure, or ``deploy-all`` to let the game
place the rest, then ``ready``.

A ruleset keeps positions in its own state; these helpers answer the
questions and do the placing on plain ``{unit id: cell}`` mappings.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

import attrs

from core.board import Battlefield, Cell
from core.orders import Order, Role
from core.ruleset import Rejection


@attrs.frozen
class Deploy(Order):
    """Place (or move again, before ``ready``) one figure in the zone."""

    verb = "deploy"
    role = Role.DEPLOY
    unit: str
    at: tuple[int, int]


@attrs.frozen
class DeployAll(Order):
    """Let the game place every figure of the side not yet placed."""

    verb = "deploy-all"
    role = Role.DEPLOY


@attrs.frozen
class Ready(Order):
    """The side has finished deploying."""

    verb = "ready"
    role = Role.READY


DEPLOYMENT_ORDERS = (Deploy, DeployAll, Ready)


def describe_deployment(order: Order) -> str | None:
    """A deployment order in words (the order menu, the computer's reason),
    or None for any other order."""
    if isinstance(order, Deploy):
        return f"Deploy {order.unit} at {order.at[0]},{order.at[1]}"
    if isinstance(order, DeployAll):
        return "Deploy the rest automatically"
    if isinstance(order, Ready):
        return "Ready: deployment done"
    return None


def check_deploy(
    battlefield: Battlefield,
    side: int,
    own_units: Sequence[str],
    positions: Mapping[str, Cell | None],
    order: Deploy,
) -> Rejection | None:
    if order.unit not in own_units:
        return Rejection("not-your-unit", f"{order.unit} is not one of your figures.")
    if not battlefield.in_bounds(order.at):
        return Rejection("off-board", f"{order.at[0]},{order.at[1]} is off the battlefield.")
    if not battlefield.in_zone(side, order.at):
        return Rejection("outside-zone", "Figures deploy inside their own zone (the shaded cells on your edge).")
    if battlefield.terrain(order.at).blocks_move:
        return Rejection("impassable", f"Nobody can stand on {battlefield.terrain(order.at).kind}.")
    if positions.get(order.unit) == order.at:
        return Rejection("no-change", f"{order.unit} already stands at {order.at[0]},{order.at[1]}.")
    for other, cell in positions.items():
        if other != order.unit and cell == order.at:
            return Rejection("occupied", f"{other} already stands there.")
    return None


def deploy_all_refusal(rules: Any, state: Any, order: DeployAll, who: str) -> Rejection | None:
    """Why ``deploy-all`` may not be given now although the ruleset's own
    check lets it through, or None.  It places the figures of the side
    still waiting, so with none waiting it would do nothing at all: it is
    an order only while the ruleset lists it (every ruleset lists it
    exactly while some figure of the side is unplaced).  Asked by
    :func:`core.game.refusal` for every ruleset, so that a redundant one is
    refused alike everywhere (the server's referee took six in a row)."""
    if order in rules.legal_orders(state, order.side):
        return None
    return Rejection("all-placed", f"Every figure of {who} is placed already: nothing is left to deploy "
                                   "(ready ends the deployment).")


def check_ready(own_units: Sequence[str], positions: Mapping[str, Cell | None]) -> Rejection | None:
    waiting = [u for u in own_units if positions.get(u) is None]
    if waiting:
        return Rejection("not-deployed", f"Place every figure first ({', '.join(waiting)} still waiting).")
    return None


def open_cells(battlefield: Battlefield, side: int, positions: Mapping[str, Cell | None]) -> list[Cell]:
    taken = {c for c in positions.values() if c is not None}
    return [c for c in battlefield.zone_cells(side) if c not in taken and not battlefield.terrain(c).blocks_move]


def back_rows(battlefield: Battlefield, side: int, positions: Mapping[str, Cell | None], count: int) -> set[Cell]:
    """The open cells of ``side``'s zone in its rows furthest from the
    board's middle, two rows at least and as many more as ``count``
    figures need (for ``auto_deploy``'s ``among``): a zone that reaches
    the middle (each side's half of an open field) is filled from its
    back, not face to face with the other side's front row."""
    free = open_cells(battlefield, side, positions)
    middle = (battlefield.height - 1) / 2
    rows = sorted({c[1] for c in free}, key=lambda y: (-abs(y - middle), y))
    for n in range(2, len(rows) + 1):
        cells = {c for c in free if c[1] in rows[:n]}
        if len(cells) >= count:
            return cells
    return set(free)


def auto_deploy(
    battlefield: Battlefield, side: int, own_units: Sequence[str], positions: Mapping[str, Cell | None],
    among: Collection[Cell] | None = None,
) -> dict[str, Cell]:
    """Positions for every unplaced figure: a line along the front of the
    zone (the zone row nearest the board's middle), spread evenly, filling
    rows further back when the front is full.  Deterministic.  ``among``:
    only those cells of the zone, as many figures as they hold (the rest
    unplaced)."""
    placed = dict(positions)
    todo = [u for u in own_units if placed.get(u) is None]
    free = open_cells(battlefield, side, placed)
    if among is not None:
        free = [c for c in free if c in among]
        todo = todo[:len(free)]
    if len(free) < len(todo):
        raise ValueError("the deployment zone has too few open cells")
    middle = (battlefield.height - 1) / 2
    rows: dict[int, list[Cell]] = {}
    for cell in free:
        rows.setdefault(cell[1], []).append(cell)
    out: dict[str, Cell] = {}
    for y in sorted(rows, key=lambda y: (abs(y - middle), y)):
        if not todo:
            break
        row = sorted(rows[y])
        take = min(len(todo), len(row))
        # Evenly spaced picks across the row.
        picks = [row[(2 * i + 1) * len(row) // (2 * take)] for i in range(take)]
        for cell in picks:
            out[todo.pop(0)] = cell
    return out
