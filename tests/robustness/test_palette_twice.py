"""A second command palette is never opened over the first.

At the main menu ctrl+p opened the palette, ctrl+q asked "Quit?" over it,
and a second ctrl+p opened another palette with the same id: Textual ended
the app with ``DuplicateIds`` (and exit status 0).  Found by hand; the
monkey test (test_monkey.py) now has the palette and quit keys in its
alphabet so it would find the like."""

from __future__ import annotations

import pytest
from textual.command import CommandPalette

from tui.app import SkirmishApp


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))


def palettes(app) -> int:
    return sum(isinstance(s, CommandPalette) for s in app.screen_stack)


async def test_palette_quit_palette_at_the_main_menu_keeps_the_app():
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert palettes(app) == 1
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert app.is_running, "the app ended on the second ctrl+p"
        assert app.return_value is None and app._exception is None
        assert palettes(app) == 1, "a second palette was opened over the first"
        # The quit question is still there and still answers.
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running


async def test_palette_opens_again_once_the_first_is_closed():
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert palettes(app) == 0
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert palettes(app) == 1
