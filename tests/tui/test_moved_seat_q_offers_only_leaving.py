"""A server's seat opened in another terminal since ("This seat moved to
another terminal") gives no orders here: its q question offers leaving
only, never "c: concede" or "d: offer a draw" (before, they were offered
and then refused).  The fake client of tests/tui/test_lobby.py, 80x24."""

from __future__ import annotations

from tests.tui.test_lobby import SIZE, FakeClient, open_lobby, settle
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.modals import Confirm, LeaveOrConcede


async def open_server_game(pilot, app) -> GameScreen:
    client = FakeClient()
    client.add("g1", "waylights", "mine", ("alice", "bob"))
    await open_lobby(pilot, app, client)
    await pilot.press("enter")
    await settle(pilot, lambda: isinstance(app.screen, GameScreen))
    return app.screen


async def test_q_at_a_seat_still_here_offers_concede_and_draw():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_server_game(pilot, app)
        await pilot.press("q")
        await settle(pilot, lambda: app.screen is not screen)
        assert isinstance(app.screen, LeaveOrConcede)


async def test_q_at_a_moved_seat_offers_only_leaving():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_server_game(pilot, app)
        seat = app.remote_seat
        seat.status, seat.reason = "moved", "This seat was opened in another terminal."
        seat.legal_orders = lambda: []
        seat.table.replace(seat.table.game)
        banner = screen.query_one("#banner")
        await settle(pilot, lambda: "This seat moved to another terminal" in str(banner.render()))
        await pilot.press("q")
        await settle(pilot, lambda: app.screen is not screen)
        ask = app.screen
        assert type(ask) is Confirm, type(ask)
        shown = str(ask.question)
        assert "concede" not in shown.lower() and "draw" not in shown.lower()
        await pilot.press("c")  # no concession behind it either
        await pilot.pause()
        assert app.screen is ask and screen.game.outcome is None
        await pilot.press("y")
        await settle(pilot, lambda: not isinstance(app.screen, GameScreen) and app.screen is not ask)
