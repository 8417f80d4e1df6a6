"""Every ruleset's game screen fits 80x24 with every part on screen; below
that a "make the terminal larger" message covers it, keys do nothing to
the game, and resizing back brings the game back as it was."""

from __future__ import annotations

import pytest

from core.game import start
from core.registry import rulesets
from tests.tui.test_every_ruleset import battlefield_for
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.menu import MainMenu
from tui.modals import TooSmall


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))


def game_screen(app) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


@pytest.mark.parametrize("rules", rulesets(), ids=lambda r: r.name)
async def test_fits_80x24_and_survives_a_too_small_terminal(rules):
    game = start(rules, None, battlefield_for(rules), seed=11, players=("Ann", "Bo"))
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(game)
        await pilot.pause()
        await pilot.press("enter")  # past a handover screen, if the ruleset has one
        await pilot.pause()
        screen = game_screen(app)
        assert not any(isinstance(s, TooSmall) for s in app.screen_stack)
        # Every part of the game screen is on screen at 80x24.
        whole = screen.region
        for selector in ("#banner", "#board", "#side", "#log", "Footer"):
            part = screen.query_one(selector)
            assert part.region.area > 0 and whole.contains_region(part.region), selector
        before = screen.game

        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmall)
        shown = str(app.screen.query_one("#too-small").render())
        assert "70x20" in shown and "80x24" in shown and "larger" in shown
        await pilot.press("d", "r", "tab", "enter", "o", "1")
        await pilot.pause()
        assert screen.game is before, "keys reached the game under the message"
        await pilot.resize_terminal(79, 30)  # one column short is still too small
        await pilot.pause()
        assert isinstance(app.screen, TooSmall)
        assert "79x30" in str(app.screen.query_one("#too-small").render())

        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not any(isinstance(s, TooSmall) for s in app.screen_stack)
        assert game_screen(app).game is before
        assert screen.query_one("#board").region.area > 0


async def test_the_main_menu_too_and_starting_small():
    app = SkirmishApp()
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmall)
        await pilot.press("n")
        await pilot.pause()
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
