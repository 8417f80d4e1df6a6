"""The board: ONE Line-API widget shared by every ruleset.

It is told what to draw (a :class:`Picture`: battlefield, units, highlighted
cells, the selected cell, glyph and style choices from the ruleset adapter)
and posts :class:`BoardView.CellChosen` / :class:`BoardView.CursorMoved` up.
No game fact lives here; the cursor is the only state it owns.

Each cell is three columns wide.  Row 0 of the widget is a fixed header of
column numbers and the first three columns are fixed row numbers; only the
cells scroll, so a 40x40 battlefield stays readable in an 80x24 terminal.
Rows are rendered to a :class:`Strip` once and cached until the picture or
the cursor row changes; ``render_line`` only crops the cached strip.  A
cursor move repaints just the two cells it leaves and enters (a few dozen
bytes to the terminal) unless the board has to scroll.

Cell text (never colour alone):
``[.]`` a cell a legal order points at, ``◆1↑`` a figure (side mark, letter,
facing arrow), ``◆1*`` a figure an order points at; the cursor is drawn in
reverse video and the selected figure underlined.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs
from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from core.board import Battlefield, Cell, Facing, Terrain
from core.ruleset import UnitView

CELL_W = 3
LABEL_W = 3

SIDE_MARKS = ("◆", "●")
SIDE_STYLES = (Style(color="bright_cyan", bold=True), Style(color="bright_yellow", bold=True))
HIGHLIGHT = Style(color="bright_green", bold=True)
HIGHLIGHT_BG = Style(bgcolor="#1f3a1f")
LABEL_STYLE = Style(color="grey58", dim=True)
CURSOR = Style(reverse=True)
PLAIN = Style()
SELECTED = Style(underline=True)
MARK_STYLE = Style(color="bright_magenta", bold=True)
SHADE_STYLES = {"f": Style(bgcolor="#23331a"), "b": Style(bgcolor="#3a1f1f")}
SHADE_DEFAULT = Style(bgcolor="grey19")
GRID_EDGE = Style(underline=True)


def terrain_style(terrain: Terrain) -> Style:
    if terrain.blocks_move:
        return Style(color="grey85", bgcolor="grey30")
    if terrain.elevation > 0:
        return Style(color="khaki1", bgcolor="#3a3520")
    if terrain.cover > 0:
        return Style(color="green3", bgcolor="#1c2e1c")
    if terrain.move_cost > 1:
        return Style(color="steel_blue1", bgcolor="#1c2436")
    return Style(color="grey46")


def default_label(unit: UnitView) -> str:
    """Three columns: side mark (or the unit's glyph), a letter from its id,
    and a facing arrow when the ruleset tracks facing."""
    mark = (unit.glyph or SIDE_MARKS[unit.side % 2])[:1]
    letters = [c for c in unit.id if c.isalnum()]
    letter = letters[-1] if letters else "?"
    arrow = unit.facing.arrow if unit.facing is not None else " "
    return f"{mark}{letter}{arrow}"


@attrs.frozen
class Picture:
    """Everything the board draws, handed down by the screen."""

    battlefield: Battlefield
    units: Mapping[Cell, UnitView] = attrs.field(factory=dict)
    labels: Mapping[str, str] = attrs.field(factory=dict)  # unit id -> 3-column label
    highlights: frozenset = frozenset()
    selected: Cell | None = None
    hidden: bool = False  # handover: draw nothing of the game
    # cell -> three columns drawn on a cell no figure stands on (an artifact);
    # on a lit cell only the middle character shows, inside the brackets.
    marks: Mapping[Cell, str] = attrs.field(factory=dict)
    # cell -> one character shade key ("f" front arc, "b" back arc...): a
    # background from SHADE_STYLES, and the character in an empty cell's
    # third column so the shading reads without colour.
    shades: Mapping[Cell, str] = attrs.field(factory=dict)
    grid: int = 0  # > 0: mark a boundary every ``grid`` cells (Optio's large squares)


# The keys for each of the eight directions: arrows, vi keys (hjkl yubn),
# the numeric keypad and the digits laid out like it.
DIRECTION_KEYS: dict[Facing, str] = {
    Facing.N: "up,k,8",
    Facing.S: "down,j,2",
    Facing.W: "left,h,4",
    Facing.E: "right,l,6",
    Facing.NW: "y,7,home",
    Facing.NE: "u,9,pageup",
    Facing.SW: "b,1,end",
    Facing.SE: "n,3,pagedown",
}


class BoardView(ScrollView, can_focus=True):
    DEFAULT_CSS = """
    BoardView { scrollbar-size: 1 1; }
    """

    BINDINGS = [
        *(Binding(keys, f"step({f.delta[0]},{f.delta[1]})", f.arrow, show=False) for f, keys in DIRECTION_KEYS.items()),
        Binding("enter,space,5,kp_begin", "choose", "Choose", show=True),
        Binding("shift+up", "jump(0,-1)", show=False),
        Binding("shift+down", "jump(0,1)", show=False),
        Binding("shift+left", "jump(-1,0)", show=False),
        Binding("shift+right", "jump(1,0)", show=False),
    ]

    class CellChosen(Message):
        def __init__(self, cell: Cell) -> None:
            super().__init__()
            self.cell = cell

    class CursorMoved(Message):
        def __init__(self, cell: Cell) -> None:
            super().__init__()
            self.cell = cell

    def __init__(self, *, id: str | None = None, show_choose: bool = True) -> None:
        super().__init__(id=id)
        if not show_choose:  # the game screen's footer is full: Enter is told in the panel and help
            import dataclasses

            for key, bindings in self._bindings.key_to_bindings.items():
                self._bindings.key_to_bindings[key] = [
                    dataclasses.replace(b, show=False) if b.action == "choose" else b for b in bindings]
        self.picture: Picture | None = None
        self.cursor: Cell = (0, 0)
        self._rows: dict[int, Strip] = {}
        self._header: Strip | None = None

    # -- attributes down ----------------------------------------------------
    def show(self, picture: Picture) -> None:
        old = self.picture
        self.picture = picture
        self._rows.clear()
        if old is None or old.battlefield is not picture.battlefield:
            self._header = None
            bf = picture.battlefield
            self.virtual_size = Size(LABEL_W + CELL_W * bf.width, 1 + bf.height)
            x, y = self.cursor
            self.cursor = (min(x, bf.width - 1), min(y, bf.height - 1))
        self.refresh()

    def move_cursor(self, cell: Cell, announce: bool = True) -> None:
        if self.picture is None or not self.picture.battlefield.in_bounds(cell):
            return
        old = self.cursor
        self.cursor = cell
        self._rows.pop(old[1], None)
        self._rows.pop(cell[1], None)
        if self._scroll_to_cursor():
            self.refresh()
        elif old != cell:
            # only the two cells the cursor left and entered
            self.refresh(*self._cell_regions(old, cell))
        if announce:
            self.post_message(self.CursorMoved(cell))

    def _cell_regions(self, *cells: Cell) -> list[Region]:
        """The cells' three columns on screen, relative to the content
        region (cells scrolled out of view, or under the fixed row and
        column labels, give nothing)."""
        region = self.scrollable_content_region
        cells_area = Region(LABEL_W, 1, max(0, region.width - LABEL_W), max(0, region.height - 1))
        sx, sy = int(self.scroll_x), int(self.scroll_y)
        out = []
        for x, y in cells:
            shown = Region(LABEL_W + x * CELL_W - sx, y + 1 - sy, CELL_W, 1).intersection(cells_area)
            if shown.area:
                out.append(shown)
        return out

    def action_step(self, dx: int, dy: int) -> None:
        x, y = self.cursor
        self.move_cursor((x + dx, y + dy))

    def action_jump(self, dx: int, dy: int) -> None:
        """Shift+arrow: a grid square (or five cells) at a time, stopping at the edge."""
        if self.picture is None:
            return
        bf, step = self.picture.battlefield, self.picture.grid or 5
        x, y = self.cursor
        self.move_cursor((max(0, min(bf.width - 1, x + dx * step)), max(0, min(bf.height - 1, y + dy * step))))

    def action_choose(self) -> None:
        if self.picture is not None and not self.picture.hidden:
            self.post_message(self.CellChosen(self.cursor))

    def _scroll_to_cursor(self) -> bool:
        region = self.scrollable_content_region
        view_w = max(1, region.width - LABEL_W)
        view_h = max(1, region.height - 1)
        x, y = self.cursor
        sx, sy = int(self.scroll_x), int(self.scroll_y)
        left, right = x * CELL_W, x * CELL_W + CELL_W
        if left < sx:
            sx = left
        elif right > sx + view_w:
            sx = right - view_w
        if y < sy:
            sy = y
        elif y + 1 > sy + view_h:
            sy = y + 1 - view_h
        if (sx, sy) != (int(self.scroll_x), int(self.scroll_y)):
            self.scroll_to(sx, sy, animate=False, force=True, immediate=True)
            return True
        return False

    def on_resize(self) -> None:
        self._scroll_to_cursor()

    # -- drawing ------------------------------------------------------------
    def _header_strip(self) -> Strip:
        if self._header is None:
            bf = self.picture.battlefield
            text = "".join(f"{x:>2} " for x in range(bf.width))
            self._header = Strip([Segment(text, LABEL_STYLE)], len(text))
        return self._header

    def _row_strip(self, y: int) -> Strip:
        strip = self._rows.get(y)
        if strip is not None:
            return strip
        pic = self.picture
        bf = pic.battlefield
        segments = []
        row = bf.rows[y]
        for x in range(bf.width):
            cell = (x, y)
            unit = pic.units.get(cell)
            lit = cell in pic.highlights
            if unit is not None:
                label = pic.labels.get(unit.id) or default_label(unit)
                if lit:
                    label = label[:2] + "*"
                style = SIDE_STYLES[unit.side % 2] + terrain_style(bf.terrain(cell))
                if lit:
                    style = style + HIGHLIGHT_BG
                if cell == pic.selected:
                    style = style + SELECTED
            else:
                glyph = row[x]
                mark = pic.marks.get(cell)
                shade = pic.shades.get(cell)
                if lit:
                    label = f"[{mark[1:2] or glyph}]" if mark else f"[{glyph}]"
                    style = terrain_style(bf.terrain(cell)) + HIGHLIGHT + HIGHLIGHT_BG
                elif mark:
                    label = (mark + "   ")[:CELL_W]
                    style = terrain_style(bf.terrain(cell)) + MARK_STYLE
                else:
                    label = f" {glyph}{shade[:1]}" if shade else f" {glyph} "
                    style = terrain_style(bf.terrain(cell))
                    if pic.grid and x % pic.grid == 0:
                        label = f"▏{glyph} "  # the left edge of a grid square
                if shade and not lit:
                    style = style + SHADE_STYLES.get(shade[:1], SHADE_DEFAULT)
            if pic.grid and y % pic.grid == pic.grid - 1:
                style = style + GRID_EDGE  # the bottom edge of a grid square
            if cell == self.cursor:
                style = style + CURSOR
            segments.append(Segment(label, style))
        strip = Strip(segments, CELL_W * bf.width)
        self._rows[y] = strip
        return strip

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        pic = self.picture
        if pic is None or pic.hidden:
            return Strip.blank(width, PLAIN)
        sx, sy = int(self.scroll_x), int(self.scroll_y)
        cells_w = max(0, width - LABEL_W)
        if y == 0:
            head = Strip([Segment(" " * LABEL_W, PLAIN)], LABEL_W)
            return Strip.join([head, self._header_strip().crop(sx, sx + cells_w)]).extend_cell_length(width, PLAIN)
        row = sy + y - 1
        if row >= pic.battlefield.height:
            return Strip.blank(width, PLAIN)
        label = Strip([Segment(f"{row:>2} ", LABEL_STYLE)], LABEL_W)
        return Strip.join([label, self._row_strip(row).crop(sx, sx + cells_w)]).extend_cell_length(width, PLAIN)


def legend_text(battlefield: Battlefield) -> str:
    """Glyph meanings for the side panel (plain text, no colour needed)."""
    used = {g for row in battlefield.rows for g in row}
    parts = []
    for glyph, terrain in battlefield.legend:
        if glyph not in used:
            continue
        notes = []
        if terrain.blocks_move:
            notes.append("blocks")
        if terrain.elevation:
            notes.append(f"h{terrain.elevation}")
        if terrain.cover:
            notes.append(f"cover {terrain.cover}")
        extra = f" ({', '.join(notes)})" if notes else ""
        parts.append(f"{glyph} {terrain.kind}{extra}")
    parts.append(f"{SIDE_MARKS[0]} / {SIDE_MARKS[1]} sides")
    parts.append("[.] legal  * target")
    return "  ".join(parts)
