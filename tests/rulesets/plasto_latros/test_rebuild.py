"""``state.rebuild`` copies the state's ``__dict__`` rather than calling
``__init__``: what it builds equals what ``core.values.evolve`` builds, has a
memo of its own, and a name that is no field is refused as evolve refuses it."""

import random

import pytest

from core.game import start, submit
from core.rulesets.plasto_latros import RULESET
from core.rulesets.plasto_latros.state import Phase, PlastoState, rebuild
from core.values import evolve
from saves.library import battlefield_named


def test_rebuild_builds_what_evolve_builds():
    game = start(RULESET, None, battlefield_named("pl-open"), 3, ("North", "South"))
    rng = random.Random(3)
    seen = 0
    while game.to_act and seen < 300:
        state = game.state
        for changes in ({}, {"turn": state.turn + 1}, {"attacks": (), "doomed": ()},
                        {"minis": state.minis[::-1], "phase": Phase.OVER}):
            new = rebuild(state, **changes)
            assert type(new) is PlastoState
            assert new == evolve(state, **changes)
            assert repr(new) == repr(evolve(state, **changes))
            assert new.memo is not state.memo
            for key, value in new.memo.entries.items():
                assert state.memo.entries[key] is value  # handed on, never made up
        side = rng.choice(sorted(game.to_act))
        game = submit(game, game.random_order(side, rng)).game
        seen += 1
    assert seen > 50


def test_rebuild_refuses_a_name_that_is_no_field():
    state = start(RULESET, None, battlefield_named("pl-open"), 1, ("North", "South")).state
    with pytest.raises(TypeError):
        evolve(state, no_such_field=1)
    with pytest.raises(TypeError):
        rebuild(state, no_such_field=1)
