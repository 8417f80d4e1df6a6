"""The saves' converter writes only plain JSON, and reads sets as strictly
as the rest (issue 26: an event's ``seen_by``, a frozenset, could not be
written at all, which ended hosted Platemail games at the first Skulk).

A set is written as a sorted list and read back only from a list, each
item once, as exactly the annotated kind of set.  And a census of the
types: every field of every value a save or the wire carries (each
ruleset's state and options, every event, the battlefield) has a type the
converter writes as plain JSON, so the next set, non-text dict key or
untyped field is caught here rather than in a hosted game.
"""

from __future__ import annotations

import enum
import json
import types
import typing

import attrs
import pytest

from core import registry
from core.board import Battlefield
from core.events import Note, only_for
from core.orders import Order
from saves.convert import PLAIN, StructureError, structure, unstructure
from tests.remote.census import event_classes


@attrs.frozen
class Holder:
    sides: frozenset[int]
    maybe: frozenset[int] | None = None
    cells: frozenset[tuple[int, int]] = frozenset()
    loose: set[str] = attrs.field(factory=set)


def test_a_set_is_written_as_a_sorted_list():
    value = Holder(frozenset({10, 2, 1}), frozenset({1, 0}), frozenset({(3, 1), (0, 5)}), {"b", "a"})
    data = unstructure(PLAIN, value)
    assert data == {"sides": [1, 2, 10], "maybe": [0, 1], "cells": [[0, 5], [3, 1]], "loose": ["a", "b"]}
    assert json.loads(json.dumps(data)) == data


def test_a_set_is_read_back_as_exactly_its_annotated_kind():
    back = structure(PLAIN, {"sides": [2, 1], "maybe": None, "cells": [[0, 5]], "loose": ["a"]}, Holder, "$")
    assert back == Holder(frozenset({1, 2}), None, frozenset({(0, 5)}), {"a"})
    assert type(back.sides) is frozenset and type(back.cells) is frozenset and type(back.loose) is set
    assert next(iter(back.cells)) == (0, 5) and type(next(iter(back.cells))) is tuple


def test_an_event_read_by_one_side_round_trips():
    event = only_for(1, Note("b2 slips out of sight"))
    data = unstructure(PLAIN, event)
    assert data == {"text": "b2 slips out of sight", "seen_by": [1]}
    assert structure(PLAIN, data, Note, "event") == event
    assert structure(PLAIN, {"text": "x", "seen_by": None}, Note, "event").seen_by is None


@pytest.mark.parametrize("bad, problem", [
    ("01", 'expected a list, found the text "01" @ $.sides'),
    ({"0": True}, "expected a list, found an object @ $.sides"),
    (1, "expected a list, found the number 1 @ $.sides"),
    ([1, 1], "a set lists an item twice @ $.sides"),
    ([True], "expected a whole number, found true @ $.sides[0]"),
    (["1"], 'expected a whole number, found the text "1" @ $.sides[0]'),
    ([0, 1.0], "expected a whole number, found the number 1.0 @ $.sides[1]"),
])
def test_a_set_is_read_as_strictly_as_a_list(bad, problem):
    with pytest.raises(StructureError) as caught:
        structure(PLAIN, {"sides": bad}, Holder, "$")
    assert str(caught.value) == problem


def test_a_set_of_pairs_is_read_strictly_too():
    with pytest.raises(StructureError, match=r"expected a list of 2 items, found 3 @ \$\.cells\[0\]"):
        structure(PLAIN, {"sides": [], "cells": [[1, 2, 3]]}, Holder, "$")


# -- the census of types -----------------------------------------------------------

_LEAVES = (int, str, bool, float, type(None))
_SETS = (set, frozenset)


def _plain_problems(kind, where: str, seen: set) -> list[str]:
    """Why ``kind`` would not be written as plain JSON (and read back as
    itself) by the saves' converter; [] when it would."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if kind in _LEAVES:
        return []
    if isinstance(kind, type) and issubclass(kind, Order):
        return []  # written in its text form, read with the ruleset's codec
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        odd = [m for m in kind if type(m.value) not in (str, int)]
        return [f"{where}: {kind.__name__} has values that are not text or whole numbers"] if odd else []
    if isinstance(kind, type) and attrs.has(kind):
        if kind in seen:
            return []
        seen.add(kind)
        hints = typing.get_type_hints(kind)
        problems = []
        for field in attrs.fields(kind):
            if field.init:  # a field the constructor does not take (a memo) is not written
                problems += _plain_problems(hints[field.name], f"{kind.__name__}.{field.name}", seen)
        return problems
    if origin in (typing.Union, types.UnionType):
        return [p for arg in args for p in _plain_problems(arg, where, seen)]
    if origin is tuple and args:
        return [p for arg in args if arg is not Ellipsis for p in _plain_problems(arg, where, seen)]
    if origin in _SETS and len(args) == 1:
        return _plain_problems(args[0], where, seen)
    if origin is dict and len(args) == 2:
        if args[0] is not str:
            return [f"{where}: a dict keyed by {args[0]} (JSON keys are text)"]
        return _plain_problems(args[1], where, seen)
    return [f"{where}: {kind!r} is not a type the saves' converter writes as plain JSON"]


def test_every_value_a_save_or_the_wire_carries_is_plain_json():
    seen: set = set()
    problems = _plain_problems(Battlefield, "Battlefield", seen)
    for rules in registry.rulesets():
        problems += _plain_problems(rules.state_type, rules.name, seen)
        problems += _plain_problems(rules.options_type, rules.name, seen)
    for kind in event_classes().values():
        problems += _plain_problems(kind, kind.__name__, seen)
    assert not problems, "\n".join(problems)
    assert set(event_classes().values()) <= seen and len(seen) > len(event_classes())


def test_the_census_would_catch_what_json_cannot_write():
    @attrs.frozen
    class Odd:
        by_cell: dict[tuple[int, int], str]
        anything: typing.Any
        bare: tuple

    problems = _plain_problems(Odd, "Odd", set())
    assert len(problems) == 3, problems
