"""Platemail: a written order's reason for the log, worked out from the
view alone -- whom its first Action aims at (the general target resolved
as the resolution would from what the side sees), the chance of a hit from
the printed d20 rule (``platemail_chances``), and the IF in a few words."""

from __future__ import annotations

from core.ai.platemail_chances import enemies_beside, shooter, stated_hit
from core.ai.platemail_targets import CHARGE_REACH, FUTILE, harm
from core.ai.platemail_templates import GROUND, frees, guessed_action, release_ready
from core.board import chebyshev
from core.rulesets.platemail import RULESET
from core.rulesets.platemail.actions import missile
from core.rulesets.platemail.checks import HOSTILE_GENERAL, can_shoot, free_problem
from core.rulesets.platemail.combat import range_penalty
from core.rulesets.platemail.equipment import SPELLS, WEAPONS
from core.rulesets.platemail.orders import Act, Write
from core.rulesets.platemail.senses import Work, defense, resolve_target, weapon
from core.rulesets.platemail.state import Action, Condition

A = Action

# What the first Action does, said of the character ("charges b2").
VERB = {A.CHARGE: "charges {t}", A.FULL_ATTACK: "attacks {t} twice", A.COUNTER: "counters {t}",
        A.RANGED: "shoots {t}", A.RAPID_FIRE: "fires twice at {t}", A.RELEASE: "casts {spell} at {t}"}
# The IF, in a few words ("if b2 falls").
IF_WORDS = {Condition.REACHED: "if it reaches", Condition.TARGET_DOWN: "if {t} falls",
            Condition.HIT: "if hit", Condition.ENEMY_ADJACENT: "if an enemy is beside it",
            Condition.IN_RANGE: "if {t} is in range", Condition.VISIBLE: "if {t} is seen",
            Condition.ALLY_DOWN: "if an ally is down", Condition.WOUNDED: "if wounded",
            Condition.SPELL_READY: "if the spell is ready"}
MOST = 60  # characters, as the log pane shows them
NOTHING_BETTER = "no enemy to strike or shoot"  # why_free's reason when no enemy threatens the ally


def _guessed(work: Work, t) -> Action:
    """The computer's guess of ``t``'s first Action, from the view."""
    return guessed_action(RULESET, work.state, t)


def _first(work: Work, me, act: Act) -> tuple[str, str | None]:
    """The first Action in words, and whom it aims at."""
    tid = resolve_target(work, me, act.target) if act.target else None
    t = work.chars.get(tid) if tid else None
    kind = act.kind
    beside = t is not None and t.pos is not None and chebyshev(me.pos, t.pos) == 1
    if me.entrapped and (kind in GROUND or (kind in (A.CHARGE, A.GUARD) and not beside)):
        return "entrapped: it cannot move until freed", tid  # seed: Entraps
    if kind in (A.MOVE, A.SPRINT, A.CHARGE) and t is None and act.target in HOSTILE_GENERAL:
        # Nobody in sight: the Move heads for the enemy it knows of, a Charge strikes nobody.
        heading = resolve_target(work, me, act.target, False)
        h = work.chars.get(heading) if heading else None
        if h is not None and h.pos is not None:
            if kind is A.CHARGE:
                return f"{heading} is out of sight: the Charge strikes nobody", heading
            return f"heads for {heading}, out of sight, {chebyshev(me.pos, h.pos)} squares off", heading
    if t is not None and t.pos is not None and t.side != me.side:
        state = " (down)" if not t.fighting else " (wounded)" if t.wounds else ""
        if kind in VERB and t.fighting:
            spell = me.prepared if kind is A.RELEASE else None
            verb = VERB[kind].format(t=tid, spell=SPELLS[spell].name if spell in SPELLS else "")
            if kind is A.RELEASE and (spell not in SPELLS or SPELLS[spell].effect != "attack"):
                return f"{verb}{state}", tid  # no attack roll: a save, or nothing prepared yet
            if kind in (A.FULL_ATTACK, A.COUNTER) and weapon(me).melee and chebyshev(me.pos, t.pos) > 1:
                return f"{tid}{state} is {chebyshev(me.pos, t.pos)} squares off: no blow yet", tid
            blow = _no_blow(me, t, kind)
            if blow:  # no Attack roll this Phase: no chance to hit said
                return f"{verb}{state}: {blow}" if len(verb + state + blow) + 2 <= MOST else blow, tid
            chance, words = stated_hit(work, me, t, kind, spell, _guessed(work, t))
            said = f"{verb}{state}: {words}"
            if len(said) > MOST:  # the guess said in fewer words
                said = f"{verb}{state}: {chance:.0%} to hit, guessed"
            return said, tid
        if kind is A.AIM:
            return f"aims at {tid}{state}", tid
        if kind in (A.MOVE, A.SPRINT):
            n = chebyshev(me.pos, t.pos)
            if n <= 1:
                return f"already beside {tid}{state}", tid
            said = f"closes on {tid}{state}, {n} squares off"
            guarded = _armoured_beside(work, me)
            why = f": {guarded}'s armour stops its blows" if guarded else ""
            return said + why if len(said + why) <= MOST else said, tid
    if kind is A.USE_ITEM:
        if frees(act) and me.entrapped:
            return "frees itself: entrapped, it cannot move", None
        if act.item == "free" and t is not None and t.id != me.id:
            return why_free(work.state, me, t) or f"frees {tid} from the net", tid
        if act.item == "reload":
            return f"reloads the {weapon(me).name}", None
        if act.item == "potion":
            return f"drinks a potion ({me.wounds} wounds)", None
        if act.item and act.item.startswith("swap:") and act.item[5:] in WEAPONS:
            return f"swaps the {weapon(me).name} for the {WEAPONS[act.item[5:]].name}", None
        return "", None
    if kind is A.PREPARE and act.spell in SPELLS:
        return f"prepares {SPELLS[act.spell].name}", None
    if kind is A.DEFEND:
        return "defends" + (f" ({me.wounds} wounds)" if me.wounds else ""), None
    if kind is A.STABILIZE and t is not None:
        if t.pos is None or chebyshev(me.pos, t.pos) > 1:  # it covers no ground
            return f"{tid} is out of reach: the Stabilize does nothing", tid
        return f"stabilizes {tid}", tid
    if kind is A.GUARD and t is not None and t.side == me.side and t.pos is not None:
        # seed: Guard (a Guard is Ready; each later blow that Phase rolls one lower).  It
        # blocks only from beside its charge, so one farther off is said to close in first.
        apart = chebyshev(me.pos, t.pos)
        if apart > 1:
            return f"closes on {tid} to guard it, {apart} squares off", tid
        return f"guards {tid}: a blow at it must first pass {me.id}'s Defense {defense(me, True)}", tid
    if kind is A.SKULK:
        return "skulks out of sight", None
    if kind is A.FALL_BACK:
        return "falls back", None
    return "", tid


