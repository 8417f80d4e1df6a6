"""Take back (ctrl+z): the rule in ``core.game.take_back_refusal``.

A side may take back its own last order while no die was rolled for it,
nothing hidden was revealed by it and the other side has not acted since.
The games are real ones, played with fixed seeds and orders chosen by a
seeded generator, so each case below is found the same way every run."""

from __future__ import annotations

import random

from core.events import Rolled
from core.game import start, submit, take_back_refusal
from core.registry import find_ruleset
from tests.tui.test_every_ruleset import battlefield_for


def new(name: str, seed: int = 3):
    rules = find_ruleset(name)
    return start(rules, None, battlefield_for(rules), seed=seed, players=("Ann", "Bo"))


def test_a_plain_deployment_can_be_taken_back_to_the_very_same_game():
    game = new("plasto_latros")
    order = next(o for o in game.legal_orders(0) if o.verb == "deploy")
    after = submit(game, order).game
    refusal, earlier = take_back_refusal(after, 0)
    assert refusal is None
    assert earlier.orders == () and earlier.state == game.state and earlier.log == game.log


def test_nothing_to_take_back_at_the_start():
    refusal, earlier = take_back_refusal(new("plasto_latros"), 0)
    assert refusal.code == "nothing-to-take-back" and earlier is None


def test_once_the_other_side_has_acted_the_order_stands():
    game = new("plasto_latros")
    while game.to_act == frozenset({0}):
        game = submit(game, game.legal_orders(0)[0]).game
    assert game.to_act == frozenset({1})
    game = submit(game, next(o for o in game.legal_orders(1) if o.verb == "deploy")).game
    refusal, _ = take_back_refusal(game, 0)
    assert refusal.code == "not-yours" and "Bo" in refusal.message
    # ... while Bo may take back Bo's own deployment.
    assert take_back_refusal(game, 1)[0] is None


def _play_until(name: str, wanted, seed: int = 5, limit: int = 400):
    """Random legal play until an order's events satisfy ``wanted``."""
    game = new(name)
    pick = random.Random(seed)
    for _ in range(limit):
        if game.outcome is not None:
            break
        side = min(game.to_act)
        order = pick.choice(game.legal_orders(side))
        result = submit(game, order)
        before, game = game, result.game
        if wanted(result.events, side, before, game):
            return game, side
    raise AssertionError("no such order came up")


def test_an_order_that_rolled_dice_stands():
    def rolled(events, side, before, after):
        return after.outcome is None and any(isinstance(e, Rolled) for e in events)

    game, side = _play_until("spheres_of_war", rolled)
    refusal, earlier = take_back_refusal(game, side)
    assert refusal.code == "dice-rolled" and earlier is None


def seen(game, side):
    """The enemy figures ``side`` can see (worked out here, from the view)."""
    return {(u.id, u.pos, u.status) for u in game.ruleset.units(game.view(side)) if u.side != side}


def test_an_order_that_revealed_a_secret_stands():
    def revealing(events, side, before, after):
        return not any(isinstance(e, Rolled) for e in events) and seen(before, side) != seen(after, side)

    game, side = _play_until("optio", revealing)
    refusal, _ = take_back_refusal(game, side)
    assert refusal.code == "revealed"


def test_a_finished_game_keeps_its_last_order():
    game = new("spheres_of_war")
    pick = random.Random(2)
    while game.outcome is None:
        game = submit(game, pick.choice(game.legal_orders(min(game.to_act)))).game
    refusal, earlier = take_back_refusal(game, game.orders[-1].side)
    assert refusal.code == "game-over" and earlier is None


def test_a_platemail_order_written_in_secret_can_be_taken_back():
    """Its own secret reveals nothing to the writer: it may go back."""
    from core.deployment import DeployAll, Ready

    game = new("platemail")
    for order in (DeployAll(0), Ready(0), DeployAll(1), Ready(1)):
        game = submit(game, order).game
    side = min(game.to_act)
    write = next(o for o in game.legal_orders(side) if o.verb == "write")
    after = submit(game, write).game
    refusal, earlier = take_back_refusal(after, side)
    assert refusal is None and earlier.state == game.state
