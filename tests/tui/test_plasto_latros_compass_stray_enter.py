"""Plasto Latros: a turn in place is never spent by a stray Enter.  A
tester's only free mini was picked for them; Enter on it opened the
compass of a turn in place, pointed at a facing next to the one it had,
and a second Enter spent the whole Defending Free Movement on that turn
("a3 turns to face N").  The compass of a turn in place now points at
nothing until a direction key is pressed (the facing it has now is shown
in brackets), and Enter before that says so and gives nothing."""

from __future__ import annotations

from pathlib import Path

from core.board import Facing
from tests.tui.test_plasto_latros import SIZE, cursor_to, open_game, prepared
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.modals import ChoiceMenu
from tui.rulesets.plasto_latros_modals import FacingPicker


async def test_enter_enter_on_the_only_free_mini_spends_nothing(tmp_path: Path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, prepared(), tmp_path)
        # a1 goes behind b1 facing it: b1 is Doomed, Bo is owed a free Movement
        # (as in test_plasto_latros' first test)
        await cursor_to(pilot, screen, (6, 4))
        await pilot.press("enter")
        await cursor_to(pilot, screen, (6, 8))
        await pilot.press("enter", "y", "enter")
        await pilot.pause()
        assert screen.game.state.pending_free == (1,)
        assert isinstance(app.screen, ChoiceMenu)
        await pilot.press("1")  # take it on the board
        await pilot.pause()
        assert screen.selected == "b2"  # the only mini free to answer, picked for Bo
        assert screen.query_one("#board").cursor == (6, 11)
        orders = len(screen.game.orders)
        await pilot.press("enter")  # on b2 itself: the compass of a turn in place
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, FacingPicker) and "turns in place" in picker.picker_title
        assert picker.facing is None  # nothing pointed at
        assert "(↑)" in str(picker.query_one("#compass").render())  # b2 faces N now
        await pilot.press("enter")  # the stray Enter
        await pilot.pause()
        assert app.screen is picker and len(screen.game.orders) == orders
        now = str(picker.query_one("#facing-now").render())
        assert "Nothing pointed yet. Faces N now (↑): point the new facing, then Enter." in now
        assert screen.game.state.pending_free == (1,) and screen.game.state.mini("b2").facing is Facing.N
        await pilot.press("h", "enter")  # W, pointed at: that turn is given
        await pilot.pause()
        assert screen.game.state.mini("b2").facing is Facing.W and screen.game.state.pending_free == ()


async def test_a_move_still_starts_on_the_facing_it_has(tmp_path: Path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, prepared(), tmp_path)
        await cursor_to(pilot, screen, (6, 4))
        await pilot.press("enter")
        await cursor_to(pilot, screen, (6, 6))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, FacingPicker) and app.screen.facing is Facing.S
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert screen.game.state.mini("a1").pos == (6, 6) and screen.game.state.mini("a1").facing is Facing.S
