"""A Platemail side's roster: archetypes, each with the weapon, armour and
shield the tables of the seed allow ("Equipment", "Armor", "Shields").

A roster is text so that it stays a plain option: comma-separated entries,
each an archetype key optionally followed by its gear,
``archetype[:weapon[:armour[:shield]]]`` (an empty part keeps the
archetype's own; ``none`` for no shield), e.g.
``footman:spear::none,archer,knight:great-axe:full-plate``.

The seed has no character creation; what may be chosen is a ruling (see
docs/rulings.md, Platemail, *Loadouts*): the wielded weapon is any melee or
ranged weapon of the tables (thrown weapons are carried and spent, never
held), any armour, any shield or none.  Attributes, carried weapons,
potions and spells stay the archetype's.
"""

from __future__ import annotations

import attrs

from .equipment import ARCHETYPES, ARMOUR, SHIELDS, SPELLS, WEAPONS, Archetype, Weapon

MAX_FIGURES = 8
NO_SHIELD = "none"

# Weapons a character may hold in hand: thrown weapons are carried (a Ranged
# Attack throws one and it is spent), so none of them is wielded.
WIELDABLE: tuple[str, ...] = tuple(k for k, w in WEAPONS.items() if w.kind != "thrown")


@attrs.frozen
class Figure:
    """One entry of a roster: an archetype and its gear."""

    archetype: str
    wielding: str
    armour: str
    shield: str | None

    @classmethod
    def of(cls, archetype: str) -> Figure:
        a = ARCHETYPES[archetype]
        return cls(archetype, a.wielding, a.armour, a.shield)

    @property
    def template(self) -> Archetype:
        return ARCHETYPES[self.archetype]

    def text(self) -> str:
        """The roster entry: the archetype alone when its gear is its own."""
        a = self.template
        parts = [self.archetype,
                 "" if self.wielding == a.wielding else self.wielding,
                 "" if self.armour == a.armour else self.armour,
                 "" if self.shield == a.shield else (self.shield or NO_SHIELD)]
        while len(parts) > 1 and parts[-1] == "":
            parts.pop()
        return ":".join(parts)


def _entry(text: str) -> Figure | str:
    parts = [p.strip().lower() for p in text.split(":")]
    key = parts[0]
    if key not in ARCHETYPES:
        return f"{key!r} is not an archetype (choose from {', '.join(ARCHETYPES)})."
    if len(parts) > 4:
        return f"{text.strip()!r}: an entry is archetype:weapon:armour:shield."
    parts += [""] * (4 - len(parts))
    fig = Figure.of(key)
    weapon, armour, shield = parts[1:]
    if weapon:
        if weapon not in WEAPONS:
            return f"{weapon!r} is not a weapon (choose from {', '.join(WIELDABLE)})."
        if weapon not in WIELDABLE:
            return f"A {WEAPONS[weapon].name} is thrown from what is carried, never held in hand."
        fig = attrs.evolve(fig, wielding=weapon)
    if armour:
        if armour not in ARMOUR:
            return f"{armour!r} is not an armour (choose from {', '.join(ARMOUR)})."
        fig = attrs.evolve(fig, armour=armour)
    if shield:
        if shield != NO_SHIELD and shield not in SHIELDS:
            return f"{shield!r} is not a shield (choose from {NO_SHIELD}, {', '.join(SHIELDS)})."
        fig = attrs.evolve(fig, shield=None if shield == NO_SHIELD else shield)
    return fig


def parse_roster(text: str) -> tuple[Figure, ...] | str:
    """The figures of a roster text, or a sentence saying what is wrong."""
    entries = [e for e in text.split(",") if e.strip()]
    if not 1 <= len(entries) <= MAX_FIGURES:
        return f"A roster needs between 1 and {MAX_FIGURES} characters."
    out = []
    for entry in entries:
        fig = _entry(entry)
        if isinstance(fig, str):
            return fig
        out.append(fig)
    return tuple(out)


