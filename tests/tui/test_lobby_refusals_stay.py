"""The server's refusals in the lobby (tui/lobby.py) at 80x24, against a
real server in this process: each stays on the status line until the
player's next key, and at least a few seconds, never replaced by the
lobby's key hint at its next look (a 4th waiting game, a wrong invitation
code, a join lost to a quicker player); ``w`` on a game still waiting for
its opponent says there is nothing to watch yet; a connection the server
turns away for good says what to do instead and is not tried again."""

from __future__ import annotations

import time

from net.serverclient import ServerClient
from tests.tui.drawn import screen_rows
from tests.tui.test_lobby import SIZE, listed, real_server, settle
from tui.app import SkirmishApp
from tui.lobby import LobbyScreen
from tui.lobby_dialogs import AskLine, ServerGameForm

LOOKS = 0.2  # the lobby looks at the server this often in these tests
KEPT = 2.0  # and a refusal stays at least this long


def status(lobby: LobbyScreen) -> str:
    return str(lobby.query_one("#status").render())


def quick_lobby(monkeypatch) -> None:
    monkeypatch.setattr("tui.lobby.REFRESH_EVERY", LOOKS)
    monkeypatch.setattr("tui.lobby.KEPT_AT_LEAST", KEPT, raising=False)


async def anns_lobby(pilot, server) -> LobbyScreen:
    lobby = LobbyScreen(lambda: ServerClient.connect(server.socket, "guest:ann"))
    pilot.app.push_screen(lobby)
    await settle(pilot, lambda: lobby.lobby is not None, 15)
    return lobby


async def still_said(pilot, lobby: LobbyScreen, words: str, seconds: float, looked: bool = True) -> None:
    """``words`` stay on the status line for ``seconds`` (many looks; with
    ``looked``, the lobby must have looked at the server again meanwhile)."""
    looks = lobby.lobby
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        await pilot.pause(0.05)
        assert words in status(lobby), status(lobby)
    if looked:
        assert lobby.lobby is not looks  # the lobby did look again meanwhile


async def gone_after_a_key(pilot, lobby: LobbyScreen, words: str) -> None:
    """A key, once the refusal has been there long enough: the hint is back at the next look."""
    await pilot.press("up")
    await settle(pilot, lambda: words not in status(lobby) and "n: new game" in status(lobby), 5)


async def test_a_fourth_waiting_game_is_refused_in_words_that_stay_until_a_key(monkeypatch):
    quick_lobby(monkeypatch)
    with real_server() as server:
        ann = server.client("ann")
        for _ in range(3):
            ann.create("spheres_of_war", None, ("me", "open"))
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await anns_lobby(pilot, server)
            await pilot.press("n")
            await settle(pilot, lambda: isinstance(app.screen, ServerGameForm))
            await pilot.pause(0.2)
            await pilot.press("ctrl+g")
            words = "Refused: You have 3 games waiting for an opponent already"
            await settle(pilot, lambda: words in status(lobby), 15)
            await pilot.press("down")  # a key at once: the refusal still stays its few seconds
            # ...counted from when it was shown (lobby.kept_until), which a
            # loaded machine may have seen well before this test did.
            left = lobby.kept_until - time.monotonic() - 2 * LOOKS
            await still_said(pilot, lobby, words, min(KEPT * 0.5, left), looked=left >= KEPT * 0.5)
            await pilot.press("n")  # asked again, and no key after it: it stays past the few seconds
            await settle(pilot, lambda: isinstance(app.screen, ServerGameForm))
            await pilot.pause(0.2)
            await pilot.press("ctrl+g")
            await settle(pilot, lambda: app.screen is lobby and words in status(lobby), 15)
            await still_said(pilot, lobby, words, KEPT + 4 * LOOKS)
            await gone_after_a_key(pilot, lobby, words)


