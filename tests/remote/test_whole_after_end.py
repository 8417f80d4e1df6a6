"""Once a hosted game is over and the joiner's dice check holds, the
joiner has the whole game (replayed from the revealed seed and orders):
its log is the whole game's, the other side's secret events included (a
Platemail skulker's, rare in play), as the host's and a hot-seat game's
are, and ``w`` on the result screen watches it again.  A real host, the joining
app under Pilot at 80x24."""

from __future__ import annotations

import asyncio
import random

from core.orders import Concede
from core.ruleset import Rejection
from tests.remote.helpers import RecordingSeat, new_host, until, wait_until
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.result import ResultScreen
from tui.watch import WatchScreen

SIZE = (80, 24)


def _host_writes(host, orders: int) -> None:
    """The host's side gives a few random legal orders (Platemail's are written in secret)."""
    rng = random.Random(4)
    seat = host.table.seat(0)
    for _ in range(orders):
        legal = seat.legal_orders()
        if not legal:
            return
        seat.submit(rng.choice([o for o in legal if o.verb != "commit"] or legal))


async def test_after_the_end_a_joined_screen_reads_the_whole_game_and_watches_it_again():
    host = new_host("platemail", remote_side=1)
    try:
        app = SkirmishApp(join_code=host.code, join_name="Bob")
        async with app.run_test(size=SIZE) as pilot:
            assert await until(pilot, lambda: isinstance(app.screen, GameScreen) and host.table is not None)
            screen = app.screen
            await asyncio.to_thread(_host_writes, host, 3)
            assert screen.whole_over() is None  # while the game goes on, only the seat's own view
            await pilot.press("q", "c", "y")
            seat = app.remote_seat
            assert await until(pilot, lambda: seat.whole is not None)
            whole = host.table.game
            assert whole.orders[-1] == Concede(1) and seat.whole == whole
            assert await until(pilot, lambda: isinstance(app.screen, ResultScreen))
            assert screen.readable_log() == whole.log  # the whole game's, now that it is over
            await pilot.press("w")
            assert await until(pilot, lambda: isinstance(app.screen, WatchScreen))
            assert app.screen.final == whole
            # It opens in Bob's own view (side 2), not Player 1's.
            assert app.screen.viewer == 1 and "Bob's view" in str(app.screen.query_one("#watch-banner").render())
            app.stop_joined()
    finally:
        host.close()


async def test_an_onlooker_has_the_whole_game_after_the_end_and_watches_it_again():
    """An onlooker of a hosted game was never sent the host's half of the
    seed, so ``w`` on its result screen was refused with words meant for the
    joiner ("its dice check did not hold").  Now the host reveals to
    onlookers too once the game is over, and the onlooker checks the host's
    half against its promise and the replay against what it was shown."""
    host = new_host("platemail", remote_side=1)
    seats = []
    try:
        joiner = RecordingSeat(host.code, name="Bo")
        joiner.start()
        seats.append(joiner)
        onlooker = RecordingSeat(host.code, role="watch", name="Cy")
        onlooker.start()
        seats.append(onlooker)
        assert wait_until(lambda: onlooker.status == "playing" and host.table is not None)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            app.joining.show(onlooker)
            assert await until(pilot, lambda: isinstance(app.screen, GameScreen))
            await asyncio.to_thread(_host_writes, host, 3)
            assert not isinstance(joiner.submit(Concede(1)), Rejection)
            assert await until(pilot, lambda: onlooker.whole is not None)
            whole = host.table.game
            assert onlooker.whole == whole and onlooker.fairness.startswith("Dice checked")
            assert "only the joiner can check" in onlooker.fairness
            assert await until(pilot, lambda: isinstance(app.screen, ResultScreen))
            await pilot.press("w")
            assert await until(pilot, lambda: isinstance(app.screen, WatchScreen))
            assert app.screen.final == whole
    finally:
        for seat in seats:
            seat.stop()
        host.close()


async def test_a_dice_check_that_comes_after_the_result_opened_is_shown_on_it():
    """A tester's long server game: its result screen opened before the
    dice were checked, and never showed the check (the lobby's later
    look at the game did).  The check, when it comes, is put on the open
    result screen."""
    host = new_host("spheres_of_war", remote_side=1)
    try:
        app = SkirmishApp(join_code=host.code, join_name="Bob")
        async with app.run_test(size=SIZE) as pilot:
            assert await until(pilot, lambda: isinstance(app.screen, GameScreen) and host.table is not None)
            seat = app.remote_seat
            await pilot.press("q", "c", "y")
            assert await until(pilot, lambda: isinstance(app.screen, ResultScreen) and seat.fairness)
            result = app.screen
            late = "Dice checked: a check that came late."
            seat.fairness = late  # as the seat's own check sets it when the reveal arrives
            seat._notify()
            assert await until(pilot, lambda: late in str(result.query_one("#result-text").render()))
            app.stop_joined()
    finally:
        host.close()
