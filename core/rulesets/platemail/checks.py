"""Whether a written order is well formed and possible (seed: Actions)."""

from __future__ import annotations

from core.board import chebyshev
from core.ruleset import Rejection
from core.values import evolve

from .equipment import SPELLS, WEAPONS
from .senses import weapon
from .state import GENERAL_TARGETS, INVOLUNTARY, ITEMS, TITLES, Act, Action, Character, PlatemailState, Status, Write

# Enum members as module names: read from their class each costs ~90 ns in
# Python 3.11 (the Round reads them at every step); the same objects.
(A_FOCUS, A_MOVE, A_PREPARE, A_RANGED, A_RAPID_FIRE, A_RELEASE, A_RESCUE, A_SPRINT, A_STABILIZE, A_USE_ITEM) = (
    Action.FOCUS, Action.MOVE, Action.PREPARE, Action.RANGED, Action.RAPID_FIRE, Action.RELEASE, Action.RESCUE,
    Action.SPRINT, Action.STABILIZE, Action.USE_ITEM)

# Tuples, not sets: membership of an enum member in a tuple is an identity
# test, while a set hashes the member (a Python-level hash for enums) and
# check_act runs thousands of times per game.
HOSTILE_KINDS = (Action.CHARGE, Action.FULL_ATTACK, Action.COUNTER, Action.RANGED, Action.RAPID_FIRE, Action.AIM)
FRIENDLY_KINDS = (Action.GUARD, Action.RESCUE)
NEEDS_TARGET = (Action.CHARGE, Action.RANGED, Action.RAPID_FIRE, Action.GUARD, Action.RELEASE, Action.RESCUE,
                A_STABILIZE)
_INVOLUNTARY = tuple(INVOLUNTARY)
HOSTILE_GENERAL = {"closest", "injured", "biggest"}
FRIENDLY_GENERAL = {"ally", "ally-injured", "ally-down"}


