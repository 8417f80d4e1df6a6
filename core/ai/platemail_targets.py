"""Platemail: which enemy a character's attack would hurt most.

Armour decides most fights in Platemail.  A hit whose Penetration is short
of the target's Absorb loses wounds to it, and one that meets the Absorb
goes straight through (seed: *Absorb*, *Penetration*).  So an arrow from a
long bow (Penetration 2) does nothing to a knight in half plate (Absorb 3)
short of a critical, and kills an archer in leather (Absorb 1) in three
hits; a footman's shield counts only while it is Ready.  The closest
hostile, which the general targets name, is often the one an attack can
least hurt.

``harm`` is the wounds one attack is expected to leave on a target: the
printed d20 rule for the hit (``platemail_chances.chances_by_action``), a
natural 20's extra wound and Penetration, and Absorb, averaged over the
Actions the target may take (they decide whether it is Ready, and so its
Defense and whether a shield Absorbs).  Several hits in one Phase share
one Absorb; ``harm`` counts a single hit.
"""

from __future__ import annotations

import attrs

from core.ai.platemail_chances import attack_weapon, casts, chances_by_action, charge_run, enemies_beside, shooter
from core.board import chebyshev
from core.rulesets.platemail.actions import missile
from core.rulesets.platemail.checks import HOSTILE_GENERAL
from core.rulesets.platemail.combat import range_penalty
from core.rulesets.platemail.equipment import SPELLS
from core.rulesets.platemail.movement import held
from core.rulesets.platemail.orders import Act, Write
from core.rulesets.platemail.senses import Work, absorb, defense, resolve_target, weapon
from core.rulesets.platemail.state import READY, Action, Condition

A, C = Action, Condition
GENERAL = ("closest", "injured")  # the general targets the templates aim at
AIM_GAIN = 0.05  # expected wounds an attack must gain by its aim to replace one at a general target
FUTILE = 0.02  # expected wounds an attack below which it is wasted (only a rare critical gets through)
CRITICAL = 1 / 20  # a natural 20: one more wound and one more Penetration (seed: Attack Rolls)
CHARGE_REACH = 4  # cells: a Charge runs three squares (15 ft) and strikes from beside the target


def through(wounds: int, penetration: int, absorbs: int) -> int:
    """The wounds one hit leaves after ``absorbs`` (seed: Penetration:
    Absorb up to the Penetration is ignored, so a hit that meets it loses
    nothing, and one short of it loses as much as the Absorb takes)."""
    if absorbs <= 0 or penetration >= absorbs:
        return wounds
    return max(0, wounds - absorbs)


def harm(work: Work, me, t, kind: Action) -> float:
    """Wounds one attack of ``kind`` by ``me`` is expected to leave on ``t``
    (kept in the battlefield's memo: the search asks again for every
    order it plays out, and the answer hangs only on the two characters,
    the ground between them, and whether ``t`` is held by a spell; for a
    Charge, on everyone's cells too: where ``t`` would fall back to,
    ``platemail_chances.charge_run``)."""
    stuck = t.entrapped or held(work, t.id)
    table = work.bf.memo.table("platemail.harm", 4096)
    key = (me, t, kind, stuck, work.state.characters if kind is A.CHARGE else None)
    found = table.get(key)
    if found is None:
        found = table.put(key, _harm(work, me, t, kind, stuck))
    return found


def _harm(work: Work, me, t, kind: Action, stuck: bool) -> float:
    w = attack_weapon(me, kind)
    pen = w.penetration + (1 if kind is A.CHARGE and "charge-pen" in w.properties else 0)
    found = chances_by_action(work, me, t, kind)
    if not found:
        return 0.0
    total = 0.0
    for tk, (chance, _) in found.items():
        absorbs = absorb(t, READY[tk] and not stuck)
        plain = through(w.wounds, pen, absorbs)
        critical = through(w.wounds + 1, pen + 1, absorbs)
        total += (chance - CRITICAL) * plain + CRITICAL * critical
    return total / len(found)


