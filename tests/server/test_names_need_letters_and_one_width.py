"""A name with nothing to read it by ("!!!", symbols alone) is refused, as
docs/server.md says; so is one holding characters that terminals draw at
different widths ("⚔️🐉": the variation selector VS16 makes "⚔" two cells
wide in some terminals only, and every line showing it got a doubled
right border).  A name given on first sight (a guest's, an account's) has
those characters taken out instead: nobody chose it to be refused."""

from __future__ import annotations

import pytest

from net.names import NameRefused, chosen_name, first_name
from net.serverclient import ServerError

NO_LETTER = "A name needs at least one letter or digit."


@pytest.mark.parametrize("name", ["!!!", "⚔🐉", "-- * --", "🐉"])
def test_a_name_with_no_letter_or_digit_is_refused(name):
    with pytest.raises(NameRefused) as refused:
        chosen_name({}, "guest:me", name)
    assert (refused.value.code, refused.value.message) == ("bad-name", NO_LETTER)


@pytest.mark.parametrize("name", [
    "Ann\u2694\ufe0f",  # a crossed-swords symbol with VS16 (emoji presentation)
    "Ann\ufe0e",  # VS15 (text presentation)
    "Ann\U0001F44D\U0001F3FB",  # a thumbs-up with a skin tone
    "Ann\U0001F1EB\U0001F1F7",  # a flag: two regional indicators
    "Ann1\ufe0f\u20e3",  # a keycap: VS16 and an enclosing mark
])
def test_a_name_with_characters_of_uncertain_width_is_refused_with_the_reason(name):
    with pytest.raises(NameRefused) as refused:
        chosen_name({}, "guest:me", name)
    assert refused.value.code == "bad-name"
    assert "different widths" in refused.value.message


def test_letters_and_one_width_symbols_are_still_a_name():
    assert chosen_name({}, "guest:me", "Ann the Bold") == "Ann the Bold"
    assert chosen_name({}, "guest:me", "Ann🐉") == "Ann🐉"  # a wide emoji alone is two cells everywhere
    assert chosen_name({}, "guest:me", "Zoë 2") == "Zoë 2"


def test_the_server_refuses_them_in_words(server):
    ann = server.client("Ann")
    for name, words in (("!!!", NO_LETTER), ("⚔️🐉", "different widths"), ("Ann⚔️", "different widths")):
        with pytest.raises(ServerError) as refused:
            ann.set_name(name)
        assert refused.value.code == "bad-name" and words in str(refused.value)
    assert server.client("Ann").me.name == "Ann"  # unchanged


def test_a_first_name_loses_the_characters_of_uncertain_width():
    assert first_name({}, "guest:x", "Bo\u2694\ufe0f") == "Bo\u2694"
    assert first_name({}, "guest:x", "\ufe0f") == "Player"