def check_act(state: PlatemailState, me: Character, act: Act, first: bool) -> Rejection | None:
    k = act.kind
    if act.side != me.side:
        return Rejection("wrong-side", "An Action inside an order must carry the same side as the order.")
    if k in _INVOLUNTARY:
        return Rejection("involuntary", f"{TITLES[k]} is an Involuntary Action: it is forced on characters, never ordered.")
    if act.target is not None:
        if act.target in GENERAL_TARGETS:
            if k in HOSTILE_KINDS and act.target not in HOSTILE_GENERAL:
                return Rejection("bad-target", f"{TITLES[k]} needs a hostile target.")
            if k in FRIENDLY_KINDS and act.target not in FRIENDLY_GENERAL:
                return Rejection("bad-target", f"{TITLES[k]} needs an ally as its target.")
        else:
            other = state.char(act.target)
            if other is None:
                return Rejection("no-such-target", f"There is no character or general target called {act.target!r}.")
            if k in HOSTILE_KINDS and other.side == me.side:
                return Rejection("bad-target", f"{TITLES[k]} is aimed at enemies, and {other.id} is on your side.")
            if k in FRIENDLY_KINDS and (other.side != me.side or other.id == me.id):
                return Rejection("bad-target", f"{TITLES[k]} needs another character of your side as its target.")
    elif k in NEEDS_TARGET:
        return Rejection("needs-target", f"{TITLES[k]} needs a target.")
    if act.to is not None and not state.battlefield.in_bounds(act.to):
        return Rejection("off-board", f"{act.to[0]},{act.to[1]} is off the battlefield.")
    if k in (A_MOVE, A_SPRINT) and act.to is None and act.target is None:
        return Rejection("needs-destination", f"{TITLES[k]} needs a destination cell or someone to move towards.")
    if k == A_RESCUE and act.to is None:
        return Rejection("needs-destination", "Rescue needs a cell to carry your ally towards.")
    if k == A_PREPARE and act.spell not in me.spells:
        known = ", ".join(me.spells) or "no spells"
        return Rejection("unknown-spell", f"{me.id} can prepare only {known}.")
    if k == A_USE_ITEM:
        item = act.item or ""
        if item.startswith("swap:"):
            key = item[5:]
            if key not in WEAPONS:
                return Rejection("bad-item", f"There is no weapon called {key!r}.")
            if WEAPONS[key].kind == "thrown":  # Loadouts: it would never be spent in hand
                return Rejection("thrown-in-hand", f"{me.id} cannot draw the {WEAPONS[key].name}: a thrown weapon "
                                                   "is never held in hand; a Ranged Attack throws it from what "
                                                   f"{me.id} carries and it is spent.")
            if key not in me.carried and first and key == me.wielding:
                return Rejection("bad-item", f"{me.id} has the {WEAPONS[key].name} in hand already: "
                                             "nothing to swap.")
            if key not in me.carried and (first or key != me.wielding):
                return Rejection("bad-item", f"{me.id} does not carry a {WEAPONS[key].name}.")
        elif item not in ITEMS:
            return Rejection("bad-item", "Use Item needs item=reload, potion, door, free or swap:<weapon>.")
        elif item == "free" and act.target is not None and act.target != "self":
            # Entraps (seed, weapon properties): freed by a Use Item; one frees itself or an ally, never
            # an enemy (docs/rulings.md, Platemail, Use Item)
            other = state.char(act.target)
            if act.target in HOSTILE_GENERAL or (other is not None and other.side != me.side):
                return Rejection("bad-target", f"{me.id} frees only itself or an ally from a net, and "
                                               f"{GENERAL_TARGETS.get(act.target, act.target)} is an enemy.")
    if act.item is not None and (k is A_RANGED or k is A_RAPID_FIRE):
        # the missile a shot names (docs/rulings.md, Platemail, Which missile)
        w = WEAPONS.get(act.item)
        if w is None or not (w.kind == "thrown" or w.also_thrown):
            return Rejection("bad-item", f"{TITLES[k]} names a missile to throw, and "
                                         f"{w.name if w else repr(act.item)} is not one.")
        if first and act.item not in me.carried:
            return Rejection("bad-item", f"{me.id} carries no {w.name} to throw.")
    if first:
        if k == A_RELEASE and not me.prepared:
            return Rejection("not-prepared", f"{me.id} has no Prepared spell to release.")
        if k == A_RAPID_FIRE:
            problem = rapid_fire_problem(me, act.item)
            if problem:
                return Rejection("no-rapid-fire", problem)
        if k == A_RANGED and not can_shoot(me):
            return Rejection("nothing-to-shoot", f"{me.id} has nothing to shoot or throw.")
        if k == A_USE_ITEM and act.item == "reload" and weapon(me).reload and me.loaded:
            return Rejection("already-loaded", f"{me.id}'s {weapon(me).name} is loaded already: nothing to reload "
                                               "until it has shot.")
        if k == A_USE_ITEM and act.item == "potion" and me.potions <= 0:
            return Rejection("no-potion", f"{me.id} has no potion left.")
        if k == A_FOCUS and not me.focus:
            return Rejection("no-focus", f"{me.id} has no ongoing spell to Focus on.")
    if act.spell is not None and act.spell not in SPELLS:
        return Rejection("unknown-spell", f"There is no spell called {act.spell!r}.")
    return None


def is_missile(key: str | None) -> bool:
    """Whether the weapon ``key`` can be thrown by a Ranged Attack (a
    thrown weapon, or a Dagger: the Thrown Weapons table lists it)."""
    w = WEAPONS.get(key or "")
    return w is not None and (w.kind == "thrown" or w.also_thrown)


