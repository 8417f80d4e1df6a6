"""Random legal play ends; rejected orders leave the game unchanged; text forms round-trip."""

import random

import pytest

from core import game as G
from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.state import WaylightsOptions
from tests.rulesets.waylights.helpers import field


def play(seed: int, options: WaylightsOptions, limit: int = 3000):
    rng = random.Random(seed)
    state, _ = R.setup(options, field(), seed, ("A", "B"))
    n = 0
    while R.outcome(state) is None:
        (side,) = R.to_act(state)
        legal = R.legal_orders(state, side)
        assert legal, R.situation(state)
        order = rng.choice(legal)
        # Deployment: mostly let the game place figures, so battles start soon.
        if state.phase == "deploy" and rng.random() < 0.8:
            order = legal[-1]
        assert R.check(state, order) is None, order
        assert R.parse_order(order.to_text()) == order
        state, _ = R.apply(state, order)
        n += 1
        assert n < limit
    return state, n


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_legal_play_ends(seed):
    opts = WaylightsOptions(team_1=("gang", "elites", "beasts", "hunters")[seed % 4], round_limit=6,
                            psi_tension=seed % 2 == 0, alternate_damage=seed % 2 == 0)
    state, n = play(seed, opts)
    assert state.phase == "over"
    assert state.round <= 7


def test_rejected_order_leaves_game_unchanged():
    game = G.start("waylights", WaylightsOptions(), field(), seed=3)
    before = game
    out = G.submit(game, R.parse_order("ready side=0"))  # nobody placed yet
    assert not isinstance(out, G.Submitted)
    assert out.code == "not-deployed"
    assert game == before


def test_illegal_orders_in_battle_are_refused_and_change_nothing():
    game = G.start("waylights", WaylightsOptions(), field(), seed=7)
    for text in ("deploy-all side=0", "ready side=0", "deploy-all side=1", "ready side=1"):
        game = G.submit(game, R.parse_order(text)).game
    (side,) = game.to_act
    unit = game.state.active
    before = game
    for text in (f"move side={side} unit={unit} to=0,0",  # the split comes first
                 f"split side={side} unit={unit} attack=5",
                 f"split side={1 - side} unit={unit} attack=2",
                 f"end side={side} unit={unit}"):
        out = G.submit(game, R.parse_order(text))
        assert not isinstance(out, G.Submitted), text
        assert game == before
    game = G.submit(game, R.parse_order(f"split side={side} unit={unit} attack=2")).game
    before = game
    for text in (f"move side={side} unit={unit} to=0,9", f"step side={side} unit={unit} to=9,9",
                 f"attack side={side} unit={unit} target={unit}", f"reload side={side} unit={unit}",
                 f"finish side={side} unit={unit} target=b1", f"defend side={side} unit={unit}"):
        out = G.submit(game, R.parse_order(text))
        assert not isinstance(out, G.Submitted), text
        assert game == before
