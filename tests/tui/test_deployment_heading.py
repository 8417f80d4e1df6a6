"""Deployment is said one way in every ruleset that has one.

Testers read "Round 0 · deployment" in Waylights and "Round 1 ·
deployment" in Platemail (Spheres of War said "Turn 0 · deploying",
Plasto Latros "Turn 1 · deployment"): no turn has begun while the figures
are set up, so the header says so, ``Deployment · before Round 1``, in
the banner over the board and at the head of the side panel alike."""

from __future__ import annotations

import pytest

from core.game import start
from core.registry import rulesets
from tests.tui.test_every_ruleset import battlefield_for
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.modals import Handover

DEPLOYING = [r for r in rulesets() if r.name in ("spheres_of_war", "plasto_latros", "platemail", "waylights")]


def test_every_ruleset_with_a_deployment_is_listed():
    """The rulesets whose first position is a deployment are the four above."""
    for rules in rulesets():
        game = start(rules, None, battlefield_for(rules), seed=1, players=("Ann", "Bo"))
        assert rules.situation(game.state).deploying == (rules in DEPLOYING), rules.name


@pytest.mark.parametrize("rules", DEPLOYING, ids=lambda r: r.name)
async def test_the_header_says_deployment_before_the_first_turn(rules):
    game = start(rules, None, battlefield_for(rules), seed=1, players=("Ann", "Bo"))
    want = f"Deployment · before {rules.turn_word} 1"
    app = SkirmishApp()
    async with app.run_test(size=(100, 30)) as pilot:
        app.start_game(game)
        await pilot.pause()
        if isinstance(app.screen, Handover):
            await pilot.press("enter")
            await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        banner = str(screen.query_one("#banner").render())
        panel = str(screen.query_one("#panel").render())
        assert want in banner, banner
        assert f"· {rules.turn_word} 0" not in banner and f"· {rules.turn_word} 1" not in banner, banner
        assert panel.splitlines()[0] == f"Deployment, before {rules.turn_word} 1", panel