def best_target(work: Work, me, kind: Action, reach: int | None = None) -> tuple[str, float] | None:
    """The enemy ``me`` seeing it would hurt most with an attack of ``kind``
    (``reach``: only those within that many cells), with the wounds
    expected; the nearer of two alike.  None when there is nobody to aim at."""
    best = None
    for t in work.chars.values():
        if t.side == me.side or not t.fighting or t.pos is None or me.pos is None or t.hidden:
            continue
        far = chebyshev(me.pos, t.pos)
        if reach is not None and far > reach:
            continue
        if kind in (A.RANGED, A.RAPID_FIRE) and work.grid.concealed(me.pos, t.pos):
            continue
        key = (harm(work, me, t, kind), -far)
        if best is None or key > best[0]:
            best = (key, t.id)
    return None if best is None else (best[1], best[0][0])


@attrs.frozen
class Aim:
    """An order aimed at one enemy by name, and the first Actions at
    general targets (kind, target) it makes pointless."""

    write: Write
    replaces: frozenset[tuple[Action, str]]


def guard(work: Work, me) -> str | None:
    """The ally ``me`` stands guard over (seed: *Guard*), or None: the
    side's closest fighting shooter, when ``me`` is the melee fighter with
    the best Defense while Ready (the lowest id among equals; a Guard is
    Ready).  A blow at the guarded rolls first against the guard's Defense
    and, past it, lands on the guard half the time, so an archer in
    leather guarded by a footman behind his shield is hit about a sixth as
    often.  One guard is enough (only the first counts); the others hunt."""
    here = me.pos
    if here is None:
        return None
    # (Not a caster: its Staff Ready gives it the best Defense, but it is no guard, it casts.)
    melee = [c for c in work.chars.values() if c.side == me.side and c.fighting and c.pos is not None
             and not shooter(c) and not casts(c)]
    if not melee or min(melee, key=lambda c: (-defense(c, True), c.id)).id != me.id:
        return None
    shooters = [c for c in work.chars.values() if c.side == me.side and c.id != me.id and c.fighting
                and c.pos is not None and shooter(c)]
    return min(shooters, key=lambda c: (chebyshev(c.cell, here), c.id)).id if shooters else None


SAVED = ("hold", "terror")  # spells resisted by a saving throw, which a Defend favors (Binding, Dread)


def wasted_charge(state, me, target: str | None) -> str:
    """Why a 1st Action Charge by ``me`` at ``target`` gains nothing
    another order would not (empty: it does): nobody in sight to aim it at
    as its Phase begins (seed: Targeting: it runs three squares toward the
    enemy it knows of and strikes nobody, where a Move gets as far Ready
    and a Sprint twice as far), or the target beside it already (seed,
    Charge: no Favor without a 10 ft run, so it is one blow where a Full
    Attack makes two, seed: Full Attack), or no way to a free cell beside
    the target within the Charge's 15 feet, with everyone else standing
    where they are (``platemail_chances.charge_run``: walled off, or
    every cell beside it taken)."""
    if state is None or target is None or me.pos is None:
        return ""
    work = Work(state)
    tid = resolve_target(work, me, target)
    t = work.chars.get(tid) if tid else None
    if t is None:
        if target not in HOSTILE_GENERAL:  # a character by name: one it is unaware of, or nobody it knows
            return f"{target} is out of sight: the Charge strikes nobody" if target in work.chars else ""
        heading = resolve_target(work, me, target, False)
        return f"{heading} is out of sight: the Charge strikes nobody" if heading else "nobody in sight to Charge"
    if t.side != me.side and t.pos is not None and chebyshev(me.pos, t.pos) == 1 and weapon(me).melee:
        return f"already beside {tid}: no run, no Favor; a Full Attack strikes twice"
    if t.side != me.side and t.pos is not None and charge_run(work, me, t, A.DEFEND) is None:  # (t standing)
        return f"no free cell beside {tid} within a Charge's 15 feet: it strikes nobody"
    return ""


