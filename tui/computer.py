"""The computer at the table: a seat that a program fills.

:class:`ComputerSeats` is one line in the game screen's side panel.  For
each side it plays it holds a :class:`core.ai.player.ComputerPlayer` sitting
in that side's seat (:class:`core.seats.Seat`).  When that side is to act,
it takes the seat's snapshot on the interface thread, thinks off it (a
Textual thread worker running ``ComputerPlayer.think`` on the snapshot: the
side's view and orders only), shows "thinking…" meanwhile, and submits the
chosen order through the seat exactly as a person's order (so saves replay
it), writing the computer's reason in the log.  The seats are the screen's
own (hot-seat), or given to it (``seats``: a hosted game whose host side the
computer plays while the host's terminal looks on).

Computer against computer can be watched: ``P`` (shift+p) pauses and resumes, ``.``
plays one move while paused, ``+``/``-`` change the pause between moves.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Static
from textual.worker import Worker, WorkerState

from core.ruleset import Rejection

PEOPLE = ("human", "human")
LEVELS = ("easy", "normal", "hard")
SPEEDS = (0.0, 0.3, 0.8, 1.5, 3.0)  # seconds between moves when watching


def is_computer(seat: str) -> bool:
    return seat in LEVELS


class ComputerSeats(Static):
    """Plays the sides whose seat is a computer level, for one game screen."""

    DEFAULT_CSS = "ComputerSeats { height: 1; color: $warning; }"

    def __init__(self, seats: tuple[str, str], own: dict | None = None, **kwargs: Any) -> None:
        super().__init__("", markup=False, **kwargs)
        self.seats = tuple(seats)  # the kind of each side: "human" or a level
        self.own = dict(own or {})  # side -> the Seat it plays, when not the screen's own
        self.paused = False
        self.speed = 2 if self.watching else 0
        self.thinking: int | None = None  # the side thinking now
        self._token = 0  # which game the running thought was about
        self._timer: Any = None
        self._step_once = False
        # Against a person in a game with secrets, the computer's reasons
        # (which name its secret orders and what it knows) wait for the end.
        self.held_reasons: list[tuple[int, str]] = []
        # The reasons written in the log, each with how many of the game's
        # events came before its order (the whole-log list shows them there).
        self.notes: list[tuple[int, str]] = []

    # -- who plays ---------------------------------------------------------------
    def plays(self, side: int | None) -> bool:
        return side is not None and is_computer(self.seats[side])

    @property
    def watching(self) -> bool:
        return all(is_computer(s) for s in self.seats)

    @property
    def watcher(self) -> int | None:
        """Whose view the screen shows: the one person's, or nobody's (watching)."""
        people = [s for s in (0, 1) if not is_computer(self.seats[s])]
        return people[0] if len(people) == 1 else None

    # -- the loop --------------------------------------------------------------------
    def keeps_secrets(self, game: Any) -> bool:
        caps = game.ruleset.capabilities
        return self.watcher is not None and bool(caps.hidden_information or caps.simultaneous_orders)

    def poke(self) -> None:
        """Called after every redraw: start thinking if a computer side acts."""
        game = self.screen.game
        narrator = getattr(self.screen, "narrator", None)
        if narrator is not None and narrator.busy:
            return  # what it did last is still being shown (tui/narrator.py)
        if game.outcome is not None:
            self.release_reasons()
        sides = sorted(s for s in game.to_act if self.plays(s))
        if not sides:
            self._cancel()
            self._show()
            return
        if self.thinking is not None and self._token == self._game_token(game):
            return  # already on it
        if self.paused and not self._step_once:
            self._show()
            return
        self._cancel()
        delay = SPEEDS[self.speed] if self.watching else 0.0
        if delay and not self._step_once:
            self._timer = self.set_timer(delay, lambda: self._think(sides[0]))
        else:
            self._think(sides[0])

    def release_reasons(self) -> int:
        """The game is over: write the reasons held back into the log; how many."""
        held, self.held_reasons = self.held_reasons, []
        for at, line in held:
            self.screen.log_line(line)
            self.notes.append((at, line))
        return len(held)

    def _game_token(self, game: Any) -> int:
        return self.screen.seats.version

    def seat(self, side: int) -> Any:
        """The seat the computer fills for ``side``."""
        return self.own.get(side) or self.screen.seats.seat(side)

    def player(self, side: int) -> Any:
        from core.ai.player import ComputerPlayer
        from core.dice import computer_seed

        # Its own seed, derived one way from the game's where this process
        # holds the game: never the dice seed, which foretells every roll.
        whole = self.screen.local_game()
        return ComputerPlayer(self.seat(side), self.seats[side], computer_seed(whole.seed) if whole is not None else 0)

    def _think(self, side: int) -> None:
        self._timer = None
        self._step_once = False
        player = self.player(side)
        moment = player.moment()  # taken here, on the interface's thread
        if side not in moment.to_act or moment.outcome is not None:
            return
        self.thinking = side
        self._token = moment.version
        self._show()
        self.run_worker(lambda: (player, moment, player.think(moment)), name=f"computer-{side}",
                        group="computer", exclusive=True, thread=True, exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "computer":
            return
        if event.state is WorkerState.ERROR:
            self.thinking = None
            self.screen.show_error(event.worker.error)
            return
        if event.state is not WorkerState.SUCCESS:
            return
        player, moment, choice = event.worker.result
        self.thinking = None
        screen = self.screen
        if choice is None or player.seat.version != moment.version:
            self.poke()  # the game moved on while it thought (the person wrote orders): think again
            return
        side = player.side
        if player.seat is screen.seats.seat(side):
            self._say_why(moment, side, choice)
            # The screen's own seat: logged, saved and redrawn as a person's;
            # against a person its events are shown one at a time.
            screen.submit(choice.order, narrate=self.watcher is not None)
        else:
            # Another seat (the host's): its change notice writes the order's
            # events as it goes through, so the reason is written first.  The
            # seat is still at the moment thought about (checked above), so
            # the order is not stale.
            self._say_why(moment, side, choice)
            result = player.give(choice, moment)
            if result is None:
                self.poke()  # cannot happen on this thread; think again if it does
                return
            if isinstance(result, Rejection):
                screen.say(f"✗ The computer's order was refused: {result.message}")
        self._show()

    def _say_why(self, moment: Any, side: int, choice: Any) -> None:
        line = f"» {moment.players[side]} ({self.seats[side]}): {choice.reason}"
        at = len(moment.log)  # the order's events come after its reason
        if self.keeps_secrets(moment):
            self.held_reasons.append((at, line))
            self.screen.log_line(f"» {moment.players[side]} ({self.seats[side]}) gave an order (its reasons "
                                 "are shown when the game ends)")
        else:
            self.screen.log_line(line)
            self.notes.append((at, line))

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    # -- watching keys -----------------------------------------------------------------
    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self._show()
        if not self.paused:
            self.poke()

    def step(self) -> None:
        if self.paused and self.thinking is None:
            self._step_once = True
            self.poke()

    def faster(self, way: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed - way))
        self._show()

    def _show(self) -> None:
        game = self.screen.game
        if self.thinking is not None:
            text = f"{game.players[self.thinking]} ({self.seats[self.thinking]}) thinking…"
        elif self.paused:
            text = "paused: P resume · . one move"
        elif self.watching:
            text = f"watching: P pause · +/- speed ({SPEEDS[self.speed]:g}s)"
        else:
            text = ""
        self.update(text)


def computer_seats(screen: Any, seats: tuple[str, str] | None, own: dict | None = None) -> ComputerSeats | None:
    """The computer player for a game screen, or None when two people play
    (the screen declares the watching keys and offers them while the computer
    plays both sides).  ``own``: side -> the seat the
    computer fills when it is not one of the screen's seats."""
    seats = tuple(seats or PEOPLE)
    if not any(is_computer(s) for s in seats):
        return None
    return ComputerSeats(seats, own, id="computer")
