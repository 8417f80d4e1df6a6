"""Plasto Latros, the final turn: Enter on the selected mini at its own cell
is its one relocation spent staying put (*Ending The Game*).  A tester (t2)
spent it so by an Enter meant to do nothing: the compass opened already
pointed at the facing the mini had, and Enter took it.  Now the compass of
staying put points at nothing until a direction key is pressed (as a turn
in place does), Enter before that gives nothing, Esc leaves the mini
unmoved with its relocation unspent; a relocation to another cell still
starts on the facing the mini has."""

from __future__ import annotations

from pathlib import Path

from core.rulesets.plasto_latros.state import Phase
from tests.tui.test_plasto_latros import SIZE, cursor_to, open_game
from tests.tui.test_plasto_latros_doom_and_final import final_turn
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.rulesets.plasto_latros_modals import FacingPicker


async def _select_a2(pilot, screen) -> None:
    await cursor_to(pilot, screen, (0, 0))
    if screen.selected != "a2":
        await pilot.press("enter")
        await pilot.pause()
    assert screen.selected == "a2"


async def test_enter_enter_on_the_mini_itself_spends_no_relocation(tmp_path: Path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, final_turn(), tmp_path)
        state = screen.game.state
        assert state.phase is Phase.FINAL and state.final_moved == ()
        facing = state.mini("a2").facing
        orders = len(screen.game.orders)
        await _select_a2(pilot, screen)
        await pilot.press("enter")  # on a2 itself: the compass of staying put
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, FacingPicker) and "a2 stays put at 0,0" in picker.picker_title
        assert picker.facing is None  # nothing pointed at
        assert f"({facing.arrow})" in str(picker.query_one("#compass").render())  # the way it faces now
        await pilot.press("enter")  # the stray Enter
        await pilot.pause()
        assert app.screen is picker and len(screen.game.orders) == orders
        assert "Nothing pointed yet." in str(picker.query_one("#facing-now").render())
        await pilot.press("escape")  # back to the board: nothing spent
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert len(screen.game.orders) == orders and screen.game.state.final_moved == ()
        # pointed at on purpose (its own facing may be kept), it stays put
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, FacingPicker)
        key = {"N": "k", "S": "j", "E": "l", "W": "h", "NE": "u", "NW": "y", "SE": "n", "SW": "b"}[facing.value]
        await pilot.press(key, "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        after = screen.game.state
        assert after.final_moved == ("a2",) or after.phase is Phase.OVER
        assert after.mini("a2").pos == (0, 0) and after.mini("a2").facing is facing


async def test_a_relocation_elsewhere_still_starts_on_its_facing(tmp_path: Path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, final_turn(), tmp_path)
        facing = screen.game.state.mini("a2").facing
        await _select_a2(pilot, screen)
        await cursor_to(pilot, screen, (1, 0))
        await pilot.press("enter")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, FacingPicker) and "a2: final move to 1,0" in picker.picker_title
        assert picker.facing is facing
