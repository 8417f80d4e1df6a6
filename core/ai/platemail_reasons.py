"""Platemail: a written order's reason for the log, worked out from the
view alone -- whom its first Action aims at (the general target resolved
as the resolution would from what the side sees), the chance of a hit from
the printed d20 rule, and the IF in a few words."""

from __future__ import annotations

from core.board import chebyshev
from core.rulesets.platemail.combat import FAVOR, ranged_modifiers, weapon_modifiers
from core.rulesets.platemail.equipment import PASSIVE_BASE, SPELLS, WEAPONS
from core.rulesets.platemail.movement import held
from core.rulesets.platemail.orders import Act, Write
from core.rulesets.platemail.senses import Work, defense, resolve_target, weapon
from core.rulesets.platemail.state import INVOLUNTARY, READY, Action, Condition

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


def hit_chance(bonus: int, defence: int) -> float:
    """A d20 plus ``bonus`` must beat ``defence``; a natural 20 always hits
    (seed: Attack Rolls)."""
    return sum(1 for face in range(1, 21) if face == 20 or face + bonus > defence) / 20


def attack_weapon(me, kind: Action):
    """The weapon an attack of ``kind`` by ``me`` uses: a shot with what it
    shoots or, failing that, throws; else the weapon in hand."""
    w = weapon(me)
    if kind in (A.RANGED, A.RAPID_FIRE) and not w.shoots:
        thrown = next((k for k in me.carried if WEAPONS[k].shoots), None)
        w = WEAPONS[thrown] if thrown else w
    return w


def enemies_beside(work: Work, me) -> list:
    """The enemies fighting in a cell next to ``me``."""
    return [c for c in work.chars.values() if c.side != me.side and c.fighting and c.pos is not None
            and chebyshev(me.pos, c.pos) == 1]


def attack_bonus(work: Work, me, t, kind: Action, spell: str | None = None,
                 favor: int = 0, disfavor: int = 0) -> int:
    """What the side can know of ``me``'s roll against ``t`` now (``attack``
    in combat.py, less what hangs on the target's secret Action or on
    whether it is Unaware, which the caller counts in ``favor`` and
    ``disfavor``): wounds, Strength, the weapon, a prone target, the
    charge, range, cover and height."""
    ranged = kind in (A.RANGED, A.RAPID_FIRE, A.RELEASE)
    w = attack_weapon(me, kind)
    if not ranged and t.prone:
        favor += 1
    if kind is A.CHARGE and chebyshev(me.pos, t.pos) >= 3:  # two squares or more to run
        favor += 1
    if kind is A.RAPID_FIRE:
        disfavor += 1
    if kind is A.RANGED and me.aimed:
        favor += 1
    mods = []
    if ranged:
        mods += ranged_modifiers(work, t, w, spell, me.pos, t.pos)
    if kind is not A.RELEASE:
        mods += weapon_modifiers(me, t, w)
    return -me.wounds + FAVOR * ((favor > disfavor) - (disfavor > favor)) + sum(v for _, v in mods)


def target_actions(t) -> tuple[Action, ...]:
    """The Actions ``t`` may be taking in the first Phase, as far as the
    other side can tell: a Dazed or Terrified character's is forced; else
    any Action its orders could name first (``checks.check_act``: Release
    needs a Prepared spell, Focus an ongoing one, shots something to shoot
    or throw, Rapid Fire a weapon without reloading)."""
    if t.dazed > 0:
        return (A.DAZED,)
    if t.terror > 0:
        return (A.TERROR,)
    shoots = weapon(t).shoots or any(WEAPONS[k].kind == "thrown" or WEAPONS[k].also_thrown for k in t.carried)
    out = []
    for kind in A:
        if kind in INVOLUNTARY:
            continue
        if ((kind is A.RELEASE and not t.prepared) or (kind is A.FOCUS and not t.focus)
                or (kind is A.PREPARE and not t.spells) or (kind is A.RANGED and not shoots)
                or (kind is A.RAPID_FIRE and (weapon(t).reload or not shoots))):
            continue
        out.append(kind)
    return tuple(out)


def chances_by_action(work: Work, me, t, kind: Action, spell: str | None = None) -> dict[Action, tuple[float, int]]:
    """``me``'s chance to hit ``t`` with ``kind``, and the Defense met, for
    each Action ``t`` may take (:func:`target_actions`): the roll of
    ``combat.attack`` with what the target's Action adds (seed: Favor and
    Disfavor; Ready / Not Ready for the Defense) and whether it is Unaware
    of a skulking ``me`` (a Not Ready character is).  A Guard beside the
    target is not counted."""
    ranged = kind in (A.RANGED, A.RAPID_FIRE, A.RELEASE)
    stuck = t.entrapped or held(work, t.id)
    out = {}
    bonuses: dict[tuple[int, int], int] = {}  # attack_bonus by (favor, disfavor): the Actions share a few
    for tk in target_actions(t):
        ready = READY[tk] and not stuck
        favor = disfavor = 0
        if not ranged and tk in (A.FULL_ATTACK, A.RANGED, A.RAPID_FIRE, A.AIM):
            favor += 1  # exposed
        if tk in (A.PREPARE, A.FOCUS, A.RESCUE, A.DAZED):
            favor += 1
        if ranged and tk is A.SPRINT:
            disfavor += 1
        if not ranged and tk in (A.FALL_BACK, A.COUNTER):
            disfavor += 1  # on guard
        unaware = me.hidden and (not ready or PASSIVE_BASE + t.perception < me.stealth_roll)
        if not ranged and tk is A.DEFEND and not unaware:
            disfavor += 1
        if unaware:
            favor += 1
        d = defense(t, ready)
        bonus = bonuses.get((favor, disfavor))
        if bonus is None:
            bonus = bonuses[favor, disfavor] = attack_bonus(work, me, t, kind, spell, favor, disfavor)
        out[tk] = (hit_chance(bonus, d), d)
    return out


