"""The whole log (``L``) at 80x24: PgDn and PgUp turn one page of the list
each way, the highlight keeping its row on screen (a tester's report:
from Home, PgDn moved the view ~3 lines while PgUp jumped ~20)."""

from __future__ import annotations

from textual.app import App
from textual.widgets import OptionList

from core.events import Note
from tui.why import EventLog

SIZE = (80, 24)


class Host(App):
    def on_mount(self) -> None:
        self.push_screen(EventLog("Game log", "waylights", "Waylights",
                                  [Note(f"event number {i}") for i in range(120)]))


async def test_page_down_and_up_turn_a_whole_page():
    app = Host()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        listing = app.screen.query_one(OptionList)
        page = listing.scrollable_content_region.height
        assert page >= 15
        await pilot.press("home")
        await pilot.pause()
        assert listing.highlighted == 0 and listing.scroll_y == 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert listing.highlighted == page and listing.scroll_y == page, (listing.highlighted, listing.scroll_y)
        await pilot.press("pagedown")
        await pilot.pause()
        assert listing.highlighted == 2 * page and listing.scroll_y == 2 * page
        await pilot.press("pageup")
        await pilot.pause()
        assert listing.highlighted == page and listing.scroll_y == page
        await pilot.press("pageup")
        await pilot.pause()
        assert listing.highlighted == 0 and listing.scroll_y == 0
        await pilot.press("end")
        await pilot.pause()
        assert listing.highlighted == 119
        await pilot.press("pageup")
        await pilot.pause()
        assert listing.highlighted == 119 - page and listing.scroll_y == listing.max_scroll_y - page


async def test_outside_the_gate_the_list_keeps_textuals_own_page_move(monkeypatch):
    from tui import textual_fixes

    monkeypatch.setattr(textual_fixes, "PAGE_TURN", ((9, 0, 0), (10, 0, 0)))
    app = Host()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        listing = app.screen.query_one(OptionList)
        await pilot.press("home", "pagedown")
        await pilot.pause()
        assert listing.highlighted and listing.scroll_y < listing.highlighted  # Textual's own: a short scroll
