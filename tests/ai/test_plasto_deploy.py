"""Plasto Latros: hard, deploying after the other side, keeps its minis out
of two enemy shooters' sight (issue 31; ``core/ai/plasto_deploy.py``).

A shot costs no Movement and two counting shooters Doom a mini (seed: *Long
Range Attacks*, *Attacking And Defending*), so the first player may open by
pinning twice any mini both its shooters can target where they stand.  The
check below does not use the computer's own count: once the deployment is
over it lists the first player's legal orders, as the rules give them, and
counts the shooters that may shoot each mini.
"""

from __future__ import annotations

from collections import Counter

import pytest

from bench.games import battlefield_for
from core.ai import choose
from core.ai.plasto_deploy import exposed
from core.deployment import Deploy, DeployAll, Ready
from core.game import start, submit
from core.rulesets.plasto_latros import RULESET as R
from core.rulesets.plasto_latros.orders import Shoot

# The first player's two shooters (a1, a2), its other minis along the zone's
# front (deploy-all).  In the first two, hard's search (before it planned
# its deployment) left three or four minis to both shooters; in the last,
# it happened to leave none.
SHOOTERS = [((8, 1), (9, 0)), ((0, 1), (11, 1)), ((11, 0), (0, 0))]


def _first_deployed(shooters):
    game = start(R, R.default_options(), battlefield_for(R), 7, ("Ann", "Bob"))
    for unit, cell in zip(("a1", "a2"), shooters):
        game = submit(game, Deploy(0, unit, cell)).game
    for order in (DeployAll(0), Ready(0)):
        game = submit(game, order).game
    assert game.to_act == frozenset({1}) and game.state.phase.name == "DEPLOY"
    return game


def _deployed_by(game, level: str, seed: int):
    """Side 1 deploys as ``level`` until play begins; its reasons."""
    reasons = []
    while game.state.phase.name == "DEPLOY":
        side = min(game.to_act)
        choice = choose(R, game.view(side), side, game.legal_orders(side), level, seed, len(game.orders))
        reasons.append(choice.reason)
        game = submit(game, choice.order).game
    return game, reasons


def _double_targets(game) -> list[str]:
    """The second player's minis that two of the first player's shooters
    may shoot at once play begins (from the legal orders)."""
    shots = Counter(o.target for o in game.legal_orders(0) if isinstance(o, Shoot))
    return sorted(t for t, n in shots.items() if n >= 2)


@pytest.mark.parametrize("shooters", SHOOTERS[:2])
def test_hard_deploys_where_no_two_enemy_shooters_can_both_target_a_mini(shooters):
    game, reasons = _deployed_by(_first_deployed(shooters), "hard", 0)
    assert game.state.phase.name == "PLAY" and game.to_act == frozenset({0})
    assert _double_targets(game) == []
    assert "where no two enemy shooters can both target a mini" in reasons[0]


def test_the_deployments_default_line_leaves_minis_to_two_shooters():
    """What hard avoids: the zone's front line (deploy-all) stands in both
    shooters' sight, as does most of the zone."""
    game = _first_deployed(SHOOTERS[0])
    game = submit(game, DeployAll(1)).game
    game = submit(game, Ready(1)).game
    assert len(_double_targets(game)) >= 3


def test_the_count_agrees_with_the_rules_listing_of_shots():
    """``exposed`` (the computer's count, over cells not yet placed)
    agrees with the shots the rules list once the minis stand there."""
    for shooters in SHOOTERS:
        game = _first_deployed(shooters)
        cells = {f"b{i + 1}": (2 * i, 10 + i % 2) for i in range(6)}
        counted = exposed(game.state, 1, cells)
        for unit, cell in cells.items():
            game = submit(game, Deploy(1, unit, cell)).game
        game = submit(game, Ready(1)).game
        assert counted == len(_double_targets(game)), shooters


def test_normal_leaves_its_deployment_to_the_search():
    """The deployment is hard's: normal's first order is not planned so
    (its reason names no shooters)."""
    game = _first_deployed(SHOOTERS[0])
    choice = choose(R, game.view(1), 1, game.legal_orders(1), "normal", 0, len(game.orders))
    assert "shooters" not in choice.reason
