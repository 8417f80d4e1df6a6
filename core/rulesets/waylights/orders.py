"""Waylights orders (text form ``verb side=0 unit=a1 ...``)."""

from __future__ import annotations

import attrs

from core.board import Facing
from core.deployment import DEPLOYMENT_ORDERS
from core.orders import Order, Role


@attrs.frozen
class Split(Order):
    """Declare the dice allocation: ``attack`` dice of 4, the rest defend."""

    verb = "split"
    unit: str
    attack: int


@attrs.frozen
class Move(Order):
    """MOVE action: up to the move value (no free step in the same turn, before or after)."""

    verb = "move"
    unit: str
    to: tuple[int, int]


@attrs.frozen
class SplitMove(Order):
    """SPLIT MOVE action: up to half the move value; the step stays available."""

    verb = "split-move"
    unit: str
    to: tuple[int, int]


@attrs.frozen
class Step(Order):
    """The free one-cell step of a turn without a Move action (no Action)."""

    verb = "step"
    unit: str
    to: tuple[int, int]


@attrs.frozen
class Attack(Order):
    """FIGHT action: attack ``target`` with the wielded weapon.

    ``effect``/``push``: alternate damage to buy with the wounds (option);
    ``psi``: most tension to spend raising the result; ``smash``: spend 3
    tension on a valid hit to break the target's weapon, shield or armour."""

    verb = "attack"
    role = Role.ATTACK
    unit: str
    target: str
    effect: str | None = None
    push: Facing | None = None
    psi: int = 0
    smash: str | None = None


@attrs.frozen
class TakeCover(Order):
    """FIGHT action: dodge back into cover (undoes stepping out this turn)."""

    verb = "take-cover"
    unit: str


@attrs.frozen
class Wield(Order):
    """CHANGE WEAPON action."""

    verb = "wield"
    unit: str
    weapon: str


@attrs.frozen
class Reload(Order):
    """USE AN ITEM: prime a launcher from its clip or hopper."""

    verb = "reload"
    unit: str


@attrs.frozen
class Clip(Order):
    """USE AN ITEM: replace the clip (refill the hopper) of the wielded launcher."""

    verb = "clip"
    unit: str


@attrs.frozen
class Crystal(Order):
    """USE AN ITEM: a healing crystal lessens the wound penalty by one."""

    verb = "crystal"
    unit: str


@attrs.frozen
class Boost(Order):
    """USE A SKILL (psi tension option): 5 tension for +1 skill or stat."""

    verb = "boost"
    unit: str
    what: str


@attrs.frozen
class Finish(Order):
    """A full turn (both Actions): kill a KO character within reach or range."""

    verb = "finish"
    role = Role.ATTACK
    unit: str
    target: str


@attrs.frozen
class EndTurn(Order):
    """End the character's turn, giving up what is left of it."""

    verb = "end"
    role = Role.END_TURN
    unit: str


@attrs.frozen
class Defend(Order):
    """The attacked figure's side: defend with the defence dice."""

    verb = "defend"
    unit: str
    psi: int = 0


@attrs.frozen
class Counter(Order):
    """The attacked figure's side: counterattack with the defence dice
    (defending with none), resolved after the attack."""

    verb = "counter"
    unit: str
    effect: str | None = None
    push: Facing | None = None
    psi: int = 0
    smash: str | None = None


ORDER_TYPES = DEPLOYMENT_ORDERS + (Split, Move, SplitMove, Step, Attack, TakeCover, Wield, Reload, Clip,
                                   Crystal, Boost, Finish, EndTurn, Defend, Counter)
