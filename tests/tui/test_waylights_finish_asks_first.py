"""Waylights: a finish asks first (a tester's report).  Enter on a KO'd
enemy killed it at once, with no question, and took the whole turn and a
shot of the pneumatic (2/4 → 1/4).  Every attack opens a preview that
asks Enter / y; the finish, which cannot be undone and is "a full turn
action" (seed, Endgame; docs/rulings.md, Endgame), asks the same way and
says what it costs: both Actions, the free step, and a shot when ranged."""

from __future__ import annotations

from types import SimpleNamespace

from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.orders import Finish
from core.rulesets.waylights.state import KO
from tests.rulesets.waylights.helpers import do, position
from tui.app import SkirmishApp
from tui.rulesets import adapter_for
from tui.rulesets.waylights_modals import AttackPreview, PickList

FAR = ("b5", 1, "mook", (9, 9))


def game_of(state):
    return SimpleNamespace(state=state, players=("Ann", "Bo"), orders=[], view=lambda side: state)


def archer_beside_a_ko(ammo: int = 2):
    """a3, an Archer, at the start of its turn with its pneumatic primed and
    ``ammo`` rounds of its hopper of 4 left; b4 knocked out in range."""
    b4 = ("b4", 1, "thug", (2, 6), {"status": KO, "wounds": 3})
    s = position([("a3", 0, "archer", (2, 2), {"ammo": (ammo, 0), "primed": (True, False)}), b4, FAR],
                 "a3", pending="split")
    s = do(s, "split side=0 unit=a3 attack=2")[0]
    finish = Finish(0, "a3", "b4")
    assert finish in R.legal_orders(s, 0)
    return s, finish


def test_enter_on_a_ko_enemy_asks_before_the_finish_and_says_its_cost():
    s, finish = archer_beside_a_ko(ammo=2)
    ask = adapter_for(R).confirm(game_of(s), 0, finish)  # Enter on the lit KO'd figure (tui/flow.py)
    assert isinstance(ask, AttackPreview) and ask.order == finish
    text = ask.shown_text()
    assert "b4" in text and "knocked out" in text
    # Endgame: a full turn, both Actions and the step.
    assert "whole turn" in text and "both Actions and the free step" in text
    # A ranged finish spends a shot: the hopper of 4 had 2 rounds, 1 after.
    assert "2/4 → 1/4" in text, text
    assert "unprimed" in text  # the pneumatic does not prime itself (it did: True before, False after)
    after = R.apply(s, finish)[0].get("a3")
    assert after.ammo[0] == 1 and not after.primed[0]
    assert "whole turn" in ask.key_line() and "Esc / n: cancel" in ask.key_line()


def test_a_melee_finish_asks_too_without_a_shot():
    s = position([("a1", 0, "fighter", (2, 2)), ("b4", 1, "mook", (2, 3), {"status": KO, "wounds": 3}), FAR],
                 "a1", pending="split")
    s = do(s, "split side=0 unit=a1 attack=2")[0]
    ask = adapter_for(R).confirm(game_of(s), 0, Finish(0, "a1", "b4"))
    assert isinstance(ask, AttackPreview)
    assert "whole turn" in ask.shown_text() and "shot" not in ask.shown_text()


def test_the_finish_row_of_the_actions_menu_asks_too():
    s, finish = archer_beside_a_ko()
    menu = adapter_for(R).action_menu(game_of(s), 0, R.legal_orders(s, 0))
    assert isinstance(menu, PickList) and menu.confirm is not None
    row = next(value for _, value in menu.rows if value == finish)
    assert isinstance(menu.confirm(row), AttackPreview)


async def test_n_cancels_the_finish_and_y_gives_it():
    s, finish = archer_beside_a_ko()
    app = SkirmishApp()
    got: list = []
    async with app.run_test(size=(80, 24)) as pilot:
        for key in ("n", "y"):
            app.push_screen(adapter_for(R).confirm(game_of(s), 0, finish), got.append)
            await pilot.pause()
            await pilot.press(key)
            await pilot.pause()
    assert got == [None, finish]
