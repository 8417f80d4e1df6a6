"""What the order writer's target lists say beside each character, and
what it says of a 1st Action as soon as it is chosen (the warnings
``platemail_notes.order_warnings`` repeats once the order is written).

- ``target_label``: one character on a target list: where it stands, how
  far (in Range bands for a shot; within reach or not for a touch spell,
  docs/rulings.md, Spells: Mend is touch), and why the Action would come
  to nothing (a Stabilize it cannot help, a 1st-Action shot at someone out
  of sight, a Full Attack, Counter or Guard out of reach), or a spell
  released at the side it is not meant for (``spell_target_warning``).
- ``general_label``: a general target ("the closest hostile") likewise:
  a 1st-Action shot with no enemy in sight finds no target (seed:
  Targeting; ``phase`` logs "has no target: no enemy in sight").
- ``first_action_warning``: a chosen 1st Action's certain failures, said
  in the writer while the rest is written (a move to a cell out of its
  reach among them).
- ``measured_from``: the cell a THEN or ELSE shot's Range band is judged
  from: where the 1st Action's Move, Sprint, Skulk or Fall Back to a cell
  it reaches takes the character (known when written), else where it
  stands now, with a word when the move's end is not known.
- ``brought_beside``: whether a 1st Action's move takes the figure beside
  someone (a 2nd Action's touch or Stabilize is said as a condition then,
  not as a refusal).

A 1st Action's shot is measured from where both stand as the Phase begins
(seed: Ranged Attack; Cover and Concealment), so a target out of sight
then is certain to be missed; a 2nd Action's may not be (both may move),
so only the 1st is warned of."""

from __future__ import annotations

from typing import Any

from core.board import chebyshev
from core.rulesets.platemail.equipment import SPELLS, Spell
from core.rulesets.platemail.movement import reachable
from core.rulesets.platemail.state import GENERAL_TARGETS, MOVES, TITLES, Act, Action, Character
from tui.rulesets.platemail_figures import held_words
from tui.rulesets.platemail_notes import (
    blind_shot,
    destination_warning,
    distance_text,
    fall_back_cells,
    reach_warning,
    released_spell,
    reload_warning,
    sight_note,
    spell_target_warning,
    stabilize_warning,
)

SHOOTING_KINDS = (Action.RANGED, Action.RAPID_FIRE)


def touch_spell(me: Character, first: Act | None) -> str | None:
    """The name of the touch spell (range 5 ft: Mend) a Release by ``me``
    would cast, the one Prepared now or by the 1st Action; else None."""
    spell = me.prepared or (first.spell if first is not None and first.kind == Action.PREPARE else None)
    if spell in SPELLS and SPELLS[spell].effect == "heal":
        return SPELLS[spell].name
    return None


def spell_words(spell: str) -> str:
    """A spell on the Prepare list: its name and Range ("touch" for Mend's 5 ft)."""
    known = SPELLS[spell]
    return f"{known.name} (touch)" if known.effect == "heal" else f"{known.name} (range {known.range_ft} ft)"


def aimed_spell(me: Character, kind: Action) -> bool:
    """A Release of a spell aimed as a shot is (Firebolt, Dread...): it
    needs its target in sight, as a shot does (``actions._can_shoot_at``)."""
    return kind == Action.RELEASE and me.prepared in SPELLS and SPELLS[me.prepared].effect != "heal"


def brought_beside(view: Any, me: Character, first: Act | None, c: Character) -> str:
    """Whether the 1st Action's move takes ``me`` beside ``c``, judged as
    the board stands now: "brings" (the cell it names, within its move, is
    beside ``c``), "may bring" (it heads for someone and a cell beside
    ``c`` is within its move), else "" (it does not move, or cannot get
    there)."""
    move = MOVES.get(first.kind, 0) if first is not None else 0
    if first is None or not move or me.pos is None or c.pos is None:
        return ""
    reach = reachable(view, me.pos, move)
    if first.to is not None:
        arrives = first.to == me.pos or first.to in reach
        return "brings" if arrives and chebyshev(first.to, c.pos) <= 1 else ""
    if first.target is not None and any(chebyshev(cell, c.pos) <= 1 for cell in reach):
        return "may bring"
    return ""


def measured_from(view: Any, me: Character, first: Act | None) -> tuple[Any, str]:
    """Where a THEN or ELSE shot of ``me`` is measured from (seed, Ranged
    Weapons: Range is taken as the Action Phase starts, the 2nd Phase's
    for a 2nd Action; docs/rulings.md, *The order writer*), and the list's
    word on it: (cell, words).  A Move, Sprint, Skulk or Fall Back to a
    cell within its move this Phase (a Fall Back's kept, ``fall_back_cells``)
    ends there: known when written.  A move toward someone, a Charge, a
    Guard, a Rescue, a Fall Back left to the game or a cell beyond its
    move ends where the Phase's movement takes it: the band is from where
    ``me`` stands now, and the words say its end is not known.  A 1st
    Action that does not move, or a character held or entrapped (it
    cannot move), is measured from where it stands, with no word."""
    here = me.pos
    if first is None or here is None or not MOVES.get(first.kind) or held_words(view, me):
        return here, ""
    title = TITLES[first.kind]
    if first.kind == Action.SKULK and first.to is None:
        return here, ""  # it hides where it stands
    if first.to is not None and first.kind in (Action.MOVE, Action.SPRINT, Action.SKULK, Action.FALL_BACK):
        cells = MOVES[first.kind]
        # (movement.allowance: a lost leg halves it, and so does standing up from Prone)
        cells //= 2 if any("leg" in limb for limb in me.lost_limbs) else 1
        cells //= 2 if me.prone else 1
        kept = first.kind != Action.FALL_BACK or bool(fall_back_cells(view, me, {first.to}))
        if first.to == here:
            return here, ""
        if kept and first.to in reachable(view, here, cells):
            return first.to, f"bands from {first.to[0]},{first.to[1]}, where the {title} takes {me.id}"
    return here, f"bands from {here[0]},{here[1]} now: where the {title} ends is not known"


