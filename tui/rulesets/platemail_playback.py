"""Platemail's resolution playback: a Round's events stepped through with
a key, Phase by Phase -- what each character does (and which branch of its
IF/ELSE fired, and why), the movement with Clashes and Crashes, every
attack with its rolls, and the Wounds tallied at the end of each Phase.

Over the game screen it sits beside the board, not over it, and the board
under it moves the figures as you step (each figure at the cell the
Round's movement events put it by that step, the ones that just moved
marked); closing it puts the board back as the game stands.  The game
screen's log pane, which already holds the Round's results, is hidden
until the last step: news written to it meanwhile (a chat line, a
server's warning that a claim is open) is shown in the box, and its
footer offers the keys that work over it (c Chat on a server's game, as
the board's does).  While it is
open the board is the playback's: a picture the game screen draws meanwhile
(against the computer, its orders for the next Round come in while the
person watches) is kept for the closing, not shown over the playback's.

It only reads events the engine logged; it works nothing out itself."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

import attrs
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Footer, Label, Static

from core.events import Event, Moved, Rolled, TurnEnded, TurnStarted
from core.rulesets.platemail.events import (
    ActionTaken,
    AttackMade,
    Clashed,
    Crashed,
    PhaseBegan,
    StatusChanged,
    WoundsTallied,
)
from tui.modals import LeavesTheGame, Message

MOVES = (Moved, Clashed, Crashed)
TALLY = (WoundsTallied, StatusChanged)
# The keys under the steps (two rows beside the board, in its box's 36
# columns).  On the last step they say it is the end and that Enter closes:
# the title said so after its step count and was cut there; the title and
# these rows wrap rather than cut.
NEXT_HINT = "Enter/space/→ next · ← back · a all · Esc close"
END_HINT = "The end: Enter/Esc close · ← back"
# Any other key is answered, never dropped silently (a tester's d, offering
# a draw, did nothing under the box); q asks the game's leave question
# over it.  The arrows up and down, Page Up/Down, Home and End scroll the
# steps; ctrl and function keys are the app's (ctrl+c, F1).
BUSY_HINT = "The Round is being shown: Enter/space steps, Esc closes it; q: leave the game"
OWN_KEYS = frozenset({"enter", "space", "right", "left", "a", "escape", "q"})
SCROLL_KEYS = frozenset({"up", "down", "pageup", "pagedown", "home", "end"})


def round_events(log: Sequence[Event]) -> list[Event]:
    """The events of the last resolved Round in ``log`` (from its
    "orders revealed" to its end, and anything logged right after)."""
    start = None
    for index in range(len(log) - 1, -1, -1):
        if isinstance(log[index], TurnStarted):
            start = index
            break
    if start is None:
        return []
    return list(log[start:])


def action_line(event: ActionTaken) -> str:
    ready = "R" if event.ready else "NR"
    why = event.why
    if event.branch == "then":
        why = f"IF {event.condition} → true: THEN fired"
    elif event.branch == "else":
        why = f"IF {event.condition} → false: ELSE fired"
    elif event.branch == "either":  # THEN and ELSE are one Action: the IF chose nothing
        why = f"THEN and ELSE alike: taken whatever IF {event.condition} found" if event.condition \
            else "THEN and ELSE alike"
    return f"{event.unit}: {event.action} [{ready}] — {why}" if why else f"{event.unit}: {event.action} [{ready}]"


def movement_rolls(events: Sequence[Event]) -> set[int]:
    """The indexes of the rolls that belong to the movement (seed: Clash,
    Crash): the d2 for who reaches a meeting point first, logged just
    before its Clash, and the Dexterity saves of a Crash, logged just after
    it (notes of a failed save between them)."""
    out: set[int] = set()
    after_crash = False
    for index, event in enumerate(events):
        if isinstance(event, Rolled):
            if after_crash or (index + 1 < len(events) and isinstance(events[index + 1], Clashed)):
                out.add(index)
        elif isinstance(event, Crashed):
            after_crash = True
        elif _kind(event) != "other":
            after_crash = False
    return out


def hit_checks(events: Sequence[Event]) -> set[int]:
    """The indexes of the Concentration checks a hit calls for (seed:
    Concentration Checks), logged after the hit's Attack and its notes
    (``combat.after_hit``): they belong to that Attack's step, not to the
    next one's rolls."""
    out: set[int] = set()
    last = None  # the last event that is not a note
    for index, event in enumerate(events):
        if isinstance(event, Rolled) and event.purpose == "Concentration check" \
                and isinstance(last, AttackMade) and last.hit:
            out.add(index)
        elif _kind(event) != "other":
            last = event
    return out


