"""Platemail's Round playback at 80x24 (testers, two terminals): a key the
box does not read is answered, never dropped (``d`` offering a draw did
nothing under it; ``q`` closed it, so the ``d`` that followed reached the
board's Deploy-all key, idle in the orders stage); ``q`` asks the game's
leave question over it; the box leaves the banner line and the footer
uncovered; its lines wrap under their own start, "1st Action" whole."""

from __future__ import annotations

from tests.tui.drawn import screen_text
from tests.tui.test_platemail import SIZE, open_game
from tests.tui.test_platemail_playback_board import a1_moved_game
from tests.tui.test_waylights import log_text
from tui.app import SkirmishApp
from tui.banner import Banner
from tui.game_screen import GameScreen
from tui.modals import Confirm
from tui.rulesets import platemail_playback as pb
from tui.rulesets.platemail_playback import Playback


async def open_playback(pilot) -> tuple[GameScreen, Playback]:
    screen = await open_game(pilot, a1_moved_game())
    await pilot.press("enter")  # Ann's handover: the Round's playback comes first
    await pilot.pause()
    playback = pilot.app.screen
    assert isinstance(playback, Playback) and playback.has_class("beside-board")
    return screen, playback


async def test_a_key_the_box_does_not_read_is_answered_and_q_asks_to_leave_over_it():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen, playback = await open_playback(pilot)
        for key in ("d", "w", "p", "y"):
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is playback and playback.shown == 1, key
            assert str(playback.query_one("#pb-hint").render()) == pb.BUSY_HINT, key
        await pilot.press("q")
        await pilot.pause()
        question = app.screen
        assert isinstance(question, Confirm) and "Leave this game?" in question.question
        await pilot.press("n")  # stay: the box is as it was, and still the game screen's window
        await pilot.pause()
        assert app.screen is playback and playback.shown == 1
        assert screen.modal_open
        await pilot.press("enter")
        assert playback.shown == 2  # its own keys still step it


async def test_q_then_d_offers_a_draw_from_under_the_box():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen, playback = await open_playback(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.press("d")  # the leave question's draw offer
        await pilot.pause()
        assert app.screen is playback  # the box again, at its step
        assert "Ann offers a draw" in log_text(screen)
        # the log is see-through under the box until its last step: its hint line says it
        assert str(playback.query_one("#pb-hint").render()).startswith("Ann offers a draw")


async def test_the_box_leaves_the_banner_and_the_footer_uncovered():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen, playback = await open_playback(pilot)
        box = playback.query_one("#pb-box").region
        banner = screen.query_one(Banner).region
        assert box.y > banner.bottom - 1, (box, banner)  # below the banner's row
        assert box.bottom <= SIZE[1] - 1  # the footer's row stays
        rows = screen_text(app).splitlines()
        assert "╔" not in rows[0] and "═" not in rows[0]


def test_lines_wrap_under_their_start_and_keep_1st_action_whole():
    text = "▶ Round 2, 1st Action Phase: what each character does\n    a3: Charge b3 [NR] — 1st Action"
    lines = pb.wrapped(text, 34).splitlines()
    assert all(len(line) <= 34 for line in lines)
    assert lines[-1].strip().endswith("1st Action") and not lines[-1].startswith(" Action")
    assert lines[1].startswith("  ")  # the title's rest under its words, not at the box's edge
