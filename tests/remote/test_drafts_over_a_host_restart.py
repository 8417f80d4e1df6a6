"""A joiner's Platemail drafts over a host that stops and comes back
(a tester's two-terminal game: orders written before the host stopped, more
written while it was away, a commit tried meanwhile and refused "Not
connected"; once the host was back the orders screen said 0/3 and the
host's save held no drafts at all).

A real host (``net.host.Host`` with a strict match saving the drafts, as
the app hosts) and a real joining app in-process.  A refused order never
takes the orders written with it: they stay the joiner's drafts, reach the
host when it is back, and the joiner's orders screen shows them again."""

from __future__ import annotations

from textual.widgets import Label

from core.ruleset import Rejection
from match import Match
from net.client import RemoteSeat
from net.host import Host
from tests.remote.helpers import new_host, showing, until, wait_until
from tests.remote.test_onlooker_screen import log_text
from tests.tui.test_platemail import deployed_game
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.remote.play import STOP_REASON
from tui.rulesets.platemail_review import SideOrders

SIZE = (80, 24)
DEFEND_ALL_ROUND = ("enter", "d", "h", "d", "d")  # the highlighted character: Defend, IF hit THEN Defend ELSE Defend


def _with_match(host: Host, saved: list) -> Match:
    """The host's table held by a strict match that saves every draft as it
    comes (``Hosting.play``), the saves' ``pending`` recorded."""
    match = Match(host.table.game, ("human", "human"), saver=lambda g, pending, kinds: saved.append(pending),
                  strict=True, computers=False, lock=host.lock, table=host.table)
    host.keep_drafts = lambda side, drafts: match.put_drafts(side, drafts, save=True)
    return match


def _written(drafts: list[dict]) -> list[str]:
    """The units of the joiner's written orders in ``drafts``."""
    return sorted(text.split("unit=")[1].split()[0] for d in drafts if d.get("side") == 1
                  for text in d.get("written") or ())


def news_line(review: SideOrders) -> str:
    return str(review.query_one("#review-news", Label).render())


def _units_written(review: SideOrders) -> list[str]:
    return sorted(review.written)


async def test_orders_written_before_and_during_a_host_outage_survive_a_refused_commit():
    game = deployed_game()
    saved: list = []
    host = new_host("platemail", game=game, players=tuple(game.players))
    match = _with_match(host, saved)
    again = None
    try:
        app = SkirmishApp(join_code=host.code)
        async with app.run_test(size=SIZE) as pilot:
            assert await until(pilot, lambda: showing(app, GameScreen))
            board = app.screen
            await pilot.press("w")
            assert await until(pilot, lambda: showing(app, SideOrders))
            await pilot.press(*DEFEND_ALL_ROUND)  # b1
            assert await until(pilot, lambda: _written(match.table.drafts(1)) == ["b1"]), match.table.drafts()
            code, hosting = host.code, dict(host.hosting)
            kept = match.table.drafts(1)

            host.close(STOP_REASON)  # the host's terminal is closed
            seat = app.joining.seat
            assert await until(pilot, lambda: seat.status == "host-stopped"), seat.status
            review = app.screen
            assert isinstance(review, SideOrders)
            await pilot.press("down", *DEFEND_ALL_ROUND)  # b2, while the host is away
            assert await until(pilot, lambda: _units_written(review) == ["b1", "b2"])
            await pilot.press("p", "y")  # commit: refused, the host is not there
            assert await until(pilot, lambda: "Not connected to the host" in log_text(board)), log_text(board)
            assert board.game.state.committed == (False, False)
            # The orders screen comes back as it was, saying why.
            assert await until(pilot, lambda: showing(app, SideOrders) and app.screen is not review)
            assert _units_written(app.screen) == ["b1", "b2"]
            assert "kept here" in news_line(app.screen) and "not connected" in news_line(app.screen)

            # ``skirmish continue`` on the host: the same game and code, its saved drafts.
            again = Host(host.facts, 1, code, hosting, game=game)
            again.open()
            match = _with_match(again, saved)
            match.table.put_drafts(1, kept)
            assert await until(pilot, lambda: seat.status == "playing" and again.joined), seat.status
            # Nothing written is lost: both orders reach the host...
            assert await until(pilot, lambda: _written(match.table.drafts(1)) == ["b1", "b2"]), match.table.drafts()
            await pilot.pause(1.2)  # a few of the app's draft ticks: nothing takes them back
            assert _written(match.table.drafts(1)) == ["b1", "b2"], match.table.drafts()
            assert saved and _written(saved[-1].get("drafts") or []) == ["b1", "b2"], saved[-1]
            # ... and the joiner's orders screen holds them, ready to commit.
            assert await until(pilot, lambda: showing(app, SideOrders))
            assert _units_written(app.screen) == ["b1", "b2"]
            assert await until(pilot, lambda: "Connected to the host again" in news_line(app.screen))
            await pilot.press("p", "y")  # and now the commit is taken, with both orders
            assert await until(pilot, lambda: again.table.game.state.committed == (False, True))
            assert sorted(o.unit for o in again.table.game.orders if o.verb == "write") == ["b1", "b2"]
    finally:
        host.close()
        if again is not None:
            again.close()


def test_a_seat_taken_over_by_another_terminal_says_so_when_it_is_given_an_order():
    """The old terminal's refusal is for good: it names the other terminal,
    not a connection that may come back."""
    host = new_host("platemail", game=deployed_game(), players=("Ann", "Bo"))
    old = RemoteSeat(host.code, name="Bo")
    new = RemoteSeat(host.code, name="Bo", retry=False)
    try:
        old.start()
        order = old.legal_orders()[0]
        new.start()
        assert wait_until(lambda: old.status == "moved"), old.status
        refused = old.submit(order)
        assert isinstance(refused, Rejection) and refused.code == "moved", refused
        assert "Another terminal of yours took this seat" in refused.message, refused.message
        assert "Not connected" not in refused.message
        assert old.not_given == 0  # nothing to keep for later here: the seat plays elsewhere
    finally:
        old.stop()
        new.stop()
        host.close()
