"""The lobby's one-line fields (tui/lobby_dialogs.py) at 80x24 against a
real server in this process: a paste goes in at the cursor, in order,
and one holding what no key types there (a tab, a terminal code) goes in
not at all, saying why (a pasted "Eve<TAB>X" became the name "EveX",
though a tab refuses a name: README, *Playing on a server*); ``m`` in the
lobby changes the player's name (docs/server.md: it may be changed at
any time); the server's new-game form shows the seats' help whole."""

from __future__ import annotations

from textual import events
from textual.widgets import Input

from net.serverclient import ServerClient
from tests.tui.drawn import screen_rows
from tests.tui.test_lobby import SIZE, FakeClient, open_lobby, real_server, settle
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.lobby import LobbyScreen
from tui.lobby_dialogs import AskLine, ServerGameForm

NEWCOMER = "key:SHA256:" + "A" * 43  # a key's first login: asked for a name


def hint(screen) -> str:
    return str(screen.query_one("#ask-hint").render())


async def paste(pilot, text: str) -> None:
    pilot.app.post_message(events.Paste(text))  # as the terminal's bracketed paste arrives
    await pilot.pause(0.1)


async def test_a_paste_goes_in_at_the_cursor_and_a_pasted_tab_refuses_itself_not_the_name_cut():
    with real_server() as server:
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = LobbyScreen(lambda: ServerClient.connect(server.socket, NEWCOMER))
            app.push_screen(lobby)
            await settle(pilot, lambda: isinstance(app.screen, AskLine) and app.screen.query(Input), 15)
            ask = app.screen
            field = ask.query_one(Input)
            await pilot.press("E", "e", "left")
            await paste(pilot, "v")
            assert field.value == "Eve" and field.cursor_position == 2
            await pilot.press("end")
            await paste(pilot, "\tX")
            assert field.value == "Eve"  # nothing of it went in
            assert "Not pasted: it holds a tab" in hint(ask)
            await pilot.press("enter")
            await settle(pilot, lambda: "Eve" in str(lobby.query_one("#who").render()), 15)
            assert lobby.client.me.name == "Eve"


async def test_a_line_holding_a_tab_is_refused_not_given_with_the_tab_taken_out():
    """However it got there (a paste, a program), a tab in the line refuses
    it, saying so, rather than be taken out silently."""
    with real_server() as server:
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = LobbyScreen(lambda: ServerClient.connect(server.socket, NEWCOMER))
            app.push_screen(lobby)
            await settle(pilot, lambda: isinstance(app.screen, AskLine) and app.screen.query(Input), 15)
            ask = app.screen
            ask.query_one(Input).value = "Eve\tX"
            await pilot.press("enter")
            await pilot.pause(0.3)
            assert app.screen is ask and "Not given: it holds a tab" in hint(ask)
            assert lobby.needs_name()


async def test_a_pasted_chat_line_goes_in_whole_in_order_and_a_terminal_code_refuses_it():
    client = FakeClient()
    client.add("g1", "waylights", "mine", ("alice", "bob"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_lobby(pilot, app, client)
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        seat = app.remote_seat
        await pilot.press("c")
        await settle(pilot, lambda: isinstance(app.screen, AskLine))
        ask = app.screen
        await paste(pilot, "alpha \x1b[1mbold\x1b[0m omega")
        assert ask.query_one(Input).value == ""
        assert "Not pasted: it holds a terminal code" in hint(ask)
        await paste(pilot, "hi\tthere")
        assert ask.query_one(Input).value == "" and "a tab" in hint(ask)
        await paste(pilot, "alpha bold omega\n")  # a copied line's own end is not part of it
        assert ask.query_one(Input).value == "alpha bold omega"
        await pilot.press("enter")
        await settle(pilot, lambda: seat.said == ["alpha bold omega"])


async def test_m_changes_the_name_and_esc_keeps_it():
    with real_server() as server:
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = LobbyScreen(lambda: ServerClient.connect(server.socket, "guest:ann"))
            app.push_screen(lobby)
            await settle(pilot, lambda: lobby.lobby is not None, 15)
            await pilot.press("m")
            await settle(pilot, lambda: isinstance(app.screen, AskLine))
            assert "Your name here is ann" in app.screen.ask_title
            await pilot.press("escape")
            await settle(pilot, lambda: app.screen is lobby)
            assert "unchanged" in str(lobby.query_one("#status").render())
            await pilot.press("m")
            await settle(pilot, lambda: isinstance(app.screen, AskLine))
            await pilot.press(*"Annie", "enter")
            await settle(pilot, lambda: "Annie" in str(lobby.query_one("#who").render()), 15)
            assert ServerClient.connect(server.socket, "guest:ann").me.name == "Annie"  # the server's, not a label


async def test_the_seats_help_in_the_server_form_shows_whole_at_80x24():
    client = FakeClient()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_lobby(pilot, app, client)
        await pilot.press("n")
        await settle(pilot, lambda: isinstance(app.screen, ServerGameForm))
        form = app.screen
        await pilot.pause(0.2)
        form.query_one("#seat1").focus()
        await pilot.pause(0.3)
        help_text = ServerGameForm.FIELD_HELP["seat"]
        shown = " ".join(row.strip() for row in screen_rows(app)[1:7])
        assert help_text in shown, shown
