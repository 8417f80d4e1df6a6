"""A battlefield wider than the board beside a readable side panel: the
32x16 ground of "a small square is 2 x 2 cells" (an Optio hand-off) at
80x24.  The panel keeps its width; the board shows the part around the
cursor, scrolls by whole cells, marks the sides where more lies (◀ ▶ ▲ ▼)
and brings a narrated blow into view with the cursor.  Larger terminals
see the whole battlefield as before."""

from __future__ import annotations

import pytest
from textual.app import App

from core.board import Battlefield, Rect, Terrain, Zone
from tests.tui.test_fits_and_words import handoff_game
from tests.tui.test_glance import open_game
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.picture import Picture
from tui.side_panel import VIEWPORT_KEY, SidePanel
from tui.viewport import follow

SIZE = (80, 24)
READABLE = 30  # the fewest columns of text a reader of the panel gets


def cursor_drawn(board: BoardView) -> str:
    """The text drawn in reverse video (the cursor) on the cursor's screen
    line, or "" when that line is not on screen."""
    x, y = board.cursor
    line_y = y * board.cell_h + board.cell_h // 2 + 1 - int(board.scroll_y)
    if not 1 <= line_y < board.scrollable_content_region.height:
        return ""
    return "".join(seg.text for seg in board.render_line(line_y) if seg.style is not None and seg.style.reverse)


def on_screen(board: BoardView, cell) -> bool:
    """Whether ``cell`` lies wholly inside the board's view (not under the labels)."""
    region = board.scrollable_content_region
    x, y = cell
    left = board.label_w + x * board.cell_w - int(board.scroll_x)
    top = 1 + y * board.cell_h - int(board.scroll_y)
    return (left >= board.label_w and left + board.cell_w <= region.width
            and top >= 1 and top + board.cell_h <= region.height)


async def go_to(pilot, board: BoardView, cell) -> None:
    """Move the cursor to ``cell`` with the arrow keys, as a player does."""
    while board.cursor != cell:
        x, y = board.cursor
        key = "left" if cell[0] < x else "right" if cell[0] > x else "up" if cell[1] < y else "down"
        await pilot.press(key)
    await pilot.pause()


@pytest.mark.parametrize("name", ["plasto_latros", "waylights"])
async def test_a_32x16_battlefield_at_80x24_keeps_the_panel_readable_and_every_corner_in_view(name):
    game = handoff_game(name)
    assert (game.battlefield.width, game.battlefield.height) == (32, 16)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        await pilot.pause()
        board = screen.query_one(BoardView)
        side = screen.query_one(SidePanel)
        assert side.outer_size.width == SidePanel.SIDE_W  # as wide as beside any other battlefield
        assert screen.query_one("#panel").size.width >= READABLE
        assert board.max_scroll_x > 0 and board.max_scroll_y == 0  # sideways only: every row shown
        assert VIEWPORT_KEY in str(screen.query_one("#panel").render())  # the key says what the marks mean
        board.focus()
        last = (game.battlefield.width - 1, game.battlefield.height - 1)
        for corner in ((0, 0), (last[0], 0), last, (0, last[1]), (0, 0)):
            await go_to(pilot, board, corner)
            assert on_screen(board, corner), (corner, board.scroll_x, board.scroll_y)
            assert cursor_drawn(board).strip(), corner  # drawn, in reverse video
            assert int(board.scroll_x) % board.cell_w == 0  # whole cells: no half label at the edge
            assert f"Cursor {corner[0]},{corner[1]}" in screen.query_one("#cursor").text
            header = board.render_line(0).text
            corner_mark, numbers = header[:board.label_w], header[board.label_w:]
            assert ("◀" in corner_mark) == (corner[0] > 0)  # columns off to the left
            assert numbers.endswith("▶") == (corner[0] == 0)  # columns off to the right
            assert "▲" not in header and "▼" not in "".join(  # all rows shown: no up or down mark
                board.render_line(y).text[:board.label_w] for y in range(board.scrollable_content_region.height))
        assert side.outer_size.width == SidePanel.SIDE_W


async def test_a_blow_off_the_view_is_brought_into_it_with_the_cursor():
    game = handoff_game("plasto_latros")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        board = screen.query_one(BoardView)
        board.focus()
        await go_to(pilot, board, (10, 8))
        blow = frozenset({(24, 8), (25, 8)})
        assert not on_screen(board, (25, 8))
        board.spot(blow)
        await pilot.pause()
        assert on_screen(board, (10, 8)) and all(on_screen(board, c) for c in blow)
        line = board.render_line(8 + 1 - int(board.scroll_y))
        assert any(seg.style is not None and seg.style.bgcolor is not None and seg.style.underline
                   for seg in line if seg.text.strip())  # the spotlight drawn on the visible cells
        board.spot(frozenset({(31, 0)}))  # too far to show with the cursor: the cursor stays in view
        await pilot.pause()
        assert on_screen(board, (10, 8)) and cursor_drawn(board).strip()


@pytest.mark.parametrize(("size", "panel"), [((100, 24), 33), ((120, 30), SidePanel.SIDE_W)])
async def test_larger_terminals_see_the_32x16_battlefield_whole_as_before(size, panel):
    app = SkirmishApp()
    async with app.run_test(size=size) as pilot:
        screen = await open_game(pilot, handoff_game("waylights"))
        await pilot.pause()
        board = screen.query_one(BoardView)
        assert board.max_scroll_x == 0 and board.max_scroll_y == 0, (board.virtual_size, board.size)
        assert screen.query_one(SidePanel).outer_size.width == panel
        assert VIEWPORT_KEY not in str(screen.query_one("#panel").render())
        header = board.render_line(0).text
        assert not set(header) & set("◀▶▲▼")


class BoardApp(App):
    def compose(self):
        yield BoardView(id="board")


async def test_rows_off_the_view_are_marked_above_and_below():
    zones = (Zone(0, (Rect(0, 0, 11, 2),)), Zone(1, (Rect(0, 37, 11, 39),)))
    field = Battlefield("tall", 12, 40, tuple("." * 12 for _ in range(40)), ((".", Terrain()),), zones)
    app = BoardApp()
    async with app.run_test(size=(60, 20)) as pilot:
        board = app.query_one(BoardView)
        board.show(Picture(battlefield=field))
        board.focus()
        await pilot.pause()
        bottom = board.scrollable_content_region.height - 1
        assert board.render_line(bottom).text[:board.label_w].endswith("▼")
        assert "▲" not in board.render_line(0).text
        for _ in range(25):
            await pilot.press("down")
        await pilot.pause()
        assert on_screen(board, board.cursor) and board.scroll_y > 0
        assert board.render_line(0).text.startswith("▲")
        assert board.render_line(bottom).text[:board.label_w].endswith("▼")
        for _ in range(20):
            await pilot.press("down")
        await pilot.pause()
        assert board.cursor == (0, 39) and on_screen(board, (0, 39))
        assert "▼" not in board.render_line(bottom).text and board.render_line(bottom).text.startswith("39")


def test_follow_keeps_the_cursor_and_brings_the_blow_when_both_fit():
    assert follow(0, 40, (10, 12)) == 0  # in view: no scroll
    assert follow(0, 40, (62, 64)) == 24  # the cursor at the right edge
    assert follow(24, 40, (0, 2)) == 0
    assert follow(0, 40, (20, 22), (50, 52)) == 12  # both: as little as it takes
    assert follow(0, 40, (0, 2), (60, 62)) == 0  # too far apart: the cursor stays in view
    assert follow(30, 40, (62, 64), (0, 2)) == 24
