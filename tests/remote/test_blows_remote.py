"""Every blow is seen over the network too (issue 29): on a joined seat,
the host's moves arrive as change notices and are shown one at a time at
the player's pace; a key pressed meanwhile shows the next one and gives no
order; "since your last turn" is said once everything has been shown."""

from __future__ import annotations

from core.game import start
from core.registry import find_ruleset
from saves.library import battlefield_named
from tests.remote.helpers import new_host, showing, until
from tui.app import SkirmishApp
from tui.game_screen import GameScreen

SIZE = (80, 24)


def newest(screen: GameScreen) -> str:
    lines = screen.query_one("#log").lines
    return str(lines[-1].text) if lines else ""


async def test_a_joined_seat_sees_the_hosts_moves_one_per_key():
    rules = find_ruleset("plasto_latros")  # no order plays itself: the turn stays
    game = start(rules, None, battlefield_named(rules.default_battlefield), 3, ("Ann", "Bob"))
    host = new_host("plasto_latros", remote_side=1, game=game)
    try:
        app = SkirmishApp(join_code=host.code)
        app.narration_pace = "step"
        async with app.run_test(size=SIZE) as pilot:
            assert await until(pilot, lambda: showing(app, GameScreen))
            screen = app.screen
            local = host.seat(0)
            before = len(local.events())
            while local.to_act() and 0 in local.to_act():
                local.submit(local.legal_orders()[0])
            sent = [e.sentence for e in local.events()[before:] if e.seen_by is None or 1 in e.seen_by]
            assert len(sent) >= 2
            assert await until(pilot, lambda: screen.narrator.busy)
            shown = []
            for _ in range(len(sent) + 5):
                if not screen.narrator.busy:
                    break
                shown.append(newest(screen))
                assert not screen.my_turn  # not yet told: the board is still being shown
                orders = len(screen.game.orders)
                await pilot.press("d")  # would deploy every figure, if it acted
                await pilot.pause()
                assert len(screen.game.orders) == orders
            assert shown == sent  # each of the host's events, the newest line in turn
            assert await until(pilot, lambda: screen.my_turn)
    finally:
        host.close()
