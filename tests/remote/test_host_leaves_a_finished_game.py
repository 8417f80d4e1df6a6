"""The host leaves a finished hosted game (a tester's Waylights game, Bob
conceded; the host pressed n on its result): the joiner and the onlookers
were told "Host stopped (game saved): waiting for it to resume", and their
seats tried to rejoin every second for a game nothing will resume.  Now
they are told the host has left the finished game and how to leave it,
and they stop trying; the host's terminal says hosting has ended and who
was told.  A game not over still waits for its host, as before."""

from __future__ import annotations

import asyncio

from core.game import start, submit
from core.orders import Concede
from core.registry import find_ruleset
from net import client
from saves.library import battlefield_named
from saves.store import new_save_path, save_game
from tests.remote.helpers import RecordingSeat, showing, until, wait_until
from tests.remote.test_next_game import _facts, _host
from tui.app import SkirmishApp
from tui.newgame import NewGameScreen
from tui.remote.play import STOP_REASON
from tui.result import ResultScreen

SIZE = (80, 24)
PLAYERS = ("Ann", "Bob")
LEAVE = "q on the board, or m on the result, leaves it"  # what they can do


def _conceded(ruleset: str = "waylights"):
    """A game that Bob (side 1) conceded at once."""
    rules = find_ruleset(ruleset)
    game = start(rules, None, battlefield_named(rules.default_battlefield), 7, PLAYERS)
    return submit(game, Concede(1)).game


def _stopped(seat) -> bool:
    """The seat's thread has ended: it no longer tries to rejoin."""
    seat._thread.join(client.RETRY_EVERY * 3)
    return not seat._thread.is_alive()


def test_when_the_host_leaves_a_finished_game_its_seats_say_so_and_stop_trying():
    ended = _conceded()
    assert ended.outcome is not None
    host = _host(_facts(ended), remote_side=1, game=ended)
    joiner = RecordingSeat(host.code, name="Bob")
    onlooker = RecordingSeat(host.code, role="watch")
    try:
        joiner.start()
        onlooker.start()
        assert wait_until(lambda: joiner.outcome() is not None and onlooker.outcome() is not None)
        host.close(STOP_REASON)  # what any host said on leaving, finished game or not (an older one still does)
        for seat in (joiner, onlooker):
            assert wait_until(lambda: seat.status == "host-left"), (seat.role, seat.status, seat.reason)
            assert "has left this finished game" in seat.reason and LEAVE in seat.reason
            assert "resume" not in seat.reason
            assert _stopped(seat), f"the {seat.role}'s seat goes on trying to rejoin a finished game"
    finally:
        joiner.stop()
        onlooker.stop()


def test_a_game_not_over_still_waits_for_its_host():
    rules = find_ruleset("waylights")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 7, PLAYERS)
    host = _host(_facts(game), remote_side=1, game=game)
    joiner = RecordingSeat(host.code, name="Bob")
    try:
        joiner.start()
        host.close(STOP_REASON)
        assert wait_until(lambda: joiner.status == "host-stopped") and joiner.reason == STOP_REASON
        assert not _stopped(joiner)  # it tries again: `skirmish host FILE` resumes it
    finally:
        joiner.stop()


def _texts(app, title: str) -> list[str]:
    return [str(n.message) for n in app._notifications if n.title == title]


async def test_the_host_pressing_n_on_the_result_tells_both_terminals_hosting_has_ended(data_dir):
    ended = _conceded()
    path = new_save_path(ended)
    save_game(ended, path)
    host_app = SkirmishApp(host_path=path)
    async with host_app.run_test(size=SIZE) as pilot:
        assert await until(pilot, lambda: showing(host_app, ResultScreen))
        onlooker = RecordingSeat(host_app.host.code, role="watch")
        await asyncio.to_thread(onlooker.start)
        joiner_app = SkirmishApp(join_code=host_app.host.code, join_name="Bob")
        async with joiner_app.run_test(size=SIZE) as other:
            assert await until(other, lambda: showing(joiner_app, ResultScreen))
            assert await until(pilot, lambda: host_app.host.joined and host_app.host.watchers == 1)
            await pilot.press("n")
            assert await until(pilot, lambda: showing(host_app, NewGameScreen))
            assert host_app.host is None
            told = _texts(host_app, "Hosting has ended")
            assert told and "Bob and 1 onlooker were told you left" in told[0], told
            seat = joiner_app.remote_seat
            assert await until(other, lambda: seat.status == "host-left" and _texts(joiner_app, "The host has left"))
            left = _texts(joiner_app, "The host has left")[0]
            assert "has left this finished game" in left and LEAVE in left
            await other.pause(0.2)
            for note in joiner_app._notifications:  # nothing says it waits for a resume
                assert "resume" not in f"{note.title} {note.message}", (note.title, note.message)
            assert wait_until(lambda: onlooker.status == "host-left")
            joiner_app.stop_joined()
        onlooker.stop()


def test_the_banner_of_a_finished_game_whose_host_left_says_q_leaves():
    """The board behind the result said "Game over · Enter: the result" once
    the host had gone; it says the host has left and q leaves."""
    from types import SimpleNamespace

    from tui.banner import who_plays

    ended = _conceded()
    for status, expected in (("host-left", "Game over · the host has left: q leaves"),
                             ("playing", "Game over · Enter: the result")):
        seat = SimpleNamespace(status=status)
        screen = SimpleNamespace(game=ended, seats=SimpleNamespace(any_seat=seat), single=True)
        assert who_plays(screen, 1) == expected