def _no_blow(me, t, kind: Action) -> str:
    """Why an attack of ``kind`` by ``me`` on ``t`` makes no Attack roll
    this Phase, as the resolution would find it (empty: it does make one):
    a melee Action with no melee weapon in hand (``actions._melee``, the
    Charge's ``ChargeFailed``), a Charge at an enemy beyond its 15 feet
    and a blow (seed: Charge), or a shot or throw with nothing to shoot or
    throw (``checks.can_shoot``; the weapon in hand is never thrown).  No
    chance to hit is said for such an Action."""
    if kind in (A.RANGED, A.RAPID_FIRE) and not can_shoot(me):
        return "nothing to shoot or throw"
    if kind not in (A.CHARGE, A.FULL_ATTACK, A.COUNTER):
        return ""
    if not weapon(me).melee:
        return f"no melee weapon in hand ({weapon(me).name})"
    apart = chebyshev(me.pos, t.pos)
    if kind is A.CHARGE and apart > CHARGE_REACH:
        return f"{apart} squares off, beyond a Charge's reach"
    return ""


def _armoured_beside(work: Work, me) -> str | None:
    """The enemy beside ``me`` when every enemy beside it wears armour its
    weapon cannot pass (``platemail_targets``: what walking away from it
    to another enemy says), else None."""
    beside = enemies_beside(work, me)
    if beside and all(harm(work, me, c, A.FULL_ATTACK) <= FUTILE for c in beside):
        return beside[0].id
    return None


# A Use Item in a few words, by its item ("reload"); a swap's item starts "swap:".
ITEM_WORDS = {"reload": "reload", "potion": "drink a potion", "free": "free itself", "door": "use the door"}


def _words(act: Act) -> str:
    """A 2nd Action in a word or two ("full attack", "reload", "free a2")."""
    if act.kind is A.USE_ITEM and act.item == "free" and act.target not in (None, "self"):
        return f"free {act.target}"
    if act.kind is A.USE_ITEM and act.item:
        return ITEM_WORDS.get(act.item, "swap weapons")
    return act.kind.value.replace("-", " ")


def _walks_to_release(work: Work, me, order: Write) -> str:
    """The reason for walking in with a spell Prepared to Release it once
    a target is in range (``platemail_templates.casting``), else ""."""
    spell = SPELLS.get(me.prepared or "")
    if (spell is None or order.first.kind is not A.MOVE or order.then.kind is not A.RELEASE
            or order.condition is not Condition.IN_RANGE):
        return ""
    tid = resolve_target(work, me, order.first.target) if order.first.target else None
    at = f"casts at {tid} once in range" if tid else "casts once one is in range"
    return f"walks in with {spell.name} Prepared; {at}"


