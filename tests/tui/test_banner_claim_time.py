"""The waiting banner of a server's game whose opponent has gone (a
tester: it read "q to claim the game" the moment they dropped, and q, w
was refused, "has been away for 8 seconds"): until the claim can succeed
the banner says when it will, and once it can it invites it, by itself.
A real server in this process, the real client, 80x24."""

from __future__ import annotations

import time

from tests.tui.test_claim import waiting_for_bob
from tests.tui.test_flow import log_text
from tests.tui.test_lobby import SIZE, ann_at_her_game, real_server, settle
from tui.app import SkirmishApp
from tui.game_screen import GameScreen


class Seat:
    claim_after = 300.0


async def ann_left_waiting(pilot, server, gid: str, theirs):
    """Ann at her game from the lobby, its board on screen, and Bob's
    connection (``theirs``) gone: the screen and a reader of its banner."""
    await ann_at_her_game(pilot, server, gid)
    await pilot.press("enter")
    await settle(pilot, lambda: isinstance(pilot.app.screen, GameScreen), 15)
    screen = pilot.app.screen

    def banner() -> str:
        return str(screen.query_one("#banner").render())

    theirs.stop()
    return screen, banner


def test_the_claim_is_invited_only_once_this_screen_has_seen_them_away_long_enough():
    from tui.banner import claim_words

    assert claim_words(Seat(), None) == " (not connected: q claims it after 5 minutes away)"
    assert claim_words(Seat(), 299.0) == " (not connected: q claims it after 5 minutes away)"
    assert claim_words(Seat(), 300.0) == " (not connected: q to claim the game)"


async def test_the_banner_says_when_the_claim_opens_then_invites_it_when_it_has():
    with real_server() as server:
        server.referee.claim_after = 2.0  # what Ann's seat is told when she sits
        gid, theirs = waiting_for_bob(server)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            screen, banner = await ann_left_waiting(pilot, server, gid, theirs)
            await settle(pilot, lambda: "is away" in banner(), 10)  # short, beside the turn (80 columns)
            gone = time.monotonic()
            assert "bob is away: q claims after 2 s" in banner(), banner()
            assert "q to claim the game" not in banner()
            # Nothing else happens in the game: the banner changes by itself once the claim is open.
            await settle(pilot, lambda: "bob is away: q to claim the game" in banner(), 10)
            assert time.monotonic() - gone >= 1.9
            await pilot.press("q", "w")  # and what it invites succeeds
            await settle(pilot, lambda: screen.game.outcome is not None, 10)
            assert "Cannot claim the game" not in log_text(screen)
            assert screen.game.outcome.winner == 0


async def test_q_s_question_follows_the_banner_once_the_claim_is_open():
    """A tester: with the banner already saying "q to claim the game", q
    still said "once bob has been away for 5 minutes …"."""
    from tui.modals import LeaveOrConcede

    with real_server() as server:
        server.referee.claim_after = 2.0
        gid, theirs = waiting_for_bob(server)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            screen, banner = await ann_left_waiting(pilot, server, gid, theirs)
            await settle(pilot, lambda: "is away" in banner(), 10)
            # Before the claim opens, q's question says when it will.  On a
            # loaded machine the 2 s may run out while the question opens:
            # then the banner has moved on too, and only a question asked
            # with the banner saying "claims after" on both sides of it is read.
            before = banner()
            await pilot.press("q")
            await settle(pilot, lambda: isinstance(app.screen, LeaveOrConcede), 5)
            if "q claims after" in before and "q claims after" in banner():
                assert "once bob has been away for 2 seconds" in app.screen.claiming, app.screen.claiming
            await pilot.press("escape")
            await settle(pilot, lambda: "bob is away: q to claim the game" in banner(), 10)
            await pilot.press("q")
            await settle(pilot, lambda: isinstance(app.screen, LeaveOrConcede), 5)
            question = app.screen.claiming
            assert "has been away for 2 seconds. Claim the game: bob forfeits and you win" in question, question
            assert "once bob has been away" not in question
