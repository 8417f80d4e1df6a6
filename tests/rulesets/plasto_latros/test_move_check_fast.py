"""The check of a straight Movement answers from the tables the listing
uses (``movement._move_problem``: the bare battlefield's open lines, then
the figures near the line); the rules' own step-by-step walk
(``movement._plain_movement_problem``) must give the very same answer,
refusal words included, in every position (issue 27: the check stays the
rules, only faster).  Positions come from random games on an open field,
a field of rooftops and gaps, and one with artifacts; every cell around a
standing mini is asked, on the battlefield and off it."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.game import step_unchecked
from core.rulesets.plasto_latros import RULESET
from core.rulesets.plasto_latros.grid import FACINGS
from core.rulesets.plasto_latros.movement import _plain_movement_problem, movement_problem
from core.rulesets.plasto_latros.orders import Move
from saves.library import battlefield_named

FIELDS = ("pl-open", "pl-rooftops", "pl-shrine")


def compare_every_move(state, rng) -> int:
    """Every straight Movement of every standing mini on the battlefield to
    each cell within reach + 1 (a facing drawn for each): both ways agree.
    How many were asked."""
    reach = state.options.move_length
    asked = 0
    for mini in state.minis:
        if mini.pos is None or mini.prone:
            continue
        x, y = mini.pos
        for dx in range(-reach - 1, reach + 2):
            for dy in range(-reach - 1, reach + 2):
                order = Move(mini.side, mini.id, (x + dx, y + dy), rng.choice(FACINGS))
                assert movement_problem(state, mini, order) == _plain_movement_problem(state, mini, order), order
                asked += 1
    return asked


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), field=st.sampled_from(FIELDS))
def test_the_fast_move_check_agrees_with_the_rules_walk(seed, field):
    state, _ = RULESET.setup(RULESET.default_options(), battlefield_named(field), seed, ("North", "South"))
    rng = random.Random(seed)
    asked = 0
    for turn in range(200):
        to_act = RULESET.to_act(state)
        if not to_act:
            break
        if turn % 7 == 0:  # every few orders: a whole battlefield of answers is slow to ask
            asked += compare_every_move(state, rng)
        side = rng.choice(sorted(to_act))
        state, _ = step_unchecked(RULESET, state, RULESET.random_order(state, side, rng))
    assert asked > 0


def test_the_fast_path_answers_most_moves_of_a_random_game():
    """Not an empty property: in a random game on the open field most
    straight Movements drawn are accepted by the tables alone."""
    from core.rulesets.plasto_latros.grid import grid
    from core.rulesets.plasto_latros.movement import blocked_cells, near_bits, open_line_map

    state, _ = RULESET.setup(RULESET.default_options(), battlefield_named("pl-open"), 3, ("North", "South"))
    rng = random.Random(3)
    fast = moves = 0
    for _ in range(300):
        to_act = RULESET.to_act(state)
        if not to_act:
            break
        order = RULESET.random_order(state, min(to_act), rng)
        if type(order) is Move:
            moves += 1
            mini = state.get(order.unit)
            reach = state.options.move_length
            seen = open_line_map(grid(state.battlefield), mini.pos, reach).get(order.to)
            fast += seen is not None and not near_bits(mini.pos, reach, blocked_cells(state)) & seen
        state, _ = step_unchecked(RULESET, state, order)
    assert moves > 20 and fast > moves // 2
