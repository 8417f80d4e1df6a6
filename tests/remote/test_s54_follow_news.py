"""The joiner's screen following the host into the next game says which
side it plays as the first news of that game, in its log pane, not in a
pop-up over it (README, *Playing*: news is never a pop-up over the log).
Real sockets, Pilot at 80x24."""

from __future__ import annotations

from core.game import start
from net import fairdice
from tests.remote.helpers import until
from tests.remote.test_next_game import _facts, _finished, _host
from tests.tui.test_lobby import log_lines
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.result import ResultScreen

SIZE = (80, 24)


async def test_following_into_the_next_game_says_the_side_in_the_log(data_dir):
    ended = _finished("spheres_of_war", ("Ann", "Bob"))
    host = _host(_facts(ended), remote_side=1, game=ended)
    try:
        app = SkirmishApp(join_code=host.code, join_name="Bob")
        async with app.run_test(size=SIZE) as pilot:
            assert await until(pilot, lambda: isinstance(app.screen, ResultScreen))
            first = app.remote_seat
            rules = ended.ruleset
            half = fairdice.new_half()
            players = ("Bob", "Ann")  # Bob at side 1 now
            host.next_game(_facts(start(rules, None, ended.battlefield, 1, players)), 0,
                           {"host": half, "commit": fairdice.commitment(half)},
                           lambda seed: start(rules, None, ended.battlefield, seed, players))
            assert await until(pilot, lambda: app.remote_seat is not first and isinstance(app.screen, GameScreen)
                                and app.screen.seats.any_seat is app.remote_seat)
            screen = app.screen
            told = "You play Bob (side 1)."
            assert await until(pilot, lambda: told in log_lines(screen)), log_lines(screen)
            await pilot.pause(0.2)
            assert not any("You play" in str(n.message) for n in app._notifications)
            app.stop_joined()
    finally:
        host.close()
