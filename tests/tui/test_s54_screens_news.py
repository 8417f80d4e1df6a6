"""A game's news is the log pane's newest line, never a pop-up over the
game (README, *Playing*): a tester saw "Connection to the server lost:
trying again / the server went away" drawn as a toast over the open
Platemail order writer and its keys.  A server's game against the fake
client of tests/tui/test_lobby.py, at 80x24."""

from __future__ import annotations

from core.seats import Table
from tests.tui.drawn import screen_rows
from tests.tui.test_lobby import SIZE, FakeClient, FakeSeat, log_lines, open_lobby, settle
from tests.tui.test_platemail import deployed_game
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.rulesets.platemail_writer import OrderWriter

LOST = "Connection to the server lost: trying again"


def toasts(app) -> list[str]:
    return [f"{n.title}: {n.message}" for n in app._notifications]


async def key_rows_once_drawn(pilot, app) -> list[str]:
    """The screen's rows that hold the writer's keys, once two reads a
    moment apart agree: under load its hint line is drawn late (it reads
    "letter or ... choose" before "more below: ..." once the menu is laid
    out), and a read in between compared two drawings of the same keys."""
    rows = [row for row in screen_rows(app) if "Esc" in row]
    for _ in range(50):
        await pilot.pause(0.1)
        again = [row for row in screen_rows(app) if "Esc" in row]
        if again == rows:
            return rows
        rows = again
    return rows


async def platemail_at_the_server(pilot, app) -> tuple[GameScreen, FakeSeat]:
    """Alice's Platemail game on the server, both sides deployed: orders to write."""
    client = FakeClient()
    client.add("g1", "platemail", "mine", ("alice", "bob"))
    client.tables["g1"] = Table(deployed_game())
    await open_lobby(pilot, app, client)
    await pilot.press("enter")
    await settle(pilot, lambda: isinstance(app.screen, GameScreen))
    await pilot.pause(0.2)
    seat = app.remote_seat
    seat.KEEPER = "server"  # as net.serverseat.ServerSeat names its keeper
    return app.screen, seat


async def test_a_lost_connection_is_said_in_the_log_not_over_the_order_writer(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen, seat = await platemail_at_the_server(pilot, app)
        app.clear_notifications()
        screen.open_modal(OrderWriter(screen.game, 0, "a1"), None)
        await settle(pilot, lambda: any(isinstance(s, OrderWriter) for s in app.screen_stack))
        keys_before = await key_rows_once_drawn(pilot, app)
        top = app.screen  # the writer's own menu, once drawn
        seat.status, seat.reason = "lost", "the server went away"
        seat.table.replace(seat.table.game)  # its subscribers hear of it, as a server seat's do
        await settle(pilot, lambda: any(LOST in line for line in log_lines(screen)))
        await pilot.pause(0.2)
        assert app.screen is top  # nothing opened over the writer
        assert toasts(app) == []
        said = next(line for line in log_lines(screen) if LOST in line)
        assert "the server went away" in " ".join(log_lines(screen)), said
        assert keys_before and await key_rows_once_drawn(pilot, app) == keys_before
        # Back again: said once, in the log too.
        seat.status, seat.reason = "playing", ""
        seat.table.replace(seat.table.game)
        await settle(pilot, lambda: any("Connected to the server again" in line for line in log_lines(screen)))
        assert toasts(app) == []
        assert sum(LOST in line for line in log_lines(screen)) == 1


async def test_the_banner_still_says_the_connection_is_lost(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen, seat = await platemail_at_the_server(pilot, app)
        seat.status, seat.reason = "lost", "the server went away"
        seat.table.replace(seat.table.game)
        banner = screen.query_one("#banner")
        await settle(pilot, lambda: LOST in str(banner.render()))
        assert not any(LOST in t or "went away" in t for t in toasts(app))
