"""The competent beginner (bench/beginner.py) plays every ruleset legally to
the end, written without the computer player, and the strength bench seats
it.  Turn limits are cut short: this checks the plumbing, not the play."""

from __future__ import annotations

import ast
from pathlib import Path

import attrs
import pytest

from bench.beginner import Beginner
from bench.games import battlefield_for
from bench.strength import options_for
from core.dice import without_seed
from core.game import start, submit
from core.registry import find_ruleset, rulesets
from core.ruleset import Rejection

SHORT = {"turn_limit": 6, "round_limit": 3, "safety_limit": 40}


def short_options(rules):
    options = options_for(rules)
    if not attrs.has(type(options)):
        return options
    names = {f.name for f in attrs.fields(type(options))}
    cut = {k: v for k, v in SHORT.items() if k in names}
    if rules.name == "plasto_latros":
        cut.pop("turn_limit", None)  # 0 there means no limit: the safety limit ends it
    return attrs.evolve(options, **cut)


@pytest.mark.parametrize("name", [r.name for r in rulesets()])
def test_two_beginners_play_a_short_game_to_the_end(name):
    rules = find_ruleset(name)
    game = start(rules, short_options(rules), battlefield_for(rules), 5, ("North", "South"))
    players = [Beginner(rules, 1), Beginner(rules, 2)]
    verbs = set()
    for _ in range(2000):
        if not game.to_act:
            break
        side = min(game.to_act)
        legal = game.legal_orders(side)
        order = players[side].choose(without_seed(game.view(side)), side, legal)
        # Platemail lists a stock of writes; any other that the rules pass is legal too.
        assert order in legal or rules.check(game.state, order) is None, f"{name}: {order.to_text()} illegal"
        result = submit(game, order)
        assert not isinstance(result, Rejection), f"{name}: {order.to_text()} refused: {result}"
        game = result.game
        verbs.add(order.verb)
    assert game.outcome is not None, f"{name}: no end after {len(game.orders)} orders"
    assert verbs - {"deploy", "deploy-all", "ready"}, f"{name}: the beginner never played past deployment"


def test_the_beginner_is_written_without_the_computer():
    tree = ast.parse(Path("bench/beginner.py").read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not any(m and (m == "core.ai" or m.startswith("core.ai.")) for m in imported), imported


def test_the_strength_bench_seats_the_beginner():
    from bench import strength
    from core.ai import Level

    times: dict = {}
    winner, orders = strength.play(find_ruleset("spheres_of_war"), ("beginner", Level("tiny", 2, 3)), 3, times)
    assert orders > 0 and winner in (0, 1, None)
    assert ("normal", "beginner") in strength.PAIRINGS and ("hard", "beginner") in strength.PAIRINGS


def test_the_beginner_counts_a_waylights_figures_wounds_as_the_ruleset_words_them():
    """Its material reads wounds from ``units()``: when that said "wounds 4 (KO
    at 3)" instead of "3/3", the beginner stopped seeing any wound, and played
    other games than the table's records (found replaying normal v beginner)."""
    from core.rulesets.waylights.state import KO

    rules = find_ruleset("waylights")
    game = start(rules, options_for(rules), battlefield_for(rules), 5, ("North", "South"))
    side = 0
    while game.to_act and rules.situation(game.state).deploying:  # every figure on the board
        side = min(game.to_act)
        game = submit(game, Beginner(rules, 1).choose(without_seed(game.view(side)), side,
                                                      game.legal_orders(side))).game
    state = game.state
    first = next(f for f in state.fighters if f.side == 0)
    whole = Beginner(rules, 1)._material(state, 0)
    hurt = state.put(attrs.evolve(first, wounds=1))
    assert "wounds 1 (KO at" in next(u.status for u in rules.units(hurt) if u.id == first.id)
    assert Beginner(rules, 1)._material(hurt, 0) == pytest.approx(whole - 0.5 / first.ko_at)
    # a knocking-out blow may carry more wounds than were left: no more than the KO mark's count
    beyond = state.put(attrs.evolve(first, wounds=first.ko_at + 2, status=KO))
    assert Beginner(rules, 1)._material(beyond, 0) == pytest.approx(whole - 0.5)
