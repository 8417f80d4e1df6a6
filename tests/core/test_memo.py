"""core.memo: derived data lives with the value that implies it, so a
changed or newly built battlefield never gets an answer derived from
another (the hazard of the id()-keyed caches it replaced)."""

from __future__ import annotations

import copy
import pickle
import random

import attrs
import pytest

from core import memo as memo_module
from core.battlefield_text import parse_battlefield
from core.board import Battlefield, Terrain, open_rays, visible_fraction
from core.game import Submitted, start, submit
from core.memo import Memo, Table
from core.registry import rulesets


def test_get_computes_once_per_key():
    m = Memo()
    calls = []
    assert m.get("k", lambda: calls.append(1) or 7) == 7
    assert m.get("k", lambda: calls.append(1) or 8) == 7
    assert calls == [1]


def test_a_full_memo_is_emptied_before_the_next_entry(monkeypatch):
    monkeypatch.setattr(memo_module, "LIMIT", 3)
    m = Memo()
    for k in range(3):
        m.get(k, lambda k=k: k)
    assert len(m) == 3
    assert m.get("new", lambda: "n") == "n"
    assert len(m) == 1  # emptied, then the new entry
    assert m.get(0, lambda: "again") == "again"  # recomputed, never stale


def test_a_full_table_is_emptied_before_the_next_entry():
    t = Table(2)
    t.put("a", 1)
    t.put("b", 2)
    t.put("c", 3)
    assert dict(t) == {"c": 3}


def test_the_memo_is_no_part_of_the_value():
    a = parse_battlefield(_text(0))
    b = parse_battlefield(_text(0))
    a.zone_cells(0)
    assert len(a.memo) == 1 and len(b.memo) == 0
    assert a == b and hash(a) == hash(b) and "Memo(" not in repr(a)
    assert len(copy.deepcopy(a).memo) == 0
    assert len(pickle.loads(pickle.dumps(a)).memo) == 0
    assert len(attrs.evolve(a, name="other").memo) == 0


def _text(variant: int, size: int = 10) -> str:
    """A battlefield of ``size`` x ``size``: variant 0 is open in the
    middle, variant 1 has a wall across it with one gap, variant 2 a hill."""
    rows = []
    for y in range(size):
        row = ""
        for x in range(size):
            if y == size // 2 and variant == 1 and x != 2:
                row += "#"
            elif y == size // 2 and variant == 2 and 3 <= x <= 6:
                row += "^"
            else:
                row += "."
        rows.append(row)
    return "\n".join([
        f"name: memo-{variant}", "terrain . open", "terrain # wall elevation=2 blocks_move blocks_sight",
        "terrain ^ hill elevation=1 cover=1", f"zone 0 0,0 {size - 1},1",
        f"zone 1 0,{size - 2} {size - 1},{size - 1}" if variant != 2 else f"zone 1 0,{size - 3} {size - 1},{size - 1}",
        "map", *rows,
    ]) + "\n"


def _answers(bf: Battlefield) -> tuple:
    """Questions whose answers the board keeps in the battlefield's memo."""
    pairs = [((x, 0), (9 - x, 9)) for x in range(10)] + [((1, 1), (8, 8)), ((5, 0), (5, 9))]
    return (
        tuple(bf.zone_cells(0)), tuple(bf.zone_cells(1)), bf.in_zone(1, (0, 7)),
        tuple(bf.terrain((x, 5)).kind for x in range(10)),
        tuple(visible_fraction(bf, a, b) for a, b in pairs),
        tuple(open_rays(bf, a, b) for a, b in pairs),
    )


def _fresh(variant: int) -> tuple:
    return _answers(parse_battlefield(_text(variant)))


def test_battlefields_of_one_size_never_share_answers():
    expected = {v: _fresh(v) for v in (0, 1, 2)}
    assert len(set(expected.values())) == 3  # the questions tell them apart
    # in sequence
    for v in (0, 1, 2):
        assert _answers(parse_battlefield(_text(v))) == expected[v]
    # interleaved, each asked again after the others
    bfs = {v: parse_battlefield(_text(v)) for v in (0, 1, 2)}
    for v in (2, 0, 1, 0, 2, 1):
        assert _answers(bfs[v]) == expected[v]
    # a changed battlefield (same legend and zones objects, other rows)
    changed = attrs.evolve(bfs[0], rows=bfs[1].rows, name="changed")
    assert changed.legend is bfs[0].legend and changed.zones is bfs[0].zones
    assert _answers(changed)[3:] == expected[1][3:]


