"""Optio orders.  Squares in orders are large squares ``x,y`` (0..4)."""

from __future__ import annotations

import attrs

from core.orders import Order, Role


@attrs.frozen
class Move(Order):
    """Move one block one large square (or onto the home edge from off the
    map).  In the closing phase a move that does not close on the enemy
    army costs a kudo coin, and any army move ends the turn."""

    verb = "move"
    unit: str
    to: tuple[int, int]


@attrs.frozen
class Scout(Order):
    """An army or scout that moved in beside an opponent's block this turn
    shows itself and makes ``target`` show itself."""

    verb = "scout"
    role = Role.ATTACK
    unit: str
    target: str


@attrs.frozen
class EndTurn(Order):
    """Finish a scouting-phase turn (at least one block must have moved)."""

    verb = "end-turn"
    role = Role.END_TURN


@attrs.frozen
class Hold(Order):
    """Closing phase: pay a kudo coin and keep the army where it is."""

    verb = "hold"
    role = Role.QUIET


@attrs.frozen
class PlaceTemplate(Order):
    """Place the template: shifted ``forward`` (towards the second army's
    side) and ``right`` (to the placer's right) by -1, 0 or 1 small square."""

    verb = "place-template"
    forward: int = 0
    right: int = 0


ORDER_TYPES = (Move, Scout, EndTurn, Hold, PlaceTemplate)
