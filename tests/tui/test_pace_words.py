"""``v`` says what its pace is the pace of: everything of the other
side's that is shown one at a time (tui/narrator.py) -- in Platemail the
other side's commit and the whole Round it resolves, no blow among them --
not "Blows against you" (a tester)."""

from __future__ import annotations

from tests.tui.test_blows_seen import open_against_computer
from tests.tui.test_waylights import log_text
from tui.app import SkirmishApp

SIZE = (80, 24)


async def test_v_names_the_other_sides_play_not_only_blows(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_against_computer(pilot, "normal")
        await pilot.press("v")  # normal -> step
        await pilot.pause()
        said = " ".join(log_text(screen).split())
        assert "The other side's play is shown one per key (v: change)" in said
        assert "Blows against you" not in said
