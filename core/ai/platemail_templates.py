"""Platemail: the IF/ELSE orders a character would sensibly write now.

The computer's search tries only these tactical templates (``fitting``:
ranked by the situation, with every blunder a beginner would not make left
out, ``blunder``), and its sampler guesses the other side's secret orders
from the same templates aimed at general targets (``guesses``); the log's
chance to hit is said for the first guess (``guessed_action``,
``platemail_reasons``).  See ``docs/ai.md``, *Platemail*.
"""

from __future__ import annotations

import attrs

from core.ai.platemail_chances import casts, shooter
from core.ai.platemail_mending import mend_target, released_out_of_reach
from core.ai.platemail_spells import spell_target, staff_fight
from core.ai.platemail_targets import (
    CHARGE_REACH,
    Aim,
    aimed,
    blind_shot,
    enemy_in_sight,
    idle_defend,
    wasted_charge,
)
from core.board import chebyshev
from core.rulesets.platemail.actions import missile
from core.rulesets.platemail.checks import can_shoot, left_by, stabilize_problem
from core.rulesets.platemail.combat import range_penalty
from core.rulesets.platemail.equipment import SPELLS, WEAPONS
from core.rulesets.platemail.orders import Act, Write
from core.rulesets.platemail.senses import Work, resolve_target, weapon
from core.rulesets.platemail.state import Action, Condition

A, C = Action, Condition


def templates(state, me, aims: tuple[Aim, ...] | None = None) -> list[Write]:
    """Orders whose IF/ELSE make sense for this character now (``aims``:
    :func:`aimed`, when the caller has it).  A character with no melee
    weapon in hand (a bow, a crossbow) gets no melee Action: it draws the
    melee weapon it carries first (Use Item, swap)."""
    s, u = me.side, me.id

    def w(first, cond, then, other):
        return Write(s, u, first, cond, then, other)

    def act(kind, target=None, **kw):
        return Act(s, kind, target, **kw)

    arms = weapon(me)
    # What a character does beside an enemy: strikes with its melee weapon, else steps away.
    strike = act(A.FULL_ATTACK, "closest") if arms.melee else act(A.FALL_BACK)
    out = []
    shoots = shooter(me)  # never for a Dagger in hand with no missile carried: it is never thrown
    if arms.melee:
        out += [
            w(act(A.CHARGE, "closest"), C.TARGET_DOWN, act(A.CHARGE, "closest"), act(A.FULL_ATTACK, "closest")),
            w(act(A.MOVE, "closest"), C.ENEMY_ADJACENT, act(A.FULL_ATTACK, "closest"), act(A.MOVE, "closest")),
            w(act(A.FULL_ATTACK, "closest"), C.TARGET_DOWN, act(A.CHARGE, "closest"), act(A.FULL_ATTACK, "closest")),
            w(act(A.CHARGE, "injured"), C.REACHED, act(A.FULL_ATTACK, "injured"), act(A.CHARGE, "injured")),
        ]
        out.append(w(act(A.DEFEND), C.WOUNDED, act(A.FALL_BACK), act(A.COUNTER, "closest")))
    if shoots:  # a shooter's own templates come first
        # A crossbow is empty once it has shot (seed: Ranged Weapons, Requires Reload):
        # its 2nd Action reloads where a bow's shoots again.
        again = act(A.USE_ITEM, item="reload") if arms.reload else None
        out[:0] = [
            w(act(A.RANGED, "closest"), C.ENEMY_ADJACENT, act(A.FALL_BACK), again or act(A.RANGED, "closest")),
            w(act(A.AIM, "closest"), C.VISIBLE, act(A.RANGED, "closest"), act(A.MOVE, "closest")),
            w(act(A.RANGED, "injured"), C.ENEMY_ADJACENT, act(A.FALL_BACK), again) if again else
            w(act(A.RANGED, "injured"), C.TARGET_DOWN, act(A.RANGED, "closest"), act(A.RANGED, "injured")),
        ]
        if not me.loaded:  # nothing to shoot until reloaded: first of all
            out.insert(0, w(act(A.USE_ITEM, item="reload"), C.IN_RANGE, act(A.RANGED, "closest"),
                            act(A.MOVE, "closest")))
        elif not enemy_in_sight(state, me):
            # Nobody in sight: a shot finds no target (blind_shot).  It walks toward the enemy
            # it knows of, and shoots in the 2nd Action if one is then in sight.
            out.insert(0, w(act(A.MOVE, "closest"), C.VISIBLE, act(A.RANGED, "closest"), act(A.MOVE, "closest")))
    blade, bow = swaps(me)
    if blade and _nearest(state, me) <= 2:
        # An enemy at hand: draw the melee weapon it carries, and strike if one is still beside it.
        out.append(w(act(A.USE_ITEM, item=f"swap:{blade}"), C.ENEMY_ADJACENT, act(A.FULL_ATTACK, "closest"),
                     act(A.DEFEND)))
    if bow:  # back to the bow or crossbow it carries, and shoot unless an enemy is beside it
        shot = act(A.RANGED, "closest") if me.loaded or not WEAPONS[bow].reload else act(A.USE_ITEM, item="reload")
        if shot.kind is A.RANGED and not enemy_in_sight(state, me):
            shot = act(A.MOVE, "closest")  # nobody to shoot at yet: it walks on with the bow in hand
        out.append(w(act(A.USE_ITEM, item=f"swap:{bow}"), C.ENEMY_ADJACENT, act(A.FALL_BACK), shot))
    if me.potions and me.wounds:
        # Strikes back only if someone is in reach (a Full Attack otherwise strikes nobody).
        out.append(w(act(A.USE_ITEM, item="potion"), C.ENEMY_ADJACENT, strike, act(A.DEFEND)))
    out += casting(state, me, strike)
    if me.stealth > 0 and arms.melee:
        out.append(w(act(A.SKULK), C.ENEMY_ADJACENT, strike, act(A.MOVE, "closest")))
    if fallen_beside(state, me):
        out.append(w(act(A.STABILIZE, "ally-down"), C.WOUNDED, act(A.FALL_BACK), act(A.DEFEND)))
    if me.entrapped:
        out[:0] = freeing(me, strike)
    return out + [a.write for a in (aimed(state, me) if aims is None else aims)]


