"""The battleground both sides can cross (docs/rulings.md, "Optio: a
battleground both sides can cross"): whatever the template cuts out, the
battlefield ``battlefield_for`` hands a ruleset joins the two deployment
zones over ground that does not block movement, opening the fewest cells
of blocking ground needed, and leaves a cut that was already joined as it
was.

The connectivity checks here are the test's own, not the fix's."""

from __future__ import annotations

from collections import deque

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.options import describe_options
from core.registry import find_ruleset, rulesets
from core.rulesets.optio.generator import generate_map
from core.rulesets.optio.maps import EDGE_GLYPH, GLYPHS
from core.rulesets.optio.state import Edge, TemplateResult
from core.rulesets.optio.template import allowed_shifts, cut
from core.rulesets.optio.terrain import ZONE_DEPTH, ZONE_ROOM, battlefield_for, glyph_terrain, profile_of
from saves.maps import map_named, shipped_maps

# Every ruleset a pre-game's ground can be fought in (the fight screen's list).
FOUGHT = sorted(r.name for r in rulesets() if r.battlefield_profile is not None)
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


# -- the test's own geometry ---------------------------------------------------


def scaled(result: TemplateResult, name: str) -> tuple[str, ...]:
    """The cut-out at ``name``'s scale, as the template left it."""
    s = find_ruleset(name).battlefield_profile.scale
    return tuple("".join(g * s for g in row) for row in result.rows for _ in range(s))


def blocker(name: str):
    profile = profile_of(find_ruleset(name))
    return lambda glyph: glyph_terrain(profile, glyph).blocks_move


def zones(rows, name):
    depth = ZONE_DEPTH * find_ruleset(name).battlefield_profile.scale
    w, h = len(rows[0]), len(rows)
    return ([(x, y) for y in range(depth) for x in range(w)],
            [(x, y) for y in range(h - depth, h) for x in range(w)])


def reach(rows, blocks, start):
    """Every cell a figure could walk to from ``start`` (cells that do not
    block movement, side to side steps)."""
    w, h = len(rows[0]), len(rows)
    seen = {c for c in start if not blocks(rows[c[1]][c[0]])}
    todo = deque(seen)
    while todo:
        x, y = todo.popleft()
        for dx, dy in STEPS:
            c = (x + dx, y + dy)
            if 0 <= c[0] < w and 0 <= c[1] < h and c not in seen and not blocks(rows[c[1]][c[0]]):
                seen.add(c)
                todo.append(c)
    return seen


def zones_joined(rows, name) -> bool:
    top, bottom = zones(rows, name)
    return bool(reach(rows, blocker(name), top) & set(bottom))


def every_zone_cell_joined(rows, name) -> bool:
    """Each cell of either zone a figure may stand on reaches the other zone."""
    blocks = blocker(name)
    for zone, other in (zones(rows, name), zones(rows, name)[::-1]):
        ground = {c for c in zone if not blocks(rows[c[1]][c[0]])}
        if not ground <= reach(rows, blocks, other):
            return False
    return True


def fewest_to_open(rows, name) -> int:
    """The fewest blocking cells (never the map's edge) a path from a cell
    of one zone a figure may stand on to such a cell of the other must
    cross (a zone with no such cell: from or to any of its cells, which is
    then counted too): 0-1 breadth first."""
    blocks = blocker(name)
    w, h = len(rows[0]), len(rows)
    top, bottom = ([c for c in zone if not blocks(rows[c[1]][c[0]])] or zone for zone in zones(rows, name))
    goal = set(bottom)

    def cost(c):
        g = rows[c[1]][c[0]]
        return None if g == EDGE_GLYPH else int(blocks(g))

    best = {}
    todo = deque()
    for c in top:
        if cost(c) is not None:
            best[c] = cost(c)
            (todo.appendleft if best[c] == 0 else todo.append)(c)
    while todo:
        c = todo.popleft()
        if c in goal:
            return best[c]
        for dx, dy in STEPS:
            n = (c[0] + dx, c[1] + dy)
            if 0 <= n[0] < w and 0 <= n[1] < h and cost(n) is not None:
                d = best[c] + cost(n)
                if d < best.get(n, 10**9):
                    best[n] = d
                    (todo.appendleft if cost(n) == 0 else todo.append)(n)
    raise AssertionError("no way across at all")


def changed(before, after):
    return [(x, y) for y, (a, b) in enumerate(zip(before, after)) for x, (p, q) in enumerate(zip(a, b)) if p != q]


def room(rows, name, side):
    blocks = blocker(name)
    return sum(not blocks(rows[y][x]) for x, y in zones(rows, name)[side])


def result_of(rows, name="test"):
    return TemplateResult(map_name=name, meeting=(2, 2), second_edge=Edge.S, second_side=1, placer=0, forward=0,
                          right=0, origin=(12, 16), across=16, deep=8, up=Edge.N, rows=tuple(rows))


# -- (1) a band of water across the cut ------------------------------------------


