"""The checked boundary and the fast path (issue 27): ``core.game.submit``
is where the turn and game-over refusals live (one wording for every
ruleset), a ruleset's ``check`` answers the same for any equal order and
changes nothing, and ``core.game.step_unchecked`` is the documented way to
apply a drawn or listed order without checking it."""

from __future__ import annotations

import random

import attrs
import pytest

from core.game import Submitted, refusal, start, step_unchecked, submit
from core.registry import rulesets
from core.ruleset import Rejection
from saves.library import battlefield_named

RULESETS = [pytest.param(r, id=r.name) for r in rulesets()]
PLAYERS = ("North", "South")


def _game(rules, seed: int):
    return start(rules, None, battlefield_named(rules.default_battlefield), seed, PLAYERS)


def _states(rules, seed: int, limit: int = 400):
    """(game, side to act, drawn order) along one random game played with
    the ruleset's own draw, each order submitted."""
    game = _game(rules, seed)
    rng = random.Random(seed)
    while game.to_act and len(game.orders) < limit:
        side = rng.choice(sorted(game.to_act))
        order = game.random_order(side, rng)
        yield game, side, order
        result = submit(game, order)
        assert isinstance(result, Submitted), (order.to_text(), result)
        game = result.game


@pytest.mark.parametrize("rules", RULESETS)
def test_out_of_turn_and_after_the_end_every_ruleset_is_refused_in_the_cores_words(rules):
    out_of_turn = 0
    for seed in (1, 2):
        for game, side, order in _states(rules, seed, 3000):
            if len(game.to_act) == 1:
                other = 1 - side
                # the order the side to act was given, as the other side's
                result = submit(game, attrs.evolve(order, side=other))
                assert result == Rejection("not-your-turn", f"It is not {PLAYERS[other]}'s turn to act.")
                out_of_turn += 1
        over = submit(game, order).game
        assert over.outcome is not None
        assert submit(over, order) == Rejection("game-over", "The game is over.")
        assert refusal(rules, over.state, order) == Rejection("game-over", "The game is over.")
    assert out_of_turn > 20


@pytest.mark.parametrize("rules", RULESETS)
def test_check_answers_an_equal_order_alike_and_changes_nothing_in_the_state(rules):
    """No check accepts an order because it is the very object a draw gave
    (the draw "vouching" for it), and none takes anything out of, or puts
    anything but derived facts into, the state's memo."""
    asked = 0
    for seed in (3, 4):
        for game, _side, order in _states(rules, seed, 300):
            state = game.state
            memo = getattr(state, "memo", None)  # (Optio's and Platemail's states keep none)
            before = dict(memo.entries) if memo is not None else {}
            verdict = rules.check(state, order)
            after = memo.entries if memo is not None else {}
            assert all(key in after and after[key] is value for key, value in before.items()), (
                f"{order.to_text()}: check took an entry out of the state's memo")
            twin = rules.parse_order(order.to_text())
            assert twin == order and twin is not order
            assert rules.check(state, twin) == verdict is None
            asked += 1
    assert asked > 100


# For each ruleset whose draw builds orders without listing them all: a part
# of its check that the draw's orders must pass through (module, name, the
# kind of order that reaches it).  Made to refuse everything, check must then
# refuse the drawn orders of that kind: it asked, rather than trusting the draw.
INNER_CHECKS = {
    "waylights": ("core.rulesets.waylights.rules", "check_turn", "move"),
    "plasto_latros": ("core.rulesets.plasto_latros.ruleset", "movement_problem", "move"),
    "platemail": ("core.rulesets.platemail.checks", "check_act", "write"),
}


@pytest.mark.parametrize("name", sorted(INNER_CHECKS))
def test_a_drawn_order_is_checked_in_full(monkeypatch, name):
    import importlib

    rules = next(r for r in rulesets() if r.name == name)
    module, function, verb = INNER_CHECKS[name]
    refused = Rejection("stub", "refused by the test")
    places = [(game.state, side) for game, side, order in _states(rules, 5, 300) if order.verb == verb]
    assert len(places) > 10
    stub = (lambda *a, **k: "refused by the test") if function == "movement_problem" else (lambda *a, **k: refused)
    monkeypatch.setattr(importlib.import_module(module), function, stub)
    asked = 0
    for state, side in places:
        for k in range(4):
            # drawn afresh for this very state, then checked: the draw's own object
            order = rules.random_order(state, side, random.Random(k))
            if order.verb == verb:
                assert rules.check(state, order) is not None, order.to_text()
                asked += 1
    assert asked > 10


@pytest.mark.parametrize("rules", RULESETS)
def test_the_unchecked_step_is_the_checked_one_for_drawn_orders(rules):
    for game, _side, order in _states(rules, 6, 200):
        assert refusal(rules, game.state, order, game.players) is None
        fast, fast_events = step_unchecked(rules, game.state, order)
        checked = submit(game, order)
        assert fast == checked.game.state
        assert tuple(fast_events) == checked.events[:len(fast_events)]
