"""Psi tension is spent only where it changes what a result does, and the
attack preview counts the tension the order names (a tester's report:
"+1 to the attack" spent on a figure already knocked out, and two
menu entries, with and without tension, previewed alike).

Fighter attacks +5 (1 attack die on its 1/3 split); the Mook defends +2,
minus one a wound, Threshold 2, KO at 3 wounds (docs/rulings.md, Psi Tension)."""

import itertools
from fractions import Fraction

import attrs

from core.rulesets.waylights.orders import Attack, Defend
from core.rulesets.waylights.ruleset import preview_order
from core.rulesets.waylights.state import KO
from tests.rulesets.waylights.helpers import do, results, script
from tests.rulesets.waylights.test_options import PSI, melee


def test_no_tension_spent_for_wounds_past_the_ko():
    # b1 has 2 wounds: defence +2 - 2 = 0.  Attack die 1: 6 - (1 + 1) = 4,
    # T+2: one wound (its third, KO) and +2 tension.  A point more would make
    # 5, two wounds: the KO is the same, so nothing is spent.
    s = script(melee(PSI, a_extra=dict(tension=4), b_extra=dict(wounds=2)), 1, 1, 1)
    s, ev = do(s, "attack side=0 unit=a1 target=b1 psi=4")
    assert results(ev)[0].margin == 4
    assert s.get("b1").status == KO
    assert s.get("a1").tension == 4 + 2


def test_tension_still_buys_a_wound_that_counts():
    # Unhurt (defence +2): 8 - (1 + 1 + 2) = 4, one wound of the three that
    # knock it out, +2 tension; a point makes 5, two wounds: that one is spent.
    s = script(melee(PSI, a_extra=dict(tension=4)), 3, 1, 1)
    s, ev = do(s, "attack side=0 unit=a1 target=b1 psi=4")
    assert results(ev)[0].margin == 5 and s.get("b1").wounds == 2
    assert s.get("a1").tension == 4 + 2 - 1


def test_no_tension_spent_for_a_glance_that_does_nothing():
    # 6 - (1 + 4 + 2) = -1: nothing.  A point makes a glancing 0, two make 1,
    # still a glance (it takes more than Threshold 2 to wound), and a glance
    # does nothing when no smash waits on it: nothing is spent.
    s = script(melee(PSI, a_extra=dict(tension=2)), 1, 1, 4)
    s, ev = do(s, "attack side=0 unit=a1 target=b1 psi=2")
    assert results(ev)[0].margin == -1
    assert s.get("a1").tension == 2


def _ko_chance(attack_dice: int, defence_dice: int, amod: int, dmod: int, threshold: int, room: int,
               plus: int) -> Fraction:
    """KO by counting every die: the figure falls when the result, raised
    by up to ``plus`` points, deals ``room`` wounds (one per Threshold the
    result is above)."""
    ko = 0
    rolls = list(itertools.product(range(1, 7), repeat=attack_dice + defence_dice))
    for faces in rolls:
        margin = sum(faces[:attack_dice]) + amod - sum(faces[attack_dice:]) - dmod
        if any((margin + k - 1) // threshold >= room and margin + k > threshold for k in range(plus + 1)):
            ko += 1
    return Fraction(ko, len(rolls))


def test_the_preview_counts_the_tension_of_its_own_order():
    # a1 3/1: 3 attack dice +5 against b1's 2 defence dice, +2 - 2 (two
    # wounds): one wound more is its KO, so KO needs a result above 2, or
    # above 1 with a point of tension.
    s = melee(PSI, a_extra=dict(tension=1, split=3), b_extra=dict(wounds=2))
    plain = preview_order(s, Attack(0, "a1", "b1"))
    spent = preview_order(s, Attack(0, "a1", "b1", psi=1))
    assert plain.ko == _ko_chance(3, 2, 5, 0, 2, 1, 0)
    assert spent.ko == _ko_chance(3, 2, 5, 0, 2, 1, 1)
    assert spent.ko > plain.ko


def test_the_defence_preview_counts_the_defenders_tension():
    # b1 unhurt with 2 tension answers a1's 1-die attack: Defend with and
    # without its tension are previewed apart.
    s = attrs.evolve(melee(PSI, b_extra=dict(tension=2)), counter_used=False)
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    assert s.pending == "response"
    bare = preview_order(s, Defend(1, "b1", 0))
    braced = preview_order(s, Defend(1, "b1", 2))
    assert braced.one_wound + braced.two_plus < bare.one_wound + bare.two_plus
