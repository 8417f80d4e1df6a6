"""Watching a game again: each position equals a replay of that many orders."""

import random

import pytest

from core import registry
from core.game import replay, start, submit
from core.playback import next_mark, positions, turn_marks
from saves.library import battlefield_named


def _random_game(rules, seed: int, orders: int):
    game = start(rules, None, battlefield_named(rules.default_battlefield), seed, ("Ann", "Bob"))
    rng = random.Random(seed)
    for _ in range(orders):
        if game.outcome is not None:
            break
        game = submit(game, rng.choice(game.legal_orders(min(game.to_act)))).game
    return game


@pytest.mark.parametrize("rules", registry.rulesets(), ids=lambda r: r.name)
def test_every_position_is_the_replay_of_its_prefix(rules):
    game = _random_game(rules, 5, 60)
    history = positions(game)
    assert len(history) == len(game.orders) + 1
    assert history[-1].state == game.state and history[-1].log == game.log
    for k in (0, 1, len(game.orders) // 2, len(game.orders)):
        again = replay(rules, game.options, game.battlefield, game.seed, game.players, game.orders[:k])
        assert history[k].state == again.state
        assert history[k].log == again.log


def test_turn_marks_fall_where_the_turn_number_changes():
    rules = registry.find_ruleset("spheres_of_war")
    history = positions(_random_game(rules, 2, 200))
    marks = turn_marks(history)
    assert marks[0] == 0
    turns = [rules.situation(g.state).turn for g in history]
    for m in marks[1:]:
        assert turns[m] != turns[m - 1]
    assert len(marks) == 1 + sum(1 for a, b in zip(turns, turns[1:]) if a != b)


def test_next_mark_steps_between_turn_starts():
    marks = (0, 4, 9)
    assert next_mark(marks, 0, 1, 12) == 4
    assert next_mark(marks, 4, 1, 12) == 9
    assert next_mark(marks, 9, 1, 12) == 12
    assert next_mark(marks, 9, -1, 12) == 4
    assert next_mark(marks, 5, -1, 12) == 4
    assert next_mark(marks, 0, -1, 12) == 0
