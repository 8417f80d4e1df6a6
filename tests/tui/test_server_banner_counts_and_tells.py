"""A player's banner at a server's game (a tester, two terminals at 80x24):
the opponent's absence is said on one's own move too, with the claim
following the move (docs/rulings.md *Leaving a server game*); the wait
before a claim counts down by itself; a stopped server is said to the
player on move as to the other, never a ruleset's "your turn"; an
opponent connected but quiet past the server's time is told once, when the
claim opens; and ``q``'s question open when a claim opens is asked again
with it.  A real server in this process, the real client."""

from __future__ import annotations

import random
import re
import time

from tests.server.helpers import play_random
from tests.tui.test_banner_claim_time import ann_left_waiting
from tests.tui.test_claim import waiting_for_bob
from tests.tui.test_flow import log_text
from tests.tui.test_lobby import SIZE, ann_at_her_game, real_server, settle
from tui.app import SkirmishApp
from tui.game_screen import GameScreen


def waiting_for_ann(server, ruleset: str, battle: bool = False):
    """A game of ann (side 0) and bob that now waits for ann alone (in
    Waylights' battle, with ``battle``): its id and bob's seat, connected."""
    ann, bob = server.client("ann"), server.client("bob")
    gid, _ = ann.create(ruleset, None, ("me", "open"))
    theirs = bob.join(gid)
    mine = ann.resume(gid)

    def ready() -> bool:
        if mine.to_act() != frozenset({0}):
            return False
        return not battle or getattr(mine.snapshot().state, "phase", "") == "battle"

    play_random([mine, theirs], random.Random(7), until=ready)
    mine.stop()
    return gid, theirs


async def ann_at_the_board(pilot, server, gid):
    await ann_at_her_game(pilot, server, gid)
    await pilot.press("enter")
    await settle(pilot, lambda: game_screen(pilot.app) is not None, 15)  # under a window it opened, maybe
    screen = game_screen(pilot.app)
    return screen, lambda: str(screen.query_one("#banner").render())


def game_screen(app):
    return next((s for s in app.screen_stack if isinstance(s, GameScreen)), None)


def test_the_time_left_is_rounded_up():
    from tui.banner import time_left

    assert [time_left(s) for s in (300, 230, 61, 60, 59.5, 0.2)] == ["5 min", "4 min", "2 min", "1 min", "60 s", "1 s"]


async def test_on_her_own_move_ann_is_told_bob_is_away_and_that_the_claim_follows_her_move():
    with real_server() as server:
        server.referee.claim_after = 300.0
        gid, theirs = waiting_for_ann(server, "spheres_of_war")
        async with SkirmishApp().run_test(size=SIZE) as pilot:
            screen, banner = await ann_at_the_board(pilot, server, gid)
            await settle(pilot, lambda: banner().startswith("▶ ann"), 10)
            theirs.stop()
            await settle(pilot, lambda: "bob is away" in banner(), 10)
            assert banner().startswith("▶ ann"), banner()  # still her move, said first
            assert "once you have moved" in banner() and "after 5 min" in banner(), banner()
            assert len(banner()) <= 78


async def test_the_wait_before_a_claim_counts_down_by_itself():
    with real_server() as server:
        server.referee.claim_after = 63.0
        gid, theirs = waiting_for_bob(server)
        async with SkirmishApp().run_test(size=SIZE) as pilot:
            screen, banner = await ann_left_waiting(pilot, server, gid, theirs)
            await settle(pilot, lambda: "is away" in banner(), 10)
            assert "bob is away: q claims after 2 min" in banner(), banner()  # 63 s: rounded up

            def seconds() -> int | None:
                found = re.search(r"q claims after (\d+) s", banner())
                return int(found.group(1)) if found else None

            # nothing happens in the game: the count goes on all the same
            await settle(pilot, lambda: seconds() is not None, 8)
            first = seconds()
            assert first is not None and first <= 60
            await settle(pilot, lambda: (seconds() or first) < first, 4)


async def test_the_player_on_move_is_told_the_server_stopped_not_that_it_is_her_turn():
    with real_server() as server:
        gid, theirs = waiting_for_ann(server, "waylights", battle=True)
        async with SkirmishApp().run_test(size=SIZE) as pilot:
            screen, banner = await ann_at_the_board(pilot, server, gid)
            await settle(pilot, lambda: banner().startswith("▶ ann"), 10)  # Waylights' own banner
            seat = screen.seats.any_seat
            server.stop()
            try:
                await settle(pilot, lambda: seat.status != "playing", 15)
                from tui.banner import remote_status

                await settle(pilot, lambda: remote_status(seat) != "" and remote_status(seat) in banner(), 5)
                assert not banner().startswith("▶"), banner()
                assert screen.orders == []  # no cell lit for an order the server cannot take now
            finally:
                theirs.stop()
                server.start()  # stopped again as the test ends


async def test_an_opponent_quiet_past_the_servers_time_is_told_once_when_the_claim_opens():
    with real_server() as server:
        server.referee.idle_after = 4.0
        began = time.monotonic()  # bob's quiet starts after this
        gid, theirs = waiting_for_bob(server)  # bob stays connected, and gives nothing
        async with SkirmishApp().run_test(size=SIZE) as pilot:
            screen, banner = await ann_at_the_board(pilot, server, gid)
            said = "bob has given no order for"
            if time.monotonic() - began < server.referee.idle_after:  # not told before its time (a loaded
                assert said not in log_text(screen)  # machine may take longer than that to reach the board)
            await settle(pilot, lambda: said in log_text(screen), 12)
            assert "q, then w claims the game" in log_text(screen)
            assert "q to claim" in banner(), banner()
            await pilot.pause(4.5)
            assert log_text(screen).count(said) == 1  # once
            await pilot.press("q", "w")  # and the claim it tells of succeeds
            await settle(pilot, lambda: screen.game.outcome is not None, 10)
            assert screen.game.outcome.winner == 0
            theirs.stop()


async def test_qs_question_open_when_the_claim_opens_is_asked_again_with_the_claim():
    from tui.modals import LeaveOrConcede

    with real_server() as server:
        server.referee.claim_after = 3.0
        gid, theirs = waiting_for_bob(server)
        async with SkirmishApp().run_test(size=SIZE) as pilot:
            app = pilot.app
            screen, banner = await ann_left_waiting(pilot, server, gid, theirs)
            await settle(pilot, lambda: "is away" in banner(), 10)
            opened = time.monotonic()
            await pilot.press("q")
            await settle(pilot, lambda: isinstance(app.screen, LeaveOrConcede), 5)
            assert "once bob has been away" in app.screen.claiming
            await settle(pilot, lambda: isinstance(app.screen, LeaveOrConcede)
                         and "Claim the game: bob forfeits" in app.screen.claiming, 8)
            assert time.monotonic() - opened >= 1.0
            assert "The claim is open now" in log_text(screen)
            await pilot.press("w")
            await settle(pilot, lambda: screen.game.outcome is not None, 10)
            assert screen.game.outcome.winner == 0
