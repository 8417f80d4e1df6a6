"""``q`` while a Waylights window is open (a tester: the banner said
"⚑ ann offers a draw: q to answer", and q did nothing while the dice-split
window was open, only after Esc): the game's ``q`` question opens over the
window, answers the offer, and the window is there again after it, still
the game's open window.  A real server in this process, the real client."""

from __future__ import annotations

from core.orders import OfferDraw
from tests.tui.test_lobby import SIZE, real_server, settle
from tests.tui.test_server_banner_counts_and_tells import ann_at_the_board, waiting_for_ann
from tui.app import SkirmishApp
from tui.modals import LeaveOrConcede
from tui.rulesets.waylights_modals import SplitPicker


async def test_q_in_the_split_window_answers_the_draw_offer_the_banner_names():
    with real_server() as server:
        gid, theirs = waiting_for_ann(server, "waylights", battle=True)
        async with SkirmishApp().run_test(size=SIZE) as pilot:
            app = pilot.app
            screen, banner = await ann_at_the_board(pilot, server, gid)
            await settle(pilot, lambda: isinstance(app.screen, SplitPicker), 10)
            theirs.submit(OfferDraw(1), wait=5)
            await settle(pilot, lambda: "bob offers a draw: q to answer" in banner(), 10)
            await pilot.press("q")
            await settle(pilot, lambda: isinstance(app.screen, LeaveOrConcede), 5)
            assert "bob offers a draw" in app.screen.drawing
            await pilot.press("d")  # declines: play on
            await settle(pilot, lambda: "offers a draw" not in banner(), 10)
            await settle(pilot, lambda: isinstance(app.screen, SplitPicker), 5)  # the split, asked again
            assert sum(isinstance(s, SplitPicker) for s in app.screen_stack) == 1
            assert screen.modal_open
            await pilot.press("q")  # q's question again, left with Esc: the split comes back too
            await settle(pilot, lambda: isinstance(app.screen, LeaveOrConcede), 5)
            await pilot.press("escape")
            await settle(pilot, lambda: isinstance(app.screen, SplitPicker), 5)
            await pilot.press("2")  # and it gives its order
            await settle(pilot, lambda: any(o.side == 0 and type(o).__name__ == "Split"
                                            for o in screen.game.orders[-3:]), 10)
            theirs.stop()
