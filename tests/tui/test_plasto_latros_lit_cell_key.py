"""A lit (legal) cell keeps its terrain glyph inside the brackets: on
Rooftops a roof a mini may move to reads ``[-]``, a street ``[.]``.  The
legend said only "[.] legal", and a tester took the lit roofs for something
else; Plasto Latros' legend now says the glyph is kept."""

from __future__ import annotations

from saves.library import battlefield_named
from tui.board import BoardView
from tui.picture import Picture, legend_text
from tui.rulesets import adapter_for
from tui.rulesets.plasto_latros import plasto_field


def test_a_lit_roof_keeps_its_glyph_and_the_legend_says_so():
    from core.registry import find_ruleset

    field = plasto_field(battlefield_named("pl-rooftops"))
    roof, street = (1, 2), (0, 2)  # row 2 of Rooftops: ".---.---...##."
    assert field.rows[2][1] == "-" and field.rows[2][0] == "."
    board = BoardView()
    board.show(Picture(battlefield=field, highlights=frozenset({roof, street})))
    drawn = "".join(seg.text for seg in board._row_strip(2))
    assert drawn.startswith("[.][-]"), drawn
    key = legend_text(field, board_key=adapter_for(find_ruleset("plasto_latros")).board_key)
    assert "- roof (height 1)" in key and "[.] legal (glyph kept)" in key, key
