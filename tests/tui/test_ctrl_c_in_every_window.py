"""ctrl+c asks the leave question from every window of a game that is not
a text box, as q and ctrl+q do: a modal window (Waylights' dice split,
the ``o`` orders menu, the ``L`` whole log) hid the app's own ctrl+c, so
it did nothing there (README, keys table: q, ctrl+q, ctrl+c)."""

from __future__ import annotations

from core.game import start, submit
from core.registry import find_ruleset
from tests.e2e.test_signals import waylights_at_a_split
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.modals import Confirm, Handover

SIZE = (80, 24)


def spheres_deployed():
    from saves.library import battlefield_named

    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 5, ("Ann", "Bo"))
    for _ in range(4):  # deploy-all and ready, each side
        orders = game.legal_orders(min(game.to_act))
        order = next((o for o in orders if o.verb == "deploy-all"), None) or next(o for o in orders if o.verb == "ready")
        game = submit(game, order).game
    return game


async def asks_to_leave(pilot, window) -> None:
    app = pilot.app
    assert app.screen is window
    await pilot.press("ctrl+c")
    await pilot.pause()
    assert isinstance(app.screen, Confirm), f"ctrl+c did nothing in {type(window).__name__}"
    assert "game" in app.screen.question.lower()  # the leave question, not a bare Quit
    await pilot.press("n")
    await pilot.pause()
    assert app.screen is window and app.is_running


async def test_ctrl_c_in_the_waylights_dice_split_asks_to_leave(data_dir):
    from tui.rulesets.waylights_modals import SplitPicker

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(waylights_at_a_split())
        await pilot.pause()
        await pilot.press("enter")  # the handover card
        assert isinstance(app.screen, SplitPicker)
        await asks_to_leave(pilot, app.screen)


async def test_ctrl_c_in_the_orders_menu_and_the_whole_log_asks_to_leave(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(spheres_deployed())
        await pilot.pause()
        if isinstance(app.screen, Handover):
            await pilot.press("enter")
            await pilot.pause()
        board = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        while app.screen is not board:  # a question of the rules (the Match choice): put aside
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("L")
        await pilot.pause()
        assert app.screen is not board, "L opens the whole log over the board"
        await asks_to_leave(pilot, app.screen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is board
        await pilot.press("o")
        await pilot.pause()
        assert app.screen is not board, "o opens the orders menu over the board"
        await asks_to_leave(pilot, app.screen)
