"""The game screen's hooks for who sits where: whose turn the keyboard
has (a person's, never the computer's), the hot-seat handover between two
local seats, a hosted or joined seat's turn news, whose log is shown, and
the keys for watching the computer play.  Mixed into
:class:`tui.game_screen.GameScreen`, whose ``seats``, ``computer``,
``single``, ``fixed``, ``private``, ``keyboard_side`` and ``log_marks`` it
reads.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import RichLog

from tui.board import BoardView
from tui.flow import guarded
from tui.modals import Handover
from tui.picture import Picture


def since_last_turn(game: Any, side: int, mark: int, most: int | None = None) -> list:
    """What ``side`` may read of what happened since it last gave up the
    keyboard, shown on the handover screen -- so only events the other side
    may read too (the other player may still be looking).  All of it: the
    handover screen says how many lines it has no room for."""
    from core.events import visible_to

    other = 1 - side
    news = [e for e in game.log[mark:] if visible_to(e, side) and visible_to(e, other)]
    return news[-most:] if most else news


class SeatHooks:
    """Who plays at the game screen (see the module docstring)."""

    narrator: Any  # tui.narrator.Narrator

    def acting_side(self) -> int | None:
        to_act = self.game.to_act
        if self.single and self.fixed in to_act:
            return self.fixed
        people = [s for s in to_act if not (self.computer and self.computer.plays(s))]
        return min(people or to_act) if to_act else None

    def shares_keyboard(self) -> bool:
        """Whether two people take turns at this keyboard: not over the
        network (each has a terminal) and not one person against the computer."""
        return not self.single and not (self.computer is not None and self.computer.watcher is not None)

    def _handover(self, side: int) -> None:
        if self.modal_open:
            return
        board = self.query_one(BoardView)
        if board.picture is not None:
            board.show(Picture(battlefield=board.picture.battlefield, hidden=True))
        self.selected = None

        if self.keyboard_side is not None:
            self.log_marks[self.keyboard_side] = len(self.game.log)
        news = since_last_turn(self.game, side, self.log_marks.get(side, 0))

        def done(_: Any) -> None:
            self.keyboard_side = side
            self.redraw()

        def why() -> None:
            from tui.why import EventLog

            rules = self.game.ruleset
            self.app.push_screen(EventLog("Since your last turn", rules.name, rules.title, news))

        self._open(Handover(self.game.players[side], self.adapter.handover_detail(self.game, side),
                            [e.sentence for e in news], why if news else None,
                            first=side not in self.log_marks,
                            leave=lambda: self.app.leave_game(self.local_game())), done)

    def readable_log(self) -> tuple:
        """The events the player at the keyboard may read."""
        if self.single:
            return self.game.log  # this seat's events only
        if not self.private or self.game.outcome is not None:
            return self.game.log
        return self.game.log_for(self.keyboard_side)

    def action_full_log(self) -> None:
        """The whole game's log (every event, every die) as a list whose
        lines open with Why?."""
        from tui.why import EventLog

        rules = self.game.ruleset
        log = self.readable_log()
        # The computer's reasons, where its orders came (only in the whole
        # game's log: a seat's own log numbers its events differently).
        notes = self.computer.notes if self.computer is not None and log is self.game.log else ()
        self._open(EventLog(f"Game log — {rules.title}", rules.name, rules.title, log, notes=notes), None)

    def action_why(self) -> None:
        """Why? on the newest log line (the full log opens on it); on a
        hosted or joined seat whose turn has come, on the first line since
        its last turn."""
        from tui.why import EventLog

        rules = self.game.ruleset
        log = self.readable_log()
        start = self.news_from if self.single and self.news_from is not None else None
        self._open(EventLog(f"Game log — {rules.title}", rules.name, rules.title, log, start), None)

    def _turn_news(self, mine: bool) -> None:
        """A seat in its own terminal: when its turn comes, say in the log
        pane how much happened since its last turn (x opens it with Why?)."""
        log_length = len(self.game.log)
        if mine and not self.my_turn:
            mark = self.log_marks.get(self.fixed)
            if mark is not None and log_length > mark:
                self.news_from = mark
                count = log_length - mark
                self.query_one(RichLog).write(
                    f"▶ Your turn. Since your last: {count} line{'s' if count != 1 else ''} above (x: why?)")
        elif not mine and self.my_turn:
            self.log_marks[self.fixed] = log_length
            self.news_from = None
        self.my_turn = mine

    def log_side(self) -> int | None:
        """Whose log is shown: in hot-seat with secrets, the side whose view
        is on screen; otherwise the neutral onlooker (events everyone may
        read, which is every event when nothing is secret)."""
        return self.keyboard_side if self.private else None

    def _fill_log(self) -> None:
        log = self.query_one(RichLog)
        log.clear()
        events = self.readable_log()[-300:]
        waiting = tuple(self.narrator.queue)  # the newest events, still to be shown one at a time
        if waiting and tuple(events[-len(waiting):]) == waiting:
            events = events[:-len(waiting)]
        else:
            self.narrator.drop()  # another reader's log: all of it is written below
        for event in events:
            log.write(event.sentence)
        self.log_shown_for = (self.log_side(), self.game.outcome is not None)

    @guarded
    def action_computer(self, what: str) -> None:
        """Watching the computer: pause, one move, faster, slower."""
        if self.computer is None:
            return
        if what == "pause":
            self.computer.toggle_pause()
        elif what == "step":
            self.computer.step()
        else:
            self.computer.faster(1 if what == "faster" else -1)
