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
