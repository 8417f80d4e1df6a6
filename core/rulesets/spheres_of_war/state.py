"""State and options of Spheres of War, Tactical Fragment 1.

Combatant ids are fixed at setup from the roles: ``i1``..``i5`` belong to
the Instigator (white), ``r1``..``r5`` to the Retaliator (black).
"""

from __future__ import annotations

import enum

import attrs

from core.board import Battlefield, Cell
from core.dice import Dice
from core.memo import Memo, memo_field
from core.options import option
from core.values import evolve

ACTIONS_EACH = 5  # rule 17, read with rule 37: five Actions for each of the pair
TEAM_SIZE = 5  # rule 4


class Phase(enum.Enum):
    DEPLOY = "deploy"
    CHOOSE = "choose"  # the Instigator picks among equally close pairs (rule 13)
    MATCH = "match"  # a Match is being played out
    OVER = "over"


@attrs.frozen
class SowOptions:
    instigator: str = option(
        "coin", "Instigator",
        "Who takes the Instigator role (rule 7), who acts first in every Match: a coin flip, or a player.",
        choices=("coin", "first", "second"),  # saved as these words: old saves name them
        shown={"coin": "a coin flip", "first": "Player 1", "second": "Player 2"})
    version: str = option(
        "v0.1f", "Rules version",
        "v0.1f as printed, or the author's v0.2 amendments: pairs still touching at the end of a turn stay "
        "Matched, and a side wins as soon as the enemy has nobody left.",
        choices=("v0.1f", "v0.2"))
    turn_limit: int = option(
        20, "Turn limit", "The game stops after this many turns; more combatants standing wins, equal is a draw.",
        minimum=1, maximum=200)


@attrs.frozen
class Combatant:
    id: str
    side: int
    pos: Cell | None = None  # None: not yet deployed, or removed
    removed: bool = False

    @property
    def on_board(self) -> bool:
        return self.pos is not None and not self.removed

    @property
    def cell(self) -> Cell:
        """Where the combatant stands, asked only of one deployed."""
        if self.pos is None:
            raise ValueError(f"{self.id} is not on the battlefield")
        return self.pos


@attrs.frozen
class Match:
    """The Match being played.  ``step`` counts Actions used by both (0..10):
    even steps are the Instigator's, odd ones the Retaliator's (rule 16).
    ``struck`` is the combatant that has been struck and must defend next."""

    number: int
    instigator: str
    retaliator: str
    step: int = 0
    struck: str | None = None


# Where setup puts each combatant in ``SowState.units`` (side 0's first),
# by which side is the Instigator.
_PLACE = tuple({f"{'i' if side == instigator else 'r'}{n}": side * TEAM_SIZE + n - 1
                for side in (0, 1) for n in range(1, TEAM_SIZE + 1)} for instigator in (0, 1))


@attrs.frozen
class SowState:
    options: SowOptions
    battlefield: Battlefield
    players: tuple[str, str]
    instigator: int  # the side playing the Instigator
    units: tuple[Combatant, ...]
    dice: Dice
    phase: Phase = Phase.DEPLOY
    deploying: int = 0
    turn: int = 0
    match: Match | None = None
    matches_formed: int = 0  # Matches formed so far this turn
    inert: tuple[str, ...] = ()  # resolved this turn (rule 19)
    paired: tuple[tuple[str, str], ...] = ()  # (instigator id, retaliator id) Matched this turn
    locked: tuple[tuple[str, str], ...] = ()  # v0.2: pairs carried into this turn still Matched
    winner: int | None = None
    over_reason: str = ""
    memo: Memo = memo_field()  # what this state implies (core/memo.py)

    # -- lookups ---------------------------------------------------------
    @property
    def retaliator(self) -> int:
        return 1 - self.instigator

    def unit(self, uid: str) -> Combatant | None:
        units = self.units
        # Setup lists the sides' combatants in id order (the fast guess);
        # any other list is searched.
        k = _PLACE[self.instigator].get(uid)
        if k is not None and k < len(units):
            u = units[k]
            if u.id == uid:
                return u
        for u in units:
            if u.id == uid:
                return u
        return None

    def get(self, uid: str) -> Combatant:
        """``unit`` for a combatant the caller knows is in the game."""
        found = self.unit(uid)
        if found is None:
            raise KeyError(uid)
        return found

    @property
    def current(self) -> Match:
        """The Match being played, asked only while one is."""
        if self.match is None:
            raise ValueError("no Match is being played")
        return self.match

    def side_units(self, side: int) -> tuple[Combatant, ...]:
        return tuple([u for u in self.units if u.side == side])

    def standing(self, side: int) -> tuple[Combatant, ...]:
        # u.on_board, read directly: asked for every pair a Match could form
        return tuple([u for u in self.units if u.side == side and u.pos is not None and not u.removed])

    def role(self, side: int) -> str:
        return "Instigator" if side == self.instigator else "Retaliator"

    def who(self, side: int) -> str:
        """The player and role, for sentences: "Ann (Instigator)"."""
        return f"{self.players[side]} ({self.role(side)})"

    def with_unit(self, unit: Combatant) -> SowState:
        uid = unit.id
        return evolve(self, units=tuple([unit if u.id == uid else u for u in self.units]))

    def occupied(self) -> dict[Cell, str]:
        return {u.pos: u.id for u in self.units if u.pos is not None and not u.removed}  # on_board

    def partner(self, uid: str) -> str | None:
        """The v0.2 locked partner of ``uid``, if any: none once either of
        the pair has been removed (a pair whose member was removed is no
        pair, and a Winner is free, rule 38)."""
        for a, b in self.locked:
            if uid in (a, b):
                other = b if a == uid else a
                return other if all(self._standing_id(x) for x in (a, b)) else None
        return None

    def _standing_id(self, uid: str) -> bool:
        found = self.unit(uid)
        return found is not None and found.on_board