def idle_defend(state, me) -> str:
    """Why a 1st Action Defend by ``me``, a melee fighter or a caster with
    its Staff (not a shooter), is idle (empty: it is not): no enemy stands
    within a Charge of it, so none can strike it in the Phase the Defend
    covers (its Disfavor is on melee blows, seed: Defend) nor be Countered
    in the 2nd, and none holds a Prepared spell with a saving throw that
    reaches it (its other gain: Favor on the save).  A beginner walks in,
    or casts, instead (issue 31; a tester's caster Defended and Countered
    nobody five Rounds of one game)."""
    if me.pos is None or not weapon(me).melee or shooter(me):
        return ""
    foes = [c for c in state.characters if c.side != me.side and c.fighting and c.pos is not None]
    if not foes or any(chebyshev(me.pos, c.pos) <= CHARGE_REACH for c in foes):
        return ""
    if any(c.prepared in SPELLS and SPELLS[c.prepared].effect in SAVED
           and range_penalty(SPELLS[c.prepared].range_ft, c.pos, me.pos) is not None for c in foes):
        return ""
    near = min(chebyshev(me.pos, c.pos) for c in foes)
    return f"nobody within a Charge of it ({near} squares to the closest): its Defend meets no blow"


SHOT_KINDS = (A.RANGED, A.RAPID_FIRE)
# 1st Actions after which the shooter stands where it stood (a 2nd Action's shot is judged from there).
IN_PLACE = frozenset({A.RELEASE, A.PREPARE, A.FOCUS, A.USE_ITEM, A.DEFEND, A.RANGED, A.RAPID_FIRE, A.AIM,
                      A.COUNTER, A.FULL_ATTACK, A.STABILIZE})
# Conditions whose THEN runs only with an enemy in sight (seed: IF ELSE Clause; ``phase.condition_holds``).
SEEN_FIRST = (C.VISIBLE, C.IN_RANGE, C.ENEMY_ADJACENT)


def enemy_in_sight(state, me) -> bool:
    """Whether ``me`` sees an enemy it could shoot at now: the resolution's
    own pick of the closest hostile (seed: Targeting: only enemies in sight,
    none Concealed, no skulker it is Unaware of)."""
    return me.pos is not None and resolve_target(Work(state), me, "closest") is not None


def blind_shot(state, me, write: Write) -> str:
    """Why a shot of ``write`` finds no target ``me`` can see (empty: none
    is sure to), as the order writer's warnings judge it
    (``tui/rulesets/platemail_notes.blind_shot``): a 1st-Action Ranged
    Attack or Rapid Fire is aimed from where both stand as its Phase
    begins, so with no enemy in sight (or the one named Concealed from it,
    or beyond four times the Range) it finds none and the Action is lost
    (``phase`` logs "has no target"); an Aim at nobody in sight likewise
    (it stands still, Not Ready, where a walk would bring it to where it
    can shoot; seed: Aim); a 2nd-Action shot after a 1st Action
    that leaves ``me`` where it stands, in a branch that may run with
    nobody seen (an ELSE, or a THEN not gated on an enemy in sight),
    likewise.  After a 1st Action that covers ground the 2nd may count on
    the move."""
    if state is None or me.pos is None:
        return ""
    first = write.first
    if first.kind in (*SHOT_KINDS, A.AIM) and first.target is not None:
        work = Work(state)
        tid = resolve_target(work, me, first.target)
        t = work.chars.get(tid) if tid else None
        said = "an Aim" if first.kind is A.AIM else "a 1st-Action shot"
        if t is None:
            return f"no enemy in sight of {me.id}: {said} finds no target"
        if t.pos is None or work.grid.concealed(me.pos, t.pos):
            return f"{t.id} is not in sight of {me.id}: {said} cannot be aimed at it"
        arms = missile(me, first.item)
        if first.kind is not A.AIM and arms is not None and range_penalty(arms.range_ft, me.pos, t.pos) is None:
            return f"{t.id} is beyond four times the {arms.name}'s Range"
    if first.kind not in IN_PLACE:
        return ""
    branches = [write.otherwise] if write.condition in SEEN_FIRST else [write.then, write.otherwise]
    if any(b.kind in SHOT_KINDS for b in branches) and not enemy_in_sight(state, me):
        return f"no enemy in sight of {me.id}, and its 1st Action leaves it there: the shot finds no target"
    return ""


