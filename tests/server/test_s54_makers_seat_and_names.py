"""A tester's two defects of the server (the referee of truth):

- a game its maker did not sit at (the computer against itself: seats
  ["easy", "hard"]) could never be stopped: ``withdraw`` said it had begun,
  ``sit role=player`` that they held no seat, and it held one of their three
  places with the computer, thinking with nobody at it.  A game's maker now
  sits at one of its sides, or ``create`` is refused in words;
- a name with control characters in it was taken with them cut out
  ("Eve\\nBob" became "EveBob") where docs/server.md says names are refused,
  never cut: it is refused, saying why.
"""

from __future__ import annotations

import pytest

from net import caps
from net.serverclient import ServerError


@pytest.mark.parametrize("seats", [("easy", "hard"), ("normal", "normal"), ("open", "easy"),
                                   ("invite", "hard"), ("open", "open"), ("open", "invite")])
def test_a_game_its_maker_does_not_sit_at_is_refused_in_words(server, seats):
    ann = server.client("Ann")
    with pytest.raises(ServerError) as refused:
        ann.create("spheres_of_war", None, seats)
    assert refused.value.code == "bad-seats"
    assert 'choose "me" for the side you play' in str(refused.value)
    assert "ends only by its players" in str(refused.value)  # why, in words
    assert server.referee.live == {} and server.db.games(("open", "playing", "over")) == []
    lobby = ann.lobby()
    assert (lobby.mine, lobby.open, lobby.live) == ((), (), ())


def test_refused_games_take_none_of_the_makers_places_with_the_computer(server):
    ann = server.client("Ann")
    for _ in range(caps.MAX_COMPUTER_PER_PLAYER):
        with pytest.raises(ServerError):
            ann.create("spheres_of_war", None, ("easy", "hard"))
    made = [ann.create("spheres_of_war", None, ("me", "easy"))[0] for _ in range(caps.MAX_COMPUTER_PER_PLAYER)]
    assert [game.id for game in ann.lobby().mine] != [] and len(made) == caps.MAX_COMPUTER_PER_PLAYER
    for gid in made:  # each is hers to play, and so to end
        seat = ann.resume(gid)
        assert seat.side == 0
        seat.stop()


@pytest.mark.parametrize("name", ["Eve\nBob", "Eve\x1b[31m", "Eve\tBob", "Eve\rBob", "\x07Eve", "Eve\x7f",
                                  "Eve\x9bBob"])
def test_a_name_with_a_control_character_is_refused_never_cut(server, name):
    eve = server.client("Eve")
    eve.set_name("Eve")  # in the store (a guest is stored once it names itself)
    with pytest.raises(ServerError) as refused:
        eve.set_name(name)
    assert refused.value.code == "bad-name"
    assert "control character" in str(refused.value)
    assert server.client("Eve").me.name == "Eve"  # unchanged, in the store too
    assert server.db.names().get("guest:Eve") == "Eve"


@pytest.mark.parametrize("name", ["Eve\u200bBob", "Eve\u00a0Bob", "Eve\u2028Bob", "\u2060Eve", "Eve\ufeff"])
def test_a_name_with_a_character_that_does_not_show_is_refused_never_cut(server, name):
    eve = server.client("Eve")
    with pytest.raises(ServerError) as refused:
        eve.set_name(name)
    assert refused.value.code == "bad-name"
    assert "shows as nothing" in str(refused.value)
    assert server.client("Eve").me.name == "Eve"


def test_a_name_of_characters_that_show_is_still_taken_without_the_spaces_around_it(server):
    assert server.client("Eve").set_name("  Eve Bob [31m ").name == "Eve Bob [31m"


def test_withdrawing_a_begun_game_its_maker_does_not_sit_at_does_not_send_them_to_its_screen(server):
    """A store may hold such a game from before makers had to sit: withdraw
    said "give it up from its screen (q, then c)", a screen they could not
    open as a player."""
    ann = server.client("Ann")
    gid, _ = ann.create("spheres_of_war", None, ("me", "easy"))
    server.referee.live[gid].fillers = ("easy", "easy")  # as a game of two computers made before
    with pytest.raises(ServerError) as refused:
        ann.withdraw(gid)
    assert refused.value.code == "begun"
    assert "q, then c" not in str(refused.value) and "you do not sit at it" in str(refused.value)
