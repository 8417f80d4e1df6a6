"""Claiming a server game the opponent left, from the game screen at 80x24
(docs/rulings.md, *Leaving a server game*): the banner says the opponent
is not connected, q offers the claim, w asks the referee, which refuses
too early and records the forfeit once the opponent has been away long
enough.  A real server in this process, the real client."""

from __future__ import annotations

import random
import time

from tests.server.helpers import play_random, wait_until
from tests.tui.test_flow import log_text
from tests.tui.test_lobby import SIZE, ann_at_her_game, listed, real_server, settle
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.modals import LeaveOrConcede


def _text(screen) -> str:
    from textual.widgets import Static

    return "\n".join(str(w.render()) for w in screen.query(Static))


def waiting_for_bob(server):
    """A Spheres of War game of ann (side 0) and bob that now waits for
    bob alone (ann has deployed, from a seat of her own, now closed): its
    id, and bob's seat."""
    ann, bob = server.client("ann"), server.client("bob")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    theirs = bob.join(gid)
    mine = ann.resume(gid)
    play_random([mine], random.Random(4), until=lambda: mine.to_act() == frozenset({1}))
    mine.stop()
    return gid, theirs


async def test_q_offers_the_claim_while_the_opponent_is_away_and_w_wins_the_game():
    with real_server() as server:
        server.referee.claim_after = 3600.0
        gid, theirs = waiting_for_bob(server)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await ann_at_her_game(pilot, server, gid)
            assert any(f"#{gid}" in line and "bob's move" in line for line in listed(lobby))
            await pilot.press("enter")
            await settle(pilot, lambda: isinstance(app.screen, GameScreen), 15)
            screen = app.screen
            banner = str(screen.query_one("#banner").render())
            assert "Waiting for bob" in banner and "not connected" not in banner
            # While bob is here, q says when a claim opens (a tester pressed w
            # and nothing happened), and w asks the referee, whose refusal is said.
            await pilot.press("q")
            assert isinstance(app.screen, LeaveOrConcede)
            assert "bob is connected" in app.screen.claiming and "w asks the server" in app.screen.claiming
            await pilot.press("w")
            await settle(pilot, lambda: "Cannot claim the game: bob is connected" in log_text(screen), 10)
            assert not isinstance(app.screen, LeaveOrConcede)
            theirs.stop()
            # Not open yet: the banner says when, not "q to claim" (tests/tui/test_banner_claim_time.py).
            await settle(pilot, lambda: "bob is away: q claims after 60 min"
                         in str(screen.query_one("#banner").render()), 10)
            await pilot.press("q")
            assert isinstance(app.screen, LeaveOrConcede)
            assert "bob is not connected" in app.screen.claiming and "w: claim" in _text(app.screen)
            from textual.widgets import Static

            keys = [w for w in app.screen.query(Static) if "w: claim" in str(w.render())]
            assert len(keys) == 1 and keys[0].size.height == 1  # the four keys on one row at 80 columns
            await pilot.press("w")  # too early: the referee says how long bob has been away
            await settle(pilot, lambda: app.screen is screen)
            await settle(pilot, lambda: "Cannot claim the game: bob has been away for" in log_text(screen), 10)
            assert screen.game.outcome is None
            server.referee.claim_after = 0.0
            await pilot.press("q", "w")
            await settle(pilot, lambda: screen.game.outcome is not None, 10)
            assert screen.game.outcome.winner == 0 and screen.game.outcome.reason == "bob left the game"
            assert wait_until(lambda: server.db.game(gid)["state"] == "over")
            # Leaving the finished game: nothing of Ann's is still being written.
            from tui.result import ResultScreen

            await settle(pilot, lambda: isinstance(app.screen, ResultScreen), 10)
            await pilot.press("escape", "q")
            await settle(pilot, lambda: type(app.screen).__name__ == "Confirm")
            assert app.screen.question == "Leave this finished game? The server keeps this game; the lobby lists it."


async def test_q_offers_the_claim_against_a_connected_opponent_once_the_game_has_waited_long():
    with real_server() as server:
        server.referee.claim_after = 3600.0
        server.referee.idle_after = 0.5  # what the server tells Ann's seat when she sits
        gid, theirs = waiting_for_bob(server)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            await ann_at_her_game(pilot, server, gid)
            await pilot.press("enter")
            await settle(pilot, lambda: isinstance(app.screen, GameScreen), 15)
            screen, seat = app.screen, app.remote_seat
            assert seat.idle_after == 0.5 and seat.claim_after == 3600.0
            server.referee.idle_after = 3600.0  # the referee decides: bob has not been quiet long enough for it
            await settle(pilot, lambda: time.monotonic() - seat.changed_at > 0.6, 5)
            await pilot.press("q")
            assert isinstance(app.screen, LeaveOrConcede)
            assert "The game has waited" in app.screen.claiming and "for bob" in app.screen.claiming
            await pilot.press("w")
            await settle(pilot, lambda: "Cannot claim the game: bob is connected" in log_text(screen), 10)
            server.referee.idle_after = 0.0
            await pilot.press("q", "w")
            await settle(pilot, lambda: screen.game.outcome is not None, 10)
            assert screen.game.outcome.reason == "bob stopped playing"
            assert wait_until(lambda: theirs.outcome() is not None)