def holding_back(state, side: int) -> bool:
    """Whether ``side`` holds back: from Round 3 on, every one of its
    characters fighting on the battlefield still stands in its deployment
    zone, none of the other side is wounded or down, and none of the other
    side has come within a Charge of it yet (a side that only Defends
    neither comes out nor hurts anyone; one being fought in its own zone is
    not holding back).  Read from the board, as anyone sees it."""
    if state.round < 3:
        return False
    others = [c for c in state.characters if c.side != side]
    if any(c.wounds or not c.fighting for c in others):
        return False
    bf = state.battlefield
    seen = [c for c in state.characters if c.side == side and c.fighting and c.pos is not None]
    return bool(seen) and all(bf.in_zone(side, c.pos) for c in seen) and not any(
        o.pos is not None and chebyshev(o.pos, c.pos) <= CHARGE_REACH for o in others for c in seen)


def harm_if_defending(work: Work, me, t, kind: Action, aimed: bool = False) -> float:
    """Wounds one attack of ``kind`` by ``me`` is expected to leave on ``t``
    if ``t`` Defends (what a side that holds back writes: Ready, its shield
    up, Disfavor on melee blows, seed: *Defend*), as :func:`harm` counts
    them; with ``aimed``, a shot after an Aim (seed: *Aim*: Favor and +1
    Penetration)."""
    if aimed:
        me = attrs.evolve(me, aimed=True)  # the roll's Favor (platemail_chances.attack_bonus)
    found = chances_by_action(work, me, t, kind).get(A.DEFEND)
    if found is None:
        return 0.0
    w = attack_weapon(me, kind)
    pen = w.penetration + (1 if aimed else 0)
    absorbs = absorb(t, not (t.entrapped or held(work, t.id)))
    return (found[0] - CRITICAL) * through(w.wounds, pen, absorbs) + CRITICAL * through(w.wounds + 1, pen + 1, absorbs)


def pressing_shot(work: Work, me, volleys: bool) -> Aim | None:
    """A shooter's orders against a side that holds back (every one of them
    Defends, Ready), out of melee: a walk toward the enemy it would wound
    most, when that one stands beyond its weapon's Range (each increment
    past it takes -2, seed: Ranged Weapons; a Move, then the shot in the
    2nd Action if it is then within Range); else, for a weapon that needs
    no reloading, the Round's shooting that leaves the most wounds on a
    Defending enemy: two Rapid Fires (hard's ``volleys``), two shots, or
    an Aim and the aimed shot (Favor and +1 Penetration: a long bow's
    arrow then passes a knight's half plate, which stops it otherwise).
    It replaces every other shot, volley and Aim.  None when an enemy is
    within a Charge of it, or it has a crossbow to reload first."""
    arms = attack_weapon(me, A.RANGED)
    if (arms.reload and not me.loaded) or any(
            c.side != me.side and c.fighting and c.pos is not None and chebyshev(me.cell, c.pos) <= CHARGE_REACH
            for c in work.chars.values()):
        return None
    found = best_target(work, me, A.RANGED)
    if found is None or found[1] <= FUTILE:
        return None
    s, u = me.side, me.id
    shots = frozenset((k, t) for k in (A.RANGED, A.AIM, A.RAPID_FIRE) for t in (*GENERAL, *work.chars))
    tid = found[0]
    if 5 * chebyshev(me.cell, work.chars[tid].cell) > arms.range_ft:
        return Aim(Write(s, u, Act(s, A.MOVE, tid), C.IN_RANGE, Act(s, A.RANGED, tid), Act(s, A.MOVE, tid)), shots)
    if arms.reload:
        return None
    best = None
    for t in work.chars.values():
        if t.side == me.side or not t.fighting or t.pos is None or t.hidden or work.grid.concealed(me.cell, t.pos):
            continue
        far = chebyshev(me.cell, t.pos)
        plans = [(harm_if_defending(work, me, t, A.RANGED, aimed=True), 0, "aim"),  # one shot a Round
                 (2 * harm_if_defending(work, me, t, A.RANGED), 1, "shot")]
        if volleys:
            plans.append((4 * harm_if_defending(work, me, t, A.RAPID_FIRE), 2, "volley"))
        for value, rank, plan in plans:
            key = (value, rank, -far)
            if best is None or key > best[0]:
                best = (key, plan, t.id)
    if best is None or best[0][0] <= FUTILE:
        return None
    _, plan, tid = best
    if plan == "aim":
        write = Write(s, u, Act(s, A.AIM, tid), C.VISIBLE, Act(s, A.RANGED, tid), Act(s, A.MOVE, tid))
    elif plan == "volley":
        write = Write(s, u, Act(s, A.RAPID_FIRE, tid), C.ENEMY_ADJACENT, Act(s, A.FALL_BACK),
                      Act(s, A.RAPID_FIRE, tid))
    else:
        write = Write(s, u, Act(s, A.RANGED, tid), C.ENEMY_ADJACENT, Act(s, A.FALL_BACK), Act(s, A.RANGED, tid))
    return Aim(write, shots - {(write.first.kind, tid)})


