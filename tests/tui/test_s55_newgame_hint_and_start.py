"""The new-game form at 80x24: the field help follows the focus however
quickly Tab is pressed (a focus event climbs to the screen one parent at a
time, so one from a deep field came after the next field's and left its
help showing), and on the Battlefield field the Start button stays in
sight below a description of three lines."""

from __future__ import annotations

from textual import events
from textual.containers import VerticalScroll
from textual.widgets import Static

from tests.tui.test_newgame import open_form, text
from tui.app import SkirmishApp
from tui.widgets import Cycler

SIZE = (80, 24)


async def settle(pilot, done, tries: int = 20) -> bool:
    """Let the app work until ``done()`` holds (or it stops changing)."""
    for _ in range(tries):
        if done():
            return True
        await pilot.pause()
    return done()


async def test_the_help_follows_five_quick_tabs():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "plasto_latros")
        await pilot.pause()
        help_line = form.query_one("#field-help", Static)
        battlefield = form.query_one("#battlefield", Cycler)
        safety = next(w for w in form.query("#options *") if (w.id or "").endswith("safety_limit"))
        form.set_focus(safety)
        await settle(pilot, lambda: "hard stop" in text(help_line))
        for _ in range(4):  # back to the field four Tabs before the battlefield
            await pilot.press("shift+tab")
        await pilot.pause()
        # Five Tabs in one go, as one read from the terminal brings them.
        for _ in range(5):
            app.post_message(events.Key("tab", "\t"))
        await settle(pilot, lambda: app.focused is battlefield and "Where the battle" in text(help_line))
        assert app.focused is battlefield
        assert text(help_line) == form.field_help(battlefield)
        assert "hard stop" not in text(help_line)


async def test_start_stays_in_sight_below_a_three_line_description():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot, "plasto_latros")
        await pilot.pause()
        battlefield = form.query_one("#battlefield", Cycler)
        form.set_focus(battlefield)
        await pilot.pause()
        about, start = form.query_one("#bf-about", Static), form.query_one("#start")
        scroller = form.query_one(VerticalScroll)

        def start_shown() -> bool:
            return (start.region.height == 3 and scroller.region.y <= start.region.y
                    and start.region.bottom <= scroller.region.bottom)

        three_lines = 0
        for _ in range(len(battlefield.values)):
            await pilot.press("right")
            await settle(pilot, start_shown)
            if about.region.height >= 3:
                three_lines += 1
            assert start_shown(), (battlefield.value, start.region, scroller.region)
            assert battlefield.region.height == 1  # the field itself still shows
            assert scroller.region.y <= battlefield.region.y < scroller.region.bottom
        assert three_lines, "no battlefield with a three-line description was tried"