def shooting_weapon(me: Character, chosen: str | None = None) -> str | None:
    """None: shoot the launcher in hand.  Otherwise the key of a carried
    missile (a thrown weapon or a Dagger), which the throw spends; "none":
    nothing to shoot or throw.  The weapon in hand is never thrown: a throw
    spends what it throws, and the hand would be left empty (a Dagger in
    hand stays there; docs/rulings.md, Platemail, Loadouts and Actions).
    ``chosen``: the missile the order names (``Act.item``): that one while
    one is carried, else nothing (the launcher in hand, named, is that
    launcher); none named, the launcher in hand, else the first missile carried (docs/rulings.md, Platemail, Which missile).
    What ``actions._shoot`` shoots or throws."""
    if chosen is not None and chosen == me.wielding and weapon(me).kind == "ranged":
        return None  # the launcher in hand, named: that launcher (a crossbow shot unloads it)
    if chosen is not None:
        return chosen if chosen in me.carried and is_missile(chosen) else "none"
    if weapon(me).kind == "ranged":
        return None
    for key in me.carried:
        if WEAPONS[key].kind == "thrown" or WEAPONS[key].also_thrown:
            return key
    return "none"


def rapid_fire_problem(me: Character, chosen: str | None = None) -> str:
    """Why ``me`` cannot Rapid Fire with what the shots would use now
    (``chosen``: the missile the order names), empty when it can.  Seed,
    Rapid Fire: a weapon that needs a Use Item to reload between Attacks
    (either crossbow) cannot be used for it; a missile thrown from what
    ``me`` carries needs none, so naming one lets a crossbowman Rapid Fire
    with it while the crossbow stays in hand (docs/rulings.md, Platemail,
    Which missile a shot throws)."""
    key = shooting_weapon(me, chosen)
    if key == "none":  # nothing to shoot or throw (a knight's Great Sword)
        return f"{me.id} cannot Rapid Fire with a {weapon(me).name}: it has nothing to shoot or throw."
    if key is not None or not weapon(me).reload:  # a missile thrown, or a bow
        return ""
    said = f"{me.id} cannot Rapid Fire with a {weapon(me).name}"
    thrown = [WEAPONS[k].name for k in rapid_fire_missiles(me)]
    if thrown:  # what it may name instead
        return f"{said}: it needs reloading between shots; name a missile to throw ({', '.join(thrown)})."
    return f"{said}: it needs reloading between shots (a Use Item each time)."


def rapid_fire_missiles(me: Character) -> list[str]:
    """The missiles a Rapid Fire of ``me`` must name, one key a kind, when
    the launcher in hand needs reloading between shots (either crossbow)
    and so cannot be used for it (``rapid_fire_problem``); empty otherwise
    (the shot names none, or may)."""
    arms = weapon(me)
    if arms.kind != "ranged" or not arms.reload:
        return []
    return [key for key in dict.fromkeys(me.carried) if is_missile(key)]


def can_shoot(me: Character) -> bool:
    """Whether a Ranged Attack by ``me`` has something to shoot or throw:
    a launcher in hand, or a carried missile (a thrown weapon or a Dagger;
    the weapon in hand is never thrown, ``actions.missile``)."""
    return weapon(me).kind == "ranged" or any(WEAPONS[k].kind == "thrown" or WEAPONS[k].also_thrown
                                              for k in me.carried)


def check_write(state: PlatemailState, order: Write) -> Rejection | None:
    """Whether ``order`` may be written."""
    if state.stage != "orders":
        return Rejection("not-orders", "Orders are written at the start of a Round, once both sides have deployed.")
    if state.committed[order.side]:
        return Rejection("committed", "Your orders for this Round are committed and cannot change.")
    me = state.char(order.unit)
    if me is None or me.side != order.side:
        return Rejection("not-your-unit", f"{order.unit} is not one of your characters.")
    if not me.fighting:
        return Rejection("out-of-fight", f"{me.id} is out of the fight and takes no Actions.")
    for act, first in ((order.first, True), (order.then, False), (order.otherwise, False)):
        problem = check_act(state, me, act, first)
        if problem:
            return problem
    return None


