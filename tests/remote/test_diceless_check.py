"""Issue 29: a diceless game never speaks of dice -- not even in the
joiner's end-of-game check of a hosted Plasto Latros game."""

from __future__ import annotations

import random

from core.game import start, submit
from core.registry import find_ruleset
from net import fairdice
from saves.library import battlefield_named
from tests.remote.helpers import PLAYERS
from tests.remote.test_fair_dice_and_codes import _joiner_that_saw


def test_the_check_of_a_diceless_game_speaks_of_no_dice():
    rules = find_ruleset("plasto_latros")
    assert rules.capabilities.dice == ()
    host_half, joiner_half = fairdice.new_half(), fairdice.new_half()
    game = start(rules, None, battlefield_named(rules.default_battlefield),
                 fairdice.seed_from(host_half, joiner_half), PLAYERS)
    pick = random.Random(4)
    while game.outcome is None:
        game = submit(game, pick.choice(game.legal_orders(min(game.to_act)))).game
    reveal = {"nonce": host_half, "joiner": joiner_half, "orders": [o.to_text() for o in game.orders]}
    seat = _joiner_that_saw(game, fairdice.commitment(host_half), joiner_half)
    seat._check_dice(reveal)
    assert seat.fairness.startswith("Game checked"), seat.fairness
    assert "dice" not in seat.fairness.lower() and "roll" not in seat.fairness.lower()
