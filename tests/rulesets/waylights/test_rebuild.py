"""``state.rebuild`` (the cheap ``evolve`` for a Waylights state or figure)
must build exactly what ``attrs.evolve`` builds, and never carry a state's
memo over to the new state."""

from __future__ import annotations

import random

import attrs
import pytest

from core.rulesets.waylights import RULESET
from core.rulesets.waylights.state import PendingAttack, rebuild
from tests.played import played_states as shared_played_states
from tests.rulesets.waylights.helpers import field


def played_states(seed: int, count: int):
    return shared_played_states(RULESET, field(), seed, count)


def test_a_rebuilt_state_or_figure_equals_what_evolve_builds():
    rng = random.Random(3)
    for state in played_states(7, 200):
        changes = rng.choice([{}, {"actions": 1}, {"pending": "split", "moved": True},
                              {"fighters": state.fighters[::-1], "target": "b1"}])
        new = rebuild(state, **changes)
        want = attrs.evolve(state, **changes)
        assert new == want and repr(new) == repr(want) and hash(new) == hash(want)
        assert type(new) is type(state)
        for f in state.fighters:
            before = repr(f)
            moved = rebuild(f, pos=(1, 2), wounds=f.wounds + 1)
            assert moved == attrs.evolve(f, pos=(1, 2), wounds=f.wounds + 1)
            assert repr(f) == before  # the old figure is untouched


def test_a_rebuilt_state_starts_with_an_empty_memo():
    state = played_states(3, 60)[-1]
    state.occupied()  # fills the memo
    assert len(state.memo) > 0
    new = rebuild(state, fighters=state.fighters[1:])
    assert len(new.memo) == 0 and new.memo is not state.memo
    assert new.occupied() == {f.pos: f.id for f in new.fighters if f.pos is not None and f.status != "dead"}


def test_a_name_that_is_no_field_is_refused_and_other_values_go_through_evolve():
    state = played_states(2, 5)[-1]
    with pytest.raises(TypeError):
        rebuild(state, acts=1)
    with pytest.raises(TypeError):
        rebuild(state.fighters[0], position=(0, 0))
    p = PendingAttack("a1", "b1", 0)
    assert rebuild(p, cover=2) == PendingAttack("a1", "b1", 0, cover=2)
