"""A roll's log line gives the dice first and the total last, after "=":
a tester read "b3 rolls 1d20 for spell attack on a2: 1 [3 -2 Range: ...]"
as a natural 1, where the die showed 3 and 1 was the total."""

from core.dice import Dice, roll
from core.events import Rolled


def test_one_die_with_nothing_added_is_its_own_total():
    _, event = roll(Dice(0).scripted(5), 1, 6, "a2's guard (even: the guard is hit)", who="a2")
    assert event.sentence == "a2 rolls 1d6 for a2's guard (even: the guard is hit): 5"


def test_a_modified_die_shows_the_face_then_the_modifier_then_the_total():
    # The tester's line: the d20 showed 3, -2 for the 2nd Range increment: 1.
    _, event = roll(Dice(0).scripted(3), 1, 20, "spell attack on a2",
                    (("Range: 45 ft, increment 2 of 30 ft", -2),), who="b3")
    assert event.total == 1
    assert event.sentence == "b3 rolls 1d20 for spell attack on a2: 3, -2 Range (45 ft, increment 2 of 30 ft) = 1"


def test_several_dice_are_added_before_the_modifiers():
    # 1 + 1 = 2 on the dice, + 2 + 1 + 2 = 7 (the Waylights attack of tests/rulesets/waylights).
    _, event = roll(Dice(0).scripted(1, 1), 2, 6, "attack on b1",
                    (("blade skill", 2), ("strength", 1), ("sword", 2)), who="a1")
    assert event.total == 7
    assert event.sentence == "a1 rolls 2d6 for attack on b1: 1+1, +2 blade skill, +1 strength, +2 sword = 7"


def test_several_dice_with_nothing_added_still_give_their_sum():
    _, event = roll(Dice(0).scripted(6, 5), 2, 6, "defence against b1", who="a1")
    assert event.sentence == "a1 rolls 2d6 for defence against b1: 6+5 = 11"


def test_no_dice_leaves_the_modifiers_alone():
    # Waylights: every die put into attack, none left to defend: 0 + 1 + 1 = 2.
    _, event = roll(Dice(0), 0, 6, "defence against a1", (("brawling skill", 1), ("strength", 1)), who="b1")
    assert event.total == 2
    assert event.sentence == "b1 rolls 0d6 for defence against a1: no dice, +1 brawling skill, +1 strength = 2"


def test_a_die_wanted_low_reads_the_same_its_purpose_says_what_wins():
    _, event = roll(Dice(0).scripted(2), 1, 4, "armour protects limbs 2", who="a1", low_is_good=True)
    assert event.sentence == "a1 rolls 1d4 for armour protects limbs 2: 2"


def test_a_label_with_its_own_commas_is_kept_apart_from_the_next_modifier():
    # 17 + 3 - 1 + 0 = 19: the Favor's two reasons stay inside its brackets.
    event = Rolled("1d20", (17,), (("Favor: b1 is prone, b1 is Dazed", 3), ("Wounds", -1),
                                   ("Range: 10 ft, within 30 ft", 0)), 19, "ranged attack on b1", who="a2")
    assert event.sentence == ("a2 rolls 1d20 for ranged attack on b1: 17, +3 Favor (b1 is prone, b1 is Dazed), "
                              "-1 Wounds, +0 Range (10 ft, within 30 ft) = 19")
