"""Testers' report: the help's search line ("rule 27: 3 of 3, in Playing
it well") stayed when the help was reopened later, or when the text was
taken to another section: it named a place no longer shown."""

from __future__ import annotations

from tests.tui.test_help_search import SIZE, open_rules, search, status
from tui.app import SkirmishApp
from tui.help import HelpScreen, open_help


async def test_reopening_the_help_drops_the_last_search_line():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_rules(pilot, app, "spheres_of_war")
        await search(pilot, "rule 27")
        assert status(app).startswith("rule 27: 2 of"), status(app)  # its heading cites rules 23-27
        await pilot.press("escape")  # the help closes
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)
        open_help(app, "spheres_of_war", "Spheres of War")
        await pilot.pause()
        await pilot.pause()
        assert app.screen is screen
        assert not status(app).startswith("rule 27"), status(app)
        await pilot.press("n")  # the search goes on from where it was
        await pilot.pause()
        assert status(app).startswith("rule 27: 3 of"), status(app)


async def test_the_search_line_goes_when_its_section_leaves_the_screen():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_rules(pilot, app, "spheres_of_war")
        await search(pilot, "off the board")
        found = status(app)
        assert found.startswith("off the board: 1 of"), found
        heading = found.split(", in ", 1)[1]
        await pilot.press("home")  # back to the page's top: another section shows
        await pilot.pause()
        await pilot.pause()
        assert not status(app).startswith("off the board"), (heading, status(app))
        await pilot.press("n")
        await pilot.pause()
        assert status(app).startswith("off the board: 2 of") or status(app).startswith("off the board: 1 of 1")
