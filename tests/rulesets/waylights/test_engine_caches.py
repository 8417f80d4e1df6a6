"""The speed-ups of the engine (shared move searches, remembered sight,
legal turn orders filtered by the turn part of check only) must give the
answers the rules give."""

from __future__ import annotations

import heapq
import random

import attrs

from core.game import Submitted, start, submit
from core.rulesets.waylights import RULESET, rules
from core.rulesets.waylights.movement import reachable
from core.rulesets.waylights.orders import Move, SplitMove
from tests.rulesets.waylights.helpers import field, position

FAR = ("b9", 1, "mook", (9, 9))
ROWS = [".#..~.....", "....~..#..", "..##......", "......~~..", "..#......."] + [".........."] * 5


def plain_search(state, uid, budget):
    """Movement as the ruleset's rulings put it, written out plainly: an
    orthogonal step costs the entered cell's move cost (at least 1), a
    diagonal step twice that; walls and other figures block; no diagonal
    squeezing between two blocked cells."""
    bf = state.battlefield
    others = {f.pos for f in state.fighters if f.pos is not None and f.status != "dead" and f.id != uid}

    def open_(c):
        return bf.in_bounds(c) and not bf.terrain(c).blocks_move and c not in others

    start_ = state.get(uid).pos
    best, heap = {start_: 0}, [(0, start_)]
    while heap:
        cost, (x, y) = heapq.heappop(heap)
        if cost > best[(x, y)]:
            continue
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                nxt = (x + dx, y + dy)
                if (dx, dy) == (0, 0) or not open_(nxt):
                    continue
                if dx and dy and not (open_((x + dx, y)) or open_((x, y + dy))):
                    continue
                c = cost + max(1, bf.terrain(nxt).move_cost) * (2 if dx and dy else 1)
                if c <= budget and c < best.get(nxt, 1 << 30):
                    best[nxt] = c
                    heapq.heappush(heap, (c, nxt))
    del best[start_]
    return best


def test_shared_search_matches_the_plain_rule_on_random_positions():
    rng = random.Random(4)
    cells = [c for c in field(ROWS).cells() if not field(ROWS).terrain(c).blocks_move]
    for _ in range(40):
        spots = rng.sample(cells, 6)
        figs = [(f"a{i + 1}", 0, "fighter", spots[i]) for i in range(3)]
        figs += [(f"b{i + 1}", 1, "mook", spots[3 + i]) for i in range(3)]
        s = position(figs, "a1", rows=ROWS)
        for budget in (6, 3, 4, 1):  # the wider answer first: smaller ones are cut from it
            assert dict(reachable(s, "a1", budget)) == plain_search(s, "a1", budget)


def test_a_figure_moving_away_is_seen_by_the_next_search():
    # a1 in the corner: a wall east, b1 south, so the diagonal squeezes
    # between two blocked cells and nothing is reachable.
    s = position([("a1", 0, "fighter", (0, 0)), ("b1", 1, "mook", (0, 1)), FAR], "a1", rows=ROWS)
    assert dict(reachable(s, "a1", 6)) == {}
    moved = s.put(attrs.evolve(s.get("b1"), pos=(8, 9)))
    costs = reachable(moved, "a1", 6)
    assert costs[(0, 1)] == 1 and costs[(1, 1)] == 2 and (0, 0) not in costs
    assert dict(reachable(s, "a1", 6)) == {}  # the old position still answers as before


def test_legal_turn_orders_are_exactly_the_candidates_check_accepts():
    game = start(RULESET, None, field(ROWS), 5, ("North", "South"))
    pick = random.Random(5)
    turns = 0
    for _ in range(400):
        if not game.to_act:
            break
        side = min(game.to_act)
        state = game.state
        legal = game.legal_orders(side)
        if state.phase == "battle" and not state.pending:
            turns += 1
            candidates = RULESET._turn_orders(state, side)
            assert legal == [o for o in candidates if rules.check(state, o) is None]
            assert all(rules.check(state, o) is None for o in legal if isinstance(o, (Move, SplitMove)))
        result = submit(game, pick.choice(legal))
        assert isinstance(result, Submitted)
        game = result.game
    assert turns > 20
