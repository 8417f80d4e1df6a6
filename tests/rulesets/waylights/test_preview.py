"""The attack preview against an independent brute-force count of every way
the dice (and the cover die) can fall."""

import itertools
from fractions import Fraction

import attrs

from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.combat import attack_preview
from core.rulesets.waylights.roster import WEAPONS
from core.rulesets.waylights.ruleset import preview_order
from core.rulesets.waylights.state import new_fighter
from tests.rulesets.waylights.helpers import position


def brute(adice, ddice, amod, dmod, threshold, wounds_now, ko_at, cover_faces):
    """Count by hand: roll the cover d6, then every attack and defence die."""
    tally = dict(none=0, glance=0, one=0, two=0, ko=0)
    n = 0
    for cover in range(1, 7):
        for faces in itertools.product(range(1, 7), repeat=adice + ddice):
            n += 1
            if cover <= cover_faces:
                tally["none"] += 1
                continue
            margin = sum(faces[:adice]) + amod - (sum(faces[adice:]) + dmod)
            if margin < 0:
                tally["none"] += 1
                continue
            w = 0
            while margin > (w + 1) * threshold:
                w += 1
            tally[{0: "glance", 1: "one"}.get(w, "two")] += 1
            if w and wounds_now + w >= ko_at:
                tally["ko"] += 1
    return {k: Fraction(v, n) for k, v in tally.items()}


def check(p, b):
    assert (p.no_effect, p.glancing, p.one_wound, p.two_plus, p.ko) == (
        b["none"], b["glance"], b["one"], b["two"], b["ko"])
    assert p.no_effect + p.glancing + p.one_wound + p.two_plus == 1


def test_fighter_against_wounded_mook_in_light_cover():
    a = new_fighter("a1", 0, "fighter")
    d = attrs.evolve(new_fighter("b1", 1, "mook"), wounds=1)
    # Fighter +5 (blade 2, strength 1, sword 2); Mook defends +2 - 1 wound, Threshold 2, KO at 3.
    check(attack_preview(a, d, WEAPONS["sword"], 3, 1, cover=1), brute(3, 1, 5, 1, 2, 1, 3, 2))


def test_elite_all_out_against_a_countering_fighter():
    a = new_fighter("a1", 0, "elite")
    d = new_fighter("b1", 1, "fighter")
    # Elite +7; Fighter +4 with 0 dice (it counterattacks); Threshold 3, KO at 4.
    check(attack_preview(a, d, WEAPONS["sword"], 4, 0), brute(4, 0, 7, 4, 3, 0, 4, 0))


def test_wounded_archer_shooting_into_medium_cover():
    a = attrs.evolve(new_fighter("a1", 0, "archer"), wounds=2)
    d = new_fighter("b1", 1, "spear")
    # Archer +5 - 2; Spearman +5 (polearm 2, strength 1, parry 1, armour 1), Threshold 3.
    check(attack_preview(a, d, WEAPONS["pneumatic"], 2, 2, cover=2), brute(2, 2, 3, 5, 3, 0, 4, 4))


def test_piercing_weapon_ignores_armour_in_the_preview():
    a = new_fighter("a1", 0, "marksman")
    d = new_fighter("b1", 1, "spear")
    # Marksman +7 with the piercer; the Spearman loses its armour +1: +4.
    check(attack_preview(a, d, WEAPONS["piercer"], 2, 2), brute(2, 2, 7, 4, 3, 0, 4, 0))


def test_preview_order_uses_declared_splits_and_cover():
    rows = ["." * 10] * 10
    rows[6] = "..,......."
    s = position([("a1", 0, "archer", (2, 2), dict(split=3)), ("b1", 1, "fighter", (2, 7), dict(split=1))],
                 "a1", rows=rows)
    p = preview_order(s, R.parse_order("attack side=0 unit=a1 target=b1"))
    a, d = s.get("a1"), s.get("b1")
    assert p == attack_preview(a, d, a.weapon, 3, 3, cover=1)
    assert p.no_effect >= Fraction(1, 3)
    assert len(p.lines()) == 5
