"""The partial-repaint writer (tui/paint.py) writes a style only where it
changes, as the change: read by a small terminal that keeps each cell's
character and style, what it writes must look exactly like Textual's own
writing, and a game screen kept up to date by it alone must show the same
frame as a full repaint after every cursor move."""

from __future__ import annotations

import re

import pytest
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual._compositor import ChopsUpdate
from textual.strip import Strip

from tests.tui.test_keys import game_screen, played
from tui import paint, textual_fixes
from tui.app import SkirmishApp
from tui.board import BoardView

TOKEN = re.compile(r"\x1b\[(\d+);(\d+)H|\x1b\[([0-9;]*)m|\r|\n|[^\x1b\r\n]")
OFF = {"22": {"1", "2"}, "23": {"3"}, "24": {"4", "21"}, "25": {"5", "6"}, "27": {"7"}, "28": {"8"},
       "29": {"9"}, "54": {"51", "52"}, "55": {"53"}}
PLAIN = (frozenset(), None, None)


class Term:
    """Characters and SGR state per cell; cursor moves, CR, LF."""

    def __init__(self, width: int, height: int) -> None:
        self.grid = [[(" ", PLAIN)] * width for _ in range(height)]
        self.state = PLAIN
        self.x = self.y = 0

    def sgr(self, params: str) -> None:
        attrs, fg, bg = self.state
        attrs = set(attrs)
        codes = params.split(";") if params else ["0"]
        i = 0
        while i < len(codes):
            code = codes[i]
            if code in ("", "0"):
                attrs, fg, bg = set(), None, None
            elif code in ("38", "48"):
                n = 3 if codes[i + 1] == "5" else 5
                value = ";".join(codes[i:i + n])
                fg, bg = (value, bg) if code == "38" else (fg, value)
                i += n - 1
            elif code == "39":
                fg = None
            elif code == "49":
                bg = None
            elif code in OFF:
                attrs -= OFF[code]
            elif 30 <= int(code) <= 37 or 90 <= int(code) <= 97:
                fg = code
            elif 40 <= int(code) <= 47 or 100 <= int(code) <= 107:
                bg = code
            else:
                attrs.add(code)
            i += 1
        self.state = (frozenset(attrs), fg, bg)

    def feed(self, text: str) -> set[tuple[int, int]]:
        written = set()
        for match in TOKEN.finditer(text):
            token = match.group(0)
            if match.group(1):
                self.y, self.x = int(match.group(1)) - 1, int(match.group(2)) - 1
            elif match.group(3) is not None:
                self.sgr(match.group(3))
            elif token == "\r":
                self.x = 0
            elif token == "\n":
                self.y += 1
            else:
                self.grid[self.y][self.x] = (token, self.state)
                written.add((self.x, self.y))
                self.x += 1
        return written


STYLES = [
    None, Style(), Style(color="red"), Style(color="red", bold=True), Style(bgcolor="blue", dim=True),
    Style(color="grey50", bgcolor="#203040", reverse=True), Style(bold=True, dim=True, underline=True),
    Style(color="default", bgcolor="default"), Style(italic=True, strike=True), Style(reverse=True),
    Style(color="bright_green", bold=True, reverse=True, bgcolor="#1f3a1f"), Style(underline=True, bold=True),
]


def test_the_writer_looks_like_textuals_own_writing_cell_for_cell():
    console = Console(width=40, color_system="256", force_terminal=True)
    for shift in range(len(STYLES)):
        styles = STYLES[shift:] + STYLES[:shift]
        line = [Segment(f"{i % 10}" * (1 + i % 3), style) for i, style in enumerate(styles)]
        pad = Style(color="blue")

        def piece(segments: list[Segment]) -> Strip:
            return Strip(segments).adjust_cell_length(20, pad)

        chops = [{0: piece(line[:6]), 20: piece(line[6:])}, {0: piece(line[3:9]), 20: piece(line[9:] + line[:2])}]
        update = ChopsUpdate(chops, [(0, 2, 30), (1, 1, 25)], [[20, 40], [20, 40]])
        theirs, ours = Term(40, 2), Term(40, 2)
        theirs.feed(ChopsUpdate._textual_render_segments(update, console) if textual_fixes.install_cropped_repaint() else "")
        written = ours.feed(paint.render_segments(update, console))
        assert written == {(x, 0) for x in range(2, 30)} | {(x, 1) for x in range(1, 25)}
        for x, y in written:
            assert ours.grid[y][x] == theirs.grid[y][x], (shift, x, y)
        assert ours.state == PLAIN  # the terminal is left with no style set


def full_frame(app, console) -> list[list[tuple[str, tuple]]]:
    term = Term(*app.size)
    for y, strip in enumerate(app.screen._compositor.render_strips()):
        term.feed(f"\x1b[{y + 1};1H" + strip.render(console))
    return term.grid


@pytest.mark.parametrize("name", ["optio", "spheres_of_war", "plasto_latros", "platemail", "waylights"])
async def test_cursor_moves_written_alone_keep_the_screen_equal_to_a_full_repaint(name):
    game = played(name, 30)
    app = SkirmishApp()
    console = Console(width=80, color_system="256", force_terminal=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await game_screen(pilot, game)
        board = app.screen.query_one(BoardView)
        board.focus()
        await pilot.pause(0.2)
        term = Term(80, 24)
        term.grid = full_frame(app, console)
        updates: list[ChopsUpdate] = []
        real = app._display

        def probe(target, renderable):
            if isinstance(renderable, ChopsUpdate):
                updates.append(renderable)
            return real(target, renderable)

        app._display = probe
        for key in ["right"] * 3 + ["down"] * 3 + ["left"] * 3 + ["up"] * 3:
            await pilot.press(key)
            await pilot.pause(0.1)
            for update in updates:
                term.feed(paint.render_segments(update, console))
            updates.clear()
            assert term.grid == full_frame(app, console), key
        app._display = real
