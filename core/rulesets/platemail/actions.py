"""What each Action does once movement has settled (seed: Actions)."""

from __future__ import annotations

from core.board import chebyshev
from core.events import Note, only_for
from core.values import evolve

from .checks import HOSTILE_GENERAL, free_problem, shooting_weapon, stabilize_problem
from .checks import is_missile as is_missile  # (where the writer's notes have long found it)
from .combat import attack, feet_between, range_penalty, save, verdict
from .equipment import SPELLS, WEAPONS
from .events import ChargeFailed, StatusChanged
from .movement import clash_attacks
from .secrecy import STEALTH
from .senses import Work, aware, closer_words, door_features, weapon
from .state import Action, Status

# Enum members as module names: read from their class each costs ~90 ns in
# Python 3.11 (the Round reads them at every step); the same objects.
(A_CHARGE, A_COUNTER, A_FOCUS, A_FULL_ATTACK, A_RANGED, A_RAPID_FIRE, A_RELEASE, A_SKULK, A_STABILIZE,
 A_TERROR, A_USE_ITEM, S_DEAD, S_DYING, S_FIGHTING, S_STABLE) = (
    Action.CHARGE, Action.COUNTER, Action.FOCUS, Action.FULL_ATTACK, Action.RANGED, Action.RAPID_FIRE,
    Action.RELEASE, Action.SKULK, Action.STABILIZE, Action.TERROR, Action.USE_ITEM, Status.DEAD, Status.DYING,
    Status.FIGHTING, Status.STABLE)


def _adjacent_foe(work: Work, uid: str, preferred: str | None) -> str | None:
    me = work.chars[uid]
    # work.fighters() of the other side next to ``me`` that it is aware of
    # (aware() is True at once of one not hidden)
    side, fighting = me.side, S_FIGHTING
    mx, my = me.pos or (None, None)  # (no position: chebyshev's TypeError, as before, once a foe is met)
    foes = [c for c in work.chars.values() if c.status is fighting and c.pos is not None and c.side != side
            and max(abs(c.pos[0] - mx), abs(c.pos[1] - my)) == 1  # type: ignore[operator]  # (mx, my: see above)
            and (not c.hidden or aware(work, me, c))]
    if not foes:
        return None
    ids = [c.id for c in foes]
    return preferred if preferred in ids else sorted(ids)[0]


def _melee(work: Work, uid: str, count: int, **kw) -> None:
    me = work.chars[uid]
    if not weapon(me).melee:
        work.note(f"{uid} has no melee weapon in hand ({weapon(me).name})")
        return
    tid = _adjacent_foe(work, uid, work.targets.get(uid))
    if tid is None:
        work.note(f"{uid} finds no enemy within reach")
        return
    for _ in range(count):
        attack(work, uid, tid, "melee", **kw)


def missile(me, chosen: str | None = None):
    """The weapon a Ranged Attack by ``me`` would shoot or throw now (None:
    nothing to shoot); its Range is the one the shot is measured against.
    ``chosen``: the missile the order names, if any (``checks.shooting_weapon``)."""
    key = shooting_weapon(me, chosen)
    if key == "none":
        return None
    return WEAPONS[key] if key else weapon(me)


def missile_words(me, chosen: str | None = None) -> str:
    """What a Ranged Attack by ``me`` shoots or throws, in words for the
    order and the log: "throwing a Dart", "shooting the Blowgun"; with
    nothing left, what it lacks."""
    key = shooting_weapon(me, chosen)
    if key == "none":
        if chosen is not None and chosen in WEAPONS:
            return f"no {WEAPONS[chosen].name} left to throw"
        return "nothing to shoot or throw"
    return f"throwing a {WEAPONS[key].name}" if key else f"shooting the {weapon(me).name}"


