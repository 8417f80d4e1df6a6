"""The board: ONE Line-API widget shared by every ruleset.

It is told what to draw (a :class:`Picture`: battlefield, units, highlighted
cells, the selected cell, glyph and style choices from the ruleset adapter)
and posts :class:`BoardView.CellChosen` / :class:`BoardView.CursorMoved` up.
No game fact lives here; the cursor is the only state it owns.

Each cell is three columns wide, or two in the compact width the board
picks by itself when the full one does not fit (``z`` switches).  Row 0 of
the widget is a fixed header of column numbers and the first two columns are
fixed row numbers; only the cells scroll, by whole cells, following the
cursor when the battlefield does not fit (``◀ ▶ ▲ ▼`` in the labels mark the
sides where more lies: tui/viewport.py).  A picture may also draw big cells
(``Picture.cell_size``, columns x rows, several figures in one cell): the
Optio operational map, one cell a large square.
Rows are rendered to a :class:`Strip` once and cached until the picture or
the cursor row changes; ``render_line`` only crops the cached strip.  A
cursor move repaints just the two cells it leaves and enters (big cells:
their middle rows; a few dozen bytes to the terminal) unless the board has
to scroll.

Cell text (never colour alone):
``[.]`` a cell a legal order points at (compact: ``.]``, the glyph under its
column number, with ``[`` in the blank column left of it when there is one;
a mark or shade key the adapter gives the cell shows inside the brackets
instead of the glyph), `` .r`` an empty cell with a shade key (its third
column), ``◆1↑`` a figure (side mark, letter, facing arrow), ``◆1*`` or
``Fa1*`` a figure an order points at (its id, facing and class mark kept:
the ``*`` in a blank or status column, or just beside it); the
cursor is drawn in reverse video (on a big cell, its middle row: a bar
across the square, level with the row number, that costs a cursor move two
short rows) and the selected figure underlined on a highlighted background.  Each side has its own colour (cyan and yellow: apart
under the common colour-vision deficiencies and on 16-colour xterm) and the
labels of the two sides always differ in text too, so NO_COLOR loses nothing;
the side at the keyboard is bold.  No two figures ever show the same label
(:func:`distinct_labels`).  The mouse: a click moves the cursor, a click on a
lit cell, the selected figure or the cursor's own cell acts as Enter; the
wheel scrolls.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from core.board import Cell, Facing
from core.ruleset import UnitView
from tui.picture import (
    CELL_W,
    COMPACT_W,
    CURSOR,
    EDGE_MARK,
    FALLEN,
    GRID_EDGE,
    HIGHLIGHT,
    HIGHLIGHT_BG,
    LABEL_STYLE,
    LABEL_W,
    MARK_STYLE,
    PLAIN,
    SELECTED,
    SHADE_DEFAULT,
    SHADE_STYLES,
    SIDE_COLOUR_WORDS,
    SPOTLIGHT,
    UNMARKED_TARGET,
    Picture,
    default_label,
    distinct_labels,
    empty_cell_text,
    fallen_status,
    side_style,
    target_marks,
    terrain_style,
)
from tui.viewport import NO_EDGES, Edges, corner_text, edges_of, header_text, last_row_label, scroll_target, view_span

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



def natural_key(uid: str) -> tuple:
    """A figure id's order: its letters, then its number as a number (a2 before a10)."""
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", uid))

