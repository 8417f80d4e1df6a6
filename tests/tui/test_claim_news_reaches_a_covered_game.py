"""A tester at a server's game: the warning that the opponent may soon
claim the game, and the chat, went to the log pane only, out of sight
under any window open over the board (Platemail's orders, a playback, a
question).  The warning now stands in the banner while it holds, and in
a notice while a window covers the game; the first chat line heard under
a window is said in the banner until the game is on top again.  A real
server in this process, the real client, 80x24."""

from __future__ import annotations

import random
import time

from tests.server.helpers import play_random, wait_until
from tests.tui.test_lobby import SIZE, ann_at_her_game, real_server, settle
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.modals import Confirm


def _waiting_for(server, side: int):
    """A Spheres of War game of ann (side 0) and bob that waits for
    ``side`` alone; ann's own seat closed again: the id and bob's seat."""
    ann, bob = server.client("ann"), server.client("bob")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    theirs = bob.join(gid)
    mine = ann.resume(gid)
    play_random([mine, theirs], random.Random(4), until=lambda: mine.to_act() == frozenset({side}))
    mine.stop()
    assert wait_until(lambda: theirs.to_act() == frozenset({side}))
    return gid, theirs


async def _at_the_game(pilot, server, gid):
    await ann_at_her_game(pilot, server, gid)
    await pilot.press("enter")
    await settle(pilot, lambda: isinstance(pilot.app.screen, GameScreen), 15)
    screen = pilot.app.screen
    return screen, lambda: str(screen.query_one("#banner").render())


def _notices(app) -> list[str]:
    return [str(notice.message) for notice in app._notifications]


async def test_a_chat_line_heard_under_a_window_is_said_in_the_banner_until_the_game_is_on_top():
    with real_server() as server:
        gid, theirs = _waiting_for(server, 1)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            screen, banner = await _at_the_game(pilot, server, gid)
            await pilot.pause(0.5)
            assert theirs.say("your move soon?")  # with the game on top: the log pane says it, as before
            await settle(pilot, lambda: "your move soon?" in "\n".join(map(str, screen.query_one("#log").lines)),
                         10)
            assert "your move soon?" not in banner()
            app.push_screen(Confirm("A window over the board?"))
            await settle(pilot, lambda: isinstance(app.screen, Confirm))
            time.sleep(1.1)  # the server takes one line a second
            assert theirs.say("are you there")
            time.sleep(1.1)
            assert theirs.say("hello?")
            await settle(pilot, lambda: "bob: are you there (+1)" in banner(), 10)
            app.pop_screen()
            await settle(pilot, lambda: app.screen is screen)
            await settle(pilot, lambda: "are you there" not in banner(), 3)


async def test_the_warning_that_a_claim_is_coming_stands_in_the_banner_and_over_a_window():
    with real_server() as server:
        server.referee.idle_after = 100.0  # what ann's seat is told when she sits
        gid, theirs = _waiting_for(server, 0)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            screen, banner = await _at_the_game(pilot, server, gid)
            live = server.referee.live[gid]
            with live.lock:  # the server's clock set on: 45 s left of ann's 100
                live.changed_at = time.monotonic() - 55.0
                live.active_at.pop(0, None)  # her drafts handed in as the game opened
            server.referee.warn_idle()
            await settle(pilot, lambda: banner().startswith("⚠ claimable in 4"), 5)
            assert banner().endswith("s: act or chat") or " s: act or chat · " in banner()
            assert not any("may claim this game" in text for text in _notices(app))  # the banner is in sight
            app.push_screen(Confirm("A window over the board?"))
            await settle(pilot, lambda: any("bob may claim this game from " in text for text in _notices(app)), 5)
            seat = screen.seats.any_seat
            assert seat.say("still here")  # acting ends the warning: the notice is taken back
            await settle(pilot, lambda: seat.claim_due is None, 5)
            await settle(pilot, lambda: not any("may claim this game" in text for text in _notices(app)), 5)
            app.pop_screen()
            await settle(pilot, lambda: app.screen is screen)
            await settle(pilot, lambda: "claimable" not in banner(), 3)


async def test_the_notice_says_a_time_of_day_and_goes_when_the_game_ends():
    """A tester: the notice said a fixed "in 113 s" while the banner beside
    it counted down, and stayed over the result screen after the game
    ended.  It says when (the time of day the server's warning gives), and
    is taken back with the game over."""
    from core.orders import Concede
    from tui.result import ResultScreen

    with real_server() as server:
        server.referee.idle_after = 100.0
        gid, theirs = _waiting_for(server, 0)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            screen, banner = await _at_the_game(pilot, server, gid)
            live = server.referee.live[gid]
            with live.lock:  # the server's clock set on: 45 s left of ann's 100
                live.changed_at = time.monotonic() - 55.0
                live.active_at.pop(0, None)
            server.referee.warn_idle()
            await settle(pilot, lambda: banner().startswith("⚠ claimable in "), 5)
            app.push_screen(Confirm("A window over the board?"))
            await settle(pilot, lambda: any("may claim this game" in text for text in _notices(app)), 5)
            seat = screen.seats.any_seat
            due = time.localtime(time.time() + seat.claim_due - time.monotonic())
            said = next(text for text in _notices(app) if "may claim this game" in text)
            assert said.startswith(f"bob may claim this game from {due.tm_hour:02d}:"), said
            assert " in 4" not in said and " s:" not in said  # no count that stands still
            assert isinstance(theirs.submit(Concede(1), wait=5), tuple)  # the game ends (bob concedes)
            await settle(pilot, lambda: screen.game.outcome is not None, 10)
            await settle(pilot, lambda: any(isinstance(s, ResultScreen) for s in app.screen_stack), 10)
            await settle(pilot, lambda: not any("may claim this game" in text for text in _notices(app)), 5)
            assert not any("may claim this game" in text for text in _notices(app))
