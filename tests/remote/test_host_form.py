"""The host's new-game form (h in the menu, ``skirmish host``) says the
other seat is the joiner's: Player 2 cannot be set to the computer there
(it would be ignored: the person who joins plays it), while Player 1, the
host's side, may still be the computer (as ``skirmish host --computer``).
The form at one keyboard keeps offering the computer for both seats, and
a host's form left with Esc does not make the next new game a hosted one.
Pilot at 80x24, real sockets."""

from __future__ import annotations

import asyncio

from tests.remote.helpers import RecordingSeat, showing, until
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.menu import MainMenu
from tui.newgame import NewGameScreen
from tui.remote.play import HostWaitScreen
from tui.widgets import Cycler

SIZE = (80, 24)


def _shown(app, wid: str) -> str:
    return str(app.screen.query_one(wid, Cycler).render())


async def test_the_hosts_form_gives_player_2_to_the_joiner_and_player_1_may_be_the_computer(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        assert showing(app, NewGameScreen)
        joiner_seat = app.screen.query_one("#seat1", Cycler)
        joiner_seat.focus()
        await pilot.pause()
        for _ in range(3):  # no step reaches the computer
            await pilot.press("right")
            assert joiner_seat.value == "human"
        assert "joins" in _shown(app, "#seat1"), _shown(app, "#seat1")
        said = str(app.screen.query_one("#field-help").render())
        assert "joiner" in said and "computer cannot take it" in said, said
        # The host's own side may be the computer.
        app.screen.query_one("#seat0", Cycler).focus()
        await pilot.press("right")
        assert "the computer (easy)" in _shown(app, "#seat0")
        await pilot.press("ctrl+g")
        assert await until(pilot, lambda: isinstance(app.screen, HostWaitScreen))
        assert app.seat_kinds == ("easy", "human")
        joiner = RecordingSeat(app.screen.code, name="Bob")
        await asyncio.to_thread(joiner.start)
        try:
            assert await until(pilot, lambda: showing(app, GameScreen))
            assert joiner.side == 1
            screen = app.screen
            assert screen.fixed is None and screen.computer is not None and screen.computer.plays(0)
            assert not screen.computer.plays(1)
        finally:
            joiner.stop()
            app.stop_hosting()
            app.close_session()


async def test_the_form_at_one_keyboard_still_offers_the_computer_and_is_not_hosted_after_a_hosts_form(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        assert showing(app, NewGameScreen)
        await pilot.press("escape")
        assert await until(pilot, lambda: isinstance(app.screen, MainMenu))
        await pilot.press("n")
        assert showing(app, NewGameScreen)
        app.screen.query_one("#seat1", Cycler).focus()
        await pilot.press("right")
        assert app.screen.query_one("#seat1", Cycler).value == "easy"
        await pilot.press("ctrl+g")
        assert await until(pilot, lambda: showing(app, GameScreen))
        assert app.host is None and app.seat_kinds == ("human", "easy")
        app.close_session()
