"""The facing compass opened from the "Which order?" menu covers what it
replaces: at 80x24 a tester on a roof chose "a3 jumps down ... (lands
prone)" and the menu's border and the start of its title stayed visible
around the compass.  The menu now steps aside while the compass is open,
and Esc on the compass brings it back, still able to choose."""

from __future__ import annotations

from core.board import Facing
from core.deployment import Deploy, Ready
from core.game import start
from core.rulesets.plasto_latros.options import PlastoOptions
from core.rulesets.plasto_latros.orders import Climb, Pass
from saves.library import battlefield_named
from tests.tui.drawn import screen_text
from tests.tui.test_plasto_latros import SIZE, cursor_to, open_game, play
from tui.app import SkirmishApp
from tui.rulesets.plasto_latros_modals import FacingPicker, StepMenu

TITLE = "Which order?"


def a3_on_a_roof():
    """Rooftops: a3 stands on the roof at 5,2 facing S, above the street
    cell 5,1 it may climb down to or jump down to; Ann's turn."""
    options = PlastoOptions(minis=3, shooters_0=0, shooters_1=0)
    game = start("plasto_latros", options, battlefield_named("pl-rooftops"), seed=1, players=("Ann", "Bo"))
    return play(game, Deploy(0, "a1", (0, 0)), Deploy(0, "a2", (13, 0)), Deploy(0, "a3", (5, 1)), Ready(0),
                Deploy(1, "b1", (0, 11)), Deploy(1, "b2", (13, 11)), Deploy(1, "b3", (6, 11)), Ready(1),
                Climb(0, "a3", (5, 2), Facing.S), Pass(0), Pass(1))


async def test_the_menu_steps_aside_for_the_compass_and_comes_back_on_esc(tmp_path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, a3_on_a_roof(), tmp_path)
        await cursor_to(pilot, screen, (5, 2))
        await pilot.press("enter")  # select a3
        await cursor_to(pilot, screen, (5, 1))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StepMenu)
        assert TITLE in screen_text(app)
        await pilot.press("2")  # jumps down (lands prone): the compass asks the facing
        await pilot.pause()
        assert isinstance(app.screen, FacingPicker)
        shown = screen_text(app)
        assert "jumps down to 5,1" in shown
        assert TITLE not in shown and "│ Wh" not in shown, shown
        assert "Esc cancel" not in shown, shown  # the menu's hint row, below the compass
        await pilot.press("escape")  # back to the menu, whole
        await pilot.pause()
        assert isinstance(app.screen, StepMenu)
        shown = screen_text(app)
        assert TITLE in shown and "1. a3 climbs down to 5,1" in shown, shown
        await pilot.press("down", "enter")  # the menu still chooses: the jump again
        await pilot.pause()
        assert isinstance(app.screen, FacingPicker)
        await pilot.press("enter")  # its facing (S, as it faces now)
        await pilot.pause()
        assert not isinstance(app.screen, (StepMenu, FacingPicker))
        a3 = screen.game.state.mini("a3")
        assert a3.pos == (5, 1) and a3.prone