def _kind(event: Event) -> str:
    if isinstance(event, (TurnStarted, PhaseBegan)):
        return "phase"
    if isinstance(event, ActionTaken):
        return "act"
    if isinstance(event, MOVES):
        return "move"
    if isinstance(event, Rolled):
        return "roll"
    if isinstance(event, AttackMade):
        return "attack"
    if isinstance(event, TALLY):
        return "tally"
    if isinstance(event, TurnEnded):
        return "end"
    return "other"


def playback_steps(events: Sequence[Event]) -> list[tuple[str, list[str]]]:
    """Group a Round's events into steps of (title, lines)."""
    return [(title, lines) for title, lines, _ in grouped_steps(events)]


def grouped_steps(events: Sequence[Event]) -> list[tuple[str, list[str], list[Event]]]:
    """The steps of :func:`playback_steps`, each with its events."""
    steps: list[tuple[str, list[str]]] = []
    groups: list[list[Event]] = []
    previous = None
    moving, checks = movement_rolls(events), hit_checks(events)
    for index, event in enumerate(events):
        kind = "move" if index in moving else _kind(event)  # a Clash's d2, a Crash's saves: the movement's
        if index in checks:  # the hit's own check: in its Attack's step, read as a roll
            groups[-1].append(event)
            steps[-1][1].append(event.sentence)
            continue
        new = (kind in ("phase", "end")
               or (kind == "move" and previous != "move")
               or (kind == "roll" and previous not in ("roll",))
               or (kind == "attack" and previous != "roll")
               or (kind == "tally" and previous != "tally")
               or not steps)
        if kind == "act":
            new = previous not in ("phase", "act")
        if new:
            steps.append((_title(event, kind), []))
            groups.append([])
        groups[-1].append(event)
        title, lines = steps[-1]
        if kind == "act":
            lines.append(action_line(event))
        elif kind == "attack":
            lines.append(event.sentence)
            steps[-1] = (f"Attack: {event.attacker} on {event.target}, "
                         f"{'CRITICAL' if event.critical else 'hit' if event.hit else 'miss'}", lines)
        elif isinstance(event, Rolled):
            lines.append(event.sentence)
        elif kind != "phase" or isinstance(event, TurnStarted):
            lines.append(event.sentence)
        if kind != "other":
            previous = kind
    return [(title, lines, group) for (title, lines), group in zip(steps, groups)]



def positions_at(final: dict[str, Any], groups: Sequence[Sequence[Event]], shown: int) -> dict[str, Any]:
    """Where each figure stands once the first ``shown`` steps are played:
    its cell at the end of the Round (``final``: figure id -> cell) taken
    back over the Round's moves, then forward over the steps shown."""
    moves = [e for group in groups for e in group if isinstance(e, Moved)]
    where = dict(final)
    for move in reversed(moves):
        if move.unit in where:
            where[move.unit] = move.frm
    for group in groups[:shown]:
        for event in group:
            if isinstance(event, Moved) and event.unit in where:
                where[event.unit] = event.to
    return where


