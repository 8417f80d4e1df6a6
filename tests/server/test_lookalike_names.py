"""Names that read like another player's or like the game's own words are
refused (a tester took "t52nаnn", with a Cyrillic а, beside the real
"t52nann", and "Computer (easy)" as a person): names are compared by what
they look like (net/lookalike.py), a name keeps to one alphabet, and holds
no brackets nor the words the game shows for a seat.  Names stored before
these rules keep working."""

from __future__ import annotations

import pytest

from net.lookalike import skeleton
from net.serverclient import ServerError


def refusal(client, name: str) -> ServerError:
    with pytest.raises(ServerError) as refused:
        client.set_name(name)
    return refused.value


@pytest.mark.parametrize("name", [
    "t52nann",
    "T52NANN",
    "ｔ52nann",  # fullwidth t
    "ｔ５２ｎａｎｎ",  # every character fullwidth
    "t52nänn",  # an accent is a small mark in a terminal
    "t52nan\u0307n",  # a combining dot
])
def test_a_name_that_reads_like_another_player_s_is_refused(server, name):
    server.client("Ann").set_name("t52nann")
    refused = refusal(server.client("Mallory"), name)
    assert refused.code == "name-taken"
    assert "called t52nann" in str(refused)


@pytest.mark.parametrize("name, alphabets", [
    ("t52nаnn", "Latin and Cyrillic"),  # Cyrillic а
    ("Вob", "Cyrillic and Latin"),  # Cyrillic В
    ("Αnn", "Greek and Latin"),  # Greek Α
    ("bοb", "Latin and Greek"),  # Greek ο
])
def test_a_name_mixing_alphabets_is_refused_in_words_whoever_has_a_name(server, name, alphabets):
    refused = refusal(server.client("Mallory"), name)
    assert refused.code == "bad-name"
    assert str(refused) == (f"That name mixes {alphabets} letters, some of which look alike: "
                               "write a name in one alphabet.")


@pytest.mark.parametrize("name", ["t52nann (2)", "Computer (easy)", "Ann (you)", "Ann ⁽2⁾", "Ann（2）", "Ann ❨2❩"])
def test_a_name_with_the_game_s_own_brackets_is_refused(server, name):
    refused = refusal(server.client("Mallory"), name)
    assert refused.code == "bad-name" and "brackets" in str(refused)


@pytest.mark.parametrize("name", ["Computer", "computer hard", "open", "OPEN", "By Invitation", "someone", "Ореn",
                                  "Player 2", "player1", "PLAYER 12"])
def test_a_name_the_game_shows_for_a_seat_is_refused(server, name):
    refused = refusal(server.client("Mallory"), name)
    assert refused.code == "bad-name"


def test_a_name_with_a_character_that_shows_as_nothing_is_refused(server):
    server.client("Ann").set_name("Ann")
    for name in ("Ann\u3164", "Ann\u2800", "\u115fAnn"):
        assert refusal(server.client("Mallory"), name).code == "bad-name"


def test_a_name_that_only_starts_like_a_seat_s_word_stays_free(server):
    assert server.client("Pia").set_name("Player Two").name == "Player Two"
    assert server.client("Ola").set_name("Players 2").name == "Players 2"


def test_names_in_one_alphabet_and_their_owner_s_own_stay_free(server):
    ann = server.client("Ann")
    assert ann.set_name("ANN").name == "ANN"  # her own, another case
    assert server.client("Cy").set_name("Анна").name == "Анна"  # Cyrillic throughout: reads "Ahha", not "Ann"
    assert server.client("Zed").set_name("Ζωή").name == "Ζωή"
    assert server.client("Eve").set_name("Open Sesame").name == "Open Sesame"
    assert server.client("Comp").set_name("Computerfan").name == "Computerfan"


def test_stored_names_that_now_collide_keep_working(server):
    """Two players stored before the rules with names that read alike keep
    them, see their own games, and a game between them tells them apart."""
    for name in ("Real", "Twin"):  # both known to the store (a guest is stored once it names itself)
        server.client(name).set_name(name)
    server.db.set_name("guest:Real", "t52nann")
    server.db.set_name("guest:Twin", "t52nаnn")  # Cyrillic а, from before the rules
    server.stop()
    server.start()
    assert server.client("Real").me.name == "t52nann" and server.client("Twin").me.name == "t52nаnn"
    assert refusal(server.client("Mallory"), "t52nann").code == "name-taken"
    real = server.client("Real")
    gid, _ = real.create("spheres_of_war", None, ("me", "open"))
    seat = server.client("Twin").join(gid)
    [entry] = [e for e in server.client("Twin").lobby().mine if e.id == gid]
    assert entry.players == ("t52nann (1)", "t52nаnn (2)")
    assert [e.id for e in real.lobby().mine] == [gid]
    seat.stop()


def test_the_skeleton_is_what_a_name_looks_like():
    assert skeleton("ＡＮＮ") == skeleton("Аnn") == skeleton("ann") == "ann"  # fullwidth; Cyrillic А
    assert skeleton("ΗΟΡΕ") == "hope"  # Greek capitals
    assert skeleton("Zoé") == "zoe"
    assert skeleton("Анна") != skeleton("Ann")  # the lower case н is not drawn like n
