"""Small keyboard pickers for Platemail's order writer: a lettered menu
and a cell picker that puts a cursor on the board.

Both are modal screens that dismiss with the chosen value, or None when
Escape is pressed (the writer treats None as "go back one step")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from core.board import chebyshev
from core.events import DrawAgreed, DrawDeclined, DrawOffered
from tui.board import BoardView
from tui.modals import LeavesTheGame
from tui.picture import Picture


def figure_label(unit, compact: bool = False) -> str:
    """A character on the board: the archetype letter and the id ("Fa1",
    "Fb1": the two sides' footmen differ).  Compact (two columns): the
    first side's capital letter, then the number ("F1" is a1); the second
    side's number, then its small letter ("1f" is b1).  A compact label
    never reads as another figure's id: ids are a side letter then a
    number, and a second-side archer drawn letter first ("a2") would be
    taken for a2, a figure of the first side."""
    glyph = (unit.glyph or "?")[:1]
    if compact:
        number = unit.id[-1:]
        return f"{glyph.upper()}{number}" if unit.side == 0 else f"{number}{glyph.lower()}"
    return f"{glyph}{unit.id[-2:]:<2}"


# The side panel's key to compact labels (tui/side_panel.py), in rows that
# fit its narrow width (28 columns): the pattern only, no example ids (an
# example reads as a claim about this game's figures); the game's own
# labels are named at the panel's top (``compact_names``).
COMPACT_KEY = ("Compact cells: class letter\nand id number; letter first\nfor a1-a8, number first for\n"
               "b1-b8 (z: wider cells)")


def compact_names(units) -> str | None:
    """``Board: F1 = a1, 1x = b1``: the first figure of each side as the
    compact board draws it and as the log names it (this game's own)."""
    pairs = []
    for side in (0, 1):
        first = min((u for u in units if u.side == side), key=lambda u: u.id, default=None)
        if first is not None:
            pairs.append(f"{figure_label(first, compact=True)} = {first.id}")
    return f"Board: {', '.join(pairs)}" if pairs else None

MORE = "more below: ↓ · "  # the hint's start while entries are out of sight
MENU_LEAST_ROWS = 8  # a menu under the writer's box keeps at least these rows (its box may be covered)


def box_rows(box: Widget, width: int) -> int:
    """The rows a bordered box of text widgets (one column of them, padded
    one column each side) takes at ``width`` columns, its text wrapped."""
    inner = max(1, width - 4)
    area = Size(inner, 1000)
    return 2 + sum(child.get_content_height(area, area, inner) for child in box.children if child.display)


WRITING_HELP = "Writing orders (Simultaneous Combat, Speculative Planning)"


def open_writing_help(app) -> None:
    """F1 while writing orders: the help, at how orders are written (the
    board's own F1 does not reach through these windows)."""
    from tui.help import open_help

    open_help(app, "platemail", "Platemail", section=WRITING_HELP)


DRAW_NEWS = (DrawOffered, DrawDeclined, DrawAgreed)


class WritersWindow(LeavesTheGame):
    """What every window of the writer does as the board does: ctrl+c
    (as q) asks whether to leave the game (a modal window hides the app's
    own ctrl+c), and news of a draw (an answer to one offered from the
    question q asks here) is said on the window's hint line when it comes,
    not only in the log pane the writer covers."""

    heard = 0  # how much of the game's log was heard

    def listen(self) -> None:
        self.heard = len(self._game_log())
        self.set_interval(0.2, self.hear)

    def _game_log(self) -> tuple:
        from tui.game_screen import GameScreen

        screen = next((s for s in reversed(self.app.screen_stack) if isinstance(s, GameScreen)), None)
        return tuple(screen.game.log) if screen is not None else ()

    def hear(self) -> None:
        log = self._game_log()
        news = [event.sentence for event in log[self.heard:] if isinstance(event, DRAW_NEWS)]
        self.heard = len(log)
        if news:
            self.say(" · ".join(news))

    def say(self, text: str) -> None:
        raise NotImplementedError


class KeyMenu(WritersWindow, ModalScreen[Any]):
    """Pick an entry with its letter, or with the arrows and Enter.

    ``entries`` are ``(key, label, value)``; a value of None shows the
    entry (with its label saying why) but it cannot be picked: its key, or
    one no entry has, says why on the hint line.  ``details``
    (one per entry, or none) is shown under the list for the highlighted
    entry: what choosing it does."""

    DEFAULT_CSS = """
    KeyMenu Label { width: 100%; }
    KeyMenu { align: center bottom; background: $background 40%; }
    KeyMenu > Vertical { width: 76; max-width: 100%; height: auto; max-height: 17;
        border: round $accent; background: $panel; padding: 0 1; }
    KeyMenu OptionList { height: auto; max-height: 12; border: none; }
    KeyMenu #key-title { text-style: bold; width: 100%; }
    KeyMenu #key-hint { color: $text-muted; }
    KeyMenu #key-detail { height: 2; color: $text; }
    KeyMenu.detailed OptionList { max-height: 10; }
    """
    BINDINGS = [Binding("escape", "back", "Back"), Binding("f1", "help", "Help"),
                Binding("q", "leave_game", "Leave the game"), Binding("ctrl+c", "leave_game", show=False)]
    BOUND = frozenset({"q"})  # the printable keys of BINDINGS: never "no entry has that key"

    def __init__(self, title: str, entries: Sequence[tuple[str, str, Any]], hint: str = "",
                 details: Sequence[str] = ()) -> None:
        super().__init__(classes="detailed" if details else "")
        self.menu_title = title
        self.entries = list(entries)
        self.details = list(details)
        self.hint = hint or "letter or ↑↓+Enter choose · Esc back · F1 help · q leave game"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.menu_title, id="key-title", markup=False)
            options = [Option(f"{key}  {label}" if key else f"   {label}", id=f"k{i}", disabled=value is None)
                       for i, (key, label, value) in enumerate(self.entries)]
            yield OptionList(*options, id="key-list")
            if self.details:
                yield Label("", id="key-detail", markup=False)
            yield Label(self.hint, id="key-hint", markup=False)

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self.call_after_refresh(self._fit)
        self.listen()

    def _fit(self) -> None:
        """Keep clear of the box of the window under it (the writer's, at
        the top: its warnings wrap and it grows), the list giving up rows
        (it scrolls, and says so); then the hint."""
        stack = self.app.screen_stack
        below = stack[stack.index(self) - 1] if self in stack and stack.index(self) > 0 else None
        taken = getattr(below, "top_rows", None)
        if callable(taken):
            room = max(MENU_LEAST_ROWS, self.size.height - taken())
            try:
                box, options = self.query_one(Vertical), self.query_one(OptionList)
            except NoMatches:  # (the menu was closed before the refresh)
                return
            others = 2 + sum(w.outer_size.height for w in box.children if w is not options and w.display)
            listed = 10 if self.details else 12  # (the CSS's max-height of the list)
            options.styles.max_height = max(3, min(listed, room - others))
            box.styles.max_height = min(17, room)
        self.call_after_refresh(self._say_more)

    def _say_more(self) -> None:
        """A list taller than its window (long entries wrap at 80 columns)
        says so in its hint: a scrollbar alone was missed (a rogue's Use
        Item list hid its last entry, the Blowgun)."""
        try:
            hint = MORE + self.hint.replace(" choose", "") if self.more_below() else self.hint
            self.query_one("#key-hint", Label).update(hint)
        except NoMatches:  # (the menu was closed before the refresh)
            pass

    def more_below(self) -> bool:
        """Whether some entries are out of sight below the window's end."""
        options = self.query_one(OptionList)
        return options.scroll_y < options.max_scroll_y

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.call_after_refresh(self._say_more)  # (the list may have scrolled to its end)
        if self.details and event.option.id:
            self.query_one("#key-detail", Label).update(self.details[int(event.option.id[1:])])

    def on_key(self, event) -> None:
        char = event.character
        if not char or not char.isprintable() or char == " " or char in self.BOUND:
            return
        for key, label, value in self.entries:
            if key == char:
                event.stop()
                if value is not None:
                    self.dismiss(value)
                else:  # greyed: the label says why after its dash
                    what, _, why = label.partition(" — ")
                    self.say(f"{char}: {what} cannot be chosen" + (f": {why}" if why else " here"))
                return
        event.stop()
        self.say(f"{char}: no entry here has that key")

    def say(self, text: str) -> None:
        """Why a key did nothing, on the hint line (until the highlight moves)."""
        self.query_one("#key-hint", Label).update(text)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        value = self.entries[int(event.option.id[1:])][2]
        if value is not None:
            self.dismiss(value)

    def action_back(self) -> None:
        self.dismiss(None)

    def action_help(self) -> None:
        open_writing_help(self.app)


class CellPicker(WritersWindow, ModalScreen[Any]):
    """The board (the writing side's own view) with a cursor: Enter picks
    the cell under it.  The cells ``reach`` holds (those a move this Action
    gets to, round walls and shut doors) are marked ``[.]`` as a hint; any
    cell on the battlefield can be picked.  ``shades`` are the board's
    cell keys to draw as well (a Skulk's ``h``)."""

    DEFAULT_CSS = """
    CellPicker Label { width: 100%; }
    CellPicker { background: $background; }
    CellPicker #pick-title { height: 1; text-style: bold; background: $primary-background; padding: 0 1; }
    CellPicker BoardView { height: 1fr; }
    CellPicker #pick-where { height: 1; padding: 0 1; }
    CellPicker #pick-hint { height: 1; color: $text-muted; padding: 0 1; }
    """
    BINDINGS = [Binding("escape", "back", "Back"), Binding("q", "leave_game", "Leave the game"),
                Binding("ctrl+c", "leave_game", show=False)]

    def __init__(self, title: str, battlefield, units, origin, reach=frozenset(), shades=None) -> None:
        super().__init__()
        self.title_text = title
        self.battlefield = battlefield
        self.units = list(units)
        self.origin = origin
        lit = set(reach) - {origin}
        self.picture = Picture(
            battlefield=battlefield,
            units={u.pos: u for u in self.units if u.pos is not None},
            labels={u.id: figure_label(u) for u in self.units},
            compact_labels={u.id: figure_label(u, compact=True) for u in self.units},
            highlights=frozenset(lit),
            selected=origin,
            shades=dict(shades or {}),
        )

    def compose(self) -> ComposeResult:
        yield Label(self.title_text, id="pick-title", markup=False)
        yield BoardView(id="pick-board")
        yield Label("", id="pick-where", markup=False)
        yield Label("arrows/hjkl/yubn move · Enter pick this cell · Esc back · q leave game", id="pick-hint", markup=False)

    def on_mount(self) -> None:
        board = self.query_one(BoardView)
        board.show(self.picture)
        board.focus()
        if self.origin is not None:
            board.cursor = self.origin
            self.call_after_refresh(board.move_cursor, self.origin, False)
        self._where(board.cursor)
        self.listen()

    def say(self, text: str) -> None:
        """News on the line under the board (until the cursor moves)."""
        self.query_one("#pick-where", Label).update(text)

    def _where(self, cell) -> None:
        terrain = self.battlefield.terrain(cell)
        here = next((u for u in self.units if u.pos == cell), None)
        who = f" · {here.id} ({here.name})" if here is not None else ""
        far = f" · {chebyshev(cell, self.origin)} cell(s) away" if self.origin is not None else ""
        self.query_one("#pick-where", Label).update(f"{cell[0]},{cell[1]}: {terrain.kind}{far}{who}")

    def on_board_view_cursor_moved(self, message: BoardView.CursorMoved) -> None:
        message.stop()
        self._where(message.cell)

    def on_board_view_cell_chosen(self, message: BoardView.CellChosen) -> None:
        message.stop()
        self.dismiss(message.cell)

    def action_back(self) -> None:
        self.dismiss(None)
