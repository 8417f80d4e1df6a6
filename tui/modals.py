"""Small modal screens shared by every screen: a keyboard menu of choices,
a yes/no question, a message, and the hot-seat handover screen."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.markup import escape
from textual.screen import ModalScreen, Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option


class LeavesTheGame:
    """``q`` in a ruleset's window over the board (Platemail's order writer,
    Spheres of War's Match menu) does what it does on the board: asks
    whether to leave the game (the game screen's own question, with its
    concede and draw).  Leaving keeps what is being written (the
    autosave's draft, tui/drafts.py); staying returns here, and the game
    screen still knows a window of its is open."""

    leaving_from: bool | None = None

    def action_leave_game(self) -> None:
        from tui.game_screen import GameScreen

        screen = next((s for s in reversed(self.app.screen_stack) if isinstance(s, GameScreen)), None)
        if screen is None:
            return
        self.leaving_from = screen.modal_open
        screen.action_quit_game()

    def on_screen_resume(self) -> None:
        # The question closed and this window is on top again: its closing
        # told the game screen no window is open; this one still is.
        if self.leaving_from is not None:
            from tui.game_screen import GameScreen

            screen = next((s for s in reversed(self.app.screen_stack) if isinstance(s, GameScreen)), None)
            if screen is not None:
                from tui.covered import hold_computer

                screen.modal_open = self.leaving_from
                hold_computer(screen)  # the question held the computer (tui/covered.py): it goes on
            self.leaving_from = None


class ChoiceMenu(ModalScreen[Any]):
    """Pick one of ``choices`` (label, value) with the arrows (or j/k, as
    the help's hjkl move the cursor) and Enter; digits pick the first nine.

    Dismisses with the chosen value, or None on Escape.  Disabled entries
    (value ``None`` with a label) are shown but cannot be picked.
    """

    DEFAULT_CSS = """
    ChoiceMenu Label { width: 100%; }
    ChoiceMenu { align: center middle; }
    ChoiceMenu > Vertical { width: 70; max-width: 96%; height: auto; max-height: 90%;
        border: round $accent; background: $panel; padding: 0 1; }
    ChoiceMenu OptionList { height: auto; max-height: 16; border: none; }
    ChoiceMenu #menu-title { text-style: bold; width: 100%; }
    ChoiceMenu #menu-hint { color: $text-muted; width: 100%; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel"),
                Binding("j", "move_highlight(1)", "Down", show=False),
                Binding("k", "move_highlight(-1)", "Up", show=False)]

    def __init__(self, title: str, choices: Sequence[tuple[str, Any]], hint: str = "") -> None:
        super().__init__()
        self.menu_title = title
        self.choices = list(choices)
        self.hint = hint or "↑↓ choose · Enter confirm · Esc cancel"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.menu_title, id="menu-title")
            options = []
            for index, (label, value) in enumerate(self.choices):
                key = f"{index + 1}. " if index < 9 else "   "
                options.append(Option(f"{key}{label}", id=f"c{index}", disabled=value is None))
            yield OptionList(*options, id="menu-list")
            yield Label(self.hint, id="menu-hint")

    def on_mount(self) -> None:
        # (none when the app closes as the menu opens: nothing to focus then)
        for menu in self.query(OptionList).results():
            menu.focus()

    def on_key(self, event) -> None:
        # Digits pick the first nine entries directly.
        if event.character and event.character.isdigit() and event.character != "0":
            index = int(event.character) - 1
            if index < len(self.choices) and self.choices[index][1] is not None:
                event.stop()
                self.chosen(self.choices[index][1])
                return
            # a digit that picks nothing says so, in the hint's place (it had done nothing)
            numbered = min(9, len(self.choices))
            said = (f"Entry {index + 1} cannot be chosen now." if index < len(self.choices)
                    else f"No entry {index + 1} here: the digits are 1-{numbered}.")
            for hint in self.query("#menu-hint").results(Label):
                hint.update(f"{said} {self.hint}")

    def action_move_highlight(self, step: int) -> None:
        """j/k: the highlight down or up, as ↓/↑ move it (j then Enter gave
        the first entry, Wait, where the next was meant)."""
        for menu in self.query(OptionList).results():
            if step > 0:
                menu.action_cursor_down()
            else:
                menu.action_cursor_up()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = int(event.option.id[1:])
        self.chosen(self.choices[index][1])

    def chosen(self, value: Any) -> None:
        """An entry was picked (a subclass may act instead of closing)."""
        self.dismiss(value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class Wrapped(Static):
    """A pop-up's text whose paths wrap between folders, never mid-name:
    Textual folds a word longer than the box wherever the row ends, so a
    path is broken after a slash to fit the width it is given
    (``tui.save_words.break_paths``), again whenever that width changes."""

    def __init__(self, text: str, **kwargs: Any) -> None:
        super().__init__(text, **kwargs)
        self.whole_text = text
        self._fitted_to = -1

    def on_resize(self) -> None:
        from tui.save_words import break_paths

        width = self.content_size.width
        if width > 0 and width != self._fitted_to:
            self._fitted_to = width
            self.update(break_paths(self.whole_text, width))


class KeysFromNowOn:
    """A question answered only by keys typed once it is on the screen:
    keys of a burst (junk typed into the terminal, a stuck key, a paste
    without brackets) that were read before it opened, and reach it only
    because the app was busy, are dropped (README: keys "typed or pasted
    faster than screens open act once").  A key's time is when the
    terminal's bytes were read (Textual's ``Message.time``, monotonic)."""

    opened_at: float = float("inf")

    def on_mount(self) -> None:
        import time

        self.opened_at = time.monotonic()

    def on_key(self, event: Any) -> None:
        if getattr(event, "time", self.opened_at) < self.opened_at:
            event.stop()
            event.prevent_default()  # nor this screen's bindings, nor the app's


class Confirm(ModalScreen[bool]):
    DEFAULT_CSS = """
    Confirm Label { width: 100%; }
    Confirm { align: center middle; }
    Confirm > Vertical { width: 60; max-width: 96%; height: auto; border: round $warning;
        background: $panel; padding: 1 2; }
    """
    BINDINGS = [
        Binding("y,enter", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Wrapped(self.question)
            yield Static("[b]y[/b] / Enter: yes    [b]n[/b] / Esc: no")

    BOX = 60  # the box's columns
    INNER = 54  # the box's columns less its border and padding

    def on_mount(self) -> None:
        """A word longer than the box (a save file's name) widens it, up to
        the screen's width, so that word stays on one line and copies whole."""
        from rich.cells import cell_len
        from rich.text import Text

        try:
            plain = Text.from_markup(self.question).plain
        except Exception:  # noqa: BLE001 - not markup after all: measured as it is
            plain = self.question
        longest = max((cell_len(word) for word in plain.split()), default=0)
        if longest > self.INNER:
            self.query_one(Vertical).styles.width = longest + self.BOX - self.INNER

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)


class LeaveOrConcede(Confirm):
    """Leaving a game still going on, with its player's other ways out:
    ``c`` concedes it instead (dismisses "concede"; y leaves, n stays), and
    on a server, while the game waits for an opponent who has gone, ``w``
    claims it (dismisses "claim"; offered only with a ``claiming`` line).
    ``drawing`` says what may be done about a draw: offer one (``d``
    dismisses "offer-draw"), or answer the opponent's offer (``a``
    "agree-draw", ``d`` "decline-draw"); ``draw_keys`` names the keys that
    work ("" when an offer of this player's own stands)."""

    BINDINGS = [Binding("c", "answer('concede')", "Concede"), Binding("w", "claim", "Claim", show=False),
                Binding("d", "draw('d')", "Draw", show=False), Binding("a", "draw('a')", "Agree", show=False)]
    # Wider than a yes/no: up to five keys on one row at 80 columns.
    DEFAULT_CSS = "LeaveOrConcede > Vertical { width: 76; }"
    BOX, INNER = 76, 70

    def __init__(self, question: str, conceding: str, claiming: str = "", drawing: str = "",
                 draw_keys: dict[str, str] | None = None) -> None:
        super().__init__(question)
        self.conceding = conceding
        self.claiming = claiming
        self.drawing = drawing
        self.draw_keys = draw_keys or {}

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Wrapped(self.question)
            yield Static(self.conceding)
            if self.drawing:
                yield Static(self.drawing)
            if self.claiming:
                yield Static(self.claiming)
            yield Static("\n".join(self.key_rows()), id="leave-keys")

    DRAW_KEY_WORDS = {"offer-draw": "offer a draw", "agree-draw": "agree", "decline-draw": "decline"}

    def key_rows(self) -> list[str]:
        """Every key this question takes, as many to a row as fit in the
        box (a key is never split from its words): the draw's and the
        claim's too, which the lines above offer."""
        from rich.cells import cell_len
        from rich.text import Text

        keys = ["[b]y[/b]/Enter: leave", "[b]c[/b]: concede"]
        keys += [f"[b]{key}[/b]: {self.DRAW_KEY_WORDS.get(choice, choice)}"
                 for key, choice in sorted(self.draw_keys.items())]
        if self.claiming:
            keys.append("[b]w[/b]: claim")
        keys.append("[b]n[/b]/Esc: stay")
        rows: list[str] = []
        for key in keys:
            joined = f"{rows[-1]}   {key}" if rows else key
            if rows and cell_len(Text.from_markup(joined).plain) <= self.INNER:
                rows[-1] = joined
            else:
                rows.append(key)
        return rows

    def action_claim(self) -> None:
        if self.claiming:
            self.dismiss("claim")

    def action_draw(self, key: str) -> None:
        if key in self.draw_keys:
            self.dismiss(self.draw_keys[key])


class ConfirmConcession(KeysFromNowOn, Confirm):
    """Conceding, asked once more: it ends the game for good, so only a
    second, different key gives it (``y``; not the ``c`` that asked, which
    a stuck key repeats, nor Enter), and any other key stays in the game
    (a tester's burst of junk typed at a game conceded it with q, c and a
    y or Enter found later in the burst)."""

    inherit_bindings = False
    BINDINGS: list = []

    def on_mount(self) -> None:
        KeysFromNowOn.on_mount(self)
        Confirm.on_mount(self)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Wrapped(self.question)
            yield Static("[b]y[/b]: concede    any other key: stay in the game")

    def on_key(self, event: Any) -> None:
        event.stop()
        event.prevent_default()
        if getattr(event, "time", self.opened_at) < self.opened_at:
            return  # read before the question was on the screen (KeysFromNowOn)
        if event.key in ("shift", "ctrl", "alt", "meta"):
            return
        self.dismiss(event.key == "y")


class Message(ModalScreen[None]):
    DEFAULT_CSS = """
    Message Label { width: 100%; }
    Message { align: center middle; }
    Message > Vertical { width: 70; max-width: 96%; height: auto; max-height: 90%;
        border: round $accent; background: $panel; padding: 1 2; }
    """
    BINDINGS = [Binding("escape,enter,space", "close", "Close")]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"[b]{escape(self.title_text)}[/b]")
            yield Wrapped(self.text, markup=False)
            yield Static("Enter: close")

    def action_close(self) -> None:
        self.dismiss(None)


def _rows(text: str, width: int) -> int:
    """The rows ``text`` takes wrapped at ``width`` columns (words kept whole)."""
    import textwrap

    from rich.cells import cell_len

    if width <= 0:
        return 1
    total = 0
    for line in text.split("\n"):
        wrapped = textwrap.wrap(line, width) or [""]
        total += sum(max(1, -(-cell_len(w) // width)) for w in wrapped)
    return total


class Handover(Screen[None]):
    """Hides the whole board until the next player presses Enter or space.

    A full Screen, not a modal: nothing of the previous player's view
    shows through behind it."""

    DEFAULT_CSS = """
    Handover Label { width: 100%; }
    Handover { align: center middle; background: $background; }
    Handover > Vertical { width: 56; height: auto; border: double $accent; padding: 1 2; }
    """
    BINDINGS = [Binding("enter,space", "go", "I am ready"), Binding("x", "why", "Why?", show=False),
                Binding("q,escape", "leave", "Leave", show=False)]

    def __init__(self, name: str, detail: str = "", news: Sequence[str] = (), why: Any = None,
                 first: bool = False, leave: Any = None, lines_of_ones_own: bool = False) -> None:
        super().__init__()
        self.player = name
        self.detail = detail
        self.news = list(news)  # since this player's last turn: what both sides may read, nothing else
        self.why = why  # opens the news with Why?, or None
        self.first = first  # this player has not had the keyboard yet: "so far", not "since"
        # The log has lines only one side may read (Platemail): the news leaves
        # this player's out, and says where they are read.
        self.lines_of_ones_own = lines_of_ones_own
        # Leaves the game (it is saved) from here, or None.  Asked and done
        # while the board is still hidden: dismissing first would show the
        # previous player's view for a moment.
        self.leave = leave

    WIDTH = 50  # the box's text columns (56 less its border and padding)

    def compose(self) -> ComposeResult:
        title = f"Hand the keyboard to {self.player}."
        hint = " x: why? on these." if self.why is not None else ""
        saved = " (it is saved)" if getattr(self.app, "session", None) is not None else ""
        leave = f" q: leave the game{saved}." if self.leave is not None else ""
        footer = f"The board stays hidden until you press Enter.{hint}{leave}"
        with Vertical():
            yield Static(f"[b]{escape(title)}[/b]", markup=True)
            if self.detail:
                yield Static(self.detail, markup=False)
            if self.news:
                # Every line, or the newest that fit and how many come before
                # them (x shows them all): never cut off by the screen's edge.
                spare = self.app.size.height - 4 - 1 - sum(_rows(t, self.WIDTH) for t in (title, self.detail, footer)
                                                          if t)
                yield Static(self.news_text(spare), id="handover-news", markup=False)
            yield Static(footer, markup=False)

    # The news is what both sides may read: the other player may still be
    # looking.  The coming player's own lines are in their full log.
    OWN_LINES = "What only you may read, your hidden moves too: L, the full log, once the board is yours."

    def news_text(self, rows: int) -> str:
        """The heading, the news and (``lines_of_ones_own``) where this
        player's own lines are read, in at most ``rows`` rows of the box."""
        heading = "So far, seen by both sides:" if self.first else "Since your last turn, seen by both sides:"
        notes = [self.OWN_LINES] if self.lines_of_ones_own else []
        rows -= sum(_rows(note, self.WIDTH) for note in notes)
        # A run of "X is removed from the map: why" (every block at once when
        # Optio's scouting ends) is one line here, so it never pushes the line
        # saying why off the box; x still lists each.
        folded: list[tuple[list[str], str]] = []  # (the blocks removed, the rest); no blocks: a line as it is
        for line in self.news:
            unit, removed, rest = line.partition(" is removed from the ")
            if not removed or " " in unit:
                folded.append(([], line))
            elif folded and folded[-1][0] and folded[-1][1] == rest:
                folded[-1][0].append(unit)
            else:
                folded.append(([unit], rest))
        said = [f"{', '.join(units[:-1])} and {units[-1]} are removed from the {rest}" if len(units) > 1
                else f"{units[0]} is removed from the {rest}" if units else rest for units, rest in folded]
        lines = [f"· {line}" for line in said]
        sizes = [_rows(line, self.WIDTH) for line in lines]
        if _rows(heading, self.WIDTH) + sum(sizes) <= rows:
            return "\n".join([heading, *lines, *notes])
        where = "x shows them" if self.why is not None else "the log shows them"
        budget, shown = rows - _rows(f"{heading} (99 earlier lines: {where})", self.WIDTH), 0
        while shown < len(lines) and (shown == 0 or sizes[-shown - 1] <= budget):
            budget -= sizes[-shown - 1]
            shown += 1
        hidden = len(lines) - shown
        heading += f" ({hidden} earlier line{'s' if hidden != 1 else ''}: {where})" if hidden else ""
        return "\n".join([heading, *lines[len(lines) - shown:], *notes])

    def action_leave(self) -> None:
        if self.leave is None:
            return
        question = "Leave this game? It is saved, and Continue brings you back here."
        ask = self.app.leave_question(question) if hasattr(self.app, "leave_question") else Confirm(question)

        def answered(yes: bool | None) -> None:
            if yes:
                self.leave()

        self.app.push_screen(ask, answered)

    def action_why(self) -> None:
        if self.why is not None:
            self.why()

    def action_go(self) -> None:
        self.dismiss(None)


MIN_SIZE = (80, 24)


class TooSmall(Screen[None]):
    """Shown over everything while the terminal is smaller than
    ``MIN_SIZE``; the app takes it away once the terminal is large enough.
    Keys do nothing here (ctrl+q still quits, saving the game)."""

    DEFAULT_CSS = """
    TooSmall Label { width: 100%; }
    TooSmall { align: center middle; background: $background; }
    TooSmall > Static { width: 100%; height: auto; text-align: center; }
    """

    def compose(self) -> ComposeResult:
        yield Static(self.message(), id="too-small", markup=False)

    def message(self) -> str:
        width, height = self.app.size
        return (f"This terminal is {width}x{height}. Skirmish needs at least "
                f"{MIN_SIZE[0]}x{MIN_SIZE[1]}: make the terminal larger. The game is safe and waits here.")

    def on_resize(self, event: Any) -> None:
        self.query_one("#too-small", Static).update(self.message())

    def on_screen_resume(self) -> None:
        # Uncovered again after something opened above it: still needed?
        self.app.call_after_refresh(self.app.check_size)


class AskPath(ModalScreen[Any]):
    """One line of text: a file name to write to.  Enter gives it, Esc
    gives None.  Pasted text only ever lands in the field."""

    DEFAULT_CSS = """
    AskPath { align: center middle; }
    AskPath > Vertical { width: 76; max-width: 98%; height: auto; border: round $accent;
        background: $panel; padding: 0 1; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, start: str = "") -> None:
        super().__init__()
        self.ask_title = title
        self.start = start

    def compose(self) -> ComposeResult:
        from textual.widgets import Input

        with Vertical():
            yield Static(self.ask_title, markup=False)
            yield Input(self.start, id="path", max_length=4096)
            yield Static("Enter: write it there · Esc: back", markup=False)

    def on_mount(self) -> None:
        from textual.widgets import Input

        self.query_one(Input).focus()

    def on_input_submitted(self, event: Any) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class LeaveUnsaved(ChoiceMenu):
    """Leaving after saving has failed: says what would be lost and offers
    to try again or to write the game to a file the player names.
    Dismisses True when leaving loses nothing more (saved again, written
    elsewhere, or the player chose to lose it), False to stay."""

    def __init__(self, lost: str, retry: Any, export: Any, default_path: str = "",
                 retry_label: str = "Try saving again") -> None:
        super().__init__(lost, [(retry_label, "retry"),
                                ("Write the game to a file I name…", "export"),
                                ("Leave anyway and lose it", "lose"),
                                ("Stay in the game", "stay")],
                         hint="1-4 or ↑↓ Enter · Esc stays")
        self.retry = retry
        self.export = export
        self.default_path = default_path

    def chosen(self, value: Any) -> None:
        if value == "retry":
            if self.retry():
                self.dismiss(True)
        elif value == "export":
            def typed(path: str | None) -> None:
                if path and self.export(path):
                    self.dismiss(True)

            self.app.push_screen(AskPath("Write this game (a save file) to:", self.default_path), typed)
        elif value == "lose":
            self.dismiss(True)
        else:
            self.dismiss(False)

    def action_cancel(self) -> None:
        self.dismiss(False)
