"""A tester on the server's lobby at 80x24 (tui/lobby.py,
tui/lobby_dialogs.py, tui/lobby_seat.py), against the fake client of
tests/tui/test_lobby.py:

- a newcomer who goes on without a name (Esc) is not asked again at once
  (the next key went into that prompt: ``n`` made the name "nEve"); the
  key that plays asks for the name in an empty field, and once it is
  given does what it was pressed for (``n``: the new-game form);
- a name or a chat line past its limit is refused saying the limit, never
  stopped or cut without a word;
- Enter on a finished game opens its result, and the lobby says so."""

from __future__ import annotations

from textual.widgets import Input

from core.orders import Concede
from core.ruleset import Rejection
from net.serverclient import MAX_CHAT
from net.serverwire import NAME_MAX
from tests.tui.test_lobby import SIZE, FakeClient, listed, open_lobby, settle
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.lobby import LobbyScreen
from tui.lobby_dialogs import AskLine, ServerGameForm


def hint(screen) -> str:
    return str(screen.query_one("#ask-hint").render())


async def newcomer_gone_on(pilot, client) -> LobbyScreen:
    """The newcomer's lobby, its first name prompt left with Esc."""
    lobby = LobbyScreen(lambda: client)
    pilot.app.push_screen(lobby)
    await settle(pilot, lambda: isinstance(pilot.app.screen, AskLine))
    await pilot.press("escape")
    await settle(pilot, lambda: pilot.app.screen is lobby and lobby.lobby is not None)
    return lobby


async def test_n_without_a_name_asks_for_it_in_an_empty_field_then_opens_the_form():
    client = FakeClient(needs_name=True)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await newcomer_gone_on(pilot, client)
        assert "no name yet" in str(lobby.query_one("#status").render())
        await pilot.press("n")
        await settle(pilot, lambda: isinstance(app.screen, AskLine))
        assert "A name is needed before playing" in app.screen.ask_title
        assert app.screen.query_one(Input).value == ""  # the key that opened it is not typed into it
        await pilot.press(*"Eve", "enter")
        await settle(pilot, lambda: ("set_name", "Eve") in client.calls)
        await settle(pilot, lambda: isinstance(app.screen, ServerGameForm))  # n's own form follows
        assert "Eve" in str(lobby.query_one("#who").render())


async def test_i_without_a_name_asks_for_it_then_for_the_invitation_code():
    client = FakeClient(needs_name=True)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await newcomer_gone_on(pilot, client)
        await pilot.press("i")
        await settle(pilot, lambda: isinstance(app.screen, AskLine))
        assert app.screen.query_one(Input).value == ""
        await pilot.press(*"Eve", "enter")
        await settle(pilot, lambda: isinstance(app.screen, AskLine) and "invitation code" in app.screen.ask_title)
        assert ("set_name", "Eve") in client.calls


async def test_joining_without_a_name_asks_for_it_and_esc_joins_nothing():
    client = FakeClient(needs_name=True)
    client.add("g1", "waylights", "open")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await newcomer_gone_on(pilot, client)
        await pilot.press("enter")  # the open game: joining plays, so it needs the name
        await settle(pilot, lambda: isinstance(app.screen, AskLine))
        await pilot.press("escape")
        await settle(pilot, lambda: app.screen is lobby)
        assert not any(c[0] == "join" for c in client.calls)
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, AskLine))
        await pilot.press(*"Eve", "enter")
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        assert ("join", "g1") in client.calls


async def test_a_name_past_the_limit_is_refused_saying_the_limit_never_cut():
    client = FakeClient(needs_name=True)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        lobby = LobbyScreen(lambda: client)
        app.push_screen(lobby)
        await settle(pilot, lambda: isinstance(app.screen, AskLine))
        ask = app.screen
        typed = "Abcdefghijklmnopqrstuvwxyz0123456789"  # 36 characters
        await pilot.press(*typed)
        assert ask.query_one(Input).value == typed  # typing is not stopped at the limit
        assert f"Too long: 36 characters, at most {NAME_MAX}" in hint(ask)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is ask and not any(c[0] == "set_name" for c in client.calls)
        assert f"Not given, too long: 36 characters, at most {NAME_MAX}" in hint(ask)
        for _ in range(36 - NAME_MAX):
            await pilot.press("backspace")
        assert "Too long" not in hint(ask)
        await pilot.press("enter")
        await settle(pilot, lambda: ("set_name", typed[:NAME_MAX]) in client.calls)


async def test_a_chat_line_past_the_limit_is_refused_saying_the_limit_never_cut():
    client = FakeClient()
    client.add("g1", "waylights", "mine", ("alice", "bob"))
    seat = None

    def resume(game_id):
        nonlocal seat
        from tests.tui.test_lobby import FakeSeat

        seat = FakeSeat(client.tables[game_id], 0, game_id)
        return seat

    client.resume = resume
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_lobby(pilot, app, client)
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("c")
        await settle(pilot, lambda: isinstance(app.screen, AskLine))
        ask = app.screen
        assert f"(up to {MAX_CHAT} characters;" in ask.ask_title  # the limit is said before it is met
        line = "x" * 296
        ask.query_one(Input).value = line  # pasted
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is ask and seat.said == []
        assert f"Not given, too long: 296 characters, at most {MAX_CHAT}" in hint(ask)
        ask.query_one(Input).value = line[:MAX_CHAT]
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot, lambda: seat.said == [line[:MAX_CHAT]])


async def test_enter_on_a_finished_game_opens_its_result_as_the_lobby_says():
    from tui.result import ResultScreen

    client = FakeClient()
    table = client.add("g1", "spheres_of_war", "finished", ("alice", "bob"), you=0)
    assert not isinstance(table.submit(Concede(0)), Rejection)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await open_lobby(pilot, app, client)
        heading = next(line for line in listed(lobby) if line.startswith("── Finished"))
        assert "Enter: the result, w there: watch again" in heading, heading
        assert "Enter: watch again" not in heading
        await pilot.press("end", "enter")
        await settle(pilot, lambda: isinstance(app.screen, ResultScreen), 10)
        assert client.calls[-1] == ("watch", "g1")
