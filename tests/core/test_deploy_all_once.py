"""``deploy-all`` places the side's figures still waiting: once none is
waiting it would do nothing, and every ruleset refuses it (the server's
referee took six in a row in Platemail, each stored and revealed).  A save
holding such an order from before is refused with the order named."""

from __future__ import annotations

import json

import pytest

from core.deployment import DeployAll, Ready
from core.game import ReplayError, Submitted, replay, start, submit
from core.registry import rulesets
from core.ruleset import Rejection
from saves.library import battlefield_named

PLAYERS = ("North", "South")
DEPLOYING = [pytest.param(r, id=r.name) for r in rulesets()
             if any(isinstance(o, DeployAll) for s in (0, 1)
                    for o in start(r, None, battlefield_named(r.default_battlefield), 1, PLAYERS).legal_orders(s))]


def _placed(rules):
    """A game whose side to act has just placed every figure with deploy-all."""
    game = start(rules, None, battlefield_named(rules.default_battlefield), 1, PLAYERS)
    side = min(game.to_act)
    result = submit(game, DeployAll(side))
    assert isinstance(result, Submitted)
    return result.game, side


def test_the_rulesets_that_deploy_are_all_here():
    assert {p.values[0].name for p in DEPLOYING} >= {"platemail", "plasto_latros", "spheres_of_war", "waylights"}


@pytest.mark.parametrize("rules", DEPLOYING)
def test_deploy_all_with_every_figure_placed_is_refused_and_ready_is_what_is_left(rules):
    game, side = _placed(rules)
    assert side in game.to_act and DeployAll(side) not in game.legal_orders(side)
    refused = submit(game, DeployAll(side))
    assert isinstance(refused, Rejection), refused
    assert isinstance(submit(game, Ready(side)), Submitted)


def test_platemail_says_whose_figures_are_all_placed():
    from core.registry import find_ruleset

    game, side = _placed(find_ruleset("platemail"))
    assert submit(game, DeployAll(side)) == Rejection(
        "all-placed", "Every figure of North (side=0) is placed already: nothing is left to deploy "
                      "(ready ends the deployment).")


def test_a_save_with_a_redundant_deploy_all_from_before_is_refused_naming_the_order():
    from core.registry import find_ruleset
    from saves.store import SaveError, game_to_data, load_blob

    rules = find_ruleset("platemail")
    game, side = _placed(rules)
    with pytest.raises(ReplayError) as replayed:
        replay(rules, game.options, game.battlefield, game.seed, PLAYERS, ["deploy-all side=0"] * 2)
    assert replayed.value.index == 1
    data = game_to_data(game, None, ("human", "human"), snapshot=False)
    data["orders"] = list(data["orders"]) + ["deploy-all side=0"]
    with pytest.raises(SaveError) as refused:
        load_blob("game x", json.dumps(data).encode())
    assert "order 2 ('deploy-all side=0') is refused: Every figure of North (side=0) is placed already" \
        in str(refused.value)
