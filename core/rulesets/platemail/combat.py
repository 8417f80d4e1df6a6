"""Attack rolls, Guard, saving throws and the end-of-Phase Wound tally
(seed: Attack Rolls, Favor and Disfavor, Cover and Concealment, Armor and
Absorb, Shields, Penetration, Guard, Wounds, weapon Special Info)."""

from __future__ import annotations

import attrs

from core.board import Cell, chebyshev

from .equipment import ARMOUR, SAVE_TARGET, SPELLS, WEAPONS, Weapon
from .events import AttackMade, GuardBeaten, HitCounted, StatusChanged, WoundsTallied
from .senses import Work, absorb, aware, cover_sources, defense, gear_parts, lost_arm, sight, weapon
from .state import Action, Status, rebuild

# Enum members as module names: read from their class each costs ~90 ns in
# Python 3.11 (the Round reads them at every step); the same objects.
(A_AIM, A_CHARGE, A_COUNTER, A_DAZED, A_DEFEND, A_FALL_BACK, A_FOCUS, A_FULL_ATTACK, A_GUARD, A_PREPARE,
 A_RANGED, A_RAPID_FIRE, A_RESCUE, A_SPRINT, S_DYING) = (
    Action.AIM, Action.CHARGE, Action.COUNTER, Action.DAZED, Action.DEFEND, Action.FALL_BACK, Action.FOCUS,
    Action.FULL_ATTACK, Action.GUARD, Action.PREPARE, Action.RANGED, Action.RAPID_FIRE, Action.RESCUE,
    Action.SPRINT, Status.DYING)

FAVOR = 3


@attrs.frozen
class Hit:
    attacker: str
    wounds: int
    penetration: int
    ignore_absorb: bool = False
    sources: tuple[tuple[str, int], ...] = ()  # where the Penetration comes from, for Why?
    # False for what a hit brings after it (a Blowgun's poison): Wounds, but
    # no Attack of its own (seed: Wounds counts the Attacks that hit)
    attack: bool = True


def net_favor(favor: list[str], disfavor: list[str]) -> tuple[tuple[str, int], ...]:
    """Favor and Disfavor cancel one for one; what is left counts once (+3 or -3)."""
    if len(favor) > len(disfavor):
        return (("Favor: " + ", ".join(favor), FAVOR),)
    if len(disfavor) > len(favor):
        return (("Disfavor: " + ", ".join(disfavor), -FAVOR),)
    if favor:
        return (("Favor and Disfavor cancel", 0),)
    return ()


def wound_penalty(work: Work, uid: str) -> tuple[tuple[str, int], ...]:
    w = work.chars[uid].wounds
    return (("Wounds", -w),) if w else ()


def rounds(n: int) -> str:
    """"1 Round", "3 Rounds"."""
    return f"{n} Round" if n == 1 else f"{n} Rounds"


def verdict(work: Work, uid: str, purpose: str, total: int) -> bool:
    """Whether a save or check of ``uid`` totalling ``total`` passed (it
    must beat SAVE_TARGET), said in the log after its roll: the roll's
    line gives the number only."""
    passed = total > SAVE_TARGET
    work.note(f"{uid} {'passes' if passed else 'fails'} the {purpose}: "
              f"{total} {'beats' if passed else 'does not beat'} {SAVE_TARGET}")
    return passed


def save(work: Work, uid: str, score: int, purpose: str, favor=False, disfavor=False) -> bool:
    """d20 + score + modifiers must beat 10.  Defend grants Favor on saves."""
    fav = ["ready"] if favor else []
    if work.kind(uid) == A_DEFEND:
        fav.append("Defend")
    mods = ((purpose.split()[0], score),) + wound_penalty(work, uid) + net_favor(fav, ["not ready"] if disfavor else [])
    return verdict(work, uid, purpose, work.roll(20, purpose, mods, uid).total)


def dex_save(work: Work, uid: str, favor=False, disfavor=False, purpose="Dexterity save") -> bool:
    return save(work, uid, work.chars[uid].dexterity, purpose, favor, disfavor)


def can_make_aoo(work: Work, uid: str, other: str, clash: bool = False) -> bool:
    c = work.chars[uid]
    if not c.fighting or uid in work.aoo_used or not work.ready.get(uid, False):
        return False
    if c.entrapped or not weapon(c).melee or (weapon(c).hands == 2 and lost_arm(c)):
        return False
    return aware(work, c, work.chars[other])