def test_a_new_battlefield_at_a_reused_address_gets_its_own_answers():
    """CPython gives a freed object's memory to the next object of its size:
    a battlefield built right after another is dropped usually has the same
    id(), the case an id()-keyed cache would answer from the dead one."""
    walled = parse_battlefield(_text(1))
    fields = {f.name: getattr(walled, f.name) for f in attrs.fields(Battlefield) if f.init}
    open_rows = parse_battlefield(_text(0)).rows
    reused = 0
    for _ in range(10):
        old = Battlefield(**{**fields, "rows": open_rows})
        assert _answers(old) == _fresh(0)
        address = id(old)
        del old
        new = Battlefield(**fields)
        reused += id(new) == address
        assert _answers(new) == _fresh(1)
    assert reused  # the case this test is about did happen


def _changed(bf: Battlefield) -> Battlefield | None:
    """``bf`` with a band of its middle row made impassable (a wall of its
    own legend, or one added), features and zones left as they were."""
    blocking = [g for g, t in bf.legend if t.blocks_move]
    if not blocking:
        glyph = next(g for g in "#%&@" if g not in dict(bf.legend))
        bf = attrs.evolve(bf, legend=bf.legend + ((glyph, Terrain("wall", 2, True, True)),))
        blocking = [glyph]
    featured = {f.cell for f in bf.features}
    y = bf.height // 2
    row = "".join(blocking[0] if 1 <= x < bf.width - 1 and (x, y) not in featured and x % 3 else g
                  for x, g in enumerate(bf.rows[y]))
    return attrs.evolve(bf, rows=bf.rows[:y] + (row,) + bf.rows[y + 1:], name=bf.name + "-changed")


@pytest.mark.parametrize("rules", rulesets(), ids=lambda r: r.name)
def test_every_ruleset_answers_a_changed_battlefield_afresh(rules):
    """Two games, on a shipped battlefield and on a changed copy, played in
    turn from one seed: each listing of legal orders equals the listing for
    a deep copy of the state (every memo in it empty), and so is derived
    from that game's own battlefield only."""
    from bench.games import battlefield_for, big_battlefield

    base = battlefield_for(rules)
    if rules.name == "optio":
        base = big_battlefield(20)
    other = _changed(base)
    assert other is not None and other.rows != base.rows
    games = []
    for bf in (base, other):
        if rules.check_options(rules.default_options(), bf) is not None:
            pytest.fail(f"{rules.name}: the changed battlefield is refused")
        games.append(start(rules, None, bf, 5, ("North", "South")))
    pick = random.Random(5)
    for step in range(60):
        for i, game in enumerate(games):
            to_act = game.to_act
            if not to_act:
                continue
            side = min(to_act)
            listed = game.legal_orders(side)
            fresh = rules.legal_orders(copy.deepcopy(game.state), side)
            assert list(listed) == list(fresh), f"{rules.name}: step {step}, game {i}"
            result = submit(game, pick.choice(listed))
            assert isinstance(result, Submitted)
            games[i] = result.game


def test_get_passes_its_arguments_to_compute_and_computes_once():
    from core.memo import Memo

    memo, calls = Memo(), []

    def add(a, b):
        calls.append((a, b))
        return a + b

    assert memo.get("sum", add, 2, 3) == 5
    assert memo.get("sum", add, 7, 7) == 5  # found: not computed again
    assert calls == [(2, 3)]


def test_carry_hands_on_only_the_named_entries_it_has_and_brings_derived_ones_up_to_date():
    old, new = Memo(), Memo()
    old.entries.update({"kept": 1, "dropped": 2, "cells": frozenset({(0, 0), (1, 1)})})
    memo_module.carry(old, new, ("kept", "absent"), {"cells": lambda c: (c - {(0, 0)}) | {(2, 2)}, "none": len})
    assert new.entries == {"kept": 1, "cells": frozenset({(1, 1), (2, 2)})}
    assert old.entries["cells"] == frozenset({(0, 0), (1, 1)})  # the old value's answer is its own still
    memo_module.carry(Memo(), new, ("kept",))  # nothing to hand on: nothing changes
    assert new.entries["kept"] == 1
