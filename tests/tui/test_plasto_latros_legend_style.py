"""Plasto Latros' legend draws scatter as the board does.

Testers saw the scatter lose its green: the colour came from the terrain's
cover level, and this ruleset shows no cover levels (tui/rulesets/
plasto_latros.py: plasto_field), so the board drew scatter like open ground
and the legend, plain text, said nothing of the colour.  The legend now
takes each glyph's style from the function the board draws cells with."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from tests.tui.test_plasto_latros import SIZE, open_game
from tests.tui.test_plasto_latros_newcomer import shrine
from tui.app import SkirmishApp
from tui.board import BoardView


def board_style(board: BoardView, cell) -> Style:
    """The style the board draws the glyph of the empty ``cell`` in (its
    middle column)."""
    w = board.cell_w
    x, y = cell
    segments = list(board._row_strip(y).crop(x * w, x * w + w))
    column = 0
    for seg in segments:
        if column <= w // 2 < column + len(seg.text):
            return seg.style or Style()
        column += len(seg.text)
    raise AssertionError(f"nothing drawn at {cell}")


def legend_style(panel: Text, glyph: str, kind: str) -> Style:
    """The style of ``glyph`` where the panel's legend names ``kind``."""
    offset = panel.plain.index(f"{glyph} {kind}")
    style = Style.parse(panel.style) if isinstance(panel.style, str) else panel.style
    for span in panel.spans:
        if span.start <= offset < span.end:
            style = style + (Style.parse(span.style) if isinstance(span.style, str) else span.style)
    return style


async def test_the_legend_draws_scatter_in_the_boards_style(tmp_path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, shrine(), tmp_path)
        board = screen.query_one(BoardView)
        field = board.picture.battlefield
        glyph, terrain = next((g, t) for g, t in field.legend if t.kind.startswith("scatter"))
        ground = next(g for g, t in field.legend if t.kind == "ground")
        cells = [(x, y) for y, row in enumerate(field.rows) for x, g in enumerate(row)
                 if (x, y) != board.cursor and (x, y) not in board.picture.highlights
                 and (x, y) not in board.picture.shades and (x, y) not in board.picture.marks
                 and (x, y) not in board.picture.units]
        scatter = next(c for c in cells if field.rows[c[1]][c[0]] == glyph)
        open_ground = next(c for c in cells if field.rows[c[1]][c[0]] == ground)
        on_board = board_style(board, scatter)
        # scatter reads apart from open ground on the board (green, as before)
        assert on_board != board_style(board, open_ground)
        assert on_board.color is not None and on_board.color.name == "green3"
        panel = screen.query_one("#panel", Static).content  # what the panel was given to draw
        assert isinstance(panel, Text)
        assert legend_style(panel, glyph, terrain.kind) == on_board
        assert legend_style(panel, ground, "ground") == board_style(board, open_ground)
