"""On the final board of a game two people played at one keyboard, the
side panel calls neither player "you".  A tester, after a hot-seat game:
"Bob (you, bold)", though both had shared the keyboard."""

from __future__ import annotations

from core.orders import Concede
from tests.tui.test_flow import SIZE, open_at_the_keyboard, waylights
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.result import ResultScreen


def panel(screen: GameScreen) -> str:
    return " ".join(str(screen.query_one("#panel").render()).split())


async def test_the_final_hot_seat_board_calls_nobody_you():
    game = waylights()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_at_the_keyboard(pilot, game)
        for _ in range(3):
            if app.screen is screen:
                break
            await pilot.press("escape")
            await pilot.pause()
        assert screen.shares_keyboard()
        assert "Ann (you, bold)" in panel(screen)  # while playing: the one at the keyboard
        screen.submit(Concede(0))
        await pilot.pause()
        if isinstance(app.screen, ResultScreen):
            await pilot.press("b")  # back to the final board
            await pilot.pause()
        assert app.screen is screen and screen.game.outcome is not None
        shown = panel(screen)
        assert "(you" not in shown
        assert "Ann (bold: had the keyboard last)" in shown


def test_the_side_key_words_without_you():
    from tui.side_panel import nobody_is_you

    sides = ["Ann: cyan, a1", "Bob (you, bold): yellow, b1 b2 b3"]
    assert nobody_is_you(sides) == ["Ann: cyan, a1", "Bob (bold: had the keyboard last): yellow, b1 b2 b3"]
