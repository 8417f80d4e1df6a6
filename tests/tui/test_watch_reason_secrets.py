"""Watching a finished game with secrets from one side's view shows the
computer's reasons for the other side's orders only where that view knows
those orders: at the end, as play held them back from the person until
then (``LocalSeat.known_orders``: a side knows the other's orders of a
secret game only once it is over).  A tester watching a finished Platemail
game (both sides the computer) from Player 1's view read, at Round 3's
orders, "» Player 2 (easy): b1: Full Attack a2 …" in the log and in ``x``,
while Player 2's writes were rightly hidden; Optio's hidden blocks the
same.  Each reason here spells out its order, as the real ones do.
Pilot at 80x24."""

from __future__ import annotations

import pytest

from core.playback import positions
from saves.store import save_game
from tests.tui.test_watch import SIZE, open_watch
from tests.tui.test_watch_reasons import finished, log_text
from tui.app import SkirmishApp
from tui.watch import ALL
from tui.why import EventLog

SEATS = ("easy", "easy")


def with_both_sides_reasons(tmp_path, game):
    """``game`` saved as the computer's against itself: a reason before
    every order of either side, naming the order, as the match keeps them."""
    history = positions(game)
    reasons = [{"order": k, "side": order.side, "at": len(history[k].log),
                "text": f"because of order {k}: {order.to_text()}"}
               for k, order in enumerate(game.orders) if getattr(order, "side", None) in (0, 1)]
    path = tmp_path / f"{game.ruleset_name}-computer-both.json"
    save_game(game, path, pending={"reasons": reasons}, seats=SEATS)
    return path, reasons


def said(game, reason) -> str:
    return f"» {game.players[reason['side']]} (easy): {reason['text']}"


@pytest.mark.parametrize("name, orders", [("platemail", 60), ("optio", 40)])
async def test_a_side_view_reads_the_other_sides_reasons_only_at_the_end(tmp_path, name, orders):
    game = finished(name, orders)
    assert game.ruleset.capabilities.hidden_information or game.ruleset.capabilities.simultaneous_orders
    path, reasons = with_both_sides_reasons(tmp_path, game)
    assert {r["side"] for r in reasons} == {0, 1}
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        for viewer in (0, 1):
            screen.viewer = viewer
            for k in range(screen.last):  # every position before the end
                shown = [text for _, text in screen.reason_notes(screen.history[k])]
                drawn = k % 5 == 0  # the log as drawn, at every fifth (drawing each is slow)
                if drawn:
                    screen.index = k
                    screen.redraw()
                    await pilot.pause()
                log = log_text(screen) if drawn else ""
                for reason in reasons:
                    line = said(game, reason)
                    if reason["side"] == viewer and reason["order"] < k:
                        assert line in shown  # its own orders it knows, and why they were given
                    else:
                        assert line not in shown, f"{name}, view {viewer}, position {k}: {line}"
                        assert line[:60] not in log, f"{name}, view {viewer}, position {k}: {line}"
            # the game over, each view reads every reason, as play then showed them
            assert [text for _, text in screen.reason_notes(screen.history[-1])] == [said(game, r) for r in reasons]


async def test_x_at_a_round_still_being_written_lists_no_reason_of_the_other_side(tmp_path):
    """The tester's steps: Player 1's view, a position where the next order
    is Player 2's hidden write, then x."""
    game = finished("platemail", 60)
    path, reasons = with_both_sides_reasons(tmp_path, game)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        assert screen.viewer == 0
        writes = [k for k, order in enumerate(game.orders) if order.verb == "write" and order.side == 1]
        at = writes[len(writes) // 2] + 1  # after one of Player 2's writes, the Round not resolved yet
        assert screen.history[at].ruleset.situation(screen.history[at].state).phase == "orders"
        screen.go(at - 1)
        await pilot.press("right")
        await pilot.press("x")
        await pilot.pause()
        listing = app.screen
        assert isinstance(listing, EventLog)
        rows = " ".join(str(option.prompt) for option in listing._rows())
        given = [r for r in reasons if r["order"] < at]
        assert any(said(game, r) in rows for r in given if r["side"] == 0)  # its own are there
        for reason in given:
            if reason["side"] == 1:
                assert said(game, reason) not in rows and reason["text"] not in rows
        assert all(text.startswith(f"» {game.players[0]} ") for _, text in listing.notes)
        await pilot.press("escape")
        await pilot.pause()
        screen.viewer = ALL  # everything shown: every reason given so far, as before
        assert len(screen.reason_notes(screen.history[at])) == len(given)
