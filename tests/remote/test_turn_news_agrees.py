"""The host's log and banner agree on whose turn it is (a tester's report):
in Spheres of War, when the joiner's move strikes one of the host's
figures, the defence roll is given for the host by itself (it has no
alternative).  That is not the host's turn to choose: the log must not say
"▶ Your turn" while the banner goes on to "Waiting for Bob".  When the host
then does choose, the log says so and the banner says the host plays.
Over a real socket, on the screen the app builds for the host."""

from __future__ import annotations

import random

import pytest

from core.game import start, submit
from core.registry import find_ruleset
from core.ruleset import Rejection
from saves.library import battlefield_named
from tests.remote.helpers import PLAYERS, RecordingSeat, new_host, until, wait_until
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.rulesets import adapter_for

SIZE = (80, 24)


def log_text(screen) -> str:
    return "\n".join(str(line.text) for line in screen.query_one("#log").lines)


def after_forced(game, adapter):
    """``game`` once the host's orders with no alternative (side 0's) are given."""
    while 0 in game.to_act and game.outcome is None:
        forced = adapter.forced(game, 0, adapter.offered(game, 0, game.legal_orders(0)))
        if forced is None:
            break
        game = submit(game, forced[0]).game
    return game


def struck_by_bob(then: int):
    """A game (random orders) where Ann (the host, side 0) is to choose, her
    order, then Bob's orders up to the one that strikes one of Ann's
    figures, and the game once Ann's forced defence is given, with side
    ``then`` to act next."""
    rules = find_ruleset("spheres_of_war")
    adapter = adapter_for(rules)
    for seed in range(1, 200):
        game = start(rules, None, battlefield_named(rules.default_battlefield), seed, PLAYERS)
        pick = random.Random(seed)
        choice = None  # (the game, Ann's order) at her last choice, with Bob's orders since
        bobs: list = []
        while game.outcome is None:
            side = min(game.to_act)
            order = pick.choice(game.legal_orders(side))
            after = submit(game, order).game
            if side == 0:
                offered = adapter.offered(game, 0, game.legal_orders(0))
                choice = (game, order) if adapter.forced(game, 0, offered) is None else None
                bobs = []
            else:
                bobs.append(order)
            match = getattr(after.state, "match", None)
            if (side == 1 and choice is not None and match is not None and match.struck is not None
                    and after.state.unit(match.struck).side == 0):
                settled = after_forced(after, adapter)
                if settled.outcome is None and settled.to_act == frozenset({then}):
                    return choice[0], choice[1], bobs, settled
            game = after
    raise AssertionError("no such game found")


@pytest.mark.parametrize("then", [1, 0])
async def test_the_hosts_log_says_your_turn_only_when_the_banner_says_the_host_plays(then):
    before, hers, his, settled = struck_by_bob(then)
    host = new_host("spheres_of_war", remote_side=1, game=before)
    bob = RecordingSeat(host.code, name="Bob")
    try:
        bob.start()
        assert wait_until(lambda: host.table is not None and bob.status == "playing")
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            app.hosting.host = host
            app.seat_kinds = ("human", "human")
            app.hosting.play(None)
            await pilot.pause()
            screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
            assert screen.submit(hers)  # Ann's order, from her screen: then Bob's turn
            assert await until(pilot, lambda: not screen.narrator.busy and 1 in host.table.game.to_act)
            assert "Your turn" not in log_text(screen)
            for order in his:  # Bob's, the last strikes one of Ann's figures
                assert not isinstance(bob.submit(order), Rejection), order
            done = len(settled.orders)
            assert await until(pilot, lambda: len(host.table.game.orders) >= done and not screen.narrator.busy)
            await pilot.pause()
            assert host.table.game.orders == settled.orders
            banner = str(screen.query_one("#banner").render()).strip()
            log = log_text(screen)
            assert "is struck and must defend" in log  # the defence, given for the host
            if then == 1:
                assert banner.startswith("Waiting for Bob"), banner
                assert "Your turn" not in log, log
            else:
                assert banner.startswith("▶ Ann to play"), banner
                assert log.splitlines()[-1].startswith("▶ Your turn. Since your last"), log
            app.hosting.host = None
    finally:
        bob.stop()
        host.close()
