"""Every registered ruleset is playable through the generic game screen:
random legal orders, given the way a player would (menus, handover), never
raise an internal error and always leave a drawable screen."""

from __future__ import annotations

import random

import pytest

from core.game import start
from core.registry import rulesets
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.game_screen import GameScreen
from tui.modals import ChoiceMenu, Handover, Message
from tui.result import ResultScreen


def battlefield_for(rules):
    from saves.library import shipped_battlefields

    options = rules.default_options()
    fitting = [bf for bf in shipped_battlefields() if rules.check_options(options, bf) is None]
    named = [bf for bf in fitting if bf.name == rules.default_battlefield]
    return (named or fitting)[0]


@pytest.mark.parametrize("rules", rulesets(), ids=lambda r: r.name)
async def test_random_play_through_the_screen(rules):
    game = start(rules, None, battlefield_for(rules), seed=11, players=("Ann", "Bo"))
    app = SkirmishApp()
    pick = random.Random(5)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(game)
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        for _ in range(30):
            top = app.screen
            if isinstance(top, (Handover, Message)):
                await pilot.press("enter")
                continue
            if isinstance(top, ChoiceMenu):
                await pilot.press("1")
                continue
            if isinstance(top, ResultScreen) or screen.game.outcome is not None or not screen.orders:
                break
            assert screen.submit(pick.choice(screen.orders))
            await pilot.pause()
        log = screen.query_one("#log")
        assert not any("internal error" in str(line) for line in log.lines)
        assert screen.query_one(BoardView).picture is not None
        assert len(screen.game.orders) > 0
