"""A server's game at 80x24 (tui/lobby.py, tui/lobby_seat.py), against
the fake client of tests/tui/test_lobby.py: the chat said while a player
was away shows when they come back, in the log pane (never a pile of
pop-ups, nor one pop-up counting them), and ``c`` shows the chat so far;
a seat opened in another terminal says so and offers no keys; a lost
connection greys the list; a name the server refuses is asked again,
saying why."""

from __future__ import annotations

import attrs

from net.serverclient import ServerError
from net.serverseat import ServerSeat
from net.serverwire import NAME_MAX
from tests.tui.test_lobby import SIZE, FakeClient, FakeSeat, listed, log_lines, open_lobby, settle
from tui.app import SkirmishApp
from tui.banner import remote_status
from tui.game_screen import GameScreen
from tui.lobby import NOT_CONNECTED, LobbyScreen
from tui.lobby_dialogs import AskLine

Line = attrs.make_class("Line", ["who", "at", "text"])
AWAY_COUNT = "1 chat line above was said while you were away (c: the chat)."


def chat_toasts(app) -> list[str]:
    return [str(n.message) for n in app._notifications if n.title == "Chat"]


async def test_chat_said_while_away_shows_on_coming_back_and_c_shows_the_chat_so_far():
    client = FakeClient()
    table = client.add("g1", "waylights", "mine", ("alice", "bob"))
    before = Line("alice", "05:00", "good luck")
    away = Line("bob", "05:10", "are you still there alice?")
    seat = FakeSeat(table, 0, "g1")
    seat.chat = (before, away)
    seat.chat_news = [away]  # the server marked it new: said while she had no connection
    client.resume = lambda game_id: seat
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_lobby(pilot, app, client)
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        await settle(pilot, lambda: any("Chat · bob: are you still there alice?" in t for t in log_lines(app.screen)))
        assert not any("good luck" in t for t in log_lines(app.screen))  # seen before: not news
        # counted under the line, in the log too: no pop-up over the board
        await settle(pilot, lambda: log_lines(app.screen)[-1:] == [AWAY_COUNT])
        assert log_lines(app.screen)[-2:] == ["Chat · bob: are you still there alice?", AWAY_COUNT]
        assert chat_toasts(app) == []
        await pilot.press("c")
        await settle(pilot, lambda: isinstance(app.screen, AskLine))
        question = app.screen.ask_title
        assert "Chat · alice: good luck\nChat · bob: are you still there alice?" in question
        assert question.index("good luck") < question.index("A line to the other player")


async def test_five_quick_lines_go_to_the_log_pane_not_into_five_pop_ups():
    client = FakeClient()
    client.add("g1", "waylights", "mine", ("alice", "bob"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_lobby(pilot, app, client)
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause(0.3)
        seat = app.remote_seat
        for n in range(5):
            seat.hear(Line("bob", "05:00", f"line {n}"))
        await settle(pilot, lambda: any("Chat · bob: line 4" in t for t in log_lines(app.screen)))
        assert sum("Chat · bob: line" in t for t in log_lines(app.screen)) == 5
        assert chat_toasts(app) == [] and len(app._notifications) <= 1


async def test_a_seat_opened_in_another_terminal_says_so_and_offers_no_keys():
    client = FakeClient()
    client.add("g1", "waylights", "mine", ("alice", "bob"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_lobby(pilot, app, client)
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        screen, seat = app.screen, app.remote_seat
        assert app.check_action("chat", ()) and screen.orders
        seat.status, seat.reason = "moved", "This seat was opened in another terminal or browser tab."
        seat.legal_orders = lambda: []  # as a server's seat no longer connected offers none
        seat.table.replace(seat.table.game)
        banner = screen.query_one("#banner")
        await settle(pilot, lambda: "This seat moved to another terminal or tab" in str(banner.render()))
        assert not app.check_action("chat", ())
        assert screen.orders == [] and not screen.check_action("orders", ())
        from tui.screen_keys import seat_moved

        assert seat_moved(screen)
        await pilot.press("c")
        await pilot.pause()
        assert app.screen is screen  # no chat box


def test_a_server_game_says_the_server_where_a_hosted_one_says_the_host():
    from net.client import RemoteSeat

    served, joined = ServerSeat(None, "", "g1"), RemoteSeat("abcde-fghij-klmno-pqrst")
    served.status = joined.status = "host-stopped"
    assert remote_status(served) == "Server stopped (game saved): waiting for it to resume"
    assert remote_status(joined) == "Host stopped (game saved): waiting for it to resume"
    served.status = joined.status = "lost"
    assert remote_status(served) == "Connection to the server lost: trying again"
    assert remote_status(joined) == "Connection to the host lost: trying again"
    assert served._ask_host(b"").message == "Not connected to the server just now."
    assert joined._ask_host(b"").message == "Not connected to the host just now."


async def test_while_not_connected_the_list_is_greyed_and_enter_says_why_nothing_opens():
    client = FakeClient()
    client.add("g1", "waylights", "open", ("bob", "open"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await open_lobby(pilot, app, client)

        def gone():
            raise ConnectionRefusedError()

        client.lobby = gone
        lobby.connect = gone
        lobby.action_refresh()
        await settle(pilot, lambda: lobby.stale)
        text = "\n".join(listed(lobby))
        assert "Waiting for an opponent (1) · from before the connection was lost" in text
        assert "Enter: join" not in text
        calls = len(client.calls)
        await pilot.press("enter")
        await pilot.pause()
        assert len(client.calls) == calls and isinstance(app.screen, LobbyScreen)
        assert str(lobby.query_one("#status").render()) == NOT_CONNECTED


async def test_a_name_the_server_refuses_is_asked_again_saying_why():
    client = FakeClient(needs_name=True)
    taken = client.set_name

    def set_name(name):
        if name.casefold() == "bob":
            raise ServerError("name-taken", "Another player on this server is called Bob: choose another name.")
        return taken(name)

    client.set_name = set_name
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        lobby = LobbyScreen(lambda: client)
        app.push_screen(lobby)
        await settle(pilot, lambda: isinstance(app.screen, AskLine))
        assert f"(up to {NAME_MAX} characters" in app.screen.ask_title and app.screen.max_length == NAME_MAX
        await pilot.press(*"bob", "enter")
        await settle(pilot, lambda: isinstance(app.screen, AskLine) and "called Bob" in app.screen.ask_title)
        await pilot.press(*"Zed", "enter")
        await settle(pilot, lambda: "Zed" in str(lobby.query_one("#who").render()))


async def test_a_finished_game_marks_which_side_was_yours_by_your_id():
    client = FakeClient()
    client.add("g1", "spheres_of_war", "finished", ("alice", "alice (2)"), you=1)
    client.add("g2", "spheres_of_war", "finished", ("carol", "alice"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await open_lobby(pilot, app, client)
        lines = listed(lobby)
        assert any(line.endswith("alice v alice (2) (you)") for line in lines)
        assert any(line.endswith("carol v alice") for line in lines)  # a game not hers, though a name is hers
