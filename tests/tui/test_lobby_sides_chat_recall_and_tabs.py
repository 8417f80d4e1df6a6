"""A server's game on screen (tui/lobby_seat.py), from a tester's two SSH-door
players of Spheres of War:

- the game's maker is told its side as the joiner is ("You play side 2."
  came to the joiner only), both when it resumes its game and when its
  waiting screen turns into the game;
- a terminal coming to a seat (another terminal's taken over, or back from
  the lobby) says in its log how many chat lines were said before and
  where to read them (the log the old terminal had is not there);
- a tab in a chat line is a space: typed (a terminal pasting without
  bracketed paste sends it as a key) or sent to the server raw
  (net/chat.py): `tab\\there` had arrived as "tabhere"."""

from __future__ import annotations

import threading

from textual import events
from textual.widgets import Input

from net.serverseat import ChatLine
from tests.tui.test_lobby import SIZE, FakeClient, FakeSeat, log_lines, open_lobby, settle
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.lobby_dialogs import AskLine
from tui.lobby_seat import CHAT_SHOWN, WaitScreen


async def test_the_games_maker_is_told_its_side_on_resuming_as_the_joiner_is():
    client = FakeClient()
    client.add("g1", "spheres_of_war", "mine", ("alice", "bob"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_lobby(pilot, app, client)
        await pilot.press("enter")  # resume: side 0, the maker's
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        await settle(pilot, lambda: "You play side 1." in log_lines(app.screen))


async def test_the_joiner_is_still_told_its_side():
    client = FakeClient()
    client.add("g1", "spheres_of_war", "open", ("bob", "open"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_lobby(pilot, app, client)
        await pilot.press("enter")  # join: side 1
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        await settle(pilot, lambda: "You play side 2." in log_lines(app.screen))
        assert "You play side 1." not in log_lines(app.screen)


async def test_the_maker_waiting_for_its_opponent_is_told_its_side_when_the_game_begins():
    client = FakeClient()
    table = client.add("g1", "spheres_of_war", "mine", ("alice", "open"))
    seat = FakeSeat(table, 0, "g1")
    seat.waiting = True
    FakeSeat.version = property(lambda self: -1 if getattr(self, "waiting", False) else self.table.version)
    try:
        client.resume = lambda game_id: seat
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            await open_lobby(pilot, app, client)
            await pilot.press("enter")
            await settle(pilot, lambda: isinstance(app.screen, WaitScreen))
            seat.waiting = False
            threading.Thread(target=table.replace, args=(table.game,)).start()  # the opponent sat down
            await settle(pilot, lambda: isinstance(app.screen, GameScreen))
            await settle(pilot, lambda: "You play side 1." in log_lines(app.screen))
    finally:
        del FakeSeat.version


def seat_with_chat(client: FakeClient, earlier: list[ChatLine], news: list[ChatLine]) -> FakeSeat:
    """Ann's seat as the server sends it to a terminal coming to it: the
    whole chat, the lines her side was not sent before marked new."""
    table = client.add("g1", "spheres_of_war", "mine", ("alice", "bob"))
    seat = FakeSeat(table, 0, "g1")
    seat.chat = (*earlier, *news)
    seat.chat_news = list(news)
    client.resume = lambda game_id: seat
    return seat


async def log_on_coming(client: FakeClient) -> list[str]:
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_lobby(pilot, app, client)
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        await settle(pilot, lambda: any("chat line" in line for line in log_lines(app.screen)))
        await pilot.pause(0.2)
        return log_lines(app.screen)


def said(who: str, text: str, new: bool = False) -> ChatLine:
    return ChatLine(who, "05:00", text, new)


async def test_a_terminal_coming_to_a_seat_counts_the_chat_said_before_in_its_log():
    client = FakeClient()
    seat_with_chat(client, [said("bob", "gl hf"), said("alice", "you too")], [said("bob", "still there?", True)])
    lines = await log_on_coming(client)
    assert "2 earlier chat lines: c shows them." in lines
    # Before the line new to this player, which is written out (and counted as said while away).
    assert lines.index("2 earlier chat lines: c shows them.") < lines.index("Chat · bob: still there?")


async def test_one_earlier_line_with_nothing_new():
    client = FakeClient()
    seat_with_chat(client, [said("bob", "gl hf")], [])
    assert "1 earlier chat line: c shows it." in await log_on_coming(client)


async def test_a_long_chat_says_c_shows_only_its_latest_lines():
    client = FakeClient()
    seat_with_chat(client, [said("bob", f"line {n}") for n in range(CHAT_SHOWN + 3)], [])
    lines = await log_on_coming(client)
    assert f"{CHAT_SHOWN + 3} earlier chat lines: c shows the chat's last {CHAT_SHOWN} lines." in lines


async def chat_box(pilot, client) -> AskLine:
    client.add("g1", "spheres_of_war", "mine", ("alice", "bob"))
    await open_lobby(pilot, pilot.app, client)
    await pilot.press("enter")
    await settle(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
    await pilot.press("c")
    await settle(pilot, lambda: isinstance(pilot.app.screen, AskLine))
    return pilot.app.screen


async def test_a_tab_typed_in_a_chat_line_is_a_space():
    client = FakeClient()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await chat_box(pilot, client)
        seat = app.remote_seat
        await pilot.press(*"tab", "tab", *"here", "enter")
        await settle(pilot, lambda: seat.said == ["tab here"])


async def test_a_paste_arriving_as_keys_keeps_its_tab_as_a_space():
    """A terminal without bracketed paste sends the pasted line as keys,
    its terminal codes taken by Textual as keys of no use, its tab as Tab."""
    client = FakeClient()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        box = await chat_box(pilot, client)
        seat = app.remote_seat
        field = box.query_one(Input)
        for key, character in [*((c, c) for c in "tab"), ("tab", "\t"), *((c, c) for c in "here")]:
            field.post_message(events.Key(key, character))  # in one burst, as a paste comes
        await settle(pilot, lambda: field.value == "tab here")
        await pilot.press("enter")
        await settle(pilot, lambda: seat.said == ["tab here"])


def test_the_server_keeps_a_tab_as_a_space():
    from net.chat import say

    class Store:
        def __init__(self) -> None:
            self.lines: list[dict] = []

        def add_chat(self, gid, who, text) -> None:
            self.lines.append({"who": who, "at": "05:00", "text": text})

        def chat(self, gid) -> list[dict]:
            return self.lines

        def set_chat_seen(self, *args) -> None:
            pass

    class Live:
        gid, match, fillers, peers = "g1", None, ("player:a", "player:b"), ()
        lock = threading.Lock()

        def __init__(self) -> None:
            self.active_at: dict = {}
            self.chat_seen: dict = {}

    class Peer:
        side, role = 0, "player"

    store = Store()
    assert say(store, Live(), Peer(), "ok \x1b[31mRED\x1b[0m tab\there\r\nnext", {"a": "Ann"}) is None
    assert store.lines[0]["text"] == "ok [31mRED[0m tab here next"  # no terminal code: its Esc is gone


async def test_on_a_real_server_a_terminal_taking_over_anns_seat_counts_the_chat_and_tells_her_side():
    """The tester's case: Ann's seat is taken over by another terminal of
    hers; the lines her old terminal showed are counted in the new one's log,
    and she is told her side there (the game's maker)."""
    from tests.server.helpers import wait_until
    from tests.tui.test_lobby import ann_at_her_game, real_server

    with real_server() as server:
        gid, _ = server.client("ann").create("spheres_of_war", None, ("me", "open"))
        bobs = server.client("bob").join(gid)
        old = server.client("ann").resume(gid)  # her first terminal, at the game
        assert bobs.say("gl hf")
        assert wait_until(lambda: len(old.chat) == 1)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            await ann_at_her_game(pilot, server, gid)
            await pilot.press("enter")  # her second terminal takes the seat over
            await settle(pilot, lambda: isinstance(app.screen, GameScreen), 15)
            await settle(pilot, lambda: "1 earlier chat line: c shows it." in log_lines(app.screen), 10)
            assert "You play side 1." in log_lines(app.screen)
            assert wait_until(lambda: old.status == "moved")
        old.stop()
        bobs.stop()
