"""The attack preview says alike, from either side, that a blow of the
exchange is lost because its figure falls first (a tester: "(lost 92%: b3
falls first)" on the counter of one preview, and nothing in the mirror
case, where the counterattacker's faster blow knocked the attacker out 92%
of the time).  In melee the better Timing lands first and a figure it knocks
out loses its blow (docs/rulings.md, Order of resolution; seed: Damage
resolution, on melee Timing): the counter when the attacker is faster, the
attack itself when the counterattacker is.  Equal Timing lands both; with a
ranged weapon the attack lands first and only the counter can be lost."""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import product

from core.rulesets.waylights.combat import attack_mods, defence_mods, percent, threshold
from core.rulesets.waylights.orders import Attack
from tests.rulesets.waylights.helpers import position
from tui.rulesets.waylights_preview import attack_preview_of

# "then this attack wounds 0.3%, KO 0% (lost 90%: b1 falls first), and a1's
# counter wounds b1 90%, KO 90% (lost ...: ... falls first)"
EXCHANGE = re.compile(r"this attack wounds \S+, KO [^ ,]+(?: \(lost (?P<attack>\S+): (?P<a_falls>\w+) falls first\))?"
                      r", and (?P<counter_by>\w+)'s counter wounds \w+ \S+, KO [^ .]+"
                      r"(?: \(lost (?P<counter>\S+): (?P<c_falls>\w+) falls first\))?")


def exchange_line(state, attacker: str, target: str) -> re.Match:
    side = state.get(attacker).side
    detail = attack_preview_of(state, Attack(side, attacker, target)).detail
    found = [m for m in map(EXCHANGE.search, detail) if m]
    assert len(found) == 1, detail
    return found[0]


def knocks_out(striker, struck, dice_for: int, dice_against: int) -> Fraction:
    """The chance one blow knocks ``struck`` out, counted die by die from
    the printed rules: attack roll plus modifiers less the defence roll plus
    modifiers; above Threshold a wound for each whole Threshold beaten
    (Damage resolution); out when the wounds reach the KO count."""
    amod = sum(v for _, v in attack_mods(striker, striker.weapon))
    dmod = sum(v for _, v in defence_mods(struck, striker.weapon))
    t = threshold(struck)
    rolls = list(product(range(1, 7), repeat=dice_for + dice_against))
    out = 0
    for faces in rolls:
        margin = sum(faces[:dice_for]) + amod - (sum(faces[dice_for:]) + dmod)
        wounds = sum(1 for k in range(1, margin + 1) if margin > k * t) if margin > t else 0
        out += struck.wounds + wounds >= struck.ko_at
    return Fraction(out, len(rolls))


def elite_and_mook(active: str):
    """An Elite (Timing 3) beside a Mook (Timing 0) a wound from KO; both 2/2."""
    return position([("a1", 0, "elite", (5, 4)), ("b1", 1, "mook", (5, 5), dict(wounds=2))], active)


def test_the_mook_falls_first_said_alike_from_either_side():
    # a1 attacks: b1's counter is lost when a1's faster blow (against no
    # defence dice: b1 counters instead) knocks it out.
    s = elite_and_mook("a1")
    m = exchange_line(s, "a1", "b1")
    assert m["attack"] is None, m[0]  # a1 strikes first: its attack always lands
    assert m["c_falls"] == "b1" and m["counter"] == percent(knocks_out(s.get("a1"), s.get("b1"), 2, 0), 0), m[0]
    # b1 attacks, a1 counters: a1's faster counter (2 dice against b1's 2
    # defence dice) knocks b1 out first, and b1's attack is lost.
    s = elite_and_mook("b1")
    m = exchange_line(s, "b1", "a1")
    lost = knocks_out(s.get("a1"), s.get("b1"), 2, 2)
    assert 0 < lost < 1
    assert m["a_falls"] == "b1" and m["attack"] == percent(lost, 0), m[0]
    assert m["counter"] is None, m[0]  # a1's counter lands before anything can fell it


def test_equal_timing_lands_both_blows_and_loses_neither():
    # Two Fighters (Timing 2), each a wound from KO: both blows land.
    s = position([("a1", 0, "fighter", (5, 4), dict(wounds=3)), ("b1", 1, "fighter", (5, 5), dict(wounds=3))], "a1")
    assert s.get("a1").ko_at - s.get("a1").wounds == 1
    m = exchange_line(s, "a1", "b1")
    assert m["attack"] is None and m["counter"] is None, m[0]


def test_a_shot_lands_first_so_only_the_counter_is_lost():
    # A Mook with a pistol (Timing 1) shoots the Elite (Timing 3), which
    # counters with its sword: the shot lands first whatever the Timing.
    s = position([("a1", 0, "elite", (5, 4)), ("b1", 1, "thug", (5, 5), dict(wounds=2))], "b1")
    m = exchange_line(s, "b1", "a1")
    assert m["attack"] is None, m[0]
