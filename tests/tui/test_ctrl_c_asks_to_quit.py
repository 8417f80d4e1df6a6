"""ctrl+c, the key a newcomer tries first to leave, asks to quit as ctrl+q
does; in a text box it stays Textual's copy.  A tester pressed it on the
main menu, the board, Platemail's order writer and Waylights' dice split:
nothing happened and nothing was said (Textual's own ctrl+c names the key
bound to ``quit``, and Skirmish's ctrl+q is bound to ``request_quit``)."""

from __future__ import annotations

from textual.widgets import Input

from tui.app import SkirmishApp
from tui.modals import Confirm

SIZE = (80, 24)


async def test_ctrl_c_on_the_main_menu_asks_to_quit_and_n_stays(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        menu = app.screen
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert isinstance(app.screen, Confirm), app.screen
        assert app.screen.question == "Quit Skirmish?"
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is menu and app.is_running


async def test_ctrl_c_in_a_game_asks_too(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "ctrl+g")  # a new game with the form's choices
        await pilot.pause()
        from tui.game_screen import GameScreen

        assert isinstance(app.screen, GameScreen)
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and app.screen.question.startswith("Quit Skirmish? The game is saved")


async def test_in_a_text_box_ctrl_c_does_not_ask(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        boxes = list(app.screen.query(Input))
        assert boxes, "the new-game form has its players' names to type"
        boxes[0].focus()
        await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert not isinstance(app.screen, Confirm)
