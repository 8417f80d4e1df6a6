"""Operational maps: the text format, the shipped maps, the generator."""

import pytest

from core.rulesets.optio.generator import crossing_exists, generate_map
from core.rulesets.optio.maps import (
    SIZE,
    MapSyntaxError,
    OpMap,
    format_map,
    map_battlefield,
    map_from_battlefield,
    parse_map,
)
from core.rulesets.optio.state import SHIPPED_MAPS
from saves.maps import map_battlefield_named, map_named, shipped_maps


def test_the_text_form_round_trips():
    m = generate_map(11)
    assert parse_map(format_map(m)) == m
    for shipped in shipped_maps():
        assert parse_map(format_map(shipped)) == shipped


def test_bad_maps_are_refused_with_a_reason():
    rows = "\n".join(["." * SIZE] * SIZE)
    assert parse_map(f"name: ok\nmap\n{rows}\n").name == "ok"
    with pytest.raises(MapSyntaxError, match="rows"):
        parse_map("name: short\nmap\n" + "\n".join(["." * SIZE] * 39))
    with pytest.raises(MapSyntaxError, match="not a terrain glyph"):
        parse_map("name: bad\nmap\n" + "\n".join(["." * 39 + "Q"] + ["." * SIZE] * 39))
    with pytest.raises(MapSyntaxError, match="no name"):
        parse_map("map\n" + rows)
    with pytest.raises(MapSyntaxError, match="cannot read"):
        parse_map("name: x\nsize: 9\nmap\n" + rows)


def test_the_shipped_maps_load_and_differ():
    maps = shipped_maps()
    assert tuple(m.name for m in maps) == SHIPPED_MAPS
    assert len(maps) >= 4
    assert len({m.rows for m in maps}) == len(maps)
    for m in maps:
        assert crossing_exists(m), m.name
        assert map_named(m.name) == m and map_named(m.title) == m
    with pytest.raises(KeyError):
        map_named("atlantis")


def test_shipped_maps_have_distinct_characters():
    def share(m, kinds):
        return sum(m.kind((x, y)) in kinds for x in range(SIZE) for y in range(SIZE)) / SIZE**2
    assert share(map_named("hill-country"), {"hill"}) > 0.4
    assert share(map_named("forest-marches"), {"woods", "marsh"}) > 0.4
    assert share(map_named("river-crossing"), {"water"}) > 0.03
    assert share(map_named("rocky-pass"), {"rock"}) > 0.08
    assert share(map_named("open-plain"), {"open", "road"}) > 0.8


def test_the_generator_is_deterministic_per_seed_and_varies():
    assert generate_map(42) == generate_map(42)
    assert len({generate_map(s).rows for s in range(10)}) == 10


def test_generated_maps_always_have_a_way_across_and_use_varied_ground():
    seen = set()
    for seed in range(40):
        m = generate_map(seed)
        assert crossing_exists(m), seed
        kinds = {m.kind((x, y)) for x in range(SIZE) for y in range(SIZE)}
        assert {"open", "road", "woods", "hill"} <= kinds, seed
        seen |= kinds
    assert seen == {"open", "road", "woods", "hill", "marsh", "water", "rock"}


def test_crossing_check_sees_a_wall():
    wall = tuple("#" * SIZE if y == 20 else "." * SIZE for y in range(SIZE))
    assert not crossing_exists(OpMap("wall", "Wall", wall))
    gap = tuple(("#" * 10 + "." + "#" * 29) if y == 20 else "." * SIZE for y in range(SIZE))
    assert crossing_exists(OpMap("gap", "Gap", gap))


def test_a_map_travels_as_a_battlefield_and_back():
    m = map_named("rocky-pass")
    bf = map_battlefield_named("rocky-pass")
    assert bf.width == bf.height == SIZE
    assert bf.terrain((0, 13)).blocks_move  # rock
    assert bf.zone_cells(0)[0] == (0, 0) and bf.in_zone(1, (0, 39))
    back = map_from_battlefield(bf)
    assert back.rows == m.rows and back.name == m.name
    assert map_from_battlefield(map_battlefield(generate_map(3))).rows == generate_map(3).rows
