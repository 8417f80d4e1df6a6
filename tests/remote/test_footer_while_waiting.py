"""A joined seat's footer, while the other side is to act, offers no key
of the ruleset's that gives orders: a two-terminal Plasto Latros joiner
waiting for the host was offered "t Turn  s Shoot".  Over
real sockets, the joiner's screen as the app builds it (Pilot, 80x24)."""

from __future__ import annotations

from tests.remote.helpers import RecordingSeat, new_host, wait_until
from tests.tui.test_computer import wait_for
from tests.tui.test_glance import screen_text
from tui.app import SkirmishApp
from tui.game_screen import GameScreen

SIZE = (80, 24)


async def test_a_joined_plasto_latros_seat_offers_no_order_keys_while_it_waits():
    host = new_host("plasto_latros")
    joiner = RecordingSeat(host.code, name="Bob")
    try:
        joiner.start()
        assert wait_until(lambda: joiner.status == "playing")
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            app.joining.show(joiner)
            assert await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.is_mounted)
            screen = app.screen
            await pilot.pause()
            assert 1 not in screen.game.to_act, screen.game.to_act  # the host's side acts first
            assert screen.orders == []
            footer = screen_text(app).splitlines()[-1]
            for word in ("Turn", "Shoot"):
                assert f" {word} " not in f"{footer} ", footer
            assert "Arcs" in footer, footer  # shading the arcs gives no order: still offered
            for key in ("t", "s"):
                await pilot.press(key)
            await pilot.pause()
            assert app.screen is screen
    finally:
        joiner.stop()
        host.close()