def pressing_walk(work: Work, me) -> Aim | None:
    """A melee fighter's walk against a side that holds back, when its
    weapon wounds no Defending enemy within a Charge (:func:`harm_if_defending`:
    a Defend holds a footman's shield up, so a great sword's blow, which
    passes his armour while he attacks, is stopped): a Move toward the
    Defending enemy it would wound most, and a Full Attack on it once
    there.  Attacking or closing on the others is dropped.  None when one
    within a Charge can be wounded, or none at all."""
    if not weapon(me).melee:
        return None
    foes = [t for t in work.chars.values() if t.side != me.side and t.fighting and t.pos is not None and not t.hidden]
    if any(harm_if_defending(work, me, t, A.FULL_ATTACK) > FUTILE for t in foes
           if chebyshev(me.cell, t.cell) <= CHARGE_REACH):
        return None
    best = max(((harm_if_defending(work, me, t, A.FULL_ATTACK), -chebyshev(me.cell, t.cell), t.id) for t in foes),
               default=None)
    if best is None or best[0] <= FUTILE:
        return None
    s, u, tid = me.side, me.id, best[2]
    others = frozenset((k, g) for k in (A.FULL_ATTACK, A.CHARGE, A.MOVE, A.COUNTER) for g in (*GENERAL, *work.chars)
                       if g != tid)
    return Aim(Write(s, u, Act(s, A.MOVE, tid), C.REACHED, Act(s, A.FULL_ATTACK, tid), Act(s, A.MOVE, tid)), others)


def aimed(state, me, volleys: bool = False, guards: bool = False, press: bool = False) -> tuple[Aim, ...]:
    """``me``'s attacks aimed where they hurt most (:func:`best_target`),
    where that is not where a general target would send them: a shot
    (with its Aim) at the enemy it wounds most, then another, or a reload
    for a weapon that needs one; a Full Attack on the
    adjacent one it wounds most; a Charge at the one it wounds most within
    a Charge's reach; and, when every enemy within reach is armoured past
    its weapon, a Move toward the one farther off it would wound most,
    which makes attacking (a Counter too) or closing on the others pointless.  With
    ``volleys`` (hard knows it), a shooter whose weapon needs no reloading
    and out of melee looses a Rapid Fire at the one it wounds most in
    place of any single shot or Aim, where its two shots with Disfavor
    leave more wounds than one without (seed: *Rapid Fire*).  With
    ``guards`` (hard knows it too), a melee fighter whose weapon wounds
    nobody within a Charge, if it is the one :func:`guard` names, Guards
    the side's shooter all Round in place of attacking or walking in.  With
    ``press`` (hard, against a side :func:`holding_back`), a shooter out
    of melee walks into Range of its target first, then shoots as hurts a
    Defending enemy most (:func:`pressing_shot`), and a melee fighter whose
    weapon wounds no Defending enemy within a Charge walks to one it wounds
    (:func:`pressing_walk`), guarding nobody."""
    if me.pos is None:
        return ()
    # Asked for each character in every play-out's writing, where the
    # samples of one search mostly hold the same characters: kept by value.
    table = state.battlefield.memo.table("platemail.aimed", 1024)
    key = (state.characters, state.open_doors, me.id, volleys, guards, press)
    found = table.get(key)
    if found is None:
        found = table.put(key, _aimed(Work(state), me, volleys, guards, press))
    return found


