"""The game screen's side panel: the situation, the ruleset's lines, the
selected figure, the key to the board's marks, the cursor's cell and the
card of what stands on it, and the computer's line.  It draws from what
the screen shows (``show(screen)``: its game, view, figures, selection
and orders) and gives the board the columns a wide battlefield needs.

When the panel holds more than its rows show, a row under it says so and
which key scrolls it (``}`` down, ``{`` up): a scrollbar's thumb alone
said nothing of the blocks or lines below it.

Speed: a cursor move repaints only the changed columns of the two cursor
rows (:class:`tui.widgets.PatchedText`); the rest of the panel is redrawn
when its text changes."""

from __future__ import annotations

import re
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Static

from core.ruleset import UnitView
from tui.computer import ComputerLine
from tui.picture import COMPACT_W, LABEL_W, legend, with_legend
from tui.viewport import DOWN, LEFT, RIGHT, UP
from tui.warband import CARD_ROWS
from tui.widgets import PatchedText

# The key to the board's edge marks, when it shows part of the battlefield.
VIEWPORT_KEY = f"{LEFT}{RIGHT}{UP}{DOWN} at the board's edge: more battlefield that way; the board follows the cursor"
# The row under the panel's text while it holds more than it shows (one row
# in NARROW_SIDE_W columns too): the keys are tui/screen_keys.py's.
MORE_BELOW = "▼ more below: } scrolls"
MORE_ABOVE = "▲ more above: { scrolls"
# After a side key cut at three figures a side (tui/screen_keys.py: f).
FIGURES_HINT = "… more figures: f lists them all"


def with_figures_hint(sides: list[str]) -> list[str]:
    """The side key's lines (:meth:`tui.board.BoardView.side_key`: three
    figures a side, then "…"), with a line after the last cut one saying
    where the rest are listed: the game screen's ``f`` (Figures)."""
    cut = [i for i, line in enumerate(sides) if line.endswith(" …")]
    return sides if not cut else [*sides[:cut[-1] + 1], FIGURES_HINT, *sides[cut[-1] + 1:]]


def lone_ellipsis(line: str, columns: int) -> bool:
    """Whether ``line``, wrapped as the panel wraps it in ``columns``,
    ends with a row holding nothing but "…"."""
    return Content(line).wrap(columns)[-1].plain.strip() == "…"


# After a cut line's "…" that would wrap to a row of its own (see
# side_key_fitted), and then the hint's words when the hint follows it.
MORE = " more"
HINT_TAIL = ": f lists them all"


def side_key_fitted(sides: list[str], columns: int) -> list[str]:
    """The side key's lines with the figures hint (:func:`with_figures_hint`),
    no row of them holding "…" alone: "Bob (you, bold): yellow, R1 R2 R3"
    over a row of "…", then the hint's "… more figures", read as garbage.
    A cut line whose "…" would wrap by itself, in ``columns`` or in one
    more (the panel without its scrollbar), says "… more" there; when the
    hint follows it, the hint joins it ("… more: f lists them all") and
    is not said again.  The line itself, figures and "…", is kept whole."""
    lines = with_figures_hint(sides)
    out: list[str] = []
    for line in lines:
        if line == FIGURES_HINT and out and out[-1].endswith(MORE):
            out[-1] += HINT_TAIL
            continue
        if line.endswith(" …") and any(lone_ellipsis(line, width) for width in (columns, columns + 1)):
            line += MORE
        out.append(line)
    return out


# The side key's mark of the side at the keyboard (tui/board.py side_key),
# and its words once a game two people played at one keyboard is over:
# nobody is "you" then, the bold only shows who had the keyboard last.
YOU = " (you, bold)"
LAST_AT_THE_KEYBOARD = " (bold: had the keyboard last)"


def nobody_is_you(sides: list[str]) -> list[str]:
    """The side key's lines with no player called "you"."""
    return [line.replace(YOU, LAST_AT_THE_KEYBOARD, 1) for line in sides]


# What parts a line's items ("# wall (blocks, height 2)", "T threatened"):
# the legend's two spaces, the marks' middle dot.
ITEM_SEPARATOR = re.compile(r"(  | · )")


