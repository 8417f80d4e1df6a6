"""Orders of Spheres of War (besides the shared deployment orders)."""

from __future__ import annotations

import attrs

from core.deployment import DEPLOYMENT_ORDERS
from core.orders import Order, Role


@attrs.frozen
class ChooseMatch(Order):
    """The Instigator picks which of several equally close pairs is Matched
    next (rule 13).  ``unit`` is the Instigator's combatant."""

    verb = "match"
    unit: str
    opponent: str


@attrs.frozen
class Wait(Order):
    """Do nothing for one Action (rule 24)."""

    verb = "wait"
    role = Role.QUIET
    unit: str


@attrs.frozen
class Move(Order):
    """Move straight toward or away from the Matched opponent (rules 25-27).
    ``to`` may lie off the battlefield: the combatant then leaves the game."""

    verb = "move"
    unit: str
    to: tuple[int, int]


@attrs.frozen
class Fight(Order):
    """A Fight Action while in contact (rules 30-36): defend with a d6 when
    struck, otherwise strike the opponent in contact."""

    verb = "fight"
    role = Role.ATTACK
    unit: str


@attrs.frozen
class DeployOutOfReach(Order):
    """Let the game place every figure of the side not yet placed where no
    enemy figure can strike it first (rules 16, 25-29), the rest along the
    front: what a Retaliator's player asks of "place the rest for me".
    Accepted while deploying, but not listed among the legal orders: the
    computer, the bench's players and random play choose from the listing,
    and play as they did (``deploy-all`` is their way to place the rest)."""

    verb = "deploy-out-of-reach"
    role = Role.DEPLOY


ORDER_TYPES = (*DEPLOYMENT_ORDERS, DeployOutOfReach, ChooseMatch, Wait, Move, Fight)
