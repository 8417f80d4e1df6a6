"""The dice split, its reuse, and counterattacks ("Attack and Defense").

Scores worked out from the roster: a Fighter attacks with blade 2 +
strength 1 + sword 2 = +5 and defends with blade 2 + strength 1 + shield 1 =
+4, Threshold 2 + 1 armour = 3, KO at 4 wounds.  A Mook attacks with
brawling 1 + strength 1 + club 1 = +3, defends with +2, Threshold 2, KO at 3.
"""

import attrs

from core.rulesets.waylights.state import KO
from tests.rulesets.waylights.helpers import do, position, rejected, results, rolls, script

FAR = ("b9", 1, "mook", (9, 9))


def duel(a_split=3, b_split=2, b_kind="mook", b_extra=None, a_kind="fighter", a_extra=None):
    return position([("a1", 0, a_kind, (2, 2), {"split": a_split, **(a_extra or {})}),
                     ("b1", 1, b_kind, (3, 2), {"split": b_split, **(b_extra or {})}), FAR], "a1")


def test_split_is_declared_at_turn_start_with_readable_choices():
    from core.rulesets.waylights import RULESET as R
    s = attrs.evolve(duel(), pending="split")
    assert R.to_act(s) == frozenset({0})
    labels = [R.describe_order(s, o) for o in R.legal_orders(s, 0)]
    assert labels == ["4 attack / 0 defence", "3 attack / 1 defence", "2 attack / 2 defence",
                      "1 attack / 3 defence", "0 attack / 4 defence"]
    assert rejected(s, "move side=0 unit=a1 to=2,3") == "split-first"
    s, _ = do(s, "split side=0 unit=a1 attack=3")
    assert s.get("a1").split == 3 and s.pending == ""


def test_both_attacks_of_a_turn_use_the_attack_dice():
    s = duel(a_split=3)
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    assert s.pending == "response"  # the mook could counter with its club
    s = script(s, 1, 1, 1, 1, 1)
    s, ev = do(s, "defend side=1 unit=b1")
    a, d = rolls(ev)
    assert len(a.faces) == 3 and len(d.faces) == 2
    assert a.total == 3 + 5 and d.total == 2 + 2
    # 8 - 4 = 4: above Threshold 2, not above 4: one wound.
    assert results(ev)[0].margin == 4 and s.get("b1").wounds == 1
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    s = script(s, 2, 2, 2, 1, 1)
    s, ev = do(s, "defend side=1 unit=b1")
    a, d = rolls(ev)
    assert len(a.faces) == 3
    assert ("wounds", -1) in d.modifiers and d.total == 2 + 2 - 1
    # 11 - 3 = 8: above 3 x 2 = 6: three more wounds, KO.
    assert s.get("b1").wounds == 4 and s.get("b1").status == KO


def test_target_that_has_not_acted_declares_its_split_when_first_attacked():
    s = duel(b_extra=dict(split=None, split_round=0))
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    from core.rulesets.waylights import RULESET as R
    assert s.pending == "target-split" and R.to_act(s) == frozenset({1})
    s, _ = do(s, "split side=1 unit=b1 attack=1")
    assert s.get("b1").split == 1 and s.get("b1").split_round == 1 and s.pending == "response"


def test_second_attack_must_go_at_the_same_target():
    s = position([("a1", 0, "fighter", (2, 2), dict(split=4)), ("b1", 1, "mook", (3, 2)),
                  ("b2", 1, "mook", (1, 2))], "a1", counter_used=True)
    s = script(s, 1, 1, 1, 1, 1, 1)
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    assert rejected(s, "attack side=0 unit=a1 target=b2") == "one-target"


def test_counter_uses_defence_dice_and_leaves_zero_for_defence():
    # a1 (Timing 2) attacks 3/1; b1 (Timing 0) has 1/3 and counters with 3 dice.
    s = duel(a_split=3, b_split=1)
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    s = script(s, 1, 1, 1, 1, 1, 1, 1)
    s, ev = do(s, "counter side=1 unit=b1")
    r = rolls(ev)
    assert [len(x.faces) for x in r] == [3, 0, 3, 1]
    assert r[1].total == 2  # defence with no dice: just the +2
    # Attack 8 - 2 = 6 > 2 x 2: two wounds on b1.  Counter 3+3 = 6 - (1+4) = 1: glancing on a1.
    assert s.get("b1").wounds == 2
    assert s.get("a1").wounds == 0 and s.get("a1").glances == 1
    assert s.counter_used
    # Countering a counterattack is not possible: nothing more is pending.
    assert len(results(ev)) == 2 and s.pending == ""