def left_by(me: Character, first: Act | None) -> Character:
    """``me`` as its own 1st Action leaves it, whatever else the Phase
    brings: the weapon swapped in, the potion drunk, the reload, the spell
    Prepared, or released (an ongoing one then Focused on); what the order
    writer judges a 2nd Action by (it is checked only after the 1st Phase).
    The effects are resolution's (``actions._use_item``, ``_release``,
    ``phase._end_phase``); a test holds them equal."""
    if first is None:
        return me
    kind, item = first.kind, first.item or ""
    if kind is Action.USE_ITEM and item.startswith("swap:") and item[5:] in me.carried:
        carried = list(me.carried)
        carried.remove(item[5:])
        return evolve(me, wielding=item[5:], carried=tuple(carried) + (me.wielding,))
    if kind is Action.USE_ITEM and item == "potion":
        return evolve(me, potions=max(0, me.potions - 1))
    if kind is Action.USE_ITEM and item == "reload":
        return evolve(me, loaded=True)
    if kind is Action.PREPARE and first.spell:
        return evolve(me, prepared=first.spell)
    if kind is Action.RELEASE and me.prepared:
        ongoing = SPELLS[me.prepared].ongoing if me.prepared in SPELLS else False
        return evolve(me, prepared=None, focus=me.prepared if ongoing else me.focus)
    return me


def shot_left_by(me: Character, first: Act | None) -> Character:
    """``me`` as its 1st Action leaves it (``left_by``), and with the
    weapon in hand empty once that Action is a Ranged Attack with it, when
    it needs reloading (seed: Ranged Weapons, Requires Reload;
    ``actions._shoot`` unloads it with the shot), and without the missile
    a throw spends (two for a Rapid Fire, while it carries them; seed:
    Thrown Weapons; docs/rulings.md, Platemail, Actions), the one the shot
    names or else the one the engine picks (``shooting_weapon``).  What the
    order writer judges a 2nd Action by: the shot is counted on, though it
    may find no target and leave the weapon loaded and the missile carried."""
    after = left_by(me, first)
    if first is None or (first.kind is not A_RANGED and first.kind is not A_RAPID_FIRE):
        return after
    key = shooting_weapon(me, first.item)
    if key is None:  # the launcher in hand
        if first.kind is A_RANGED and weapon(me).reload:
            after = evolve(after, loaded=False)
        return after  # (Rapid Fire with a crossbow shoots nothing: check_act, actions._shoot)
    if key != "none":
        carried = list(after.carried)
        for _ in range(2 if first.kind is A_RAPID_FIRE else 1):
            if key in carried:
                carried.remove(key)
        after = evolve(after, carried=tuple(carried))
    return after


def unloaded_shot(me: Character, kind: Action, first: Act | None = None) -> str:
    """Why a Ranged Attack of ``me`` finds its weapon not loaded (empty: it
    is loaded, needs no reloading, or ``kind`` is no Ranged Attack), in the
    words of the resolution's note (``actions._shoot``).  A 1st Action is
    judged from ``me`` now; a 2nd, given its ``first``, from
    ``shot_left_by``: a 1st reload loads it, a 1st shot empties it.  (A
    Rapid Fire with such a weapon is refused, ``check_act``: it needs
    reloading between shots, seed: Rapid Fire.)"""
    if kind is not A_RANGED:
        return ""
    after = me if first is None else shot_left_by(me, first)
    arms = weapon(after)
    if arms.kind != "ranged" or not arms.reload or after.loaded:
        return ""
    said = f"{me.id}'s {arms.name} is not loaded"
    if first is not None and first.kind is A_RANGED and left_by(me, first).loaded:
        said += " once the 1st Action has shot it"
    return said


def unloaded_order(me: Character, order: Write) -> str:
    """Why a Ranged Attack of ``order`` would find ``me``'s weapon not
    loaded (``unloaded_shot``: the 1st Action as ``me`` is now, THEN and
    ELSE after the 1st); empty when none would."""
    why = unloaded_shot(me, order.first.kind)
    for act in (order.then, order.otherwise):
        why = why or unloaded_shot(me, act.kind, order.first)
    return why


