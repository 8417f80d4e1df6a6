"""A digit past the end of a numbered menu (9 in a menu of three) did
nothing and said nothing: now the menu says why, and stays open."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Label

from tui.modals import ChoiceMenu


class _Host(App):
    def __init__(self) -> None:
        super().__init__()
        self.picked: list = []

    def on_mount(self) -> None:
        self.push_screen(ChoiceMenu("Rule 13: choose a pair", [("one", 1), ("two", 2), ("three", None)]),
                         self.picked.append)


def _hint(app: App) -> str:
    return str(app.screen.query_one("#menu-hint", Label).render())


async def test_a_digit_past_the_end_is_answered_and_the_menu_stays():
    app = _Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("9")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceMenu) and app.picked == []
        assert _hint(app).startswith("No entry 9 here: the digits are 1-3.")
        await pilot.press("3")  # shown, but not to be chosen now
        await pilot.pause()
        assert isinstance(app.screen, ChoiceMenu)
        assert _hint(app).startswith("Entry 3 cannot be chosen now.")
        await pilot.press("2")
        await pilot.pause()
        assert app.picked == [2]