class BoardView(ScrollView, can_focus=True):
    DEFAULT_CSS = """
    BoardView { scrollbar-size: 1 1; }
    """

    BINDINGS = [
        *(Binding(keys, f"step({f.delta[0]},{f.delta[1]})", f.arrow, show=False) for f, keys in DIRECTION_KEYS.items()),
        # Enter chooses; the footer tells it unless the board was made with
        # show_choose=False (check_action keeps one of these two enabled).
        Binding("enter,space,5,kp_begin", "choose", "Choose", show=True),
        Binding("enter,space,5,kp_begin", "choose('quiet')", "Choose", show=False),
        Binding("shift+up", "jump(0,-1)", show=False),
        Binding("shift+down", "jump(0,1)", show=False),
        Binding("shift+left", "jump(-1,0)", show=False),
        Binding("shift+right", "jump(1,0)", show=False),
        Binding("z", "zoom", "Cell width", show=False),
    ]

    class CellChosen(Message):
        def __init__(self, cell: Cell) -> None:
            super().__init__()
            self.cell = cell

    class CursorMoved(Message):
        def __init__(self, cell: Cell) -> None:
            super().__init__()
            self.cell = cell

    class Refitted(Message):
        """The board changed its cell width by itself (a resize): the rows
        it wants and the labels it shows may have changed."""

    def __init__(self, *, id: str | None = None, show_choose: bool = True) -> None:
        super().__init__(id=id)
        # False: the game screen's footer is full, Enter is told in the panel and help
        self.show_choose = show_choose
        self.picture: Picture | None = None
        self.cursor: Cell = (0, 0)
        self.labels: dict[str, str] = {}  # what each figure shows, as drawn
        self.plain_labels: dict[str, str] = {}  # the same without the target marks
        self.unmarked: set[str] = set()  # lit figures with no room for the target mark
        self.beside: dict[Cell, dict[int, str]] = {}  # marks drawn in an empty cell's blank column
        self.zoom: bool | None = None  # None: pick the width by itself; True compact; False full
        self.cell_w = CELL_W
        self.cell_h = 1
        self.label_w = LABEL_W
        self.shows_part = False  # the battlefield does not fit: the view shows the part around the cursor
        self._rows: dict[int, Strip] = {}
        self._header: str | None = None  # the column numbers, whole
        # the lines as shown: row (-1 the header) -> (scroll x, width, edge marks) -> line;
        # a scroll re-renders every line, most of them already drawn once
        self._lines: dict[int, dict[tuple, Strip]] = {}
        self._terrain_styles: dict[str, Style] = {}  # glyph -> terrain_style, for this picture
        self.spotlight: frozenset[Cell] = frozenset()  # the narrated blow's cells (spot)
        self.keeper: Callable[[Picture], None] | None = None  # who holds the board (hold): a playback over it

    # -- geometry -------------------------------------------------------------
    @property
    def compact(self) -> bool:
        return self.cell_w < CELL_W and self.picture is not None and self.picture.cell_size is None

    def fits(self, cell_w: int, label_w: int = LABEL_W) -> bool:
        """Whether the whole battlefield fits across at ``cell_w`` columns a cell."""
        if self.picture is None:
            return True
        bf = self.picture.battlefield
        tall = 1 + bf.height * self.cell_h > self.size.height
        return label_w + cell_w * bf.width <= self.size.width - (1 if tall else 0)

    def _geometry(self) -> bool:
        """Pick the cell size and the row numbers' width; True when they changed."""
        pic = self.picture
        if pic is None:
            return False
        label_w = LABEL_W
        if pic.cell_size is not None:
            w, h = pic.cell_size
        else:
            h = 1
            if self.zoom is None:
                tries = [(CELL_W, LABEL_W), (CELL_W, 2), (COMPACT_W, LABEL_W)]
                w, label_w = next((t for t in tries if self.size.width == 0 or self.fits(*t)), tries[-1])
            else:
                w = COMPACT_W if self.zoom else CELL_W
                if w == CELL_W and not self.fits(CELL_W) and self.fits(CELL_W, 2):
                    label_w = 2
        bf = pic.battlefield
        # a battlefield wider or taller than the view scrolls by whole cells:
        # room past its end for the last cell's offset (tui/viewport.py)
        tall = 1 + h * bf.height > self.size.height
        wide = label_w + w * bf.width > self.size.width - (1 if tall else 0)
        size = Size(label_w + w * bf.width + (w - 1 if wide else 0), 1 + h * bf.height + (h - 1 if tall else 0))
        self.shows_part = wide or tall
        changed = (w, h, label_w) != (self.cell_w, self.cell_h, self.label_w) or size != self.virtual_size
        self.cell_w, self.cell_h, self.label_w = w, h, label_w
        if changed:
            self.virtual_size = size
            self._rows.clear()
            self._lines.clear()
            self._header = None
        return changed

    def rows_wanted(self) -> int:
        """Screen rows the whole board takes (header, cells, a scrollbar
        when it is wider than the widget)."""
        if self.picture is None:
            return 0
        bf = self.picture.battlefield
        wide = self.label_w + self.cell_w * bf.width > self.size.width > 0
        return 1 + self.cell_h * bf.height + (1 if wide else 0)

    # -- attributes down ----------------------------------------------------
    def hold(self, keeper: Callable[[Picture], None] | None) -> None:
        """While ``keeper`` is set (a Round's playback over the board), a
        picture shown goes to it instead (``keeper(picture)``), and only
        :meth:`draw` puts one on the board; None lets go."""
        self.keeper = keeper

    def show(self, picture: Picture) -> None:
        if self.keeper is not None:
            self.keeper(picture)
            return
        self.draw(picture)

    def draw(self, picture: Picture) -> None:
        """Put ``picture`` on the board (whoever holds it)."""
        old = self.picture
        self.picture = picture
        self._rows.clear()
        self._lines.clear()
        self._terrain_styles.clear()
        self.labels = distinct_labels([u for u in picture.units.values()]
                                      + [p[2] for stack in picture.stacks.values() for p in stack],
                                      picture.labels, CELL_W)
        if old is None or old.battlefield is not picture.battlefield or old.cell_size != picture.cell_size:
            self._header = None
            bf = picture.battlefield
            x, y = self.cursor
            self.cursor = (min(x, bf.width - 1), min(y, bf.height - 1))
        self._geometry()
        if self.compact:
            short = {uid: picture.compact_labels.get(uid) or label[:COMPACT_W] for uid, label in self.labels.items()}
            self.labels = distinct_labels(list(picture.units.values()), short, COMPACT_W)
        self._mark_targets()
        self.refresh()

    def spot(self, cells) -> None:
        """The narrated blow's figure and target (tui/narrator.py), marked
        over the picture until the next one (an empty set: none)."""
        cells = frozenset(cells)
        if cells != self.spotlight:
            self.spotlight = cells
            self._rows.clear()
            self._lines.clear()
            self._scroll_to_cursor(also=cells)  # the blow in view, the cursor kept
            self.refresh()

    def _mark_targets(self) -> None:
        """A figure an order points at shows ``*`` without ever losing its
        id, facing or class mark: in a blank column of its label, else in a
        blank column beside it, else over a status letter; with no room at
        all the figure is drawn in italics as well as on the lit background
        (:func:`tui.picture.target_marks`, which also opens compact lit cells)."""
        self.plain_labels = dict(self.labels)
        if self.picture is None:
            return
        marks = target_marks(self.picture, self.labels, {u.id: u for u in self._all_units()}, self.cell_w)
        self.labels, self.beside, self.unmarked = marks.labels, marks.beside, set(marks.unmarked)

    def _all_units(self) -> list[UnitView]:
        pic = self.picture
        return list(pic.units.values()) + [p[2] for stack in pic.stacks.values() for p in stack]

    def action_zoom(self) -> None:
        """``z``: switch between the full and the compact cell width."""
        if self.picture is None or self.picture.cell_size is not None:
            return
        self.zoom = not self.compact
        self.show(self.picture)
        self._scroll_to_cursor()
        self.post_message(self.Refitted())
        self.notify("Compact cells (z: full width)" if self.compact else "Full-width cells (z: compact)",
                    timeout=2)

    def move_cursor(self, cell: Cell, announce: bool = True) -> None:
        if self.picture is None or not self.picture.battlefield.in_bounds(cell):
            return
        old = self.cursor
        self.cursor = cell
        r = self.cell_h // 2  # a large square shows the cursor on its middle row only
        for y in {old[1], cell[1]}:
            self._rows.pop(y * self.cell_h + r, None)
            self._lines.pop(y * self.cell_h + r, None)
        if self._scroll_to_cursor():
            self.refresh()
        elif old != cell:
            # only the two cells the cursor left and entered (their middle rows)
            self.refresh(*self._cell_regions(old, cell, middle=True))
        if announce:
            self.post_message(self.CursorMoved(cell))

    def _cell_regions(self, *cells: Cell, middle: bool = False) -> list[Region]:
        """The cells' columns on screen, relative to the content region
        (cells scrolled out of view, or under the fixed row and column
        labels, give nothing); ``middle``: only their middle rows."""
        region = self.scrollable_content_region
        cells_area = Region(self.label_w, 1, max(0, region.width - self.label_w), max(0, region.height - 1))
        sx, sy = int(self.scroll_x), int(self.scroll_y)
        w, h = self.cell_w, self.cell_h
        out = []
        top, rows = (h // 2, 1) if middle else (0, h)
        for x, y in cells:
            shown = Region(self.label_w + x * w - sx, y * h + 1 + top - sy, w, rows).intersection(cells_area)
            if shown.area:
                out.append(shown)
        return out

    def cell_at(self, x: int, y: int) -> Cell | None:
        """The cell under content offset (x, y), or None (labels, outside)."""
        if self.picture is None or x < self.label_w or y < 1:
            return None
        span_w, span_h = view_span(self)
        if x - self.label_w >= span_w or y - 1 >= span_h:
            return None  # the blank part cell at the view's edge
        cell = ((x - self.label_w + int(self.scroll_x)) // self.cell_w, (y - 1 + int(self.scroll_y)) // self.cell_h)
        return cell if self.picture.battlefield.in_bounds(cell) else None

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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Of the two Enter bindings, the one shown if ``show_choose``, else the quiet one."""
        if action == "choose":
            return (parameters == ("quiet",)) != self.show_choose
        return True

    def action_choose(self, _quiet: str = "") -> None:
        if self.picture is not None and not self.picture.hidden:
            self.post_message(self.CellChosen(self.cursor))

    # -- the mouse ------------------------------------------------------------
    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        pic = self.picture
        if offset is None or pic is None or pic.hidden:
            return
        cell = self.cell_at(offset.x, offset.y)
        if cell is None:
            return
        event.stop()
        self.focus()
        again = cell == self.cursor
        self.move_cursor(cell)
        if again or cell in pic.highlights or (cell == pic.selected and pic.selected is not None):
            self.action_choose()

    def _scroll_to_cursor(self, also: frozenset[Cell] = frozenset()) -> bool:
        """Scroll so the cursor (and ``also``, a blow) is on screen (tui/viewport.py); True when it did."""
        if self.picture is None:
            return False
        sx, sy = scroll_target(self, also)
        if (sx, sy) != (int(self.scroll_x), int(self.scroll_y)):
            self.scroll_to(sx, sy, animate=False, force=True, immediate=True)
            return True
        return False

    def on_resize(self) -> None:
        if self.picture is not None:
            before, part = (self.cell_w, self.label_w), self.shows_part
            self._geometry()
            if before != (self.cell_w, self.label_w) and self.zoom is None and self.picture.cell_size is None:
                self.show(self.picture)
                self.post_message(self.Refitted())
            elif part != self.shows_part:
                self.post_message(self.Refitted())  # the panel's key to the edge marks comes or goes
        self._scroll_to_cursor()

    # -- drawing ------------------------------------------------------------
    def _header_str(self) -> str:
        """The column numbers over the whole battlefield (ASCII: one column a character)."""
        if self._header is None:
            bf = self.picture.battlefield
            w = self.cell_w
            if self.cell_h > 1:
                text = "".join(f"{x:^{w}}" for x in range(bf.width))
            elif w < CELL_W:  # two columns: every other number, over its cell's first column
                text = "".join(f"{x:<2}" if x % 2 == 0 else "  " for x in range(bf.width))
            else:
                text = "".join(f"{x:>2} " for x in range(bf.width))
            self._header = text
        return self._header

    def _terrain_style(self, cell: Cell) -> Style:
        bf = self.picture.battlefield
        glyph = bf.rows[cell[1]][cell[0]]
        style = self._terrain_styles.get(glyph)
        if style is None:
            style = self._terrain_styles[glyph] = terrain_style(bf.terrain(cell))
        return style

    def _unit_cell(self, cell: Cell, unit: UnitView, lit: bool) -> tuple[str, Style]:
        pic = self.picture
        w = self.cell_w
        label = self.labels.get(unit.id) or default_label(unit, w < CELL_W)[:w]
        style = self._terrain_style(cell) + side_style(unit.side, pic.own_side)
        if fallen_status(unit):
            style = style + FALLEN
        if lit:
            style = style + HIGHLIGHT_BG + (UNMARKED_TARGET if unit.id in self.unmarked else PLAIN)
        if cell == pic.selected:
            style = style + SELECTED
        return label, style

    def _row_strip(self, y: int) -> Strip:
        strip = self._rows.get(y)
        if strip is not None:
            return strip
        if self.cell_h > 1:
            strip = self._big_row_strip(y // self.cell_h, y % self.cell_h)
            self._rows[y] = strip
            return strip
        pic = self.picture
        bf = pic.battlefield
        w = self.cell_w
        segments: list[Segment] = []
        for x in range(bf.width):
            cell = (x, y)
            unit = pic.units.get(cell)
            lit = cell in pic.highlights
            if unit is not None:
                label, style = self._unit_cell(cell, unit, lit)
            else:
                label, style = empty_cell_text(pic, cell, w), self._terrain_style(cell)
                shade = pic.shades.get(cell)
                if lit:
                    style = style + HIGHLIGHT + HIGHLIGHT_BG
                elif cell in pic.marks:
                    style = style + MARK_STYLE
                if shade and not lit:
                    style = style + SHADE_STYLES.get(shade[:1], SHADE_DEFAULT)
            parts = [(label, style)]
            marks = self.beside.get(cell)
            if marks:  # a neighbour's target mark, or a compact lit cell's opening bracket
                parts = [(ch, style + HIGHLIGHT if i in marks else style)
                         for i, ch in enumerate(marks.get(i, c) for i, c in enumerate(label))]
            extra = PLAIN
            if pic.grid and y % pic.grid == pic.grid - 1:
                extra = extra + GRID_EDGE  # the bottom edge of a grid square
            if cell == self.cursor:
                extra = extra + CURSOR
            if cell in self.spotlight:
                extra = extra + SPOTLIGHT
            segments.extend(Segment(text, part + extra) for text, part in parts)
        # one segment a run of equal style: fewer escapes to the terminal
        strip = Strip(Segment.simplify(segments), w * bf.width)
        self._rows[y] = strip
        return strip

    def _big_row_strip(self, y: int, r: int) -> Strip:
        """Row ``r`` of the big cells of battlefield row ``y``: the grid line,
        the cell's art, the figures placed on that row."""
        pic = self.picture
        bf = pic.battlefield
        w, h = self.cell_w, self.cell_h
        segments = []
        for x in range(bf.width):
            cell = (x, y)
            lit = cell in pic.highlights
            base = self._terrain_style(cell)
            if lit:
                base = base + HIGHLIGHT_BG
            art = pic.art.get(cell, ())
            text = list(((art[r] if r < len(art) else "").ljust(w - 1))[:w - 1])
            styles: list[Style] = [base] * (w - 1)
            for row, col, unit in pic.stacks.get(cell, ()):
                if row != r:
                    continue
                label = self.labels.get(unit.id, unit.id)[:3]
                style = base + side_style(unit.side, pic.own_side)
                if fallen_status(unit):
                    style = style + FALLEN
                if unit.id == pic.selected_id:
                    style = style + SELECTED
                for i, ch in enumerate(label):
                    if 0 <= col + i < w - 1:
                        text[col + i], styles[col + i] = ch, style
            edge = ("»" if lit and r == h // 2 else "▏")
            cells = [Segment(edge, base + (HIGHLIGHT if lit else PLAIN))]
            cells += [Segment(ch, st) for ch, st in zip(text, styles)]
            if r == h - 1:
                cells = [Segment(seg.text, seg.style + GRID_EDGE) for seg in cells]
            if cell == self.cursor and r == h // 2:
                cells = [Segment(seg.text, seg.style + CURSOR) for seg in cells]
            if cell in self.spotlight:
                cells = [Segment(seg.text, seg.style + SPOTLIGHT) for seg in cells]
            segments.extend(cells)
        return Strip(Segment.simplify(segments), w * bf.width)

    def render_line(self, y: int) -> Strip:
        region = self.scrollable_content_region
        width = region.width
        pic = self.picture
        if pic is None or pic.hidden:
            return Strip.blank(width, PLAIN)
        sx, sy = int(self.scroll_x), int(self.scroll_y)
        row = -1 if y == 0 else sy + y - 1
        span_h = view_span(self)[1]
        if row >= pic.battlefield.height * self.cell_h or y > span_h:  # below it, or a part cell
            return Strip.blank(width, PLAIN)
        edges = edges_of(self)
        # the edge marks: the header's, and the last row's when rows lie below
        key = (sx, width, edges if row < 0 else edges.down and y == span_h)
        drawn = self._lines.setdefault(row, {})
        line = drawn.get(key)
        if line is None:
            if len(drawn) > 16:
                drawn.clear()
            line = drawn[key] = self._line(row, sx, width, edges, key[2] is True)
        return line

    def _line(self, row: int, sx: int, width: int, edges: Edges = NO_EDGES, last: bool = False) -> Strip:
        """Screen line of board row ``row`` (-1: the header) scrolled ``sx``
        columns: the fixed labels, the visible part of the row, padding;
        the marks of a view that does not show it all (tui/viewport.py)."""
        lw = self.label_w
        cells_w = max(0, width - lw)
        whole = cells_w // self.cell_w * self.cell_w  # a part cell at the edge is left blank
        if row < 0:
            text = header_text(self._header_str()[:sx + whole], sx, cells_w, edges)
            return Strip([Segment(corner_text(lw, edges), EDGE_MARK),
                          Segment(text[:-1], LABEL_STYLE),
                          Segment(text[-1:], EDGE_MARK if edges.right else LABEL_STYLE)], lw + cells_w)
        h = self.cell_h
        number = f"{row // h:>2}".ljust(lw) if row % h == h // 2 else " " * lw
        label = [Segment(number, LABEL_STYLE)]
        if last:
            marked = last_row_label(number)
            label = [Segment(marked[:-1], LABEL_STYLE), Segment(marked[-1:], EDGE_MARK)]
        shown = self._row_strip(row).crop(sx, sx + whole)
        segments = [*label, *shown]
        pad = cells_w - shown.cell_length
        if pad > 0:
            segments.append(Segment(" " * pad, PLAIN))
        return Strip(segments, lw + cells_w)

    # -- the side key ---------------------------------------------------------------
    def side_key(self, players: Sequence[str], no_color: bool = False) -> list[str]:
        """One line a side for the legend, built from the labels drawn:
        colour, a sample of its figures' labels, the player (and "you")."""
        pic = self.picture
        if pic is None:
            return []
        units = list(pic.units.values()) + [p[2] for stack in pic.stacks.values() for p in stack]
        lines = []
        for side, name in enumerate(players):
            # In the figures' own order (a1, a2, …, a10), not the labels' letters:
            # "F1 K2 S4 …" left X3 out of the sample.
            mine = sorted((u for u in units if u.side == side and u.id in self.plain_labels),
                          key=lambda u: natural_key(u.id))
            shown = [self.plain_labels[u.id].strip() for u in mine]
            if not shown:
                continue
            sample = " ".join(shown[:3]) + (" …" if len(shown) > 3 else "")
            colour = "" if no_color else f"{SIDE_COLOUR_WORDS[side % 2]}, "
            you = " (you, bold)" if pic.own_side == side else ""
            lines.append(f"{name}{you}: {colour}{sample}")
        fallen = sorted({w for u in units if (w := fallen_status(u))})
        if fallen:
            lines.append(f"Struck through, dim: fallen ({', '.join(fallen)})")
        return lines
