"""The log list that ``x`` opens under Why? (Esc shows it) is the list
``L`` opens: every row of a long line wrapped (a tester saw a reason's
second row lost, "… the only sensible" without "order"), and the list
at its end, not mid-way.  Covered by Why? from its mounting, the list
kept rows wrapped for a width it never had."""

from __future__ import annotations

from textual.widgets import OptionList

from tests.tui.test_computer import SIZE, start_with, wait_for
from tui.app import SkirmishApp
from tui.why import EventLog, WhyView


def shape(screen: EventLog) -> tuple[int, bool]:
    """The list's height in rows (every wrapped row counted), and whether it shows its end."""
    rows = screen.query_one(OptionList)
    return rows.virtual_size.height, rows.scroll_y == rows.max_scroll_y and rows.max_scroll_y > 0


async def test_x_then_esc_shows_the_list_l_shows_wrapped_and_at_its_end(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_with(pilot, (2, 0))  # Spheres of War: the computer (normal) deploys first
        assert await wait_for(pilot, lambda: 1 in screen.game.to_act)
        assert await wait_for(pilot, lambda: len(screen.computer.notes) == 6), screen.computer.notes
        await pilot.press("L")
        await pilot.pause()
        assert isinstance(app.screen, EventLog), app.screen_stack
        by_l = shape(app.screen)
        assert by_l[1], by_l  # L: at its end, past the height of the screen
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, WhyView))
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, EventLog)
        assert shape(app.screen) == by_l
