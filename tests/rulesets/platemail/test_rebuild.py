"""``state.rebuild`` (the cheap ``evolve`` for a Platemail character or
state) must build exactly what ``attrs.evolve`` builds, hash included (a
character is a memo key), and leave the old value as it was."""

from __future__ import annotations

import random

import attrs
import pytest

from core.rulesets.platemail import RULESET
from core.rulesets.platemail.state import Character, PlatemailState, Status, rebuild
from saves.library import battlefield_named
from tests.played import played_states as shared_played_states


def played_states(seed: int, count: int) -> list[PlatemailState]:
    return shared_played_states(RULESET, battlefield_named(RULESET.default_battlefield), seed, count)


def played_characters(seed: int, count: int) -> list[Character]:
    seen: list[Character] = []
    for state in played_states(seed, 10 * count):
        seen += [c for c in state.characters if c not in seen]
        if len(seen) >= count:
            break
    return seen


def test_a_rebuilt_character_equals_what_evolve_builds():
    rng = random.Random(5)
    characters = played_characters(4, 60)
    assert len(characters) > 20
    for c in characters:
        before, old_hash = repr(c), hash(c)
        elsewhere = (3, 4) if c.pos != (3, 4) else (4, 3)  # (a change: a played one may stand on 3,4)
        changes = rng.choice([{}, {"pos": elsewhere}, {"wounds": c.wounds + 1, "prone": True},
                              {"status": Status.DYING, "hidden": not c.hidden, "carried": ()}])
        new = rebuild(c, **changes)
        want = attrs.evolve(c, **changes)
        assert type(new) is Character
        assert new == want and repr(new) == repr(want) and hash(new) == hash(want)
        assert vars(new) == vars(want)
        assert repr(c) == before and hash(c) == old_hash  # the old one is untouched
        if changes:
            assert new != c and hash(new) != old_hash  # no hash carried over from the old one


def test_a_name_that_is_no_field_is_refused():
    c = played_characters(2, 1)[0]
    with pytest.raises(TypeError):
        rebuild(c, position=(0, 0))


def test_a_rebuilt_state_equals_what_evolve_builds():
    rng = random.Random(8)
    states = played_states(6, 150)
    assert len(states) == 150
    for state in states:
        before = repr(state)
        changes = rng.choice([{}, {"plans": state.plans[1:]}, {"committed": (True, False), "round": 9},
                              {"characters": state.characters[::-1], "stage": "over", "winner": 1}])
        new = rebuild(state, **changes)
        want = attrs.evolve(state, **changes)
        assert type(new) is PlatemailState
        assert new == want and repr(new) == repr(want) and hash(new) == hash(want)
        assert vars(new) == vars(want)
        assert repr(state) == before
    with pytest.raises(TypeError):
        rebuild(states[-1], plan=())
