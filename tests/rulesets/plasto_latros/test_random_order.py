"""Plasto Latros draws one random legal order without listing them all
(``random_order``, for computer players and the benchmarks): every order it
draws is one the listing holds, every listed order can be drawn, and the
draw depends only on the rng it is given."""

import random

from core.board import Facing
from core.game import start
from core.rulesets.plasto_latros import RULESET
from core.rulesets.plasto_latros.options import PlastoOptions
from core.rulesets.plasto_latros.orders import FreeMove, Move
from core.rulesets.plasto_latros.state import Phase
from tests.rulesets.draws import drawn_game_twice
from tests.rulesets.draws import draws_everything as draws_all

from .helpers import grid, mini, position
from .test_speed import random_field

HILLS = grid("""
..........
.rr.rr.rR.
.rr..r....
..........
..........
""", extra="feature idol artifact-small 8,3\n")


def draws_everything(state, side, draws):
    return draws_all(RULESET, state, side, draws)


def verbs(orders):
    return {o.order.verb if isinstance(o, FreeMove) else o.verb for o in orders}


def test_every_listed_order_of_a_turn_can_be_drawn_and_only_those():
    # on a roof a1 can turn, move, climb, jump down and jump on b1 below it;
    # a2 (a shooter) can move and shoot; a3 lies prone; a4 can destroy the idol
    state = position(mini("a1", (5, 1), Facing.SE), mini("a2", (9, 0), Facing.S, shooter=True),
                     mini("a3", (3, 4), Facing.N, prone=True), mini("a4", (8, 4), Facing.N),
                     mini("b1", (6, 2), Facing.N), mini("b2", (9, 4), Facing.N), bf=HILLS)
    drawn = draws_everything(state, 0, 60_000)
    assert {"move", "turn", "climb", "jump", "jump-attack", "stand", "shoot", "destroy", "pass"} <= verbs(drawn)


def test_every_defending_free_movement_and_decline_can_be_drawn():
    state = position(mini("a1", (5, 8), Facing.N), mini("a2", (0, 0), Facing.S),
                     mini("b1", (4, 4), Facing.N), mini("b2", (6, 4), Facing.N), mini("b3", (9, 9), Facing.N))
    state, _ = RULESET.apply(state, Move(0, "a1", (5, 5), Facing.N))
    assert state.pending_free == (1,)
    drawn = draws_everything(state, 1, 20_000)
    assert {"decline", "move", "turn"} <= verbs(drawn)


def test_every_relocation_of_the_final_turn_can_be_drawn():
    state = position(mini("a1", (1, 1), Facing.N), mini("b1", (5, 3), Facing.N), phase=Phase.FINAL,
                     bf=HILLS)
    drawn = draws_everything(state, 0, 20_000)
    assert {"relocate", "pass"} <= verbs(drawn)


def test_random_games_drawn_this_way_are_legal_and_repeatable():
    rng = random.Random(3)
    fields = [None, random_field(rng), random_field(rng)]
    for seed, bf in enumerate(fields):
        orders = drawn_game_twice(lambda: start(RULESET, PlastoOptions(minis=4, shooters_0=2, shooters_1=2), bf or HILLS, seed), seed, 400)
        assert orders, "the game had no orders"


def test_a_side_that_may_not_act_draws_nothing():
    state = position(mini("a1", (1, 1), Facing.N), mini("b1", (5, 3), Facing.N))
    assert RULESET.random_order(state, 1, random.Random(0)) is None
