"""A game screen's ear on the match: notices arrive on whichever thread
made the change -- the computer's, a joiner's connection -- and are
posted to the screen as messages, never shown from there.  Notices before
the screen is up are kept and handed over when it mounts.  A single seat
(hosted, joined) tells of its changes the same way; the match's computers
(a hosted game's host side among them) are started once the screen is up,
so the reasons they give follow the log the screen began with."""

from __future__ import annotations

import threading
from typing import Any

from core.events import visible_to
from tui.computer import ComputerSaid, follows_own
from tui.intents import Changed


class MatchNews:
    def __init__(self, screen: Any, match: Any) -> None:
        self.screen = screen
        self.source = match  # what tells of the computer's words (and orders)
        self.ui_thread: int | None = None
        self.early: list | None = []  # (notice, log length, follows) before the screen was mounted
        self._unsubscribe = [self.source.subscribe(self.heard)] if self.source is not None else []

    def clients(self) -> dict:
        """The computer's clients, side -> client (a match's are read afresh)."""
        match = self.screen.match
        return match.computers if match is not None else {}

    def mounted(self) -> list[ComputerSaid]:
        """On the screen's thread, once: from now notices are posted; the
        computer's words heard before, to show at once."""
        screen = self.screen
        with self.source.lock if self.source is not None else threading.RLock():
            self.ui_thread = threading.get_ident()
            early, self.early = self.early or [], None
            if not screen.single:
                screen.events_seen = len(screen.game.log)  # the log pane starts with all of it
        if screen.single:
            self._unsubscribe.append(screen.seats.subscribe(lambda: screen.post_message(Changed())))
        return [ComputerSaid(notice.side, notice.reason, at, follows) for notice, at, follows in early]

    def begin(self) -> None:
        """The screen is up and drawn: the computer plays from now on (the
        app leaves it to the screen).  Last in ``on_mount``, so that what it
        does arrives as messages after the screen's first drawing, never
        read half-way through it (a reason still unread when the game over
        is first drawn would be missing from the result)."""
        if self.source is not None:
            self.source.start_computers()

    def heard(self, notice: Any) -> None:
        screen = self.screen
        if notice.kind == "computer":
            # told under the match's lock, before the order it gives a reason for
            game = self.source.game
            at = len(game.log)
            follows = notice.side is not None and follows_own(game, len(game.orders), notice.side)
            if self.early is not None:
                self.early.append((notice, at, follows))
            else:
                screen.post_message(ComputerSaid(notice.side, notice.reason, at, follows))
        elif self.early is None and notice.kind == "order" and not screen.single \
                and threading.get_ident() != self.ui_thread:
            if screen.computer is not None and screen.computer.watcher is not None:
                screen.computer.hold(True)  # its events are shown one at a time first
            screen.post_message(Changed())

    def catch_up(self, upto: int) -> None:
        """Show the events up to ``upto`` the keyboard has not seen (the
        computer's): one at a time when a person watches."""
        screen = self.screen
        game = screen.game
        news = [e for e in game.log[screen.events_seen:upto] if game.outcome is not None
                or visible_to(e, screen.log_side())]
        screen.events_seen = max(screen.events_seen, upto)
        if screen.computer is not None and screen.computer.watcher is not None:
            screen.narrate(news)
        else:
            for event in news:
                screen.log_line(event.sentence)

    def close(self) -> None:
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._unsubscribe = []
