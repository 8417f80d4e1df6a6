"""The computer player (core/ai) plays whole games of every ruleset, every
phase of them, with no refused order, and chooses reproducibly.  It plays
as a seat that a program fills (core/ai/player.py): two computers sit at
the two seats of a ``core.seats.Table`` and submit through them.

Budgets here are tiny (a handful of play-outs a move): these tests check
that it plays legally and deterministically, never how well or how fast
(that is ``python3 -m bench --only strength``)."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from bench.games import battlefield_for
from core.ai import Level, choose, decide
from core.ai.player import ComputerPlayer
from core.dice import Dice, computer_seed
from core.game import start, submit
from core.registry import find_ruleset, rulesets
from core.ruleset import Rejection
from core.seats import Table

TINY = Level("tiny", 3, 4)


def computer_game(name: str, seed: int = 11, level=TINY):
    """Computer against computer, each through its own seat of one table."""
    rules = find_ruleset(name)
    table = Table(start(rules, None, battlefield_for(rules), seed, ("North", "South")))
    players = [ComputerPlayer(table.seat(side), level, computer_seed(seed)) for side in (0, 1)]
    chosen = []
    for _ in range(3000):
        game = table.game
        if not game.to_act:
            break
        player = players[min(game.to_act)]
        choice = player.choose()
        assert choice is not None, "a side to act always has an order"
        assert choice.reason.strip(), "every order comes with a reason"
        result = player.give(choice)
        assert not isinstance(result, Rejection), f"{choice.order.to_text()} refused: {result}"
        chosen.append(choice.order)
    return table.game, chosen


# What every phase of each ruleset asks for, by the verbs the computer must have used.
PHASE_VERBS = {
    "spheres_of_war": {"match"},
    "plasto_latros": {"move"},
    "optio": {"move", "place-template"},
    "platemail": {"write", "commit"},
    "waylights": {"split"},
}


@pytest.mark.parametrize("name", [r.name for r in rulesets()])
def test_computer_against_computer_finishes_a_game(name):
    verbs = Counter()
    for seed in (11, 12):  # a phase such as the Match choice arises in some games only
        game, chosen = computer_game(name, seed)
        assert game.outcome is not None, f"{name}: no end after {len(game.orders)} orders"
        verbs.update(o.verb for o in chosen)
    assert PHASE_VERBS[name] <= set(verbs), f"{name}: the computer never used {PHASE_VERBS[name] - set(verbs)}"


def test_platemail_writes_use_more_than_one_condition():
    """IF/ELSE with conditions that fit the actions, not one default."""
    _, chosen = computer_game("platemail", seed=4)
    conditions = {o.condition for o in chosen if o.verb == "write"}
    assert len(conditions) >= 2, conditions


def _positions(name: str, seeds=range(3), steps=(9, 23, 41)):
    """Positions part way through random games."""
    rules = find_ruleset(name)
    for seed in seeds:
        rng = random.Random(seed)
        game = start(rules, None, battlefield_for(rules), seed, ("North", "South"))
        for i in range(max(steps) + 1):
            if not game.to_act:
                break
            if i in steps:
                yield game
            side = min(game.to_act)
            game = submit(game, rng.choice(game.legal_orders(side))).game


@pytest.mark.parametrize("name", ["spheres_of_war", "waylights", "platemail"])
def test_same_seed_and_position_same_order(name):
    for game in _positions(name, seeds=[5], steps=(12, 30)):
        side = min(game.to_act)
        first, again = decide(game, side, TINY), decide(game, side, TINY)
        assert first == again


@pytest.mark.parametrize("name", [r.name for r in rulesets() if r.capabilities.dice])
def test_future_rolls_are_not_read(name):
    """The dice in a view (its seed says what will fall) do not sway the choice."""
    rules = find_ruleset(name)
    for game in _positions(name, seeds=[2], steps=(15,)):
        side = min(game.to_act)
        view = game.view(side)
        legal = game.legal_orders(side)
        other = attrs.evolve(view, dice=Dice(view.dice.seed + 12345, view.dice.draws))
        assert choose(rules, view, side, legal, TINY, 9, 15) == choose(rules, other, side, legal, TINY, 9, 15)


@pytest.mark.parametrize("name", ["spheres_of_war", "optio", "platemail"])
def test_a_seat_at_another_table_in_the_same_position_chooses_the_same(name):
    """Same seed, same position: the same order, whichever table it sits at."""
    for game in _positions(name, seeds=[7], steps=(10, 25)):
        side = min(game.to_act)
        first = ComputerPlayer(Table(game).seat(side), TINY, computer_seed(game.seed)).choose()
        again = ComputerPlayer(Table(game).seat(side), TINY, computer_seed(game.seed)).choose()
        assert first is not None and first == again


def test_the_computer_does_not_act_out_of_turn_or_for_the_onlooker():
    rules = find_ruleset("spheres_of_war")
    table = Table(start(rules, None, battlefield_for(rules), 3, ("North", "South")))
    idle = 1 - min(table.game.to_act) if len(table.game.to_act) == 1 else None
    if idle is not None:
        before = table.version
        assert ComputerPlayer(table.seat(idle), TINY).play() is None
        assert table.version == before
    with pytest.raises(ValueError):
        ComputerPlayer(table.seat(None), TINY)
