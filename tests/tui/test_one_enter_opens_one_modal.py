"""Keys typed fast: "l Enter Enter" in one burst reached the board twice
before the compass the first Enter opened had taken the keyboard, and a
second, identical compass opened under it; once the top one gave its
order the other stayed on screen, refusing every Enter.  One Enter opens
at most one modal: the board gives no order and opens nothing while a
modal is open or being opened."""

from __future__ import annotations

from pathlib import Path

from tests.tui.test_plasto_latros import SIZE, cursor_to, open_game, prepared
from tui import flow
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.modals import Confirm
from tui.rulesets.plasto_latros_modals import FacingPicker


async def test_two_enters_in_one_burst_open_one_compass(tmp_path: Path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, prepared(), tmp_path)
        await cursor_to(pilot, screen, (6, 4))
        await pilot.press("enter")  # a1 selected
        await cursor_to(pilot, screen, (7, 4))
        # both Enters reach the board before the compass is on the screen
        flow.cell_chosen(screen, (7, 4))
        flow.cell_chosen(screen, (7, 4))
        await pilot.pause()
        assert sum(isinstance(s, FacingPicker) for s in app.screen_stack) == 1, app.screen_stack
        await pilot.press("enter")  # the compass gives the move
        await pilot.pause()
        assert screen.game.state.mini("a1").pos == (7, 4)
        assert isinstance(app.screen, GameScreen) and not screen.modal_open


async def test_open_modal_refuses_a_second_while_one_is_open(tmp_path: Path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, prepared(), tmp_path)
        screen.open_modal(Confirm("first?"), None)
        screen.open_modal(Confirm("second?"), None)
        await pilot.pause()
        assert sum(isinstance(s, Confirm) for s in app.screen_stack) == 1, app.screen_stack
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and not screen.modal_open
