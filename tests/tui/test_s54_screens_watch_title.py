"""The watch banner keeps where the game is (the order and the turn) at 80
columns, cutting a long player's name in the view's piece instead: it read
"Watching Plasto Latros · order 12/18 · Bxxxxxxxxxxxxxxxxxxxxxxx's view"
with no turn."""

from __future__ import annotations

from bench.games import battlefield_for, play_random
from core.game import replay
from core.registry import find_ruleset
from saves.store import save_game
from tests.tui.drawn import screen_rows
from tests.tui.test_watch import open_watch
from tui.app import SkirmishApp

SIZE = (80, 24)
LONG = "B" + "x" * 23  # the tester's 24 letters


def finished_with_a_long_name():
    rules = find_ruleset("plasto_latros")
    game = play_random(rules, 5, battlefield_for(rules), cap=400).game
    assert game.outcome is not None  # each side's view is offered once the game is over
    return replay(rules, game.options, game.battlefield, game.seed, ("Ann", LONG), game.orders)


async def test_a_long_name_is_cut_and_the_turn_stays(tmp_path):
    game = finished_with_a_long_name()
    path = tmp_path / "long.json"
    save_game(game, path)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        for _ in range(12):
            await pilot.press("right")
        await pilot.press("v")  # Ann's view, then the long-named player's
        await pilot.pause()
        assert screen.viewer == 1
        rules = game.ruleset
        turn = rules.situation(screen.history[12].state).turn_words(rules.turn_word)
        banner = screen_rows(app)[0].strip()
        assert banner.startswith(f"Watching Plasto Latros · order 12/{len(game.orders)} · B"), banner
        assert banner.endswith(f"'s view · {turn}"), banner
        assert "…" in banner and LONG not in banner, banner
        # The name is cut only as far as needed: the banner fills its row.
        assert len(banner) >= SIZE[0] - 4, banner
        # A short name is not cut.
        await pilot.press("v")  # everything shown
        await pilot.press("v")  # Ann's view
        await pilot.pause()
        assert screen_rows(app)[0].strip() == f"Watching Plasto Latros · order 12/{len(game.orders)} · Ann's view · {turn}"
