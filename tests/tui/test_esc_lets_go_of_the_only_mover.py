"""With one figure able to act the screen picks it (and the cursor jumps
to it); Esc lets go of it, and the next redraws leave it unpicked until
the player picks it again (Tab, or Enter on it) or something happens.
Before, every redraw picked it again, so Esc did nothing.  Plasto Latros'
free Movement (only b2 is free to answer), Pilot at 80x24."""

from __future__ import annotations

from tests.tui.test_p_word_follows_what_p_gives import bo_owed_a_free_movement
from tests.tui.test_plasto_latros import SIZE, open_game
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.game_screen import GameScreen


async def bo_at_his_free_movement(pilot, tmp_path) -> GameScreen:
    screen = await open_game(pilot, bo_owed_a_free_movement(), tmp_path)
    await pilot.press("1")  # take it on the board
    await pilot.pause()
    assert pilot.app.screen is screen
    return screen


async def test_esc_lets_go_of_the_only_mover_and_tab_picks_it_again(tmp_path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await bo_at_his_free_movement(pilot, tmp_path)
        board = screen.query_one(BoardView)
        assert screen.selected == "b2"  # picked for him, the cursor on it
        assert board.cursor == screen.game.state.mini("b2").pos
        await pilot.press("escape")
        await pilot.pause()
        assert screen.selected is None
        await pilot.press("h")  # the cursor moves freely; a redraw picks nothing
        screen.redraw()
        await pilot.pause()
        assert screen.selected is None
        assert board.cursor != screen.game.state.mini("b2").pos
        await pilot.press("tab")
        await pilot.pause()
        assert screen.selected == "b2"


async def test_after_esc_enter_on_the_only_mover_picks_it_again(tmp_path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await bo_at_his_free_movement(pilot, tmp_path)
        await pilot.press("escape")
        await pilot.pause()
        screen.redraw()
        await pilot.pause()
        assert screen.selected is None
        assert screen.query_one(BoardView).cursor == screen.game.state.mini("b2").pos
        await pilot.press("enter")
        await pilot.pause()
        assert screen.selected == "b2"
        await pilot.press("escape")  # and let go again
        await pilot.pause()
        assert screen.selected is None


async def test_once_something_happens_the_only_mover_is_picked_again(tmp_path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await bo_at_his_free_movement(pilot, tmp_path)
        await pilot.press("escape")
        await pilot.pause()
        assert screen.selected is None
        screen.let_go = ("b2", 1, len(screen.game.log) - 1)  # as if an event had come since
        screen.redraw()
        await pilot.pause()
        assert screen.selected == "b2"
