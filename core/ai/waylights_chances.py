"""Waylights: the chances a side can know of an attack, read from the rules
for what it sees (the game's own preview, ``combat.attack_preview``), and
who a figure reaches: shared by the tactics (``core.ai.waylights``,
``core.ai.waylights_turn``) and the reasons."""

from __future__ import annotations

import attrs

from core.rulesets.waylights.combat import (
    DICE,
    attack_mods,
    attack_preview,
    cover_level,
    defence_mods,
    reaches,
    threshold,
)
from core.rulesets.waylights.exchange import exchange
from core.rulesets.waylights.orders import Attack
from core.rulesets.waylights.roster import WEAPONS
from core.rulesets.waylights.ruleset import counter_refusal_for


def wounding(p) -> float:
    """The chance a blow does at least one wound (a :class:`Preview`)."""
    return float(p.one_wound + p.two_plus)


def can_wound(view, a, t) -> bool:
    """Whether an attack by ``a`` (where it stands, with the weapon in
    hand and its attack dice) could wound ``t`` if ``t`` defends: the
    highest attack roll against the least defence roll ``t`` may make
    (its declared defence dice, or none when it has yet to split) beats
    its Threshold ("Damage resolution"), and cover does not stop the shot
    outright.  The same sums as ``attack_preview``, without enumerating."""
    adice = a.split if a.split is not None else 2
    if adice <= 0 or a.pos is None or t.pos is None:
        return False
    w = a.weapon
    if w.ranged and (cover_level(view, a, t) or 0) >= 3:
        return False
    least = DICE - t.split if t.split is not None else 0
    best = 6 * adice + sum(v for _, v in attack_mods(a, w))
    return best - (least + sum(v for _, v in defence_mods(t, w))) > threshold(t)


SLIGHT = 0.005  # a chance to wound the reasons would give as 0%


def worth_attacking(view, a, t) -> bool:
    """Whether ``a`` attacking ``t`` now has a chance to wound it that
    the reasons would not give as 0% (``wound_chances``' highest, over the
    splits ``t`` may still choose: the one with the fewest defence dice,
    as each die more can only lower it)."""
    if not can_wound(view, a, t):
        return False
    adice = a.split if a.split is not None else 2
    cover = min(cover_level(view, a, t) or 0, 3) if a.weapon.ranged else 0
    fewest = DICE - t.split if t.split is not None else 0
    return wounding(attack_preview(a, t, a.weapon, adice, fewest, cover)) >= SLIGHT


def woundable(view, me) -> list[str]:
    """The enemies ``in_reach`` of ``me`` that it could wound (``can_wound``)."""
    return [i for i in in_reach(view, me) if can_wound(view, me, view.get(i))]


def onto_cover(view, here, to) -> bool:
    """Whether the ground at ``to`` gives more cover than the ground at ``here``."""
    return view.battlefield.terrain(to).cover > view.battlefield.terrain(here).cover


def in_reach(view, me) -> list[str]:
    """The enemies still up that the weapon in ``me``'s hands reaches from
    where it stands (``combat.reaches``: a launcher must be primed)."""
    if me.pos is None:
        return []
    return sorted(f.id for f in view.fighters if f.side != me.side and f.status == "ready" and f.pos is not None
                  and reaches(view, me, f, me.weapon) is None)


def readied(me, weapon: str):
    """``me`` with ``weapon`` in hand, a launcher primed if its clip holds
    a round (what a change of weapon and a reload would give)."""
    i = me.template.weapons.index(weapon)
    primed = me.primed[:i] + (me.primed[i] or me.ammo[i] > 0,) + me.primed[i + 1:]
    return attrs.evolve(me, wielding=i, primed=primed)


def hopeless_counter(view) -> bool:
    """Whether countering the pending attack is a blunder: the counter
    cannot wound the attacker (the whole exchange, ``exchange.exchange``,
    as the response menu counts it) and defending leaves the target a
    strictly better chance not to be knocked out (``attack_preview`` of
    the attack dice against its defence dice)."""
    p = view.attack
    a, t = view.get(p.attacker), view.get(p.target)
    x = exchange(view, a.id, t.id)
    if x.attacker_wound > 0:
        return False
    adice = a.split if a.split is not None else 2
    kept = DICE - (t.split if t.split is not None else 2)
    return attack_preview(a, t, a.weapon, adice, kept).ko < x.target_ko


