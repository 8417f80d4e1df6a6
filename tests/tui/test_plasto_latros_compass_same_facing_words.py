"""Plasto Latros: pointing a turn in place at the way the mini faces
already is refused in words that say so (a tester read "Facing S is not
possible here." of a mini facing S)."""

from __future__ import annotations

from textual.app import App

from core.board import Facing
from core.orders import Order
from tui.rulesets.plasto_latros_modals import FacingPicker


class _Host(App[None]):
    def __init__(self, picker: FacingPicker) -> None:
        super().__init__()
        self.picker = picker

    def on_mount(self) -> None:
        self.push_screen(self.picker)


def _said(app: App) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def test_the_facing_it_has_is_refused_as_already_faced():
    turns = {f: Order.__new__(Order) for f in Facing if f is not Facing.S}  # a turn: any facing but its own
    picker = FacingPicker("a3 turns in place: face which way?", turns, initial=Facing.S)
    app = _Host(picker)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("j")  # S
        await pilot.pause()
        assert picker.facing is None
        said = " ".join(_said(app))
        assert "faces S already" in said and "not possible" not in said
