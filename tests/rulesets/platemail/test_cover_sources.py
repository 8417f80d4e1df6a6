"""Where a shot's Cover comes from (seed: Cover and Concealment; docs/rulings.md,
Platemail, Attack Rolls, Cover and Concealment): the roll's modifier names it
("Cover: only 38% of b1's cell in view, past the wall at 3,5"), from
``senses.cover_sources``, which must agree with ``senses.sight``, the test the
engine decides Cover by, and Why? reads it out."""

from __future__ import annotations

import random

import attrs

from core.board import BODY_HEIGHT, EYE_HEIGHT, FIGURE_HEIGHT, visible_fraction
from core.events import Rolled
from core.explain import explain
from core.rulesets.platemail.combat import ranged_modifiers
from core.rulesets.platemail.equipment import WEAPONS
from core.rulesets.platemail.senses import Work, cover_sources, sight, sight_closers

from .helpers import act, order, play, position

ONE_WALL = ["." * 12] * 5 + ["...#........"] + ["." * 12] * 6  # the board's only wall, at 3,5


def _sources(state, shooter: str, target: str, ready: dict[str, bool] | None = None):
    work = Work(state)
    work.ready.update(ready or {})
    at = state.char(shooter).pos
    t = state.char(target)
    return work, sight(work, at, t), cover_sources(work, at, t)


def test_a_wall_that_hides_most_of_the_cell_is_named_with_the_share_in_view():
    # From 2,2 to 3,8 the rays pass the wall's corner: 6 of the 16 rays
    # reach b1's cell (the wall is the only thing on the board that can
    # close one), so b1 has Cover, and the wall is what gives it.
    state = position([("archer", 0, (2, 2)), ("footman", 1, (3, 8))], rows=ONE_WALL)
    work, seen, sources = _sources(state, "a1", "b1")
    assert work.grid.share((2, 2), (3, 8)) == 6 / 16
    assert seen == "cover"
    assert sources == ("only 38% of b1's cell in view, past the wall at 3,5",)


def test_the_shot_names_its_cover_and_why_reads_it_out():
    state = position([("archer", 0, (2, 2)), ("footman", 1, (3, 8))], rows=ONE_WALL)
    _, events = play(state, [order(0, "a1", act(0, "ranged-attack", "b1"))], dice=(12,))
    index = next(i for i, e in enumerate(events) if isinstance(e, Rolled) and e.who == "a1")
    assert ("Cover: only 38% of b1's cell in view, past the wall at 3,5", -2) in events[index].modifiers
    for at in (index, index + 1):  # the roll and the attack it made
        why = explain("platemail", list(events), at)
        assert "Cover -2 came from: only 38% of b1's cell in view, past the wall at 3,5" in why.lines
        assert "Cover and Concealment" in why.cite


def test_a_wall_that_leaves_most_of_the_cell_in_view_gives_no_cover():
    state = position([("archer", 0, (2, 2)), ("footman", 1, (6, 8))], rows=ONE_WALL)
    work, seen, sources = _sources(state, "a1", "b1")
    assert work.grid.share((2, 2), (6, 8)) > 0.5  # 14 of 16 rays
    assert (seen, sources) == ("clear", ())


def test_a_concealed_target_has_no_cover_to_name():
    state = position([("archer", 0, (2, 2)), ("footman", 1, (4, 8))], rows=ONE_WALL)
    _, seen, sources = _sources(state, "a1", "b1")
    assert (seen, sources) == ("concealed", ())


def test_higher_ground_between_is_named():
    # A mound (elevation 1, not blocking sight) from 3,5 east: a ray from an
    # eye 0.75 up to a body 0.5 up passes below its top wherever it crosses
    # it, so it hides what the wall at 3,5 hid (the same geometry as above).
    rows = ["." * 12] * 5 + ["...^^^^^^^^^"] + ["." * 12] * 6
    state = position([("archer", 0, (2, 2)), ("footman", 1, (3, 8))], rows=rows)
    work, seen, sources = _sources(state, "a1", "b1")
    assert work.grid.share((2, 2), (3, 8)) == 6 / 16 and seen == "cover"
    assert sources == ("only 38% of b1's cell in view, past the mound at 3,5",)


def test_past_three_cells_the_rest_are_counted():
    rows = ["." * 12] * 3 + ["........#...", "...#........", "." * 12, ".....^......", ".....^......",
                             "....^..^...."] + ["." * 12] * 3
    state = position([("archer", 0, (3, 1)), ("footman", 1, (5, 9))], rows=rows)
    work, seen, sources = _sources(state, "a1", "b1")
    closers = sight_closers(work.bf, (3, 1), (5, 9))
    assert work.grid.share((3, 1), (5, 9)) == 1 / 16 and seen == "cover" and len(closers) == 4
    assert closers[:3] == ((3, 4), (5, 6), (5, 7))  # nearest a1 first
    assert sources == ("only 6% of b1's cell in view, past the wall at 3,4, the mound at 5,6, "
                       "the mound at 5,7 and 1 more cell",)


def test_the_targets_own_cell_is_named():
    rows = ["." * 12] * 8 + ["...h........"] + ["." * 12] * 3
    state = position([("archer", 0, (3, 2)), ("footman", 1, (3, 8))], rows=rows)
    _, seen, sources = _sources(state, "a1", "b1")
    assert (seen, sources) == ("cover", ("b1 stands in the hedge at 3,8",))


