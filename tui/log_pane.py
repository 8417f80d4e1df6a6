"""The game screen's log pane: the events the player at the keyboard may
read, and the screen's own news between them (whose turn it is, why an
order was refused: never a pop-up over the log).  ``[``/``]`` scroll it;
``L`` opens the whole log, ``x`` Why? on its newest line (over the same list)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.markup import escape
from textual.widgets import RichLog


class LogPane(RichLog):
    DEFAULT_CSS = "LogPane { height: 6; border-top: hkey $primary; }"

    def __init__(self) -> None:
        super().__init__(id="log", max_lines=2000, wrap=True, markup=False, min_width=20)
        self.can_focus = False
        self.border_title = escape("log: [ ] scroll · L whole log · { } scroll the side panel")

    def fill(self, events: Sequence[Any], narrator: Any, notes: Sequence[tuple[int, str]] = ()) -> None:
        """Write ``events`` again from the start, but the newest that the
        narrator still has to show one at a time; each of ``notes`` (the
        computer's reasons: how many events came before, the line) goes
        where it was first written."""
        self.clear()
        first = max(0, len(events) - 300)
        events = list(events[first:])
        waiting = narrator.waiting()
        if waiting and tuple(events[-len(waiting):]) == waiting:
            events = events[:-len(waiting)]
        else:
            narrator.drop()  # another reader's log: all of it is written below
        before: dict[int, list[str]] = {}
        for at, line in notes:
            before.setdefault(at, []).append(line)
        for index, event in enumerate(events, start=first):
            for line in before.get(index, ()):
                self.write(line)
            self.write(event.sentence)

    def scroll(self, step: int) -> None:
        self.scroll_page_up(animate=False) if step < 0 else self.scroll_page_down(animate=False)


def open_log(screen: Any, whole: bool) -> None:
    """``L``: the whole readable log as a list whose lines open with Why?,
    with the computer's reasons where its orders came (only where the log
    is numbered as the whole game's: a seat's own log of a game with
    secrets numbers its events differently until the game is over).  ``x``:
    Why? on the newest line at once, over the same list (its reasons
    included), which Esc then shows: at its end, or on a hosted or joined
    seat whose turn has come, on the first line since its last turn."""
    from tui.why import EventLog

    rules = screen.game.ruleset
    log = screen.readable_log()
    title = f"Game log — {rules.title}"
    start = None if whole or not screen.single else screen.news_from
    screen.open_modal(EventLog(title, rules.name, rules.title, log, start, notes=screen.reason_notes(),
                               explain_newest=not whole), None)
