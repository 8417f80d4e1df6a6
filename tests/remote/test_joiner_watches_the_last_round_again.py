"""A hosted Platemail game's joiner is offered the last Round again on the
result screen (``e``), as the host is: watching a Round again is no choice
of what follows the game, which stays the host's (``r`` still says so).
Under Pilot at 80x24, real sockets."""

from __future__ import annotations

import attrs

from core.deployment import DeployAll, Ready
from core.game import start, submit
from core.registry import find_ruleset
from core.rulesets.platemail.state import Commit
from saves.library import battlefield_named
from tests.remote.helpers import showing, until
from tests.remote.test_next_game import _facts, _host
from tui.app import SkirmishApp
from tui.result import ResultScreen
from tui.rulesets.platemail_playback import Playback

SIZE = (80, 24)


def one_round_game():
    """A Platemail game of one Round, played to its end (nobody wrote
    orders: everyone Defends)."""
    rules = find_ruleset("platemail")
    options = attrs.evolve(rules.default_options(), round_limit=1)
    game = start(rules, options, battlefield_named(rules.default_battlefield), seed=4, players=("Ann", "Bob"))
    for order in (DeployAll(0), Ready(0), DeployAll(1), Ready(1), Commit(0), Commit(1)):
        game = submit(game, order).game
    assert game.outcome is not None
    return game


async def test_the_joiner_watches_the_last_round_again_and_the_rematch_stays_the_hosts():
    ended = one_round_game()
    host = _host(_facts(ended), remote_side=1, game=ended)
    try:
        app = SkirmishApp(join_code=host.code, join_name="Bob")
        async with app.run_test(size=SIZE) as pilot:
            assert await until(pilot, lambda: showing(app, ResultScreen))
            result = app.screen
            offered = [value for _label, value in result.choices]
            assert "extra" in offered and "rematch" not in offered, offered
            await pilot.press("r")
            await pilot.pause()
            assert app.screen is result
            assert "Only the host chooses" in str(result.query_one("#result-hint").render())
            await pilot.press("e")
            assert await until(pilot, lambda: showing(app, Playback))
            await pilot.press("a")
            # the whole Round, as the game is over: both sides' characters
            assert "a1: Defend" in app.screen.shown_text() and "b1: Defend" in app.screen.shown_text()
            await pilot.press("escape")
            assert await until(pilot, lambda: showing(app, ResultScreen))
            app.stop_joined()
    finally:
        host.close()
