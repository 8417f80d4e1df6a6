"""``x`` does what the help says: Why? on the newest log line at once (it
opened the log list at its end, and Enter was still needed), over the same
list ``L`` opens, the computer's reasons included (a tester found
"» Player 2 (normal): …" missing from the list ``x`` opened)."""

from __future__ import annotations

from textual.widgets import OptionList

from tests.tui.test_computer import SIZE, start_with, wait_for
from tui.app import SkirmishApp
from tui.why import EventLog, WhyView


def listed(screen: EventLog) -> list[str]:
    rows = screen.query_one(OptionList)
    return [str(rows.get_option_at_index(i).prompt) for i in range(rows.option_count)]


async def test_x_opens_why_on_the_newest_line_over_the_list_l_shows(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_with(pilot, (2, 0))  # Spheres of War: the computer (normal) deploys first
        assert await wait_for(pilot, lambda: 1 in screen.game.to_act)
        assert await wait_for(pilot, lambda: len(screen.computer.notes) == 6), screen.computer.notes
        assert app.screen is screen
        await pilot.press("L")
        await pilot.pause()
        whole = app.screen
        assert isinstance(whole, EventLog)
        l_rows = listed(whole)
        assert sum(r.startswith("     » Player 1 (normal): ") for r in l_rows) == 6
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        newest = screen.readable_log()[-1].sentence
        await pilot.press("x")
        await pilot.pause()
        why = app.screen
        assert isinstance(why, WhyView), why  # no Enter needed
        assert why.why.title == newest
        await pilot.press("escape")
        await pilot.pause()
        behind = app.screen
        assert isinstance(behind, EventLog)
        assert listed(behind) == l_rows  # the reasons too, where L shows them
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_the_list_x_opens_has_the_computers_reasons(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_with(pilot, (2, 0))
        assert await wait_for(pilot, lambda: 1 in screen.game.to_act)
        assert await wait_for(pilot, lambda: len(screen.computer.notes) == 6), screen.computer.notes
        await pilot.press("x")
        await pilot.pause()
        log = next(s for s in app.screen_stack if isinstance(s, EventLog))
        rows = listed(log)
        assert sum(r.startswith("     » Player 1 (normal): ") for r in rows) == 6, rows
