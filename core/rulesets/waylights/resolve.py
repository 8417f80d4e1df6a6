"""Rolling and applying attacks and counterattacks (Waylights "Attack and
Defense", "Damage resolution", the two optional rules)."""

from __future__ import annotations

import attrs

from core.board import Facing, adjacent
from core.dice import roll
from core.events import Defeated, Event, Moved, Note, Rolled, Struck
from core.rulesets.waylights.combat import (
    EFFECT_COST,
    SMASH_COST,
    attack_mods,
    band_name,
    cover_avoid_faces,
    cover_level,
    cover_sources,
    defence_mods,
    ko_room,
    reaches,
    tension_gain,
    tension_spend,
    threshold,
    wounds_for,
)
from core.rulesets.waylights.events import (
    AttackDeclared,
    BlowLost,
    CoverRolled,
    EffectApplied,
    Resolved,
    TensionChanged,
)
from core.rulesets.waylights.movement import shove_path
from core.rulesets.waylights.roster import Weapon
from core.rulesets.waylights.state import DEAD, KO, READY, WaylightsState, rebuild

DICE = 4


@attrs.frozen
class Blow:
    """One rolled attack waiting to be applied."""

    attacker: str
    target: str
    band: int  # -1 nothing, 0 glancing, n wounds (before alternate damage)
    wounds: int  # wounds left after buying an effect
    effect: str | None = None
    push: Facing | None = None
    smash: str | None = None


def _bought_words(aid: str, effect: str, band: int, left: int) -> str:
    """The log's line for wounds that buy an effect ("Optional: Alternate
    damage"): the result's line counted them, the strike line will not."""
    if not left:
        return f"{aid}'s hit buys {effect} with its {band_name(band)}: no wound left to deal."
    return (f"{aid}'s hit buys {effect} with {band - left} of its {band} wounds: "
            f"{band_name(left)} left to deal.")


def _tension(state: WaylightsState, uid: str, change: int, why: str) -> tuple[WaylightsState, Event]:
    f = state.get(uid)
    f = rebuild(f, tension=f.tension + change)
    return state.put(f), TensionChanged(uid, change, f.tension, why)


def fire(state: WaylightsState, uid: str) -> WaylightsState:
    """Spend the shot of the wielded ranged weapon."""
    f = state.get(uid)
    w = f.weapon
    if not w.ranged or w.name not in f.template.weapons:
        return state
    i = f.template.weapons.index(w.name)
    ammo, primed = list(f.ammo), list(f.primed)
    # The round fired is one of the clip's: a clip or hopper of N rounds
    # gives N shots, priming only readies the next of them (docs/rulings.md,
    # Use an item).  A self-priming launcher readies the next as it fires.
    ammo[i] = max(0, ammo[i] - 1)
    if w.kind != "thrown":
        primed[i] = w.self_priming and ammo[i] > 0
    return state.put(rebuild(f, ammo=tuple(ammo), primed=tuple(primed)))


def cover_roll(state: WaylightsState, shooter: str, target: str) -> tuple[WaylightsState, bool, list[Event]]:
    """Roll for light or medium cover before a direct ranged attack."""
    a, t = state.get(shooter), state.get(target)
    cover = cover_level(state, a, t) or 0
    if cover <= 0:
        return state, False, []
    dice, face = state.dice.face(6)
    avoided = face <= cover_avoid_faces(cover)
    rolled = Rolled("1d6", (face,), (), face, f"cover against {shooter} (avoided on {cover_avoid_faces(cover)} or less)",
                    target, low_is_good=True)
    return rebuild(state, dice=dice), avoided, [rolled, CoverRolled(shooter, target, cover, face, avoided,
                                                                    cover_sources(state, a, t))]


