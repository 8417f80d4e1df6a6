"""Playing a game leaves no cyclic garbage from the engine.

Every state, event and scratchpad a move builds must be freed by reference
counting when it is dropped.  Objects caught in reference cycles wait for
Python's cyclic collector instead, whose full passes cost tens of
milliseconds in a large heap and land wherever they happen to fall: in the
computer's search (which plays thousands of orders a move) or in the
engine figures of the benchmark (docs/performance.md, *Findings*, "The
garbage collector")."""

from __future__ import annotations

import collections
import gc

import pytest

from bench.games import draws_its_own, every_ruleset, play_random

CAP = 160  # orders: several Rounds or turns of every ruleset, a fraction of a second each


def cyclic_garbage(play) -> collections.Counter:
    """The objects from ``core`` that ``play()`` leaves in reference cycles
    once its result is dropped, counted by type."""
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()  # a collection during play would free the cycles before we count them
    try:
        result = play()
        del result
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        found = collections.Counter(
            f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.garbage
            if type(o).__module__.startswith("core."))
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was_enabled:
            gc.enable()
    return found


@pytest.mark.parametrize("rules", every_ruleset(), ids=lambda r: r.name)
def test_random_play_leaves_no_cycles(rules):
    assert cyclic_garbage(lambda: play_random(rules, 2, cap=CAP)) == {}
    if draws_its_own(rules):
        assert cyclic_garbage(lambda: play_random(rules, 2, cap=CAP, draw=True)) == {}


def test_the_check_finds_a_cycle():
    """The helper does see engine objects caught in a cycle."""
    from core.events import Note

    def play():
        a, b = [Note("a")], [Note("b")]
        a.append(b)
        b.append(a)
        return a

    assert cyclic_garbage(play) == {"core.events.Note": 2}
