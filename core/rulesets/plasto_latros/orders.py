"""Orders of Plasto Latros.  Every :class:`Movement` spends one of the
turn's two Movements (or is the body of a Defending Free Movement)."""

from __future__ import annotations

import attrs

from core.board import Facing
from core.deployment import DEPLOYMENT_ORDERS
from core.orders import Order, Role


@attrs.frozen
class Movement(Order):
    """Base of the orders that spend a Movement."""

    unit: str


@attrs.frozen
class Move(Movement):
    """A straight line of up to one Standard Movement, then a facing."""

    verb = "move"
    to: tuple[int, int]
    facing: Facing


@attrs.frozen
class Turn(Movement):
    """A Movement of no distance: only the facing changes."""

    verb = "turn"
    facing: Facing


@attrs.frozen
class Climb(Movement):
    """Up or down to an adjacent cell, any height up to one Standard Movement."""

    verb = "climb"
    to: tuple[int, int]
    facing: Facing


@attrs.frozen
class Jump(Movement):
    """Down any height to an adjacent lower cell; the mini lands prone."""

    verb = "jump"
    to: tuple[int, int]
    facing: Facing


@attrs.frozen
class JumpAttack(Movement):
    """Jump down onto an adjacent enemy at least one level below."""

    verb = "jump-attack"
    role = Role.ATTACK
    target: str


@attrs.frozen
class Stand(Movement):
    """Stand a prone mini up, facing any way."""

    verb = "stand"
    facing: Facing


@attrs.frozen
class Shoot(Order):
    """A shooter declares a long-range target (free, once a turn)."""

    verb = "shoot"
    role = Role.ATTACK
    unit: str
    target: str


@attrs.frozen
class Destroy(Order):
    """Destroy an artifact the side's minis are in contact with (free)."""

    verb = "destroy"
    role = Role.ATTACK
    feature: str


@attrs.frozen
class Pass(Order):
    """Give up the rest of the turn's Movements (or end the final turn)."""

    verb = "pass"
    role = Role.END_TURN


@attrs.frozen
class FreeMove(Order):
    """The Defending Free Movement: one Movement out of turn."""

    verb = "free-move"
    order: Movement


@attrs.frozen
class Decline(Order):
    """Decline the Defending Free Movement."""

    verb = "decline"
    role = Role.END_TURN


@attrs.frozen
class Relocate(Order):
    """Final turn: a movable mini goes to any free cell."""

    verb = "relocate"
    unit: str
    to: tuple[int, int]
    facing: Facing


MOVEMENTS = (Move, Turn, Climb, Jump, JumpAttack, Stand)
ORDER_TYPES = (*MOVEMENTS, Shoot, Destroy, Pass, FreeMove, Decline, Relocate, *DEPLOYMENT_ORDERS)