def losing_counter(view) -> bool:
    """Whether countering the pending attack trades badly: the counter is
    less likely to wound the attacker (the whole exchange, as the response
    menu counts it) than dropping the defence dice makes it likelier that
    the attack wounds the target (``attack_preview`` against the dice it
    would defend with, against none)."""
    p = view.attack
    a, t = view.get(p.attacker), view.get(p.target)
    x = exchange(view, a.id, t.id)
    adice = a.split if a.split is not None else 2
    kept = DICE - (t.split if t.split is not None else 2)
    defended = wounding(attack_preview(a, t, a.weapon, adice, kept))
    return x.attacker_wound < x.target_wound - defended


def wound_chances(view, order: Attack) -> tuple[float, float, bool]:
    """The chance ``order`` wounds its target if the target defends, as the
    attacker's side can know it: (lowest, highest, counter possible).

    A target that has declared its split keeps it (the rulings: "the
    target uses the allocation of its last turn"), so the chance is the
    preview's against its defence dice.  One yet to declare chooses its
    split after the attack is declared, any of 0-4 defence dice, so the
    chance is the range over them.  Cover is counted as the preview counts
    it.  A counter is the target's choice too (the attack then meets no
    defence dice): the third value says whether the rules allow one."""
    a, t = view.get(order.unit), view.get(order.target)
    low, high = wound_range(view, a, t)
    counter = counter_refusal_for(view, order) is None and (t.split is None or t.split < DICE)
    return low, high, counter


def wound_range(view, a, t) -> tuple[float, float]:
    """The lowest and highest chance that ``a`` attacking ``t`` now
    wounds it if it defends (``wound_chances``, without the counter)."""
    adice = a.split if a.split is not None else 2
    cover = min(cover_level(view, a, t) or 0, 3) if a.weapon.ranged else 0
    kept = [DICE - t.split] if t.split is not None else list(range(DICE + 1))
    chances = [wounding(attack_preview(a, t, a.weapon, adice, d, cover)) for d in kept]
    return min(chances), max(chances)


def primed_reach(view, me) -> list[str]:
    """The enemies the launcher in ``me``'s hands would reach from where it
    stands once primed (a reload, after a new clip if the old one is
    empty), when it is not primed now; else none."""
    w = me.weapon
    if w.kind != "launcher" or w.name not in me.template.weapons:
        return []
    i = me.template.weapons.index(w.name)
    if me.primed[i] or not (me.ammo[i] > 0 or me.spares[i] > 0):
        return []
    ammo = me.ammo[:i] + (max(me.ammo[i], 1),) + me.ammo[i + 1:]
    return in_reach(view, readied(attrs.evolve(me, ammo=ammo), w.name))


def ready_in_one(me) -> list:
    """``me`` holding each weapon it could strike with after one Action
    at most ("Sequence": a reload, or a change of weapon): the weapon in
    hand, primed from its clip if need be, and every other weapon it
    carries that needs no priming; none broken, none out of rounds."""
    out = []
    for i, name in enumerate(me.template.weapons):
        w = WEAPONS[name]
        if f"weapon:{name}" in me.broken or (w.kind in ("thrown", "launcher") and me.ammo[i] <= 0
                                              and not (w.kind == "launcher" and me.primed[i])):
            continue
        if i == me.wielding or w.kind != "launcher" or me.primed[i]:
            out.append(readied(me, name))
    if not me.template.weapons or me.weapon.unarmed:
        out.append(me)
    return out


def shooters_left(view, side: int) -> bool:
    """Whether an enemy of ``side`` still up carries a ranged weapon it can
    shoot (unbroken, with rounds or a clip to put in): cover counts only
    against a shot (*Cover*)."""
    for f in view.fighters:
        if f.side == side or not f.up:
            continue
        for i, name in enumerate(f.template.weapons):
            w = WEAPONS[name]
            if w.ranged and f"weapon:{name}" not in f.broken and (
                    f.ammo[i] > 0 or f.primed[i] or (w.kind == "launcher" and f.spares[i] > 0)):
                return True
    return False


def smash_wasted(view, order: Attack) -> bool:
    """Whether the tension a named smash costs (Psi Tension: paid on any
    valid hit) goes mostly on a blow that knocks the target out anyway,
    when a broken item is worth nothing: the chance of a KO is at least
    that of a smash on a target left standing (the smash's chance less the
    KO's, as a KO is a valid hit), whatever split the target may declare."""
    if order.smash is None:
        return False
    a, t = view.get(order.unit), view.get(order.target)
    adice = a.split if a.split is not None else 2
    cover = min(cover_level(view, a, t) or 0, 2) if a.weapon.ranged else 0
    kept = [DICE - t.split] if t.split is not None else list(range(DICE + 1))
    for d in kept:
        p = attack_preview(a, t, a.weapon, adice, d, cover, psi_on=True, psi=order.psi, smash=order.smash)
        smashed = dict(p.extras).get(f"{order.smash} smashed", 0)
        if smashed - p.ko > p.ko:
            return False
    return True