def reported_cut() -> TemplateResult:
    """The tester's case: map seed 1; the armies met in square 3,1, Red (the
    second army) coming in from the south; Green placed the template one
    small square back and one right."""
    m = generate_map(1)
    assert (-1, 1) in allowed_shifts(m, (3, 1), Edge.S)
    return cut(m, (3, 1), Edge.S, second_side=1, placer=0, forward=-1, right=1)


@pytest.mark.parametrize("name", FOUGHT)
def test_the_reported_cut_is_joined_by_the_fewest_cells(name):
    result = reported_cut()
    before = scaled(result, name)
    assert not zones_joined(before, name)  # the defect: nobody could ever reach the other side
    need = fewest_to_open(before, name)
    assert need >= 1
    bf = battlefield_for(result, name)
    assert zones_joined(bf.rows, name) and every_zone_cell_joined(bf.rows, name)
    opened = changed(before, bf.rows)
    assert len(opened) == need  # no pocket and room to spare here: only the crossing is opened
    assert all(before[y][x] == "~" and bf.rows[y][x] == "%" for x, y in opened)  # water became a ford
    assert f"{need} cell" in bf.description
    assert battlefield_for(result, name) == bf  # the same every time


@pytest.mark.parametrize("name", FOUGHT)
@pytest.mark.parametrize("deep", [1, 2])
def test_a_band_of_water_right_across_gets_one_ford(name, deep):
    """Water ``deep`` small squares deep from side to side of the cut: one
    ford, as narrow as a figure, straight across."""
    rows = ["." * 16, "T" * 4 + "." * 12, "." * 16] + ["~" * 16] * deep + ["." * 16] * (5 - deep)
    result = result_of(rows)
    before = scaled(result, name)
    s = find_ruleset(name).battlefield_profile.scale
    assert not zones_joined(before, name)
    assert fewest_to_open(before, name) == deep * s
    bf = battlefield_for(result, name)
    opened = changed(before, bf.rows)
    assert zones_joined(bf.rows, name) and every_zone_cell_joined(bf.rows, name)
    assert len(opened) == deep * s
    assert len({x for x, _ in opened}) == 1  # straight across: the shortest of the cheapest
    assert {bf.terrain(c).kind for c in opened} == {"marsh"}
    assert not any(bf.terrain(c).blocks_move for c in opened)


@pytest.mark.parametrize("name", FOUGHT)
def test_a_rock_ridge_is_cut_through_to_open_ground_and_never_through_the_edge(name):
    rows = ["XX" + "." * 14, "XX" + "." * 14, "XX" + "." * 14, "XX" + "#" * 14,
            "XX" + "." * 14, "XX" + "." * 14, "XX" + "." * 14, "XX" + "." * 14]
    before = scaled(result_of(rows), name)
    bf = battlefield_for(result_of(rows), name)
    opened = changed(before, bf.rows)
    assert len(opened) == fewest_to_open(before, name) == find_ruleset(name).battlefield_profile.scale
    assert {bf.terrain(c).kind for c in opened} == {"open"}
    assert all(bf.glyph(c) == EDGE_GLYPH for c in bf.cells() if before[c[1]][c[0]] == EDGE_GLYPH)


# -- room to deploy ---------------------------------------------------------------


def largest_side(name):
    """``name``'s options with the most figures a side may field."""
    rules = find_ruleset(name)
    options = rules.default_options()
    if name == "plasto_latros":
        most = next(o.maximum for o in describe_options(type(options)) if o.name == "minis")
        return attrs.evolve(options, minis=most), most
    if name == "waylights":
        from core.rulesets.waylights.roster import parse_roster

        assert isinstance(parse_roster(",".join(["fighter"] * 9)), str)  # 8 is the most
        text = ",".join(["fighter"] * 8)
        return attrs.evolve(options, roster_0=text, roster_1=text), 8
    if name == "platemail":
        from core.rulesets.platemail.roster import MAX_FIGURES

        text = ",".join(["footman"] * MAX_FIGURES)
        return attrs.evolve(options, roster_0=text, roster_1=text), MAX_FIGURES
    if name == "spheres_of_war":
        from core.rulesets.spheres_of_war.state import TEAM_SIZE

        return options, TEAM_SIZE
    raise AssertionError(f"{name} is fought after Optio: say here how many figures its largest side has")


@pytest.mark.parametrize("name", FOUGHT)
def test_a_zone_walled_in_rock_still_takes_the_largest_side(name):
    """Rock over the whole of Green's zone and water over Red's but one
    corner: each zone is opened (beside the ground the other side can
    reach) until it holds ``ZONE_ROOM`` figures, as many as any ruleset's
    largest side, and the ruleset accepts its largest side there."""
    options, most = largest_side(name)
    assert most <= ZONE_ROOM
    rows = ["#" * 16, "#" * 16] + ["." * 16] * 4 + ["~" * 16, "~" * 15 + "."]
    bf = battlefield_for(result_of(rows), name)
    assert every_zone_cell_joined(bf.rows, name)
    assert room(bf.rows, name, 0) == room(bf.rows, name, 1) == ZONE_ROOM
    assert find_ruleset(name).check_options(options, bf) is None
    # the rock is opened along the front of the zone, nearest the enemy
    s = find_ruleset(name).battlefield_profile.scale
    front = 2 * s - 1
    assert all(y == front for x, y in changed(scaled(result_of(rows), name), bf.rows) if y < 2 * s)


