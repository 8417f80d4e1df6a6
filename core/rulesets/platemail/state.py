"""Platemail values: characters, options, state (the Actions and
Conditions are in kinds.py, the orders in orders.py)."""

from __future__ import annotations

import enum

import attrs

from core.board import Battlefield, Cell
from core.dice import Dice
from core.options import option
from core.values import copy_with, evolve

from .kinds import Action, Condition

INVOLUNTARY = frozenset({Action.CRASH, Action.CLASH, Action.DAZED, Action.TERROR})

# (R) / (NR) as printed next to each Action.  Use Item depends on the item.
READY = {
    Action.MOVE: True, Action.SPRINT: False, Action.FALL_BACK: True, Action.SKULK: True,
    Action.CHARGE: False, Action.FULL_ATTACK: False, Action.COUNTER: True, Action.RANGED: True,
    Action.RAPID_FIRE: False, Action.AIM: False, Action.DEFEND: True, Action.GUARD: True,
    Action.PREPARE: False, Action.RELEASE: False, Action.FOCUS: False, Action.USE_ITEM: True,
    Action.RESCUE: False, Action.STABILIZE: False, Action.CRASH: True, Action.CLASH: False,
    Action.DAZED: False, Action.TERROR: False,
}

# Movement allowance in 5-foot cells.
MOVES = {
    Action.MOVE: 3, Action.SPRINT: 6, Action.FALL_BACK: 3, Action.SKULK: 3, Action.CHARGE: 3,
    Action.GUARD: 3, Action.RESCUE: 3, Action.TERROR: 6,
}

TITLES = {
    Action.MOVE: "Move", Action.SPRINT: "Sprint", Action.FALL_BACK: "Fall Back", Action.SKULK: "Skulk",
    Action.CHARGE: "Charge", Action.FULL_ATTACK: "Full Attack", Action.COUNTER: "Counter",
    Action.RANGED: "Ranged Attack", Action.RAPID_FIRE: "Rapid Fire", Action.AIM: "Aim",
    Action.DEFEND: "Defend", Action.GUARD: "Guard", Action.PREPARE: "Prepare Spell",
    Action.RELEASE: "Release Spell", Action.FOCUS: "Focus Spell", Action.USE_ITEM: "Use Item",
    Action.RESCUE: "Rescue", Action.STABILIZE: "Stabilize", Action.CRASH: "Crash",
    Action.CLASH: "Clash", Action.DAZED: "Dazed", Action.TERROR: "Terror",
}


CONDITION_TEXT = {
    Condition.REACHED: "I reached my target", Condition.TARGET_DOWN: "my target is down",
    Condition.HIT: "I was hit", Condition.ENEMY_ADJACENT: "an enemy is adjacent",
    Condition.IN_RANGE: "my target is within Range", Condition.VISIBLE: "my target is visible",
    Condition.ALLY_DOWN: "an ally is down", Condition.WOUNDED: "I am wounded",
    Condition.SPELL_READY: "my spell is prepared",
}

# General targets (seed "Targeting"); anything else is a character id.
GENERAL_TARGETS = {
    "closest": "the closest hostile",
    "injured": "the most injured enemy",
    "biggest": "the biggest enemy",
    "ally": "the closest ally",
    "ally-injured": "the most injured ally",
    "ally-down": "the closest fallen ally",
    "self": "myself",
}
ITEMS = ("reload", "potion", "door", "free")  # plus "swap:<weapon key>"


class Status(enum.Enum):
    __hash__ = object.__hash__  # as Action's

    FIGHTING = "fighting"
    DYING = "dying"  # Unconscious and Fatally Wounded
    STABLE = "stable"  # Unconscious but Stable: out of the fight
    DEAD = "dead"


_FIGHTING = Status.FIGHTING


