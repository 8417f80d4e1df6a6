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

from core.ai.platemail_targets import Aim, aimed
from core.board import chebyshev
from core.rulesets.platemail.orders import Act, Write
from core.rulesets.platemail.senses import weapon
from core.rulesets.platemail.state import Action, Condition, Status

A, C = Action, Condition


def templates(state, me, aims: tuple[Aim, ...] | None = None) -> list[Write]:
    """Orders whose IF/ELSE make sense for this character now (``aims``:
    :func:`aimed`, when the caller has it)."""
    s, u = me.side, me.id

    def w(first, cond, then, other):
        return Write(s, u, first, cond, then, other)

    def act(kind, target=None, **kw):
        return Act(s, kind, target, **kw)

    out = [
        w(act(A.CHARGE, "closest"), C.TARGET_DOWN, act(A.CHARGE, "closest"), act(A.FULL_ATTACK, "closest")),
        w(act(A.MOVE, "closest"), C.ENEMY_ADJACENT, act(A.FULL_ATTACK, "closest"), act(A.MOVE, "closest")),
        w(act(A.FULL_ATTACK, "closest"), C.TARGET_DOWN, act(A.CHARGE, "closest"), act(A.FULL_ATTACK, "closest")),
        w(act(A.CHARGE, "injured"), C.REACHED, act(A.FULL_ATTACK, "injured"), act(A.CHARGE, "injured")),
        w(act(A.DEFEND), C.WOUNDED, act(A.FALL_BACK), act(A.COUNTER, "closest")),
    ]
    if weapon(me).shoots:  # a shooter's own templates come first
        out[:0] = [
            w(act(A.RANGED, "closest"), C.ENEMY_ADJACENT, act(A.FALL_BACK), act(A.RANGED, "closest")),
            w(act(A.AIM, "closest"), C.VISIBLE, act(A.RANGED, "closest"), act(A.MOVE, "closest")),
            w(act(A.RANGED, "injured"), C.TARGET_DOWN, act(A.RANGED, "closest"), act(A.RANGED, "injured")),
        ]
        if not me.loaded:  # nothing to shoot until reloaded: first of all
            out.insert(0, w(act(A.USE_ITEM, item="reload"), C.IN_RANGE, act(A.RANGED, "closest"),
                            act(A.MOVE, "closest")))
    if me.potions and me.wounds:
        # Strikes back only if someone is in reach (a Full Attack otherwise strikes nobody).
        out.append(w(act(A.USE_ITEM, item="potion"), C.ENEMY_ADJACENT, act(A.FULL_ATTACK, "closest"), act(A.DEFEND)))
    for spell in me.spells:
        out.append(w(act(A.PREPARE, spell=spell), C.ENEMY_ADJACENT, act(A.FALL_BACK), act(A.DEFEND)))
    if me.prepared:
        out.insert(0, w(act(A.RELEASE, "closest"), C.ENEMY_ADJACENT, act(A.FULL_ATTACK, "closest"), act(A.DEFEND)))
    if me.stealth > 0:
        out.append(w(act(A.SKULK), C.ENEMY_ADJACENT, act(A.FULL_ATTACK, "closest"), act(A.MOVE, "closest")))
    if fallen_beside(state, me):
        out.append(w(act(A.STABILIZE, "ally-down"), C.WOUNDED, act(A.FALL_BACK), act(A.DEFEND)))
    return out + [a.write for a in (aimed(state, me) if aims is None else aims)]


