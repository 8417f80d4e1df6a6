"""What a cursor move repaints: the two board cells and the cursor line of
the side panel, nothing else (no panel, scrollbar, log or footer); and the
cropped partial-update writer puts exactly the dirty columns on screen."""

from __future__ import annotations

import re

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual._compositor import ChopsUpdate
from textual.strip import Strip

from tui import paint
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.picture import CELL_W, LABEL_W
from tests.tui.test_keys import game_screen, played

MOVE = re.compile(r"\x1b\[(\d+);(\d+)H")
SGR = re.compile(r"\x1b\[[0-9;]*m")


def apply(text: str, grid: list[list[str]]) -> set[tuple[int, int]]:
    """A tiny terminal: cursor moves and plain characters (styles ignored);
    returns the cells written."""
    written = set()
    x = y = 0
    pos = 0
    text = SGR.sub("", text)
    for match in list(MOVE.finditer(text)) + [None]:
        chunk = text[pos:match.start() if match else len(text)]
        for ch in chunk:
            if ch in "\r\n":
                continue
            grid[y][x] = ch
            written.add((x, y))
            x += 1
        if match:
            y, x = int(match.group(1)) - 1, int(match.group(2)) - 1
            pos = match.end()
    return written


def test_cropped_update_writes_only_the_span_with_the_same_characters():
    red = Style(color="red")
    chops = [
        {0: Strip([Segment(" 0 ", red), Segment(" . "), Segment(" x ", red)]), 9: Strip([Segment("|panel")])},
        {0: Strip([Segment("abcdefghi")]), 9: Strip([Segment("012345")])},
    ]
    update = ChopsUpdate(chops, [(0, 3, 6), (1, 7, 12)], [[9, 15], [9, 15]])
    console = Console(width=15, color_system="truecolor", force_terminal=True)
    before = [["?"] * 15 for _ in range(2)]
    after = [["?"] * 15 for _ in range(2)]
    apply(ChopsUpdate._textual_render_segments(update, console) if paint.install() else "", before)
    written = apply(paint.render_segments(update, console), after)
    assert written == {(x, 0) for x in range(3, 6)} | {(x, 1) for x in range(7, 12)}
    for x, y in written:
        assert after[y][x] == before[y][x]
    assert "".join(after[0][3:6]) == " . " and "".join(after[1][7:12]) == "hi012"


async def test_a_cursor_move_repaints_two_cells_and_the_cursor_line_only():
    game = played("spheres_of_war", 20)
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, game)
        board = screen.query_one(BoardView)
        board.focus()
        board.move_cursor((1, 1))
        await pilot.pause(0.2)
        spans: list[tuple[int, int, int]] = []
        real = app._display

        def probe(target, renderable):
            if isinstance(renderable, ChopsUpdate):
                spans.extend(renderable.spans)
            return real(target, renderable)

        app._display = probe
        await pilot.press("right")
        await pilot.pause(0.2)
        app._display = real
        assert board.cursor == (2, 1)
        origin = board.content_region
        cursor_line = screen.query_one("#cursor").region
        cells = {(origin.y + 2, origin.x + LABEL_W + x * CELL_W) for x in (1, 2)}
        for y, x1, x2 in spans:
            on_board = (y, x1) in cells or (y == origin.y + 2 and x1 == origin.x + LABEL_W + CELL_W
                                             and x2 == x1 + 2 * CELL_W)
            on_cursor_line = y == cursor_line.y and x1 >= cursor_line.x
            assert on_board or on_cursor_line, (y, x1, x2)
