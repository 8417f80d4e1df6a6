"""The side panel's order count agrees with the ``o`` menu (a tester in the
Optio closing: the panel said 4 orders for the selected army while ``o``
listed 5, Hold among them: Hold is the army's order but names no block)."""

from __future__ import annotations

from tests.tui.test_optio_coins import SIZE, _started
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.modals import ChoiceMenu
from tui.side_panel import SidePanel


async def test_the_count_is_what_o_lists_hold_included():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _started(pilot, app)
        screen.query_one(BoardView).move_cursor((1, 1))
        screen.selected = "g-army"
        screen.redraw()
        await pilot.pause()
        count_line = next(line for line in screen.query_one(SidePanel).text.splitlines() if "order(s)" in line)
        await pilot.press("o")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, ChoiceMenu)
        labels = [label for label, _ in menu.choices]
        # Four neighbouring squares from 1,1 and the hold (seed 003's closing).
        assert len(labels) == 5 and any("hold" in label.lower() for label in labels), labels
        assert count_line.split()[0] == "5", count_line