# Hashed as a memo key on every listing; not slotted: ``rebuild`` copies its
# __dict__ (a Round rebuilds characters at every step, and ``__init__``
# with 35 fields costs several times the copy).
@attrs.frozen(cache_hash=True, slots=False)
class Character:
    id: str
    side: int
    name: str
    archetype: str
    glyph: str
    pos: Cell | None
    max_wounds: int
    strength: int
    dexterity: int
    stealth: int
    perception: int
    medical: int
    concentration: int
    wielding: str
    carried: tuple[str, ...]
    armour: str
    shield: str | None
    wounds: int = 0
    status: Status = Status.FIGHTING
    dying_rounds: int = 0
    fell_round: int = 0
    loaded: bool = True
    potions: int = 0
    spells: tuple[str, ...] = ()
    prepared: str | None = None
    focus: str | None = None  # ongoing spell kept up by Focus Spell
    focus_target: str | None = None
    prone: bool = False
    entrapped: bool = False
    dazed: int = 0  # next Actions replaced by Dazed
    terror: int = 0  # next Actions replaced by Terror
    aimed: bool = False
    hidden: bool = False
    stealth_roll: int = 0
    lost_limbs: tuple[str, ...] = ()

    @property
    def fighting(self) -> bool:
        return self.status is _FIGHTING  # Status.FIGHTING, read as a module name (cheaper than from the class)

    @property
    def cell(self) -> Cell:
        """Where the character stands, asked only of one on the battlefield."""
        if self.pos is None:
            raise ValueError(f"{self.id} is not on the battlefield")
        return self.pos


def rebuild(inst, **changes):
    """``core.values.evolve(inst, **changes)`` made cheaper for the two
    values Platemail rebuilds most, a character (every step of a Round) and
    the state (every written order): the new one starts as a copy of the
    old one's ``__dict__`` and takes ``changes``, a character's hash cache
    emptied (as ``__init__`` leaves it); anything else goes through evolve.
    Equal to what evolve builds (``tests/rulesets/platemail``)."""
    cls = type(inst)
    if cls is Character:
        return copy_with(inst, changes, _FRESH_CHARACTER)
    if cls is PlatemailState:
        return copy_with(inst, changes)
    return evolve(inst, **changes)


_HASH_CACHE = "_attrs_cached_hash"  # where attrs keeps a cache_hash class's hash (None: not worked out)
_FRESH_CHARACTER = ((_HASH_CACHE, None),)  # a new character has not worked out its hash


def _roster_help() -> str:
    return ("Comma-separated archetypes: footman, archer, crossbowman, knight, rogue, spellcaster (1 to 8); "
            "each may name its gear, archetype:weapon:armour:shield (empty keeps its own, none: no shield).")


@attrs.frozen
class PlatemailOptions:
    roster_0: str = option("footman,archer,knight", "Player 1's roster", _roster_help())
    roster_1: str = option("footman,crossbowman,spellcaster", "Player 2's roster", _roster_help())
    max_wounds: int = option(3, "Max Wounds", "Wounds a character can take before falling.", minimum=1, maximum=6)
    round_limit: int = option(12, "Round limit", "The battle ends after this many Rounds.", minimum=1, maximum=60)
    poison: bool = option(True, "Poisoned darts", "Blowgun darts carry poison (1 Wound that ignores Absorb).")


@attrs.frozen(slots=False)  # not slotted: rebuild() copies its __dict__ (a write rebuilds it at every order)
class PlatemailState:
    options: PlatemailOptions
    battlefield: Battlefield
    dice: Dice
    players: tuple[str, str]
    characters: tuple[Character, ...]
    stage: str = "deploy"  # deploy, orders, over
    deploying: int = 0
    round: int = 1
    plans: tuple[Write, ...] = ()
    committed: tuple[bool, bool] = (False, False)
    open_doors: tuple[str, ...] = ()
    winner: int | None = None
    reason: str = ""

    def char(self, unit: str) -> Character | None:
        for c in self.characters:
            if c.id == unit:
                return c
        return None

    def plan(self, unit: str) -> Write | None:
        for p in self.plans:
            if p.unit == unit:
                return p
        return None


# The orders live in orders.py; they are named here too, as the state's
# annotations (a character's written orders) refer to them, and other
# modules import Act and Commit from here.
from .orders import Act, Commit, Write  # noqa: E402, F401
