"""Every blow is seen (issue 29): the events the player did not choose --
the computer's orders, a remote player's, and orders given for the player
because they had no alternative (a Spheres of War defence roll) -- are
played out one at a time on the game screen instead of all at once.

Each event in turn becomes the log pane's newest line, and the figure
that acts and its target are marked on the board (``BoardView.spot``,
from the event's own fields: ``unit``, ``attacker``, ``who``, ``target``,
``at``, ``frm``/``to`` ...).  Then a pause, at the player's pace:

* ``instant``: everything at once (as before);
* ``normal``: a short pause after each event;
* ``step``: each event stays until a key (the last one too: what follows
  it, a forced order or the computer's, waits for that key).

Events a ruleset's own window is about to show, paced, are not played out
here as well: a Platemail Round resolved by the other side's commit opens
its playback box, so its lines go to the log at once (``tell`` asks the
screen's adapter, ``plays_back``).

While events wait to be shown the screen holds everything that would
move the game on: the computer does not think, an order with no
alternative is not given, no prompt opens, and a key press only shows the
next event sooner (it never gives an order on a board the player has not
seen).  ``v`` cycles the pace; the app remembers it for the next game.

It only reads events; it changes nothing in the game.  Only the app's
thread calls it (change notices from other threads are posted there).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any

from core.events import Event

PACES = ("instant", "normal", "step")
DEFAULT_PACE = "normal"
PAUSE = 0.7  # seconds each event stays newest at the normal pace
PACE_WORDS = {"instant": "all at once", "normal": f"one at a time ({PAUSE:g} s each)",
              "step": "one per key"}

# An event's fields that name figures, the actor's first.
ACTOR_FIELDS = ("unit", "attacker", "who", "first", "by")
TARGET_FIELDS = ("target", "second", "defender", "opponent")
CELL_FIELDS = ("at", "frm", "to", "cell")


def pace_of(app: Any) -> str:
    """The app's pace: the one set in this run, else the one remembered in
    the settings (saves/settings.py), else the default."""
    pace = getattr(app, "narration_pace", None)
    if pace is None:
        from saves.settings import load_pace

        pace = app.narration_pace = load_pace(PACES) or DEFAULT_PACE
    return pace if pace in PACES else DEFAULT_PACE


def next_pace(pace: str) -> str:
    return PACES[(PACES.index(pace) + 1) % len(PACES)] if pace in PACES else DEFAULT_PACE


def event_cells(event: Event, positions: dict[str, Any]) -> frozenset:
    """The cells an event is about: where its figures stand (``positions``:
    figure id -> cell) and any cell it names."""
    cells = set()
    for name in ACTOR_FIELDS + TARGET_FIELDS:
        value = getattr(event, name, None)
        if isinstance(value, str) and positions.get(value) is not None:
            cells.add(positions[value])
    for name in CELL_FIELDS:
        value = getattr(event, name, None)
        if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
            cells.add(value)
    return frozenset(cells)


class Narrator:
    """Plays out one side's unseen events on ``screen`` (a GameScreen):
    ``screen.log_line``, ``screen.units``, ``screen.query_one(BoardView)``,
    ``screen.set_timer`` and ``screen.narration_over`` are what it uses
    (and ``screen.adapter``, ``game``, ``fixed``, ``single`` and
    ``keyboard_side`` for ``played_back``)."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        # Events to show, and lines written in their turn between them (the
        # computer's reason for an order, which comes just before its events).
        self.queue: deque[Event | str] = deque()
        self.showing: Event | None = None  # shown, its pause not over yet
        self.positions: dict[str, Any] = {}  # figure id -> its last known cell
        self._timer: Any = None
        self.stalled = False  # stopped while the screen was covered (``go_on``)

    # -- the pace ----------------------------------------------------------------
    @property
    def pace(self) -> str:
        return pace_of(self.screen.app)

    def cycle_pace(self) -> str:
        from saves.settings import remember_pace

        pace = next_pace(self.pace)
        self.screen.app.narration_pace = pace
        problem = remember_pace(pace)
        if problem:
            self.screen.log_line(problem)
        if pace == "instant":
            self.finish()
        return pace

    # -- telling --------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """Events still to show (or the last one's pause not over)."""
        return bool(self.queue) or self.showing is not None

    def remember(self, units: Iterable[Any]) -> None:
        """Where the figures stand before the events (a figure an event
        removes is still marked where it fell)."""
        for unit in units:
            if getattr(unit, "pos", None) is not None:
                self.positions[unit.id] = unit.pos

    def tell(self, events: Iterable[Event], at_once: bool = False) -> None:
        """Show ``events`` at the player's pace (all at once: ``instant``).
        ``at_once``: the events are about to be shown, paced, by a window
        of the ruleset's (Platemail's Round playback): they are only
        written to the log, now or after what still waits, never replayed;
        the screen's ruleset says so of the events it is about to play back
        (``played_back``)."""
        events = list(events)
        if not events:
            return
        at_once = at_once or self.played_back(events)
        if (at_once or self.pace == "instant") and not self.busy:
            for event in events:
                self.screen.log_line(event.sentence)
            return
        if at_once:
            for event in events:
                self.note(event.sentence)
            return
        self.queue.extend(events)
        if self.showing is None:
            self._next()

    def played_back(self, events: list[Event]) -> bool:
        """Whether the screen's ruleset is about to show ``events`` itself,
        paced, to the side at this keyboard (its adapter's ``plays_back``:
        Platemail's Round playback; other rulesets have none)."""
        screen = self.screen
        adapter = getattr(screen, "adapter", None)
        if adapter is None:
            return False
        side = screen.fixed if screen.single else screen.keyboard_side  # (a seat's side; else the keyboard's)
        return bool(adapter.plays_back(screen.game, side, events))

    def note(self, line: str) -> None:
        """A line for the log after everything still to be shown (now, when
        nothing is): written in its place, not below the event on show."""
        if self.busy:
            self.queue.append(line)
        else:
            self.screen.log_line(line)

    def waiting(self) -> tuple[Event, ...]:
        """The events still to be shown (not the notes between them)."""
        return tuple(item for item in self.queue if not isinstance(item, str))

    def on_key(self, event: Any) -> None:
        """The screen's keys: while events wait, a key (but ``v``, the
        pace) only shows the next one sooner, and Enter once the game is
        over writes the rest at once (the result follows); otherwise it
        does what it always does, and the last event's marks go."""
        if event.key == "v" or not self.busy:
            if not self.busy:
                self.unmark()
            return
        event.stop()
        event.prevent_default()
        from tui.hurry import hurried

        hurried(self.screen.app, event.key)  # more presses of it just after the end are no orders
        if event.key == "enter" and self.screen.game.outcome is not None:
            self.finish()  # the banner offers "Enter: the result": the rest is written, then the result
            return
        self.key()

    def key(self) -> None:
        """A key pressed while events wait: the next one now (the key does nothing else)."""
        self._stop_timer()
        self._next()

    def finish(self) -> None:
        """Everything waiting at once (the pace became instant)."""
        self._stop_timer()
        self.stalled = False
        while self.queue:
            item = self.queue.popleft()
            self.screen.log_line(item if isinstance(item, str) else item.sentence)
        self._done()

    def drop(self) -> None:
        """Forget what waits (the log pane is being refilled from the game)."""
        self._stop_timer()
        self.queue.clear()
        self.showing = None
        self.stalled = False
        self._spot(frozenset())

    def hint(self) -> str:
        if not self.busy:
            return ""
        more = len(self.waiting())
        rest = f"{more} more · " if more else ""
        if self.pace == "step":
            return f"▷ {rest}any key: next"
        return f"▷ {rest}any key: sooner"

    # -- the loop ---------------------------------------------------------------------
    def go_on(self) -> None:
        """The screen is seen again: the playback stopped by ``_next`` goes on."""
        if self.stalled:
            self.stalled = False
            self._next()

    def _next(self) -> None:
        from tui.covered import covered

        if self.queue and covered(self.screen):
            self.stalled = True  # nobody sees it (too small, the Quit question): it waits (tui/covered.py)
            return
        while self.queue:
            event = self.queue.popleft()
            if isinstance(event, str):
                self.screen.log_line(event)  # a note: written, then on to the next event
                continue
            self.showing = event
            self.screen.log_line(event.sentence)
            self._spot(event_cells(event, self.positions))
            self._after_move(event)
            if self.pace == "normal":
                self._timer = self.screen.set_timer(PAUSE, self._paused)
            self.screen.narration_moved()
            return
        self._done()

    def _paused(self) -> None:
        self._timer = None
        self._next()

    def _after_move(self, event: Event) -> None:
        unit, to = getattr(event, "unit", None), getattr(event, "to", None)
        if isinstance(unit, str) and isinstance(to, tuple):
            self.positions[unit] = to

    def _done(self) -> None:
        """The marks stay until the player's next key (``unmark``)."""
        self.showing = None
        self.screen.narration_over()

    def unmark(self) -> None:
        self._spot(frozenset())

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _spot(self, cells: frozenset) -> None:
        from tui.board import BoardView

        try:
            self.screen.query_one(BoardView).spot(cells)
        except Exception:  # noqa: BLE001, S110 - the screen is closing: nothing to mark
            pass