def roll_blow(state: WaylightsState, aid: str, tid: str, weapon: Weapon, adice: int, ddice: int, *,
              psi: int = 0, psi_d: int = 0, effect: str | None = None, push: Facing | None = None,
              smash: str | None = None, counter: bool = False) -> tuple[WaylightsState, Blow, list[Event]]:
    a, t = state.get(aid), state.get(tid)
    what = "counterattack" if counter else "attack"
    dice, ra = roll(state.dice, adice, 6, f"{what} on {tid}", attack_mods(a, weapon), aid)
    dice, rd = roll(dice, ddice, 6, f"defence against {aid}", defence_mods(t, weapon), tid)
    state = rebuild(state, dice=dice)
    events: list[Event] = [ra, rd]
    margin, t_val = ra.total - rd.total, threshold(t)
    if state.options.psi_tension:
        ga, gd = tension_gain(margin, t_val)
        if ga:
            state, ev = _tension(state, aid, ga, f"a narrow hit, result {margin}")
            events.append(ev)
        if gd:
            state, ev = _tension(state, tid, gd, f"a narrow defence, result {margin}")
            events.append(ev)
        # Spend as little as needed (up to the declared caps) to change what
        # the result does: never for wounds past a KO (docs/rulings.md).
        room = ko_room(t, state.get(tid).tension, True)
        purse = state.get(aid).tension  # what a smash is paid from, the raise's points taken first
        up, down = tension_spend(margin, t_val, min(psi, purse), min(psi_d, state.get(tid).tension),
                                 room, effect, bool(smash), purse=purse,
                                 shield=bool(weapon.ranged and t.shielded_by))
        if up:
            state, ev = _tension(state, aid, -up, f"+{up} to the attack result")
            events.append(ev)
            margin += up
        if down:
            state, ev = _tension(state, tid, -down, f"+{down} to the defence result")
            events.append(ev)
            margin -= down
    band = wounds_for(margin, t_val)
    events.append(Resolved(aid, tid, ra.total, rd.total, margin, t_val, band, counter))
    target = tid
    holder = state.get(tid)
    if weapon.ranged and band >= 0 and holder.shielded_by:
        shield = state.find(holder.shielded_by)
        if shield and shield.up and holder.pos and shield.pos and adjacent(holder.pos, shield.pos):
            dice, face = state.dice.face(4)
            state = rebuild(state, dice=dice)
            # the holder rolls, and wants it low: 1-3 and the shot strikes the shield
            events.append(Rolled("1d4", (face,), (), face, f"human shield (1-3 hits {shield.id})", tid,
                                 low_is_good=True))
            if face <= 3:
                target = shield.id
                band = wounds_for(margin, threshold(shield))
                events.append(Note(f"The shot strikes {shield.id}, held as a human shield: {band_name(band)}."))
    wounds = max(band, 0)
    if effect and band > 0:
        if wounds >= EFFECT_COST[effect]:
            wounds -= EFFECT_COST[effect]
            # Said before the wounds are dealt: the result's band counts the ones spent.
            events.append(Note(_bought_words(aid, effect, band, wounds)))
        else:
            events.append(Note(f"{aid}'s hit is too light to buy {effect}; it wounds instead."))
            effect = None
    else:
        effect = None
    if smash and not (band >= 0 and state.get(aid).tension >= SMASH_COST):
        smash = None
    return state, Blow(aid, target, band, wounds, effect, push, smash), events


def _release(state: WaylightsState, uid: str) -> WaylightsState:
    """A figure out of the fight lets go of grapples and human shields."""
    out = []
    for f in state.fighters:
        if f.grappled_by == uid or f.shielded_by == uid:
            f = rebuild(f, grappled_by=None if f.grappled_by == uid else f.grappled_by,
                             shielded_by=None if f.shielded_by == uid else f.shielded_by)
        if f.id == uid:
            f = rebuild(f, grappled_by=None, shielded_by=None, suppressed_by=None)
        out.append(f)
    return rebuild(state, fighters=tuple(out))


