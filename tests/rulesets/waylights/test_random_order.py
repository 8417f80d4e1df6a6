"""Waylights draws one random legal order without listing them all
(``random_order``, for computer players and the benchmarks): every order it
draws is one the listing holds, every listed order can be drawn, and the
draw depends only on the rng it is given."""

import random

import attrs

from core.game import start
from core.rulesets.waylights import RULESET
from core.rulesets.waylights.state import KO, WaylightsOptions
from tests.rulesets.draws import drawn_game_twice
from tests.rulesets.draws import draws_everything as draws_all

from .helpers import field, position


def draws_everything(state, side, draws):
    return draws_all(RULESET, state, side, draws)


def verbs(orders):
    return {o.verb for o in orders}


# a1 (an elite: sword and stun rod, a crystal, hurt) stands beside b1 and
# beside b2, who is KO; b3 is far away.  Both optional rules are on, so
# attacks come in every effect, tension and smash the listing offers.
FIGURES = [("a1", 0, "elite", (4, 4), dict(tension=6, wounds=1)), ("a2", 0, "archer", (0, 0)),
           ("b1", 1, "mook", (5, 4)), ("b2", 1, "fighter", (4, 5), dict(status=KO)),
           ("b3", 1, "thug", (9, 9))]
BOTH = WaylightsOptions(psi_tension=True, alternate_damage=True)


def test_every_listed_order_of_a_fresh_turn_can_be_drawn_and_only_those():
    state = position(FIGURES, "a1", options=BOTH)
    drawn = draws_everything(state, 0, 20_000)
    assert {"move", "split-move", "attack", "finish", "wield", "crystal", "boost", "step", "end"} <= verbs(drawn)
    assert "take-cover" not in verbs(drawn)  # not out of cover yet: nothing to undo (Cover)
    assert len({o for o in drawn if o.verb == "attack"}) > 10  # effects x tension x smash


def test_after_a_step_and_an_action_the_draws_follow_the_listing():
    # the step closes Move (not Split Move) and one Action is left; no finish
    state = attrs.evolve(position(FIGURES, "a1", options=BOTH), stepped=True, actions=1, exposed=True)
    drawn = draws_everything(state, 0, 10_000)
    assert "move" not in verbs(drawn) and "finish" not in verbs(drawn)
    assert {"split-move", "attack", "take-cover", "end"} <= verbs(drawn)


def test_with_no_action_left_only_the_step_and_the_end_remain():
    state = attrs.evolve(position(FIGURES, "a1"), actions=2)
    assert verbs(draws_everything(state, 0, 2_000)) == {"step", "end"}


def test_the_deployment_and_the_dice_split_are_drawn_from_the_listing():
    game = start(RULESET, WaylightsOptions(), field(), 4)
    drawn = draws_everything(game.state, 0, 8_000)
    assert {"deploy", "deploy-all"} == verbs(drawn)
    state = position(FIGURES, "a1", pending="split")
    assert verbs(draws_everything(state, 0, 500)) == {"split"}


def test_random_games_drawn_this_way_are_legal_and_repeatable():
    for seed, options in enumerate((WaylightsOptions(), BOTH, attrs.evolve(BOTH, team_0="gang"))):
        rows = [".........."] * 4 + ["..#..~~...", ".,,.==..W."] + [".........."] * 4
        orders = drawn_game_twice(lambda: start(RULESET, options, field(rows), seed), seed, 600)
        assert len(orders) > 20


def test_a_side_that_may_not_decide_draws_nothing():
    state = position(FIGURES, "a1")
    assert RULESET.random_order(state, 1, random.Random(0)) is None
