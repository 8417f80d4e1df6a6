"""Testers' report: L and ctrl+z did nothing, without a word, while the
rule-13 Match menu was open.  They do what they do on the board: L the
whole log (over the menu, Esc back to it), ctrl+z the take back (the
menu goes once an order is taken back: its question is not the game's
any more)."""

from __future__ import annotations

from tests.tui.test_computer import wait_for
from tests.tui.test_flow import log_text
from tests.tui.test_sow_match_menu import SIZE, choosing_a_match
from tests.tui.test_sow_match_menu_keys_idle_reasons_and_help import menu_open
from tui.app import SkirmishApp
from tui.modals import Confirm
from tui.why import EventLog


async def test_l_in_the_match_menu_opens_the_whole_log_and_esc_returns_to_the_menu(data_dir):
    game, pairs = choosing_a_match()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen, menu = await menu_open(pilot, app, game)
        await pilot.press("L")
        assert await wait_for(pilot, lambda: isinstance(app.screen, EventLog))
        assert len(app.screen.events) == len(screen.readable_log())
        await pilot.press("escape")
        assert await wait_for(pilot, lambda: app.screen is menu)
        assert screen.modal_open  # the board still knows the menu is open
        await pilot.press("1")  # and the menu still chooses
        assert await wait_for(pilot, lambda: len(screen.game.orders) == len(game.orders) + 1)
        assert screen.game.orders[-1] == pairs[0]


async def test_ctrl_z_in_the_match_menu_takes_back_and_the_menu_goes(data_dir):
    game, _ = choosing_a_match()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen, menu = await menu_open(pilot, app, game)
        await pilot.press("ctrl+z")
        await pilot.pause()
        if isinstance(app.screen, Confirm):  # the other player's order: both agree first
            await pilot.press("y")
        assert await wait_for(pilot, lambda: len(screen.game.orders) < len(game.orders))
        assert await wait_for(pilot, lambda: menu not in app.screen_stack)
        assert "takes back" in " ".join(log_text(screen).split())
