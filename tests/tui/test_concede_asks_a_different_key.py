"""A tester's junk typed at a game (not a bracketed paste) conceded it:
``q``, ``c``, then a ``y`` or Enter anywhere later in the burst.  Now the
concession is given only by ``y`` once its question shows: any other key
(the ``c`` that asked, Enter, a letter) stays in the game, and a key read
before the question was on the screen does not answer it.  Pilot at
80x24, a hot-seat game."""

from __future__ import annotations

import time

import pytest
from textual import events

from core.orders import Concede
from tests.tui.test_computer import wait_for
from tests.tui.test_concede import words
from tests.tui.test_play import new_game
from tui.app import SkirmishApp
from tui.modals import Confirm, LeaveOrConcede
from tui.result import ResultScreen

SIZE = (80, 24)


async def _asked(pilot):
    """The game under way, and its concession question on the screen."""
    screen = await new_game(pilot)
    await pilot.press("d")  # an order given: the game is under way
    await pilot.press("q")
    assert isinstance(pilot.app.screen, LeaveOrConcede)
    await pilot.press("c")
    sure = pilot.app.screen
    assert isinstance(sure, Confirm) and not isinstance(sure, LeaveOrConcede)
    assert "y" in words(sure) and "any other key" in words(sure)
    return screen


@pytest.mark.parametrize("key", ["enter", "c", "x", "space"])
async def test_only_y_concedes_any_other_key_stays(data_dir, key):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _asked(pilot)
        await pilot.press(key)
        assert app.screen is screen and screen.game.outcome is None
        await pilot.press("q", "c", "y")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        assert isinstance(screen.local_game().orders[-1], Concede)


async def test_a_key_read_before_the_question_showed_does_not_answer_it(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _asked(pilot)
        sure = app.screen
        early = events.Key("y", "y")
        early.time = time.monotonic() - 60  # read from the terminal a minute ago, in a burst
        app._driver.send_message(early)
        await pilot.pause()
        await pilot.pause()
        assert app.screen is sure and screen.game.outcome is None  # still asking
        await pilot.press("y")  # typed now
        assert await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))

