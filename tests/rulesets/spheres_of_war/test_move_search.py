"""The one-pass Move search (``movement.destinations``) against the rule
read cell by cell: a cell of the 5x5 square round the mover is a
destination when ``_problem`` finds nothing wrong with it (rules 25-27),
and of the cells past the edge only the nearest each way is listed."""

import random

from core.board import adjacent, distance_squared
from core.rulesets.spheres_of_war import RULESET
from core.rulesets.spheres_of_war.movement import _problem, destinations
from core.rulesets.spheres_of_war.orders import Move

from .helpers import board, position


def by_the_rule(state, mover, opponent):
    p, q = state.unit(mover).pos, state.unit(opponent).pos
    bf = state.battlefield
    inside, past = [], {}
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            c = (p[0] + dx, p[1] + dy)
            if _problem(state, mover, p, q, c) is not None:
                continue
            if bf.in_bounds(c):
                inside.append(c)
            else:
                toward = (c[0] - p[0]) * (q[0] - p[0]) + (c[1] - p[1]) * (q[1] - p[1]) > 0
                key = (distance_squared(p, c), c)
                if toward not in past or key < past[toward]:
                    past[toward] = key
    return inside + [past[k][1] for k in (True, False) if k in past]


WALLED = board("..#.........", "....#.......", ".#....##....", "......#.....", "...#........")


def test_the_fast_search_lists_exactly_the_cells_the_rule_allows():
    pick = random.Random(20240518)
    cells = [(x, y) for y in range(12) for x in range(12)]
    tried = 0
    for _ in range(300):
        bf = pick.choice([board(), WALLED])
        free = [c for c in cells if not bf.terrain(c).blocks_move]
        spots = pick.sample(free, 6)
        ids = ["i1", "r1", "i2", "r2", "i3", "r3"]
        state, _ = position(dict(zip(ids, spots)), bf=bf)
        if state.match is None:
            continue
        mover, opponent = state.match.instigator, state.match.retaliator
        if state.match.step % 2:
            mover, opponent = opponent, mover
        want = by_the_rule(state, mover, opponent)
        assert destinations(state, mover, opponent) == want
        tried += 1
        me = state.unit(mover).pos
        if adjacent(me, state.unit(opponent).pos):
            continue  # locked in contact: only Fight is allowed (rule 30)
        # check agrees with the list, cell by cell (off-board cells included).
        side = state.unit(mover).side
        for dy in range(-3, 4):
            for dx in range(-3, 4):
                to = (me[0] + dx, me[1] + dy)
                ok = RULESET.check(state, Move(side, mover, to)) is None
                assert ok == (to in want), (spots, mover, to)
    assert tried > 100


def test_the_quick_evolve_builds_what_attrs_evolve_builds():
    import attrs
    import pytest

    from core.values import evolve

    state, _ = position({"i1": (2, 2), "r1": (5, 6)})
    for inst, changes in ((state, {"turn": 4, "inert": ("i1",)}), (state.match, {"step": 3, "struck": "r1"}),
                          (state.unit("i1"), {"pos": None, "removed": True}), (state, {})):
        new = evolve(inst, **changes)
        assert new == attrs.evolve(inst, **changes) and type(new) is type(inst)
        assert all(getattr(new, k) == v for k, v in changes.items())
    with pytest.raises(TypeError):
        evolve(state, no_such_field=1)