FREE = "free"  # Use Item's item that frees an entrapped character (checks.ITEMS)


def frees(act: Act) -> bool:
    """Whether ``act`` is the Use Item that frees its own character."""
    return act.kind is A.USE_ITEM and act.item == FREE and act.target in (None, "self")


def freeing(me, strike: Act) -> list[Write]:
    """An entrapped character's orders (seed: Ranged Weapons, Entraps: Not
    Ready and unable to move until freed by a Use Item Action): free itself
    first (the engine's own ``Use Item free`` on itself, which takes effect
    as the 1st Phase ends), then strike if an enemy is beside it, else what
    it would do free: shoot (or reload), Release a Prepared spell, or walk
    in.  A melee fighter with an enemy beside it may strike first and free
    itself once its target is down; a loaded shooter may shoot first (an
    entrapped character still shoots, Not Ready) and free itself if an
    enemy is then beside it, else shoot again or reload."""
    s, u = me.side, me.id
    arms = weapon(me)
    free = Act(s, A.USE_ITEM, "self", item=FREE)
    reload = Act(s, A.USE_ITEM, item="reload")
    shoots = shooter(me)
    if shoots:
        then = Act(s, A.RANGED, "closest") if me.loaded or not arms.reload else reload
    elif me.prepared in SPELLS and SPELLS[me.prepared].hostile:
        then = Act(s, A.RELEASE, "closest")
    else:
        then = Act(s, A.MOVE, "closest")
    out = [Write(s, u, free, C.ENEMY_ADJACENT, strike, then),
           Write(s, u, free, C.ENEMY_ADJACENT, strike, Act(s, A.DEFEND))]
    if shoots and (me.loaded or not arms.reload):
        out.append(Write(s, u, Act(s, A.RANGED, "closest"), C.ENEMY_ADJACENT, free,
                         reload if arms.reload else Act(s, A.RANGED, "closest")))
    if arms.melee:
        out.append(Write(s, u, Act(s, A.FULL_ATTACK, "closest"), C.TARGET_DOWN, free,
                         Act(s, A.FULL_ATTACK, "closest")))
    return out