def _can_shoot_at(work: Work, uid: str, tid: str | None, range_ft: int, verb: str = "shoot") -> bool:
    me = work.chars[uid]
    t = work.chars.get(tid) if tid else None
    there = work.start_pos.get(tid) if tid is not None else None
    if t is None or there is None or t.status is not S_FIGHTING:
        if tid is not None or work.acts[uid].target not in HOSTILE_GENERAL:
            work.note(f"{uid} has no target to {verb} at")
        # (else the Phase's start said why: "no enemy in sight"; one line is enough)
        return False
    if not aware(work, me, t):
        work.note(f"{uid} cannot designate {tid}: Unaware of them")
        return False
    here = work.start_pos[uid]
    assert here is not None  # the shooter acts, so it stood on the battlefield
    if work.grid.concealed(here, there):
        behind = closer_words(work.bf, here, there)  # what closes every line of sight (Why? names it)
        work.note(f"{uid} cannot see {tid}: Concealed" + (f" behind {behind}" if behind else ""))
        return False
    if range_penalty(range_ft, here, there) is None:
        feet = feet_between(here, there)
        work.note(f"{uid}'s target {tid} is {feet} ft away, beyond four times the Range of {range_ft} ft")
        return False
    return True


def _shoot(work: Work, uid: str, shots: int, extra_dis=(), chosen: str | None = None) -> None:
    me = work.chars[uid]
    thrown = shooting_weapon(me, chosen)
    if thrown == "none":
        work.note(f"{uid} has {missile_words(me, chosen)}")
        return
    w = WEAPONS[thrown] if thrown else weapon(me)
    if w.reload and shots > 1:
        work.note(f"{uid} cannot Rapid Fire a {w.name}: it needs reloading between shots")
        return
    tid = work.targets.get(uid)
    for _n in range(shots):
        me = work.chars[uid]
        if w.reload and not me.loaded:
            work.note(f"{uid}'s {w.name} is not loaded")
            return
        if thrown and thrown not in me.carried:
            return
        if not _can_shoot_at(work, uid, tid, w.range_ft):
            return
        assert tid is not None  # _can_shoot_at found the target
        fav: tuple[str, ...] = ()
        pen = 0
        if me.aimed and work.kind(uid) == A_RANGED:
            fav, pen = ("aimed",), 1
        attack(work, uid, tid, "ranged", favor=fav, disfavor=tuple(extra_dis), pen_bonus=pen, thrown=thrown)
        if w.reload:
            work.update(uid, loaded=False)
        if thrown:
            carried = list(work.chars[uid].carried)
            carried.remove(thrown)
            work.update(uid, carried=tuple(carried))
    work.update(uid, aimed=False)


def perform(work: Work) -> None:
    for uid in work.acting:
        me = work.chars[uid]
        if not me.fighting:
            continue
        act = work.acts[uid]
        k = act.kind
        tid = work.targets.get(uid)
        if k == A_CHARGE:
            fav = ("charge",) if work.moved.get(uid, 0) >= 2 or uid in work.clashed else ()
            t = work.chars.get(tid) if tid else None
            if tid and t and t.fighting and chebyshev(t.cell, me.cell) == 1 and weapon(me).melee:
                attack(work, uid, tid, "melee", favor=fav)
            else:  # every reason that holds, told (seed: Charge; Targeting)
                melee = weapon(me).melee
                far = t is not None and t.fighting and chebyshev(t.cell, me.cell) != 1
                work.events.append(ChargeFailed(uid, t.id if t is not None else "", "" if melee else weapon(me).name,
                                                t is not None and not t.fighting,
                                                feet_between(t.cell, me.cell) if t is not None and far else 0))
        elif k == A_FULL_ATTACK:
            _melee(work, uid, 2)
        elif k == A_COUNTER:
            _melee(work, uid, 1)
        elif k == A_RANGED:
            _shoot(work, uid, 1, chosen=act.item)
        elif k == A_RAPID_FIRE:
            _shoot(work, uid, 2, extra_dis=("rapid fire",), chosen=act.item)
        elif k == A_TERROR:
            if not work.moved.get(uid):
                foe = _adjacent_foe(work, uid, None)
                if foe and weapon(me).melee:
                    attack(work, uid, foe, "melee", disfavor=("terror",))
        elif k == A_SKULK:
            if work.moved.get(uid) or not me.hidden:
                was_unseen = work.unseen(me, 1 - me.side)
                ev = work.roll(20, STEALTH, (("Stealth", me.stealth),) + ((("Wounds", -me.wounds),) if me.wounds else ()), uid)
                work.update(uid, stealth_roll=ev.total, hidden=True)
                work.events.skulked(uid, was_unseen, work.phase_mark)
            else:
                work.events.append(only_for(me.side, Note(
                    f"{uid} stays still and keeps the Stealth roll of {me.stealth_roll}")))
        elif k == A_RELEASE:
            _release(work, uid, tid)
        elif k == A_FOCUS:
            if not me.focus:
                work.note(f"{uid} has no ongoing spell to Focus on")
        elif k == A_USE_ITEM:
            _use_item(work, uid, act)
        elif k == A_STABILIZE:
            _stabilize(work, uid, tid)
    clash_attacks(work)