def _casting(work: Work, me, order: Write) -> str:
    """The reason for a caster's Prepare whose 2nd Action Releases it
    ("prepares Firebolt; casts it at b2 if it is ready"), or its step back
    from an enemy beside it to Prepare once clear (``platemail_spells``),
    else ""."""
    first, other = order.first, order.otherwise
    if first.kind is A.PREPARE and first.spell in SPELLS and order.condition is Condition.SPELL_READY \
            and order.then.kind is A.RELEASE and order.then.target:
        tid = resolve_target(work, me, order.then.target)
        if tid is None or tid not in work.chars:
            return ""
        return f"prepares {SPELLS[first.spell].name}; casts it at {tid} if it is ready"
    if first.kind is A.FALL_BACK and other.kind is A.PREPARE and other.spell in SPELLS:
        beside = enemies_beside(work, me)
        away = f" from {beside[0].id}" if beside else ""
        return f"falls back{away}; prepares {SPELLS[other.spell].name} once clear"
    return ""


def explain_write(view, order: Write) -> str:
    """First Action, then the IF in plain words when it fits.  A shot
    whose 2nd Action reloads says so before the IF (seed: Requires
    Reload: the crossbow is empty after the shot)."""
    me = view.char(order.unit)
    if me is None or me.pos is None:
        return ""
    work = Work(view)
    walks = _walks_to_release(work, me, order) or _casting(work, me, order)
    if walks and not me.entrapped:
        return walks
    first, tid = _first(work, me, order.first)
    if not first:
        return ""
    if order.then == order.otherwise:
        return first
    then, other = (_words(a) for a in (order.then, order.otherwise))
    cond = IF_WORDS[order.condition].format(t=tid or "the target")
    tails = [f"; {then} {cond}, else {other}"]
    if order.first.kind in (A.RANGED, A.RAPID_FIRE) and "reload" in (then, other):
        tails += ["; reloads after the shot", "; reloads"]
    tails.append(f"; {then} {cond}")
    for more in tails:
        if len(first) + len(more) <= MOST:
            return first + more
    return first


def being_freed(state, c, but: str = "") -> bool:
    """Whether an order of ``c``'s side written this Round already frees
    ``c`` with its 1st Action: its own Use Item free, or an ally's naming it
    (the orders of ``but`` left out)."""
    for p in state.plans:
        first = p.first
        if p.side != c.side or p.unit == but or first.kind is not A.USE_ITEM or first.item != "free":
            continue
        if first.target == c.id or (p.unit == c.id and first.target in (None, "self")):
            return True
    return False


def _could_attack(state, me, foes) -> bool:
    """Whether ``me`` has an enemy to wound this Phase: one within a Charge
    of a melee weapon in hand, one in sight within four times the Range of
    what it shoots, or one to Release a Prepared spell at."""
    if weapon(me).melee and any(chebyshev(me.pos, f.pos) <= CHARGE_REACH for f in foes):
        return True
    arms = missile(me) if shooter(me) else None
    if arms is not None:
        grid = Work(state).grid
        if any(range_penalty(arms.range_ft, me.pos, f.pos) is not None and not grid.concealed(me.pos, f.pos)
               for f in foes):
            return True
    return release_ready(state, me, beyond=True) is not None


def why_free(state, me, ally) -> str:
    """Why ``me`` should spend its 1st Action freeing ``ally`` from a net
    (Use Item; seed, weapon properties: Entraps), as the view shows it;
    empty when it should not: the ally is not entrapped within its reach
    (``checks.free_problem``), is freed already by an order of this Round,
    ``me`` is entrapped itself (it frees itself first) or has an enemy
    beside it (it fights).  It should when an enemy is within a Charge of
    the ally (Not Ready and unable to step away, it is the easy target),
    or when ``me`` has nobody to wound this Phase (nothing better to do).
    The computer's own test, so its reason is the one said."""
    if ally.id == me.id or me.entrapped or me.pos is None or free_problem(me, ally) or being_freed(state, ally, me.id):
        return ""
    foes = [c for c in state.characters if c.side != me.side and c.fighting and c.pos is not None]
    if any(chebyshev(me.pos, f.pos) == 1 for f in foes):
        return ""
    near = min(foes, key=lambda f: (chebyshev(ally.pos, f.pos), f.id), default=None)
    if near is not None and chebyshev(ally.pos, near.pos) <= CHARGE_REACH:
        return f"frees {ally.id} from the net: {near.id} is {chebyshev(ally.pos, near.pos)} squares from it"
    if not _could_attack(state, me, foes):
        return f"frees {ally.id} from the net: {NOTHING_BETTER}"
    return ""
