"""What a side is given does not depend on what it cannot see (issue 11).

Every ruleset that declares hidden information provides, in
``tests/rulesets/<name>/hidden_twins.py``:

- ``twins(state, side, rng, moving)``: two states that ``side`` cannot tell
  apart (what it cannot see drawn afresh), or None;
- ``other_side_orders(game, side)``: the orders the other side may give in
  the continuation (kept from revealing the drawn secrets on purpose);
- ``extra_lines(game, side)``: any other text the screen gives ``side``
  (Platemail: the Round playback and the side panel);
- ``random_order(game, side, rng)``: an order that steers the random game
  towards secrets, or None for a random legal one;
- ``OPTIONS``: options for the random games (None: the defaults), chosen so
  that secrets come up often.

Along random seeded games, at states where something is hidden, the test
checks for each side that its view, the texts of its legal orders and the
cells they light are the same in both twins; then it plays the same orders
on both and, as long as the side's view stays the same, that the log lines
it may read and the extra lines are the same too.
"""

from __future__ import annotations

import importlib
import random

import attrs
import pytest

from core import registry
from core.game import Submitted, start, submit
from saves.library import battlefield_named

GAMES = 4  # random games per ruleset
CONTINUATION = 12  # orders played on both twins after a split
SPLITS = 6  # splits tried per game (at most)

HIDDEN = [r for r in registry.rulesets() if r.capabilities.hidden_information]


def hooks(rules):
    return importlib.import_module(f"tests.rulesets.{rules.name}.hidden_twins")


def test_every_ruleset_with_hidden_information_provides_twins():
    assert {r.name for r in HIDDEN} >= {"platemail", "optio"}
    for rules in HIDDEN:
        module = hooks(rules)
        for name in ("twins", "other_side_orders", "extra_lines", "random_order"):
            assert callable(getattr(module, name)), f"{rules.name}: hidden_twins.{name}"
        assert hasattr(module, "OPTIONS")


def given(game, side: int) -> dict:
    rules = game.ruleset
    legal = game.legal_orders(side)
    return {
        "view": game.view(side),
        "orders": [rules.describe_order(game.state, o) for o in legal],
        "cells": [tuple(rules.order_cells(game.state, o)) for o in legal],
    }


def lines(game, side: int, module) -> list[str]:
    return [e.sentence for e in game.log_for(side)] + module.extra_lines(game, side)


def _split(game, side, rng, module, checked):
    """Check one pair of twins; returns how many continuations were compared."""
    for moving in (True, False):
        pair = module.twins(game.state, side, rng, moving)
        if pair is None:
            return 0
        a, b = (attrs.evolve(game, state=s) for s in pair)
        assert given(a, side) == given(b, side), f"{game.ruleset.name}: side {side} is given something hidden"
    other = 1 - side
    compared = 0
    for _ in range(CONTINUATION):
        to_act = a.to_act
        if not to_act or a.to_act != b.to_act:
            break
        mover = rng.choice(sorted(to_act))
        if mover == side:
            options = a.legal_orders(side)
        else:
            options = [o for o in module.other_side_orders(a, other) if b.ruleset.check(b.state, o) is None]
        if not options:
            break
        order = rng.choice(options)
        ra, rb = submit(a, order), submit(b, order)
        assert isinstance(ra, Submitted) and isinstance(rb, Submitted)
        a, b = ra.game, rb.game
        if a.view(side) != b.view(side):
            break  # the side has now seen a difference: nothing more to compare
        assert lines(a, side, module) == lines(b, side, module), (
            f"{game.ruleset.name}: side {side}'s log differs by what it cannot see after {order.to_text()}")
        assert given(a, side)["orders"] == given(b, side)["orders"]
        compared += 1
    checked.append(compared)
    return compared


@pytest.mark.parametrize("rules", HIDDEN, ids=[r.name for r in HIDDEN])
def test_a_side_is_given_the_same_whatever_it_cannot_see(rules):
    module = hooks(rules)
    checked: list[int] = []
    for seed in range(1, GAMES + 1):
        bf = battlefield_named(rules.default_battlefield)
        game = start(rules, module.OPTIONS, bf, seed, ("North", "South"))
        pick = random.Random(seed)
        splits = 0
        for _ in range(400):
            if not game.to_act or splits >= SPLITS:
                break
            side = pick.choice(sorted(game.to_act))
            for s in (0, 1):
                if _split(game, s, random.Random(pick.random()), module, checked):
                    splits += 1
            order = module.random_order(game, side, pick) or pick.choice(game.legal_orders(side))
            game = submit(game, order).game
    # The games must actually reach hidden positions, or the test says nothing.
    assert len(checked) >= 3 and sum(checked) >= 10, checked