def items_kept_whole(text: Text, columns: int, widest: int | None = None) -> Text:
    """``text`` (the panel's, with the legend's styles) with each line's
    items kept whole in ``columns``: where the next item would not fit,
    spaces fill the row, so that the panel wraps there and a symbol never
    ends a row without its words ("%" and, on the next row, "scatter").
    No line break is added: a line, the legend's included, is still one
    line of the text (as the legend's tests read it), and only the
    separator at a wrap changes.

    The text is drawn in ``columns`` or, without the scroll bar, in
    ``widest`` (``columns`` unless given): the items are packed into
    ``columns`` and the spaces run to ``widest``, so that the next item
    starts past the row's end in either width and wraps to the next row
    (spaces only to ``columns`` let a one-column item, "D" of "D doomed",
    end the row of a panel one column wider).  An item too wide for the
    columns alone wraps as before."""
    if columns <= 2:
        return text
    widest = max(columns, widest or columns)
    out = Text(style=text.style, end="")
    for number, line in enumerate(text.split("\n", allow_blank=True)):
        if number:
            out.append("\n")
        plain = line.plain
        parts = ITEM_SEPARATOR.split(plain)
        if len(parts) > 2 and not parts[0]:  # an indented line: its indent is no separator (it drew a blank row)
            parts = [parts[1] + parts[2], *parts[3:]]
        if len(parts) == 1:
            out.append_text(line)
            continue
        at = len(parts[0])
        out.append_text(line[:at])
        row = cell_len(parts[0])  # the row's columns so far (more than ``columns``: it wrapped, its end unknown)
        for i in range(1, len(parts), 2):
            sep, item = parts[i], parts[i + 1]
            last = i + 2 >= len(parts)
            tail = "" if last else parts[i + 2].rstrip()  # what ends its row if it wraps after it
            wanted = row + cell_len(sep + item + tail) + (0 if last else 1)
            if wanted <= columns:
                out.append_text(line[at:at + len(sep)])
                row += cell_len(sep + item)
            else:  # the row ends here: its separator's words, then spaces past the widest row's end
                ending = sep.rstrip()
                out.append_text(line[at:at + len(ending)])
                # (the panel folds spaces at a row's end: a wrapped item's spaces may run on)
                out.append(" " * (max(1, widest - row - cell_len(ending)) if row <= columns else widest))
                row = cell_len(item)
            at += len(sep)
            out.append_text(line[at:at + len(item)])
            at += len(item)
    return out


def figure_at(units: Any, cell: Any, side: int | None, selected: str | None) -> UnitView | None:
    """The figure Enter and the card take for ``cell`` when several stand
    there (an Optio square holds blocks of both sides): the selected one,
    else the first of ``side``'s (the keyboard's), else the first."""
    here = [u for u in units if u.pos == cell]
    return (next((u for u in here if u.id == selected), None)
            or next((u for u in here if side is not None and u.side == side), None)
            or (here[0] if here else None))


def unit_line(unit: UnitView) -> str:
    facing = f" facing {unit.facing.value}" if unit.facing is not None else ""
    marks = f" [{unit.markers}]" if unit.markers else ""
    return f"{unit.id} ({unit.name}) {unit.status}{facing}{marks}"


class PanelScroll(VerticalScroll):
    """The panel's scrolling part: the panel's "more" row follows its
    length (what it holds, the rows it has) and where it is scrolled to."""

    def watch_virtual_size(self) -> None:
        self.call_after_refresh(self._tell)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.call_after_refresh(self._tell)

    def on_resize(self) -> None:
        self.call_after_refresh(self._tell)

    def _tell(self) -> None:
        for panel in self.ancestors:
            if isinstance(panel, SidePanel):
                panel.show_more()


def game_over_words(game: Any) -> str:
    """The panel's line for a game that is over: who won, a draw, or, for a
    game that names no winner (Optio's pre-game), only how it ended."""
    outcome = game.outcome
    if outcome.winner is not None:
        return f"Game over: {game.players[outcome.winner]} wins ({outcome.reason})"
    if game.ruleset.capabilities.names_winner:
        return f"Game over: a draw ({outcome.reason})"
    return f"Game over: {outcome.reason}"


