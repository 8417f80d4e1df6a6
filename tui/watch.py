"""Watching a saved game again, one order or one turn at a time.

The screen holds the positions of the game (:func:`core.playback.positions`)
and draws the one it is at.  A game that is over is watched from one side's
view (``v`` switches side, and to a view with nothing hidden).  A game not
over yet is watched only from the public view, what both sides may see (the
neutral onlooker's, :func:`core.game.redact` with no side): whoever opens the
file, at one keyboard both players may be looking, and a side's view would
give away its secrets while they still matter; ``v`` says so, in the log's
last line, until the player moves through the game.  The log shows
what the view could read up to that moment, with the computer's reasons
the save kept where they were given (none while a game with secrets is
not over, and in one side's view none of the other side's before the
end: tui/reason_log.py); ``x`` opens it with Why?.  Watching reads
the save and never writes it.  A game not over yet that another Skirmish
may still be playing is followed (tui/watch_follow.py): when its save
changes it is read again, and the watcher at the newest position stays at
the newest, one who stepped back keeps their place and is told how many
orders came; a save that cannot be read leaves the last good state shown,
with a line saying so.

Keys: ←/→ one order, shift+←/→ one turn, Home/End first/last position,
space plays or pauses, +/- change the speed, v switches view, x Why?,
F1 rules, q back (out of Skirmish when ``skirmish watch FILE`` opened it)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from core.events import visible_to
from core.orders import DRAW_ORDERS, AgreeDraw, Concede, DeclineDraw, Forfeit, OfferDraw
from core.playback import next_mark, positions, turn_marks
from tui.banner import turn_piece
from tui.board import BoardView
from tui.flow import fit_pieces
from tui.picture import Picture, legend, with_legend
from tui.reason_log import merged, reason_notes
from tui.result import summarise
from tui.rulesets import adapter_for
from tui.side_panel import items_kept_whole

SPEEDS = (2.0, 1.0, 0.5, 0.25, 0.1)


def unit_entry(label: str, unit: Any) -> str:
    """A figure's line in the watch panel: label, name, cell, status; a
    figure off the board is "off" once, not "off off map" (its status may
    say where it is already)."""
    status = unit.status or ""
    where = f"{unit.pos[0]},{unit.pos[1]}" if unit.pos is not None else ("" if status.startswith("off") else "off")
    return " ".join(part for part in (label, unit.name, where, status) if part)  # seconds an order while playing
ALL = "all"  # the view with nothing hidden, once the game is over
PUBLIC = None  # what both sides may see: the only view of a game not over yet
NOT_OVER = ("This game is not over: it is watched only from the public view, what both sides may see. "
            "Each side's view, and everything, open once it has ended.")
DRAW_WORDS = {OfferDraw: "offers a draw", AgreeDraw: "agrees to a draw", DeclineDraw: "declines the draw"}


class WatchScreen(Screen[None]):
    DEFAULT_CSS = """
    WatchScreen { layout: vertical; }
    WatchScreen #watch-banner { height: 1; background: $primary-background; text-style: bold; padding: 0 1; }
    WatchScreen #watch-main { height: 1fr; }
    WatchScreen BoardView { width: 1fr; height: 1fr; }
    WatchScreen #watch-side { width: 36; border-left: vkey $primary; padding: 0 0 0 1; }
    WatchScreen #watch-log { height: 6; border-top: hkey $primary; }
    """

    BINDINGS = [
        # priority: the side panel's scroll keys must not take these.
        Binding("left", "step(-1)", "Back", priority=True),
        Binding("right", "step(1)", "Forward", priority=True),
        Binding("shift+left", "turn(-1)", "Turn back", show=False, priority=True),
        Binding("shift+right", "turn(1)", "Turn on", show=False, priority=True),
        Binding("home", "jump(0)", "Start", show=False, priority=True),
        Binding("end", "jump(-1)", "End", show=False, priority=True),
        Binding("space", "play", "Play/pause"),
        Binding("plus,equals_sign", "speed(1)", "Faster", show=False),
        Binding("minus", "speed(-1)", "Slower", show=False),
        Binding("v", "switch_view", "View"),
        Binding("x", "why", "Why?"),
        Binding("f1,question_mark", "rules", "Help"),
        Binding("escape,q", "close", "Back"),
        Binding("escape,q", "leave", "Quit"),  # started by `skirmish watch FILE`: q leaves Skirmish
    ]

    def __init__(self, game: Any, viewer: int = 0, reasons: Sequence[Any] = (),
                 seats: Sequence[str] = ("human", "human"), leaves: bool = False,
                 path: Path | None = None) -> None:
        super().__init__()
        self.final = game
        # the computer's reasons the save kept (match.match.Reason) and who
        # filled each seat: written in the log where they were given
        self.reasons, self.seats = tuple(reasons), tuple(seats)
        self.leaves = leaves  # q leaves Skirmish (watching was the command line's)
        self.history = positions(game)
        self.marks = turn_marks(self.history)
        self.index = 0
        self.adapter = adapter_for(game.ruleset)
        self.title_text = game.ruleset.title.split(":")[0]  # the short name: the banner is one row
        # A side, or ALL, once the game is over; until then only PUBLIC.
        self.viewer: int | str | None = viewer if self.over else PUBLIC
        self.speed = 1  # index into SPEEDS
        self.timer: Any = None
        self.note = ""  # v's answer before the end: the log's last line until the player moves (_move)
        # the save followed while the game goes on (None: nothing to follow)
        self.path = Path(path) if path is not None and not self.over else None
        self.followed: tuple[int, int, int] | None = None  # the file's signature last read
        self.reading = False
        self.unseen = 0  # orders come since the watcher last stood at the newest position
        self.follow_problem = ""  # why the save's last change could not be read
        self.ended_here = False  # the game ended while it was followed

    @property
    def over(self) -> bool:
        return self.final.outcome is not None

    @property
    def last(self) -> int:
        return len(self.history) - 1

    # -- layout -------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static("", id="watch-banner", markup=False)
        with Horizontal(id="watch-main"):
            board = BoardView(id="watch-board", show_choose=False)
            board.can_focus = False  # the arrows step through the game, not the cursor
            yield board
            with VerticalScroll(id="watch-side"):
                yield Static("", id="watch-panel", markup=False)
        log = RichLog(id="watch-log", max_lines=400, wrap=True, markup=False)
        log.can_focus = False
        yield log
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.redraw()
        if self.path is not None:
            from tui.watch_follow import POLL_SECONDS, signature

            self.followed = signature(self.path)
            self.set_interval(POLL_SECONDS, self.look_at_save)

    # -- following a game still played (tui/watch_follow.py) ----------------------
    def look_at_save(self) -> None:
        """One look at the file; read again, off this thread, if it changed."""
        from tui.watch_follow import signature, start_reading

        if self.path is None or self.reading:
            return
        now = signature(self.path)
        if now is None or now == self.followed:
            return
        self.reading = True
        self.followed = now
        from tui.textual_fixes import soon

        app = self.app  # taken here: another thread has no active app
        start_reading(self.path, self.final, self.history, lambda read: soon(app, lambda: self.take(read)))

    def take(self, read: Any) -> None:
        """The save as read again (app's thread): the watcher moved on, or
        left where it was with why."""
        self.reading = False
        if not self.is_attached or self.path is None:
            return
        if read.error is not None:
            from tui.app import readable
            from tui.save_words import shown_error

            self.follow_problem = (f"The save could not be read ({readable(shown_error(read.error), 160)}): "
                                   "still showing the last good state")
            self.redraw()
            return
        if read.other:
            self.follow_problem = "The save now holds another game: reopen it to watch that one"
            self.path = None
            self.redraw()
            return
        at_newest = self.index == self.last
        before = self.last
        self.final, self.history, self.marks = read.game, read.history, read.marks
        self.reasons, self.seats = read.reasons, read.seats
        self.follow_problem = ""
        if at_newest:
            self.index = self.last
        else:
            self.index = min(self.index, self.last)
            self.unseen = max(0, self.unseen + self.last - before)
        if self.index == self.last:
            self.unseen = 0
        if self.over:
            self.ended_here, self.path = True, None  # nothing more comes: the views open (v)
        self.redraw()

    def follow_lines(self) -> list[str]:
        """The side panel's word on following: that it follows the game,
        new orders the watcher has not stepped to, a save that could not be
        read, the game's end."""
        lines = []
        if self.ended_here:
            lines.append("The game has ended: every view is open now (v)")
        elif self.path is not None:
            lines.append("Following the game as it is played")
        if self.unseen and self.index < self.last:
            lines.append(f"{self.unseen} new order{'s' if self.unseen != 1 else ''}: End to catch up")
        if self.follow_problem:
            lines.append(self.follow_problem)
        return lines

    # -- what is shown ------------------------------------------------------------
    def shown_side(self) -> int | None:
        """The side whose view is drawn (None: the public view, or nothing hidden)."""
        return None if self.viewer == ALL else self.viewer

    def view_of(self, game: Any) -> Any:
        """The state as this view may see it (:func:`core.game.redact`)."""
        return game.state if self.viewer == ALL else game.view(self.shown_side())

    def readable(self, game: Any) -> tuple:
        if self.viewer == ALL:
            return game.log
        return game.log_for(self.shown_side())

    def reason_notes(self, game: Any) -> list[tuple[int, str]]:
        """The computer's reasons given up to this position, each with how
        many events of this view's log came before it (none while a game
        with secrets is not over, nor the other side's in a side's view
        before its end: tui/reason_log.py)."""
        return reason_notes(game, self.reasons, self.seats, self.shown_side(), self.viewer == ALL, self.final)

    def view_name(self) -> str:
        if self.viewer == ALL:
            return "everything shown (game over)"
        if self.viewer is PUBLIC:
            return "public view"
        return f"{self.final.players[self.viewer]}'s view"

    def banner_text(self, turn: str, width: int) -> str:
        """The banner in ``width`` columns: where the game is (the order,
        the turn) always, and which view in a form that fits
        (:meth:`view_names`); when none does beside "Watching", the banner
        goes without that word (the order count says it is a game watched)."""
        from rich.cells import cell_len

        order, tail = f"{self.title_text} · order {self.index}/{self.last} · ", f" · {turn}"
        for head in (f"Watching {order}", order):
            room = width - cell_len(head + tail)
            for view in self.view_names(room):
                if cell_len(view) <= room:
                    return head + view + tail
        return fit_pieces(f"Watching {order}{self.view_names(0)[-1]}{tail}", width)

    def view_names(self, room: int) -> list[str]:
        """The view's name, then shorter forms for about ``room`` columns:
        a side's player's name cut only as far as needed, while what is
        left still tells the two players apart ("Player 1" and "Player 2"
        cut both read "Play…"), then the side's number, as the lobby says
        it ("side 2's view")."""
        from rich.cells import cell_len

        from tui.banner import cut_to_cells

        whole = self.view_name()
        if not isinstance(self.viewer, int):  # shorter words before any cut (a long ruleset's title)
            shorter = ["everything shown", "all shown"] if self.viewer == ALL else ["public"]
            return [whole, *shorter, cut_to_cells(whole, max(8, room))]
        name, other = self.final.players[self.viewer], self.final.players[1 - self.viewer]
        kept = cut_to_cells(name, room - cell_len("'s view"))[:-1].rstrip()
        cut = [f"{kept}…'s view"] if len(kept) >= 3 and not other.casefold().startswith(kept.casefold()) else []
        return [whole, *cut, f"side {self.viewer + 1}'s view"]

    def redraw(self) -> None:
        game = self.history[self.index]
        rules = game.ruleset
        side = self.shown_side()
        view = self.view_of(game)
        units = self.adapter.units(game, view)
        field = self.adapter.battlefield(game, view)
        picture = Picture(
            battlefield=field,
            units={u.pos: u for u in units if u.pos is not None},
            labels={u.id: self.adapter.unit_label(u) for u in units},
            compact_labels={u.id: self.adapter.unit_label(u, compact=True) for u in units},
            own_side=side,
            grid=self.adapter.board_grid(game, view),
            marks=self.adapter.cell_marks(game, view, None),
        )
        board = self.query_one(BoardView)
        board.show(self.adapter.picture(game, view, picture))
        situation = rules.situation(view)
        playing = " · playing" if self.timer is not None else ""
        banner = self.query_one("#watch-banner", Static)
        # its width inside its padding; before the first layout, the screen's less that padding
        width = banner.size.width or self.app.size.width - 2
        turn = "Deployment" if situation.deploying else turn_piece(game, view, situation.turn)  # with its limit
        banner.update(self.banner_text(turn + playing, max(20, width)))
        lines = [situation.heading(rules.turn_word, ", ")]
        if situation.detail:
            lines.append(situation.detail)
        if self.index == self.last and game.outcome is not None:
            # the result screen's own headline: a concession that names no winner (Optio's pre-game) is no draw
            headline = summarise(game).headline
            lines.append(f"Result: {'a draw' if headline == 'A draw' else headline} ({game.outcome.reason})")
        elif self.index < self.last:
            upcoming = self.history[self.index + 1].orders[-1]
            if isinstance(upcoming, Concede):  # the core's order (a Forfeit too), not the ruleset's
                named = f"{game.players[upcoming.side]} " + (f"forfeits ({upcoming.reason})" if isinstance(upcoming, Forfeit)
                                                            else "concedes")
            elif isinstance(upcoming, DRAW_ORDERS):  # the core's too
                named = f"{game.players[upcoming.side]} " + DRAW_WORDS[type(upcoming)]
            else:
                named = rules.describe_order(game.state, upcoming)
            lines.append(f"Next: {named}" if self._next_visible() else "Next: an order hidden from this view")
        lines.extend(self.follow_lines())
        lines.append("")
        for unit in units:
            lines.append(unit_entry(self.adapter.unit_label(unit).strip(), unit))
        lines.append("")
        lines.append(f"Speed: {SPEEDS[self.speed]} s an order")
        key = legend(field, board.side_key(game.players, self.app.no_color), self.adapter.drawn_glyphs(field),
                     self.adapter.board_key, game.ruleset)
        lines.append(key.plain)
        if board.compact and self.adapter.compact_key:
            lines.append(self.adapter.compact_key)
        styled = with_legend("\n".join(lines), key)
        self.query_one("#watch-panel", Static).update(items_kept_whole(styled, *self.panel_columns()))
        log = self.query_one(RichLog)
        log.clear()
        lines = merged([event.sentence for event in self.readable(game)], self.reason_notes(game))
        for text in lines[-200:]:
            log.write(text)
        if self.note:
            log.write(self.note)

    def _next_visible(self) -> bool:
        """Whether the next order may be named to this view: always with
        nothing hidden; an order of the side being watched from; and
        another's (or any in the public view) when this view reads what it
        did, an event it made (every Optio order, a Platemail commit), not
        when its events are all another side's (a Platemail write)."""
        if self.viewer == ALL or not self.final.ruleset.capabilities.hidden_information:
            return True
        here, after = self.history[self.index], self.history[self.index + 1]
        upcoming = after.orders[-1]
        # a concession is no secret, nor an offer of a draw or its answer
        if upcoming.side == self.viewer or isinstance(upcoming, (Concede, *DRAW_ORDERS)):
            return True
        return any(visible_to(event, self.shown_side()) for event in after.log[len(here.log):])

    def panel_columns(self) -> tuple[int, int]:
        """The columns the side panel's text has with its scrollbar and
        without: the legend's items are kept whole in both."""
        side = self.query_one("#watch-side", VerticalScroll)
        width = side.styles.width
        widest = (int(width.value) if width is not None and width.is_cells else 36) - 2  # the border, the padding
        return widest - side.styles.scrollbar_size_vertical, widest

    # -- keys ---------------------------------------------------------------------
    def go(self, index: int) -> None:
        index = max(0, min(self.last, index))
        if index != self.index:
            self.index = index
            if index == self.last:
                self.unseen = 0
            self.redraw()

    def _move(self, index: int) -> None:
        """A move the player asked for (not the playing's ticks): ``v``'s
        answer goes from the log with it."""
        if self.note:
            self.note = ""
            if max(0, min(self.last, index)) == self.index:
                self.redraw()
        self.go(index)

    def action_step(self, step: int) -> None:
        self._move(self.index + step)

    def action_turn(self, step: int) -> None:
        self._move(next_mark(self.marks, self.index, step, self.last))

    def action_jump(self, where: int) -> None:
        self._move(self.last if where < 0 else where)

    def action_play(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
        else:
            if self.index == self.last:
                self.index = 0
            self.timer = self.set_interval(SPEEDS[self.speed], self._tick)
        self.redraw()

    def _tick(self) -> None:
        if self.index >= self.last:
            self.action_play()  # stops at the end
            return
        self.go(self.index + 1)

    def action_speed(self, step: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + step))
        if self.timer is not None:
            self.timer.stop()
            self.timer = self.set_interval(SPEEDS[self.speed], self._tick)
        self.redraw()

    def action_switch_view(self) -> None:
        if not self.over:  # no side's secrets while they still matter: said in the log, not over it
            self.note = f"Public view only: {NOT_OVER}"
            self.redraw()
            return
        order: list[int | str] = [0, 1, ALL]
        # the public view of a game that ended while followed goes on to the first side's
        self.viewer = order[(order.index(self.viewer) + 1) % len(order)] if self.viewer in order else 0
        self.redraw()

    def action_why(self) -> None:
        from tui.why import EventLog

        game = self.history[self.index]
        events = self.readable(game)
        self.app.push_screen(EventLog(f"Log at order {self.index} — {self.view_name()}", game.ruleset.name,
                                      game.ruleset.title, events, notes=self.reason_notes(game)))

    def action_rules(self) -> None:
        from tui.help import open_help

        rules = self.final.ruleset
        open_help(self.app, rules.name, rules.title)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """q and Esc: back where watching was opened from, or, opened by
        ``skirmish watch FILE``, out of Skirmish (the footer says which)."""
        if action == "close":
            return not self.leaves
        if action == "leave":
            return self.leaves
        return True

    def action_close(self) -> None:
        if self.timer is not None:
            self.timer.stop()
        self.dismiss(None)

    def action_leave(self) -> None:
        """Nothing to save: watching never writes the file."""
        if self.timer is not None:
            self.timer.stop()
        self.app.exit()
