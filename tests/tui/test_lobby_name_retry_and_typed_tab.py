"""The lobby's one-line prompts (tui/lobby.py, tui/lobby_dialogs.py):
after the server refuses a new name given with ``m``, the prompt asks
again in the change-name words, with the refused name still in its
field to be mended (a tester saw the first-login words and an empty box);
a Tab typed in a line (a chat line, a name) is refused in words, never
dropped without a word so that "tab<TAB>here" went as "tabhere"."""

from __future__ import annotations

from textual import events
from textual.widgets import Input

from net.serverclient import ServerClient
from tests.tui.test_lobby import SIZE, real_server, settle
from tui.app import SkirmishApp
from tui.lobby import LobbyScreen
from tui.lobby_dialogs import AskLine


def hint(screen) -> str:
    return str(screen.query_one("#ask-hint").render())


async def test_a_refused_new_name_is_asked_again_in_the_same_words_with_what_was_typed():
    with real_server() as server:
        bob = ServerClient.connect(server.socket, "guest:bob")
        bob.set_name("bob")  # "bob" is another player's name (a guest is kept once it names itself)
        bob.close()
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = LobbyScreen(lambda: ServerClient.connect(server.socket, "guest:ann"))
            app.push_screen(lobby)
            await settle(pilot, lambda: lobby.lobby is not None, 15)
            await pilot.press("m")
            await settle(pilot, lambda: isinstance(app.screen, AskLine))
            first = app.screen
            assert "Your name here is ann" in first.ask_title
            await pilot.press(*"bob", "enter")
            await settle(pilot, lambda: isinstance(app.screen, AskLine) and app.screen is not first, 15)
            again = app.screen
            assert "Your name here is ann" in again.ask_title and "from now on" in again.ask_title
            assert again.query_one(Input).value == "bob"
            await pilot.press("escape")  # a change given up: the name stays
            await settle(pilot, lambda: app.screen is lobby)
            assert "unchanged" in str(lobby.query_one("#status").render())


async def test_a_typed_tab_in_a_line_is_refused_in_words():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        ask = AskLine("A line to the other player:")
        app.push_screen(ask)
        await settle(pilot, lambda: app.screen is ask)
        await pilot.pause()
        await pilot.press(*"tab")
        await pilot.press("tab")
        await pilot.pause()
        assert "a tab cannot go in this line" in hint(ask)
        assert ask.query_one(Input).has_focus  # the only field: nothing else to move to


async def test_a_typed_terminal_codes_esc_is_refused_in_words():
    """An Esc that came as the character of another key (a terminal code
    the terminal did not finish) is refused, not dropped; Esc itself
    still goes back."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        ask = AskLine("A line to the other player:")
        app.push_screen(ask)
        await settle(pilot, lambda: app.screen is ask)
        await pilot.pause()
        field = ask.query_one(Input)
        field.post_message(events.Key("ctrl+left_square_bracket", "\x1b"))
        await pilot.pause()
        assert "terminal code" in hint(ask)
        await pilot.press("escape")
        await settle(pilot, lambda: app.screen is not ask)