def _release(work: Work, uid: str, tid: str | None) -> None:
    me = work.chars[uid]
    if not me.prepared:
        work.note(f"{uid} has no Prepared spell to release")
        return
    spell = SPELLS[me.prepared]
    t = work.chars.get(tid) if tid else None
    # A Release with nobody it may aim at releases nothing: the spell stays
    # Prepared, as a shot not loosed spends no missile (docs/rulings.md)
    if spell.effect == "heal":
        if t is None or t.pos is None or chebyshev(t.pos, me.cell) > 1 or t.status is S_DEAD:
            work.note(f"{uid}'s {spell.name} needs someone within reach: it stays Prepared")
            return
        work.update(uid, prepared=None)
        work.note(f"{uid} releases {spell.name} on {'itself' if tid == uid else tid}")
        # Fatally Wounded: Stabilized once the Phase is over; anyone else is
        # healed in the Phase, so the heal counts in its tally (combat.heals)
        work.effects.append(("stabilize", tid) if t.status is S_DYING else ("heal", tid, f"{uid}'s {spell.name}"))
        work.reveal.add(uid)
        return
    if not _can_shoot_at(work, uid, tid, spell.range_ft, "cast"):
        work.note(f"{uid}'s {spell.name} stays Prepared")
        return
    assert tid is not None and t is not None  # _can_shoot_at found the target
    work.update(uid, prepared=None)
    work.note(f"{uid} releases {spell.name} at {tid}")
    work.reveal.add(uid)
    if spell.effect == "attack":
        attack(work, uid, tid, "spell", spell=spell.key)
    elif spell.effect == "hold":
        if not save(work, tid, t.dexterity, f"Dexterity save against {spell.name}"):
            work.effects.append(("hold", uid, tid))
        else:
            work.note(f"{tid} slips free of the {spell.name}")
    elif spell.effect == "terror":
        if not save(work, tid, t.concentration, f"Concentration save against {spell.name}"):
            work.effects.append(("terror", tid))
        else:
            work.note(f"{tid} masters their fear")