async def test_a_wrong_invitation_code_says_so(monkeypatch):
    quick_lobby(monkeypatch)
    with real_server() as server:
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await anns_lobby(pilot, server)
            await pilot.press("i")
            await settle(pilot, lambda: isinstance(app.screen, AskLine))
            await pilot.press(*"xyz", "enter")
            words = "No game waiting for an opponent has that name or code"
            await settle(pilot, lambda: app.screen is lobby and words in status(lobby), 15)
            await still_said(pilot, lobby, words, KEPT + 4 * LOOKS)
            await gone_after_a_key(pilot, lobby, words)


async def test_a_join_lost_to_a_quicker_player_says_so(monkeypatch):
    quick_lobby(monkeypatch)
    with real_server() as server:
        gid, _ = server.client("bob").create("spheres_of_war", None, ("me", "open"))
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await anns_lobby(pilot, server)
            lobby.action_refresh = lambda: None  # the list as Ann saw it, while Carol is quicker
            assert any(f"#{gid}" in line for line in listed(lobby))
            carols = server.client("carol").join(gid)
            await pilot.press("enter")
            await settle(pilot, lambda: "Not joined:" in status(lobby), 15)
            del lobby.action_refresh  # the lobby looks again, as it does
            assert app.screen is lobby and carols.side == 1
            assert "Not joined: that game is no longer waiting for an opponent" in status(lobby)
            assert "another player sat down first" in status(lobby)
            await still_said(pilot, lobby, "Not joined:", KEPT + 4 * LOOKS)
            assert f"open-{gid}" not in lobby.entries and f"live-{gid}" in lobby.entries  # as it is now


async def test_a_withdrawal_the_server_refuses_says_so_in_words_that_stay(monkeypatch):
    """x on Ann's waiting game just as Bob sat down at it: the server
    refuses (the game has begun); the lobby said it did not answer."""
    from tui.modals import Confirm

    quick_lobby(monkeypatch)
    with real_server() as server:
        gid, _ = server.client("ann").create("spheres_of_war", None, ("me", "open"))
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await anns_lobby(pilot, server)
            lobby.action_refresh = lambda: None  # the list as Ann saw it, while Bob sits down
            server.client("bob").join(gid)
            await pilot.press("x")
            await settle(pilot, lambda: isinstance(app.screen, Confirm))
            await pilot.press("y")
            await settle(pilot, lambda: "Refused:" in status(lobby), 15)
            assert "does not answer" not in status(lobby)
            del lobby.action_refresh
            await still_said(pilot, lobby, "Refused:", KEPT + 4 * LOOKS)
            assert server.db.game(gid) is not None


async def test_w_on_a_game_waiting_for_its_opponent_says_why_nothing_opens(monkeypatch):
    quick_lobby(monkeypatch)
    with real_server() as server:
        gid, _ = server.client("bob").create("spheres_of_war", None, ("me", "open"))
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await anns_lobby(pilot, server)
            assert lobby._chosen()[0] == "open"
            await pilot.press("w")
            words = f"Game {gid} is still waiting for an opponent: nothing to watch until it begins"
            await settle(pilot, lambda: words in status(lobby))
            await still_said(pilot, lobby, words, KEPT + 2 * LOOKS)
            assert app.screen is lobby


async def test_a_lasting_refusal_of_the_connection_says_what_to_do_and_is_not_tried_again(monkeypatch):
    """This test's account is the server's door account: with no identity
    to carry, the server refuses it whatever the lobby does, so trying
    again every few seconds (as for a server not answering) is no use."""
    quick_lobby(monkeypatch)
    with real_server() as server:
        tries = []

        def connect():
            tries.append(1)
            return ServerClient.connect(server.socket, None)

        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = LobbyScreen(connect)
            app.push_screen(lobby)
            await settle(pilot, lambda: lobby.is_mounted and "Refused" in status(lobby), 15)
            said = status(lobby)
            assert "A door must say whom it carries" in said
            assert "tried again every few seconds" not in said and "Not tried again" in said
            assert "skirmish door" in said and said.endswith("Esc: back.")
            # none of it cut off: its last words are drawn
            await settle(pilot, lambda: any(row.rstrip().endswith("Esc: back.") for row in screen_rows(app)))
            await pilot.pause(KEPT + 5 * LOOKS)
            assert len(tries) == 1 and status(lobby) == said
