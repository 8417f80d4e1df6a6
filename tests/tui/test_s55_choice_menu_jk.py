"""The shared choice menu takes j/k as ↓/↑ (the help says hjkl move the
cursor): in Spheres of War "Orders for i3", j then Enter meant the entry
below Wait and gave Wait, wasting an Action."""

from __future__ import annotations

from textual.app import App
from textual.widgets import OptionList

from tui.modals import ChoiceMenu

CHOICES = [("Wait: i3 does nothing (1 Action)", "wait"), ("Fight r2", "fight"), ("Move toward r2", "move")]


class MenuApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.picked: list = []

    def on_mount(self) -> None:
        self.push_screen(ChoiceMenu("Orders for i3", CHOICES), self.picked.append)


async def picked_after(*keys: str):
    app = MenuApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceMenu)
        await pilot.press(*keys)
        await pilot.pause()
        return app.picked


async def test_j_moves_the_highlight_down_and_enter_takes_that_entry():
    assert await picked_after("j", "enter") == ["fight"]
    assert await picked_after("j", "j", "enter") == ["move"]


async def test_k_moves_it_back_up():
    assert await picked_after("j", "j", "k", "enter") == ["fight"]
    assert await picked_after("down", "k", "enter") == ["wait"]


async def test_j_and_k_move_it_as_the_arrows_do():
    for letters, arrows in ((("j",), ("down",)), (("j", "j", "k"), ("down", "down", "up"))):
        app = MenuApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press(*letters)
            by_letters = app.screen.query_one(OptionList).highlighted
        app = MenuApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press(*arrows)
            by_arrows = app.screen.query_one(OptionList).highlighted
        assert by_letters == by_arrows
