"""A Platemail character's full stats in plain lines, for the figure list
(``f``) and the cursor card (:mod:`tui.warband`): read from the character
as the seat's view holds it."""

from __future__ import annotations

from typing import Any

from core.rulesets.platemail.equipment import ARMOUR, SHIELDS, SPELLS, WEAPONS
from core.rulesets.platemail.senses import absorb, defense
from core.rulesets.platemail.state import Status
from tui.rulesets.base import unit_headline

STATUS_WORDS = {Status.FIGHTING: "fighting", Status.DYING: "dying (unconscious, fatally wounded)",
                Status.STABLE: "unconscious, stable", Status.DEAD: "dead"}


def _weapon(key: str, detail: bool = True) -> str:
    w = WEAPONS.get(key)
    if w is None:
        return key
    reach = f", {w.range_ft} ft" if w.range_ft else ""
    return f"{w.name} (pen {w.penetration}{reach})" if detail else w.name


def character_lines(c: Any, unit: Any) -> list[str]:
    lines = [unit_headline(unit, STATUS_WORDS.get(c.status, c.status.value))]
    lines.append(f"Wounds {c.wounds}/{c.max_wounds} · Defense {defense(c, True)}"
                 f" ({defense(c, False)} not Ready) · Absorb {absorb(c, True)}")
    wield = _weapon(c.wielding)
    w = WEAPONS.get(c.wielding)
    if w is not None and w.reload:
        wield += " loaded" if c.loaded else " NOT loaded"
    counted: dict[str, int] = {}
    for key in c.carried:
        counted[key] = counted.get(key, 0) + 1
    carried = ", ".join(f"{n} {_weapon(k, False)}" if n > 1 else _weapon(k, False) for k, n in counted.items())
    lines.append(f"Wields {wield}" + (f"; carries {carried}" if carried else ""))
    armour = ARMOUR[c.armour].name if c.armour in ARMOUR else c.armour
    shield = f", {SHIELDS[c.shield].name}" if c.shield in SHIELDS else ""
    lines.append(f"{armour}{shield}" + (f" · {c.potions} potion{'s' if c.potions != 1 else ''}" if c.potions else ""))
    lines.append(f"Str {c.strength} Dex {c.dexterity} Stl {c.stealth} Per {c.perception}"
                 f" Med {c.medical} Con {c.concentration}")
    if c.spells:
        lines.append("Spells: " + ", ".join(SPELLS[s].name if s in SPELLS else s for s in c.spells)
                     + (f" (prepared: {c.prepared})" if c.prepared else ""))
    now = [text for text, on in (("hidden", c.hidden), ("prone", c.prone), ("entrapped", c.entrapped),
                                 (f"dazed {c.dazed}", c.dazed), (f"terror {c.terror}", c.terror),
                                 ("aiming", c.aimed), (f"focusing {c.focus} on {c.focus_target}", c.focus),
                                 ("lost " + ", ".join(c.lost_limbs), c.lost_limbs)) if on]
    if now:
        lines.append("Now: " + ", ".join(now))
    return lines
