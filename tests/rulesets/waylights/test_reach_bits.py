"""The movement search on bit sets (``reach.py``) and what a state and a
battlefield remember of it must give what the rules give: the plain
least-cost search on random boards of every shape, and, over played
games, every answer recomputed from scratch on a fresh battlefield."""

from __future__ import annotations

import copy
import random

import attrs

from core.battlefield_text import parse_battlefield
from core.game import Submitted, start, submit
from core.rulesets.waylights import RULESET, rules
from core.rulesets.waylights.movement import can_reach, reach_entry, reachable
from core.rulesets.waylights.state import WaylightsOptions
from tests.rulesets.waylights.helpers import field, position
from tests.rulesets.waylights.test_engine_caches import ROWS, plain_search

HEAD = """name: Random field
terrain . open
terrain # wall blocks_move blocks_sight elevation=2
terrain ~ mud move_cost=2
terrain % bog move_cost=3
"""


def random_field(rng: random.Random, width: int, height: int):
    rows = ["".join(rng.choice("....~%#") for _ in range(width)) for _ in range(height)]
    text = HEAD + f"zone 0 0,0 {width - 1},0\nzone 1 0,{height - 1} {width - 1},{height - 1}\nmap\n"
    return parse_battlefield(text + "\n".join(rows) + "\n"), rows


def test_the_bit_search_matches_the_plain_rule_on_random_boards_of_every_shape():
    rng = random.Random(15)
    boards = 0
    for _ in range(120):
        width, height = rng.randint(1, 14), rng.randint(1, 14)
        bf, rows = random_field(rng, width, height)
        cells = [c for c in bf.cells() if not bf.terrain(c).blocks_move]
        if len(cells) < 2:
            continue
        boards += 1
        spots = rng.sample(cells, min(len(cells), rng.randint(1, 8)))
        figs = [(f"a{i + 1}", i % 2, "fighter", c) for i, c in enumerate(spots)]
        s = attrs.evolve(position(figs, "a1"), battlefield=bf)
        budgets = list(range(0, 10))
        rng.shuffle(budgets)  # asked in any order: a reach grows as asked
        for budget in budgets:
            want = plain_search(s, "a1", budget)
            got = reachable(s, "a1", budget)
            assert dict(got) == want, (rows, spots, budget)
            assert list(got) == sorted(want)  # cell order
            entry = reach_entry(s, "a1")
            assert entry.cells_within(budget) == tuple(sorted(want))
            bits = entry.reached(budget)
            assert bits.bit_count() == len(want)
            assert [entry.grid.nth(bits, i, {}, tuple) for i in range(len(want))] == sorted(want)
            for c in [(x, y) for x in range(-1, width + 2) for y in range(-1, height + 2)]:
                assert can_reach(s, "a1", budget, c) == (c in want), (rows, spots, budget, c)
    assert boards > 100


def test_a_figure_between_two_others_cannot_squeeze_past_them_diagonally():
    s = position([("a1", 0, "fighter", (0, 0)), ("b1", 1, "mook", (1, 0)), ("b2", 1, "mook", (0, 1)),
                  ("b3", 1, "mook", (9, 9))], "a1", rows=ROWS)
    assert dict(reachable(s, "a1", 6)) == {}
    assert not can_reach(s, "a1", 6, (1, 1))


def fresh(state):
    """The state on a battlefield with nothing remembered, with an empty memo."""
    return attrs.evolve(state, battlefield=copy.deepcopy(state.battlefield))


def test_what_states_and_battlefields_remember_matches_a_recomputation_over_played_games():
    options = (WaylightsOptions(), WaylightsOptions(psi_tension=True, alternate_damage=True))
    checked = 0
    for seed, opts in [(1, options[0]), (2, options[1])]:
        for draw in (False, True):
            game = start(RULESET, opts, field(ROWS), seed, ("North", "South"))
            pick = random.Random(seed)
            while game.to_act and len(game.orders) < 300:
                state = game.state
                side = pick.choice(sorted(game.to_act))
                legal = game.legal_orders(side)
                other = fresh(state)
                assert legal == list(RULESET.legal_orders(other, side))
                assert state.occupied() == other.occupied()
                assert rules.deciding_side(state) == rules.deciding_side(other)
                if state.phase == "battle" and state.active and state.get(state.active).pos:
                    f = state.get(state.active)
                    for budget in (f.template.move, f.template.move // 2):
                        assert dict(reachable(state, f.id, budget)) == plain_search(other, f.id, budget)
                    checked += 1
                order = game.random_order(side, pick) if draw else pick.choice(legal)
                result = submit(game, order)
                assert isinstance(result, Submitted)
                assert RULESET.check(fresh(state), order) is None
                game = result.game
    assert checked > 200