def fitting(state, me, aim: bool = True, volleys: bool = False, guards: bool = False) -> list[Write]:
    """The templates in the order that suits ``me`` now, best first: melee
    for a fighter with an enemy adjacent, closing in when one is near,
    shooting when loaded and in reach, reloading when not, releasing a
    Prepared spell, a potion when badly hurt.  With ``aim``, attacks aimed
    where they hurt (:func:`aimed`) come first, in place of the same
    attacks on general targets they do clearly better than; with
    ``volleys``, a Rapid Fire first of all for a shooter out of melee; with
    ``guards``, a Guard over the side's shooter first of all for the one
    fighter :func:`~core.ai.platemail_targets.guard` names."""
    foes = [c.pos for c in state.characters if c.side != me.side and c.fighting and c.pos is not None]
    near = min((chebyshev(me.pos, f) for f in foes), default=99)
    arms = weapon(me)
    reach = max(1, arms.range_ft // 5)

    def score(write: Write) -> float:
        first, then = write.first.kind, write.then.kind
        if first is A.RELEASE:
            return 5.0
        if first is A.USE_ITEM:
            if write.first.item == "reload":
                return 4.5
            return 3.5 if me.wounds >= me.max_wounds - 1 else 0.5
        if arms.shoots:
            if first is A.RANGED:
                return 4.0 - (0.5 if write.first.target == "injured" else 0.0) - (1.5 if near == 1 else 0.0)
            if first is A.AIM:
                return 3.2 if near > reach else 1.0
            if first is A.RAPID_FIRE:  # two shots with Disfavor: more wounds than one shot
                return 4.2 - (1.5 if near == 1 else 0.0)
            if first is A.FULL_ATTACK:
                return 3.6 if near == 1 else 0.2
            return 1.0
        if first is A.PREPARE:
            return (3.8 if write.first.spell == "firebolt" else 1.5) - (2.5 if near == 1 else 0.0)
        if first is A.FULL_ATTACK:
            return 4.0 if near == 1 else 0.3
        if first is A.CHARGE:
            return 3.5 if 1 < near <= 4 else (2.0 if near > 4 else 1.0)
        if first is A.MOVE:
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
    aims = aimed(state, me, volleys, guards) if aim else ()
    preferred = {a.write for a in aims}
    replaced = frozenset().union(*(a.replaces for a in aims))

    def ranked_score(write: Write) -> float:
        return score(write) + (0.4 if write in preferred else 0.0)

    ranked = sorted(enumerate(templates(state, me, aims)), key=lambda p: (-ranked_score(p[1]), p[0]))
    beside = fallen_beside(state, me)
    return [w for _, w in ranked
            if not blunder(w, me, near, beside) and (w.first.kind, w.first.target) not in replaced]


# First Actions that do not bring the character beside an enemy.
STAYS = frozenset({A.RELEASE, A.PREPARE, A.FOCUS, A.USE_ITEM, A.DEFEND, A.GUARD, A.RANGED, A.RAPID_FIRE,
                   A.AIM, A.COUNTER, A.FULL_ATTACK, A.STABILIZE, A.RESCUE})


def fallen_beside(state, me) -> bool:
    """Whether a Fatally Wounded ally of ``me`` lies within its reach: the
    only one a Stabilize can reach (it covers no ground)."""
    return any(c.side == me.side and c.status is Status.DYING and c.pos is not None
               and chebyshev(c.pos, me.pos) <= 1 for c in state.characters)


def blunder(write: Write, me, near: int, fallen: bool) -> str:
    """Why ``write`` is an order a beginner would not give (empty: it is
    not): a first Action moving to the closest hostile while already beside
    one (the move goes nowhere and the attack is lost), shooting a weapon
    that is not loaded (*Reloading*), a Full Attack that runs while no
    enemy is within reach (``near``: cells to the closest enemy seen), or a
    first Action that Stabilizes with no fallen ally beside the character
    (``fallen``: :func:`fallen_beside`; the Action does nothing)."""
    first = write.first
    if first.kind is A.STABILIZE and not fallen:
        return "no fallen ally within reach to Stabilize"
    if near <= 1 and first.kind is A.MOVE and first.target == "closest":
        return "already beside the closest hostile"
    if weapon(me).reload and not me.loaded and first.kind in (A.RANGED, A.RAPID_FIRE, A.AIM):
        return "its weapon is not loaded"
    if near > 1:
        if first.kind is A.FULL_ATTACK:
            return "nobody within reach"
        if first.kind in STAYS:
            unguarded = [write.otherwise] if write.condition is C.ENEMY_ADJACENT else [write.then, write.otherwise]
            if any(b.kind is A.FULL_ATTACK for b in unguarded):
                return "nobody within reach of its Full Attack"
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