def first_action_warning(view: Any, me: Character, act: Act | None) -> str:
    """What a chosen 1st Action of ``me`` is certain to fail at (empty:
    nothing): an unloaded crossbow, a shot at someone out of sight, a Full
    Attack or Guard out of reach."""
    if act is None:
        return ""
    shoots = act.kind in SHOOTING_KINDS or aimed_spell(me, act.kind)
    blind = blind_shot(view, me, act.target) if shoots else ""
    target = view.char(act.target) if act.target and act.target not in GENERAL_TARGETS else None
    far = reach_warning(me, act.kind, target)
    why = reload_warning(me, act.kind) or blind or far or destination_warning(view, me, act, who=False)
    return f"Warning: {why}" if why else ""  # (one line of the writer's box: kept short)


def general_label(view: Any, me: Character, kind: Action, general: str, first: bool,
                  spell: Spell | None = None) -> str:
    """A general target's entry: its words, a Release's warning when
    ``spell`` (the one it casts) is not meant for that side, and a
    1st-Action shot's warning when no enemy is in sight."""
    label = GENERAL_TARGETS[general]
    if kind == Action.STABILIZE and general == "self":
        return f"{label} — cannot be Stabilized: {stabilize_warning(me, me)}"
    aimed = spell_target_warning(me, spell, general, None) if kind == Action.RELEASE else ""
    if aimed:
        return f"{label} — warning: {aimed}"
    if first and (kind in SHOOTING_KINDS or aimed_spell(me, kind)):
        blind = blind_shot(view, me, general)
        if blind:
            return f"{label} — warning: {blind}"
    return label


def target_label(view: Any, me: Character, kind: Action, c: Character, *, first: Act | None, step: int,
                 range_ft: int | None, origin: Any = None) -> str:
    """One character ``c`` on the target list of ``me``'s ``kind``: the
    1st Action's list when ``step`` is 0, else a 2nd Action's after
    ``first`` (said as things stand now, and where ``first`` may take ``me``).
    A shot's distance and band are from ``origin`` when given (a 2nd
    Action's: ``measured_from``), else from where ``me`` stands."""
    moved = brought_beside(view, me, first, c) if step > 0 else ""
    touch = touch_spell(me, first) if kind == Action.RELEASE else None
    far = "0 cells"  # (a writer off the board)
    if me.pos is not None and touch is not None:
        far = distance_text(me.pos, c.pos) + ", " + _reach_words(me, c, touch, step, moved)
    elif me.pos is not None:
        far = distance_text(origin or me.pos, c.pos, range_ft)
    hurt = f", {c.wounds} Wound(s)" if c.wounds else ""
    state = "" if c.fighting else f", {c.status.value}"
    name = c.name.removesuffix(f" {c.id}")  # "b3 Spellcaster", not "b3 Spellcaster b3"
    label = f"{c.id} {name} at {c.pos[0]},{c.pos[1]} ({far}{hurt}{state}{sight_note(view, me, c)})"
    if kind == Action.STABILIZE:
        label += _stabilize_words(me, c, step, moved)
    if kind == Action.RELEASE:  # whichever Action it is: an attack spell at an ally, Mend at an enemy
        aimed = spell_target_warning(me, released_spell(me, first if step > 0 else None), c.id, c.side)
        if aimed:
            return f"{label} — warning: {aimed}"
    if step == 0:  # a 2nd Action starts elsewhere: only the 1st is sure to fail
        shoots = kind in SHOOTING_KINDS or aimed_spell(me, kind)
        # (out of sight: the label says so already; the warning says what it comes to)
        blind = "a 1st-Action shot cannot be loosed at it" if shoots and blind_shot(view, me, c.id) else ""
        why = reach_warning(me, kind, c) or blind
        if why:
            label += f" — warning: {why}"
    return label


def _reach_words(me: Character, c: Character, spell: str, step: int, moved: str) -> str:
    """Within reach of a touch spell, or not: beside ``me`` (the engine's
    test, ``actions._release``).  A 2nd Action's: as they stand now, and
    whether the 1st Action's move ``moved`` it there."""
    now = c.id == me.id or chebyshev(me.pos, c.pos) <= 1
    if step == 0:
        return "within reach" if now else f"out of reach: {spell} is touch"
    if moved:
        return f"{'within' if now else 'out of'} reach now; the 1st Action {moved} {me.id} beside {c.id}"
    return "within reach now" if now else f"out of reach now: {spell} is touch"


def _stabilize_words(me: Character, c: Character, step: int, moved: str) -> str:
    """Why a Stabilize of ``c`` would do nothing: a refusal for the 1st
    Action; for a 2nd, said as how things stand now, and not as a warning
    of someone the 1st Action's move takes ``me`` beside."""
    why = stabilize_warning(me, c)
    if not why:
        return ""
    if step == 0:
        return f" — cannot be Stabilized now: {why}"
    if moved and why.endswith(f"is not beside {me.id}"):
        return f" — {why} now; the 1st Action {moved} {me.id} beside {c.id}"
    return f" — warning: {why} now"
