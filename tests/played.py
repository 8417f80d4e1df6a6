"""Positions from real play, for tests that check a value-level helper
against the general one on many states."""

from __future__ import annotations

import random


def played_states(rules, battlefield, seed: int, count: int) -> list:
    """The states of one game of ``rules`` on ``battlefield``, each side's
    order drawn by the ruleset (``random_order``), up to ``count`` states."""
    from core.game import start, submit

    game = start(rules, None, battlefield, seed, ("North", "South"))
    pick = random.Random(seed)
    states = [game.state]
    while game.to_act and len(states) < count:
        side = pick.choice(sorted(game.to_act))
        game = submit(game, game.random_order(side, pick)).game
        states.append(game.state)
    return states
