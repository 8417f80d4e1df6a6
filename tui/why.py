"""Why?: the game log as a list whose lines open, and the explanation of one
line (dice, modifiers and where they came from, the number to beat, the
band, the rule), with a key that opens the rules help at that rule.

The screens are handed the events a reader may see (the side at the
keyboard, or everything once a game is over); the explanations are worked
out from those events alone (:mod:`core.explain`)."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from core.events import Event
from core.explain import Explanation, explain
from tui.textual_fixes import turn_page

# A working line that ends so, or a next line that opens with one of these
# words, carries one sentence on (an explainer may break a long sentence
# over two of its lines): the two make one bullet.
GOES_ON = (";", ":", ",")
CONTINUING = frozenset({"and", "or", "but", "then", "so", "which", "while", "because", "with", "than", "unless"})


def sentences(lines: Sequence[str]) -> tuple[str, ...]:
    """The working lines joined where one sentence runs over two of them,
    so that each bullet is a whole sentence."""
    out: list[str] = []
    for line in lines:
        first = line.split(" ", 1)[0]
        if out and (out[-1].rstrip().endswith(GOES_ON) or first in CONTINUING):
            out[-1] = f"{out[-1].rstrip()} {line.lstrip()}"
        else:
            out.append(line)
    return tuple(out)


def plain_text(why: Explanation) -> str:
    """The explanation as a reader sees it: one bullet a sentence
    (:func:`sentences`), the help's headings and the printed rules' names
    without their Markdown emphasis (``*Movement*`` reads "Movement");
    ``section`` itself stays as written, to find the heading with."""
    import attrs

    def plain(text: str) -> str:
        return text.replace("*", "").replace("`", "")

    return attrs.evolve(why, lines=sentences(why.lines), section=plain(why.section), cite=plain(why.cite)).text()


class WhyView(ModalScreen[None]):
    """One log line explained; ``h`` opens the rules at the rule it applies."""

    DEFAULT_CSS = """
    WhyView { align: center middle; }
    WhyView > Vertical { width: 76; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $panel; padding: 0 1; }
    WhyView VerticalScroll { height: auto; max-height: 18; }
    WhyView #why-hint { color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape,enter,space,q", "close", "Close"),
        Binding("h", "rule", "Open the rule"),
    ]

    def __init__(self, ruleset_name: str, ruleset_title: str, why: Explanation) -> None:
        super().__init__()
        self.ruleset_name = ruleset_name
        self.ruleset_title = ruleset_title
        self.why = why

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("[b]Why?[/b]")
            with VerticalScroll():
                yield Static(plain_text(self.why), id="why-text", markup=False)
            yield Static("h: open this rule in the help · Enter/Esc: close", id="why-hint", markup=False)

    def action_rule(self) -> None:
        from tui.help import open_help

        open_help(self.app, self.ruleset_name, self.ruleset_title, section=self.why.section)

    def action_close(self) -> None:
        self.dismiss(None)


class LogList(OptionList):
    """The whole log's list: PgDn and PgUp turn the view a whole page and
    move the highlight with it (``textual_fixes.turn_page``)."""

    def action_page_down(self) -> None:
        if not turn_page(self, 1):
            super().action_page_down()

    def action_page_up(self) -> None:
        if not turn_page(self, -1):
            super().action_page_up()


class EventLog(ModalScreen[None]):
    """The whole log as a list: ↑↓ choose a line, Enter says why.  With
    ``explain_newest`` (the game screen's ``x``) Why? on the newest event
    opens at once over it; Esc there leaves the list, as ``L`` shows it."""

    DEFAULT_CSS = """
    EventLog { align: center middle; }
    EventLog > Vertical { width: 100%; height: 100%; border: round $accent; background: $panel; }
    EventLog #log-title { text-style: bold; padding: 0 1; }
    EventLog OptionList { height: 1fr; border: none; background: $panel; }
    EventLog #log-hint { color: $text-muted; padding: 0 1; }
    """
    BINDINGS = [Binding("escape,q,L", "close", "Close")]

    def __init__(self, title: str, ruleset_name: str, ruleset_title: str, events: Sequence[Event],
                 start: int | None = None, notes: Sequence[tuple[int, str]] = (),
                 explain_newest: bool = False) -> None:
        super().__init__()
        self.explain_newest = explain_newest
        self.log_title = title
        self.ruleset_name = ruleset_name
        self.ruleset_title = ruleset_title
        self.events = list(events)
        self.start = len(self.events) - 1 if start is None else start
        self.notes = sorted(notes, key=lambda n: n[0])  # (events before it, line): the computer's reasons
        self.row_of: dict[int, int] = {}  # event index -> its row in the list

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"{self.log_title} ({len(self.events)} entries)", id="log-title", markup=False)
            options = self._rows()
            if not options:
                options = [Option("Nothing has happened yet.", disabled=True)]
            yield LogList(*options, id="event-list")
            yield Static("↑↓ PgUp PgDn Home End move · Enter: why? · Esc close", id="log-hint", markup=False)

    def on_mount(self) -> None:
        listing = self.query_one(OptionList)
        listing.focus()
        if self.events:
            listing.highlighted = self.row_of[max(0, min(self.start, len(self.events) - 1))]
            listing.scroll_to_highlight()
            if self.explain_newest:
                # The newest line that has a Why?: an event (a reason after
                # it is its own explanation, and opens nothing).  Only once
                # the list is laid out: covered from its mounting, it kept
                # the rows wrapped for a width it never had (a long line's
                # second row lost, the end of the list out of reach).
                self.call_after_refresh(self._explain_newest)

    def _explain_newest(self) -> None:
        if not self.is_attached or self.app.screen is not self:  # closed already (a quick Esc)
            return
        self.query_one(OptionList).scroll_to_highlight()  # where the rows now fall
        self.explain(len(self.events) - 1)

    def _rows(self) -> list[Option]:
        """The events, numbered, with the computer's reasons (not
        selectable: no rule explains them) before the events of its orders."""
        from rich.text import Text  # a Text prompt is never read as markup

        rows: list[Option] = []
        notes = iter(self.notes)
        note = next(notes, None)
        for i in range(len(self.events) + 1):  # one past the end: reasons after the last event
            while note is not None and note[0] <= i:
                rows.append(Option(Text(f"     {note[1]}"), disabled=True))
                note = next(notes, None)
            if i < len(self.events):
                self.row_of[i] = len(rows)
                rows.append(Option(Text(f"{i + 1:>4} {self.events[i].sentence}"), id=str(i)))
        return rows

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is None:
            return
        self.explain(int(event.option.id))

    def explain(self, index: int) -> None:
        """Why? on the event ``index`` of the list."""
        why = explain(self.ruleset_name, self.events, index)
        self.app.push_screen(WhyView(self.ruleset_name, self.ruleset_title, why))

    def action_close(self) -> None:
        self.dismiss(None)
