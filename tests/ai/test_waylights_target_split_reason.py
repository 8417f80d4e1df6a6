"""Waylights: the computer's figure attacked before its first turn
declares its split then ("Attack and Defense"), and the computer gives a
reason for it like any other order: the defence dice it keeps against
the attacker's dice and the chance to be wounded (a tester saw no reason
line for one; the computer had given it, and the save kept it).

The chance is worked by hand: the archer's pneumatic against a mook:
attack = the dice + launcher 2 + Focus 1 + pneumatic 2; defence = the
dice + brawling 1 + Strength 1 (club, no shield, no armour); Threshold 2.
A wound needs attack - defence above 2: A + 5 - (D + 2) > 2, A >= D.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from core.ai import choose
from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.orders import Attack, Split
from tests.rulesets.waylights.helpers import position


def wounded(attack_dice: int, defence_dice: int) -> Fraction:
    wins = total = 0
    for a in itertools.product(range(1, 7), repeat=attack_dice):
        for d in itertools.product(range(1, 7), repeat=defence_dice):
            total += 1
            wins += sum(a) >= sum(d)
    return Fraction(wins, total)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_split_declared_when_attacked_has_its_reason(level):
    # The archer (3 attack dice) shoots the mook in the open: no cover roll.
    state = position([("a3", 0, "archer", (2, 2), {"split": 3}), ("b2", 1, "mook", (2, 8), {"split": None})], "a3")
    state, _ = R.apply(state, Attack(0, "a3", "b2"))
    assert state.pending == "target-split" and R.legal_orders(state, 1)
    c = choose(R, R.view(state, 1), 1, R.legal_orders(state, 1), level, 0)
    assert isinstance(c.order, Split) and c.order.unit == "b2"
    kept = 4 - c.order.attack
    assert c.reason.endswith(f"keeps {kept} to defend v 3: {float(wounded(3, kept)):.0%} to be wounded"), c.reason
    assert f"{float(wounded(3, 4)):.0%}" == "26%"  # the tester's b2, on 0/4 against a3's three dice