def _nearest(state, me) -> int:
    """Cells from ``me`` to the closest enemy fighting on the battlefield."""
    foes = [c.pos for c in state.characters if c.side != me.side and c.fighting and c.pos is not None]
    return min((chebyshev(me.pos, f) for f in foes), default=99)


def swaps(me) -> tuple[str | None, str | None]:
    """The weapon ``me`` would draw (Use Item, swap): a melee weapon it
    carries when it holds none (an archer's dagger, a crossbowman's mace),
    and, with a melee weapon in hand, the bow or crossbow it carries (a
    two-handed shooting weapon: not a rogue's blowgun)."""
    arms = weapon(me)
    if not arms.melee:
        return next((k for k in me.carried if WEAPONS[k].melee), None), None
    return None, next((k for k in me.carried if WEAPONS[k].kind == "ranged" and WEAPONS[k].hands == 2), None)


def _release_target(state, me, spell, beyond: bool = False) -> str | None:
    """Whom a Release of ``spell`` by ``me`` aims at, when one is in range
    and in sight (seed: Release Spell; Targeting): the one ``platemail_spells``
    aims it at (a Firebolt at the enemy it wounds most, a Binding at the
    melee enemy closing in), when there is one; else the closest hostile if
    it is, else the nearest enemy that is; for a spell that helps (Mend),
    the one within its reach who needs it most (``mend_target``).  None: nobody yet.  With
    ``beyond``, a hostile spell's target may stand past its Range, within
    four times it (-2 an increment past the first, seed: Ranged Weapons;
    the resolution's ``actions._can_shoot_at``)."""
    if not spell.hostile:
        return mend_target(state, me, spell)
    work = Work(state)
    aimed_at = spell_target(state, me, spell.key)  # a Firebolt where it wounds, a Binding on the danger
    if aimed_at is not None:
        # Past its Range (-2 an increment), it is still the best Release now when someone is within
        # Range; with nobody within Range, walking in first is weighed too (None: not ready).
        within = any(5 * chebyshev(me.pos, c.pos) <= spell.range_ft for c in work.chars.values()
                     if c.side != me.side and c.fighting and c.pos is not None)
        return aimed_at if beyond or within else None

    def reached(c) -> bool:
        within = (range_penalty(spell.range_ft, me.pos, c.pos) is not None if beyond
                  else 5 * chebyshev(me.pos, c.pos) <= spell.range_ft)
        return within and resolve_target(work, me, c.id) == c.id and not work.grid.concealed(me.pos, c.pos)

    closest = resolve_target(work, me, "closest")
    if closest is None:
        return None
    if reached(work.chars[closest]):
        return "closest"
    foes = sorted((c for c in work.chars.values() if c.side != me.side and c.fighting and c.pos is not None),
                  key=lambda c: (chebyshev(me.cell, c.cell), c.id))
    return next((c.id for c in foes if reached(c)), None)


def release_ready(state, me, beyond: bool = False) -> str | None:
    """The target of the Release ``me`` should make now (:func:`_release_target`)
    when it has a spell Prepared, else None.  With ``beyond``, of any
    Release that would find a target now, past the spell's Range too."""
    spell = SPELLS.get(me.prepared) if me.prepared else None
    return _release_target(state, me, spell, beyond) if spell is not None and me.pos is not None else None


