"""Leaving the lobby where it is all the app offers (the SSH door, the
browser: tui/lobby.py): Esc or q asks first, since leaving ends Skirmish
(through the door it logs the player out), and a second Esc answers no;
opened from the main menu, Esc goes back to it without a question."""

from __future__ import annotations

from tests.tui.test_lobby import SIZE, settle
from tui.app import SkirmishApp
from tui.lobby import LobbyScreen
from tui.menu import MainMenu
from tui.modals import Confirm


async def test_esc_or_q_at_the_doors_lobby_asks_before_ending_skirmish(tmp_path):
    app = SkirmishApp(lobby=(tmp_path / "no-server", None, True))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, LobbyScreen))
        lobby = app.screen
        for key in ("escape", "q"):
            await pilot.press(key)
            await settle(pilot, lambda: isinstance(app.screen, Confirm))
            assert "Leave the lobby?" in app.screen.question
            assert app.return_code is None  # still running
            await pilot.press("escape" if key == "escape" else "n")  # one Esc too many: no harm
            await settle(pilot, lambda: app.screen is lobby)
            assert app.return_code is None
        await pilot.press("q")
        await settle(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        await settle(pilot, lambda: app.return_code == 0)


async def test_esc_at_the_lobby_opened_from_the_menu_goes_back_to_it(tmp_path):
    app = SkirmishApp(lobby=(tmp_path / "no-server", None, False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, MainMenu))
        assert app.return_code is None
