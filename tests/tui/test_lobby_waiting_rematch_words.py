"""A rematch not begun waits for the player who did not ask for it
(docs/rulings.md, *Leaving a server game*; the server's words for it:
"rematch: waiting for Bob" to its maker, "rematch: Ann waits for you" to
the other).  The lobby says so in its own words too: its row never says
"waiting for an opponent"; its maker's waiting screen names the player it
waits for; ``x`` by the player it waits for says whose it is to withdraw
before asking (the server would refuse it), and what they may do instead.
Real server, real client, the lobby at 80x24, keys only."""

from __future__ import annotations

import random

from textual.widgets import OptionList

from core.orders import Concede
from core.ruleset import Rejection
from net.lobby_entries import GameEntry
from net.serverclient import ServerClient
from tests.server.helpers import play_random, wait_until
from tests.tui.test_lobby import SIZE, listed, real_server, settle
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.lobby import LobbyScreen
from tui.lobby_seat import WaitScreen
from tui.modals import Confirm


def finished_then_rematch(server, maker: str = "Ann", other: str = "Bob") -> tuple[str, str]:
    """``maker`` (side 0) and ``other`` end a game (``other`` concedes) and
    leave it; ``maker`` asks for the rematch: the finished game's id, and
    the rematch's, which waits for ``other``."""
    ann, bob = server.client(maker), server.client(other)
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    hers, his = ann.resume(gid), bob.join(gid)
    assert wait_until(lambda: hers.status == "playing" and his.status == "playing")
    play_random([hers], random.Random(3), until=lambda: hers.to_act() == frozenset({1}))
    assert not isinstance(his.submit(Concede(1), wait=5), Rejection)
    assert wait_until(lambda: hers.outcome() is not None and his.outcome() is not None)
    hers.stop()
    his.stop()
    return gid, ann.rematch(gid)


async def lobby_of(pilot, server, name: str, gid: str) -> LobbyScreen:
    """``name``'s lobby on the real ``server``, the game ``gid`` of theirs highlighted."""
    lobby = LobbyScreen(lambda: ServerClient.connect(server.socket, f"guest:{name}"))
    pilot.app.push_screen(lobby)
    await settle(pilot, lambda: lobby.lobby is not None and any(e.id == gid for e in lobby.lobby.mine), 15)
    listing = lobby.query_one(OptionList)
    listing.highlighted = next(i for i in range(listing.option_count)
                               if listing.get_option_at_index(i).id == f"mine-{gid}")
    return lobby


def row_of(lobby: LobbyScreen, gid: str) -> str:
    return next(line for line in listed(lobby) if line.startswith(f"#{gid} "))


def status(lobby: LobbyScreen) -> str:
    return str(lobby.query_one("#status").render())


async def test_each_players_row_says_whom_the_rematch_waits_for_not_an_opponent():
    with real_server() as server:
        _old, again = finished_then_rematch(server)
        open_game, _ = server.client("Ann").create("waylights", None, ("me", "open"))
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            anns = await lobby_of(pilot, server, "Ann", again)
            row = row_of(anns, again)
            assert "rematch: waiting for Bob" in row and "Bob v Ann (you)" in row  # sides swapped
            assert "waiting for an opponent" not in row
            assert "waiting for an opponent" in row_of(anns, open_game)  # an open game still waits for anyone
            anns.dismiss(None)
            bobs = await lobby_of(pilot, server, "Bob", again)
            row = row_of(bobs, again)
            assert "rematch: Ann waits for you" in row and "waiting for an opponent" not in row


async def test_the_makers_waiting_screen_names_whom_it_waits_for_and_the_other_begins_it():
    with real_server() as server:
        _old, again = finished_then_rematch(server)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            await lobby_of(pilot, server, "Ann", again)
            await pilot.press("enter")
            await settle(pilot, lambda: isinstance(app.screen, WaitScreen), 15)
            words = str(app.screen.query_one("Static").render())
            assert "waits for Bob: it begins when Bob comes to it" in words
            assert "opponent" not in words and "sits down" not in words
            # Bob opens it from his lobby (another terminal): it begins, as the screen said.
            bobs = server.client("Bob").resume(again)
            await settle(pilot, lambda: isinstance(app.screen, GameScreen), 15)
            assert bobs.status == "playing"
            bobs.stop()


async def test_the_player_it_waits_for_opens_it_and_it_simply_begins():
    with real_server() as server:
        _old, again = finished_then_rematch(server)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            await lobby_of(pilot, server, "Bob", again)
            await pilot.press("enter")
            await settle(pilot, lambda: isinstance(app.screen, GameScreen), 15)
            assert not any(isinstance(s, WaitScreen) for s in app.screen_stack)
            assert server.referee.live[again].match is not None


