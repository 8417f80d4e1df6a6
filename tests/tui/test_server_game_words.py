"""What a server's game says at 80x24 (a real server in this process, the
real client): the banner keeps the instruction to claim the game whatever
the opponent's name (shortened by display width), the claim question says
what a forfeit brings in the ruleset in hand (Optio names no winner), and
the concede question never changes a player's name."""

from __future__ import annotations

import random

from rich.cells import cell_len

from tests.server.helpers import play_random
from tests.tui.test_lobby import SIZE, ann_at_her_game, real_server, settle
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.modals import Confirm, LeaveOrConcede

WIDE = "漢字" * 12  # 24 characters, 48 columns


def waiting_for(server, ruleset: str, name: str):
    """A game of ann (side 0) and a player named ``name`` that waits for
    that player alone: its id, and their seat."""
    ann, other = server.client("ann"), server.client("other")
    other.set_name(name)
    gid, _ = ann.create(ruleset, None, ("me", "open"))
    theirs = other.join(gid)
    mine = ann.resume(gid)
    play_random([mine, theirs], random.Random(4),
                until=lambda: mine.to_act() == frozenset({1}) and theirs.may_act())
    mine.stop()
    return gid, theirs


async def at_the_board(pilot, server, gid):
    await ann_at_her_game(pilot, server, gid)
    await pilot.press("enter")
    await settle(pilot, lambda: isinstance(pilot.app.screen, GameScreen), 15)
    return pilot.app.screen


async def test_a_long_wide_name_is_shortened_so_the_claim_instruction_fits_the_banner():
    with real_server() as server:
        gid, theirs = waiting_for(server, "spheres_of_war", WIDE)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            screen = await at_the_board(pilot, server, gid)
            theirs.stop()
            banner = screen.query_one("#banner")

            def shown() -> str:
                return str(banner.render())

            await settle(pilot, lambda: "is away" in shown(), 10)
            text = shown()
            assert cell_len(text) <= SIZE[0] - 2, text  # all of it within the banner (less its padding)
            # The claim is not open yet (the server's 5 minutes): the banner says when (tui/banner.py),
            # short enough to leave the turn beside it (tests/tui/test_banner_away_keeps_the_turn.py).
            assert " is away: q claims after 5 min · " in text, text
            assert text.startswith("漢字") and "…" in text  # the name shortened, not dropped


async def test_the_optio_claim_question_says_no_winner_is_named():
    with real_server() as server:
        server.referee.claim_after = 0.0
        gid, theirs = waiting_for(server, "optio", "bob")
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            screen = await at_the_board(pilot, server, gid)
            theirs.stop()
            await settle(pilot, lambda: "not connected" in str(screen.query_one("#banner").render()), 10)
            await pilot.press("q")
            await settle(pilot, lambda: isinstance(app.screen, LeaveOrConcede))
            claim = app.screen.claiming
            assert "you win" not in claim and "bob forfeits" in claim
            assert "no battlefield is chosen" in claim  # Optio's word for what is left undecided
            await pilot.press("w")
            await settle(pilot, lambda: screen.game.outcome is not None, 10)
            assert screen.game.outcome.winner is None  # as the question said


async def test_the_concede_question_keeps_the_winners_name_as_it_is():
    with real_server() as server:
        gid, theirs = waiting_for(server, "spheres_of_war", "t52nbob")
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            await at_the_board(pilot, server, gid)
            await pilot.press("q")
            await settle(pilot, lambda: isinstance(app.screen, LeaveOrConcede))
            await pilot.press("c")
            await settle(pilot, lambda: isinstance(app.screen, Confirm))
            question = str(app.screen.question)
            assert "t52nbob wins" in question and "T52nbob" not in question
            theirs.stop()
