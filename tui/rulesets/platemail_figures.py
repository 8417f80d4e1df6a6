"""A Platemail character's full stats in plain lines, for the figure list
(``f``) and the cursor card (:mod:`tui.warband`): read from the character
as the seat's view holds it.

What holds the character now comes second, right under its name: the card
under the side panel has ten rows at most and would cut a last line.  Held
by a Binding is not a field of the character but of its caster (its
ongoing spell's target, ``senses.Work.held_ids``), so it is read from the
view's characters; held or entrapped, a character is Not Ready whatever it
does and cannot move (docs/rulings.md, Platemail, Movement), so its Defense
and Absorb are given Not Ready first."""

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


def binders(view: Any, uid: str) -> list[str]:
    """Who holds ``uid`` with a Binding now: a fighting caster whose ongoing
    spell is a Binding on it (the engine's test, ``senses.Work.held_ids``)."""
    if view is None:
        return []
    return [o.id for o in view.characters if o.focus == "binding" and o.focus_target == uid and o.fighting]


def held_words(view: Any, c: Any) -> str:
    """What keeps ``c`` from moving, Not Ready whatever it does: "held by
    b3's Binding", "entrapped", both; empty when nothing does."""
    held = binders(view, c.id)
    words = [f"held by {' and '.join(held)}'s Binding"] if held else []
    if c.entrapped:
        words.append("entrapped")
    return " and ".join(words)


# A character down (Fatally Wounded or Stable): it takes no Action, so it
# never stands up, and no Attack is made on it (docs/rulings.md, Platemail,
# Attack Rolls: characters already down cannot be attacked; Wounds).
DOWN_WORDS = "lying where it fell (out of the fight: it is not attacked and does not stand up)"


def conditions(view: Any, c: Any) -> list[str]:
    """Everything the state holds about ``c`` now, each with what it means
    where that is not plain from the word.  A character out of the fight
    takes no Action: what would come at its next Action (standing up,
    Dazed, Terror, an Aim) is not said; a dead one lies where it fell,
    which its status says already."""
    if c.status is not Status.FIGHTING:
        down = [DOWN_WORDS] if c.status is not Status.DEAD else []
        return down + (["entrapped"] if c.entrapped else []) + (["lost " + ", ".join(c.lost_limbs)]
                                                                  if c.lost_limbs else [])
    held = binders(view, c.id)
    spell = SPELLS[c.focus].name if c.focus in SPELLS else c.focus
    return [text for text, on in (
        (f"held by {' and '.join(held)}'s Binding (Not Ready, cannot move while it lasts)", held),
        ("entrapped (Not Ready, cannot move until freed)", c.entrapped),
        ("prone (melee at it has Favor; it stands up at its next Action)", c.prone),
        (f"dazed (its next {c.dazed} Action{'s are' if c.dazed != 1 else ' is'} Dazed)", c.dazed),
        (f"in terror (its next {c.terror} Action{'s are' if c.terror != 1 else ' is'} Terror)", c.terror),
        ("hidden", c.hidden), ("aiming", c.aimed),
        (f"focusing {spell} on {c.focus_target}", c.focus),
        ("lost " + ", ".join(c.lost_limbs), c.lost_limbs)) if on]


def character_lines(c: Any, unit: Any, view: Any = None) -> list[str]:
    lines = [unit_headline(unit, STATUS_WORDS.get(c.status, c.status.value))]
    now = conditions(view, c)
    if now:
        lines.append("Now: " + "; ".join(now))
    # Absorb as Defense: a shield's counts only while Ready (seed: Shields;
    # senses.absorb), so where the two differ both are given (tester t1).
    ready, not_ready = absorb(c, True), absorb(c, False)
    if held_words(view, c) and c.status is Status.FIGHTING:
        other = f" ({ready} free and Ready)" if ready != not_ready else ""
        lines.append(f"Wounds {c.wounds}/{c.max_wounds} · Defense {defense(c, False)} (Not Ready;"
                     f" {defense(c, True)} free and Ready) · Absorb {not_ready}{other}")
    else:
        other = f" ({not_ready} not Ready)" if ready != not_ready else ""
        lines.append(f"Wounds {c.wounds}/{c.max_wounds} · Defense {defense(c, True)}"
                     f" ({defense(c, False)} not Ready) · Absorb {ready}{other}")
    wield = _weapon(c.wielding)
    w = WEAPONS.get(c.wielding)
    if w is not None and w.reload:
        wield += " loaded" if c.loaded else " NOT loaded"
    counted: dict[str, int] = {}
    for key in c.carried:
        counted[key] = counted.get(key, 0) + 1
    carried = ", ".join(f"{n} {_weapon(k, False)}" if n > 1 else _weapon(k, False) for k, n in counted.items())
    lines.append(f"Wields {wield}" + (f"; carries {carried}" if carried else ""))
    # Armour and scores share a line: the f list at 80x24 then shows a
    # side of three and the other side's first figure without scrolling.
    armour = ARMOUR[c.armour].name if c.armour in ARMOUR else c.armour
    shield = f", {SHIELDS[c.shield].name}" if c.shield in SHIELDS else ""
    potions = f" · {c.potions} potion{'s' if c.potions != 1 else ''}" if c.potions else ""
    lines.append(f"{armour}{shield}{potions} · Str {c.strength} Dex {c.dexterity} Stl {c.stealth}"
                 f" Per {c.perception} Med {c.medical} Con {c.concentration}")
    if c.spells:
        lines.append("Spells: " + ", ".join(SPELLS[s].name if s in SPELLS else s for s in c.spells)
                     + (f" (prepared: {c.prepared})" if c.prepared else ""))
    return lines
