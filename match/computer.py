"""The computer as a client of the match.

A :class:`ComputerClient` fills one seat of a :class:`match.Match` the way
a person elsewhere would: it subscribes to the match, and whenever its
side may act it takes a moment of its seat, thinks
(:class:`core.ai.player.ComputerPlayer`, seeded with
``core.dice.computer_seed`` of the game's seed -- never the dice seed) and
submits through the seat, if the game is still where it thought.  It runs
on its own thread, so it plays whether or not a screen is showing.

Its pace can be set: ``pause()``/``resume()``, ``step()`` (one move while
paused), ``delay`` (seconds before each move: for watching computer
against computer), and ``hold()``/``release()`` (a screen still showing
the last events holds it; it waits, then goes on).

It tells the match's subscribers what it does (``Notice("computer", side,
reason=...)``) through the match: ``reason`` is ``"thinking"``,
``"idle"``, ``"why: <the computer's reason>"`` just before its order is
taken (so the reason comes before the order's events; the match keeps it
with the order, ``Match.note_reason``, and saves it beside the game),
``"refused: ..."``, or ``"error: ..."``.  ``state`` is what it does now, in one word.
"""

from __future__ import annotations

import threading
from typing import Any

from core.dice import computer_seed
from core.game import standing_offer
from core.ruleset import Rejection
from match.match import Notice


class ComputerClient:
    """Plays ``side`` of ``match`` at ``level`` (see the module docstring)."""

    def __init__(self, match: Any, side: int, level: Any = "normal") -> None:
        self.match = match
        self.side = side
        self.level = level
        self.paused = False
        self.delay = 0.0
        self._held = False
        self._steps = 0
        self._stopped = False
        self._dirty = True
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._unsubscribe: Any = None
        self.state = "idle"
        self.moves = 0

    # -- running -----------------------------------------------------------------
    def start(self) -> ComputerClient:
        self._unsubscribe = self.match.subscribe(self._noticed)
        self._thread = threading.Thread(target=self._run, name=f"computer {self.side}", daemon=True)
        self._thread.start()
        return self

    def stop(self, wait: float = 0.0) -> None:
        """Stop playing (a thought under way is dropped, never submitted)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        with self._cond:
            self._stopped = True
            self._cond.notify_all()
        thread = self._thread
        if wait and thread is not None and thread is not threading.current_thread():
            thread.join(wait)

    def _noticed(self, notice: Notice) -> None:
        if notice.kind in ("order", "taken-back", "new-game", "saved-again"):
            self._wake()

    def _wake(self) -> None:
        with self._cond:
            self._dirty = True
            self._cond.notify_all()

    # -- pace ----------------------------------------------------------------------
    def pause(self) -> None:
        self.paused = True
        self._say("paused")

    def resume(self) -> None:
        self.paused = False
        self._wake()

    def step(self) -> None:
        """One move while paused."""
        with self._cond:
            self._steps += 1
        self._wake()

    def hold(self) -> None:
        """Wait before the next move (a screen is still showing the last)."""
        self._held = True

    def release(self) -> None:
        self._held = False
        self._wake()

    @property
    def held(self) -> bool:
        return self._held

    def pace(self) -> dict:
        return {"paused": self.paused, "delay": self.delay}

    def set_pace(self, paused: bool = False, delay: float = 0.0) -> None:
        self.paused, self.delay = paused, delay

    # -- the loop ------------------------------------------------------------------
    def _may_go(self) -> bool:
        return not self._held and (not self.paused or self._steps > 0)

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._stopped and not (self._dirty and self._may_go()):
                    self._cond.wait()
                if self._stopped:
                    return
                self._dirty = False
            try:
                self._turn()
            except Exception as exc:  # noqa: BLE001 - told, never a dead thread
                self._say(f"error: {exc or type(exc).__name__}")

    def player(self) -> Any:
        """The computer in its seat, seeded one way from the game's seed
        (the match holds the game): never the dice seed."""
        from core.ai.player import ComputerPlayer

        return ComputerPlayer(self.match.seat(self.side), self.level, computer_seed(self.match.game.seed))

    def _turn(self) -> None:
        match = self.match
        moment = match.snapshot(self.side)
        answering = moment.outcome is None and standing_offer(moment.log) == 1 - self.side
        if moment.outcome is not None or (self.side not in moment.to_act and not answering):
            self._say("idle")
            return
        if self.delay and not self._steps and not answering:
            with self._cond:
                self._cond.wait(self.delay)
                if self._stopped or not self._may_go():
                    self._dirty = True
                    return
            moment = match.snapshot(self.side)
            if moment.outcome is not None or (self.side not in moment.to_act
                                              and standing_offer(moment.log) != 1 - self.side):
                return
        with self._cond:
            self._steps = max(0, self._steps - 1)
        self._say("thinking")
        choice = self.player().think(moment)
        if self._stopped:
            return
        if choice is None:
            self._say("idle")
            return
        with match.lock:
            if match.version != moment.version or self._stopped:
                self._wake()  # the game moved on while it thought: think again
                return
            noted = match.note_reason(self.side, choice.reason)  # the match keeps it, saved with the order
            self._say("why: " + noted.text)
            result = match.submit(match.seat(self.side), choice.order, moment.version)
            if result is None or isinstance(result, Rejection):
                match.drop_reason(noted)
        if isinstance(result, Rejection):
            self._say("refused: " + result.message)
            return
        if result is None:
            self._wake()
            return
        self.moves += 1
        self._wake()  # it may act again at once
        self._say("idle")

    def _say(self, what: str) -> None:
        self.state = what.split(":", 1)[0]
        self.match.tell(Notice("computer", side=self.side, reason=what))
