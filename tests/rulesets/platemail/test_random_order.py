"""Platemail draws one random legal order without listing them all
(``random_order``, for computer players and the benchmarks): every order it
draws is one the listing holds, every listed order can be drawn, and the
draw depends only on the rng it is given."""

import random

import attrs

from core.game import start
from core.rulesets.platemail import RULESET
from core.rulesets.platemail.state import PlatemailOptions
from tests.rulesets.draws import drawn_game_twice
from tests.rulesets.draws import draws_everything as draws_all

from .helpers import act, battlefield, order, position


def draws_everything(state, side, draws):
    return draws_all(RULESET, state, side, draws, seed=5)


def test_every_listed_write_and_the_commit_can_be_drawn_and_only_those():
    # four characters of side 0 (one hurt with a potion, a caster, an archer,
    # one already written for) against two of side 1
    state = position([("footman", 0, (5, 2), {"wounds": 1, "potions": 1}), ("spellcaster", 0, (3, 1)),
                      ("archer", 0, (8, 1)), ("rogue", 0, (1, 1)),
                      ("knight", 1, (5, 8)), ("crossbowman", 1, (7, 9))])
    state, _ = RULESET.apply(state, order(0, "a4", act(0, "defend")))
    listed = RULESET.legal_orders(state, 0)
    assert len(listed) > 20
    drawn = draws_everything(state, 0, 8_000)
    assert {o.unit for o in drawn if o.verb == "write"} == {c.id for c in state.characters if c.side == 0}
    assert "commit" in {o.verb for o in drawn}


def test_a_side_with_nobody_left_to_write_for_commits():
    state = position([("footman", 0, (5, 2), {"wounds": 3}), ("knight", 1, (5, 8))])
    state = attrs.evolve(state, characters=tuple(attrs.evolve(c, pos=None) if c.side == 0 else c
                                                 for c in state.characters))
    assert {o.verb for o in draws_everything(state, 0, 200)} == {"commit"}


def test_the_deployment_is_drawn_from_the_listing():
    game = start(RULESET, PlatemailOptions(), battlefield(), 2)
    assert {o.verb for o in draws_everything(game.state, 0, 500)} == {"deploy", "deploy-all"}


def test_random_games_drawn_this_way_are_legal_and_repeatable():
    for seed in (1, 2):
        orders = drawn_game_twice(lambda: start(RULESET, PlatemailOptions(), battlefield(["....##......"] * 2 + ["." * 12] * 10), seed), seed, 400)
        assert len(orders) > 20


def test_a_side_that_may_not_write_draws_nothing():
    state = position([("footman", 0, (5, 2)), ("knight", 1, (5, 8))])
    state, _ = RULESET.apply(state, RULESET.legal_orders(state, 0)[0])  # commit
    assert RULESET.random_order(state, 0, random.Random(0)) is None
