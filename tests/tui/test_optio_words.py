"""Optio's side panel in the closing (issue 29, "Optio's kudo notice at 0
coins"): a general with no kudo coin is never told a hold pays one."""

from __future__ import annotations

import attrs

from tests.rulesets.optio.helpers import closing
from tests.tui.test_optio import pre_game
from tui.app import SkirmishApp
from tui.game_screen import GameScreen


async def _panel_for(kudos) -> str:
    game = pre_game()
    game = attrs.evolve(game, state=closing(game.state, (0, 0), (4, 4), active=0, kudos=kudos))
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(game)
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        await pilot.press("enter")  # past the hand-over card
        await pilot.pause()
        return str(screen.query_one("#panel").render())


async def test_no_coin_no_offer_to_hold_with_one():
    text = await _panel_for((0, 2))
    assert "pays a kudo" not in text and "pay a kudo" not in text, text
    assert "no kudo coin left" in text
    text = await _panel_for((1, 2))
    assert "hold pays a kudo" in text