async def test_x_by_the_player_it_waits_for_says_whose_it_is_before_asking():
    with real_server() as server:
        # A maker's name longer than the server's words hold ("rematch: Annabella-Rosem waits for you").
        _old, again = finished_then_rematch(server, maker="Annabella-Rosemary")
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await lobby_of(pilot, server, "Bob", again)
            await pilot.press("x")
            await pilot.pause(0.2)
            assert not isinstance(app.screen, Confirm)  # nothing asked that the server would refuse
            said = " ".join(status(lobby).split())
            assert "Annabella-Rosemary made this rematch and waits for you" in said
            assert "Enter takes your seat and it begins" in said and "does not begin without you" in said
            assert server.db.game(again)["state"] == "open"
            await pilot.press("enter")  # what it said: Enter takes the seat, and it begins
            await settle(pilot, lambda: isinstance(app.screen, GameScreen), 15)
            assert server.referee.live[again].match is not None


async def test_x_refused_by_the_server_for_a_row_that_does_not_say_who_made_it_says_what_to_do(monkeypatch):
    # A server whose list does not mark such a game (one older than the
    # field): the lobby cannot know who made it, asks, and the server's
    # refusal is shown as it is.
    monkeypatch.setattr("net.lobby_entries._following", lambda _what: "")
    with real_server() as server:
        _old, again = finished_then_rematch(server)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await lobby_of(pilot, server, "Bob", again)
            await pilot.press("x")
            await settle(pilot, lambda: isinstance(app.screen, Confirm))
            await pilot.press("y")
            await settle(pilot, lambda: "Refused" in status(lobby), 15)
            said = " ".join(status(lobby).split())
            assert "Refused: Only the player who made a game may withdraw it." in said
            assert "Enter takes your seat and it begins" in said and "does not begin without you" in said
            assert server.db.game(again)["state"] == "open"


async def test_x_by_the_maker_asks_in_the_words_of_a_rematch_and_withdraws_it():
    with real_server() as server:
        _old, again = finished_then_rematch(server)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await lobby_of(pilot, server, "Ann", again)
            await pilot.press("x")
            await settle(pilot, lambda: isinstance(app.screen, Confirm))
            question = str(app.screen.question)
            assert "Bob has not come to it yet" in question and "Nobody has joined" not in question
            await pilot.press("y")
            await settle(pilot, lambda: all(e.id != again for e in lobby.lobby.mine), 15)
            assert server.db.game(again) is None


async def test_w_on_a_waiting_rematch_says_whom_it_waits_for():
    with real_server() as server:
        _old, again = finished_then_rematch(server)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            anns = await lobby_of(pilot, server, "Ann", again)
            await pilot.press("w")
            said = " ".join(status(anns).split())
            assert "rematch: waiting for Bob" in said and "waiting for an opponent" not in said
            anns.dismiss(None)
            bobs = await lobby_of(pilot, server, "Bob", again)
            await pilot.press("w")
            said = " ".join(status(bobs).split())
            assert "rematch: Ann waits for you" in said and "Enter takes your seat, and it begins" in said


def test_the_maker_of_a_waiting_game_is_read_from_the_servers_field_not_its_words():
    from tui.lobby_words import awaited_by

    def entry(turn: str, awaits: str = "", you: int = 1, state: str = "open") -> GameEntry:
        return GameEntry("g1", "spheres_of_war", "", ("Annabella-Rosemary", "Bob"), "", state, you=you, turn=turn,
                         awaits_you=awaits)

    # the server cuts a long name in its words; the field names the whole player
    assert awaited_by(entry("rematch: Annabella-Rosem waits for you", "rematch")) == ("rematch", "Annabella-Rosemary")
    assert awaited_by(entry("battle: Annabella-Rosem waits for you", "battle")) == ("battle", "Annabella-Rosemary")
    assert awaited_by(entry("rematch: waiting for Bob", you=0)) is None  # its maker's own: no field
    # words alone, however they read, say nothing: a name like the words is only a name
    assert awaited_by(entry("rematch: Annabella-Rosem waits for you")) is None
    assert awaited_by(entry("your move", "rematch", state="playing")) is None  # begun: nothing waits


def test_the_server_marks_the_waiting_game_for_its_awaited_player_only():
    with real_server() as server:
        _old, again = finished_then_rematch(server)
        ann, bob = server.client("Ann"), server.client("Bob")
        assert [(e.id, e.awaits_you) for e in bob.lobby().mine if e.id == again] == [(again, "rematch")]
        assert [(e.id, e.awaits_you) for e in ann.lobby().mine if e.id == again] == [(again, "")]