def test_the_worst_shipped_ground_takes_every_largest_side():
    """Rocky Pass, met in square 4,1 from the north and shifted one forward
    and one left: both of Green's zone rows are rock or beyond the edge."""
    result = cut(map_named("rocky-pass"), (4, 1), Edge.N, second_side=1, placer=0, forward=1, right=-1)
    assert set(result.rows[0] + result.rows[1]) <= {"#", EDGE_GLYPH}
    for name in FOUGHT:
        bf = battlefield_for(result, name)
        assert every_zone_cell_joined(bf.rows, name)
        assert find_ruleset(name).check_options(largest_side(name)[0], bf) is None


def test_every_ruleset_fought_after_optio_is_counted_in_the_room():
    assert {"plasto_latros", "platemail", "spheres_of_war", "waylights"} <= set(FOUGHT)
    for name in FOUGHT:
        assert largest_side(name)[1] <= ZONE_ROOM


# -- (2) any ground a pre-game can choose -------------------------------------------

MAPS = {m.name: m for m in shipped_maps()}


@st.composite
def template_results(draw):
    source = draw(st.one_of(st.integers(0, 2**40), st.sampled_from(sorted(MAPS))))
    m = generate_map(source) if isinstance(source, int) else MAPS[source]
    meeting = (draw(st.integers(0, 4)), draw(st.integers(0, 4)))
    edge = draw(st.sampled_from(list(Edge)))
    forward, right = draw(st.sampled_from(sorted(allowed_shifts(m, meeting, edge))))
    second = draw(st.integers(0, 1))
    return cut(m, meeting, edge, second_side=second, placer=1 - second, forward=forward, right=right)


@settings(max_examples=300, deadline=None)
@given(template_results(), st.sampled_from(FOUGHT))
def test_every_battlefield_after_a_pre_game_can_be_crossed(result, name):
    before = scaled(result, name)
    bf = battlefield_for(result, name)
    assert zones_joined(bf.rows, name)
    assert every_zone_cell_joined(bf.rows, name)
    assert min(room(bf.rows, name, 0), room(bf.rows, name, 1)) >= ZONE_ROOM
    blocks = blocker(name)
    opened = changed(before, bf.rows)
    # only blocking ground is opened, never the map's edge, and it lets figures through
    assert all(blocks(before[y][x]) and before[y][x] != EDGE_GLYPH and not blocks(bf.rows[y][x])
               for x, y in opened)
    if zones_joined(before, name):
        assert fewest_to_open(before, name) == 0
    else:
        assert len(opened) >= fewest_to_open(before, name)
    assert battlefield_for(result, name) == bf


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="..~~~~#%T12", min_size=16, max_size=16), min_size=8, max_size=8),
       st.sampled_from(FOUGHT))
def test_even_ground_no_map_would_hold_is_made_crossable(rows, name):
    """Any 8 x 16 of map glyphs, water heavy: the same promises."""
    result = result_of(rows)
    bf = battlefield_for(result, name)
    assert every_zone_cell_joined(bf.rows, name)
    assert min(room(bf.rows, name, 0), room(bf.rows, name, 1)) >= ZONE_ROOM
    assert set(GLYPHS) >= {g for row in bf.rows for g in row}


# -- (3) ground already joined is left alone -----------------------------------------


@pytest.mark.parametrize("name", FOUGHT)
def test_a_cut_already_crossable_is_returned_unchanged(name):
    """Map seed 1, met in square 1,1 with Green coming in from the north,
    the template one back and one left: a river the road bridges."""
    result = cut(generate_map(1), (1, 1), Edge.N, second_side=0, placer=1, forward=-1, right=-1)
    assert sum(row.count("~") for row in result.rows) >= 16
    before = scaled(result, name)
    assert every_zone_cell_joined(before, name) and min(room(before, name, 0), room(before, name, 1)) >= ZONE_ROOM
    bf = battlefield_for(result, name)
    assert bf.rows == before
    assert "opened" not in bf.description


@pytest.mark.parametrize("name", FOUGHT)
def test_ground_of_a_zone_cut_off_by_itself_is_joined_too(name):
    """The zones meet, but the top left small square is an island: the
    fewest cells are opened to reach it (figures may deploy there)."""
    rows = [".~" + "." * 14, "~~" + "." * 14] + ["." * 16] * 6
    before = scaled(result_of(rows), name)
    assert zones_joined(before, name) and not every_zone_cell_joined(before, name)
    bf = battlefield_for(result_of(rows), name)
    assert every_zone_cell_joined(bf.rows, name)
    assert len(changed(before, bf.rows)) == find_ruleset(name).battlefield_profile.scale


@pytest.mark.parametrize("name", FOUGHT)
def test_water_that_leaves_a_way_round_is_not_bridged(name):
    rows = ["." * 16, "." * 16, "." * 16, "~" * 15 + ".", "~" * 15 + ".", "." * 16, "." * 16, "." * 16]
    bf = battlefield_for(result_of(rows), name)
    assert bf.rows == scaled(result_of(rows), name)
