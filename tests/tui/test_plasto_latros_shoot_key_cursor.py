"""``s`` shoots with the mini under the cursor when it is one of the
player's that can shoot, else with the selected one (*Long Range Attacks*:
each shooter declares once a turn).  A tester who had shot with a1 and put
the cursor on a2 was told "a1 has already declared a target this turn"."""

from __future__ import annotations

from textual.widgets import RichLog

from core.board import Facing
from core.rulesets.plasto_latros import RULESET
from core.rulesets.plasto_latros.orders import Shoot
from tests.rulesets.plasto_latros.helpers import mini, position
from tests.tui.test_plasto_latros import SIZE, cursor_to, open_game, prepared
from tui.app import SkirmishApp
from tui.modals import ChoiceMenu
from tui.rulesets.plasto_latros_shoot_key import shoot_key


def _log(screen) -> str:
    return " ".join(" ".join(line.text for line in screen.query_one(RichLog).lines).split())


async def test_s_shoots_with_the_shooter_under_the_cursor(tmp_path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        # a1 (6,4, facing S) and a2 (0,0) are both shooters; b1 at 5,7 is in
        # both front arcs, in full view on the open field
        screen = await open_game(pilot, prepared(shooters=2), tmp_path)
        await cursor_to(pilot, screen, (6, 4))
        await pilot.press("enter")
        assert screen.selected == "a1"
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceMenu), _log(screen)
        assert app.screen.menu_title.startswith("a1 declares")
        await pilot.press("1")
        await pilot.pause()
        assert screen.game.state.shot_this_turn == ("a1",)
        # a1 still selected, the cursor on a2: s offers a2's targets
        await cursor_to(pilot, screen, (0, 0))
        assert screen.selected == "a1"
        await pilot.press("s")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, ChoiceMenu), _log(screen)
        assert menu.menu_title.startswith("a2 declares")
        await pilot.press("1")
        await pilot.pause()
        assert screen.game.state.shot_this_turn == ("a1", "a2")


class _Table:
    def __init__(self, state):
        self.state = state

    def view(self, side):
        return self.state


def test_when_the_mini_under_the_cursor_cannot_shoot_s_names_the_selected_one_it_used():
    # a1 has shot this turn; a2 faces N with no enemy in its front arc
    state = position(mini("a1", (6, 4), Facing.S, shooter=True), mini("a2", (0, 0), Facing.N, shooter=True),
                     mini("b1", (5, 7), Facing.N), shot_this_turn=("a1",))
    a1 = next(u for u in RULESET.units(state) if u.id == "a1")
    orders = RULESET.legal_orders(state, 0)
    assert not any(isinstance(o, Shoot) for o in orders)
    words = shoot_key(None, _Table(state), 0, orders, a1, (0, 0))
    assert words.startswith("a1 has already declared a target this turn. (s used the selected a1: a2 under the "
                            "cursor has no shot either"), words
    # nothing selected, the cursor on a2: a2's own reason, not "select a shooter first"
    assert shoot_key(None, _Table(state), 0, orders, None, (0, 0)) == \
        "a2 has no enemy in its front arc with at least half of it in view."
    # nothing selected and no shooter under the cursor: select one first
    assert shoot_key(None, _Table(state), 0, orders, None, (9, 9)).startswith("Select a shooter of yours first")


def test_s_on_an_unselected_shooter_with_no_target_says_why():
    """A tester, nothing selected, the cursor on a1 (facing S behind roofs),
    pressed s and read "Select a shooter of yours first"; after selecting
    a1, s said it had no enemy in view.  Now s says so at once.  A warrior
    under the cursor is no shooter: s still asks for one."""
    # a1 faces N: b1 (5,7) is in its back arc (*Long Range Attacks*: front arc only)
    state = position(mini("a1", (6, 4), Facing.N, shooter=True), mini("a2", (0, 0), Facing.S),
                     mini("b1", (5, 7), Facing.N))
    orders = RULESET.legal_orders(state, 0)
    assert not any(isinstance(o, Shoot) for o in orders)  # the rules agree: a1 has no target
    assert shoot_key(None, _Table(state), 0, orders, None, (6, 4)) == \
        "a1 has no enemy in its front arc with at least half of it in view."
    # a warrior of the side under the cursor: no shooter there
    assert shoot_key(None, _Table(state), 0, orders, None, (0, 0)).startswith("Select a shooter of yours first")
