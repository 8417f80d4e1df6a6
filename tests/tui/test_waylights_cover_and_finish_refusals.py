"""What the Waylights screen says of two refusals a tester met (seed 004):
the Actions menu offers *Take cover* only once the figure has stepped out
of cover this turn (Equipment and environment, cover), and Enter on a KO
enemy after the free step says the step rules the finish out this turn
(Endgame: a full turn) instead of pointing at a finish the menu lacks."""

from __future__ import annotations

from types import SimpleNamespace

from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.state import KO
from tests.rulesets.waylights.helpers import do, position
from tui.rulesets import adapter_for

FAR = ("b9", 1, "mook", (9, 9))


def game_of(state):
    return SimpleNamespace(state=state, players=("Ann", "Bo"), orders=[], view=lambda side: state)


def menu_lines(state, side: int) -> list[str]:
    return adapter_for(R).action_menu(game_of(state), side, R.legal_orders(state, side)).lines()


def test_the_actions_menu_offers_take_cover_only_after_stepping_out():
    s = position([("a3", 0, "slinger", (7, 1), dict(split=0)), ("b2", 1, "archer", (7, 8)), FAR], "a3")
    assert not [line for line in menu_lines(s, 0) if "Take cover" in line]
    s, _ = do(s, "split-move side=0 unit=a3 to=6,1")
    assert [line for line in menu_lines(s, 0) if "Take cover" in line]


def test_enter_on_a_ko_enemy_after_the_step_names_the_step():
    s = position([("b3", 1, "fighter", (6, 10)), ("a4", 0, "mook", (6, 12), dict(status=KO, wounds=3)),
                  ("a1", 0, "fighter", (0, 0))], "b3", rows=["." * 14] * 14)
    s, _ = do(s, "step side=1 unit=b3 to=6,11")
    units = {u.id: u for u in R.units(s)}
    said = adapter_for(R).why_not(game_of(s), 1, units["b3"], units["a4"])
    assert said is not None and said.startswith("b3 cannot attack a4: a4 is KO"), said
    assert "b3 took its free step" in said and "whole turn" in said and "not this turn" in said, said
    assert not [line for line in menu_lines(s, 1) if "Finish" in line]  # and the menu has none
