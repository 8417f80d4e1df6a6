"""Platemail resumed in Round 2 or later (Continue after SIGHUP): the order
half-way through the writer reopens once its side has the keyboard, and the
last Round's playback that side had already watched before the save is not
played again first (README: drafts reopen "once their own side has the
keyboard"; tui/drafts.py)."""

from __future__ import annotations

import signal

from tests.e2e.test_signals import handlers_installed, send
from tests.robustness.hostile import settled
from tests.tui.test_platemail import SIZE, open_game
from tests.tui.test_platemail_again import after_round_one, to_board
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.modals import Handover
from tui.rulesets.platemail_playback import Playback
from tui.rulesets.platemail_review import SideOrders
from tui.rulesets.platemail_writer import OrderWriter


async def test_a_half_written_order_in_round_two_reopens_after_continue(data_dir):
    game = after_round_one()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        await to_board(pilot, screen)  # past the handover and Round 1's playback
        await pilot.press("w", "enter", "d")  # a1: Defend first; the writer waits at its IF
        await pilot.pause()
        writer = next(s for s in app.screen_stack if isinstance(s, OrderWriter))
        assert writer.unit == "a1" and writer.step == 1 and "IF" in app.screen.menu_title
        assert handlers_installed()
        await send(pilot, signal.SIGHUP)

    again = SkirmishApp(continue_latest=True)
    async with again.run_test(size=SIZE) as pilot:
        await settled(pilot)
        assert isinstance(again.screen, Handover)
        await pilot.press("enter")
        for _ in range(3):
            await pilot.pause()
        # Round 1's playback was watched before the save: the half-written order comes back, not the playback.
        assert not any(isinstance(s, Playback) for s in again.screen_stack)
        writers = [s for s in again.screen_stack if isinstance(s, OrderWriter)]
        assert writers, "the half-written order did not reopen"
        writer = writers[0]
        assert writer.unit == "a1" and writer.step == 1 and writer.acts["first"] is not None
        assert any(isinstance(s, SideOrders) and s.side == 0 for s in again.screen_stack)
        board = next(s for s in again.screen_stack if isinstance(s, GameScreen))
        assert board.keyboard_side == 0


async def test_a_draft_still_waiting_reopens_once_the_playback_is_closed(data_dir, monkeypatch):
    """Where the playback does open first (a ruleset that cannot tell it was
    seen), closing it hands the keyboard back to the waiting draft."""
    monkeypatch.setattr("tui.rulesets.platemail.PlatemailAdapter.drafts_waiting", lambda *args: None)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, after_round_one())
        await to_board(pilot, screen)
        await pilot.press("w", "enter", "d")
        await pilot.pause()
        await send(pilot, signal.SIGHUP)

    again = SkirmishApp(continue_latest=True)
    async with again.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(again.screen, Playback)
        await pilot.press("escape")
        for _ in range(3):
            await pilot.pause()
        writers = [s for s in again.screen_stack if isinstance(s, OrderWriter)]
        assert writers, "the half-written order did not reopen"
        writer = writers[0]
        assert writer.unit == "a1" and writer.step == 1