class SidePanel(Vertical):
    # Its columns, and the fewest it gives up to so that a wide battlefield
    # is seen whole; fewer than that and it cannot be read: the panel keeps
    # SIDE_W and the board shows the part around the cursor (tui/viewport.py).
    SIDE_W, NARROW_SIDE_W = 36, 28

    DEFAULT_CSS = """
    SidePanel { width: 36; border-left: vkey $primary; padding: 0 0 0 1; }
    SidePanel #side-scroll { height: 1fr; scrollbar-size-vertical: 1; }
    SidePanel #side-more { height: 1; color: $text-muted; text-style: bold; display: none; }
    SidePanel #cursor { height: 1; color: $text-muted; }
    SidePanel #cursor-unit { height: 2; color: $text-muted; }
    """

    def __init__(self, computer: bool = False) -> None:
        super().__init__(id="side")
        self.with_computer = computer
        self.text: str | None = None  # the panel's text as last drawn
        self.columns = 0  # the text's columns it was drawn for
        self.more = ""  # the "more" row's words as last drawn ("" while hidden)

    def compose(self) -> ComposeResult:
        with PanelScroll(id="side-scroll"):
            yield Static("", id="panel", markup=False)
        yield Static("", id="side-more", markup=False)
        yield PatchedText(id="cursor")
        yield PatchedText(id="cursor-unit")
        if self.with_computer:
            yield ComputerLine(id="computer")

    def show(self, screen: Any, board: Any) -> None:
        game, view, adapter = screen.game, screen.view_state, screen.adapter
        situation = game.ruleset.situation(view)
        lines = [situation.heading(game.ruleset.turn_word, ", ")]
        outcome = game.outcome
        if outcome is not None:  # a concession leaves the rules' own situation ("Ann to move") behind
            lines.append(game_over_words(game))
        elif situation.detail:
            lines.append(situation.detail)
        named = adapter.compact_names(screen.units) if board.compact else None
        if named:  # the compact labels' ids at the top, seen without scrolling
            lines.insert(1, named)
        chosen = screen.unit_view(screen.selected)
        lines += adapter.panel_lines(game, view, screen.keyboard_side, chosen)
        by_unit = screen.orders_by_unit()
        if chosen is not None:
            lines.append(f"Selected: {unit_line(chosen)}")
            own = by_unit.get(chosen.id, [])
            listed = adapter.menu_orders(game, own)  # what o lists (placing is chosen on the board)
            if own and not listed:
                lines.append(f"  {len(own)} cells: Enter on [.] places it")
            else:  # counted as o lists them: with the orders of no figure (Optio's hold)
                in_menu = adapter.menu_orders(game, own + by_unit.get(None, []))
                lines.append(f"  {len(in_menu)} order(s); Enter on [.] cell, o: list")
        side = screen.keyboard_side
        if side is not None:
            waiting = [u for u in screen.units if u.side == side and u.pos is None and u.status != "removed"]
            if waiting and any(u.id in by_unit for u in waiting):
                lines.append("Off board: " + " ".join(u.id for u in waiting) + " (Tab)")
        field = adapter.battlefield(game, view)
        sides = board.side_key(game.players, screen.app.no_color)
        if outcome is not None and screen.shares_keyboard():  # the final board of a hot-seat game
            sides = nobody_is_you(sides)
        sides = side_key_fitted(sides, self.text_columns())
        key = legend(field, sides, adapter.drawn_glyphs(field), adapter.board_key, game.ruleset)
        lines += ["", key.plain]
        if board.compact and adapter.compact_key:
            lines.append(adapter.compact_key)
        if board.shows_part:
            lines.append(VIEWPORT_KEY)
        text = "\n".join(lines)
        columns = self.text_columns()  # one more while the scrollbar is hidden
        if text != self.text or columns != self.columns:  # (fit may narrow the panel)
            self.text, self.columns = text, columns
            styled = with_legend(text, key)  # glyphs styled as on the board
            self.query_one("#panel", Static).update(items_kept_whole(styled, columns, columns + 1))
        self.show_cursor(screen, board.cursor)

    def text_columns(self) -> int:
        """The columns the panel's text has: its width (``fit``'s) less
        the border, the padding and the scrollbar."""
        width = self.styles.width
        cells = int(width.value) if width is not None and width.is_cells else self.SIDE_W
        return cells - 3

    def show_cursor(self, screen: Any, cell: Any) -> None:
        """The cursor cell (one row) and the card of what stands on it (the
        figure's full stats; two rows when the cell is empty, so moving over
        empty ground never relays out)."""
        game, view, adapter = screen.game, screen.view_state, screen.adapter
        field = adapter.battlefield(game, view)
        if not field.in_bounds(cell):
            return
        terrain = field.terrain(cell)
        here = figure_at(screen.units, cell, screen.keyboard_side, screen.selected)
        if here is None:  # Tab to a figure still off the board: its card, where the cursor stands nothing
            chosen = screen.unit_view(screen.selected)
            here = chosen if chosen is not None and chosen.pos is None else None
        ground = terrain.kind + (f", height {terrain.elevation}" if terrain.elevation else "")
        on = adapter.cell_words(game, view, cell)  # a gate, an idol: named first, the ground it stands on after
        text = f"Cursor {cell[0]},{cell[1]}: " + (f"{on}, on {ground}" if on else ground)
        card = ""
        if here is not None:
            lines = adapter.figure_lines(view, here, screen.keyboard_side)
            card = "\n".join(lines) if lines else f"  {unit_line(here)}"
        # What the cell means for the selected figure (sight, reach, cover).
        glance = adapter.cursor_lines(game, view, screen.unit_view(screen.selected), cell)
        if glance:
            card = "\n".join([*glance, *([card] if card else [])])
        self.query_one("#cursor", PatchedText).update(text)
        widget = self.query_one("#cursor-unit", PatchedText)
        widget.update(card)
        rows = len(widget.rows()) if widget.size.width and card else 0
        height = max(CARD_ROWS[0], min(CARD_ROWS[1], rows))
        if widget.styles.height is None or widget.styles.height.value != height:
            widget.styles.height = height

    def fit(self, board: Any, width: int, height: int) -> None:
        """Give the board the columns it needs to be seen whole in compact
        cells (an Optio hand-off's 32x16 at 100 columns), down to
        ``NARROW_SIDE_W``; the cursor rows get the rows their wrapped words
        then need.  When that is not enough (the same at 80 columns) the
        panel keeps its width and the board scrolls."""
        pic, need = board.picture, 0
        if pic is not None and pic.cell_size is None and board.zoom is not False and width:
            bf = pic.battlefield
            tall = 1 + bf.height > height - 6  # the banner, the footer, the log's 4 rows
            need = LABEL_W + COMPACT_W * bf.width + (1 if tall else 0)  # row numbers, cells, a scrollbar
        narrow = need > width - self.SIDE_W and width - need >= self.NARROW_SIDE_W
        self.styles.width = width - need if narrow else self.SIDE_W
        for name, rows in (("#cursor", 2 if narrow else 1), ("#cursor-unit", 4 if narrow else 2)):
            for card in self.query(name):  # absent for a moment while the panel is being built
                card.styles.height = rows

    def show_more(self) -> None:
        """The "more" row: shown while the text is longer than its rows,
        saying which way the rest lies and the key that scrolls to it."""
        side = self.query_one("#side-scroll", VerticalScroll)
        more = self.query_one("#side-more", Static)
        over = side.max_scroll_y > 0
        text = (MORE_ABOVE if side.scroll_y >= side.max_scroll_y else MORE_BELOW) if over else ""
        if text and text != self.more:
            more.update(text)
        self.more = text
        if more.display != over:
            more.display = over

    def scroll(self, step: int) -> None:
        side = self.query_one("#side-scroll", VerticalScroll)
        side.scroll_page_up(animate=False) if step < 0 else side.scroll_page_down(animate=False)

    def computer_says(self, text: str) -> None:
        for line in self.query(ComputerLine):
            line.update(text)
