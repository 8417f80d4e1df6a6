"""The exact chances of an attack met by a counterattack (Waylights
"Attack and Defense"; docs/rulings.md, Order of resolution).

The counter is not an attack of its own to preview apart: when either
weapon is ranged the attack lands first and the counter is rolled after
it, feeling the wounds just taken (and a defender knocked out never
counters); in melee both are rolled first and the better Timing lands
first, so a figure it knocks out loses its blow.  ``exchange`` follows
``resolve.resolve_attack`` step by step over every band the dice can
give, with the engine's own functions (``apply_blow``, ``reaches``,
``fire``, ``cover_level``, the scores and the damage ladder), so the
preview and the resolution cannot disagree.  Psi tension is counted as the
engine spends it and an alternate damage effect by its cost in wounds; what
an effect or a human shield does after the blow is not."""

from __future__ import annotations

from fractions import Fraction

import attrs

from core.rulesets.waylights.combat import (
    DICE,
    EFFECT_COST,
    attack_mods,
    blow_outcome,
    cover_avoid_faces,
    cover_level,
    defence_mods,
    ko_room,
    reaches,
    sum_counts,
    tension_gain,
    tension_spend,
    threshold,
    wounds_for,
)
from core.rulesets.waylights.resolve import Blow, apply_blow, fire
from core.rulesets.waylights.roster import Weapon
from core.rulesets.waylights.state import READY, Fighter, WaylightsState


@attrs.frozen
class Exchange:
    """Chances of an attack answered by a counter: what the attack does to
    the counterattacker (defending with 0 dice) and what the counter does
    to the attacker, every case of the order of resolution counted."""

    target_wound: Fraction  # the attack wounds the counterattacker
    target_ko: Fraction
    attacker_wound: Fraction  # the counter wounds the attacker
    attacker_ko: Fraction
    counter_lost: Fraction  # the counter never strikes: its figure is down first or no longer reaches


def bands(attacker: Fighter, defender: Fighter, weapon: Weapon, attack_dice: int,
          defence_dice: int, *, psi_on: bool = False, psi: int = 0, effect: str | None = None,
          smash: bool = False) -> dict[tuple[int, int], Fraction]:
    """The chance of each (damage band, wounds) of one roll (``wounds_for``:
    -1 nothing, 0 glancing, n; the wounds left once ``effect`` is bought),
    scored as ``resolve.roll_blow`` scores it, the attacker's tension (up
    to ``psi``) gained and spent as it spends it."""
    amod = sum(v for _, v in attack_mods(attacker, weapon))
    dmod = sum(v for _, v in defence_mods(defender, weapon))
    t = threshold(defender)
    total = 6 ** (attack_dice + defence_dice)
    out: dict[tuple[int, int], Fraction] = {}
    for a, na in sum_counts(attack_dice).items():
        for d, nd in sum_counts(defence_dice).items():
            margin = (a + amod) - (d + dmod)
            if psi_on:
                ga, gd = tension_gain(margin, t)
                up, _ = tension_spend(margin, t, min(psi, attacker.tension + ga), 0,
                                      ko_room(defender, defender.tension + gd, True), effect, smash,
                                      purse=attacker.tension + ga)
                margin += up
            band = wounds_for(margin, t)
            _, bought, _ = blow_outcome(margin, t, None, effect)
            wounds = max(band, 0) - (EFFECT_COST[effect or ""] if bought else 0)
            out[band, wounds] = out.get((band, wounds), Fraction(0)) + Fraction(na * nd, total)
    return out


def _blow(attacker: str, target: str, band: tuple[int, int]) -> Blow:
    return Blow(attacker, target, band[0], band[1])


def exchange(state: WaylightsState, attacker: str, target: str, cover: int = 0, *, psi: int = 0,
             effect: str | None = None, smash: bool = False, c_psi: int = 0, c_effect: str | None = None,
             c_smash: bool = False) -> Exchange:
    """The exact chances when ``target`` counters ``attacker``'s attack in
    ``state`` (the state the response sees: the attacker's shot spent, its
    cover roll made).  ``cover`` (0-2): the attack's own cover roll still to
    come, for a preview before the attack is given; an avoided shot is
    answered by nothing.  Splits not yet declared count as 2/2.  With the
    Psi Tension option on, each side spends up to its cap (``psi`` for the
    attack, ``c_psi`` for the counter) as ``roll_blow`` does; an effect's
    cost comes off the wounds (what the effect does next is not counted)."""
    on = state.options.psi_tension
    a, t = state.get(attacker), state.get(target)
    weapon, cweapon = a.weapon, t.weapon
    adice = a.split if a.split is not None else 2
    tdef = DICE - (t.split if t.split is not None else 2)
    adef = DICE - adice
    hit = 1 - Fraction(cover_avoid_faces(cover), 6)
    tally = {"tw": Fraction(0), "tko": Fraction(0), "aw": Fraction(0), "ako": Fraction(0), "lost": Fraction(0)}

    def record(after: WaylightsState, p: Fraction, lost: bool = False) -> None:
        ta, tt = after.get(attacker), after.get(target)
        tally["tw"] += p if tt.wounds > t.wounds else 0
        tally["tko"] += p if tt.status != READY else 0
        tally["aw"] += p if ta.wounds > a.wounds else 0
        tally["ako"] += p if ta.status != READY else 0
        tally["lost"] += p if lost else 0

    first = bands(a, t, weapon, adice, 0, psi_on=on, psi=psi, effect=effect, smash=smash)  # the countered attack meets 0 defence dice
    if not weapon.ranged and not cweapon.ranged:
        # Melee: both rolled first; the better Timing lands first, equal
        # Timing lands both, a figure knocked out first loses its blow.
        second = bands(t, a, cweapon, tdef, adef, psi_on=on, psi=c_psi, effect=c_effect, smash=c_smash)
        ta, tt = a.template.timing, t.template.timing
        for b1, p1 in first.items():
            for b2, p2 in second.items():
                one, two = _blow(attacker, target, b1), _blow(target, attacker, b2)
                lead, follow = (one, two) if ta >= tt else (two, one)
                s, _ = apply_blow(state, lead)
                lands = ta == tt or s.get(follow.attacker).status == READY
                if lands:
                    s, _ = apply_blow(s, follow)
                record(s, hit * p1 * p2, lost=not lands and follow is two)
        return _done(tally)
    # Ranged: the attack lands first, then the counter is rolled.
    for b1, p1 in first.items():
        s, _ = apply_blow(state, _blow(attacker, target, b1))
        p = hit * p1
        struck = s.get(target)
        if struck.status != READY or reaches(s, struck, s.get(attacker), struck.weapon):
            record(s, p, lost=True)
            continue
        avoid = Fraction(0)
        if cweapon.ranged:
            s = fire(s, target)
            avoid = Fraction(cover_avoid_faces(cover_level(s, s.get(target), s.get(attacker)) or 0), 6)
            record(s, p * avoid)
        for b2, p2 in bands(s.get(target), s.get(attacker), cweapon, tdef, adef, psi_on=on, psi=c_psi,
                            effect=c_effect, smash=c_smash).items():
            after, _ = apply_blow(s, _blow(target, attacker, b2))
            record(after, p * (1 - avoid) * p2)
    return _done(tally)


def _done(tally: dict[str, Fraction]) -> Exchange:
    return Exchange(tally["tw"], tally["tko"], tally["aw"], tally["ako"], tally["lost"])
