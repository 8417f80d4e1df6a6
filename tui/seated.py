"""What the game screen needs to draw from seats rather than a game: its
``game`` (the table's in hot-seat, the seat's :class:`core.seats.SeatGame`
otherwise), change notices from another thread, and a joined seat's
trouble with the host.  Mixed into :class:`tui.game_screen.GameScreen`."""

from __future__ import annotations

from typing import Any

from textual.widgets import RichLog


class SeatedScreen:
    seats: Any
    _snapshot: Any
    _unsubscribe: Any
    _events_seen: int
    narrate: Any  # tui.narrator.NarratedScreen.narrate

    def on_unmount(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()

    @property
    def game(self) -> Any:
        """Hot-seat: the table's game (one process holds both sides).  A
        hosted or joined game: this seat's SeatGame, never more."""
        if self.seats.hot:
            return self.seats.table.game
        seat = self.seats.any_seat
        if self._snapshot is None or self._snapshot.version != seat.version:
            self._snapshot = seat.snapshot()
        return self._snapshot

    @game.setter
    def game(self, game: Any) -> None:
        if self.seats.hot:
            self.seats.table.replace(game)

    def saved_by_match(self) -> bool:
        """This screen's table is the app's match's, whose listener saves
        every order: the screen does not save it again."""
        match = getattr(self.app, "match", None)
        return match is not None and match.table is self.seats.table

    def local_game(self) -> Any:
        """The whole game when this process holds it (to save), else None."""
        return self.seats.table.game if self.seats.table is not None else None

    def _seat_changed(self) -> None:
        """A change notice from the seat (any thread): redraw on ours."""
        from tui.remote.play import soon

        soon(self.app, self._take_change)

    def _take_change(self) -> None:
        try:
            self._show_change()
        except Exception as exc:  # noqa: BLE001 - the edge, as GameScreen.guarded
            self.show_error(exc)

    def _show_change(self) -> None:
        if not self.is_attached:
            return
        game = self.game
        log = self.query_one(RichLog)
        news = game.log[self._events_seen:]
        self._events_seen = len(game.log)
        own = getattr(self, "_own_change", False) or (news and getattr(self, "_own_expected", False))
        if news:
            self._own_expected = False
        if own:  # this terminal's own order: seen as given
            for event in news:
                log.write(event.sentence)
        else:  # the other side's (or the host's computer's): one at a time
            self.narrate(news)
        status = self._remote_status()
        if status and status != getattr(self, "_status_told", ""):
            reason = getattr(self.seats.any_seat, "reason", "")
            self.notify(reason or status, title=status, severity="warning", timeout=10, markup=False)
        self._status_told = status
        fairness = getattr(self.seats.any_seat, "fairness", "")
        if fairness and fairness != getattr(self, "_fairness_told", ""):
            self._fairness_told = fairness
            log.write(fairness)
        self.redraw()

    def _remote_status(self) -> str:
        """A joined seat's trouble with the host, in words (or "")."""
        seat = self.seats.any_seat
        status = getattr(seat, "status", "playing")
        if status == "host-stopped":
            return "Host stopped (game saved): waiting for it to resume"
        if status == "lost":
            return "Connection to the host lost: trying again"
        if status == "distrusted":
            return "Not rejoining: what answers is not this game's host"
        if status == "broken":
            return "Stopped listening to the host"
        return ""

