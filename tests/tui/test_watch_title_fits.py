"""The watch banner of a long ruleset's title at 80 columns: the view's
name takes its shorter words ("everything shown") before anything is cut,
and the order count and the turn stay whole.  It read "Watching Optio
terrain pre-game · order 0/32 · everything shown (… · Turn 1/15"."""

from __future__ import annotations

from bench.games import battlefield_for, play_random
from core.registry import find_ruleset
from saves.store import save_game
from tests.tui.drawn import screen_rows
from tests.tui.test_watch import open_watch
from tui.app import SkirmishApp

SIZE = (80, 24)


async def test_everything_shown_fits_beside_optios_title(tmp_path):
    rules = find_ruleset("optio")
    game = play_random(rules, 3, battlefield_for(rules), cap=400).game
    assert game.outcome is not None  # everything is shown once the game is over
    path = tmp_path / "optio.json"
    save_game(game, path)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        for _ in range(2):
            await pilot.press("v")  # side 2's view, then everything
        await pilot.pause()
        assert screen.viewer == "all"
        banner = screen_rows(app)[0].strip()
        assert f"order 0/{len(game.orders)}" in banner, banner
        assert banner.endswith(" · Turn 1/15"), banner
        assert "everything shown" in banner and "…" not in banner, banner
        assert banner.startswith("Watching Optio terrain pre-game"), banner
