"""The game screen of a server's game against the server's computer
writes its reasons in the log pane as a local game does (a tester saw
none): "» Computer (normal): …" just before the events of the order it
was for, at any pace of showing the other side's events."""

from __future__ import annotations

import asyncio
import random

import pytest

from tests.server.helpers import play_random
from tests.tui.test_lobby import SIZE, ann_at_her_game, real_server, settle
from tui.app import SkirmishApp


def pane_text(screen) -> str:
    from tui.log_pane import LogPane

    return " ".join(" ".join(strip.text for strip in screen.query_one(LogPane).lines).split())


@pytest.mark.parametrize("pace", ["instant", "normal"])
async def test_the_servers_computer_says_why_in_the_log_pane_before_its_orders_events(pace):
    from tui.game_screen import GameScreen
    from tui.narrator import PACES

    assert pace in PACES
    with real_server() as server:
        gid, _ = server.client("ann").create("waylights", None, ("me", "normal"))
        match = server.referee.live[gid].match
        app = SkirmishApp()
        app.narration_pace = pace
        async with app.run_test(size=SIZE) as pilot:
            await ann_at_her_game(pilot, server, gid)
            await pilot.press("enter")  # her game, resumed
            await settle(pilot, lambda: isinstance(app.screen, GameScreen), 15)
            screen, seat = app.screen, app.remote_seat

            def computer_gave(count: int):
                return lambda: sum(getattr(o, "side", None) == 1 for o in match.game.orders) >= count

            await asyncio.to_thread(play_random, [seat], random.Random(3), computer_gave(3), 60)
            # Settled: the computer has nothing left to do (Ann is to act), so no reason of an order
            # whose events are still on their way is read below (a loaded CI read one).
            await settle(pilot, lambda: (len(seat.reasons) >= 3 and 1 not in match.game.to_act
                                         and len(seat.events()) == len(match.game.log)
                                         and screen.events_seen == len(seat.events())), 15)
            for _ in range(2000):  # a key shows the next event sooner (the cursor moves once none waits)
                if not screen.narrator.busy:
                    break
                await pilot.press("right")
            text = pane_text(screen)
            log = seat.events()
            for reason in seat.reasons:  # each right before its order's first event, as it was sent
                line = " ".join(f"» Computer (normal): {reason.text} {log[reason.seen].sentence}".split())
                assert line in text, (line, text[-600:])
            assert text.count("» Computer (normal): ") == len(seat.reasons)