def knock_out(state: WaylightsState, uid: str, by: str, reason: str) -> tuple[WaylightsState, list[Event]]:
    f = state.get(uid)
    if state.options.psi_tension and f.tension >= 9 and reason == "KO":
        f = rebuild(f, tension=f.tension - 9, extra_wounds=f.wounds + 1 - f.template.wounds)
        return state.put(f), [TensionChanged(uid, -9, f.tension, "ignores the KO and fights on")]
    state = state.put(rebuild(f, status=KO))
    return _release(state, uid), [Defeated(uid, by, reason)]


def apply_blow(state: WaylightsState, blow: Blow) -> tuple[WaylightsState, list[Event]]:
    t = state.get(blow.target)
    if t.status == DEAD or blow.band < 0:
        return state, []
    events: list[Event] = []
    if blow.band == 0:
        t = rebuild(t, glances=t.glances + 1)
        state = state.put(t)
    if blow.smash:
        state, ev = _tension(state, blow.attacker, -SMASH_COST, f"smashes {blow.target}'s {blow.smash}")
        events.append(ev)
        item = f"weapon:{t.weapon.name}" if blow.smash == "weapon" else blow.smash
        t = state.get(blow.target)
        state = state.put(rebuild(t, broken=t.broken + (item,)))
    if blow.wounds:
        t = state.get(blow.target)
        t = rebuild(t, wounds=t.wounds + blow.wounds)
        state = state.put(t)
        plural = "wound" if blow.wounds == 1 else "wounds"
        events.append(Struck(blow.attacker, blow.target,
                             f"{blow.wounds} {plural}, {t.wounds} in all (knocked out at {t.ko_at})"))
        if t.status == READY and t.wounds >= t.ko_at:
            state, evs = knock_out(state, t.id, blow.attacker, "KO")
            events += evs
    if blow.effect:
        state, evs = apply_effect(state, blow)
        events += evs
    return state, events


def apply_effect(state: WaylightsState, blow: Blow) -> tuple[WaylightsState, list[Event]]:
    a, t = state.get(blow.attacker), state.get(blow.target)
    e, detail = blow.effect, ""
    assert e is not None  # called for a blow with an effect
    if t.status != READY and e != "stun":
        # The wounds bought it all the same (roll_blow said so): say where it went.
        return state, [Note(f"{t.id} is out of the fight: the {e} {a.id} bought does nothing.")]
    if e == "grapple":
        t = rebuild(t, grappled_by=a.id)
    elif e == "break-off":
        state = state.put(rebuild(a, grappled_by=None))
        t = state.get(t.id)
    elif e == "entangle":
        t = rebuild(t, entangled=True)
    elif e == "pierce":
        t = rebuild(t, pierced=True)
    elif e == "suppress":
        t = rebuild(t, suppressed_by=a.id)
    elif e == "human-shield":
        state = state.put(rebuild(a, shielded_by=t.id))
        t = state.get(t.id)
    elif e == "stun":
        if t.status == READY:
            t = rebuild(t, status=KO, wake_round=state.round + 5)
            detail = f"knocked out until round {state.round + 5}"
    elif e == "shove":
        assert a.pos is not None and t.pos is not None
        direction = blow.push or Facing.towards(a.pos, t.pos)
        to = shove_path(state, t.id, direction)
        if to != t.pos:
            ev = Moved(t.id, t.pos, to, "is shoved")
            t = rebuild(t, pos=to)
            state = state.put(t)
            return state, [EffectApplied(a.id, t.id, e, f"{direction.value}"), ev]
    state = state.put(t)
    if e == "stun":
        state = _release(state, t.id)
    return state, [EffectApplied(a.id, t.id, e, detail)]


