"""The state of a Plasto Latros game: minis, the attacks standing between
them, and where the turn is.  Statuses (Threat, Locked, Doom, Pinned) are
worked out from the attacks, see :mod:`.status`."""

from __future__ import annotations

import enum

import attrs

from core.board import Battlefield, Cell, Facing, Feature
from core.memo import Memo, carry, memo_field
from core.values import evolve

from .options import PlastoOptions

_new, _set = object.__new__, object.__setattr__


class Phase(enum.Enum):
    DEPLOY = "deploy"
    PLAY = "play"
    FINAL = "final"  # the last turn of the only player with movable minis
    OVER = "over"


class Kind(enum.Enum):
    CONTACT = "contact"  # base-to-base: Threat, both Locked In Battle
    SHOT = "shot"  # long range: Threat and Pinned until the turn ends
    JUMP = "jump"  # a jump attack waiting for the defender's answer


@attrs.frozen
class Mini:
    id: str
    side: int
    shooter: bool
    pos: Cell | None = None
    facing: Facing = Facing.N
    prone: bool = False

    @property
    def cell(self) -> Cell:
        """Where it stands, asked only of a mini on the battlefield."""
        if self.pos is None:
            raise ValueError(f"{self.id} is not on the battlefield")
        return self.pos


@attrs.frozen
class Attack:
    kind: Kind
    attacker: str
    target: str


@attrs.frozen
class Result:
    winner: int | None
    reason: str


@attrs.frozen(slots=False)  # not slotted: rebuild() copies its __dict__
class PlastoState:
    options: PlastoOptions
    battlefield: Battlefield
    players: tuple[str, str]
    minis: tuple[Mini, ...]
    phase: Phase = Phase.DEPLOY
    active: int = 0  # whose turn (or who deploys)
    turn: int = 1  # player-turns, counted from 1
    movements_left: int = 2
    attacks: tuple[Attack, ...] = ()
    shot_this_turn: tuple[str, ...] = ()  # shooters that declared this turn
    acted_this_turn: bool = False  # spent a Movement, shot or destroyed
    passes_in_row: int = 0  # whole turns passed one after another
    pending_free: tuple[int, ...] = ()  # sides owed a Defending Free Movement, first one acts
    doomed: tuple[str, ...] = ()  # minis Doomed after the last order
    features: tuple[Feature, ...] = ()  # artifacts still standing
    destroyed: tuple[str, ...] = ()
    final_moved: tuple[str, ...] = ()  # minis already moved in the final turn
    result: Result | None = None
    # what this state implies (statuses from the attacks, Doom, blocked
    # cells...), worked out once per state (core/memo.py); no part of what
    # the state is: not compared, shown or saved
    memo: Memo = memo_field()

    def mini(self, unit: str) -> Mini | None:
        for m in self.minis:
            if m.id == unit:
                return m
        return None

    def get(self, unit: str) -> Mini:
        """``mini`` for a mini the caller knows is in the game."""
        found = self.mini(unit)
        if found is None:
            raise KeyError(unit)
        return found

    def on_board(self) -> list[Mini]:
        return [m for m in self.minis if m.pos is not None]

    def at(self, cell: Cell) -> Mini | None:
        for m in self.minis:
            if m.pos == cell:
                return m
        return None


    def replace(self, mini: Mini) -> PlastoState:
        unit = mini.id
        return rebuild(self, minis=tuple(mini if m.id == unit else m for m in self.minis))


# What a state's memo holds (keys of core/memo.py entries), by what it is
# derived from: the cells minis and artifacts stand on, or the minis and the
# attacks.  ``rebuild`` hands them on (``core.memo.carry``) to a new state
# that keeps those; tests/rulesets/plasto_latros/test_memo_carry.py checks
# every carried answer against one worked out afresh.
PLACE_FACTS = ("blocked", "sight-figures", "sight")
STATUS_FACTS = ("statuses",)
ALL_FACTS = PLACE_FACTS + STATUS_FACTS


def rebuild(state: PlastoState, same_places: bool = False, **changes) -> PlastoState:
    """``evolve(state, **changes)``, the new state starting with the facts of
    ``state`` that the changes leave true: the place facts when neither the
    minis nor the artifacts change (or ``same_places``: the minis changed,
    none of them moved), the statuses when the attacks and minis stay too.

    The new state's ``__dict__`` is a copy of the old one's (one C call
    instead of ``__init__`` with every field), its memo one of its own
    (built without a call of ``Memo.__init__``, which only makes the empty
    entries); equal to what evolve builds (test_rebuild.py)."""
    old_fields = state.__dict__
    fields = old_fields.copy()
    fields.update(changes)
    if len(fields) != len(old_fields) or type(state) is not PlastoState:
        return evolve(state, **changes)  # a name that is no field: let evolve say so
    new = _new(PlastoState)
    memo = fields["memo"] = _new(Memo)
    memo.entries = {}
    _set(new, "__dict__", fields)
    old = old_fields["memo"]
    if old.entries and (same_places or ("minis" not in changes and "features" not in changes)):
        statuses = "minis" not in changes and "attacks" not in changes
        carry(old, memo, ALL_FACTS if statuses else PLACE_FACTS)
    return new