def _title(event: Event, kind: str) -> str:
    if isinstance(event, PhaseBegan):
        return f"{event.sentence}: what each character does"
    if isinstance(event, TurnStarted):
        return f"Round {event.turn}: both sides' orders revealed"
    if kind == "roll" and isinstance(event, Rolled) and "attack" not in event.purpose:  # a save, Stealth: no Attack
        return f"Roll: {event.purpose}"
    return {"move": "Movement (everyone steps at once)", "roll": "Attack", "attack": "Attack",
            "tally": "End of the Phase: Wounds tallied", "end": "End of the Round",
            "act": "Actions"}.get(kind, "Also")


TEXT_WIDTH = 34  # the steps' columns beside the board (the box's 40, less its border, padding, scroll bar)
KEPT_TOGETHER = ("1st Action", "2nd Action", "Action Phase")


def wrapped(text: str, width: int) -> str:
    """``text`` (``Playback.shown_text``) wrapped at ``width`` columns by
    words, each line's rest indented under its start, and "1st Action"
    never cut in two (a tester read "— 1st" / "Action" at 80x24)."""
    out = []
    for line in text.split("\n"):
        if line.startswith("    "):  # an event's line, under its step's title
            body, first, rest = line[4:], "   ", "     "
        else:
            body, first, rest = line, "", "  "
        for words in KEPT_TOGETHER:
            body = body.replace(words, words.replace(" ", "\u00a0"))
        rows = textwrap.wrap(body, max(width, 12), initial_indent=first, subsequent_indent=rest,
                             break_on_hyphens=False) or [first]
        out += no_stray_word(rows, rest, max(width, 12))
    return "\n".join(out).replace("\u00a0", " ")


def no_stray_word(rows: list[str], indent: str, width: int) -> list[str]:
    """``rows`` (one line wrapped) with no last row of one word alone
    ("on" under "a1 rolls 1d20 for melee attack"), nor of a sum's "= 15"
    alone: the row above gives it its last word, when that row keeps two
    words and the two fit."""
    last = rows[-1].split() if len(rows) > 1 else []
    stray = len(last) == 1 or (len(last) == 2 and not any(ch.isalpha() for ch in rows[-1]))
    if not stray:
        return rows
    head, _, word = rows[-2].rstrip().rpartition(" ")
    joined = f"{indent}{word} {rows[-1].strip()}"
    if len(head.split()) < 2 or len(joined) > width:
        return rows
    return [*rows[:-2], head, joined]


