"""The tester's game, from Ann's game screen at 80x24 (docs/rulings.md,
*Leaving a server game*): Bob's figure is struck and must roll its
defence, and Bob's terminal is killed.  Ann's screen used to stay on
"bob is away: q claims after 5 min" with the roll never made; now the
referee makes it, her log says why, and the game goes on.  A real server
in this process, the real client."""

from __future__ import annotations

from core.rulesets.spheres_of_war.orders import Fight
from tests.server.test_forced_roll_given_by_the_referee import _bobs_figure_struck
from tests.tui.test_flow import log_text
from tests.tui.test_lobby import SIZE, ann_at_her_game, real_server, settle
from tui.app import SkirmishApp
from tui.game_screen import GameScreen


async def test_anns_screen_goes_on_when_the_referee_rolls_for_bob_who_left():
    with real_server() as server:
        gid, hers, his, struck = _bobs_figure_struck(server, 300.0, 1800.0, names=("ann", "bob"))
        taken = len(his.known_orders())
        hers.stop()  # Ann's own screen plays from here
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            await ann_at_her_game(pilot, server, gid)
            await pilot.press("enter")
            await settle(pilot, lambda: isinstance(app.screen, GameScreen), 15)
            screen = app.screen
            await settle(pilot, lambda: "Waiting for bob" in str(screen.query_one("#banner").render()), 10)
            his.stop()  # the tester's killed terminal
            await settle(pilot, lambda: "› bob is not connected: the server gives their only order. "
                         f"{struck} is struck and must defend" in log_text(screen), 10)
            await settle(pilot, lambda: len(screen.game.orders) > taken, 10)
            assert screen.game.orders[taken] == Fight(1, struck)
            # The game goes on to Ann (her own forced rolls her screen gives, and bob's the referee),
            # not waiting on bob's roll with the claim clock running.
            await settle(pilot, lambda: "▶ ann to play" in str(screen.query_one("#banner").render())
                         or screen.game.outcome is not None, 15)
            assert screen.game.outcome is None or screen.game.outcome.reason != "bob left the game"
