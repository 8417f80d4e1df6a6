"""A server game's Platemail orders over a commit the seat could not give.

Ann plays through the shared server (a real server in this process, her
seat shown by the lobby's ``show_seat``).  She writes orders, the server
goes away for a moment (stopped, then started again on the same data, as
a restart does), and she presses p meanwhile: the seat refuses the commit
("not connected").  Before, the orders screen had closed with her orders
and nothing brought them back; the empty list that followed could wipe the
server's copy too.  Now the orders screen comes back holding them, says
why, and they reach the server and are committed once it is back."""

from __future__ import annotations

from textual.widgets import Label

from core.deployment import DeployAll, Ready
from core.ruleset import Rejection
from tests.server.helpers import wait_until
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.lobby_seat import show_seat
from tui.rulesets.platemail_review import SideOrders

SIZE = (80, 24)
DEFEND_ALL_ROUND = ("enter", "d", "h", "d", "d")  # the highlighted character: Defend, IF hit THEN Defend ELSE Defend


async def until(pilot, check, seconds: float = 10.0) -> bool:
    for _ in range(int(seconds / 0.05)):
        if check():
            return True
        await pilot.pause(0.05)
    return bool(check())


def _written_units(drafts: list[dict]) -> list[str]:
    return sorted(text.split("unit=")[1].split()[0] for d in drafts for text in d.get("written") or ())


def _stored_drafts(server, gid: str) -> list[dict]:
    """Ann's (side 0) drafts as the server keeps them with the game."""
    return server.db.drafts(gid).get(0, [])


def _news(screen: SideOrders) -> str:
    return str(screen.query_one("#review-news", Label).render())


def _ann_to_write(server):
    """A Platemail game on ``server``, both sides deployed: Ann's seat (side
    0), Bob's, their clients and the game's id."""
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("platemail", None, ("me", "open"))
    b = bob.join(gid)
    a = ann.resume(gid)
    for seat, order in ((a, DeployAll(0)), (a, Ready(0)), (b, DeployAll(1)), (b, Ready(1))):
        assert not isinstance(seat.submit(order, wait=10), Rejection)
    assert wait_until(lambda: a.may_act() and a.snapshot().state.stage == "orders")
    return a, b, ann, bob, gid


async def test_a_commit_refused_while_the_server_is_away_keeps_the_orders_written(server):
    a, b, ann, bob, gid = _ann_to_write(server)
    app = SkirmishApp()
    try:
        async with app.run_test(size=SIZE) as pilot:
            show_seat(app, a)
            assert await until(pilot, lambda: isinstance(app.screen, GameScreen))
            board = app.screen
            await pilot.press("w")
            assert await until(pilot, lambda: isinstance(app.screen, SideOrders))
            await pilot.press(*DEFEND_ALL_ROUND)  # a1
            assert await until(pilot, lambda: _written_units(_stored_drafts(server, gid)) == ["a1"])

            server.stop()  # the server goes away for a moment
            assert await until(pilot, lambda: a.status in ("host-stopped", "lost")), a.status
            review = app.screen
            assert isinstance(review, SideOrders) and sorted(review.written) == ["a1"]
            await pilot.press("p", "y")  # refused by the seat: not connected
            assert await until(pilot, lambda: "Not connected to the server" in "\n".join(
                str(line.text) for line in board.query_one("#log").lines))
            # The orders screen is back with what was written, saying why.
            assert await until(pilot, lambda: isinstance(app.screen, SideOrders) and app.screen is not review)
            assert sorted(app.screen.written) == ["a1"]
            assert "Nothing was given" in _news(app.screen), _news(app.screen)

            server.start()  # back, on the same data
            assert await until(pilot, lambda: a.status == "playing", 20), a.status
            await pilot.pause(1.0)  # a few of the glue's looks at the drafts: nothing takes them back
            assert _written_units(_stored_drafts(server, gid)) == ["a1"], _stored_drafts(server, gid)
            assert await until(pilot, lambda: "Connected to the server again" in _news(app.screen)), _news(app.screen)
            await pilot.press("p", "y")  # and now the commit is taken, with the order written
            assert await until(pilot, lambda: a.snapshot().state.committed[0], 15)
            assert [o.unit for o in a.known_orders() if getattr(o, "verb", "") == "write"] == ["a1"]
    finally:
        a.stop()
        b.stop()
        ann.close()
        bob.close()


async def test_drafts_lost_on_the_way_as_the_connection_dropped_go_again_once_it_is_back(server):
    """The drafts went out just as the server went away and never arrived:
    once the seat is connected again they go again, unchanged as they are
    (before, the seat and the glue both took them for sent, and the
    server's copy stayed without them)."""
    a, b, ann, bob, gid = _ann_to_write(server)
    app = SkirmishApp()
    try:
        async with app.run_test(size=SIZE) as pilot:
            show_seat(app, a)
            assert await until(pilot, lambda: isinstance(app.screen, GameScreen))
            await pilot.press("w")
            assert await until(pilot, lambda: isinstance(app.screen, SideOrders))
            lost: list = []
            server.referee.drafts = lambda peer, drafts: lost.append(drafts)  # gone with the connection
            await pilot.press(*DEFEND_ALL_ROUND)  # a1
            assert await until(pilot, lambda: lost and _written_units(lost[-1]) == ["a1"])
            server.stop()
            server.start()  # a referee that keeps what it is handed, on the same data
            assert await until(pilot, lambda: a.status == "playing", 20), a.status
            assert await until(pilot, lambda: _written_units(_stored_drafts(server, gid)) == ["a1"]), \
                _stored_drafts(server, gid)
    finally:
        a.stop()
        b.stop()
        ann.close()
        bob.close()


async def test_esc_while_the_server_is_away_goes_back_to_the_board_with_the_orders_kept(server):
    """Esc hands the orders written to the seat; while the server is away
    the seat refuses them.  Reopening the orders screen then held the
    player there (every Esc brought it back) until the server returned:
    now the board shows, the log says the orders are kept, and w opens
    them again; they reach the server once it is back."""
    a, b, ann, bob, gid = _ann_to_write(server)
    app = SkirmishApp()
    try:
        async with app.run_test(size=SIZE) as pilot:
            show_seat(app, a)
            assert await until(pilot, lambda: isinstance(app.screen, GameScreen))
            board = app.screen
            await pilot.press("w")
            assert await until(pilot, lambda: isinstance(app.screen, SideOrders))
            server.stop()
            assert await until(pilot, lambda: a.status in ("host-stopped", "lost")), a.status
            await pilot.press(*DEFEND_ALL_ROUND)  # a1, written while the server is away
            await pilot.press("escape")
            assert await until(pilot, lambda: "what you wrote is kept, and w opens it again" in "\n".join(
                str(line.text) for line in board.query_one("#log").lines))
            await pilot.pause(0.5)
            assert app.screen is board  # the board, not the orders screen again
            assert await until(pilot, lambda: not board.narrator.busy)  # a key would only hurry the news
            await pilot.press("w")
            assert await until(pilot, lambda: isinstance(app.screen, SideOrders)), "\n".join(
                str(line.text) for line in board.query_one("#log").lines)
            assert sorted(app.screen.written) == ["a1"]
            await pilot.press("escape")
            assert await until(pilot, lambda: app.screen is board)
            server.start()
            assert await until(pilot, lambda: a.status == "playing", 20), a.status
            assert await until(pilot, lambda: _written_units(_stored_drafts(server, gid)) == ["a1"]), \
                _stored_drafts(server, gid)
    finally:
        a.stop()
        b.stop()
        ann.close()
        bob.close()
