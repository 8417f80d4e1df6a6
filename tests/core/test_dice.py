from collections import Counter

import pytest

from core.dice import Dice, ScriptError, roll, splitmix64


def test_generator_matches_published_splitmix64_vectors():
    # Reference outputs of splitmix64 started from state 0 (Vigna's splitmix64.c).
    assert splitmix64(0) == 0xE220A8397B1DCDAF
    assert splitmix64(0x9E3779B97F4A7C15) == 0x6E789E6AA1B965F4
    assert splitmix64(2 * 0x9E3779B97F4A7C15 % 2**64) == 0x06C45D188009454F


def test_fixed_seed_gives_pinned_faces():
    # Pinned so that any change to the generator, on any Python, is caught.
    _, faces = Dice(42).faces(10, 6)
    assert faces == (3, 2, 2, 2, 1, 6, 2, 4, 4, 4)
    _, d20 = Dice(7).faces(5, 20)
    assert d20 == Dice(7).faces(5, 20)[1]


def test_rolling_does_not_change_the_original_and_advances_the_count():
    dice = Dice(1)
    after, first = dice.face(6)
    assert dice.draws == 0 and after.draws == 1
    assert dice.face(6) == (after, first)  # same state, same number


def test_faces_are_uniform_over_many_draws():
    _, faces = Dice(99).faces(6000, 6)
    counts = Counter(faces)
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 < n < 1150 for n in counts.values())


def test_script_comes_first_then_the_generator():
    dice = Dice(42).scripted(6, 6)
    dice, faces = dice.faces(3, 6)
    assert faces[:2] == (6, 6)
    assert faces[2] == Dice(42, draws=2).face(6)[1]


def test_a_scripted_face_too_big_for_the_die_is_a_broken_test():
    with pytest.raises(ScriptError):
        Dice(0).scripted(7).face(6)


def test_roll_describes_itself():
    _, event = roll(Dice(0).scripted(4, 2), 2, 6, "attack", (("skill", 3), ("wounds", -1)), who="Ana")
    assert event.faces == (4, 2) and event.total == 8
    assert event.breakdown == "4+2, +3 skill, -1 wounds"
    assert event.sentence == "Ana rolls 2d6 for attack: 4+2, +3 skill, -1 wounds = 8"  # 6 + 3 - 1
