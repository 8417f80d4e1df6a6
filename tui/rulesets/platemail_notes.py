"""What the order writer says beside an entry that the engine would let
the character write but that would come to nothing, or what an entry
costs: each read from the core's own rules and words, never restated.

- ``melee_warning``: Charge, Full Attack and Counter with no melee weapon
  in hand (the words of the engine's failed Charge, ``ChargeFailed``;
  the test is the weapon's own, ``Weapon.melee``, as resolution's).
- ``stabilize_warning``: a target a Stabilize cannot reach or help (seed:
  Stabilize; ``checks.stabilize_problem``, the test resolution makes).
- ``sight_note``: a character the writer cannot see now (the line of
  sight the board's card reads, ``glance.sight_share``).
- ``reload_mark``: whether a reload keeps the character Ready (a Complex
  Use Item, the heavy crossbow's, does not: ``phase._ready_for``).
- ``figure_keys``: one number key per character for every target list of
  one writer.
"""

from __future__ import annotations

from typing import Any

from core.rulesets.platemail.checks import stabilize_problem
from core.rulesets.platemail.events import ChargeFailed
from core.rulesets.platemail.glance import sight_share
from core.rulesets.platemail.senses import weapon
from core.rulesets.platemail.state import Action, Character

MELEE_KINDS = (Action.CHARGE, Action.FULL_ATTACK, Action.COUNTER)
# The number keys, in the order characters get them (ten at most: 1-9, 0).
NUMBER_KEYS = "1234567890"


def melee_warning(me: Character, kind: Action) -> str:
    """Why a melee Action of ``me`` would strike nobody whatever its
    target: no melee weapon in hand (the engine's own words for it)."""
    arms = weapon(me)
    if kind not in MELEE_KINDS or arms.melee:
        return ""
    return ChargeFailed(me.id, weapon=arms.name).reasons[0]


def stabilize_warning(me: Character, target: Character) -> str:
    """Why a Stabilize of ``target`` by ``me`` would do nothing, as the two
    stand now (empty: it could work); the engine's own test of it."""
    return stabilize_problem(me, target)


def sight_note(view: Any, me: Character, target: Character) -> str:
    """", not in sight: Concealed" for a character ``me`` cannot see at all
    from where it stands (nothing shows of its cell): a shot, a Charge or
    a spell cannot be aimed at it (seed: Cover and Concealment)."""
    if me.pos is None or target.pos is None or target.id == me.id:
        return ""
    return ", not in sight: Concealed" if sight_share(view, me.pos, target.pos) == 0 else ""


def reloads_not_ready(me: Character) -> bool:
    """Reloading ``me``'s weapon is a Complex Use Item (Not Ready): the
    heavy crossbow's, while it is not loaded (a loaded one is not reloaded)."""
    return weapon(me).reload == "complex"


def reload_mark(me: Character) -> str:
    """The Use Item entry's (R)/(NR): Ready but for a reload of ``me``'s
    own weapon that is a Complex Use Item."""
    if reloads_not_ready(me):
        return f"(R; reloading the {weapon(me).name} NR)"
    return "(R)"


def reload_entry(me: Character) -> str:
    """The Use Item menu's reload entry, for ``me``'s weapon in hand."""
    arms = weapon(me)
    if not arms.reload:
        return f"reload (nothing to reload: {arms.name})"
    if reloads_not_ready(me):
        return f"reload the {arms.name} (NR: a Complex Use Item)"
    return f"reload the {arms.name} (R)"


def figure_keys(view: Any, side: int) -> dict[str, str]:
    """A number key per character on the battlefield, the same in every
    target list of one writer (a list skips the characters it does not
    offer, never renumbers): the other side's first, then this side's,
    each in the view's order; ten at most get one."""
    placed = [c for c in view.characters if c.pos is not None]
    ordered = [c for c in placed if c.side != side] + [c for c in placed if c.side == side]
    return {c.id: key for c, key in zip(ordered, NUMBER_KEYS)}
