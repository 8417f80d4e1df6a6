"""No dice seed in the computer's hands (issue 31).

The game's dice seed foretells every roll to come (and Optio's shuffled
kinds).  Whoever seats the computer gives it a seed of its own, derived one
way from the game's (``core.dice.computer_seed``), and a view with the
roller's seed blanked.  These tests watch what actually reaches
``core.ai.choose`` from every caller (the seated player, the TUI's seats,
the strength bench, ``decide``) and check that no whole number in it, used
as a dice seed, rolls what the game will roll next.
"""

from __future__ import annotations

import random

import attrs
import pytest

import core.ai
import core.ai.player
from bench.games import battlefield_for
from core.ai import Level
from core.dice import Dice, computer_seed, derived_seed, without_seed
from core.game import start, submit
from core.registry import find_ruleset, rulesets

TINY = Level("tiny", 2, 3)
NAMES = [r.name for r in rulesets()]


def _game(name: str, seed: int, steps: int = 12):
    rules = find_ruleset(name)
    game = start(rules, None, battlefield_for(rules), seed, ("North", "South"))
    rng = random.Random(seed)
    for _ in range(steps):
        if not game.to_act:
            break
        game = submit(game, rng.choice(game.legal_orders(min(game.to_act)))).game
    return game


def _ints(value, depth: int = 0, out: set | None = None) -> set[int]:
    """Every whole number inside ``value`` (attrs classes, containers)."""
    out = set() if out is None else out
    if depth > 12:
        return out
    if isinstance(value, bool):
        return out
    if isinstance(value, int):
        out.add(value)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            _ints(getattr(value, field.name), depth + 1, out)
    elif isinstance(value, dict):
        for k, v in value.items():
            _ints(k, depth + 1, out)
            _ints(v, depth + 1, out)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for v in value:
            _ints(v, depth + 1, out)
    return out


def _next_rolls(seed: int, draws: int, n: int = 24) -> tuple[int, ...]:
    return Dice(seed, draws).faces(n, 6)[1]


def _assert_blind(game, received: list[tuple]) -> None:
    """Nothing received can stand in for the dice seed."""
    assert received, "the computer was never asked"
    dice = getattr(game.state, "dice", None)
    draws = dice.draws if isinstance(dice, Dice) else 0
    truth = _next_rolls(game.seed, draws)
    for args in received:
        _rules, view, side, legal, _level, seed, ply = args
        held = getattr(view, "dice", None)
        if isinstance(held, Dice):
            assert held.seed == 0 and not held.script, "the view still carries the dice seed"
        numbers = _ints(view) | _ints(tuple(legal)) | {seed, ply, side}
        assert game.seed not in numbers
        for x in numbers:
            assert _next_rolls(x, draws) != truth, f"{x} rolls the game's next rolls"


@pytest.fixture
def spy(monkeypatch):
    """Records what reaches ``choose`` (the real one still answers)."""
    real = core.ai.choose
    received: list[tuple] = []

    def watched(rules, view, side, legal, level="normal", seed=0, ply=0):
        received.append((rules, view, side, legal, level, seed, ply))
        return real(rules, view, side, legal, level, seed, ply)

    monkeypatch.setattr(core.ai, "choose", watched)
    monkeypatch.setattr(core.ai.player, "choose", watched)
    return received


def test_the_computers_seed_is_one_way_and_not_the_dice_seed():
    seeds = [0, 1, 7, 2**40 + 3, (1 << 63) - 1]
    for s in seeds:
        mine = computer_seed(s)
        assert mine != s and 0 <= mine < 1 << 63
        assert mine == computer_seed(s)  # the same game: the same computer
        assert _next_rolls(mine, 0) != _next_rolls(s, 0)
    assert len({computer_seed(s) for s in seeds}) == len(seeds)
    assert derived_seed(5, "computer") != derived_seed(5, "other")


@pytest.mark.parametrize("name", NAMES)
def test_the_seated_computer_gets_no_dice_seed(name, spy):
    """The match's computer client (match/computer.py) and the seated player."""
    from match import Match
    from match.computer import ComputerClient

    game = _game(name, 4242)
    side = min(game.to_act)
    player = ComputerClient(Match(game, ("easy", "easy")), side, "easy").player()
    assert player.seed == computer_seed(game.seed) != game.seed
    assert player.choose() is not None
    _assert_blind(game, spy)


@pytest.mark.parametrize("name", NAMES)
def test_decide_and_the_bench_give_no_dice_seed(name, spy, monkeypatch):
    from bench import strength

    game = _game(name, 777)
    assert core.ai.decide(game, min(game.to_act), TINY) is not None
    _assert_blind(game, spy)

    spy.clear()
    seen: list = []
    monkeypatch.setattr(strength, "choose", lambda *a: (seen.append(a), core.ai.choose(*a))[1])
    monkeypatch.setattr(strength, "ORDER_CAP", 6)
    strength.play(find_ruleset(name), (TINY, TINY), 31337, {})
    first = start(find_ruleset(name), strength.options_for(find_ruleset(name)),
                  battlefield_for(find_ruleset(name)), 31337, ("North", "South"))
    _assert_blind(first, spy)


def test_a_view_left_with_its_seed_is_blanked_before_the_search():
    """A caller that forgets: ``choose`` blanks the seed itself, so the
    order is the one the blanked view gives."""
    rules = find_ruleset("waylights")
    game = _game("waylights", 99)
    side = min(game.to_act)
    view, legal = rules.view(game.state, side), game.legal_orders(side)  # the ruleset's bare view
    assert view.dice.seed == game.seed  # this ruleset's view hides nothing else
    blank = without_seed(view)
    assert blank.dice == Dice(0, view.dice.draws)
    assert core.ai.choose(rules, view, side, legal, TINY, 3, 1) == core.ai.choose(rules, blank, side, legal, TINY, 3, 1)