def roster_figures(text: str) -> list[Figure]:
    """Every entry of a roster that names a figure, however many there are
    (a list being built may hold too many or too few for a game)."""
    return [fig for fig in map(_entry, (e for e in text.split(",") if e.strip())) if isinstance(fig, Figure)]


def roster_text(figures: tuple[Figure, ...] | list[Figure]) -> str:
    return ",".join(f.text() for f in figures)


# --------------------------------------------------------------------------
# The words and numbers a player chooses by
# --------------------------------------------------------------------------


def weapon_words(w: Weapon) -> str:
    """One weapon in a line: kind, hands, Penetration, Range, requirement."""
    words = [w.name + ":", w.kind, f"{w.hands}-handed", f"Pen {w.penetration}"]
    if w.range_ft:
        words.append(f"Range {w.range_ft} ft")
    if w.strength:
        words.append(f"needs Str {w.strength}")
    if w.reload:
        words.append(f"{w.reload} reload")
    if w.wounds != 1:
        words.append(f"{w.wounds} Wounds")
    if w.ready_deflection:
        words.append(f"+{w.ready_deflection} Defl. Ready")
    return " ".join(words[:1]) + " " + ", ".join(words[1:])


def armour_words(key: str) -> str:
    a = ARMOUR[key]
    ready = " (Ready only)" if a.ready_only else ""
    limbs = f", protects limbs {a.protects_limbs}" if a.protects_limbs else ""
    return f"{a.name}: Deflection +{a.deflection}, Absorb {a.absorb}{ready}{limbs}"


def shield_words(key: str | None) -> str:
    if key is None:
        return "No shield"
    s = SHIELDS[key]
    cover = ", gives Cover" if s.provides_cover else ""
    return f"{s.name}: Deflection +{s.deflection}, Absorb {s.absorb} while Ready, one-handed weapon{cover}"


def figure_summary(fig: Figure) -> str:
    """"Knight: Great Sword, Half Plate" (and the shield, if any)."""
    gear = [WEAPONS[fig.wielding].name, ARMOUR[fig.armour].name]
    if fig.shield:
        gear.append(SHIELDS[fig.shield].name)
    return f"{fig.template.name}: {', '.join(gear)}"


def figure_stats(fig: Figure, max_wounds: int) -> str:
    """One line: Defense Ready and Not Ready, Absorb, Wounds, the weapon
    in hand, Strength (the numbers the rules work with, from senses)."""
    from .ruleset import make_character
    from .senses import absorb, defense

    c = make_character(0, 1, fig, max_wounds)
    w = WEAPONS[c.wielding]
    short = f", -{w.strength - c.strength} to hit" if w.strength > c.strength else ""
    reach = f"{w.range_ft} ft" if w.range_ft and not w.melee else "melee"
    return (f"Defense {defense(c, True)} ({defense(c, False)} NR) · Absorb {absorb(c, True)} · "
            f"Wounds {max_wounds} · {w.name}: {reach}, Pen {w.penetration}{short}")


def archetype_words(key: str) -> str:
    """An archetype as it comes, one line: its gear and what it carries."""
    a = ARCHETYPES[key]
    extras = [WEAPONS[k].name for k in dict.fromkeys(a.carried)]
    if a.potions:
        extras.append(f"{a.potions} potion")
    if a.spells:
        extras.append("spells " + ", ".join(SPELLS[s].name for s in a.spells))
    more = f" + {', '.join(extras)}" if extras else ""
    return f"{figure_summary(Figure.of(key))}{more}"


def archetype_numbers(key: str, max_wounds: int) -> str:
    """An archetype's numbers, one line: Defense, Absorb, Wounds, attributes."""
    from .ruleset import make_character
    from .senses import absorb, defense

    c = make_character(0, 1, key, max_wounds)
    return (f"Defense {defense(c, True)} ({defense(c, False)} NR) · Absorb {absorb(c, True)} · Wounds {max_wounds} · "
            f"Str {c.strength} Dex {c.dexterity} Stl {c.stealth} Per {c.perception}")
