"""Options and the game state of Waylights (frozen, JSON-friendly values)."""

from __future__ import annotations

import attrs

from core.board import Battlefield
from core.dice import Dice
from core.memo import Memo, memo_field
from core.options import option
from core.rulesets.waylights.roster import FISTS, KINDS, PRESETS, WEAPONS, Kind, Weapon
from core.values import copy_with, evolve

READY, KO, DEAD = "ready", "ko", "dead"
SURPRISE = ("none", "side 0", "side 1", "both")


@attrs.frozen
class WaylightsOptions:
    team_0: str = option("patrol", "Side 0 team", "Preset team for side 0 (used when the roster is empty).",
                         choices=tuple(PRESETS))
    team_1: str = option("gang", "Side 1 team", "Preset team for side 1 (used when the roster is empty).",
                         choices=tuple(PRESETS))
    roster_0: str = option("", "Side 0 roster", "Comma-separated kinds, e.g. fighter,fighter,archer; overrides the team.")
    roster_1: str = option("", "Side 1 roster", "Comma-separated kinds; overrides the team.")
    surprise: str = option("none", "Surprise", "Which side meant to catch the other by surprise (Sequence).",
                           choices=SURPRISE)
    players_side: int = option(0, "Players' side", "The side that wins Timing ties (the PCs of the Sequence rule).",
                               choices=(0, 1))
    round_limit: int = option(12, "Round limit", "After this many rounds the game ends: more characters standing wins, equal numbers draw.",
                              minimum=1, maximum=99)
    psi_tension: bool = option(False, "Psi tension", "Optional rule: narrow results build tension to spend.")
    alternate_damage: bool = option(False, "Alternate damage", "Optional rule: trade wounds for effects.")


@attrs.frozen(slots=False)  # not slotted: rebuild() copies its __dict__
class Fighter:
    """One character: its template key plus everything that changes."""

    id: str
    side: int
    kind: str
    pos: tuple[int, int] | None = None
    status: str = READY
    wounds: int = 0
    glances: int = 0  # glancing hits taken (tracked, no effect)
    wielding: int = 0  # index into the kind's weapons
    ammo: tuple[int, ...] = ()  # rounds left in each weapon's clip/hopper (thrown: items carried)
    primed: tuple[bool, ...] = ()
    spares: tuple[int, ...] = ()
    split: int | None = None  # attack dice of the current allocation (defence = 4 - split)
    split_round: int = 0  # the round in which the allocation was last declared (kept until its next turn)
    acted_round: int = 0
    crystals: int = 0
    healed: int = 0  # wound penalty removed by healing crystals
    tension: int = 0
    boosts: tuple[str, ...] = ()  # "skill"/"stat" boosted by 5 tension
    extra_wounds: int = 0  # KOs ignored with 9 tension
    broken: tuple[str, ...] = ()  # "weapon:<name>", "shield", "armour"
    grappled_by: str | None = None
    entangled: bool = False
    pierced: bool = False
    suppressed_by: str | None = None
    shielded_by: str | None = None  # the figure this one holds as a human shield
    wake_round: int = 0  # stunned: wakes at the start of this round

    @property
    def template(self) -> Kind:
        return KINDS[self.kind]

    @property
    def name(self) -> str:
        return f"{self.template.name} {self.id}"

    @property
    def weapons(self) -> tuple[Weapon, ...]:
        return tuple(WEAPONS[w] for w in self.template.weapons)

    @property
    def weapon(self) -> Weapon:
        names = self.template.weapons  # read often: without building ``weapons``
        if not names:
            return FISTS
        w = WEAPONS[names[self.wielding]]
        return FISTS if self.broken and f"weapon:{w.name}" in self.broken else w

    @property
    def ko_at(self) -> int:
        return self.template.wounds + self.extra_wounds

    @property
    def up(self) -> bool:
        return self.status == READY and self.pos is not None

    @property
    def penalty(self) -> int:
        return max(0, self.wounds - self.healed)


@attrs.frozen
class PendingAttack:
    """An attack declared and past its cover roll, waiting for the target's
    allocation and/or its choice between defending and counterattacking."""

    attacker: str
    target: str
    weapon: int
    effect: str | None = None
    push: str | None = None
    psi: int = 0
    smash: str | None = None
    cover: int = 0


@attrs.frozen(slots=False)  # not slotted: rebuild() copies its __dict__
class WaylightsState:
    options: WaylightsOptions
    battlefield: Battlefield
    dice: Dice
    players: tuple[str, str]
    fighters: tuple[Fighter, ...]
    phase: str = "deploy"  # deploy, battle, over
    deploy_side: int = 0
    round: int = 0
    order: tuple[str, ...] = ()  # turn order of this round
    index: int = 0
    active: str | None = None
    pending: str = ""  # "", "split", "target-split", "response"
    attack: PendingAttack | None = None
    actions: int = 0
    max_actions: int = 2
    moved: bool = False  # the Move action was used: no step
    turn_from: tuple[int, int] | None = None  # where the active figure stood when its turn began
    stepped: bool = False
    # The full-turn reload (the RELOAD | CLIP row: no step): "clip" or
    # "reload" once that half is done this turn, "both" once both are.
    reloading: str = ""
    exposed: bool = False  # the active figure stepped out of cover this turn
    target: str | None = None  # the one target of this turn's attacks
    counter_used: bool = False  # one counterattack between character turns
    winner: int | None = None
    end_reason: str = ""
    memo: Memo = memo_field()  # what this state implies (core/memo.py): where figures stand, their reach

    def get(self, uid: str) -> Fighter:
        for f in self.fighters:
            if f.id == uid:
                return f
        raise KeyError(uid)

    def find(self, uid: str) -> Fighter | None:
        for f in self.fighters:
            if f.id == uid:
                return f
        return None

    def put(self, fighter: Fighter) -> WaylightsState:
        return rebuild(self, fighters=tuple([fighter if f.id == fighter.id else f for f in self.fighters]))

    def side_of(self, side: int) -> tuple[Fighter, ...]:
        return tuple(f for f in self.fighters if f.side == side)

    def occupied(self) -> dict[tuple[int, int], str]:
        """Who stands where (figures not dead), in figure order; shared: do
        not modify."""
        return self.memo.get("waylights.occupied", self._occupied)

    def _occupied(self) -> dict[tuple[int, int], str]:
        return {f.pos: f.id for f in self.fighters if f.pos is not None and f.status != DEAD}


def new_fighter(uid: str, side: int, key: str) -> Fighter:
    kind = KINDS[key]
    weapons = [WEAPONS[w] for w in kind.weapons]
    return Fighter(
        id=uid, side=side, kind=key,
        ammo=tuple(w.capacity for w in weapons),
        primed=tuple(w.kind == "launcher" for w in weapons),
        spares=tuple(w.spares for w in weapons),
        crystals=kind.crystals,
    )


def rebuild(inst, **changes):
    """``core.values.evolve`` made cheaper for the two values Waylights
    rebuilds on every order, a state and a figure (else evolve itself): the
    new instance starts as a copy of the old one's ``__dict__`` (one C call
    instead of ``__init__`` with every field), takes ``changes``, and a
    state gets a new, empty memo (what the old state implied is not carried
    over).  Equal to what evolve builds (``tests/rulesets/waylights``)."""
    cls = type(inst)
    if cls is WaylightsState:
        return copy_with(inst, changes, {"memo": Memo()})
    if cls is Fighter:
        return copy_with(inst, changes)
    return evolve(inst, **changes)


