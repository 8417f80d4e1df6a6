"""A refusal that begins with a figure's id keeps the id as the board shows
it (a tester saw "a3 cannot attack b3: A3 cannot see b3."); one that begins
with an ordinary word is still a sentence with a capital."""

from tests.rulesets.waylights.helpers import R, position


def message(state, text: str) -> str:
    why = R.check(state, R.parse_order(text))
    assert why is not None and why.code == "out-of-reach", why
    return why.message


WALL = ["..........", "..........", "..........", "..........", "##########",
        "..........", "..........", "..........", "..........", ".........."]


def test_an_id_at_the_start_of_a_reach_refusal_stays_lower_case():
    # The pistol's range is 6: b3 is 7 cells away, in the open.
    s = position([("a3", 0, "thug", (2, 0), {"primed": (True, False)}), ("b3", 1, "mook", (2, 7))], "a3")
    assert message(s, "attack side=0 unit=a3 target=b3") == "b3 is beyond the pistol's range of 6."
    # A wall across the field hides b3 from a3.
    s = position([("a3", 0, "thug", (2, 2), {"primed": (True, False)}), ("b3", 1, "mook", (2, 6))], "a3",
                 rows=WALL)
    assert message(s, "attack side=0 unit=a3 target=b3") == "a3 cannot see b3."


def test_a_reach_refusal_beginning_with_a_word_has_its_capital():
    s = position([("a3", 0, "mook", (2, 2)), ("b3", 1, "mook", (3, 3))], "a3")
    assert message(s, "attack side=0 unit=a3 target=b3") == \
        "The club only reaches the four cells beside a3, not diagonally."