def _use_item(work: Work, uid: str, act) -> None:
    me = work.chars[uid]
    item = act.item or ""
    if item == "reload":
        if weapon(me).reload and me.loaded:
            # its shot was not loosed (docs/rulings.md, "Reloading a loaded crossbow")
            work.note(f"{uid}'s {weapon(me).name} is still loaded: nothing to reload")
        elif weapon(me).reload:
            work.update(uid, loaded=True)
            work.note(f"{uid} reloads the {weapon(me).name}")
        else:
            work.note(f"{uid} has nothing to reload")
    elif item.startswith("swap:"):
        new = item[5:]
        if new in me.carried:
            carried = list(me.carried)
            carried.remove(new)
            work.update(uid, wielding=new, carried=tuple(carried) + (me.wielding,))
            work.note(f"{uid} stows the {weapon(me).name} and draws the {WEAPONS[new].name}")
        elif new == me.wielding:  # (a 2nd Action: the 1st drew it already)
            work.note(f"{uid} has the {weapon(me).name} in hand already: nothing to swap")
        else:
            work.note(f"{uid} does not carry a {WEAPONS[new].name if new in WEAPONS else new}")
    elif item == "potion":
        if me.potions > 0:
            work.update(uid, potions=me.potions - 1)
            work.effects.append(("heal", uid, "a potion"))  # counted in the Phase's tally, as a Mend
        else:
            work.note(f"{uid} has no potion left")
    elif item == "free":
        # itself, or the ally it names (Entraps: freed by a Use Item; docs/rulings.md, Use Item)
        tid = work.targets.get(uid) or uid
        problem = free_problem(me, work.chars.get(tid))
        if not problem:
            work.effects.append(("free", tid))
        else:
            work.note(f"{uid} has nobody entrapped within reach to free ({problem})")
    elif item == "door":
        doors = [f for f in door_features(work.state) if chebyshev(f.cell, me.cell) == 1
                 and (act.to is None or f.cell == act.to)]
        occupied = {c.pos for c in work.chars.values()}
        if doors and doors[0].cell not in occupied:
            work.effects.append(("door", doors[0].id))
        else:
            work.note(f"{uid} finds no door within reach to open or close")


def _stabilize(work: Work, uid: str, tid: str | None) -> None:
    me = work.chars[uid]
    problem = stabilize_problem(me, work.chars.get(tid) if tid else None)
    if problem:
        work.note(f"{uid} cannot Stabilize: {problem}")
        return
    mods = (("Medical", me.medical),) + ((("Wounds", -me.wounds),) if me.wounds else ())
    purpose = f"Medical roll to Stabilize {tid}"
    if verdict(work, uid, purpose, work.roll(20, purpose, mods, uid).total):
        work.effects.append(("stabilize", tid))
    else:
        work.note(f"{uid} cannot stop {tid}'s bleeding")


def late_effects(work: Work) -> None:
    """Effects that settle after the tally: Stabilizing, spells, doors,
    freeing (a heal is counted in the tally itself, ``combat.heals``)."""
    for eff in work.effects:
        kind = eff[0]
        if kind == "stabilize":
            if work.chars[eff[1]].status is S_DYING:
                work.update(eff[1], status=S_STABLE)
                work.events.append(StatusChanged(eff[1], "Stable", "out of the fight, but alive"))
        elif kind == "free":
            work.update(eff[1], entrapped=False)
            work.note(f"{eff[1]} is freed")
        elif kind == "door":
            opened = work.state.open_doors
            now = tuple(d for d in opened if d != eff[1]) if eff[1] in opened else opened + (eff[1],)
            work.state = _with_doors(work, now)
        elif kind == "hold":
            caster, tid = eff[1], eff[2]
            if work.chars[caster].fighting and work.chars[tid].fighting:
                work.update(caster, focus="binding", focus_target=tid)
                work.events.append(StatusChanged(tid, "held by Binding", f"while {caster} Focuses"))
        elif kind == "terror":
            if work.chars[eff[1]].fighting:
                work.update(eff[1], terror=max(1, work.chars[eff[1]].terror))
                work.events.append(StatusChanged(eff[1], "terrified", "flees in its next Action"))


def _with_doors(work: Work, now):
    from .senses import effective_battlefield
    state = evolve(work.state, open_doors=tuple(sorted(now)))
    work.set_battlefield(effective_battlefield(state))
    work.note("a door swings " + ("open" if len(now) > len(work.state.open_doors) else "shut"))
    return state

