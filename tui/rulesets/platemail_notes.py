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
  only one of its kind carried (the core's ``shots.shot_by`` says so).
- ``reload_warning``: a Ranged Attack with a crossbow that is not loaded
  when it comes (``checks.unloaded_shot``, the resolution's words), and
  the fix: a Use Item reload before it.
- ``blind_shot``: a 1st-Action shot at someone out of sight, or with no
  enemy in sight for a general target: measured from where both stand as
  the Phase begins, it cannot be loosed (seed: Ranged Attack; Targeting).
- ``reach_warning``: a 1st-Action Full Attack, Counter or Guard on someone
  too far away now to strike or guard; ``destination_warning``: a
  1st-Action move to a cell it cannot reach this Phase (it stops short);
  ``order_warnings``: a whole order's warnings, said again in the news as
  it is written (and by ``a``, last Round's orders again), among them
  ``empty_shot_warnings``: a THEN or ELSE shot left nothing to shoot, a
  Rapid Fire left one missile (the core's ``shots.order_shots``), and
  ``spent_warnings``: a THEN or ELSE that would find its potion, spell or
  reload spent (the core's ``items_left.spent_for``).
- ``action_warnings``: what the writer's Action menu says beside an
  Action (a 2nd one that the 1st would leave impossible, no melee weapon,
  held or entrapped, one missile, an unloaded crossbow), judged from the
  character as ``after_first`` leaves it: the menu and ``order_warnings``
  read it alike.
- ``idle_first_action``: a 1st Action of last Round's orders, written
  again, that is sure to do nothing now (a Stabilize of someone Stable).
- ``missile_choices``: the missiles a shot may name, the engine's pick first.
- ``item_problem``: why a Use Item entry would be refused (``checks.check_act``, and a 1st
  reload of a weapon that needs none) or do nothing (``checks.item_idle``).
- ``figure_keys``: one number key per character for every target list of
  one writer.
"""

from __future__ import annotations

from typing import Any

from core.board import chebyshev
from core.rulesets.platemail.actions import is_missile
from core.rulesets.platemail.checks import (
    FRIENDLY_GENERAL,
    FRIENDLY_KINDS,
    check_act,
    item_idle,
    rapid_fire_missiles,
    shot_left_by,
    stabilize_problem,
    unloaded_order,
    unloaded_shot,
)
from core.rulesets.platemail.combat import feet_between, range_penalty
from core.rulesets.platemail.equipment import SPELLS, WEAPONS, Spell
from core.rulesets.platemail.events import ChargeFailed
from core.rulesets.platemail.glance import sight_share
from core.rulesets.platemail.items_left import spent_for
from core.rulesets.platemail.movement import fall_back_kept, reachable
from core.rulesets.platemail.senses import weapon
from core.rulesets.platemail.shots import Shot, order_shots, shot_by
from core.rulesets.platemail.state import GENERAL_TARGETS, MOVES, TITLES, Act, Action, Character, Write
from core.values import evolve
from tui.rulesets.platemail_figures import held_words

MELEE_KINDS = (Action.CHARGE, Action.FULL_ATTACK, Action.COUNTER)
HOSTILE_TARGETS = ("closest", "injured", "biggest")  # the general targets resolved among enemies in sight
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
    second shot has nothing to throw, so it is one throw with Disfavor.
    What it throws is the core's (``shots.shot_by``): the engine's pick,
    or with a crossbow in hand the one kind it carries (the writer names
    it without asking; with more kinds it asks, and counts them)."""
    named = rapid_fire_missiles(me) if kind == Action.RAPID_FIRE else []
    shot = shot_by(me, Act(me.side, kind, item=named[0] if len(named) == 1 else None))
    return one_throw_words(shot) if shot is not None and shot.one_throw else ""


def one_throw_words(shot: Shot) -> str:
    """A Rapid Fire's warning when the core finds it one throw (``Shot.one_throw``)."""
    return f"only one {shot.name}: one throw, with Disfavor"


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


def reach_warning(me: Character, kind: Action, target: Character | None) -> str:
    """A 1st-Action Full Attack, Counter or Guard of ``me`` on ``target``
    that, as the two stand now, cannot come to anything (empty: it could):
    a Full Attack or Counter does not move and strikes only beside it (Full
    Attack, Counter; the engine strikes another adjacent enemy, if any); a Guard moves 3 cells
    at most and guards only beside its ally (seed: Guard).  A warning, not
    a refusal: the Phase's movement may bring them together."""
    if me.pos is None or target is None or target.pos is None or target.id == me.id:
        return ""
    cells = chebyshev(me.pos, target.pos)
    far = f"{target.id} is {cells} cells ({feet_between(me.pos, target.pos)} ft) away now"
    if kind == Action.FULL_ATTACK and cells > 1:
        return f"{far}: a Full Attack does not move, it strikes only an adjacent enemy"
    if kind == Action.COUNTER and cells > 1:  # seed, Counter: stay in place, one adjacent opponent
        return f"{far}: a Counter does not move, it strikes only an adjacent enemy"
    reach = MOVES[Action.GUARD]
    if kind == Action.GUARD and cells > reach + 1:
        return f"{far}: a Guard moves {reach} cells ({reach * 5} ft) at most, and guards only beside its ally"
    return ""


def fall_back_cells(view: Any, me: Character, cells) -> set:
    """The ``cells`` a Fall Back of ``me`` would keep as its destination,
    as the enemies the view shows stand now (the rules' own test,
    ``movement.fall_back_kept``: any other is replaced)."""
    if me.pos is None:
        return set()
    foes = [c.pos for c in view.characters if c.side != me.side and c.fighting and c.pos is not None]
    return {cell for cell in cells if fall_back_kept(me.pos, cell, foes)}


def after_first(me: Character, first: Act | None) -> Character:
    """``me`` as its 1st Action ``first`` would leave it (the core's
    ``shot_left_by``: a crossbow it shoots is empty), and no longer
    entrapped once it frees itself (Use Item, free, on itself: freed at
    the end of the 1st Phase)."""
    after = shot_left_by(me, first)
    if after.entrapped and first is not None and first.kind == Action.USE_ITEM and first.item == "free" \
            and first.target in (None, "self", me.id):
        after = evolve(after, entrapped=False)
    return after


def impossible(view: Any, me: Character, kind: Action) -> str:
    """Why ``kind`` cannot be written as a 1st Action by ``me`` (as the
    Action being written finds it) whatever its target: the rules' own
    refusal (``check_act``) of a probe with a general target."""
    if kind == Action.USE_ITEM:
        return ""
    # (a Rapid Fire with a crossbow in hand throws a missile it names, if it carries one)
    thrown = rapid_fire_missiles(me) if kind == Action.RAPID_FIRE else []
    target = "ally" if kind in FRIENDLY_KINDS else "ally-down" if kind == Action.STABILIZE else "closest"
    probe = Act(me.side, kind, target=target, to=me.pos, spell=me.spells[0] if me.spells else None,
                item=thrown[0] if thrown else None)
    problem = check_act(view, me, probe, True)
    return problem.message if problem and problem.code not in ("bad-target", "no-such-target") else ""


def action_warnings(view: Any, me: Character, kind: Action, first_act: Act | None,
                    first: bool) -> list[tuple[str, str]]:
    """What the writer's Action menu says beside ``kind`` for ``me`` (it
    shows the first of them): (source, words).  A 1st Action (``first``)
    is judged from ``me`` now; a THEN or ELSE from ``me`` as ``first_act``
    leaves it, and what the rules refuse as a 1st Action is a warning for
    it ("refused"), since it is checked after the 1st Phase.  Then no
    melee weapon ("melee"), held or entrapped ("stuck"), one missile
    ("missile"), a crossbow not loaded when it comes ("reload")."""
    judged = me if first else after_first(me, first_act)
    found = [] if first else [("refused", impossible(view, judged, kind))]
    found += [("melee", melee_warning(judged, kind)), ("stuck", stuck_warning(view, judged, kind, first)),
              ("missile", missile_warning(judged, kind)),
              ("reload", reload_warning(me, kind, None if first else first_act))]
    return [(source, words) for source, words in found if words]


def menu_warnings(view: Any, me: Character, order: Write, said: set[str]) -> list[str]:
    """The Action menu's warning beside each Action of ``order``
    (``action_warnings``), as ``order_warnings`` says it; the slots it
    says in their own words (``said``: a shot with nothing to shoot or
    one throw, a potion, spell or reload spent), and an unloaded
    crossbow's or one missile's warning, are left out."""
    same = order.then == order.otherwise
    slots = [("first", order.first), ("then", order.then)] + ([] if same else [("otherwise", order.otherwise)])
    out = []
    for slot, act in slots:
        found = action_warnings(view, me, act.kind, order.first, slot == "first") if act is not None else []
        if not found or slot in said or found[0][0] in ("missile", "reload"):
            continue
        name = "2nd Action" if same and slot == "then" else SHOT_SLOTS[slot]
        out.append(f"{me.id}'s {name}, {TITLES[act.kind]}: {found[0][1]}")
    for slot, act in slots:  # the Use Item list's and the target list's words for the item or target picked
        if act is None or slot in said:
            continue
        name = "2nd Action" if same and slot == "then" else SHOT_SLOTS[slot]
        judged = me if slot == "first" else after_first(me, order.first)
        why = ""
        if act.kind == Action.USE_ITEM and act.item in ("potion", "door") or \
                act.kind == Action.USE_ITEM and act.item == "free" and slot == "first":
            why = item_idle(view, judged, act.item, (act.target or "self") if act.item == "free" else None)
        elif act.kind == Action.RELEASE and act.target and slot != "first":  # (the 1st's: order_warnings)
            target = view.char(act.target) if act.target not in GENERAL_TARGETS else None
            why = spell_target_warning(me, released_spell(me, order.first), act.target,
                                       None if target is None else target.side)
        if why:
            out.append(f"{me.id}'s {name}, {TITLES[act.kind]}: {why}")
    return out


def order_warnings(view: Any, me: Character, order: Write) -> list[str]:
    """What a whole order just written would come to nothing in, said
    once more as it is written: a shot at an unloaded crossbow (the words
    of ``a``, last Round's orders again), a shot with nothing left to
    throw or a Rapid Fire with one missile left (``empty_shot_warnings``),
    a THEN or ELSE finding its potion, spell or reload spent
    (``spent_warnings``), the Action menu's warning beside each Action
    (``menu_warnings``: held by a Binding, no melee weapon...), a 1st
    Action out of reach and a 1st-Action shot at someone out of sight."""
    out = []
    unloaded = unloaded_order_warning(me, order)
    if unloaded:
        out.append(f"{me.id}'s orders would shoot nothing ({unloaded})")
    out += empty_shot_warnings(me, order)
    out += spent_warnings(view, me, order)
    said = {slot for slot, _ in spent_for(view, me, order)}
    said |= {shot.slot for shot in order_shots(me, order) if shot.nothing_left or shot.one_throw}
    out += menu_warnings(view, me, order, said)
    first = order.first
    target = view.char(first.target) if first.target else None
    far = reach_warning(me, first.kind, target)
    if far:
        out.append(f"{me.id}'s 1st Action, {TITLES[first.kind]} {first.target}: {far}")
    blind = blind_shot(view, me, first.target) if first.kind in (Action.RANGED, Action.RAPID_FIRE) else ""
    if blind:
        out.append(f"{me.id}'s 1st Action, {TITLES[first.kind]} {first.target}: {blind}")
    aimed = spell_target_warning(me, released_spell(me, None), first.target, None if target is None else
                                 target.side) if first.kind == Action.RELEASE and first.target else ""
    if aimed:
        out.append(f"{me.id}'s 1st Action, Release Spell {first.target}: {aimed}")
    short = destination_warning(view, me, first)
    if short:
        out.append(f"{me.id}'s 1st Action, {TITLES[first.kind]} to {first.to[0]},{first.to[1]}: {short}")
    if first.kind == Action.FALL_BACK and first.to is not None and not fall_back_cells(view, me, {first.to}):
        out.append(f"{me.id}'s Fall Back cell {first.to[0]},{first.to[1]} is no further from the nearest hostile "
                   "than where it stands now: the game picks the reachable cell furthest from them instead")
    return out


def empty_shot_warnings(me: Character, order: Write) -> list[str]:
    """The shots of ``order`` that would come to less than written, as the
    core works them out (``shots.order_shots``; a 1st throw spends its
    missile): a THEN or ELSE shot with nothing left to shoot or throw (the
    rules let a 2nd Action be written so, but it would shoot nothing; a
    1st such shot is refused outright, ``checks.check_act``), and a Rapid
    Fire, in any slot, with one missile of its kind left."""
    shots = order_shots(me, order)
    same = order.then == order.otherwise
    out = []
    for shot in shots:
        if same and shot.slot == "otherwise":
            continue  # THEN and ELSE are one Action: said once, as the 2nd
        slot = "2nd Action" if same and shot.slot == "then" else SHOT_SLOTS[shot.slot]
        if shot.nothing_left and shot.slot != "first":
            out.append(f"{me.id}'s {slot}, {TITLES[shot.kind]}: {shot.words}")
        elif shot.one_throw:
            out.append(f"{me.id}'s {slot}, {TITLES[shot.kind]}: {one_throw_words(shot)}")
    return out


SHOT_SLOTS = {"first": "1st Action", "then": "THEN Action", "otherwise": "ELSE Action"}


def spent_warnings(view: Any, me: Character, order: Write) -> list[str]:
    """A THEN or ELSE Action that would find spent what it uses (a potion
    drunk, no spell Prepared, a crossbow loaded already: the core's
    ``items_left.spent_for``), as the writer's menu warns of it beside
    the entry."""
    same = order.then == order.otherwise
    out = []
    for slot, why in spent_for(view, me, order):
        act = order.then if slot == "then" else order.otherwise
        out.append(f"{me.id}'s {'2nd Action' if same else SHOT_SLOTS[slot]}, {TITLES[act.kind]}: {why}")
    return out


# The Actions whose cell is picked on the board and whose move is its own
# (Fall Back's cell is judged by ``fall_back_cells``: another is replaced).
CELL_MOVES = (Action.MOVE, Action.SPRINT, Action.SKULK, Action.RESCUE)


def destination_warning(view: Any, me: Character, act: Act | None, who: bool = True) -> str:
    """A 1st-Action Move, Sprint, Skulk or Rescue of ``me`` to a cell its
    move cannot reach this Phase (the picker's unlit cells: further than
    its allowance, or round walls and shut doors): it heads there and
    stops short (``movement._proposal``: the reachable cell nearest it).
    A warning, as the picker lets any cell be chosen; with ``who``, who
    stands on the cell now is said too (no two characters share a cell)."""
    if act is None or act.kind not in CELL_MOVES or act.to is None or me.pos is None or act.to == me.pos:
        return ""
    allowance = MOVES[act.kind]
    if act.to in reachable(view, me.pos, allowance):
        return ""
    # (short: one line of the writer's box, where ``who`` is left out)
    words = (f"{act.to[0]},{act.to[1]} is {chebyshev(me.pos, act.to)} cells away, beyond a {TITLES[act.kind]}'s "
             f"{allowance} ({allowance * 5} ft): {me.id} stops short")
    there = next((c for c in view.characters if c.pos == act.to and c.id != me.id), None) if who else None
    return f"{words}; {there.id} stands there now" if there is not None else words


def idle_first_action(view: Any, me: Character, order: Write) -> str:
    """Why the 1st Action of ``order`` is sure to do nothing as things
    stand now (empty: it may do something), for last Round's orders
    written again: a Stabilize of someone not Fatally Wounded, or with
    no fallen ally to find (seed: Stabilize; ``checks.stabilize_problem``,
    the target picked as the Round picks it), a door opened with none
    beside (``checks.item_idle``; the 1st Action does not move).  What
    may change in the Phase (a hit that a potion would heal, an ally
    netted or carried beside) is not said."""
    first = order.first
    if first.kind == Action.STABILIZE:
        target = whom_stabilized(view, me, first.target)
        if target is None:
            return f"{me.id}'s Stabilize would find nobody: no ally of {me.id}'s has fallen"
        why = stabilize_problem(me, target)
        if why and why.endswith("Fatally Wounded"):  # (one not beside may yet be carried there)
            return f"{me.id}'s Stabilize would do nothing: {why}"
    if first.kind == Action.USE_ITEM and first.item == "door":
        why = item_idle(view, me, "door")
        if why:
            return f"{me.id}'s Use Item would do nothing: {why}"
    return ""


def whom_stabilized(view: Any, me: Character, target: str | None) -> Character | None:
    """The character a Stabilize of ``me`` aimed at ``target`` would be
    given, as the Round picks it (``senses.resolve_target``: the closest
    fallen ally, a Fatally Wounded one before a Stable one)."""
    if target is None:
        return None
    if target in GENERAL_TARGETS:
        from core.rulesets.platemail.senses import Work, resolve_target

        found = resolve_target(Work(view), me, target)
        return view.char(found) if found else None
    return view.char(target)


def released_spell(me: Character, first: Act | None) -> Spell | None:
    """The spell a Release by ``me`` would cast: the one Prepared now, or
    by the 1st Action ``first``; None when it is not known."""
    key = me.prepared or (first.spell if first is not None and first.kind == Action.PREPARE else None)
    return SPELLS.get(key or "")


def spell_target_warning(me: Character, spell: Spell | None, target: str, side: int | None) -> str:
    """A Release aimed where its spell is not meant to go (empty: it is):
    an attack spell (Firebolt, Binding, Dread) at your own side or
    yourself, Mend (hostile=False) at an enemy.  The seed's Release Spell
    puts no limit on whom a spell is released at, and our spells (docs/
    rulings.md, Spells) are each meant for one side: warned, not refused.
    ``target`` is an id or a general target; ``side`` its side (None for
    a general target)."""
    if spell is None:
        return ""
    ours = target in FRIENDLY_GENERAL or target in ("self", me.id) or side == me.side
    theirs = not ours and (side is not None or target in GENERAL_TARGETS)
    whom = "yourself" if target in ("self", me.id) else "your own side"
    if spell.hostile and ours:
        return f"{spell.name} is meant for enemies: this casts it at {whom}"
    if not spell.hostile and theirs:
        return f"{spell.name} is meant for your own side: this casts it at an enemy"
    return ""


def blind_shot(view: Any, me: Character, target: str | None) -> str:
    """Why a 1st-Action shot of ``me`` at ``target`` (an id or a general
    target) cannot be loosed, as the two stand now (empty: it may be)."""
    if me.pos is None or target is None:
        return ""
    if target in HOSTILE_TARGETS:
        foes = [c for c in view.characters if c.side != me.side and c.fighting and c.pos is not None]
        if foes and all(sight_share(view, me.pos, c.pos) == 0 for c in foes):
            return f"no enemy in sight of {me.id} now: a 1st-Action shot finds no target"
        return ""
    them = view.char(target) if target not in GENERAL_TARGETS else None
    if them is not None and them.side != me.side and sight_note(view, me, them):
        return f"{them.id} is not in sight of {me.id} now: a 1st-Action shot cannot be loosed"
    return ""


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
    if item == "reload" and not weapon(me).reload:
        # The rules let it be written (it logs "has nothing to reload"); as a
        # 1st Action it is sure to do nothing, as a potion with none left is:
        # refused here alike.  A 2nd may follow a swap to a crossbow.
        return f"{me.id}'s {weapon(me).name} needs no reloading: nothing to reload.", first
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


def distance_text(here, there, range_ft: int | None = None) -> str:
    """How far a character on the target list is, in the feet the Range
    rules use (``feet_between``), with the shot's band when ``range_ft``
    (the Range it would be measured against) is given."""
    cells = chebyshev(here, there)
    text = f"{cells} {'cell' if cells == 1 else 'cells'} = {feet_between(here, there)} ft"
    if range_ft is None:
        return text
    penalty = range_penalty(range_ft, here, there)
    band = "out of Range" if penalty is None else "in Range" if penalty == 0 else f"Range {penalty}"
    return f"{text}, {band}"


def free_words(act: Act, unit: str) -> str:
    """A Use Item that frees someone from a net, as the player chose it:
    "Use Item: free a2 from the net (R)" (a Quick Use Item: Ready)."""
    who = "myself" if act.target in (None, "self", unit) else GENERAL_TARGETS.get(act.target or "", act.target)
    return f"Use Item: free {who} from the net (R)"
