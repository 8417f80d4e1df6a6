"""Keys that arrive in one burst (fast typing, or text pasted over SSH) can
act on a screen that is already closing.  Found by feeding the app bursts of
random keys; this test holds the command palette fix."""

from tui.app import SkirmishApp
from tui.textual_fixes import safe_command_palette


async def test_the_command_palette_survives_keys_that_close_it_mid_search(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path))
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        palette = app.screen
        assert isinstance(palette, safe_command_palette())
        palette._action_command_list("page_down")  # an empty list: KeyError in Textual 8.2
        await pilot.press("u", "escape")
        palette._watch__list_visible()  # a search finishing after the palette closed
        await pilot.pause()
        assert app.is_running
