"""Placing one figure on a cell is chosen on the board in every ruleset:
the ``o`` menu lists what is not a cell (deploy for me, Ready).  Platemail's
adapter kept its own filter and listed thirty-two "Deploy a1 at x,y"."""

from __future__ import annotations

import pytest

from core.deployment import Deploy
from core.game import start
from core.registry import rulesets
from saves.library import battlefield_named
from tui.rulesets import adapter_for


@pytest.mark.parametrize("rules", rulesets(), ids=lambda r: r.name)
def test_the_o_menu_lists_no_single_placement(rules):
    game = start(rules, rules.default_options(), battlefield_named(rules.default_battlefield), 1, ("Ann", "Bob"))
    side = min(game.to_act)
    adapter = adapter_for(rules)
    legal = adapter.offered(game, side, list(game.legal_orders(side)))
    listed = adapter.menu_orders(game, legal)
    assert not any(isinstance(o, Deploy) for o in listed), [o.to_text() for o in listed][:5]
    if any(isinstance(o, Deploy) for o in legal):
        assert listed, "deploy-for-me and the like stay listed"
