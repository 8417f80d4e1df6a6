"""A tester's joined Spheres of War screen at 80x24 read "Bob (you, bold):
yellow, R1 R2 R3▅": the side panel's text ran into its scrollbar, so the
line looked cut.  A column is left between them.  Pilot at 80x24, read
from what the screen draws."""

from __future__ import annotations

from tests.tui.drawn import screen_rows
from tests.tui.test_concede import started
from tui.app import SkirmishApp

SIZE = (80, 24)


async def test_the_panels_text_never_touches_its_scrollbar(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot, "spheres_of_war", ("human", "human"))
        await pilot.press("d", "tab")  # deployed, a figure chosen: its lines fill the panel past its rows
        await pilot.pause(0.3)
        scroll = screen.query_one("#side-scroll")
        assert scroll.show_vertical_scrollbar, "the panel holds more than it shows at 80x24"
        bar = scroll.region.right - 1  # the scrollbar's column
        rows = screen_rows(app)
        region = scroll.region
        written = [rows[y][region.x:bar] for y in range(region.y, region.bottom)]
        assert any(line.strip() for line in written)
        touching = [line for line in written if line and line[-1] != " "]
        assert not touching, touching
