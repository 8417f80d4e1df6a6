"""A path longer than a pop-up's row wraps after one of its slashes,
never in the middle of a name: a tester read "…/saves/h-bina" on one row
and "ry.json" on the next, which copies as a path that does not exist."""

from __future__ import annotations

from tests.tui.drawn import screen_rows
from tui.app import SkirmishApp
from tui.modals import Confirm, Message
from tui.save_words import break_paths

LONG = "/home/someone-with-a-long-name/.local/share/skirmish/saves/a-folder-of-games/h-binary.json"


def test_break_paths_breaks_only_after_slashes_and_never_in_markup():
    text = f"[b]Delete[/b] {LONG}?"
    broken = break_paths(text, 40)
    assert broken.replace("\n", "") == text  # nothing but line breaks added
    assert all(len(row) <= 40 or "/" not in row for row in broken.split("\n")[1:]), broken
    assert "[/b]" in broken and "h-binary.json?" in broken.split("\n")[-1]
    assert break_paths("short words only", 5) == "short words only"


async def test_a_message_and_a_question_keep_the_file_name_whole_at_80_columns(data_dir):
    for window in (Message("Broken save", f"{LONG} is not a save."), Confirm(f"Delete {LONG}?")):
        app = SkirmishApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(window)
            await pilot.pause()
            await pilot.pause()
            rows = screen_rows(app)
            assert any("h-binary.json" in row for row in rows), "\n".join(rows)
            assert any("a-folder-of-games/" in row for row in rows), "\n".join(rows)
