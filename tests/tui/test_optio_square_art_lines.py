"""The operational map's picture of a large square draws what crosses it
(a tester at 80x24: on river-crossing the river read as passable almost
anywhere, and the full-width road of map row 30 was not drawn at all).
Each picture character stands for a patch of small squares; water, rock or
road running right across the patch is drawn over the patch's majority,
so the pre-game's ground (seed 003) reads true.  The expectations are read
off the map's rows, not off the drawing."""

from __future__ import annotations

from pathlib import Path

from core.rulesets.optio.maps import SMALL, OpMap
from saves.maps import shipped_maps
from tui.rulesets.optio import ART_COLS, SQUARE_ROWS, square_art


def river_crossing() -> OpMap:
    return next(m for m in shipped_maps() if m.name == "river-crossing")


def patch_columns(c: int) -> range:
    return range(c * SMALL // ART_COLS, (c + 1) * SMALL // ART_COLS)


def art_row_of(map_row: int) -> int:
    local = map_row % SMALL
    return next(r for r in range(SQUARE_ROWS)
                if r * SMALL // SQUARE_ROWS <= local < (r + 1) * SMALL // SQUARE_ROWS)


def test_the_river_is_unbroken_where_no_ford_or_bridge_crosses_it():
    op_map = river_crossing()
    river_row = 20  # the one map row of solid water but for the crossings
    row_text = op_map.rows[river_row]
    assert row_text.count("~") > 30
    r = art_row_of(river_row)
    for sx in range(5):
        art = square_art(op_map, (sx, river_row // SMALL))[r]
        for c in range(ART_COLS):
            cells = [row_text[sx * SMALL + x] for x in patch_columns(c)]
            if all(g == "~" for g in cells):
                assert art[c] == "~", (sx, c, art)
            elif "~" not in cells:  # the bridge (=) and the ford (T): a way across
                assert art[c] != "~", (sx, c, art)


def test_the_bridge_and_the_woods_ford_show_in_the_river():
    op_map = river_crossing()
    r = art_row_of(20)
    assert square_art(op_map, (2, 2))[r][4] == "="  # map column 20, the bridge
    assert square_art(op_map, (0, 2))[r][6] == "T"  # map columns 6-7, the ford in the woods


def test_a_full_width_road_is_drawn_across_every_square():
    op_map = river_crossing()
    road_row = max(y for y, row in enumerate(op_map.rows) if set(row) == {"="})
    assert road_row // SMALL == 3  # the road south of the river
    r = art_row_of(road_row)
    for sx in range(5):
        assert square_art(op_map, (sx, road_row // SMALL))[r] == "=" * ART_COLS


def _map(rows: list[str]) -> OpMap:
    return OpMap(name="t", title="T", rows=tuple(rows))


def test_a_lone_cell_of_water_does_not_win_its_patch():
    rows = ["." * 40 for _ in range(40)]
    rows[3] = "." * 3 + "~" + "." * 36
    assert square_art(_map(rows), (0, 0)) == ("." * ART_COLS,) * SQUARE_ROWS


def test_a_one_wide_rock_wall_across_a_square_is_drawn_unbroken_but_for_its_gap():
    rows = ["." * 40 for _ in range(40)]
    rows[4] = "#" * 5 + "." + "#" * 34  # a gap at map column 5
    art = square_art(_map(rows), (0, 0))[art_row_of(4)]
    assert art == "#####.#", art


def test_the_help_says_what_the_picture_is():
    text = (Path(__file__).parents[2] / "tui" / "help" / "optio.md").read_text(encoding="utf-8")
    assert "seven characters by three rows" in text
    assert "drawn there instead" in text


def _runs_across(op_map: OpMap, glyph: str, xs: range, y: int) -> bool:
    """Map row ``y`` is ``glyph`` over all of columns ``xs`` and on past both
    ends (or the map's edge): a straight line of it through the patch."""
    row = op_map.rows[y]
    ends = [x for x in (xs.start - 1, xs.stop) if 0 <= x < len(row)]
    return all(row[x] == glyph for x in xs) and all(row[x] == glyph for x in ends)


def test_every_straight_line_of_water_rock_or_road_is_drawn_on_shipped_and_generated_maps():
    from core.rulesets.optio.generator import generate_map

    maps = [*shipped_maps(), *(generate_map(seed) for seed in (1, 2, 3, 5, 8))]
    missed = []
    for op_map in maps:
        for sy in range(5):
            for sx in range(5):
                art = square_art(op_map, (sx, sy))
                for y in range(sy * SMALL, sy * SMALL + SMALL):
                    r = art_row_of(y)
                    for c in range(ART_COLS):
                        xs = range(sx * SMALL + patch_columns(c).start, sx * SMALL + patch_columns(c).stop)
                        for glyph in "~#=":
                            if _runs_across(op_map, glyph, xs, y) and art[r][c] not in "~#=":
                                missed.append((op_map.name, (sx, sy), y, c, glyph, art[r]))
    assert not missed, missed[:5]
