"""A finished game against the server's computer, opened from the lobby
and watched again from its result screen (w): the watch screen has the
computer's reasons, each placed at its own order, and writes them as the
game's log did ("» Computer (normal): …"; a tester saw none in any view).
Where the ruleset keeps orders secret (Platemail), the server sent the
reasons only at the end, and the result says where they went, as a local
game's does.  The result's m goes back to the lobby, and says so."""

from __future__ import annotations

import random

from core.orders import Concede
from core.ruleset import Rejection
from tests.server.helpers import play_random, wait_until
from tests.tui.test_lobby import SIZE, real_server, settle
from tui.app import SkirmishApp


def finished_against_the_computer(server, ruleset: str, reasons_wanted: int):
    """A game of ``ruleset``, ann against the server's computer (normal),
    played until the computer has given ``reasons_wanted`` reasons, then
    conceded by ann: its id, and the whole game and reasons the server has."""
    gid, _ = server.client("ann").create(ruleset, None, ("me", "normal"))
    match = server.referee.live[gid].match
    seat = server.client("ann").resume(gid)
    play_random([seat], random.Random(4), until=lambda: len(match.reasons()) >= reasons_wanted)
    assert wait_until(lambda: seat.may_act(), 15)
    assert not isinstance(seat.submit(Concede(0), wait=10), Rejection)
    assert wait_until(lambda: seat.outcome() is not None, 10)
    seat.stop()
    with match.lock:
        return gid, match.game, match.reasons()


async def result_of_the_finished_game(pilot, app, server, gid):
    """The lobby (as an onlooker), the finished game opened from it, and
    its result screen once this terminal has the whole game."""
    from textual.widgets import OptionList

    from net.serverclient import ServerClient
    from tui.game_screen import GameScreen
    from tui.lobby import LobbyScreen
    from tui.result import ResultScreen

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
    if not isinstance(app.screen, ResultScreen):
        from tui.result_flow import show_result

        show_result(screen)
    await settle(pilot, lambda: isinstance(app.screen, ResultScreen), 10)
    return screen, app.screen


async def test_watching_a_server_game_again_shows_the_computers_reasons_at_their_orders():
    from tui.watch import ALL, WatchScreen

    with real_server() as server:
        gid, whole, reasons = finished_against_the_computer(server, "waylights", 3)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            _screen, result = await result_of_the_finished_game(pilot, app, server, gid)
            await pilot.press("w")
            await settle(pilot, lambda: isinstance(app.screen, WatchScreen), 10)
            watch = app.screen
            # the order of each is the server's own (match.match.Reason), worked out from the whole game
            assert [(r.order, r.side, r.at, r.text) for r in watch.reasons] == \
                [(r.order, r.side, r.at, r.text) for r in reasons]
            watch.viewer = ALL
            lines = watch.reason_notes(watch.history[-1])
            assert [text for _, text in lines] == [f"» Computer (normal): {r.text}" for r in reasons]
            # before its order, a reason is not shown yet
            first = reasons[0].order
            assert all(r.text not in text for r in reasons for _, text in watch.reason_notes(watch.history[first]))


async def test_a_server_games_result_says_m_goes_to_the_lobby():
    with real_server() as server:
        gid, _whole, _reasons = finished_against_the_computer(server, "waylights", 1)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            _screen, result = await result_of_the_finished_game(pilot, app, server, gid)
            words = [label for label, _ in result.choices]
            assert "m  The lobby" in words and "m  Main menu" not in words


async def test_a_platemail_server_games_result_says_the_held_back_reasons_are_in_the_log():
    with real_server() as server:
        gid, _whole, reasons = finished_against_the_computer(server, "platemail", 2)
        count = len(reasons)
        assert count >= 2
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            _screen, result = await result_of_the_finished_game(pilot, app, server, gid)
            assert result.note is not None
            assert f"The computer's reasons for its {count} orders, kept back" in result.note
