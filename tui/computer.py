"""The computer at the table: a seat that a program fills.

:class:`ComputerSeats` is one line in the game screen's side panel.  When a
side it plays is to act, it thinks off the interface thread (a Textual
thread worker running :func:`core.ai.decide`, which sees only that side's
view and orders), shows "thinking…" meanwhile, and hands the chosen order
back to the screen, which submits it exactly as a person's order (so saves
replay it) and writes the computer's reason in the log.

Computer against computer can be watched: ``P`` (shift+p) pauses and resumes, ``.``
plays one move while paused, ``+``/``-`` change the pause between moves.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Static
from textual.worker import Worker, WorkerState

PEOPLE = ("human", "human")
LEVELS = ("easy", "normal", "hard")
SPEEDS = (0.0, 0.3, 0.8, 1.5, 3.0)  # seconds between moves when watching


def is_computer(seat: str) -> bool:
    return seat in LEVELS


class ComputerSeats(Static):
    """Plays the sides whose seat is a computer level, for one game screen."""

    DEFAULT_CSS = "ComputerSeats { height: 1; color: $warning; }"

    def __init__(self, seats: tuple[str, str], **kwargs: Any) -> None:
        super().__init__("", markup=False, **kwargs)
        self.seats = tuple(seats)
        self.paused = False
        self.speed = 2 if self.watching else 0
        self.thinking: int | None = None  # the side thinking now
        self._token = 0  # which game the running thought was about
        self._timer: Any = None
        self._step_once = False
        # Against a person in a game with secrets, the computer's reasons
        # (which name its secret orders and what it knows) wait for the end.
        self.held_reasons: list[str] = []

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
        if game.outcome is not None and self.held_reasons:
            for line in self.held_reasons:
                self.screen.log_line(line)
            self.held_reasons = []
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

    @staticmethod
    def _game_token(game: Any) -> int:
        return len(game.orders)

    def _think(self, side: int) -> None:
        from core.ai import decide

        self._timer = None
        self._step_once = False
        game = self.screen.game
        if side not in game.to_act:
            return
        self.thinking = side
        self._token = self._game_token(game)
        level = self.seats[side]
        self._show()
        self.run_worker(lambda: (game, side, decide(game, side, level)), name=f"computer-{side}",
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
        game, side, choice = event.worker.result
        self.thinking = None
        screen = self.screen
        if screen.game is not game:
            self.poke()  # the game moved on while it thought (the person wrote orders): think again
            return
        line = f"» {game.players[side]} ({self.seats[side]}): {choice.reason}"
        if self.keeps_secrets(game):
            self.held_reasons.append(line)
            screen.log_line(f"» {game.players[side]} ({self.seats[side]}) gave an order (its reasons are "
                            "shown when the game ends)")
        else:
            screen.log_line(line)
        screen.submit(choice.order)
        self._show()

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


def computer_seats(screen: Any, seats: tuple[str, str] | None) -> ComputerSeats | None:
    """The computer player for a game screen, or None when two people play;
    binds the watching keys on the screen."""
    seats = tuple(seats or PEOPLE)
    if not any(is_computer(s) for s in seats):
        return None
    player = ComputerSeats(seats, id="computer")
    if player.watching:
        screen._bindings.bind("P", "computer('pause')", "Pause")
        screen._bindings.bind("full_stop", "computer('step')", "Step", show=False)
        screen._bindings.bind("plus,equals_sign", "computer('faster')", "Faster", show=False)
        screen._bindings.bind("minus", "computer('slower')", "Slower", show=False)
    return player
