"""The chat of a server's game (tui/lobby_seat.py, tui/lobby_dialogs.py)
at 80x24, Ann's lobby and seat against a real server in this process,
Bob a client of it:

- a key typed just after Enter is not said with the line (c, "abc",
  Enter, x said "abcx": Textual ran the Enter only after the next key
  had gone into the field);
- a line given less than a second after the last (the server takes one a
  second, docs/server.md *Limits*) is kept in its field, saying so, and
  said by Enter once the second has passed (it was sent, refused and lost);
- a notice from the server is written in the game's log once (it was twice)."""

from __future__ import annotations

import time

from textual import events
from textual.widgets import Input

from tests.tui.test_lobby import SIZE, ann_at_her_game, log_lines, real_server, settle
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.lobby_dialogs import AskLine


def said_by_ann(server, gid: str) -> list[str]:
    return [line["text"] for line in server.db.chat(gid) if line.get("who", "").startswith("ann")]


async def anns_game(pilot, server):
    gid, _ = server.client("ann").create("spheres_of_war", None, ("me", "open"))
    bobs = server.client("bob").join(gid)
    await ann_at_her_game(pilot, server, gid)
    await pilot.press("enter")
    await settle(pilot, lambda: isinstance(pilot.app.screen, GameScreen), 15)
    return gid, bobs


async def chat_box(pilot) -> AskLine:
    await pilot.press("c")
    await settle(pilot, lambda: isinstance(pilot.app.screen, AskLine))
    return pilot.app.screen


async def test_a_key_typed_just_after_enter_is_not_said_with_the_line():
    with real_server() as server:
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            gid, _bobs = await anns_game(pilot, server)
            await chat_box(pilot)
            await pilot.press(*"abc")
            # Enter and x in one burst (typed fast, or one SSH packet): both queued at once.
            app.post_message(events.Key("enter", "\r"))
            app.post_message(events.Key("x", "x"))
            await settle(pilot, lambda: said_by_ann(server, gid) != [], 10)
            await pilot.pause(0.3)
            assert said_by_ann(server, gid) == ["abc"]


async def test_a_second_line_within_the_second_is_kept_saying_why_then_said():
    with real_server() as server:
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            gid, _bobs = await anns_game(pilot, server)
            await chat_box(pilot)
            await pilot.press(*"one", "enter")
            await settle(pilot, lambda: said_by_ann(server, gid) == ["one"], 10)
            box = await chat_box(pilot)
            await pilot.press(*"two")
            # Enter within the second after "one" (however slowly this machine got here).
            app.seat_drafts.said_at = time.monotonic()
            await pilot.press("enter")
            await pilot.pause(0.2)
            assert app.screen is box and box.query_one(Input).value == "two"  # kept, not thrown away
            hint = str(box.query_one("#ask-hint").render())
            assert "one line of chat a second at most" in hint and "kept" in hint
            await pilot.pause(1.2)
            await pilot.press("enter")
            await settle(pilot, lambda: said_by_ann(server, gid) == ["one", "two"], 10)
            assert not any("One line of chat a second at most" in line for line in log_lines(app.screen))


async def test_a_notice_from_the_server_is_logged_once():
    with real_server() as server:
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            gid, _bobs = await anns_game(pilot, server)
            seat = app.remote_seat
            seat.say("first")
            seat.say("second, at once")  # refused by the server: a notice
            refused = "One line of chat a second at most."
            await settle(pilot, lambda: any(refused in line for line in log_lines(app.screen)), 10)
            await pilot.pause(0.5)
            assert sum(refused in line for line in log_lines(app.screen)) == 1, log_lines(app.screen)
