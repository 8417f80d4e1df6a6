"""Platemail orders: a character's written orders for the Round (a first
Action, then IF a condition THEN one Action ELSE another), each Action as
written, and the side's commit."""

from __future__ import annotations

import attrs

from core.orders import Order, Role

from .kinds import Action, Condition


@attrs.frozen
class Act(Order):
    """One Action as written in an order (only ever nested inside ``write``)."""

    verb = "act"
    kind: Action = Action.DEFEND
    target: str | None = None
    to: tuple[int, int] | None = None
    spell: str | None = None
    item: str | None = None


@attrs.frozen
class Write(Order):
    """A character's orders for the Round: first Action, then IF condition
    THEN one Action ELSE another.  May be rewritten until the side commits."""

    verb = "write"
    unit: str
    first: Act
    condition: Condition
    then: Act
    otherwise: Act


@attrs.frozen
class Commit(Order):
    """The side's orders are final for this Round."""

    verb = "commit"
    role = Role.END_TURN


def last_written(orders, side: int) -> dict[str, Write]:
    """Each of ``side``'s characters' newest orders from a Round the side
    has committed, out of the ``orders`` given in order (a seat's own
    orders are enough): what it wrote after its last Commit belongs to the
    Round it is still writing.  For writing the same orders again."""
    earlier: dict[str, Write] = {}
    pending: dict[str, Write] = {}
    for order in orders:
        if isinstance(order, Write) and order.side == side:
            pending[order.unit] = order
        elif isinstance(order, Commit) and order.side == side:
            earlier.update(pending)
            pending = {}
    return earlier
