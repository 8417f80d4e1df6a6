"""A finished game against the server's computer, watched again from the
lobby (w, then L or x): the whole log holds the computer's reasons, each
just before its order's first event (a tester saw none).  Needs the
game screen's ``reason_notes`` to take a server seat's reasons
(tui/seat_hooks.py ``seat_reason_notes``)."""

from __future__ import annotations

import random

from core.orders import Concede
from core.ruleset import Rejection
from tests.server.helpers import play_random, wait_until
from tests.tui.test_lobby import SIZE, real_server, settle
from tui.app import SkirmishApp


async def test_the_whole_log_of_a_finished_server_game_watched_again_holds_the_computers_reasons():
    from textual.widgets import OptionList

    from net.serverclient import ServerClient
    from tui.game_screen import GameScreen
    from tui.lobby import LobbyScreen
    from tui.why import EventLog

    with real_server() as server:
        gid, _ = server.client("ann").create("waylights", None, ("me", "normal"))
        match = server.referee.live[gid].match
        seat = server.client("ann").resume(gid)
        play_random([seat], random.Random(4), until=lambda: len(match.reasons()) >= 3)
        assert wait_until(lambda: seat.may_act(), 15)
        assert not isinstance(seat.submit(Concede(0), wait=10), Rejection)
        assert wait_until(lambda: seat.outcome() is not None, 10)
        seat.stop()
        with match.lock:
            whole, reasons = match.game, match.reasons()
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = LobbyScreen(lambda: ServerClient.connect(server.socket, "guest:cat"))
            app.push_screen(lobby)
            await settle(pilot, lambda: lobby.lobby is not None and lobby.lobby.finished, 15)
            listing = lobby.query_one(OptionList)
            listing.highlighted = next(i for i in range(listing.option_count)
                                       if listing.get_option_at_index(i).id == f"finished-{gid}")
            await pilot.press("w")
            await settle(pilot, lambda: any(isinstance(s, GameScreen) for s in app.screen_stack), 15)
            screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
            await settle(pilot, lambda: screen.whole_over() is not None, 15)  # the dice checked: the whole game
            wanted = [(r.at, f"» Computer (normal): {r.text}") for r in reasons]
            assert list(screen.reason_notes()) == wanted
            for r in reasons:  # each before its order's first event in the whole log
                assert whole.orders[r.order].side == 1 and whole.log[r.at] is not None
            while not isinstance(app.screen, GameScreen):
                await pilot.press("escape")
                await pilot.pause(0.1)
            await pilot.press("L")
            await settle(pilot, lambda: isinstance(app.screen, EventLog), 10)
            assert sorted(app.screen.notes) == sorted(wanted)
