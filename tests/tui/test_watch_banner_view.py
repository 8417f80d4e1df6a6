"""The watch banner says whose view is shown in a form that fits 80
columns and still tells the two sides apart.  A tester playing a game
back with space read "order 12/27 · Pla…'s view": "Player 1" cut to
"Pla…" (which "Player 2" would read as well), and the banner took its
padding off twice, so even a view that fitted was cut.  Pilot at 80x24,
each ruleset with the default names."""

from __future__ import annotations

import pytest

from bench.games import battlefield_for, play_random
from core.game import replay, submit
from core.orders import Concede
from core.registry import find_ruleset, rulesets
from saves.store import save_game
from tests.tui.drawn import screen_rows
from tests.tui.test_watch import open_watch
from tui.app import SkirmishApp
from tui.watch import WatchScreen

SIZE = (80, 24)
PLAYERS = ("Player 1", "Player 2")


def finished_between(name: str, players: tuple[str, str]):
    rules = find_ruleset(name)
    game = play_random(rules, 3, battlefield_for(rules), cap=40).game
    if game.outcome is None:
        game = submit(game, Concede(0)).game
    return replay(rules, game.options, game.battlefield, game.seed, players, game.orders)


@pytest.mark.parametrize("name", [r.name for r in rulesets()])
async def test_playing_back_the_banner_names_the_view_whole_or_by_side(tmp_path, name):
    game = finished_between(name, PLAYERS)
    path = tmp_path / f"{name}.json"
    save_game(game, path)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        screen.go(12)
        await pilot.press("minus", "space")  # playing, at 2 s an order: the banner says so as well
        await pilot.pause()
        for side in (0, 1):
            banner = screen_rows(app)[0].strip()
            assert banner == str(screen.query_one("#watch-banner").render()).strip()  # as drawn, not a tick old
            rules = game.ruleset
            state = screen.history[screen.index].state
            situation = rules.situation(state)  # the turn, with its limit as the game's banner says it
            turn = situation.turn_words(rules.turn_word) + (
                "" if situation.deploying else rules.turn_limit_words(state, situation.turn))
            assert f"{PLAYERS[side]}'s view" in banner or f"side {side + 1}'s view" in banner, banner
            assert "…" not in banner, banner
            assert f"order {screen.index}/{len(game.orders)}" in banner and f"· {turn} · playing" in banner, banner
            await pilot.press("v")
            await pilot.pause()
        screen.action_play()


def test_names_a_cut_would_not_tell_apart_give_way_to_the_side_number():
    game = finished_between("plasto_latros", ("Alexander of the North", "Alexander of the South"))
    screen = WatchScreen(game, viewer=1)
    screen.index = 12
    banner = screen.banner_text("Turn 3 · playing", 78)
    assert "side 2's view" in banner and "Alexander" not in banner, banner
    assert banner.endswith("· Turn 3 · playing") and len(banner) <= 78
    # a cut that still tells them apart is kept (as far as it fits)
    screen = WatchScreen(finished_between("plasto_latros", ("Ann", "B" + "x" * 40)), viewer=1)
    screen.index = 12
    banner = screen.banner_text("Turn 3", 78)
    assert "Bxxx" in banner and "…'s view · Turn 3" in banner and len(banner) == 78, banner
