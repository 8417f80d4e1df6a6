"""Equipment and the starter roster (Waylights, "Relevant stats",
"Equipment and environment" and the Wounds-before-KO table).

Everything here is plain data.  A side is built from a roster string such
as ``"fighter,fighter,archer"`` or from a named preset team.
"""

from __future__ import annotations

import attrs

MELEE, LAUNCHER, THROWN = "melee", "launcher", "thrown"

# Wounds before KO by character type (the "Endgame" table).
WOUNDS_BY_TYPE = {
    "small animal": 1,
    "child": 2,
    "farm critter": 2,
    "civilian": 3,
    "mook": 3,
    "large animal": 3,
    "trained fighter": 4,
    "pc": 4,
    "elite": 5,
    "fanatic": 5,
    "fearless": 6,
    "great monster": 7,
}


@attrs.frozen
class Weapon:
    """A melee weapon (``reach``), a launcher or a thrown weapon (``range``,
    ``capacity`` rounds a clip or hopper, ``spares`` full clips carried).

    ``skill``/``stat`` name the skill and base stat it is used with;
    ``pierce`` is how much armour defence bonus it ignores (99: all);
    ``parry`` is a shield-like defence bonus while it is wielded;
    ``self_priming`` launchers chamber the next round as they fire;
    ``effects`` are the alternate-damage effects it allows beyond the
    generic ones (``entangle``, ``stun``); ``unarmed`` marks the fists a
    figure is left with, ``natural`` a beast's body (bite, claw): neither
    is an item psi tension can smash (docs/rulings.md, Psi Tension)."""

    name: str
    kind: str = MELEE
    bonus: int = 0
    reach: int = 1
    range: int = 0
    capacity: int = 0
    spares: int = 0
    self_priming: bool = False
    pierce: int = 0
    parry: int = 0
    skill: str = "brawling"
    stat: str = "strength"
    effects: tuple[str, ...] = ()
    unarmed: bool = False
    natural: bool = False

    @property
    def ranged(self) -> bool:
        return self.kind != MELEE

    @property
    def item(self) -> bool:
        """An item that can be damaged (a disarm): not fists, bite or claw."""
        return not (self.unarmed or self.natural)


FISTS = Weapon("fists", bonus=0, skill="brawling", stat="strength", unarmed=True)

WEAPONS = {
    "sword": Weapon("sword", bonus=2, skill="blade", stat="strength"),
    "knife": Weapon("knife", bonus=1, skill="blade", stat="speed"),
    "club": Weapon("club", bonus=1, skill="brawling", stat="strength"),
    "spear": Weapon("spear", bonus=1, reach=2, skill="polearm", stat="strength", parry=1),
    "stun-rod": Weapon("stun-rod", bonus=1, skill="blade", stat="focus", effects=("stun",)),
    "bite": Weapon("bite", bonus=2, skill="natural", stat="strength", natural=True),
    "pneumatic": Weapon("pneumatic", kind=LAUNCHER, bonus=2, range=10, capacity=4, spares=2,
                        skill="launcher", stat="focus"),
    "pistol": Weapon("pistol", kind=LAUNCHER, bonus=1, range=6, capacity=6, spares=1, self_priming=True,
                     skill="launcher", stat="speed"),
    "piercer": Weapon("piercer", kind=LAUNCHER, bonus=2, range=12, capacity=3, spares=1, pierce=99,
                      skill="launcher", stat="focus"),
    "shock-net": Weapon("shock-net", kind=LAUNCHER, bonus=0, range=5, capacity=2, spares=0,
                        skill="launcher", stat="focus", effects=("entangle",)),
    "stones": Weapon("stones", kind=THROWN, bonus=0, range=5, capacity=6, skill="throwing", stat="speed"),
    "darts": Weapon("darts", kind=THROWN, bonus=1, range=4, capacity=4, skill="throwing", stat="speed",
                    pierce=1),
}


@attrs.frozen
class Kind:
    """A roster entry: one character template."""

    key: str
    name: str
    type: str  # a row of the Wounds-before-KO table
    timing: int
    strength: int
    speed: int
    focus: int
    skills: tuple[tuple[str, int], ...]
    threshold: int
    move: int
    weapons: tuple[str, ...]
    shield: int = 0  # shield defence bonus
    armour_threshold: int = 0
    armour_defence: int = 0
    crystals: int = 0
    glyph: str = "@"
    blurb: str = ""

    @property
    def wounds(self) -> int:
        return WOUNDS_BY_TYPE[self.type]


