"""Every attack, counterattack and shot has its own line in the log before
its cover roll and its dice ("Attack and Defense": the target is named
first, then the dice are rolled), whatever order the splits were declared
in.  Scripted dice; the numbers are worked by hand from the roster."""

import attrs

from core.events import Rolled
from core.explain import explain
from core.rulesets.waylights.events import AttackDeclared
from tests.rulesets.waylights.helpers import R, do, position, script


def sentences(events) -> list[str]:
    return [e.sentence for e in events]


def first_roll(events) -> int:
    return next(i for i, e in enumerate(events) if isinstance(e, Rolled))


def melee(**b1):
    # Fighter a1 (sword) beside Mook b1 (club); a1's turn.
    return position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "mook", (3, 2), b1)], "a1")


def test_melee_attack_on_a_target_split_before_it_is_announced_before_its_dice():
    s = script(attrs.evolve(melee(), counter_used=True), 1, 1, 1, 1)
    s, ev = do(s, "attack side=0 unit=a1 target=b1")
    # a1: 1+1, blade 2, strength 1, sword 2 = 7; b1 keeps its 2/2: 1+1,
    # brawling 1, strength 1 = 4; 3 is above Threshold 2 once: one wound.
    assert sentences(ev) == [
        "a1 attacks b1 with the sword.",
        "a1 rolls 2d6 for attack on b1: 1+1, +2 blade skill, +1 strength, +2 sword = 7",
        "b1 rolls 2d6 for defence against a1: 1+1, +1 brawling skill, +1 strength = 4",
        "a1's attack on b1: 7 - 4 = 3, above 1 x Threshold 2 = 2: one wound",
        "a1 strikes at b1: 1 wound, 1 in all (knocked out at 3)",
    ]


def test_melee_attack_on_a_target_yet_to_split_is_announced_before_the_split_and_the_dice():
    s = script(attrs.evolve(melee(split=None), counter_used=True), 1, 1, 1, 1)
    s, ev = do(s, "attack side=0 unit=a1 target=b1")
    assert sentences(ev) == ["a1 attacks b1 with the sword."] and s.pending == "target-split"
    s, ev = do(s, "split side=1 unit=b1 attack=2")
    assert ev[0].sentence == "b1 splits its dice: 2 attack / 2 defence." and first_roll(ev) == 1


def test_a_melee_counter_is_announced_before_any_dice_of_the_exchange():
    s = script(melee(), 1, 1, 1, 1, 1, 1)
    s, ev = do(s, "attack side=0 unit=a1 target=b1")
    assert sentences(ev) == ["a1 attacks b1 with the sword."] and s.pending == "response"
    s, ev = do(s, "counter side=1 unit=b1")
    # The attack meets 0 defence dice: 7 - (brawling 1 + strength 1) = 5,
    # above 2 x Threshold 2: two wounds.  The counter rolls b1's 2 defence
    # dice: 1+1 +1 +1 +1 club = 5 against a1's 1+1, blade 2, strength 1,
    # shield 1 = 6: -1, defended.  a1's Timing 2 beats b1's 0, so its blow
    # lands first; b1 (KO at 3) stands, so its own blow lands too.
    assert sentences(ev) == [
        "b1 counterattacks a1 with the club, defending with 0 dice.",
        "a1 rolls 2d6 for attack on b1: 1+1, +2 blade skill, +1 strength, +2 sword = 7",
        "b1 rolls 0d6 for defence against a1: no dice, +1 brawling skill, +1 strength = 2",
        "a1's attack on b1: 7 - 2 = 5, above 2 x Threshold 2 = 4: 2 wounds",
        "b1 rolls 2d6 for counterattack on a1: 1+1, +1 brawling skill, +1 strength, +1 club = 5",
        "a1 rolls 2d6 for defence against b1: 1+1, +2 blade skill, +1 strength, +1 shield = 6",
        "b1's counterattack on a1: 5 - 6 = -1, below zero: defended, no effect",
        "a1 strikes at b1: 2 wounds, 2 in all (knocked out at 3)",
    ]
    assert ev[0] == AttackDeclared("b1", "a1", "club", counter=True)


def test_a_ranged_counter_is_announced_before_its_cover_roll():
    # Archers face to face down column 2; a low wall (medium cover) beside
    # a1 on the line of fire.  a1 fired this turn: one level less, light.
    rows = ["." * 10] * 10
    rows[3] = "..=......."
    s = position([("a1", 0, "archer", (2, 2)), ("b1", 1, "archer", (2, 7))], "a1", rows=rows)
    s = script(s, 1, 1, 3, 1, 1, 3, 1)
    s, ev = do(s, "attack side=0 unit=a1 target=b1")
    assert sentences(ev) == ["a1 attacks b1 with the pneumatic."] and s.pending == "response"
    s, ev = do(s, "counter side=1 unit=b1")
    # Attack: 1+1, launcher 2, focus 1, pneumatic 2 = 7 against 0 dice,
    # launcher 2, focus 1 = 3: 4 is above Threshold 3 once, one wound.  The
    # counter: the d6 3 is above light cover's 1-2, so it is rolled: 1+1,
    # launcher 2, focus 1, its new wound -1, pneumatic 2 = 6 against a1's
    # 3+1 +2 +1 = 7: -1, defended.
    assert sentences(ev) == [
        "b1 counterattacks a1 with the pneumatic, defending with 0 dice.",
        "a1 rolls 2d6 for attack on b1: 1+1, +2 launcher skill, +1 focus, +2 pneumatic = 7",
        "b1 rolls 0d6 for defence against a1: no dice, +2 launcher skill, +1 focus = 3",
        "a1's attack on b1: 7 - 3 = 4, above 1 x Threshold 3 = 3: one wound",
        "a1 strikes at b1: 1 wound, 1 in all (knocked out at 4)",
        "a1 rolls 1d6 for cover against b1 (avoided on 2 or less): 3",
        "a1 in light cover against b1: d6 shows 3, the shot goes through",
        "b1 rolls 2d6 for counterattack on a1: 1+1, +2 launcher skill, +1 focus, -1 wounds, +2 pneumatic = 6",
        "a1 rolls 2d6 for defence against b1: 3+1, +2 launcher skill, +1 focus = 7",
        "b1's counterattack on a1: 6 - 7 = -1, below zero: defended, no effect",
    ]


