"""Whatever a ruleset remembers in a state's memo, or hands on from one
state's memo to the next (``core.memo.carry``), never changes an answer:
over random games of every ruleset, a state as play reached it answers
every question of the protocol as a copy of it with an empty memo does
(issue 27; Plasto Latros, the one ruleset that carries, also has a test of
each carried fact: tests/rulesets/plasto_latros/test_memo_carry.py)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.game import refusal, step_unchecked
from core.registry import rulesets
from core.values import evolve
from saves.library import battlefield_named

RULESETS = [pytest.param(r, id=r.name) for r in rulesets()]


def answers(rules, state, order):
    out = {"to_act": rules.to_act(state), "outcome": rules.outcome(state), "units": list(rules.units(state)),
           "situation": rules.situation(state), "check": refusal(rules, state, order)}
    for side in sorted(out["to_act"]):
        out[f"legal {side}"] = list(rules.legal_orders(state, side))
    for side in (0, 1, None):
        out[f"view {side}"] = rules.view(state, side)
    return out


@pytest.mark.parametrize("rules", RULESETS)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_a_state_answers_as_a_copy_with_an_empty_memo(rules, seed):
    state, _ = rules.setup(rules.default_options(), battlefield_named(rules.default_battlefield), seed,
                           ("North", "South"))
    rng = random.Random(seed)
    for step in range(300):
        to_act = rules.to_act(state)
        if not to_act:
            break
        side = rng.choice(sorted(to_act))
        order = rules.random_order(state, side, rng)
        if step % 3 == 0:  # (every third state: the listing is the costly question)
            assert answers(rules, state, order) == answers(rules, evolve(state), order), order.to_text()
        state, _ = step_unchecked(rules, state, order)