def test_a_ready_tower_shield_its_own_or_an_allys_beside_it_is_named():
    tower = {"shield": "tower-shield"}
    alone = position([("archer", 0, (3, 2)), ("footman", 1, (3, 8), tower)])
    assert _sources(alone, "a1", "b1")[1:] == ("cover", ("b1 holds a Ready Tower Shield",))
    beside = position([("archer", 0, (3, 2)), ("archer", 1, (3, 8)), ("footman", 1, (4, 9), tower)])
    assert _sources(beside, "a1", "b1")[1:] == ("cover", ("b2, beside b1, holds a Ready Tower Shield",))
    # Not Ready, the shield gives no Cover (seed: Shields; senses.shield_usable), nor when apart.
    assert _sources(beside, "a1", "b1", {"b2": False})[1:] == ("clear", ())
    apart = position([("archer", 0, (3, 2)), ("archer", 1, (3, 8)), ("footman", 1, (5, 9), tower)])
    assert _sources(apart, "a1", "b1")[1:] == ("clear", ())


def test_every_source_that_holds_is_named():
    rows = ["." * 12] * 5 + ["...#........"] + ["." * 12] * 2 + ["...h........"] + ["." * 12] * 3
    state = position([("archer", 0, (2, 2)), ("footman", 1, (3, 8), {"shield": "tower-shield"})], rows=rows)
    _, seen, sources = _sources(state, "a1", "b1")
    assert seen == "cover"
    assert sources == ("only 38% of b1's cell in view, past the wall at 3,5", "b1 stands in the hedge at 3,8",
                       "b1 holds a Ready Tower Shield")


# -- over many positions -----------------------------------------------------------------------------

GLYPHS = ".....#^h"  # open ground most, walls, a mound, a hedge


def _random_position(rng: random.Random):
    rows = ["".join(rng.choice(GLYPHS) for _ in range(12)) for _ in range(12)]
    free = [(x, y) for y in range(12) for x in range(12) if rows[y][x] != "#"]
    cells = rng.sample(free, 6)
    chars = []
    for i, cell in enumerate(cells):
        changes = {}
        if rng.random() < 0.4:
            changes["shield"] = "tower-shield"
        if rng.random() < 0.2:
            changes["wielding"] = "great-sword"  # two hands: the shield does nothing
        chars.append(("footman", i % 2, cell, changes))
    state = position(chars, rows=rows)
    return state, {c.id: rng.random() < 0.7 for c in state.characters}


def _lowest_ray(bf, observer, target) -> float:
    return min(bf.elevation(observer) + EYE_HEIGHT, bf.elevation(target) + BODY_HEIGHT)


def test_cover_sources_are_named_exactly_when_the_cover_modifier_applies():
    rng = random.Random(53)
    kinds = {"cover": 0, "clear": 0, "concealed": 0}
    partial = 0
    for _ in range(150):
        state, ready = _random_position(rng)
        work = Work(state)
        work.ready.update(ready)
        bow = WEAPONS["long-bow"]
        for a in state.characters:
            for t in state.characters:
                if a.side == t.side:
                    continue
                seen = sight(work, a.pos, t)
                sources = cover_sources(work, a.pos, t)
                kinds[seen] += 1
                assert bool(sources) == (seen == "cover"), (state.battlefield.rows, a.id, t.id, seen, sources)
                mods = ranged_modifiers(work, t, bow, None, a.pos, t.pos)
                cover = [label for label, value in mods if label.startswith("Cover")]
                assert cover == (["Cover: " + "; ".join(sources)] if seen == "cover" else [])
                share = work.grid.share(a.pos, t.pos)
                named = [s for s in sources if s.startswith("only ")]
                assert len(named) == (1 if 0 < share <= 0.5 else 0)
                if named:
                    partial += 1
                    closers = sight_closers(work.bf, a.pos, t.pos)
                    assert closers, named  # what hides the cell is named
                    low = _lowest_ray(work.bf, a.pos, t.pos)
                    for c in closers:  # between the two, and standing in the way of a ray
                        assert c not in (a.pos, t.pos)
                        assert min(a.pos[0], t.pos[0]) <= c[0] <= max(a.pos[0], t.pos[0])
                        assert min(a.pos[1], t.pos[1]) <= c[1] <= max(a.pos[1], t.pos[1])
                        terrain = work.bf.terrain(c)
                        assert terrain.elevation + (FIGURE_HEIGHT if terrain.blocks_sight else 0) > low
                        assert f"at {c[0]},{c[1]}" in named[0] or "more cell" in named[0]
                in_cover_terrain = work.bf.terrain(t.pos).cover >= 1
                assert any(s.startswith(f"{t.id} stands in") for s in sources) == (in_cover_terrain and share > 0)
    assert min(kinds.values()) > 50 and partial > 50  # every answer met, many times


def _keeping(bf, keep):
    """``bf`` with every cell but those of ``keep`` turned to open ground."""
    rows = tuple("".join(g if (x, y) in keep else "." for x, g in enumerate(row)) for y, row in enumerate(bf.rows))
    return attrs.evolve(bf, rows=rows)


def test_the_named_cells_are_what_closes_the_view():
    """Checked with core.board's own rays, not the tracing that names them:
    with only the named cells left standing (and the two ends as they are)
    the view is what it was, and each named cell alone closes some ray."""
    rng = random.Random(7)
    checked = 0
    for _ in range(40):
        state, _ = _random_position(rng)
        bf = state.battlefield
        for a in state.characters:
            for t in state.characters:
                before = visible_fraction(bf, a.pos, t.pos)
                closers = sight_closers(bf, a.pos, t.pos)
                assert bool(closers) == (before < 1.0)
                if not closers:
                    continue
                ends = {a.pos, t.pos}
                assert visible_fraction(_keeping(bf, ends | set(closers)), a.pos, t.pos) == before
                for c in closers:
                    assert visible_fraction(_keeping(bf, ends | {c}), a.pos, t.pos) < 1.0, c
                checked += 1
    assert checked > 100