def gone_target(view: PlatemailState, order: Write) -> str | None:
    """Why a character ``order`` names by id (not a general target such as
    the closest hostile) can no longer be its target, as ``view`` shows it:
    dead, no longer in the game or on the battlefield, or an enemy out of
    the fight; None when every one named still can.  Resolution would find
    no target for such an Action (seed: Targeting)."""
    for act in (order.first, order.then, order.otherwise):
        target = act.target
        if target is None or target == "self" or target in GENERAL_TARGETS:
            continue
        c = view.char(target)
        if c is None:
            why = "who is no longer in the game"
        elif c.status is Status.DEAD:
            why = "who is dead"
        elif c.side != order.side and not c.fighting:
            why = f"who is out of the fight ({c.status.value})"
        elif c.pos is None and not c.hidden:
            why = "who is no longer on the battlefield"
        else:
            continue
        return f"{order.unit}'s orders named {target}, {why}: write them again"
    return None


def stabilize_problem(me: Character, target: Character | None) -> str:
    """Why a Stabilize of ``target`` by ``me`` would do nothing, as the two
    stand now (empty: it rolls Medical).  Seed, *Stabilize*: only a Fatally
    Wounded character within reach (beside: the Action covers no ground)."""
    if target is None:
        return "nobody to Stabilize"
    if target.status is not Status.DYING:
        return f"{target.id} is not Fatally Wounded"
    if me.pos is None or target.pos is None or chebyshev(me.pos, target.pos) > 1:
        return f"{target.id} is not beside {me.id}"
    return ""


def free_problem(me: Character, whom: Character | None) -> str:
    """Why a Use Item ``free`` by ``me`` of ``whom`` would free nobody, as
    the two stand now (empty: it frees ``whom``).  Entraps (seed, weapon
    properties): Not Ready and no move until freed by a Use Item Action;
    whoever stands within reach may do it, ``me`` itself or an ally beside
    it (docs/rulings.md, Platemail, Use Item).  The resolution's own test
    (``actions._use_item``)."""
    if whom is None:
        return "nobody to free"
    if whom.side != me.side:
        return f"{whom.id} is an enemy"
    if not whom.entrapped:
        return f"{whom.id} is not entrapped"
    if whom.id != me.id:
        if me.pos is None or whom.pos is None:
            return f"{whom.id} is not on the battlefield" if whom.pos is None else f"{me.id} is not on the battlefield"
        apart = chebyshev(me.pos, whom.pos)
        if apart > 1:
            return f"{whom.id} is {apart} cells from {me.id}: out of reach"
    return ""


def whom_freed(state: PlatemailState, me: Character, target: str | None) -> Character | None:
    """The character a Use Item ``free`` of ``me`` aimed at ``target`` frees
    if it can, as the resolution picks it: itself with no target or
    ``self``, else the one named (a general target is resolved as the
    Phase would resolve it now)."""
    if target is None or target == "self" or target == me.id:
        return me
    if target in GENERAL_TARGETS:  # (not offered: the writer and the lists name the ally)
        from .senses import Work, resolve_target

        tid = resolve_target(Work(state), me, target)
        return state.char(tid) if tid else me  # nobody found: itself, as the resolution falls back
    return state.char(target)


def item_idle(state: PlatemailState, me: Character, item: str, target: str | None = None) -> str:
    """Why a Use Item ``item`` of ``me`` the rules allow would do nothing as
    things stand (empty: it does something), in the words the resolution's
    notes use (actions.use_item, combat.heals): a potion with no Wound to
    heal, no door beside it, nobody entrapped within reach to free.  For
    ``free``, ``target`` is whom it frees (``whom_freed``: ``free_problem``
    says why not); without one, whether there is anyone to free at all
    (the Use Item menu's entry, before a target is picked)."""
    from .senses import door_features

    if item == "free" and target is not None:
        return free_problem(me, whom_freed(state, me, target))
    if item == "potion" and not me.wounds:
        return f"{me.id} has no Wound for a potion to heal"
    if item == "door" and me.pos is not None and not any(chebyshev(f.cell, me.pos) == 1
                                                         for f in door_features(state)):
        return f"there is no door beside {me.id}"
    if item == "free" and me.pos is not None and not any(
            c.side == me.side and c.entrapped and c.pos is not None and chebyshev(c.pos, me.pos) <= 1
            for c in state.characters):
        return f"nobody is entrapped within {me.id}'s reach"
    return ""
