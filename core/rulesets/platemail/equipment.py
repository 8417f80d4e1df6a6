"""Platemail equipment tables, the attribute scale, the archetypes and the
spell list (seed headings "Equipment", "Armor", "Shields", "Spellcasting
Actions").  These are constants, not state: a character names its gear by key.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Weapon:
    key: str
    name: str
    kind: str  # "melee", "thrown" or "ranged"
    hands: int
    penetration: int
    range_ft: int = 0  # 0 for melee-only weapons
    strength: int = 0  # strength requirement
    reload: str = ""  # "", "quick" or "complex"
    silent: bool = False
    wounds: int = 1
    properties: tuple[str, ...] = ()  # severs, dazes, entraps, poison, ...
    attack_bonus: int = 0
    ready_deflection: int = 0  # sword and staff, only while Ready
    also_thrown: bool = False  # the dagger: a melee weapon that can be thrown

    @property
    def melee(self) -> bool:
        return self.kind == "melee"

    @property
    def shoots(self) -> bool:
        return self.kind in ("thrown", "ranged") or self.also_thrown


W = Weapon
WEAPONS: dict[str, Weapon] = {w.key: w for w in (
    # One-handed melee
    W("axe", "Axe", "melee", 1, 0, properties=("severs",)),
    W("club", "Club", "melee", 1, 0, attack_bonus=-1, properties=("poor",)),
    W("dagger", "Dagger", "melee", 1, 0, range_ft=15, silent=True, also_thrown=True,
      properties=("unaware-pen",)),
    W("flail", "Flail", "melee", 1, 0, properties=("anti-shield",)),
    W("mace", "Mace", "melee", 1, 0, properties=("dazes",)),
    W("sword", "Sword", "melee", 1, 0, ready_deflection=1),
    # Two-handed melee
    W("great-axe", "Great Axe", "melee", 2, 1, strength=3, properties=("severs",)),
    W("great-sword", "Great Sword", "melee", 2, 1, strength=3, properties=("severs",)),
    W("lance", "Lance", "melee", 2, 1, properties=("mounted",)),
    W("pike", "Pike", "melee", 2, 1, properties=("anti-charge",)),
    W("spear", "Spear", "melee", 2, 1, properties=("charge-pen",)),
    W("staff", "Staff", "melee", 2, 0, ready_deflection=2),
    # Thrown
    W("net", "Bolo/Net", "thrown", 1, 0, range_ft=15, properties=("entraps",)),
    W("dart", "Dart", "thrown", 1, 0, range_ft=30, silent=True),
    W("javelin", "Javelin", "thrown", 1, 1, range_ft=15),
    # One-handed ranged
    W("blowgun", "Blowgun", "ranged", 1, 1, range_ft=30, silent=True, wounds=0, properties=("poison",)),
    W("sling", "Sling", "ranged", 1, 0, range_ft=30, properties=("dazes",)),
    # Two-handed ranged
    W("long-bow", "Long Bow", "ranged", 2, 2, range_ft=30, strength=2),
    W("short-bow", "Short Bow", "ranged", 2, 1, range_ft=30),
    W("light-crossbow", "Light Crossbow", "ranged", 2, 2, range_ft=30, reload="quick"),
    W("heavy-crossbow", "Heavy Crossbow", "ranged", 2, 3, range_ft=30, reload="complex"),
)}


@attrs.frozen
class Armour:
    key: str
    name: str
    deflection: int
    absorb: int
    ready_only: bool = False
    protects_limbs: int = 0
    provides_cover: bool = False


A = Armour
ARMOUR: dict[str, Armour] = {a.key: a for a in (
    A("unarmored", "Unarmored", 3, 0, ready_only=True),
    A("leather", "Leather", 2, 1),
    A("chain", "Chain Mail", 1, 2),
    A("splint", "Splint Mail", 1, 2, protects_limbs=1),
    A("half-plate", "Half Plate", 2, 3, protects_limbs=2),
    A("full-plate", "Full Plate", 3, 3, protects_limbs=3),
)}
SHIELDS: dict[str, Armour] = {a.key: a for a in (
    A("buckler", "Buckler", 2, 0, ready_only=True),
    A("shield", "Shield", 2, 1, ready_only=True),
    A("tower-shield", "Tower Shield", 1, 1, ready_only=True, provides_cover=True),
)}

LIMBS = ("left leg", "right leg", "left arm", "right arm")  # Severs Limb, d4 order

# --------------------------------------------------------------------------
# Attributes (the seed names them without a scale; see docs/rulings.md)
# --------------------------------------------------------------------------

ATTRIBUTES = ("strength", "dexterity", "stealth", "perception", "medical", "concentration")
ATTRIBUTE_MAX = 5
SAVE_TARGET = 10  # a save or check succeeds when d20 + score + modifiers beats this
PASSIVE_BASE = 10  # passive Perception = 10 + Perception score


@attrs.frozen
class Archetype:
    key: str
    name: str
    glyph: str
    wielding: str
    carried: tuple[str, ...]
    armour: str
    shield: str | None
    strength: int
    dexterity: int
    stealth: int
    perception: int
    medical: int
    concentration: int
    potions: int = 0
    spells: tuple[str, ...] = ()


ARCHETYPES: dict[str, Archetype] = {a.key: a for a in (
    Archetype("footman", "Footman", "F", "sword", ("javelin",), "chain", "shield",
              strength=2, dexterity=1, stealth=0, perception=1, medical=1, concentration=0),
    Archetype("archer", "Archer", "A", "long-bow", ("dagger",), "leather", None,
              strength=2, dexterity=2, stealth=1, perception=2, medical=0, concentration=1),
    Archetype("crossbowman", "Crossbowman", "X", "heavy-crossbow", ("mace",), "chain", None,
              strength=1, dexterity=1, stealth=0, perception=1, medical=0, concentration=1),
    Archetype("knight", "Knight", "K", "great-sword", ("flail",), "half-plate", None,
              strength=3, dexterity=0, stealth=0, perception=1, medical=0, concentration=1, potions=1),
    Archetype("rogue", "Rogue", "R", "dagger", ("dart", "dart", "net", "blowgun"), "leather", None,
              strength=1, dexterity=3, stealth=3, perception=2, medical=1, concentration=0, potions=1),
    Archetype("spellcaster", "Spellcaster", "S", "staff", (), "unarmored", None,
              strength=0, dexterity=1, stealth=1, perception=2, medical=2, concentration=3,
              spells=("firebolt", "binding", "dread", "mend")),
)}


# --------------------------------------------------------------------------
# Spells (the seed gives the casting Actions but no list; this is ours)
# --------------------------------------------------------------------------


@attrs.frozen
class Spell:
    key: str
    name: str
    range_ft: int  # 5 = touch (adjacent)
    effect: str  # "attack", "hold", "terror", "heal"
    penetration: int = 0
    ongoing: bool = False
    hostile: bool = True


SPELLS: dict[str, Spell] = {s.key: s for s in (
    # A bolt of fire: an attack roll, one Wound, Penetration 2.
    Spell("firebolt", "Firebolt", 30, "attack", penetration=2),
    # Binding: Dexterity save or be held (Not Ready, no moving) while the caster Focuses.
    Spell("binding", "Binding", 30, "hold", ongoing=True),
    # Dread: Concentration save or Terror for the target's next Action.
    Spell("dread", "Dread", 30, "terror"),
    # Mend: touch; Stabilizes a Fatally Wounded ally or heals one Wound.
    Spell("mend", "Mend", 5, "heal", hostile=False),
)}