def test_only_one_counter_between_turns():
    s = duel(a_split=3, b_split=1)
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    s = script(s, 1, 1, 1, 1, 1, 1, 1)
    s, _ = do(s, "counter side=1 unit=b1")
    s = script(s, 1, 1, 1, 1, 1, 1)
    s, ev = do(s, "attack side=0 unit=a1 target=b1")
    # No choice offered: the defence is rolled at once.
    assert s.pending == "" and len(results(ev)) == 1
    assert [len(x.faces) for x in rolls(ev)] == [3, 3]
    s2 = attrs.evolve(duel(), pending="response", counter_used=True,
                      attack=__import__("core.rulesets.waylights.state", fromlist=["x"]).PendingAttack("a1", "b1", 0))
    assert rejected(s2, "counter side=1 unit=b1") == "counter-used"


def test_faster_blow_lands_first_and_a_felled_counter_is_lost():
    # b1 already has 2 wounds of 3; a1's hit KOs it before its slower counter lands.
    s = duel(a_split=3, b_split=1, b_extra=dict(wounds=2))
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    s = script(s, 6, 6, 6, 6, 6, 6, 6)
    s, ev = do(s, "counter side=1 unit=b1")
    assert s.get("b1").status == KO
    assert s.get("a1").wounds == 0


def test_equal_timing_melee_blows_are_simultaneous():
    # Two Fighters (Timing 2 each) fell each other at the same moment.
    s = position([("a1", 0, "fighter", (2, 2), dict(wounds=3)), ("b1", 1, "fighter", (3, 2), dict(wounds=3))], "a1")
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    s = script(s, 6, 6, 6, 6, 1)
    s, ev = do(s, "counter side=1 unit=b1")
    assert s.get("a1").status == KO and s.get("b1").status == KO
    assert s.phase == "over" and s.winner is None


def test_no_counter_out_of_reach_without_ammo_or_unprimed():
    # An archer shoots a Fighter five cells away: the sword cannot answer.
    s = position([("a1", 0, "archer", (2, 2), dict(split=2)), ("b1", 1, "fighter", (2, 7)), FAR], "a1")
    s = script(s, 1, 1, 1, 1)
    s, ev = do(s, "attack side=0 unit=a1 target=b1")
    assert s.pending == "" and len(results(ev)) == 1
    for extra in (dict(primed=(False, False), ammo=(0, 0)), dict(primed=(False, False), ammo=(3, 0))):
        s = position([("a1", 0, "archer", (2, 2)), ("b1", 1, "archer", (2, 7), extra), FAR], "a1")
        s = script(s, 1, 1, 1, 1)
        s, ev = do(s, "attack side=0 unit=a1 target=b1")
        assert s.pending == "" and len(results(ev)) == 1


def test_ranged_counter_is_rolled_after_the_attack_lands():
    s = position([("a1", 0, "archer", (2, 2), dict(split=2)), ("b1", 1, "archer", (2, 7), dict(split=2)),
                  FAR], "a1")
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    assert s.pending == "response"
    # Attack 6+6 + 5 = 17 vs 0 dice + 3: 14 > 4 x 3: four wounds, KO: no counter.
    s = script(s, 6, 6)
    s, ev = do(s, "counter side=1 unit=b1")
    assert s.get("b1").status == KO and len(results(ev)) == 1
    s = position([("a1", 0, "archer", (2, 2), dict(split=2)), ("b1", 1, "archer", (2, 7), dict(split=2)),
                  FAR], "a1")
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    # Attack 1+1+5 = 7 - 3 = 4: one wound.  Counter 2 dice 1,1 + 5 - 1 wound = 6 vs 1+1+3 = 5: glancing.
    s = script(s, 1, 1, 1, 1, 1, 1)
    s, ev = do(s, "counter side=1 unit=b1")
    r = rolls(ev)
    assert s.get("b1").wounds == 1 and ("wounds", -1) in r[2].modifiers
    assert s.get("a1").glances == 1
    assert s.get("b1").primed == (False, False)
