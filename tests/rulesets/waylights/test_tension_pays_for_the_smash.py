"""Psi tension raised to a valid hit only where the smash it waits on can
still be paid (a tester's report: with 3 tension, "smash its weapon, up to 3
tension" raised a miss of -1 to a glance for a point, and the smash then
fell through for want of 3 left: the point bought nothing, and the preview
counted those misses as glancing hits).

"Optional: Psi Tension": a point is +1 to the result; item damage takes 3
on a valid hit.  docs/rulings.md, Psi Tension: points go only where they
change what the blow does, and never where they would undo a smash the blow
makes as it stands.

Fighter a1 attacks +5 on 1 die (its 1/3 split); Mook b1 defends +2 on 2 dice,
Threshold 2, a club in hand (tests/rulesets/waylights/test_options.py)."""

import itertools
from fractions import Fraction

import attrs

from core.rulesets.waylights.combat import attack_mods, defence_mods, percent, tension_spend, threshold
from core.rulesets.waylights.orders import Attack
from core.rulesets.waylights.ruleset import preview_order
from tests.rulesets.waylights.helpers import do, position, results, script
from tests.rulesets.waylights.test_options import FAR, PSI, melee
from tui.rulesets.waylights_preview import attack_preview_of

SMASH = "attack side=0 unit=a1 target=b1 smash=weapon psi={}"


def smashed(state) -> bool:
    return any(item.startswith("weapon:") for item in state.get("b1").broken)


def test_the_tester_call_spends_nothing():
    # A 3-point purse, a cap of 3, a smash waiting, Threshold 3: a point to
    # reach the glance leaves 2, too few for the smash.
    assert tension_spend(-1, 3, 3, 0, 3, None, True) == (0, 0)
    assert tension_spend(-3, 3, 3, 0, 3, None, True) == (0, 0)
    # The same with a purse of 4: the point leaves 3 and the smash is made.
    assert tension_spend(-1, 3, 3, 0, 3, None, True, purse=4) == (1, 0)


def test_a_miss_stays_a_miss_when_the_smash_could_not_be_paid():
    # 1 + 5 - (1 + 4 + 2) = -1: a point would make a glance and leave 2 of
    # a1's 3 tension, short of the smash's 3: nothing is spent.
    s = script(melee(PSI, a_extra=dict(tension=3)), 1, 1, 4)
    s, ev = do(s, SMASH.format(3))
    assert results(ev)[0].margin == -1
    assert s.get("a1").tension == 3 and not smashed(s)
    # -3 (1 + 5 - (3 + 4 + 2)): three points would make a glance and leave none.
    s = script(melee(PSI, a_extra=dict(tension=3)), 1, 3, 4)
    s, ev = do(s, SMASH.format(3))
    assert results(ev)[0].margin == -3
    assert s.get("a1").tension == 3 and not smashed(s)


def test_a_point_that_leaves_the_smash_paid_is_spent():
    # With 4 tension the same -1 takes one point to a glance (0) and keeps 3
    # for the smash: the club breaks, 0 tension left.
    s = script(melee(PSI, a_extra=dict(tension=4)), 1, 1, 4)
    s, ev = do(s, SMASH.format(4))
    assert results(ev)[0].margin == 0
    assert smashed(s) and s.get("a1").tension == 0


def test_no_point_trades_the_smash_for_a_wound():
    # 2 + 5 - (1 + 4 + 2) = 0: a glancing hit, and the smash is paid from the
    # 4 tension.  Three points would make 3 > Threshold 2, one wound, but
    # leave 1: no smash.  The order named the smash: it is kept, nothing spent.
    s = script(melee(PSI, a_extra=dict(tension=4)), 2, 1, 4)
    s, ev = do(s, SMASH.format(4))
    assert results(ev)[0].margin == 0
    assert smashed(s) and s.get("a1").tension == 4 - 3 and s.get("b1").wounds == 0


def _miss_chance(state, below: int) -> Fraction:
    """By every die: the chance a1's roll on b1 falls below ``below``."""
    a, t = state.get("a1"), state.get("b1")
    amod = sum(v for _, v in attack_mods(a, a.weapon))
    dmod = sum(v for _, v in defence_mods(t, a.weapon))
    adice, ddice = a.split, 4 - t.split
    rolls = list(itertools.product(range(1, 7), repeat=adice + ddice))
    low = sum(1 for f in rolls if sum(f[:adice]) + amod - sum(f[adice:]) - dmod < below)
    return Fraction(low, len(rolls))


def _four_against_three(tension: int):
    return position([("a1", 0, "fighter", (2, 2), {"split": 4, "tension": tension}),
                     ("b1", 1, "mook", (3, 2), {"split": 1}), FAR], "a1", options=PSI)


def test_the_preview_counts_those_misses_as_misses():
    # 4 attack dice +5 against 3 defence dice +2, Threshold 2.  With 3 tension
    # no raise of a miss both hits and leaves 3, and +3 from -1 is 2, still
    # no wound: every miss stays one.  With 5, a miss of -1 or -2 is raised
    # to a glance with 3 left for the smash; -3 and below are not.
    s = _four_against_three(3)
    order = Attack(0, "a1", "b1", psi=3, smash="weapon")
    assert threshold(s.get("b1")) == 2
    assert preview_order(s, order).no_effect == _miss_chance(s, 0)
    assert attack_preview_of(s, order).chances[0].split() == ["no", "effect", percent(_miss_chance(s, 0))]
    s = _four_against_three(5)
    assert preview_order(s, Attack(0, "a1", "b1", psi=5, smash="weapon")).no_effect == _miss_chance(s, -2)


def test_the_preview_follows_the_engine_die_by_die():
    # Every roll of a1's 1 die against b1's 2, resolved by the engine, with
    # 3 tension and with 5: the preview's no effect and smash are its counts.
    for tension in (3, 5):
        start = attrs.evolve(melee(PSI, a_extra=dict(tension=tension)), counter_used=True)
        none = smash = 0
        rolls = list(itertools.product(range(1, 7), repeat=3))
        for faces in rolls:
            s, ev = do(script(start, *faces), SMASH.format(tension))
            none += results(ev)[0].wounds < 0
            smash += smashed(s)
        p = preview_order(start, Attack(0, "a1", "b1", psi=tension, smash="weapon"))
        assert p.no_effect == Fraction(none, len(rolls))
        assert dict(p.extras)["weapon smashed"] == Fraction(smash, len(rolls))
