"""The lobby (tui/lobby.py) at 80x24, keys only, against the recording
client of tests/tui/test_lobby.py:

- ``r`` on a finished game asks first (a rematch is a game the other
  player is told of); a rematch the server gives back that was played
  already opens nothing, and is said and highlighted (no drafts message);
- the highlight follows its game by id when the list changes, and a game
  of yours new in the list takes it, saying so;
- the status line says the connection is back as soon as it is, though a
  refusal of "not connected" was on it;
- after a lasting refusal of the connection, the keys that need the server
  say that refusal (not a list "from before") and the footer leaves them out;
- a row at 80 columns never cuts an option mid-word, nor breaks a line
  before the "v" between the players."""

from __future__ import annotations

import re

from net.client import HostError
from net.lobby_entries import GameEntry
from tests.tui.drawn import screen_rows
from tests.tui.test_lobby import SIZE, FakeClient, listed, open_lobby, settle
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.lobby import LobbyScreen
from tui.lobby_words import entry_words
from tui.modals import Confirm


def status(lobby: LobbyScreen) -> str:
    return str(lobby.query_one("#status").render())


def highlighted_game(lobby: LobbyScreen):
    chosen = lobby._chosen()
    return None if chosen is None else chosen[1].id


async def test_r_asks_before_a_rematch_and_n_makes_none():
    client = FakeClient()
    client.add("g1", "spheres_of_war", "finished", ("alice", "bob"), you=0)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await open_lobby(pilot, app, client)
        assert highlighted_game(lobby) == "g1"
        await pilot.press("r")
        await settle(pilot, lambda: isinstance(app.screen, Confirm))
        assert "Begin a rematch of #g1 against bob?" in app.screen.question
        await pilot.press("n")
        await pilot.pause(0.2)
        assert not any(c[0] == "rematch" for c in client.calls) and app.screen is lobby
        await pilot.press("r")
        await settle(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        assert ("rematch", "g1") in client.calls and client.calls[-1] == ("resume", "g2")


async def test_r_on_a_game_whose_rematch_was_played_opens_nothing_and_says_which_game_it_is():
    client = FakeClient()
    client.add("g1", "spheres_of_war", "finished", ("alice", "bob"), you=0)
    client.add("g2", "spheres_of_war", "finished", ("bob", "alice"), you=1)  # its rematch, over

    def rematch(game_id):  # the server gives back the rematch made already (net/following.py)
        client.calls.append(("rematch", game_id))
        return "g2"

    client.rematch = rematch
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await open_lobby(pilot, app, client)
        assert highlighted_game(lobby) == "g1"
        await pilot.press("r")
        await settle(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await settle(pilot, lambda: "#g2" in status(lobby))
        await pilot.pause(0.3)
        assert app.screen is lobby
        assert not any(c[0] in ("resume", "watch") for c in client.calls)  # nothing opened unasked
        said = status(lobby)
        assert "rematch of #g1 was played already" in said and "drafts" not in said
        assert highlighted_game(lobby) == "g2"


async def test_the_highlight_follows_its_game_and_a_new_game_of_mine_takes_it():
    client = FakeClient()
    client.add("g1", "waylights", "live", ("carol", "dave"))
    client.add("g2", "spheres_of_war", "mine", ("alice", "bob"), you=0)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await open_lobby(pilot, app, client)
        assert highlighted_game(lobby) == "g2"  # the first row: my game
        # g2 ends: it moves from "Your unfinished games" to "Finished", rows above it change.
        client.entries["g2"] = ("finished", GameEntry("g2", "spheres_of_war", "", ("alice", "bob"),
                                                      "2026-11-28T05:00", "over", you=0))
        lobby.action_refresh()
        await settle(pilot, lambda: "finished-g2" in lobby.entries)
        assert highlighted_game(lobby) == "g2" and lobby._chosen()[0] == "finished"
        # Bob begins a rematch: new among my games, it takes the highlight, said on the status line.
        client.add("g3", "spheres_of_war", "mine", ("bob", "alice"), you=1)
        lobby.action_refresh()
        await settle(pilot, lambda: "mine-g3" in lobby.entries)
        assert highlighted_game(lobby) == "g3"
        assert "#g3" in status(lobby) and "highlighted" in status(lobby)
        await pilot.press("x")  # keys act on the new game, not the old finished row
        await pilot.pause(0.2)
        assert "This game is over" not in status(lobby)


async def test_the_status_line_says_the_connection_is_back_as_soon_as_it_is(monkeypatch):
    monkeypatch.setattr("tui.lobby.REFRESH_EVERY", 0.2)
    client = FakeClient()
    client.add("g1", "waylights", "open", ("bob", "open"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await open_lobby(pilot, app, client)
        looks = client.lobby

        def gone():
            raise ConnectionRefusedError()

        client.lobby = gone
        connect = lobby.connect
        lobby.connect = gone
        lobby.action_refresh()
        await settle(pilot, lambda: lobby.stale)
        await pilot.press("enter")  # a refusal kept on the line (not connected): no key after it
        await settle(pilot, lambda: "Cannot reach the server" in status(lobby))  # tried again, and said
        client.lobby, lobby.connect = looks, connect  # the server is back
        await settle(pilot, lambda: lobby.client is not None and not lobby.stale)
        await pilot.pause(0.3)
        said = status(lobby)
        assert "Cannot reach" not in said and "Not connected" not in said
        assert "again" in said  # says it is back


async def test_after_a_lasting_refusal_the_keys_say_it_and_the_footer_offers_only_what_works():
    why = ("what answers on /tmp/s.sock runs as the account t59srv, not the server's (skirmish-server): "
           "it is not trusted")

    def refused():
        raise HostError(why)

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        lobby = LobbyScreen(refused)
        app.push_screen(lobby)
        await settle(pilot, lambda: lobby.refused_for_good)
        await pilot.pause(0.2)
        assert "Not tried again" in status(lobby)
        for key in ("n", "i", "w", "r", "enter"):
            await pilot.press(key)
            await pilot.pause(0.1)
            said = status(lobby)
            assert "t59srv" in said, (key, said)
            assert "from before" not in said and "tried every few seconds" not in said, (key, said)
            assert app.screen is lobby
        footer = screen_rows(app)[-1]
        for offered in ("New game", "Invitation code", "Watch", "Rematch"):
            assert offered not in footer, footer
        assert "Leave" in footer


OPTIONS = "Player 1's team: gang, Player 2's team: patrol, Players' sides: swapped"


def test_a_row_names_its_options_whole_and_counts_those_left_out():
    entry = GameEntry("g1", "waylights", OPTIONS, ("alice", "bob"), "2026-11-28T05:00", "over", you=0)
    words = entry_words(entry, "finished")
    assert "Player 1's team: gang, Player 2's team: patrol" in words
    assert "…" not in words and "Players' si" not in words
    assert "1 more option" in words


async def test_rows_at_80_columns_never_begin_a_line_with_the_v_between_the_players():
    client = FakeClient()
    # Names of every length from 1 to 16: the line's end falls at the "v" for one of them.
    for n in range(1, 17):
        client.add(f"g{n}", "waylights", "live", ("p" * n, "bob"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await open_lobby(pilot, app, client)
        from textual.widgets import OptionList

        listing = lobby.query_one(OptionList)
        rows: list[str] = []
        for index in range(1, listing.option_count):  # every row scrolled into sight in turn
            listing.highlighted = index
            await pilot.pause()
            rows += screen_rows(app)
        begun = [r for r in rows if re.match(r"^\W*v [a-z]", r.strip("│┃▊▋▌▍▎▏█ ").lstrip())]
        assert not begun, begun
        assert any("p" * 16 + " v bob" in line for line in listed(lobby))