def test_a_suppression_shot_is_announced_before_its_cover_roll_and_dice():
    # b1 is suppressed by archer a1 and moves in its own turn: a free shot.
    rows = ["." * 10] * 10
    rows[6] = "...=......"  # a low wall beside b1's new cell: medium, light once it moved
    s = position([("a1", 0, "archer", (2, 2)), ("b1", 1, "fighter", (2, 7), dict(suppressed_by="a1"))], "b1",
                 rows=rows)
    s = script(s, 3, 1, 1, 1, 1)
    s, ev = do(s, "step side=1 unit=b1 to=3,7")
    # The shot: 1+1, launcher 2, focus 1, pneumatic 2 = 7 against b1's 2/2:
    # 1+1, blade 2, strength 1, shield 1 = 6; 1 is a glancing hit.
    assert sentences(ev) == [
        "b1 steps from 2,7 to 3,7",
        "b1 moves under suppression: a1 takes a free shot.",
        "b1 rolls 1d6 for cover against a1 (avoided on 2 or less): 3",
        "b1 in light cover against a1: d6 shows 3, the shot goes through",
        "a1 rolls 2d6 for attack on b1: 1+1, +2 launcher skill, +1 focus, +2 pneumatic = 7",
        "b1 rolls 2d6 for defence against a1: 1+1, +2 blade skill, +1 strength, +1 shield = 6",
        "a1's attack on b1: 7 - 6 = 1, not above Threshold 3: a glancing hit",
    ]


def test_why_on_a_counter_line_cites_attack_and_defense():
    s = script(melee(), 1, 1, 1, 1, 1, 1)
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    _, ev = do(s, "counter side=1 unit=b1")
    why = explain(R, ev, 0)
    assert why.cite == "Attack and Defense"
    assert any("0 defence dice" in line for line in why.lines)


# -- the shot's own line before its cover roll: made in rules._apply_turn ----


def shot_in_cover():
    # Archer a1 shoots Fighter b1 (split 2/2 already) behind brush: light cover.
    rows = ["." * 10] * 10
    rows[6] = "..,......."
    return attrs.evolve(position([("a1", 0, "archer", (2, 2)), ("b1", 1, "fighter", (2, 7))], "a1", rows=rows),
                        counter_used=True)


def test_a_shot_is_announced_before_its_cover_roll():
    s, ev = do(script(shot_in_cover(), 3, 1, 1, 1, 1), "attack side=0 unit=a1 target=b1")
    # 1+1, launcher 2, focus 1, pneumatic 2 = 7 against 1+1, blade 2,
    # strength 1, shield 1 = 6: 1, not above Threshold 3, a glancing hit.
    assert sentences(ev) == [
        "a1 attacks b1 with the pneumatic.",
        "b1 rolls 1d6 for cover against a1 (avoided on 2 or less): 3",
        "b1 in light cover against a1: d6 shows 3, the shot goes through",
        "a1 rolls 2d6 for attack on b1: 1+1, +2 launcher skill, +1 focus, +2 pneumatic = 7",
        "b1 rolls 2d6 for defence against a1: 1+1, +2 blade skill, +1 strength, +1 shield = 6",
        "a1's attack on b1: 7 - 6 = 1, not above Threshold 3: a glancing hit",
    ]


def test_a_shot_the_cover_avoids_is_announced_all_the_same():
    s, ev = do(script(shot_in_cover(), 2), "attack side=0 unit=a1 target=b1")
    assert sentences(ev) == [
        "a1 attacks b1 with the pneumatic.",
        "b1 rolls 1d6 for cover against a1 (avoided on 2 or less): 2",
        "b1 in light cover against a1: d6 shows 2, the shot is avoided",
    ]


def test_a_counter_that_names_an_effect_says_so_in_its_line():
    # A tester's "Counter, suppress (for 1 wound)" was logged as a plain
    # counter; the attack's own line names what it buys.
    from core.rulesets.waylights.orders import Counter
    from core.rulesets.waylights.state import WaylightsOptions
    s = position([("a1", 0, "fighter", (2, 2)), ("b1", 1, "mook", (3, 2))], "a1",
                 options=WaylightsOptions(alternate_damage=True))
    s = script(s, 1, 1, 1, 1, 1, 1)
    s, _ = do(s, "attack side=0 unit=a1 target=b1")
    named = [o for o in R.legal_orders(s, 1) if isinstance(o, Counter) and o.effect]
    assert named
    s, ev = R.apply(s, named[0])
    assert ev[0].sentence == (f"b1 counterattacks a1 with the club, buying {named[0].effect} with its hit, "
                              "defending with 0 dice.")