class Playback(LeavesTheGame, Message, inherit_bindings=False):
    """Steps through a Round's resolution: Enter / space / → the next step,
    ← back one, ``a`` everything, Esc close.  Enter on the last step closes.
    ``q`` asks the game's leave question over it; any other key is answered
    on the hint line (``BUSY_HINT``)."""

    DEFAULT_CSS = """
    Playback Label { width: 100%; }
    Playback { align: center middle; }
    Playback.beside-board { align: right top; background: $background 0%; }
    Playback.beside-board #pb-box { width: 40; height: 1fr; margin: 1 0 1 0; }
    Playback #pb-box { width: 100%; height: 100%; border: double $accent; background: $panel; padding: 0 1; }
    Playback #pb-title { text-style: bold; height: auto; }
    Playback #pb-scroll { height: 1fr; scrollbar-gutter: stable; }
    Playback #pb-hint { color: $text-muted; height: auto; }
    Playback #pb-news { height: auto; text-style: bold; display: none; }
    """
    BINDINGS = [
        Binding("enter,space,right", "next", "Next step"),
        Binding("left", "previous", "Back"),
        Binding("a", "everything", "All"),
        Binding("escape", "close", "Close"),
        Binding("q", "leave", "Leave", show=False),
        Binding("c", "chat", "Chat"),  # a server's game only (``check_action``), as on the board
    ]

    def __init__(self, title: str, events: Sequence[Event]) -> None:
        super().__init__(title, "")
        grouped = grouped_steps(events)
        self.steps = [(title, lines) for title, lines, _ in grouped] or [("Nothing to play back", [])]
        self.groups = [group for _, _, group in grouped] or [[]]
        self.shown = 1
        self.board: Any = None  # the game screen's board under it, if any
        self._board_was: Any = None  # the game screen's picture: put back on closing
        self._board_now: Any = None  # the picture the playback put there
        self._final: dict[str, Any] = {}  # each figure's cell as the Round ended
        self.log_pane: Any = None  # the game screen's log pane under it, if any
        self._log_length: int | None = None  # the log pane's lines when q's question opened
        self._heard = 0  # the log pane's lines already shown or told (``hear``)

    def compose(self) -> ComposeResult:
        with Vertical(id="pb-box"):
            yield Label("", id="pb-title", markup=False)
            with VerticalScroll(id="pb-scroll"):
                yield Static("", id="pb-text", markup=False)
            yield Label("", id="pb-news", markup=False)
            yield Label(NEXT_HINT, id="pb-hint", markup=False)
        yield Footer()  # over the board's: the keys that work while the box is open (c Chat among them)

    def on_mount(self) -> None:
        from tui.board import BoardView

        below = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else None
        boards = list(below.query(BoardView)) if below is not None else []
        # The game screen's log pane already ends with the Round's results:
        # it is hidden until the playback reaches its last step.
        logs = list(below.query("#log")) if below is not None else []
        self.log_pane = logs[0] if logs else None
        if boards and boards[0].picture is not None and not boards[0].picture.hidden:
            self.board, self._board_was = boards[0], boards[0].picture
            self._final = {unit.id: cell for cell, unit in self._board_was.units.items()}
            self.board.hold(self._game_drew)  # the board is the playback's while it is open
            self.add_class("beside-board")
        self._heard = len(self.log_pane.lines) if self.log_pane is not None else 0
        self.set_interval(0.25, self.hear)
        self._draw()

    def on_unmount(self) -> None:
        """The board as the game screen drew it last, and its log pane."""
        if self.log_pane is not None:
            self.log_pane.styles.text_opacity = "100%"
        if self.board is not None:
            self.board.hold(None)
            self.board.show(self._board_was)
            self.board.spot(())

    def _game_drew(self, picture: Any) -> None:
        """``board.show`` while the playback is open.  The board showing the
        playback's own picture again (a zoom, a resize) is let through; a
        picture of the game screen's (it redraws whenever news comes: the
        computer's orders for the next Round, given while the person
        watches) is kept to put back on closing, and the figures stay where
        the steps shown put them."""
        if picture is self._board_now:
            self.board.draw(picture)
            return
        self._board_was = picture
        self._move_figures()

    def _move_figures(self) -> None:
        """The board under the playback: each figure where it stands after
        the steps shown, the figures of the newest step marked."""
        if self.board is None:
            return
        picture = self._board_was
        show = self.board.draw
        if picture.hidden:  # the game screen hid the board: it stays hidden
            self._board_now = picture
            show(picture)
            self.board.spot(())
            return
        where = positions_at(self._final, self.groups, self.shown)
        units = {}
        for cell, unit in picture.units.items():
            at = where.get(unit.id, cell)
            units[at] = attrs.evolve(unit, pos=at) if hasattr(unit, "pos") else unit
        self._board_now = attrs.evolve(picture, units=units, highlights=frozenset(), selected=None)
        show(self._board_now)
        newest = self.groups[self.shown - 1] if self.shown <= len(self.groups) else []
        self.board.spot(where[e.unit] for e in newest
                        if isinstance(e, Moved) and where.get(e.unit) is not None)

    def shown_text(self) -> str:
        out = []
        for index, (title, lines) in enumerate(self.steps[: self.shown]):
            mark = "▶" if index == self.shown - 1 else "·"
            out.append(f"{mark} {title}")
            out += [f"    {line}" for line in lines]
        return "\n".join(out)

    def _draw(self) -> None:
        last = self.shown >= len(self.steps)
        self.query_one("#pb-title", Label).update(
            f"{self.title_text} — step {self.shown}/{len(self.steps)}")
        self.query_one("#pb-hint", Label).update(END_HINT if last else NEXT_HINT)
        if self.log_pane is not None:
            # Its text made see-through, not the pane hidden: a hidden pane has
            # no width, and lines written meanwhile (the computer's commit)
            # would be wrapped at its least width for good.
            self.log_pane.styles.text_opacity = "100%" if last else "0%"
        self._show_text()
        self._move_figures()

    def _show_text(self) -> None:
        text = self.query_one("#pb-text", Static)
        text.update(wrapped(self.shown_text(), text.size.width or TEXT_WIDTH))
        self.query_one("#pb-scroll", VerticalScroll).scroll_end(animate=False)

    def on_resize(self) -> None:
        self.call_after_refresh(self._show_text)  # wrapped again at the new width

    def on_key(self, event: Any) -> None:
        """A key the box does not read: answered on its hint line (the
        game's keys wait until it is closed)."""
        key = event.key
        if key == "c" and self.check_action("chat", ()):
            return  # (the chat, as on the board)
        if key in OWN_KEYS or key in SCROLL_KEYS or key.startswith("ctrl+") or \
                (key.startswith("f") and key[1:].isdigit()):
            return
        event.stop()
        event.prevent_default()
        self.query_one("#pb-hint", Label).update(BUSY_HINT)

    def action_leave(self) -> None:
        """q: the game screen's leave question (leave, concede, offer a
        draw), asked over the box (``LeavesTheGame``); answered No, the box
        is as it was.  Over the result screen (its look back), q closes it."""
        from tui.game_screen import GameScreen

        below = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else None
        if isinstance(below, GameScreen):
            self._log_length = len(self.log_pane.lines) if self.log_pane is not None else None
            self.action_leave_game()
        else:
            self.dismiss(None)

    def on_screen_resume(self) -> None:
        """Back from the leave question: what its answer wrote in the log
        (a draw offered), which the box keeps see-through until its last
        step, is said on its hint line instead."""
        super().on_screen_resume()
        before, self._log_length = self._log_length, None
        if before is None or self.log_pane is None:
            return
        self._heard = len(self.log_pane.lines)  # said here, not again as news
        said = " ".join(" ".join(strip.text.split()) for strip in self.log_pane.lines[before:])
        if said:
            self.query_one("#pb-hint", Label).update(f"{said} · {END_HINT if self.at_end else NEXT_HINT}")

    def hear(self) -> None:
        """News written to the game screen's log pane since the box opened
        (a chat line, the server's warning that a claim is open), which
        the box covers or keeps see-through: its newest shown in the box,
        until newer news.  What the leave question's answer wrote is the
        hint line's (``on_screen_resume``)."""
        if self.log_pane is None or self._log_length is not None:
            return
        lines = self.log_pane.lines
        self._heard = min(self._heard, len(lines))  # (the pane drops its oldest lines past its length)
        said = " ".join(" ".join(strip.text.split()) for strip in lines[self._heard:])
        self._heard = len(lines)
        if said:
            news = self.query_one("#pb-news", Label)
            news.update(f"News: {said}")
            news.display = True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "chat":
            from tui.lobby_seat import chat_offered

            return chat_offered(self.app)
        return super().check_action(action, parameters)

    def action_chat(self) -> None:
        """c: a line to the other player, over the box (tui/lobby_seat.py)."""
        from tui.lobby_seat import chat_line

        chat_line(self.app)

    @property
    def at_end(self) -> bool:
        return self.shown >= len(self.steps)

    def action_next(self) -> None:
        if self.shown >= len(self.steps):
            self.dismiss(None)
            return
        self.shown += 1
        self._draw()

    def action_previous(self) -> None:
        self.shown = max(1, self.shown - 1)
        self._draw()

    def action_everything(self) -> None:
        self.shown = len(self.steps)
        self._draw()