def casting(state, me, strike: Act) -> list[Write]:
    """A caster's orders (seed: Prepare Spell, Release Spell, Focus Spell):
    each spell Prepared, then Released in the 2nd Action if it is ready
    (a Prepare not interrupted leaves it Prepared at the end of the 1st
    Phase); a spell already Prepared Released at a target in range and
    sight, then the next Firebolt Prepared (or the ongoing one Focused on),
    or ``strike`` if an enemy is beside it (past its Range too, within
    four times it, with -2 an increment); one that harms with nobody in
    range and sight, kept while the caster walks in and Released in the
    2nd Action if a target is then in range; an ongoing spell Focused on."""
    s, u = me.side, me.id
    out = []
    if not me.prepared or (me.prepared in SPELLS and not SPELLS[me.prepared].hostile):
        for key in me.spells:
            spell = SPELLS[key]
            # Never the spell Prepared already; a helping one only for someone hurt within its reach.
            helped = None if spell.hostile or key == me.prepared else mend_target(state, me, spell)
            if key == me.prepared or (not spell.hostile and helped is None):
                continue
            at = (spell_target(state, me, key) or "closest") if spell.hostile else helped
            out.append(Write(s, u, Act(s, A.PREPARE, spell=key), C.SPELL_READY, Act(s, A.RELEASE, at),
                             Act(s, A.DEFEND)))
    if not me.prepared and casts(me) and _nearest(state, me) == 1:
        # An enemy beside it: it steps back (Disfavor on blows at it, no Attack of Opportunity,
        # seed: Fall Back), and Prepares its spell once clear.
        key = next((k for k in me.spells if SPELLS[k].hostile and spell_target(state, me, k)),
                   next(k for k in me.spells if SPELLS[k].hostile))
        out.append(Write(s, u, Act(s, A.FALL_BACK), C.ENEMY_ADJACENT, Act(s, A.FALL_BACK),
                         Act(s, A.PREPARE, spell=key)))
    ready = release_ready(state, me)
    target = ready or release_ready(state, me, beyond=True)
    if me.prepared and target is not None:
        spell = SPELLS[me.prepared]
        nxt = "firebolt" if "firebolt" in me.spells else next((k for k in me.spells if SPELLS[k].hostile), None)
        after = (Act(s, A.FOCUS) if spell.ongoing else Act(s, A.PREPARE, spell=nxt) if nxt else Act(s, A.DEFEND))
        out.insert(0, Write(s, u, Act(s, A.RELEASE, target), C.ENEMY_ADJACENT, strike, after))
        if strike.kind is not A.FALL_BACK:
            out.insert(1, Write(s, u, Act(s, A.RELEASE, target), C.ENEMY_ADJACENT, Act(s, A.FALL_BACK), after))
    if ready is None and me.prepared in SPELLS and SPELLS[me.prepared].hostile:
        # Nobody in range and sight: a Release now finds no target, or one past its Range
        # (seed: Release Spell; Targeting).  It walks on, spell kept, and Releases once in range.
        at = spell_target(state, me, me.prepared) or "closest"
        walk = Act(s, A.MOVE, at)
        out.append(Write(s, u, walk, C.IN_RANGE, Act(s, A.RELEASE, at), walk))
    if me.focus:
        out.append(Write(s, u, Act(s, A.FOCUS), C.ENEMY_ADJACENT, Act(s, A.FALL_BACK), Act(s, A.FOCUS)))
    return out


