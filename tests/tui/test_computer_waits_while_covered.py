"""The game waits while it cannot be seen: with the computer
playing both sides, a terminal made 40x12 showed "The game is safe and
waits here" while play went on unseen from Turn 1, Match 5 to Turn 3,
Match 3; the Quit question let it play on too.  And ctrl+c under that
notice, then the terminal made 80x24 again, left the notice's text
around the question until a key was pressed: it goes at once now
(tui/covered.py, tui/textual_fixes.py ``drop_screen_below``)."""

from __future__ import annotations

from tests.tui.drawn import screen_rows
from tests.tui.test_computer import start_with, wait_for
from tui.app import SkirmishApp
from tui.modals import TooSmall

SIZE = (80, 24)


async def watching(pilot):
    """Spheres of War, the computer (easy) on both sides, no pause between moves, a few moves made."""
    screen = await start_with(pilot, (1, 1))
    await pilot.press("plus", "plus", "plus")
    assert await wait_for(pilot, lambda: len(screen.game.orders) >= 3)
    return screen


async def still(pilot, screen) -> bool:
    """No order is given for two seconds, once the one being thought over (if any) has landed."""
    assert await wait_for(pilot, lambda: screen.computer.thinking is None)
    await pilot.pause(0.5)
    held = len(screen.game.orders)
    await pilot.pause(2.0)
    return len(screen.game.orders) == held


async def test_the_computer_waits_while_the_terminal_is_too_small():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await watching(pilot)
        await pilot.resize_terminal(40, 12)
        assert await wait_for(pilot, lambda: isinstance(app.screen, TooSmall))
        assert await still(pilot, screen)
        held = len(screen.game.orders)
        await pilot.resize_terminal(*SIZE)
        assert await wait_for(pilot, lambda: app.screen is screen)
        assert await wait_for(pilot, lambda: len(screen.game.orders) > held)  # and on it goes


async def test_the_computer_waits_for_the_answer_to_quit():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await watching(pilot)
        await pilot.press("ctrl+q")
        assert await wait_for(pilot, lambda: app.screen is not screen)
        question = app.screen
        assert await still(pilot, screen)
        assert app.screen is question
        held = len(screen.game.orders)
        await pilot.press("n")
        assert await wait_for(pilot, lambda: app.screen is screen)
        assert await wait_for(pilot, lambda: len(screen.game.orders) > held)


async def test_the_notice_under_the_quit_question_goes_as_soon_as_the_terminal_is_large():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await watching(pilot)
        await pilot.resize_terminal(40, 12)
        assert await wait_for(pilot, lambda: isinstance(app.screen, TooSmall))
        await pilot.press("ctrl+c")
        assert await wait_for(pilot, lambda: not isinstance(app.screen, TooSmall))
        question = app.screen
        await pilot.resize_terminal(*SIZE)
        await pilot.pause(0.3)  # no key pressed
        assert not any(isinstance(s, TooSmall) for s in app.screen_stack), app.screen_stack
        assert app.screen is question
        rows = "\n".join(screen_rows(app))
        assert "This terminal is" not in rows and "make the terminal larger" not in rows, rows
        assert "Quit Skirmish?" in rows, rows
        banner = str(screen.query_one("#banner").content).strip()
        assert banner[:12] in rows  # the game shows under it
        assert " · Turn " in banner, banner  # fitted to 80 columns again, not to the 40 it had
        held = len(screen.game.orders)
        await pilot.press("n")
        assert await wait_for(pilot, lambda: app.screen is screen)
        assert await wait_for(pilot, lambda: len(screen.game.orders) > held)
