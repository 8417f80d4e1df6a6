"""Whole games: every listed order is accepted, refused orders change
nothing, random play ends, and the screen hooks describe the state."""

import random

import pytest

from core.deployment import Deploy
from core.events import GameOver
from core.game import start, submit
from core.ruleset import Rejection
from core.rulesets.spheres_of_war import RULESET
from core.rulesets.spheres_of_war.orders import Move, Wait

from .helpers import OPEN, PLAYERS, options, play, position


def random_game(seed, **opts):
    game = start("spheres_of_war", options(**opts), OPEN, seed, PLAYERS)
    rng = random.Random(seed)
    for _ in range(5000):
        if game.outcome is not None:
            return game
        (side,) = game.to_act
        orders = game.legal_orders(side)
        assert orders, f"side {side} has nothing to do in {RULESET.situation(game.state)}"
        for order in orders:
            assert RULESET.check(game.state, order) is None, order.to_text()
        order = rng.choice(orders)
        assert RULESET.parse_order(order.to_text()) == order
        assert isinstance(RULESET.describe_order(game.state, order), str)
        result = submit(game, order)
        assert not isinstance(result, Rejection), result
        game = result.game
    raise AssertionError("random play did not finish")


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("version", ["v0.1f", "v0.2"])
def test_random_legal_play_reaches_an_outcome(seed, version):
    game = random_game(seed, version=version, instigator="coin", turn_limit=8)
    assert game.outcome is not None
    assert isinstance(game.log[-1], GameOver)
    assert game.state.turn <= 8


def test_refused_orders_leave_the_game_unchanged():
    game = start("spheres_of_war", options(), OPEN, 5, PLAYERS)
    wrong_side = submit(game, Deploy(1, "r1", (2, 8)))
    assert isinstance(wrong_side, Rejection) and wrong_side.code == "not-your-turn"
    bad_cell = submit(game, Deploy(0, "i1", (2, 8)))
    assert isinstance(bad_cell, Rejection) and bad_cell.code == "outside-zone"
    assert RULESET.check(game.state, Deploy(0, "i1", (2, 8))) is not None
    state, _ = position({"i1": (5, 2), "r1": (5, 8)})
    before = state
    assert RULESET.check(state, Move(0, "i1", (6, 3))).code == "not-direct"
    assert RULESET.check(state, Wait(1, "r1")).code == "not-your-turn"
    assert state == before  # check is pure


def test_units_show_status_words_and_markers():
    state, _ = position({"i1": (5, 3), "r1": (5, 6), "i2": (0, 0), "r2": (11, 11)}, dice=(5,))
    view = {u.id: (u.status, u.markers) for u in RULESET.units(state)}
    assert view["i1"] == ("Matched", "M") and view["r1"] == ("Matched", "M")
    assert view["i2"] == ("unMatched", "") and view["i3"] == ("removed", "")
    state, _ = play(state, Move(0, "i1", (5, 5)))
    view = {u.id: (u.status, u.markers) for u in RULESET.units(state)}
    assert view["i1"] == ("in combat", "C") and view["r1"] == ("in combat", "C!")
    state, _ = play(state, RULESET.legal_orders(state, 1)[0])
    view = {u.id: u.status for u in RULESET.units(state)}
    assert view["i1"] == "Inert" and view["r1"] == "removed"
    assert [u.glyph for u in RULESET.units(state)][:1] == ["I"]


def test_situation_names_phase_and_who_acts():
    state, _ = RULESET.setup(options(), OPEN, 1, PLAYERS)
    sit = RULESET.situation(state)
    assert (sit.turn, sit.phase, sit.to_act) == (0, "deploying", frozenset({0}))
    state, _ = position({"i1": (5, 3), "r1": (5, 6)})
    sit = RULESET.situation(state)
    assert (sit.turn, sit.phase, sit.to_act) == (1, "Match 1: i1's action 1 of 5", frozenset({0}))
    assert "i1 against r1" in sit.detail


def test_move_orders_point_at_their_destination():
    state, _ = position({"i1": (5, 2), "r1": (5, 8)})
    assert RULESET.order_cells(state, Move(0, "i1", (5, 4))) == ((5, 4),)
    assert RULESET.order_unit(Move(0, "i1", (5, 4))) == "i1"
    assert RULESET.describe_order(state, Wait(0, "i1")) == "Wait (i1)"


def test_state_round_trips_through_json_for_saves():
    import json

    import cattrs

    from core.rulesets.spheres_of_war.state import SowState

    state, _ = position({"i1": (5, 3), "r1": (5, 6)}, version="v0.2", locked=(("i1", "r1"),), dice=(4,))
    state, _ = play(state, RULESET.legal_orders(state, 0)[0])
    converter = cattrs.Converter()
    back = converter.structure(json.loads(json.dumps(converter.unstructure(state))), SowState)
    assert back == state