def fitting(state, me, aim: bool = True, volleys: bool = False, guards: bool = False,
            press: bool = False) -> list[Write]:
    """The templates in the order that suits ``me`` now, best first: melee
    for a fighter with an enemy adjacent, closing in when one is near,
    shooting when loaded and in reach, reloading when not, releasing a
    Prepared spell, a potion when badly hurt.  With ``aim``, attacks aimed
    where they hurt (:func:`aimed`) come first, in place of the same
    attacks on general targets they do clearly better than; with
    ``volleys``, a Rapid Fire first of all for a shooter out of melee; with
    ``guards``, a Guard over the side's shooter first of all for the one
    fighter :func:`~core.ai.platemail_targets.guard` names.  A caster with
    a spell Prepared and a target in range and sight (:func:`release_ready`)
    Releases it: only its Release orders are kept; with one that harms and
    nobody yet in range and sight, only the orders that Release it in the
    2nd Action (walking in).  A caster with none Prepared ranks first the
    spell ``platemail_spells`` finds a target for (a Firebolt that wounds,
    else a Binding on a melee enemy closing in), and steps back to cast
    from an enemy beside it.  An entrapped character frees itself first
    of all (:func:`freeing`).  With ``press`` (hard, against a side that
    holds back in its deployment zone,
    :func:`~core.ai.platemail_targets.holding_back`), a shooter walks into
    Range of its target first, and no one with no enemy within a Charge
    of it Defends (nobody comes to strike it: it walks in instead)."""
    foes = [c.pos for c in state.characters if c.side != me.side and c.fighting and c.pos is not None]
    near = min((chebyshev(me.pos, f) for f in foes), default=99)
    arms = weapon(me)
    shoots = shooter(me)
    reach = max(1, (missile(me) or arms).range_ft // 5)  # cells a shot reaches within its Range
    # A caster's spells by what they would do now: a Firebolt that wounds someone first, else a
    # Binding on a melee enemy closing in (platemail_spells); one with nobody to aim at, little.
    aimed_spells = {k for k in me.spells if SPELLS[k].hostile and spell_target(state, me, k)}
    bolt = "firebolt" in aimed_spells

    def score(write: Write) -> float:
        first, then = write.first.kind, write.then.kind
        if first is A.RELEASE:
            return 5.0
        if first is A.USE_ITEM:
            item = write.first.item or ""
            if item == FREE:  # entrapped: nothing it does moves it until it is freed
                return 4.8
            if item == "reload":
                return 4.5
            if item.startswith("swap:"):
                if not arms.melee:  # drawing the melee weapon: for an enemy beside it
                    return (3.7 if me.loaded or not arms.reload else 4.6) if near == 1 else 1.5 if near == 2 else 0.2
                return 3.4 if near >= 3 else 1.0 if near == 2 else 0.2  # back to the bow, out of melee
            return 3.5 if me.wounds >= me.max_wounds - 1 else 0.5
        if shoots:
            if first is A.RANGED:
                return 4.0 - (0.5 if write.first.target == "injured" else 0.0) - (1.5 if near == 1 else 0.0)
            if first is A.AIM:
                return 3.2 if near > reach else 1.0
            if first is A.RAPID_FIRE:  # two shots with Disfavor: more wounds than one shot
                return 4.2 - (1.5 if near == 1 else 0.0)
            if first is A.MOVE and then is A.RANGED:  # nobody in sight: to where it can shoot
                return 3.9
            return 1.0
        if first is A.FOCUS:
            return 3.0
        if first is A.PREPARE:
            key = write.first.spell
            worth = (3.8 if key == "firebolt" and bolt else 3.9 if key in aimed_spells and not bolt
                     else 3.0 if key in aimed_spells else 1.5)
            return worth - (2.5 if near == 1 else 0.0)
        if first is A.FALL_BACK and then is A.FALL_BACK and write.otherwise.kind is A.PREPARE:
            return 4.1  # a caster beside an enemy steps back to cast
        if first is A.FULL_ATTACK:
            return 4.0 if near == 1 else 0.3
        if first is A.CHARGE:
            return 3.5 if 1 < near <= 4 else (2.0 if near > 4 else 1.0)
        if first is A.MOVE:
            if then is A.RELEASE:  # walking in, spell Prepared, to Release it once in range
                return 4.9
            return (3.0 if near > 4 else 1.5) - (1.5 if me.spells else 0.0)
        if first is A.STABILIZE:
            return 2.5
        if first is A.GUARD:  # only hard's guard (aimed) writes it
            return 4.6
        if first is A.DEFEND:
            return 1.2 if me.wounds else 0.6
        return 0.5 if then is not A.FULL_ATTACK else 0.8

    # An attack aimed where it hurts ranks above its kind, and the same
    # attack on a general target it does clearly better than is left out
    # (the same order, wasted on armour the weapon cannot pass).
    aims = aimed(state, me, volleys, guards, press) if aim else ()
    preferred = {a.write for a in aims}
    replaced = frozenset().union(*(a.replaces for a in aims))

    def ranked_score(write: Write) -> float:
        return score(write) + (0.4 if write in preferred else 0.0)

    ranked = sorted(enumerate(templates(state, me, aims)), key=lambda p: (-ranked_score(p[1]), p[0]))
    beside = fallen_beside(state, me)
    # (Defend's Counter at a general target is replaced with the attack on it: it is the
    # walk's, when nobody within reach can be wounded, and the Defend then does nothing.)
    out = [w for _, w in ranked
           if not blunder(w, me, near, beside, state) and (w.first.kind, w.first.target) not in replaced
           and not (w.first.kind is A.DEFEND and (w.otherwise.kind, w.otherwise.target) in replaced)
           and not (press and near > CHARGE_REACH and w.first.kind is A.DEFEND)]
    if release_ready(state, me) is not None:  # a spell Prepared, a target in range and sight: Release it
        out = [w for w in out if w.first.kind is A.RELEASE] or out
    elif me.prepared in SPELLS and SPELLS[me.prepared].hostile and release_ready(state, me, beyond=True) is None:
        # One that harms, nobody to Release it at yet: only orders that Release it in the 2nd Action.
        out = [w for w in out if A.RELEASE in (w.then.kind, w.otherwise.kind)] or out
    return out


# First Actions that do not bring the character beside an enemy.
STAYS = frozenset({A.RELEASE, A.PREPARE, A.FOCUS, A.USE_ITEM, A.DEFEND, A.GUARD, A.RANGED, A.RAPID_FIRE,
                   A.AIM, A.COUNTER, A.FULL_ATTACK, A.STABILIZE, A.RESCUE})


def fallen_beside(state, me) -> bool:
    """Whether a Fatally Wounded ally of ``me`` lies within its reach: the
    only one a Stabilize can reach (it covers no ground)."""
    return any(c.side == me.side and c.id != me.id and not stabilize_problem(me, c) for c in state.characters)


MELEE = (A.CHARGE, A.FULL_ATTACK, A.COUNTER)  # Actions whose Attack is a melee Attack


def charge_distance(state, me, target: str | None, near: int) -> int:
    """Cells from ``me`` to the enemy a Charge at ``target`` runs at
    (``near``: to the closest hostile seen); 0 when it cannot tell.  With
    ``state``, a general target is the one the resolution takes, in sight
    (the closest hostile may stand behind a wall)."""
    if state is None or target is None:
        return near if target == "closest" else 0
    tid = target if state.char(target) is not None else resolve_target(Work(state), me, target)
    t = state.char(tid) if tid else None
    if t is None or t.pos is None or me.pos is None:
        return near if target == "closest" else 0
    return chebyshev(me.pos, t.pos)


def blunder(write: Write, me, near: int, fallen: bool, state=None) -> str:
    """Why ``write`` is an order a beginner would not give (empty: it is
    not): a first Action moving to the closest hostile while already beside
    one (the move goes nowhere and the attack is lost), shooting a weapon
    that is not loaded (*Reloading*), a Full Attack that runs while no
    enemy is within reach (``near``: cells to the closest enemy seen), a
    first Action that Stabilizes with no fallen ally beside the character
    (``fallen``: :func:`fallen_beside`; the Action does nothing), a melee
    Action (Charge, Full Attack, Counter) with no melee weapon in hand as
    the Action begins (the resolution's own test, ``Weapon.melee``: such an
    Attack strikes nothing, seed: Charge, Full Attack, Counter; a 1st
    Action that swaps weapons changes it for the 2nd, ``checks.left_by``),
    a 1st Action Charge at an enemy beyond its 15 feet and a step (with
    ``state``, any target; else the closest hostile), with ``state`` one
    that gains nothing (nobody in sight, or its target beside it already:
    ``platemail_targets.wasted_charge``) and a melee fighter's Defend that
    no blow can meet (``idle_defend``), Preparing a spell
    while one that harms is already Prepared (the new one replaces it) or
    the very spell Prepared, with ``state`` Preparing one that helps (Mend)
    with nobody hurt within its reach or Releasing it at someone it would
    not reach while it could reach someone hurt (``platemail_mending``), a
    1st Action Release with nobody in range and sight (with ``state``: it
    finds no target and does nothing), with ``state`` a shot that finds
    nobody in sight (``platemail_targets.blind_shot``), an Action that shoots a weapon
    that will be empty when it runs (:func:`unloaded_shot`) or shoots or
    throws with nothing to shoot or throw then (:func:`nothing_to_shoot`),
    a caster's Charge or walk in to strike (it casts instead,
    ``platemail_spells.staff_fight``), or, for an entrapped character, one
    that must cover ground (:func:`stuck`)."""
    first = write.first
    if any(a.kind in MELEE for a in (first, write.then, write.otherwise)):
        if first.kind in MELEE and not weapon(me).melee:
            return f"no melee weapon in hand ({weapon(me).name})"
        after = left_by(me, first)
        if any(a.kind in MELEE for a in (write.then, write.otherwise)) and not weapon(after).melee:
            return f"no melee weapon in hand ({weapon(after).name})"
    if first.kind is A.CHARGE and charge_distance(state, me, first.target, near) > CHARGE_REACH:
        return "the target is beyond a Charge's reach"
    why = (wasted_charge(state, me, first.target) if first.kind is A.CHARGE
           else idle_defend(state, me) if first.kind is A.DEFEND and state is not None else "")
    why = why or blind_shot(state, me, write)
    if why:
        return why
    if first.kind is A.PREPARE and me.prepared in SPELLS and (SPELLS[me.prepared].hostile
                                                              or first.spell == me.prepared):
        return f"{SPELLS[me.prepared].name} is already Prepared"
    if first.kind is A.PREPARE and first.spell in SPELLS and not SPELLS[first.spell].hostile \
            and state is not None and mend_target(state, me, SPELLS[first.spell]) is None:
        return f"nobody hurt within reach of its {SPELLS[first.spell].name}"
    why = _release_astray(write, me, state) or staff_fight(write, me)
    if why:
        return why
    if first.kind is A.STABILIZE and not fallen:
        return "no fallen ally within reach to Stabilize"
    if near <= 1 and first.kind is A.MOVE and first.target == "closest":
        return "already beside the closest hostile"
    why = unloaded_shot(write, me) or nothing_to_shoot(write, me) or stuck(write, me, state, near)
    if why:
        return why
    if (first.kind is A.RELEASE and state is not None and me.prepared in SPELLS
            and release_ready(state, me, beyond=True) is None):
        return f"nobody in sight and reach to Release its {SPELLS[me.prepared].name} at"
    if near > 1:
        if first.kind is A.FULL_ATTACK:
            return "nobody within reach"
        if first.kind in STAYS:
            unguarded = [write.otherwise] if write.condition is C.ENEMY_ADJACENT else [write.then, write.otherwise]
            if any(b.kind is A.FULL_ATTACK for b in unguarded):
                return "nobody within reach of its Full Attack"
    return ""


def _release_astray(write: Write, me, state) -> str:
    """A Release of a helping spell (Mend) at someone it would not reach
    or help, while the order could name one it reaches (``mend_target``):
    the 1st Action's with the spell Prepared now, a 2nd's with the spell
    its 1st Action Prepares."""
    if state is None:
        return ""
    after = left_by(me, write.first)
    for act, spell in ((write.first, me.prepared), (write.then, after.prepared), (write.otherwise, after.prepared)):
        if act.kind is A.RELEASE and spell is not None and released_out_of_reach(state, me, spell, act.target):
            return f"its {SPELLS[spell].name} would not reach {act.target}, and could reach someone hurt"
    return ""


SHOTS = (A.RANGED, A.RAPID_FIRE, A.AIM)  # Actions a weapon that needs reloading must be loaded for


def emptied_by(me, first: Act):
    """``me`` as its 1st Action leaves it (``checks.left_by``), a shot
    included: a weapon that needs reloading is empty once it has shot (seed:
    Ranged Weapons, Requires Reload; ``actions._shoot``), and a throw spends
    the missile it throws, two for a Rapid Fire (docs/rulings.md, Platemail,
    Actions).  Shooting the launcher in hand empties it, and a throw spends
    its missile, even if it finds no target: a beginner counts on neither."""
    after = left_by(me, first)
    arms = weapon(me)
    if first.kind in (A.RANGED, A.RAPID_FIRE) and arms.kind == "ranged" and arms.reload:
        after = attrs.evolve(after, loaded=False)
    elif first.kind in (A.RANGED, A.RAPID_FIRE) and arms.kind != "ranged":
        for _ in range(2 if first.kind is A.RAPID_FIRE else 1):
            thrown = missile(after)  # what the throw spends (a carried missile: nothing in hand)
            if thrown is None:
                break
            carried = list(after.carried)
            carried.remove(thrown.key)
            after = attrs.evolve(after, carried=tuple(carried))
    return after


def unloaded_shot(write: Write, me) -> str:
    """Why an Action of ``write`` shoots (or Aims) a weapon that will not be
    loaded when it runs (empty: none does): the 1st with the weapon as it
    is, a 2nd after what the 1st did to it (:func:`emptied_by`: a Heavy
    Crossbow that has shot needs a Complex Reload before the next)."""
    arms = weapon(me)
    if arms.reload and not me.loaded and write.first.kind in SHOTS:
        return f"its {arms.name} is not loaded"
    after = emptied_by(me, write.first)
    arms = weapon(after)
    if arms.reload and not after.loaded and any(b.kind in SHOTS for b in (write.then, write.otherwise)):
        shot = write.first.kind in (A.RANGED, A.RAPID_FIRE)
        return f"its {arms.name} is {'empty after the shot' if shot else 'not loaded'}: it must be reloaded first"
    return ""


def nothing_to_shoot(write: Write, me) -> str:
    """Why an Action of ``write`` shoots, throws or Aims with nothing to
    shoot or throw when it runs (empty: none does), by the engine's own test
    (``checks.can_shoot``): the launcher in hand, else a carried missile; the
    weapon in hand is never thrown (docs/rulings.md, Platemail, Actions), so
    a Dagger in hand with no missile carried gives nothing.  The 1st Action
    with ``me`` as it is, a 2nd after what the 1st did (:func:`emptied_by`:
    a swap, or the missiles a throw spent)."""
    if write.first.kind in SHOTS and not can_shoot(me):
        return "nothing to shoot or throw (the weapon in hand is never thrown)"
    after = emptied_by(me, write.first)
    if any(b.kind in SHOTS for b in (write.then, write.otherwise)) and not can_shoot(after):
        spent = write.first.kind in (A.RANGED, A.RAPID_FIRE) and can_shoot(me)
        return f"nothing {'left ' if spent else ''}to shoot or throw for its 2nd Action"
    return ""


# Actions that must cover ground: nothing for an entrapped character (a Charge
# or Guard from beside its target strikes or guards without a step).
GROUND = frozenset({A.MOVE, A.SPRINT, A.FALL_BACK, A.SKULK, A.RESCUE})


def stuck(write: Write, me, state, near: int) -> str:
    """Why ``write`` has an entrapped ``me`` move (empty: it does not).
    Seed, Ranged Weapons, Entraps: Not Ready, and no movement until freed
    by a Use Item Action; a 1st Action that frees it (:func:`frees`) frees
    it for the 2nd.  A Charge counts as moving unless it is a 1st Action at
    a target beside it (a 2nd Action's Charge is at the next one), a Guard
    unless its ward stands beside it."""
    if not me.entrapped or frees(write.first):
        return ""
    for i, act in enumerate((write.first, write.then, write.otherwise)):
        if act.kind is A.CHARGE:
            moves = i > 0 or charge_distance(state, me, act.target, near) > 1
        elif act.kind is A.GUARD:
            ward = state.char(act.target) if state is not None and act.target else None
            moves = ward is None or ward.pos is None or me.pos is None or chebyshev(me.pos, ward.pos) > 1
        else:
            moves = act.kind in GROUND
        if moves:
            return "entrapped: it cannot move until freed (Use Item)"
    return ""


def guesses(rules, state, me) -> list[Write]:
    """The orders the computer supposes ``me`` (a character of the other
    side) may have written: the best three that suit it (:func:`fitting`)
    and are allowed.  The sampler draws the first half the time and any of
    them the rest, or Defend when there is none.
    The guesses aim at general targets, as players mostly write them (the
    closest hostile, the most injured): expecting every enemy to aim where
    it hurts most would leave no reason to keep a figure its weapons
    wound out of their way."""
    open_state = attrs.evolve(state, committed=(False, False))
    return [o for o in fitting(state, me, aim=False)[:4] if rules.check(open_state, o) is None][:3]


def defend_only(me) -> Write:
    d = Act(me.side, A.DEFEND)
    return Write(me.side, me.id, d, C.HIT, d, d)


def guessed_action(rules, state, me) -> Action:
    """The first Action the computer expects ``me`` wrote: that of its
    first guess (:func:`guesses`), or Defend when there is none.  A
    reason's chance to hit is said for it (``platemail_reasons``)."""
    options = guesses(rules, state, me)
    return options[0].first.kind if options else A.DEFEND