def feet_between(a: Cell, b: Cell) -> int:
    """The range in feet between two cells, the one measure of every
    Range rule (bands, "in range", the target list, Why?): 5 feet a cell,
    a diagonal step too, as a Move counts it (docs/rulings.md, Platemail,
    Range on the grid)."""
    return 5 * chebyshev(a, b)


def range_increment(range_ft: int, feet: int) -> int | None:
    """The Range increment ``feet`` falls in, rounded up (1: within Range);
    None beyond four times the Range (seed: Ranged Weapons)."""
    step = max(range_ft, 5)
    n = max(1, -(-feet // step))
    return n if n <= 4 else None


def range_penalty(range_ft: int, a: Cell, b: Cell) -> int | None:
    """-2 per Range increment past the first; None beyond four increments."""
    n = range_increment(range_ft, feet_between(a, b))
    return None if n is None else -2 * (n - 1)


def range_label(range_ft: int, feet: int) -> str:
    """The distance a shot was measured at and its band, as Why? shows it."""
    n = range_increment(range_ft, feet)
    if n is None:
        return f"Range: {feet} ft, beyond 4 x {range_ft} ft"
    if n == 1:
        return f"Range: {feet} ft, within {range_ft} ft"
    return f"Range: {feet} ft, increment {n} of {range_ft} ft"


def ranged_modifiers(work: Work, t, w, spell: str | None, at_a, at_t) -> list[tuple[str, int]]:
    """A ranged attack's roll from ``at_a`` on ``t`` at ``at_t``: Cover,
    high ground and range (seed: Attack Rolls).  The range is always
    listed, +0 within Range, so Why? shows the distance it used."""
    mods = []
    there = rebuild(t, pos=at_t)
    if sight(work, at_a, there) == "cover":  # named with what gave it, for Why? (explain._cover_lines)
        mods.append(("Cover: " + "; ".join(cover_sources(work, at_a, there)), -2))
    if work.bf.elevation(at_a) > work.bf.elevation(at_t):
        mods.append(("High ground", 2))
    range_ft = SPELLS[spell].range_ft if spell else w.range_ft
    mods.append((range_label(range_ft, feet_between(at_a, at_t)), range_penalty(range_ft, at_a, at_t) or 0))
    return mods


def weapon_modifiers(a, t, w) -> list[tuple[str, int]]:
    """A weapon attack's roll: Strength short of the weapon's, its bonus, a
    flail against a shield."""
    mods = []
    short = w.strength - a.strength
    if short > 0:
        mods.append(("Strength short", -short))
    if w.attack_bonus:
        mods.append((w.name, w.attack_bonus))
    if "anti-shield" in w.properties and t.shield:
        mods.append(("Flail vs shield", 2))
    return mods


@attrs.frozen
class Blow:
    """One Attack as it is made at its target, before any die is rolled: the
    roll's modifiers, the Wounds and Penetration it carries (the weapon or
    thrown weapon or spell, Aim, and the weapon's own bonuses) and what its
    weapon does on a hit.  It is resolved against whichever character it
    lands on: the target, a guard (seed: Guard, "the Attack hits you") or a
    carried ally (Rescue); a natural 20 adds its critical there."""

    attacker: str
    target: str
    how: str
    mods: tuple[tuple[str, int], ...]
    wounds: int
    penetration: int
    weapon: Weapon | None  # None: a spell
    pen_parts: tuple[tuple[str, int], ...] = ()  # where ``penetration`` comes from, for Why?


# Why any Attack on a character taking one of these has Favor (seed: Prepare
# Spell, Focus Spell, Rescue, Dazed), in words for the roll's Favor label.
# Rescue's Favor holds whether or not anyone was picked up.
BUSY_WORDS = {A_PREPARE: "is Preparing a spell", A_FOCUS: "is Focusing a spell",
              A_RESCUE: "is making a Rescue", A_DAZED: "is Dazed"}


def attack(work: Work, a_id: str, t_id: str, how: str, *, spell: str | None = None,
           favor: tuple[str, ...] = (), disfavor: tuple[str, ...] = (), pen_bonus: int = 0,
           thrown: str | None = None) -> bool:
    """One Attack; returns whether it hit.  Hits are recorded for the tally."""
    a, t = work.chars[a_id], work.chars[t_id]
    ranged = how in ("ranged", "spell")
    w = WEAPONS[thrown] if thrown else weapon(a)
    if not spell and w.hands == 2 and lost_arm(a):
        work.note(f"{a_id} cannot wield a two-handed weapon with one arm")
        return False
    fav, dis = list(favor), list(disfavor)
    tk = work.kind(t_id)
    if not ranged and tk in (A_FULL_ATTACK, A_RANGED, A_RAPID_FIRE, A_AIM):
        # (Full Attack, Ranged Attack, Rapid Fire, Aim: melee Attacks on the taker have Favor)
        fav.append(f"{t_id} is open to melee ({tk.value.replace('-', ' ')})")
    if tk in BUSY_WORDS:
        fav.append(f"{t_id} {BUSY_WORDS[tk]}")
    if ranged and tk == A_SPRINT:
        dis.append(f"{t_id} sprints")
    if not ranged and tk in (A_FALL_BACK, A_COUNTER):
        # (named by the Action: "on guard" would read as the Guard Action)
        dis.append(f"{t_id} {'counters' if tk == A_COUNTER else 'falls back'}")
    unaware_target = not aware(work, t, a)  # (nothing here changes what aware() answers)
    if not ranged and tk == A_DEFEND and not unaware_target:
        dis.append(f"{t_id} defends")
    if not ranged and t.prone:
        fav.append(f"{t_id} is prone")
    if unaware_target and (a_id, t_id) not in work.unaware_used:
        fav.append(f"{t_id} is Unaware")
        work.unaware_used.add((a_id, t_id))
    mods = list(wound_penalty(work, a_id)) + list(net_favor(fav, dis))
    if ranged:
        mods += ranged_modifiers(work, t, w, spell, work.start_pos[a_id], work.start_pos[t_id])
    if not spell:
        mods += weapon_modifiers(a, t, w)
    pen = (SPELLS[spell].penetration if spell else w.penetration) + pen_bonus
    parts = [(f"{SPELLS[spell].name} (spell)", SPELLS[spell].penetration) if spell else
             (f"{w.name} (weapon)", w.penetration)]
    if pen_bonus:
        parts.append(("Aim", pen_bonus))
    if not spell:
        if "unaware-pen" in w.properties and unaware_target:
            pen += 1
            parts.append((f"{w.name} on an Unaware target", 1))
        if "charge-pen" in w.properties and work.kind(a_id) == A_CHARGE:
            pen += 1
            parts.append((f"{w.name} on a Charge", 1))
        if "anti-charge" in w.properties and tk == A_CHARGE and work.ready.get(a_id):
            pen += 1
            parts.append((f"{w.name} against a Charging target", 1))
    blow = Blow(a_id, t_id, how, tuple(mods), 1 if spell else w.wounds, pen, None if spell else w, tuple(parts))
    # Guard (seed: Guard): a guard adjacent to the target may block first.
    guard = _guard_for(work, a, t)
    outcome = "through" if guard is None else _guarded(work, blow, guard)
    hit = _at_target(work, blow) if outcome == "through" else outcome == "guard-hit"
    if spell or how != "ranged" or not w.silent:  # Silent: only shots and throws stay hidden
        work.reveal.add(a_id)
    return hit


def _at_target(work: Work, blow: Blow) -> bool:
    """The Attack rolled against its target's Defense."""
    t_id = blow.target
    ev = work.roll(20, f"{blow.how} attack on {t_id}", blow.mods, blow.attacker)
    natural = ev.faces[0]
    crit = natural == 20
    ready = work.ready.get(t_id, True)
    dfn = defense(work.chars[t_id], ready)
    hit = crit or ev.total > dfn
    detail = ""
    said: list[str] = []
    victim = t_id
    if hit:
        carried = work.carrying.get(t_id)
        if carried and work.kind(t_id) == A_RESCUE and \
                work.roll(6, "who is hit (even: the carried)", (), blow.attacker, neither_is_good=True).total % 2 == 0:
            victim = carried
            detail = f"the blow lands on {carried}, who is being carried"
        said = land(work, blow, victim, crit)
    counted, left = gear_parts(work.chars[t_id], ready)
    work.events.append(AttackMade(blow.attacker, t_id, blow.how, ev.total, dfn, natural, hit, crit, detail,
                                  counted, left, work.unready_text(t_id)))
    if hit:
        after_hit(work, victim, said)
    return hit


def land(work: Work, blow: Blow, victim: str, crit: bool) -> list[str]:
    """``blow`` hits ``victim``: its Wounds and Penetration (a critical adds
    one of each, seed: Attack Rolls) go to the tally, and its weapon's
    effects fall on ``victim``.  Returns the notes of those effects, for
    the log after the Attack's own line (the hit, then the poison); the
    Concentration check the hit calls for comes after them (``after_hit``)."""
    pen = blow.penetration + (1 if crit else 0)
    sources = blow.pen_parts + ((("natural 20", 1),) if crit else ())
    record_hit(work, victim, Hit(blow.attacker, blow.wounds + (1 if crit else 0), pen, sources=sources))
    if blow.weapon is not None:
        return _weapon_effects(work, blow.attacker, victim, blow.weapon, crit, pen)
    return []


def record_hit(work: Work, victim: str, hit: Hit) -> None:
    work.hits.setdefault(victim, []).append(hit)
    work.hit_this_phase.add(victim)


def after_hit(work: Work, victim: str, said: list[str]) -> None:
    """What a hit does, logged once the Attack's own line is: the notes of
    its weapon's effects on ``victim`` (``said``, from ``land``), then the
    Concentration check it calls for when ``victim`` is Preparing or
    Focusing a spell (seed: Concentration Checks, Prepare Spell, Focus
    Spell).  No die is rolled between ``land`` and here, so every die falls
    as it did when the check was logged before the Attack."""
    for text in said:
        work.note(text)
    if work.kind(victim) in (A_PREPARE, A_FOCUS) and victim not in work.broken:
        c = work.chars[victim]
        if not save(work, victim, c.concentration, "Concentration check"):
            work.broken.add(victim)
            work.note(f"{victim} loses concentration and will be Dazed")


def _weapon_effects(work: Work, a_id: str, t_id: str, w, crit: bool, pen: int) -> list[str]:
    if crit and "severs" in w.properties:
        work.effects.append(("sever", t_id))
    if crit and "dazes" in w.properties:
        work.effects.append(("daze", t_id))
    if "entraps" in w.properties:
        work.effects.append(("entrap", t_id))
    if "poison" in w.properties and work.state.options.poison:
        t = work.chars[t_id]
        if pen >= absorb(t, work.ready.get(t_id, True)):
            work.hits[t_id].append(Hit(a_id, 1, 0, ignore_absorb=True, sources=(("poison", 0),), attack=False))
            return [f"poison gets into {t_id}'s blood"]
    return []


def _guard_for(work: Work, a, t):
    for act in work.acts.values():
        if act.kind is A_GUARD:
            break
    else:
        return None  # nobody Guards this Phase
    for g in [work.chars[i] for i in work.ids]:
        if (g.id != t.id and g.fighting and g.side == t.side and work.kind(g.id) == A_GUARD
                and work.targets.get(g.id) == t.id and work.ready.get(g.id) and g.pos and t.pos
                and chebyshev(g.pos, t.pos) <= 1 and aware(work, g, a)):
            return g
    return None


def _guarded(work: Work, blow: Blow, g) -> str:
    """The Attack rolled against the guard's Deflection (seed: Guard): a
    failed roll is blocked; otherwise a d6, even: the same Attack lands on
    the guard (a natural 20 there is a critical); odd: it goes on to the
    guarded, rolled again."""
    count = work.guard_count.get(g.id, 0)
    work.guard_count[g.id] = count + 1
    gdef = defense(g, True) - count
    counted, left = gear_parts(g, True)
    if count:
        counted += ((f"{count} earlier Attack(s) {g.id} guarded against this Phase", -count),)
    a_id, t_id, how = blow.attacker, blow.target, blow.how
    ev = work.roll(20, f"{how} attack on {t_id}, against {g.id}'s guard", blow.mods, a_id)
    natural = ev.faces[0]
    if natural != 20 and ev.total <= gdef:
        work.events.append(AttackMade(a_id, t_id, how, ev.total, gdef, natural, False,
                                      detail=f"blocked by {g.id}'s Guard", defense_parts=counted,
                                      defense_left=left))
        return "blocked"
    work.events.append(GuardBeaten(a_id, t_id, g.id, how, ev.total, gdef, natural, counted, left))
    # (odd or even: no face is better for the guard; odd sends the Attack on to its charge)
    if work.roll(6, f"{g.id}'s guard (even: the guard is hit)", (), g.id, neither_is_good=True).total % 2 == 0:
        crit = natural == 20
        said = land(work, blow, g.id, crit)
        work.events.append(AttackMade(a_id, g.id, how, ev.total, gdef, natural, True, crit,
                                      detail=f"{g.id} takes the blow meant for {t_id}", defense_parts=counted,
                                      defense_left=left))
        after_hit(work, g.id, said)
        return "guard-hit"
    work.note(f"{g.id} could not block; the attack goes on to {t_id}")
    return "through"


def heals(work: Work) -> None:
    """The heals of the Phase (a Mend released, a potion drunk), each one
    Wound off those the character had, before the Phase's new Wounds are
    added: a heal in the Phase counts in its tally, so it can keep one from
    falling (seed: Wounds, tallied after each Action Phase; Release Spell
    and Use Item act in the Phase; docs/rulings.md, Platemail, Wounds)."""
    for eff in work.effects:
        if eff[0] != "heal":
            continue
        uid, source = eff[1], eff[2]
        c = work.chars[uid]
        if not c.fighting:
            work.note(f"{uid} is {c.status.value.capitalize()}, out of the fight: {source} heals nothing")
        elif not c.wounds:
            work.note(f"{uid} has no Wound for {source} to heal")
        else:
            c = work.update(uid, wounds=c.wounds - 1)
            later = ", before this Phase's hits are counted" if uid in work.hits else ""
            left = f"{c.wounds} Wound{'' if c.wounds == 1 else 's'}" if c.wounds else "no Wounds"
            work.note(f"{uid} heals one Wound by {source} ({left} left{later})")


def tally(work: Work) -> None:
    """After the Phase: its heals, Wounds past Absorb, then the weapon
    effects, then falls."""
    heals(work)
    for uid in sorted(work.hits):
        c = work.chars[uid]
        ready = work.ready.get(uid, True)
        pool = total_absorb = absorb(c, ready)
        new = 0
        blows = []
        for h in work.hits[uid]:
            if h.ignore_absorb or (total_absorb > 0 and h.penetration >= total_absorb):
                new += h.wounds
                taken, rule = h.wounds, "ignores" if h.ignore_absorb else "penetrates"
            else:
                taken = max(0, h.wounds - pool)
                pool -= h.wounds - taken
                new += taken
                rule = "pool"
            # (an attacker the victim's side cannot see: its weapon is not told)
            seen = h.ignore_absorb or not work.unseen(work.chars[h.attacker], c.side)
            blows.append(HitCounted(h.wounds, h.penetration, h.sources if seen else (), h.wounds - taken, rule,
                                    h.attack))
        absorbed = sum(h.wounds for h in work.hits[uid]) - new
        attacks = sum(1 for h in work.hits[uid] if h.attack)  # the poison a dart brings is not one
        counted, left = gear_parts(c, ready, absorbs=True)
        not_ready = work.unready_text(uid)
        c = work.update(uid, wounds=c.wounds + new)
        work.events.append(WoundsTallied(uid, attacks, absorbed, new, c.wounds, c.max_wounds,
                                         total_absorb, counted, left, not_ready, tuple(blows)))
    for eff in work.effects:
        kind, uid = eff[0], eff[1]
        if kind not in ("daze", "entrap", "sever"):
            continue  # heals were counted first; doors and spells settle later, in late_effects
        c = work.chars[uid]
        if kind == "daze":
            n = work.roll(4, f"{uid} Dazed for 1d4 Actions", (), uid, low_is_good=True).total  # a short daze is good
            work.update(uid, dazed=max(c.dazed, n))
        elif kind == "entrap":
            work.update(uid, entrapped=True)
            work.note(f"{uid} is entrapped: Not Ready and cannot move until freed")
        elif kind == "sever":
            limb = _limb(work.roll(4, f"Severs Limb: which of {uid}'s limbs (1 left leg, 2 right leg, "
                                      "3 left arm, 4 right arm)", (), uid, neither_is_good=True).total)
            work.note(f"the d4 picks {uid}'s {limb}")
            protect = ARMOUR[c.armour].protects_limbs
            # (the limb is kept on Protects Limbs or less: the roller wants it low)
            if protect and work.roll(4, f"armour protects limbs {protect}", (), uid, low_is_good=True).total <= protect:
                work.note(f"{uid}'s armour saves the {limb}")
            elif limb not in c.lost_limbs:
                work.update(uid, lost_limbs=c.lost_limbs + (limb,))
                work.events.append(StatusChanged(uid, f"maimed: {limb} severed"))
            else:
                work.note(f"{uid}'s {limb} is already lost")
    for uid in work.ids:
        c = work.chars[uid]
        if c.fighting and c.wounds > c.max_wounds:
            work.update(uid, status=S_DYING, dying_rounds=c.max_wounds, fell_round=work.state.round,
                        prepared=None, focus=None, focus_target=None, hidden=False, prone=True)
            work.events.append(StatusChanged(uid, "Unconscious and Fatally Wounded",
                                             f"dies in {rounds(c.max_wounds)} unless Stabilized"))


def _limb(n: int) -> str:
    from .equipment import LIMBS
    return LIMBS[n - 1]
