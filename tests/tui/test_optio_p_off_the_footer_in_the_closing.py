"""The footer offers ``p End turn`` only while p ends a turn: in Optio's
scouting (even before a block has moved, when p says what the rules ask
first), not in the closing, where each turn ends with the army's move or
hold (seed 003) and p only says so.  A tester read "p End turn" in the
closing, pressed it, and got "Turns end by themselves once both armies are
known."."""

from __future__ import annotations

import attrs

from tests.rulesets.optio.helpers import closing
from tests.tui.test_flow import log_text
from tests.tui.test_optio import game_screen, pre_game
from tests.tui.test_pass_key import footer_keys
from tui.app import SkirmishApp
from tui.modals import Handover

SIZE = (80, 24)


async def _board(pilot, app, game):
    app.start_game(game)
    await pilot.pause()
    if isinstance(app.screen, Handover):
        await pilot.press("enter")
        await pilot.pause()
    return game_screen(app)


async def test_p_is_on_the_footer_in_the_scouting_and_off_it_in_the_closing():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _board(pilot, app, pre_game())
        assert footer_keys(screen).get("p") == "End turn", footer_keys(screen)
    game = pre_game()
    game = attrs.evolve(game, state=closing(game.state, (1, 1), (3, 3), active=0, kudos=(3, 3)))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _board(pilot, app, game)
        assert screen.keyboard_side == 0
        await pilot.pause()
        assert "p" not in footer_keys(screen), footer_keys(screen)
        before = len(log_text(screen))
        await pilot.press("p")  # still says why, if pressed
        await pilot.pause()
        assert "Turns end by themselves" in log_text(screen)[before:]