def resolve_attack(state: WaylightsState, counter: bool, psi_d: int = 0, c_effect: str | None = None,
                   c_push: Facing | None = None, c_psi: int = 0, c_smash: str | None = None
                   ) -> tuple[WaylightsState, list[Event]]:
    """Resolve the pending attack, with or without the target's counterattack."""
    p = state.attack
    assert p is not None
    state = rebuild(state, attack=None, pending="")
    a, t = state.get(p.attacker), state.get(p.target)
    weapon = a.weapon
    adice = a.split if a.split is not None else 2
    tdef = DICE - (t.split if t.split is not None else 2)
    # The counter is announced as the attack was, before any of its dice:
    # it is why the attack below meets 0 defence dice.
    events: list[Event] = [AttackDeclared(t.id, a.id, t.weapon.name, counter=True, effect=c_effect)] if counter else []
    state, b1, evs = roll_blow(state, a.id, t.id, weapon, adice, 0 if counter else tdef, psi=p.psi,
                               psi_d=0 if counter else psi_d, effect=p.effect,
                               push=Facing(p.push) if p.push else None, smash=p.smash)
    events += evs
    if not counter:
        state, evs = apply_blow(state, b1)
        return state, events + evs
    state = rebuild(state, counter_used=True)
    cweapon = t.weapon
    adef = DICE - adice
    if not weapon.ranged and not cweapon.ranged:
        # Melee: both blows are rolled; the better Timing lands first, equal
        # Timing lands together (a figure knocked out first loses its blow).
        state, b2, evs = roll_blow(state, t.id, a.id, cweapon, tdef, adef, psi=c_psi, effect=c_effect,
                                   push=c_push, smash=c_smash, counter=True)
        events += evs
        ta, tt = a.template.timing, t.template.timing
        first, second = (b1, b2) if ta >= tt else (b2, b1)
        state, evs = apply_blow(state, first)
        events += evs
        if ta == tt or state.get(second.attacker).status == READY:
            state, evs = apply_blow(state, second)
            events += evs
        else:
            lost, faster = state.get(second.attacker), state.get(first.attacker)
            events.append(BlowLost(lost.id, second.target, faster.id, lost.template.timing,
                                   faster.template.timing, counter=second is b2))
        return state, events
    # Ranged exchanges: the attack lands first, then the counter is rolled.
    state, evs = apply_blow(state, b1)
    events += evs
    t = state.get(t.id)
    if t.status != READY or reaches(state, t, state.get(a.id), t.weapon):
        events.append(Note(f"{t.id}'s counterattack cannot be made any more."))
        return state, events
    if cweapon.ranged:
        state = fire(state, t.id)
        state, avoided, evs = cover_roll(state, t.id, a.id)
        events += evs
        if avoided:
            return state, events
    state, b2, evs = roll_blow(state, t.id, a.id, cweapon, tdef, adef, psi=c_psi, effect=c_effect,
                               push=c_push, smash=c_smash, counter=True)
    events += evs
    state, evs = apply_blow(state, b2)
    return state, events + evs


def suppression_shot(state: WaylightsState, uid: str) -> tuple[WaylightsState, list[Event]]:
    """A suppressed figure moved: the suppressor gets a free shot (no counter)."""
    f = state.get(uid)
    s = state.find(f.suppressed_by) if f.suppressed_by else None
    state = state.put(rebuild(f, suppressed_by=None))
    if s is None or not s.up or not s.weapon.ranged or reaches(state, s, state.get(uid), s.weapon):
        return state, []
    if s.split == 0:  # no attack dice, no shot (as for any attack: issue 26)
        return state, [Note(f"{uid} moves under suppression, but {s.id} split 0/4 and has no attack dice to "
                            "shoot with.")]
    events: list[Event] = [Note(f"{uid} moves under suppression: {s.id} takes a free shot.")]
    state = fire(state, s.id)
    state, avoided, evs = cover_roll(state, s.id, uid)
    events += evs
    if avoided:
        return state, events
    f = state.get(uid)
    adice = s.split if s.split is not None else 2
    state, blow, evs = roll_blow(state, s.id, uid, s.weapon, adice, DICE - (f.split or 0))
    events += evs
    state, evs = apply_blow(state, blow)
    return state, events + evs
