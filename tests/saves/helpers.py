"""Small helpers shared by the save tests."""

from __future__ import annotations

import random

from core.game import Game, start, submit
from saves.library import battlefield_named


def play(ruleset, seed: int = 3, count: int = 12, players=("Ann", "Bob")) -> Game:
    """A game with up to ``count`` random legal orders played."""
    game = start(ruleset, None, battlefield_named(ruleset.default_battlefield), seed, players)
    rng = random.Random(seed)
    for _ in range(count):
        if not game.to_act:
            break
        side = min(game.to_act)
        game = submit(game, rng.choice(game.legal_orders(side))).game
    return game