def stated_hit(work: Work, me, t, kind: Action, spell: str | None = None,
               weights: dict[Action, float] | None = None) -> tuple[float, str]:
    """The chance to hit a reason states, and its words: the rules' chance
    when the target's Action cannot change it ("45% to hit Defense 14"),
    else the chance over the Actions it may take, each as likely as
    ``weights`` make it (the computer's own guess of what the target
    wrote, ``core.ai.platemail.guess_weights``; without weights, each
    Action counted once), said as such ("50% to hit if b1 acts as
    guessed")."""
    found = chances_by_action(work, me, t, kind, spell)
    values = set(found.values())
    if len(values) == 1:
        chance, d = values.pop()
        return chance, f"{chance:.0%} to hit Defense {d}"
    weights = {k: p for k, p in (weights or {}).items() if k in found}
    if weights:
        total = sum(weights.values())
        chance = sum(p * found[k][0] for k, p in weights.items()) / total
        return chance, f"{chance:.0%} to hit if {t.id} acts as guessed"
    chance = sum(c for c, _ in found.values()) / len(found)
    return chance, f"{chance:.0%} to hit on average"


def _guessed(work: Work, t) -> dict[Action, float]:
    """The computer's guess of ``t``'s first Action, from the view."""
    from core.ai.platemail import guess_weights  # (that module imports this one)
    from core.rulesets.platemail import RULESET

    return guess_weights(RULESET, work.state, t)


def _first(work: Work, me, act: Act) -> tuple[str, str | None]:
    """The first Action in words, and whom it aims at."""
    tid = resolve_target(work, me, act.target) if act.target else None
    t = work.chars.get(tid) if tid else None
    kind = act.kind
    if t is not None and t.pos is not None and t.side != me.side:
        state = " (down)" if not t.fighting else " (wounded)" if t.wounds else ""
        if kind in VERB and t.fighting:
            spell = me.prepared if kind is A.RELEASE else None
            verb = VERB[kind].format(t=tid, spell=SPELLS[spell].name if spell in SPELLS else "")
            if kind is A.RELEASE and (spell not in SPELLS or SPELLS[spell].effect != "attack"):
                return f"{verb}{state}", tid  # no attack roll: a save, or nothing prepared yet
            if kind in (A.FULL_ATTACK, A.COUNTER) and chebyshev(me.pos, t.pos) > 1:
                return f"{tid}{state} is {chebyshev(me.pos, t.pos)} squares off: no blow yet", tid
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
        if act.item == "reload":
            return f"reloads the {weapon(me).name}", None
        if act.item == "potion":
            return f"drinks a potion ({me.wounds} wounds)", None
        return "", None
    if kind is A.PREPARE and act.spell in SPELLS:
        return f"prepares {SPELLS[act.spell].name}", None
    if kind is A.DEFEND:
        return "defends" + (f" ({me.wounds} wounds)" if me.wounds else ""), None
    if kind is A.STABILIZE and t is not None:
        return f"stabilizes {tid}", tid
    if kind is A.SKULK:
        return "skulks out of sight", None
    if kind is A.FALL_BACK:
        return "falls back", None
    return "", tid


def _armoured_beside(work: Work, me) -> str | None:
    """The enemy beside ``me`` when every enemy beside it wears armour its
    weapon cannot pass (``platemail_targets``: what walking away from it
    to another enemy says), else None."""
    from core.ai.platemail_targets import FUTILE, harm  # (that module imports this one)

    beside = enemies_beside(work, me)
    if beside and all(harm(work, me, c, A.FULL_ATTACK) <= FUTILE for c in beside):
        return beside[0].id
    return None


def explain_write(view, order: Write) -> str:
    """First Action, then the IF in plain words when it fits."""
    me = view.char(order.unit)
    if me is None or me.pos is None:
        return ""
    work = Work(view)
    first, tid = _first(work, me, order.first)
    if not first:
        return ""
    if order.then == order.otherwise:
        return first
    then, other = (a.kind.value.replace("-", " ") for a in (order.then, order.otherwise))
    cond = IF_WORDS[order.condition].format(t=tid or "the target")
    for more in (f"; {then} {cond}, else {other}", f"; {then} {cond}"):
        if len(first) + len(more) <= MOST:
            return first + more
    return first