KINDS = {k.key: k for k in (
    Kind("fighter", "Fighter", "trained fighter", timing=2, strength=1, speed=1, focus=0,
         skills=(("blade", 2), ("brawling", 1)), threshold=2, move=6, weapons=("sword",),
         shield=1, armour_threshold=1, glyph="F", blurb="sword, small shield, padded armour"),
    Kind("archer", "Archer", "trained fighter", timing=2, strength=0, speed=1, focus=1,
         skills=(("launcher", 2), ("blade", 1)), threshold=2, move=6, weapons=("pneumatic", "knife"),
         armour_threshold=1, glyph="A", blurb="pneumatic launcher (hopper of 4, 2 spare), knife"),
    Kind("spear", "Spearman", "trained fighter", timing=1, strength=1, speed=0, focus=0,
         skills=(("polearm", 2),), threshold=2, move=6, weapons=("spear",),
         armour_threshold=1, armour_defence=1, glyph="S", blurb="spear with reach 2 that also parries"),
    Kind("mook", "Mook", "mook", timing=0, strength=1, speed=0, focus=0,
         skills=(("brawling", 1),), threshold=2, move=5, weapons=("club",), glyph="m",
         blurb="club, no armour"),
    Kind("slinger", "Mook slinger", "mook", timing=1, strength=0, speed=1, focus=0,
         skills=(("throwing", 1),), threshold=2, move=5, weapons=("stones", "knife"), glyph="s",
         blurb="six thrown stones, knife without skill"),
    Kind("thug", "Mook with pistol", "mook", timing=1, strength=0, speed=1, focus=0,
         skills=(("launcher", 1),), threshold=2, move=5, weapons=("pistol", "club"), glyph="t",
         blurb="self-priming pistol (clip of 6, 1 spare), club without skill"),
    Kind("elite", "Elite", "elite", timing=3, strength=2, speed=1, focus=1,
         skills=(("blade", 3), ("brawling", 2)), threshold=3, move=6, weapons=("sword", "stun-rod"),
         shield=1, armour_threshold=2, armour_defence=1, crystals=1, glyph="E",
         blurb="sword, stun rod, shield, heavy armour, one healing crystal"),
    Kind("marksman", "Elite marksman", "elite", timing=3, strength=0, speed=2, focus=2,
         skills=(("launcher", 3), ("blade", 1)), threshold=2, move=6, weapons=("piercer", "shock-net", "knife"),
         armour_threshold=1, armour_defence=1, glyph="K",
         blurb="armour-piercing launcher, shock-net launcher (entangles), knife"),
    Kind("beast", "Great cat", "large animal", timing=2, strength=3, speed=2, focus=0,
         skills=(("natural", 2),), threshold=3, move=8, weapons=("bite",), glyph="C",
         blurb="large animal: bite, tough hide, fast"),
)}

PRESETS = {
    "patrol": ("fighter", "fighter", "archer"),
    "gang": ("mook", "mook", "slinger", "thug"),
    "elites": ("elite", "marksman"),
    "hunters": ("spear", "archer", "fighter"),
    "beasts": ("beast", "beast"),
}


def parse_roster(text: str) -> tuple[str, ...] | str:
    """Kind keys from ``"fighter,fighter,archer"``, or a sentence saying what is wrong."""
    keys = tuple(k.strip().lower() for k in text.split(",") if k.strip())
    if not keys:
        return "a roster needs at least one character"
    if len(keys) > 8:
        return "a roster holds at most 8 characters"
    unknown = [k for k in keys if k not in KINDS]
    if unknown:
        return f"unknown character kind {unknown[0]!r} (known: {', '.join(KINDS)})"
    return keys


def weapon_words(key: str, clip: bool = False) -> str:
    """One weapon, briefly: its bonus and its reach or range (and clip)."""
    w = WEAPONS[key]
    if not w.ranged:
        return f"{w.name} +{w.bonus}" + (f" reach {w.reach}" if w.reach > 1 else "") + (
            f" parry +{w.parry}" if w.parry else "")
    rounds = f" ({w.capacity}" + (f", {w.spares} spare)" if w.spares else ")") if clip and w.capacity else ""
    return f"{w.name} +{w.bonus} range {w.range}{rounds}"


def kind_words(key: str) -> str:
    """A kind in one line: the numbers a player picks by (Wounds before KO,
    Threshold with armour, Timing, move), its weapons and its gear (shield,
    armour, healing crystals)."""
    k = KINDS[key]
    gear = [weapon_words(w) for w in k.weapons]
    if k.shield:
        gear.append(f"shield +{k.shield}")
    if k.armour_threshold or k.armour_defence:  # as the figure's card names it
        gear.append(f"armour T+{k.armour_threshold}" + (f" D+{k.armour_defence}" if k.armour_defence else ""))
    if k.crystals:
        gear.append(f"{k.crystals} healing crystal{'s' if k.crystals != 1 else ''}")
    return (f"{k.name}: Wounds {k.wounds}, Threshold {k.threshold + k.armour_threshold}, Timing {k.timing}, "
            f"Move {k.move} · {', '.join(gear)}")
