"""The Load list at 80x24 with more saves than fit: the rows are laid out
for the width left of the scrollbar, so no text is hidden under the bar
(rows listed before the bar appeared were laid out a bar's width too wide)."""

from __future__ import annotations

import shutil

from textual.widgets import OptionList

from core.registry import find_ruleset
from saves.store import save_game, saves_dir
from tests.robustness.hostile import settled
from tests.saves.helpers import play
from tests.tui.drawn import screen_rows
from tui.app import SkirmishApp
from tui.menu import LoadScreen

SIZE = (80, 24)


async def test_rows_of_a_long_load_list_are_never_hidden_under_its_scrollbar():
    folder = saves_dir()
    folder.mkdir(parents=True)
    # Each row wraps after its date; the second line, the time, " · " and the
    # name, is 75 characters: it fits the list without a scrollbar (76
    # columns) but not beside one (74), so the name must go to a line of its own.
    stem = "a-game-saved-under-a-long-name-" + "x" * 34
    first = folder / f"{stem}00.json"
    save_game(play(find_ruleset("spheres_of_war"), seed=4, count=6), first)
    for n in range(1, 16):
        shutil.copy(first, folder / f"{stem}{n:02}.json")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await settled(pilot)
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        listing = app.screen.query_one(OptionList)
        assert listing.show_vertical_scrollbar  # more rows than fit: the bar is there
        inside = listing.scrollable_content_region
        rows = screen_rows(app)[inside.y:inside.y + inside.height]
        shown = [row[inside.x:inside.x + inside.width].strip() for row in rows]
        assert sum(stem in line for line in shown) >= 5, "\n".join(rows)
        # Every name on screen is whole, left of the bar.
        for line in shown:
            if stem in line:
                assert len(line.split(stem, 1)[1]) == 2, "\n".join(rows)
