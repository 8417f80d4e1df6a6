"""``skirmish watch`` says a game's result in the result screen's words
(tui/result.py ``summarise``): an Optio pre-game given up names no winner
(README: conceding it "names no winner"), and watch said "a draw", a
different outcome, where the result screen said "Player 1 conceded, no
winner" (a tester's game)."""

from __future__ import annotations

from core.game import submit
from core.orders import Concede
from tests.tui.test_watch import SIZE, open_watch, played, saved
from tui.app import SkirmishApp


async def test_a_conceded_optio_game_is_no_draw_in_the_watch_panel(tmp_path):
    game = played("optio", 6)
    assert game.outcome is None
    game = submit(game, Concede(0)).game
    assert game.outcome is not None and game.outcome.winner is None  # Optio's concession names no winner
    path = saved(tmp_path, game)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        await pilot.press("end")
        await pilot.pause()
        panel = str(screen.query_one("#watch-panel").render())
        assert f"Result: {game.players[0]} conceded, no winner (" in panel, panel
        assert "a draw" not in panel, panel
