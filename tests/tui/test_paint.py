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

from tests.tui.test_keys import game_screen, played
from tui import paint, textual_fixes
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.picture import CELL_W, LABEL_W

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
    apply(ChopsUpdate._textual_render_segments(update, console) if textual_fixes.install_cropped_repaint() else "", before)
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
        spans = await moved_spans(app, pilot, "right")
        assert board.cursor == (2, 1)
        origin = board.content_region
        cursor_line = screen.query_one("#cursor").region
        cells = {(origin.y + 2, origin.x + LABEL_W + x * CELL_W) for x in (1, 2)}
        for y, x1, x2 in spans:
            on_board = (y, x1) in cells or (y == origin.y + 2 and x1 == origin.x + LABEL_W + CELL_W
                                             and x2 == x1 + 2 * CELL_W)
            on_cursor_line = y == cursor_line.y and x1 >= cursor_line.x
            assert on_board or on_cursor_line, (y, x1, x2)


def reversed_columns(board: BoardView, y: int) -> set[int]:
    """The content columns of board line ``y`` drawn in reverse video."""
    out, x = set(), 0
    for seg in board.render_line(y):
        if seg.style is not None and seg.style.reverse:
            out.update(range(x, x + len(seg.text)))
        x += len(seg.text)
    return out


async def moved_spans(app, pilot, key: str) -> list[tuple[int, int, int]]:
    """The screen spans the partial repaints after ``key`` wrote.

    Under load a repaint queued before the key (the first paint of the
    cursor, a panel settling) can land late; so the screen is first left
    until a window passes with nothing written, and after the key the spans
    are gathered until a window passes quiet again."""
    spans: list[tuple[int, int, int]] = []
    real = app._display

    def probe(target, renderable):
        if isinstance(renderable, ChopsUpdate):
            spans.extend(renderable.spans)
        return real(target, renderable)

    async def quiet() -> None:
        for _ in range(50):
            seen = len(spans)
            await pilot.pause(0.1)
            if len(spans) == seen:
                return

    app._display = probe
    await quiet()
    spans.clear()
    await pilot.press(key)
    await pilot.pause(0.2)
    await quiet()
    app._display = real
    assert spans, f"nothing was repainted after {key!r}"
    return spans


async def test_a_large_square_shows_the_cursor_on_its_middle_row_and_a_move_repaints_those_rows():
    game = played("optio", 30)
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await game_screen(pilot, game)
        board = screen.query_one(BoardView)
        board.focus()
        w, h = board.picture.cell_size
        assert (w, h) == (8, 3)
        board.move_cursor((1, 1))
        await pilot.pause(0.2)
        # Reverse video on the cursor square's middle row, all eight columns, and nowhere else.
        for y in range(1, 1 + 5 * h):
            want = set(range(LABEL_W + w, LABEL_W + 2 * w)) if y == 1 + h + h // 2 else set()
            assert reversed_columns(board, y) == want, y
        origin = board.content_region
        cursor_line = screen.query_one("#cursor").region
        assert screen.query_one("#cursor").text.startswith("Cursor 1,1:")
        # Down: the middle rows of the two squares, and the one changed column of the cursor line.
        spans = await moved_spans(app, pilot, "down")
        assert board.cursor == (1, 2)
        middle = {origin.y + 1 + r * h + h // 2 for r in (1, 2)}
        on_board = {(y, x1, x2) for y, x1, x2 in spans if x1 < cursor_line.x}
        assert on_board == {(y, origin.x + LABEL_W + w, origin.x + LABEL_W + 2 * w) for y in middle}
        assert reversed_columns(board, 1 + 2 * h + h // 2) == set(range(LABEL_W + w, LABEL_W + 2 * w))
        assert not reversed_columns(board, 1 + h + h // 2)
        text = screen.query_one("#cursor").text
        assert text.startswith("Cursor 1,2:")
        for y, x1, _x2 in spans:
            if y == cursor_line.y:  # "1,1" -> "1,2": the row digit, and the terrain word if it changed
                assert x1 >= cursor_line.x + len("Cursor 1,")
        # Right: one span over both middle rows (the squares touch).
        spans = await moved_spans(app, pilot, "right")
        assert board.cursor == (2, 2)
        y = origin.y + 1 + 2 * h + h // 2
        assert {s for s in spans if s[1] < cursor_line.x} == {(y, origin.x + LABEL_W + w, origin.x + LABEL_W + 3 * w)}


async def test_patched_text_writes_only_the_changed_columns_and_the_screen_matches_a_full_repaint():
    from textual.app import App

    from tui.widgets import PatchedText

    class One(App):
        CSS = "PatchedText { width: 20; height: 2; }"

        def compose(self):
            yield PatchedText("Cursor 1,1: open")

    app = One()
    console = Console(width=30, color_system="truecolor", force_terminal=True)
    async with app.run_test(size=(30, 4)) as pilot:
        text = app.query_one(PatchedText)
        await pilot.pause()
        region = text.region

        def screen() -> list[list[str]]:
            return [list(strip.text) for strip in app.screen._compositor.render_strips()]

        for new, want in [
            ("Cursor 1,2: open", [(0, 9, 10)]),  # one digit
            ("Cursor 1,2: woods", [(0, 12, 17)]),  # the word
            ("Cursor 1,2: woods, long name", [(0, 17, 18), (1, 0, 9)]),  # wrapped at a word
            ("", [(0, 0, 18), (1, 0, 9)]),  # cleared: only what was written
            ("", []),
        ]:
            updates = []
            real = app._display

            def probe(target, renderable):
                if isinstance(renderable, ChopsUpdate):
                    updates.append(renderable)
                return real(target, renderable)

            grid = screen()
            app._display = probe
            text.update(new)
            await pilot.pause(0.1)
            app._display = real
            spans = sorted((y - region.y, x1 - region.x, x2 - region.x) for u in updates for y, x1, x2 in u.spans)
            assert spans == want, new
            for update in updates:
                apply(paint.render_segments(update, console), grid)
            assert grid == screen()  # the few columns written leave the full frame on screen
            assert [row.rstrip() for row in text.rows()] == [
                row for row in ([new] if len(new) <= 20 else ["Cursor 1,2: woods,", "long name"])]
