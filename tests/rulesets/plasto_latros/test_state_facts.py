"""What a state remembers about itself (its memo: statuses, Doom, blocked
cells, sight) and what it hands on to the next state (``state.rebuild``)
always equals a fresh computation on a copy of the state with an empty
memo, over whole random games; and sight traced once per offset on a flat
field equals core.board's own answer for every pair of cells."""

import random

from core.board import RAY_COUNT, visible_fraction
from core.game import Submitted, start, submit
from core.rulesets.plasto_latros import RULESET
from core.rulesets.plasto_latros.combat import (
    can_shoot,
    can_target,
    shooter_problem,
    shot_fraction,
    sight_figures,
    target_problem,
)
from core.rulesets.plasto_latros.grid import grid, open_ray_count
from core.rulesets.plasto_latros.movement import blocked_cells, straight_path_problem
from core.rulesets.plasto_latros.state import PLACE_FACTS, STATUS_FACTS
from core.rulesets.plasto_latros.status import (
    doom_reason,
    doomed_ids,
    jumping,
    locked,
    movable,
    pinned,
    threatened,
    valid_attacker,
)
from core.values import evolve
from saves.library import battlefield_named

from .test_speed import random_field


def facts(state):
    """Everything the memo answers, asked of ``state``."""
    out = {"blocked": blocked_cells(state), "figures": sight_figures(state), "doomed": doomed_ids(state)}
    for m in state.minis:
        out[m.id] = (doom_reason(state, m), movable(state, m), locked(state, m.id), pinned(state, m.id),
                     jumping(state, m.id), threatened(state, m.id), valid_attacker(state, m.id))
        for t in state.minis:
            if m.pos is not None and t.pos is not None and t.side != m.side:
                out[m.id, t.id] = (shot_fraction(state, m, t), can_target(state, m, t),
                                   target_problem(state, m, t) is None)
        if m.pos is not None:
            assert can_shoot(state, m) == (shooter_problem(state, m) is None)
    # the straight lines a draw found open are open
    for first, end in state.memo.entries.get("open-lines", ()):
        assert straight_path_problem(state, first, end, blocked_cells(state) - {first}) is None
    return out


def played_states(bf, seed: int, draw: bool):
    game = start(RULESET, None, bf, seed, ("North", "South"))
    rng = random.Random(seed)
    while game.to_act and len(game.orders) < 600:
        side = rng.choice(sorted(game.to_act))
        order = game.random_order(side, rng) if draw else rng.choice(game.legal_orders(side))
        yield game.state  # with what the draw, or the listing, left in its memo
        result = submit(game, order)
        assert isinstance(result, Submitted)
        game = result.game
    yield game.state


def test_remembered_and_handed_on_facts_equal_a_fresh_computation():
    carried = 0
    for bf, seed, draw in [(battlefield_named("pl-open"), 1, True), (battlefield_named("pl-open"), 2, False),
                           (battlefield_named("pl-rooftops"), 3, True), (battlefield_named("pl-shrine"), 4, True)]:
        for state in played_states(bf, seed, draw):
            carried += any(key in state.memo.entries for key in PLACE_FACTS + STATUS_FACTS)
            assert facts(state) == facts(evolve(state)), state
    assert carried > 100  # the states handed facts on did get them


def test_sight_per_offset_on_a_flat_field_is_core_sight():
    bf = battlefield_named("pl-open")
    g = grid(bf)
    assert g.flat
    rng = random.Random(7)
    cells = list(bf.cells())
    for _ in range(3000):
        observer, target = rng.choice(cells), rng.choice(cells)
        figures = frozenset(rng.sample(cells, 12))
        assert open_ray_count(g, observer, target, figures) / RAY_COUNT == visible_fraction(bf, observer, target,
                                                                                             figures)


def test_sight_on_uneven_fields_is_core_sight():
    rng = random.Random(8)
    for _ in range(4):
        bf = random_field(rng)
        g = grid(bf)
        assert not g.flat
        cells = list(bf.cells())
        for _ in range(300):
            observer, target = rng.choice(cells), rng.choice(cells)
            figures = frozenset(rng.sample(cells, 10))
            assert open_ray_count(g, observer, target, figures) / RAY_COUNT == visible_fraction(
                bf, observer, target, figures)
