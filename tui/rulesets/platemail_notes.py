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
- ``stuck_warning``: an Action that needs the character to move (or to
  be Ready) while it is held by a Binding or entrapped, which keep it Not
  Ready and where it stands (``movement.allowance`` is 0; a guard that is
  Not Ready blocks nothing, ``combat._guard_for``).
- ``missile_warning``: a Rapid Fire that would throw one missile, the
  only one of its kind carried (``actions._shoot`` throws the same kind
  twice, and stops when none is left).
- ``reload_warning``: a Ranged Attack with a crossbow that is not loaded
  when it comes (``checks.unloaded_shot``, the resolution's words), and
  the fix: a Use Item reload before it.
- ``missile_choices``: the missiles a shot may name, the engine's pick first.
- ``item_problem``: why a Use Item entry would be refused (``checks.check_act``) or do nothing (``checks.item_idle``).
- ``figure_keys``: one number key per character for every target list of
  one writer.
"""

from __future__ import annotations

from typing import Any

from core.rulesets.platemail.actions import is_missile, missile
from core.rulesets.platemail.checks import check_act, item_idle, stabilize_problem, unloaded_order, unloaded_shot
from core.rulesets.platemail.equipment import WEAPONS
from core.rulesets.platemail.events import ChargeFailed
from core.rulesets.platemail.glance import sight_share
from core.rulesets.platemail.senses import weapon
from core.rulesets.platemail.state import Act, Action, Character, Write
from tui.rulesets.platemail_figures import held_words

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


# What an Action that needs moving comes to when the character cannot
# move; short, as the menu's heading says the rest (Not Ready, cannot move).
STUCK_EFFECTS = {
    Action.MOVE: ", it cannot move", Action.SPRINT: ", it cannot move", Action.FALL_BACK: ", it cannot move",
    Action.RESCUE: ", it cannot move", Action.SKULK: ", it can only hide",
    Action.CHARGE: ": no move, no Favor",  # it strikes a foe already beside it, if any
    Action.GUARD: ": Not Ready, it blocks nothing",
}


def stuck_note(view: Any, me: Character, first: bool = True) -> str:
    """The writer's heading note while ``me`` is held or entrapped (empty
    otherwise): whatever it does, it is Not Ready and stays where it is."""
    why = held_words(view, me)
    return f"{me.id} is {why}{'' if first else ' now'}: Not Ready, cannot move" if why else ""


def stuck_warning(view: Any, me: Character, kind: Action, first: bool = True) -> str:
    """Why ``kind`` would come to nothing for ``me``, held by a Binding or
    entrapped (empty when it is neither, or the Action needs no moving).
    A 2nd Action is judged from now: the Binding may lapse by then, and an
    ally may free it."""
    why = held_words(view, me)
    effect = STUCK_EFFECTS.get(kind)
    if not why or effect is None:
        return ""
    return f"{why}{'' if first else ' now'}{effect}"


def missile_warning(me: Character, kind: Action) -> str:
    """Rapid Fire by ``me`` throwing a missile it carries only one of: the
    second shot has nothing to throw, so it is one throw with Rapid Fire's
    Disfavor (a Ranged Attack throws it without)."""
    if kind != Action.RAPID_FIRE or weapon(me).kind == "ranged":
        return ""
    arms = missile(me)
    if arms is None or me.carried.count(arms.key) != 1:
        return ""
    return f"only one {arms.name}: one throw, with Disfavor"


def missile_choices(me: Character) -> list[tuple[str, str | None]]:
    """The missiles a shot of ``me`` (as the Action being written finds
    it) may name: (words, item), the engine's own pick first with no item
    (what an order naming none throws: ``actions.missile``).  Offered only
    with no launcher in hand and more than one kind of missile carried
    (docs/rulings.md, Platemail, Which missile); otherwise none."""
    kinds = [key for key in dict.fromkeys(me.carried) if is_missile(key)]
    if weapon(me).kind == "ranged" or len(kinds) < 2:
        return []
    out: list[tuple[str, str | None]] = []
    for key in kinds:
        w = WEAPONS[key]
        words = f"throw a {w.name} ({w.range_ft} ft, pen {w.penetration}; {me.carried.count(key)} carried)"
        out.append((words, key if out else None))
    return out


RELOAD_FIRST = "Use Item: reload first"  # the fix, after the resolution's words


def reload_warning(me: Character, kind: Action, first: Act | None = None) -> str:
    """A Ranged Attack of ``me`` whose crossbow would not be loaded when it
    comes (seed: Ranged Weapons, Requires Reload): the words of the note
    the Round would log, and the fix.  ``first``: the 1st Action, for a
    2nd (a reload loads it, a shot empties it)."""
    why = unloaded_shot(me, kind, first)
    return f"{why}: {RELOAD_FIRST}" if why else ""


def unloaded_order_warning(me: Character, order: Write) -> str:
    """The same for a whole written order (any of its Actions), for last
    Round's orders written again."""
    why = unloaded_order(me, order)
    return f"{why}: {RELOAD_FIRST}" if why else ""


def item_problem(view: Any, me: Character, item: str, first: bool) -> tuple[str, bool]:
    """What the writer says beside a Use Item entry for ``me`` (as the
    Action being written finds it): (words, refused).  Refused: the rules
    refuse it as a 1st Action (``check_act``: no potion left, a loaded
    crossbow, a thrown weapon drawn); a 2nd Action so judged, or one that
    would do nothing (a potion with no Wound, no door or nobody entrapped
    beside it), is only warned of."""
    problem = check_act(view, me, Act(me.side, Action.USE_ITEM, item=item), True)
    if problem is not None:
        return problem.message, first
    return item_idle(view, me, item), False


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


def figure_keys(view: Any, side: int, writer: str = "") -> dict[str, str]:
    """A number key per character on the battlefield, the same in every
    target list of one writer (a list skips the characters it does not
    offer, never renumbers); ten at most get one.  Numbered so that each
    list's numbers run on with no gap: the other side's standing
    characters (every hostile list), this side's standing ones but
    ``writer`` (the friendly lists), this side's fallen (with those,
    Stabilize's list), the writer itself (offered as "myself", under its
    letter) and the other side's fallen (never offered)."""
    placed = [c for c in view.characters if c.pos is not None]
    theirs = [c for c in placed if c.side != side]
    ours = [c for c in placed if c.side == side and c.id != writer]
    ordered = ([c for c in theirs if c.fighting] + [c for c in ours if c.fighting]
               + [c for c in ours if not c.fighting] + [c for c in placed if c.id == writer]
               + [c for c in theirs if not c.fighting])
    return {c.id: key for c, key in zip(ordered, NUMBER_KEYS)}


def throw_words(me: Character, key: str) -> str:
    """A missile on the "throwing which?" list: its Range, Penetration and
    how many ``me`` carries, as ``missile_choices`` words it."""
    w = WEAPONS[key]
    return f"throw a {w.name} ({w.range_ft} ft, pen {w.penetration}; {me.carried.count(key)} carried)"
