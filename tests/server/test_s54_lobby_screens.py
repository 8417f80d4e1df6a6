"""A tester's defects of the server's lobby (tui/lobby.py) at 80x24:

- after a server restart it said "The server does not answer: [Errno 32]
  Broken pipe.": an OSError is said in words, never as an errno;
- its first heading wrapped at 80 columns: every heading fits one line;
- the new-game form let both seats go to others and said so only on
  Start: a pair the server refuses (tests/server/test_s54_makers_seat_and_names.py)
  is said as soon as it is chosen;
- a finished game of yours opened from the lobby (watched) gave a result
  menu without "r Rematch", and r there said only the players may ask:
  it offers the rematch, and r asks the server for it.
"""

from __future__ import annotations

import errno

import pytest
from textual.widgets import OptionList

from net.lobby_entries import GameEntry
from tests.server.helpers import wait_until
from tests.tui.test_lobby import SIZE, FakeClient, open_lobby, real_server, settle
from tui.app import SkirmishApp
from tui.lobby import LobbyScreen, reason
from tui.lobby_dialogs import ServerGameForm


@pytest.mark.parametrize("error, words", [
    (BrokenPipeError(errno.EPIPE, "Broken pipe"), "the connection to the server was cut"),
    (ConnectionResetError(errno.ECONNRESET, "Connection reset by peer"), "the connection to the server was cut"),
    (ConnectionAbortedError(errno.ECONNABORTED, "Software caused connection abort"), "was cut"),
    (TimeoutError(errno.ETIMEDOUT, "Connection timed out"), "did not answer in time"),
    (OSError(errno.EIO, "Input/output error"), "the connection to the server failed (Input/output error)"),
    (OSError(errno.EIO, ""), "the connection to the server failed"),
])
def test_an_os_error_is_said_in_words_never_as_an_errno(error, words):
    said = reason(error)
    assert words in said
    assert "Errno" not in said and "[" not in said and str(error.errno) not in said


def test_an_os_error_the_client_worded_itself_keeps_its_words():
    assert reason(OSError("the server closed the connection")) == "the server closed the connection"


async def test_a_lost_connection_in_the_lobby_says_so_in_words():
    client = FakeClient()
    client.add("g1", "waylights", "open")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await open_lobby(pilot, app, client)

        def cut():
            raise BrokenPipeError(errno.EPIPE, "Broken pipe")

        client.lobby = cut
        lobby.action_refresh()
        status = lobby.query_one("#status")
        await settle(pilot, lambda: "does not answer" in str(status.render()))
        said = str(status.render())
        assert "the connection to the server was cut (the server stopped or restarted)" in said
        assert "Errno" not in said


def crowded() -> FakeClient:
    """Three-figure counts in every section: the longest headings there are."""
    client = FakeClient()
    states = {"open": "open", "mine": "playing", "live": "playing", "finished": "over"}
    for section, state in states.items():
        for n in range(100):
            ident = f"{section[0]}{n}"
            client.entries[ident] = (section, GameEntry(ident, "waylights", "", ("bob", "cat"),
                                                        "2026-11-28T05:00", state))
    return client


def headings(lobby: LobbyScreen) -> list[tuple[str, int]]:
    listing = lobby.query_one(OptionList)
    heights = listing._heights  # the lines each option takes, as drawn at this width
    return [(str(listing.get_option_at_index(i).prompt), heights[i]) for i in range(listing.option_count)
            if str(listing.get_option_at_index(i).prompt).startswith("──")]


async def test_every_lobby_heading_fits_one_line_at_80_columns():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await open_lobby(pilot, app, crowded())
        await pilot.pause(0.2)
        for stale in (False, True):  # as listed, and greyed after the connection was lost
            lobby._show_lobby(lobby.lobby, stale=stale)
            await pilot.pause(0.1)
            listing = lobby.query_one(OptionList)
            assert listing.scrollable_content_region.width < 76  # a scrollbar takes its share
            shown = headings(lobby)
            assert len(shown) == 4 and all("(100)" in text for text, _ in shown)
            assert [text for text, height in shown if height != 1] == []


async def test_the_form_says_at_once_that_one_seat_is_yours():
    client = FakeClient()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_lobby(pilot, app, client)
        await pilot.press("n")
        await settle(pilot, lambda: isinstance(app.screen, ServerGameForm))
        form = app.screen
        problem = form.query_one("#problem")
        form.query_one("#seat0").focus()
        for _ in range(3):  # open, by invitation, the computer (easy): never "me" with an open seat 2
            await pilot.press("right")
            await pilot.pause()
            assert form.query_one("#seat0").value != "me"
            assert 'choose "me" for the side you play' in str(problem.render())
        form.query_one("#seat1").focus()
        await pilot.press("left")  # seat 2 from open to me: a game the server takes
        await pilot.pause()
        assert form.query_one("#seat1").value == "me"
        assert "me" not in str(problem.render())
        await pilot.press("ctrl+g")
        await settle(pilot, lambda: any(c[0] == "create" for c in client.calls))
        assert next(c for c in client.calls if c[0] == "create")[3] == ("easy", "me")


async def test_a_finished_game_of_mine_opened_from_the_lobby_offers_the_rematch_and_r_asks_for_it():
    from core.orders import Concede
    from net.serverclient import ServerClient
    from tui.game_screen import GameScreen
    from tui.result import ResultScreen

    with real_server() as server:
        gid, _ = server.client("ann").create("spheres_of_war", None, ("me", "open"))
        bobs = server.client("bob").join(gid)
        anns = server.client("ann").resume(gid)
        anns.submit(Concede(0), wait=10)
        assert wait_until(lambda: anns.outcome() is not None, 10)
        anns.stop()
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = LobbyScreen(lambda: ServerClient.connect(server.socket, "guest:ann"))
            app.push_screen(lobby)
            await settle(pilot, lambda: lobby.lobby is not None and lobby.lobby.finished, 15)
            listing = lobby.query_one(OptionList)
            listing.highlighted = next(i for i in range(listing.option_count)
                                       if listing.get_option_at_index(i).id == f"finished-{gid}")
            await pilot.press("enter")  # a finished game is watched again
            await settle(pilot, lambda: isinstance(app.screen, (GameScreen, ResultScreen)), 15)
            assert app.remote_seat.side is None and app.remote_seat.game_id == gid
            if not isinstance(app.screen, ResultScreen):
                await pilot.press("enter")
            await settle(pilot, lambda: isinstance(app.screen, ResultScreen), 10)
            result = app.screen
            assert "rematch" in [value for _label, value in result.choices]
            await pilot.press("r")
            await settle(pilot, lambda: getattr(app.remote_seat, "game_id", gid) != gid, 15)
            made = app.remote_seat.game_id
            assert app.remote_seat.side == 1  # sides swapped: Ann played side 0, now side 1
            assert [g.id for g in server.client("bob").lobby().mine] == [made]
        bobs.stop()
