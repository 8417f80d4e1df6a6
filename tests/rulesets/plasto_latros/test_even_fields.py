"""On an even field (one level, nothing blocking movement) the cells that
close a straight line near a mini are worked out column by column
(movement._bad_cells): they are the cells of the square, checked one by
one, that are no free cell on the mini's level; and only even fields
take that way."""

from core.battlefield_text import parse_battlefield
from core.rulesets.plasto_latros.grid import grid
from core.rulesets.plasto_latros.movement import _bad_cells
from saves.library import battlefield_named


def each_cell_checked(g, pos, reach):
    x, y = pos
    level, bad, bit = g.elev[pos], 0, 1
    for tx in range(x - reach, x + reach + 1):
        for ty in range(y - reach, y + reach + 1):
            if g.elev.get((tx, ty)) != level or (tx, ty) in g.nomove:
                bad |= bit
            bit <<= 1
    return bad


def open_field(width, height):
    rows = "\n".join("." * width for _ in range(height))
    return parse_battlefield(f"name: even-{width}x{height}\ndescription: even\nterrain . open\n"
                             f"zone 0 0,0 {width - 1},0\nzone 1 0,{height - 1} {width - 1},{height - 1}\n"
                             f"map\n{rows}\n")


def test_the_bad_cells_of_an_even_field_are_each_cell_checked():
    for bf in (battlefield_named("pl-open"), open_field(5, 9), open_field(17, 3), open_field(1, 1)):
        g = grid(bf)
        assert g.even, bf.name
        for pos in g.elev:
            for reach in range(1, 13):
                assert _bad_cells(g, pos, reach) == each_cell_checked(g, pos, reach), (bf.name, pos, reach)


def test_fields_with_heights_or_walls_are_not_even():
    for name in ("pl-rooftops", "pl-shrine", "hill-20x14", "copse-16"):
        assert not grid(battlefield_named(name)).even, name
