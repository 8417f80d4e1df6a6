"""While figures are still off the board, ``r`` (Ready) and ``p`` say why
not yet, naming those figures, in words that fit deployment.  A tester: r
did nothing and said nothing, and p said "Nothing ends the turn now: give
the order asked for", which talks of a turn before any turn began."""

from __future__ import annotations

import pytest

from core.game import submit
from tests.tui.test_flow import SIZE, log_text, new, open_at_the_keyboard
from tui.app import SkirmishApp

DEPLOYING = ["spheres_of_war", "plasto_latros", "platemail", "waylights"]


async def _at_the_board(pilot, screen) -> None:
    for _ in range(3):  # a ruleset's own card or question first: Esc looks at the board
        if pilot.app.screen is screen:
            return
        await pilot.press("escape")
        await pilot.pause()
    assert pilot.app.screen is screen


def one_placed(name: str):
    """The first side to deploy has placed one figure of several."""
    game = new(name)
    side = min(game.to_act)
    placing = next(o for o in game.legal_orders(side) if o.verb == "deploy")
    game = submit(game, placing).game
    off = [u.id for u in game.ruleset.units(game.view(side)) if u.side == side and u.pos is None]
    assert off and placing.unit not in off
    return game, side, off


@pytest.mark.parametrize("name", DEPLOYING)
@pytest.mark.parametrize("key", ["r", "p"])
async def test_ready_with_figures_off_the_board_names_them(name, key):
    game, side, off = one_placed(name)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_at_the_keyboard(pilot, game)
        await _at_the_board(pilot, screen)
        assert screen.keyboard_side == side
        await pilot.press(key)
        await pilot.pause()
        said = log_text(screen)
        assert "✗ Not ready yet:" in said and "still off the board" in said
        reason = said[said.rindex("✗ Not ready yet:"):]
        for uid in off:
            assert uid in reason.split("still off")[0]
        assert "turn" not in reason.lower()
        assert "Nothing ends the turn" not in said
        assert screen.local_game().orders == game.orders  # nothing given


async def test_r_says_ready_once_every_figure_is_placed():
    game = new("waylights")
    side = min(game.to_act)
    game = submit(game, next(o for o in game.legal_orders(side) if o.verb == "deploy-all")).game
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_at_the_keyboard(pilot, game)
        await _at_the_board(pilot, screen)
        await pilot.press("r")
        await pilot.pause()
        assert screen.local_game().orders[-1].verb == "ready"
        assert "Not ready yet" not in log_text(screen)
