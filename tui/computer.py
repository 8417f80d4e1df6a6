"""The computer as one game screen sees it.

The computer plays through the match (:class:`match.computer.ComputerClient`,
one thread per side it fills), whether or not a screen is showing.  What
is left here is presentation:

* :class:`ComputerSeats` -- the match's computer clients as the screen
  shows them: who plays which side, whether one thinks or is paused, the
  reasons written in the log (held back until the end while its orders
  are secret from the person it plays; those of a game continued from
  its save are the match's, ``resume``), and the watching keys (``P``
  pauses and resumes, ``.`` plays one move while paused, ``+``/``-``
  change the pause between moves when it plays itself);
* :class:`ComputerLine` -- one line of the side panel saying so, redrawn
  from the notices the screen posts to itself (:class:`ComputerSaid`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.message import Message
from textual.widgets import Static

from match import is_computer

SPEEDS = (0.0, 0.3, 0.8, 1.5, 3.0)  # seconds between moves when watching


class ComputerSaid(Message):
    """A computer client's notice, posted by the screen to itself from the
    thread it arrived on; ``at``: how many of the game's events came before
    (a reason is written just before its order's events); ``follows``: the
    game's last order was this side's too (a run of orders in one turn)."""

    def __init__(self, side: int | None, reason: str, at: int, follows: bool = False) -> None:
        super().__init__()
        self.side, self.reason, self.at, self.follows = side, reason, at, follows


def follows_own(game: Any, index: int, side: int) -> bool:
    """Whether the game's order at ``index`` comes straight after another
    order of ``side``'s (a run of orders in one turn)."""
    return 0 < index <= len(game.orders) and game.orders[index - 1].side == side


class ComputerSeats:
    """The computer clients of one match (``clients()``: side -> client,
    read afresh: a rematch seats new ones) and who fills each side
    (``seats``: "human" or a level)."""

    def __init__(self, seats: tuple[str, str], clients: Callable[[], dict]) -> None:
        self.seats = tuple(seats)
        self.clients = clients
        self.speed = 2 if self.watching else 0
        # Against a person in a game with secrets, the computer's reasons
        # (which name its secret orders and what it knows) wait for the end.
        self.held_reasons: list[tuple[int, str]] = []
        # The reasons written in the log, each with how many of the game's
        # events came before its order (the whole-log list shows them there).
        self.notes: list[tuple[int, str]] = []
        # The sides whose held-back orders the log has already spoken of, in
        # a game of simultaneous orders (see ``reason_line``).
        self.told_secret: set[int] = set()
        # The lines written in the place of held reasons ("... gave an
        # order"), noted as the reasons are, so the log pane writes them
        # again when it is filled afresh (ctrl+z, a game continued from its
        # save); the reasons themselves take their places at the end.
        self.stand_ins: list[tuple[int, str]] = []
        # The held reasons were released (the game over was shown): a
        # reason heard later is noted as it comes (``reason_line``).
        self.released = False

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

    @property
    def thinking(self) -> int | None:
        """The side whose computer thinks now."""
        return next((s for s, c in sorted(self.clients().items()) if c.state == "thinking"), None)

    @property
    def paused(self) -> bool:
        return any(c.paused for c in self.clients().values())

    def keeps_secrets(self, game: Any) -> bool:
        caps = game.ruleset.capabilities
        return self.watcher is not None and bool(caps.hidden_information or caps.simultaneous_orders)

    # -- pace ------------------------------------------------------------------------
    def hold(self, held: bool) -> None:
        """Hold the computer while the screen still shows what it did last."""
        for client in self.clients().values():
            if held and not client.held:
                client.hold()
            elif not held and client.held:
                client.release()

    def apply_pace(self) -> None:
        for client in self.clients().values():
            client.delay = SPEEDS[self.speed] if self.watching else 0.0

    def toggle_pause(self) -> None:
        paused = self.paused
        for client in self.clients().values():
            client.resume() if paused else client.pause()

    def step(self, to_act: Any) -> None:
        """One move while paused: the computer whose side acts first."""
        clients = self.clients()
        sides = sorted(s for s in to_act if s in clients)
        if self.paused and self.thinking is None and sides:
            clients[sides[0]].step()

    def faster(self, way: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed - way))
        self.apply_pace()

    def key(self, what: str, to_act: Any) -> None:
        """A watching key: pause, step, faster, slower."""
        if what == "pause":
            self.toggle_pause()
        elif what == "step":
            self.step(to_act)
        else:
            self.faster(1 if what == "faster" else -1)

    # -- its reasons ---------------------------------------------------------------------
    def line(self, game: Any, side: int, reason: str) -> str:
        return f"» {game.players[side]} ({self.seats[side]}): {reason}"

    def reason_line(self, game: Any, side: int, reason: str, at: int, follows: bool = False) -> str:
        """The log line for a reason given before the order at ``at``:
        the reason itself, or (held back) that orders are being given, once
        for a run of the side's orders (``follows``: this order comes
        straight after another of its own, as an Optio turn's moves do, and
        a line each would fill the log with nothing but these).  Where
        both sides write orders in secret (Platemail), which characters
        have orders and how many is as secret as the orders (docs/rulings.md,
        Platemail, *Who has orders is secret*): a line per order would count
        them, so only the first held reason is spoken of; the log's own
        "commits their orders" is then the one line a Round."""
        line = self.line(game, side, reason)
        if self.released and game.outcome is not None:
            # Heard after the end was shown (the game-ending order landed
            # before its notice was read): nothing is secret now, and the
            # result took the reason from the match already.
            if (at, line) in self.notes:
                return ""
            self.notes.append((at, line))
            return line
        if self.keeps_secrets(game):
            self.held_reasons.append((at, line))
            return self.stand_in(game, side, at, follows) or ""
        self.notes.append((at, line))
        return line

    def stand_in(self, game: Any, side: int, at: int, follows: bool = False) -> str | None:
        """The line that says a held reason's order was given, noted at
        ``at``; None where it is not said (``reason_line``): after the
        first of a run of orders (``follows``), and with simultaneous
        orders after the side's first."""
        if game.ruleset.capabilities.simultaneous_orders:
            if side in self.told_secret:
                return None
            self.told_secret.add(side)
        elif follows:
            return None
        said = f"» {game.players[side]} ({self.seats[side]}) gives its orders (its reasons are shown when the game ends)"
        self.stand_ins.append((at, said))
        self.notes.append((at, said))
        return said

    def resume(self, game: Any, reasons: Any) -> None:
        """The reasons the match kept for the orders given before this
        screen was up (a game continued from its save: ``Match.reasons``),
        as if heard then: noted in their places in the log, or held back
        until the end while its orders are secret (``keeps_secrets``)."""
        ours = [r for r in reasons if self.plays(r.side)]
        lines = [(r.at, self.line(game, r.side, r.text)) for r in ours]
        if self.keeps_secrets(game) and game.outcome is None:
            self.held_reasons = lines + self.held_reasons
            notes, self.notes = self.notes, []
            for before, r in zip([None, *ours], ours):  # said as play said them: once a run
                follows = before is not None and (before.side, before.order) == (r.side, r.order - 1)
                self.stand_in(game, r.side, r.at, follows)
            self.notes += notes
        else:
            self.notes = lines + self.notes

    def release_reasons(self, game: Any = None, reasons: Any = ()) -> list[str]:
        """The game is over: the reasons held back, now noted; their lines.
        ``reasons``: the match's (``Match.reasons``), every order's, for
        those whose notice is not read yet: the order that ended the game
        may land before the screen reads its reason (a tester saw the
        template's reason missing when the person's scout made the armies
        meet and the computer placed it at once)."""
        self.released = True
        if game is not None and self.keeps_secrets(game):
            known = set(self.held_reasons) | set(self.notes)
            late = [(r.at, self.line(game, r.side, r.text)) for r in reasons if self.plays(r.side)]
            self.held_reasons += [note for note in late if note not in known]
            self.held_reasons.sort(key=lambda note: note[0])
        held, self.held_reasons = self.held_reasons, []
        self.notes = [note for note in self.notes if note not in self.stand_ins] + held
        self.stand_ins = []
        return [line for _at, line in held]

    def said(self, screen: Any, message: ComputerSaid) -> None:
        """A computer's notice, on the screen's thread: its reason in the
        log (before its order's events), a refusal or an error said."""
        reason = message.reason
        if reason.startswith("why: ") and message.side is not None:
            # After the events still being shown (the computer may answer
            # before the screen has shown what it answers).
            line = self.reason_line(screen.game, message.side, reason[5:], message.at, message.follows)
            if line:
                screen.narrator.note(line)
        elif reason.startswith("refused: "):
            screen.say(f"✗ The computer's order was refused: {reason[9:]}")
        elif reason.startswith("error: "):
            screen.say(f"! internal error: {reason[7:]}")

    def status(self, players: Any) -> str:
        side = self.thinking
        if side is not None:
            return f"{players[side]} ({self.seats[side]}) thinking…"
        if self.paused:
            return "paused: P resume · . one move"
        if self.watching:
            return f"watching: P pause · +/- speed ({SPEEDS[self.speed]:g}s)"
        return ""


class ComputerLine(Static):
    """The side panel's line about the computer (thinking, paused, watching)."""

    DEFAULT_CSS = "ComputerLine { height: 1; color: $warning; }"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("", markup=False, **kwargs)


def computer_seats(seats: tuple[str, str] | None, clients: Callable[[], dict]) -> ComputerSeats | None:
    """The computer as a game screen shows it, or None when two people play."""
    seats = tuple(seats or ("human", "human"))
    if not any(is_computer(s) for s in seats):
        return None
    return ComputerSeats(seats, clients)