def _aimed(work: Work, me, volleys: bool, guards: bool, press: bool = False) -> tuple[Aim, ...]:
    s, u = me.side, me.id
    general = {g: resolve_target(work, me, g) for g in GENERAL}
    general = {g: tid for g, tid in general.items() if tid is not None}
    if not general:
        return ()
    out = []

    def act(kind, target=None):
        return Act(s, kind, target)

    def aim(kind, reach, write, kinds, worse):
        found = best_target(work, me, kind, reach)
        if found is None or found[1] <= FUTILE:
            return
        tid, expected = found
        replaces = frozenset((k, g) for g, gid in general.items() if gid != tid
                             and worse(harm(work, me, work.chars[gid], kind), expected) for k in kinds)
        if replaces:
            out.append(Aim(write(tid), replaces))

    def clearly(theirs, best):
        return theirs < best - AIM_GAIN

    if shooter(me):  # something to shoot or throw (a Dagger in hand is never thrown)
        pressing = pressing_shot(work, me, volleys) if press else None
        if pressing is not None:
            return (pressing,)
        if me.loaded:
            # A crossbow is empty once it has shot: the 2nd Action reloads it (seed: Requires Reload).
            again = Act(s, A.USE_ITEM, item="reload") if weapon(me).reload else None
            aim(A.RANGED, None, lambda t: Write(s, u, act(A.RANGED, t), C.ENEMY_ADJACENT, act(A.FALL_BACK),
                                                again or act(A.RANGED, t)), (A.RANGED,), clearly)
            aim(A.RANGED, None, lambda t: Write(s, u, act(A.AIM, t), C.VISIBLE, act(A.RANGED, t),
                                                act(A.MOVE, "closest")), (A.AIM,), clearly)
        if volleys and not weapon(me).reload and not enemies_beside(work, me):
            volley, shot = best_target(work, me, A.RAPID_FIRE), best_target(work, me, A.RANGED)
            if volley is not None and shot is not None and 2 * volley[1] > shot[1] + AIM_GAIN:
                # Out of melee (where Rapid Fire would give Favor to blows on it), the
                # volley replaces every single shot and Aim.
                shots = frozenset((k, t) for k in (A.RANGED, A.AIM) for t in (*GENERAL, shot[0], volley[0]))
                out.append(Aim(Write(s, u, act(A.RAPID_FIRE, volley[0]), C.ENEMY_ADJACENT, act(A.FALL_BACK),
                                     act(A.RAPID_FIRE, volley[0])), shots))
        return tuple(out)
    if casts(me):  # a caster casts: it neither Charges nor walks in to strike (platemail_spells)
        return tuple(out)
    walk = pressing_walk(work, me) if press else None
    if walk is not None:
        return (*out, walk)
    aim(A.FULL_ATTACK, 1, lambda t: Write(s, u, act(A.FULL_ATTACK, t), C.TARGET_DOWN, act(A.CHARGE, "closest"),
                                          act(A.FULL_ATTACK, t)), (A.FULL_ATTACK,), clearly)
    aim(A.CHARGE, CHARGE_REACH, lambda t: Write(s, u, act(A.CHARGE, t), C.REACHED, act(A.FULL_ATTACK, t),
                                                act(A.CHARGE, t)), (A.CHARGE,), clearly)
    within = best_target(work, me, A.CHARGE, CHARGE_REACH)
    ward = guard(work, me) if guards and (within is None or within[1] <= FUTILE) else None
    if ward is not None:
        every = frozenset((k, g) for k in (A.FULL_ATTACK, A.CHARGE, A.MOVE) for g in (*GENERAL, *work.chars))
        out.append(Aim(Write(s, u, act(A.GUARD, ward), C.HIT, act(A.GUARD, ward), act(A.GUARD, ward)), every))
        return tuple(out)
    if within is None or within[1] <= FUTILE:  # nobody within a Charge it can wound
        aim(A.FULL_ATTACK, None, lambda t: Write(s, u, act(A.MOVE, t), C.REACHED, act(A.FULL_ATTACK, t),
                                                 act(A.MOVE, t)),
            (A.FULL_ATTACK, A.CHARGE, A.MOVE, A.COUNTER), lambda theirs, best: theirs <= FUTILE)
    return tuple(out)
