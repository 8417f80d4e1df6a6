"""A match: one game's life, owned below the screens.

A :class:`Match` owns the :class:`core.seats.Table` and everything around
the game that is not a rule:

* who fills each seat (``kinds``): a person at this keyboard (``"human"``),
  a person elsewhere (``"remote"``: another terminal reaches the seat), or
  the computer at a level (``"easy"``, ``"normal"``, ``"hard"``), which the
  match seats as a :class:`match.computer.ComputerClient`;
* persistence, one listener for every mode: every order is saved through
  the injected ``saver(game, pending, kinds)`` (the match touches no file;
  the TUI passes a save file's ``save``), with the drafts of every seat
  (``Seat.put_drafts``) beside the game in ``pending``, whoever holds them.
  ``strict`` (a game others play from elsewhere) saves each order *before*
  it is taken and refuses it when the save fails (the table's keeper);
  otherwise the order is taken, then saved, and a failed save is told and
  retried by ``save()``;
* take-back (``core.game.take_back_refusal``), the rematch and the next
  game (Optio's battle);
* the computer's reasons (:class:`Reason`: each with the index of the
  order it preceded, its side and how many of the game's events came
  before that order), noted by its clients just before each order is
  taken and saved beside the game in ``pending["reasons"]`` (at most
  ``MAX_REASONS``, the newest), so a screen that continues the game shows
  them again (or holds them back until the end, as before).  They are
  read back strictly (``checked_reasons``: an entry that does not fit the
  game is dropped, never an error).  A server's match keeps them in its
  store the same way, and its referee sends them to the seats that may
  read them (``net.sending.reasons_readable``).

Subscribers (``subscribe(callback)``) are told of every change with a
:class:`Notice`, on whichever thread made it (the thread of the seat that
gave the order, the computer's, a signal handler's): a screen posts a
message to itself from there and touches nothing else.  Every change of
the table, every save and every snapshot holds ``lock``, so seats may be
used from several threads.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import attrs

from core import game as core_game
from core.events import Event
from core.orders import Order
from core.ruleset import Rejection
from core.seats import LocalSeat, Seat, SeatGame, Table, private_ruleset

HUMAN = "human"
REMOTE = "remote"
LEVELS = ("easy", "normal", "hard")
MAX_DRAFTS = 8
MAX_REASONS = 1000  # the newest kept and saved (a long game's computer gives a few hundred orders)
MAX_REASON_TEXT = 500  # characters of one reason

Saver = Callable[[core_game.Game, dict, tuple[str, str]], Any]


def is_computer(kind: Any) -> bool:
    """A seat filled by the computer: a level name (or a ``core.ai.Level``)."""
    return kind in LEVELS or hasattr(kind, "iterations")


def kind_name(kind: Any) -> str:
    """How a seat's filler is saved: "human", "remote" or the level's name."""
    return str(getattr(kind, "name", kind))


@attrs.frozen
class Reason:
    """The computer's reason for an order: ``order`` is that order's index
    in the game, ``at`` how many of the whole game's events came before it
    (where the reason stands in the log), ``side`` who gave it."""

    order: int
    side: int
    at: int
    text: str

    def to_data(self) -> dict:
        return {"order": self.order, "side": self.side, "at": self.at, "text": self.text}


def reason_text(text: Any) -> str:
    """A reason as it may be shown and saved: one line of printable text
    (control and format characters become spaces), at most
    ``MAX_REASON_TEXT`` characters."""
    import unicodedata

    kept = "".join(" " if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") else ch for ch in str(text))
    return " ".join(kept.split())[:MAX_REASON_TEXT]


def checked_reasons(raw: Any, game: core_game.Game) -> list[Reason]:
    """The reasons of a save's ``pending["reasons"]`` that fit ``game``:
    anything odd is dropped, entry by entry, never an error.  An entry is
    an object with exactly ``order`` (an order of the game), ``side`` (the
    side that gave that order), ``at`` (0 to the number of events) and
    ``text`` (printable, not empty, at most ``MAX_REASON_TEXT``
    characters); entries come in the order of the game (neither ``order``
    nor ``at`` goes back), one per order; the newest ``MAX_REASONS``."""
    if not isinstance(raw, list):
        return []
    kept: list[Reason] = []
    orders, events = len(game.orders), len(game.log)
    for entry in raw[-MAX_REASONS:]:
        if not isinstance(entry, dict) or set(entry) != {"order", "side", "at", "text"}:
            continue
        order, side, at, text = entry["order"], entry["side"], entry["at"], entry["text"]
        if type(order) is not int or type(side) is not int or type(at) is not int or type(text) is not str:
            continue
        if not 0 <= order < orders or side not in (0, 1) or getattr(game.orders[order], "side", None) != side:
            continue
        if not 0 <= at <= events or not text or reason_text(text) != text:
            continue
        if kept and (order <= kept[-1].order or at < kept[-1].at):
            continue
        kept.append(Reason(order, side, at, text))
    return kept


@attrs.frozen
class Notice:
    """What changed in a match.  ``kind``:

    * ``"order"`` -- an order was taken (``events``: all it caused; a
      screen shows its seat's share through the seat);
    * ``"taken-back"`` -- ``side`` took back its last order (``order``);
    * ``"drafts"`` -- ``side`` handed in its drafts;
    * ``"saved"`` / ``"save-failed"`` (``reason``) / ``"saved-again"``;
    * ``"new-game"`` -- the rematch or the next game is on the table;
    * ``"computer"`` -- a computer seat changed state (``side``, ``reason``:
      its words; see ``match.computer``).
    """

    kind: str
    side: int | None = None
    events: tuple[Event, ...] = ()
    reason: str = ""
    order: Order | None = None


class Match:
    """One game's life (see the module docstring)."""

    def __init__(self, game: core_game.Game, kinds: tuple[Any, Any] = (HUMAN, HUMAN),
                 saver: Saver | None = None, strict: bool = False,
                 drafts: list[dict] | None = None, computers: bool = True, lock: Any = None,
                 table: Table | None = None, reasons: Any = None) -> None:
        self.lock = lock if lock is not None else threading.RLock()  # a host's, when it serves the table
        self.saver = saver
        self.strict = strict
        self._subscribers: list[Callable[[Notice], None]] = []
        self._unlisten: list[Callable[[], None]] = []
        self.save_failed = False
        self.save_problem = ""
        self.saved_orders = 0
        self._on_disk: core_game.Game | None = None
        self.computers: dict[int, Any] = {}
        self._pace: dict[str, Any] = {}
        self._start_computers = computers
        self._reasons: list[Reason] = []
        self._seat_table(game, kinds, drafts, table)
        self.restore_reasons(reasons)

    # -- the table and its seats ---------------------------------------------------
    def _seat_table(self, game: core_game.Game, kinds: tuple[Any, Any], drafts: list[dict] | None,
                    table: Table | None = None) -> None:
        """Seat ``game`` at a new table (or at ``table``, which holds it: a
        host's, served before this match took it up)."""
        for unlisten in self._unlisten:
            unlisten()
        self.kinds: tuple[Any, Any] = (kinds[0], kinds[1])
        self.table = table if table is not None else Table(game)
        for side in (0, 1):
            mine = [d for d in drafts or () if isinstance(d, dict) and d.get("side") == side]
            if mine:
                self.table.put_drafts(side, mine)
        if self.strict:
            self.table.keeper = self._keep
        self._unlisten = [self.table.listen(self._changed), self.table.listen_drafts(self._drafts_in)]

    @property
    def game(self) -> core_game.Game:
        """The whole game: for the match's owner (saving, watching it again)."""
        return self.table.game

    @property
    def version(self) -> int:
        return self.table.version

    def seat(self, side: int | None) -> LocalSeat:
        return self.table.seat(side)

    def snapshot(self, side: int | None) -> SeatGame:
        """A consistent moment of ``side``'s seat (taken under the lock)."""
        with self.lock:
            return self.seat(side).snapshot()

    def submit(self, seat: Seat, order: Order, version: int | None = None) -> Rejection | tuple[Event, ...] | None:
        """``seat.submit(order)`` under the lock; with ``version``, only if
        the game is still there (None when it moved on)."""
        with self.lock:
            if version is not None:
                return seat.submit_at(version, order)
            return seat.submit(order)

    def fills(self, side: int) -> Any:
        return self.kinds[side]

    @property
    def watching(self) -> bool:
        """The computer plays both sides: people only watch."""
        return all(is_computer(k) for k in self.kinds)

    @property
    def one_keyboard(self) -> bool:
        """Nobody plays from elsewhere."""
        return REMOTE not in self.kinds

    # -- notices -----------------------------------------------------------------
    def subscribe(self, callback: Callable[[Notice], None]) -> Callable[[], None]:
        """``callback(notice)`` after every change, on the changing thread."""
        self._subscribers.append(callback)
        return lambda: self._subscribers.remove(callback) if callback in self._subscribers else None

    def tell(self, notice: Notice) -> None:
        for callback in list(self._subscribers):
            try:
                callback(notice)
            except Exception:  # noqa: BLE001 - one subscriber's fault never stops the match
                pass

    def _changed(self, events: tuple[Event, ...]) -> None:
        if not self.strict or self.table.game is not self._on_disk:
            self._save(self.table.game)
        if events:
            self.tell(Notice("order", events=events))

    def _drafts_in(self, side: int) -> None:
        self.tell(Notice("drafts", side=side))

    # -- persistence: one listener for every mode ----------------------------------
    def pending(self, game: core_game.Game | None = None) -> dict:
        """What is saved beside the game (``game``: the one being saved, by
        default the table's): the drafts of every seat and the computer's
        reasons for its orders."""
        drafts = self.table.drafts()[:MAX_DRAFTS]
        reasons = self.saved_reasons(game)
        return {**({"drafts": drafts} if drafts else {}), **({"reasons": reasons} if reasons else {})}

    # -- the computer's reasons ------------------------------------------------------
    def reasons(self) -> tuple[Reason, ...]:
        """The computer's reasons for the orders of the game so far, in order."""
        with self.lock:
            taken = len(self.table.game.orders)
            return tuple(r for r in self._reasons if r.order < taken)

    def saved_reasons(self, game: core_game.Game | None = None) -> list[dict]:
        """The reasons as ``pending["reasons"]`` holds them, for the orders of
        ``game`` (by default the table's): at most ``MAX_REASONS``, the newest."""
        with self.lock:
            taken = len((game if game is not None else self.table.game).orders)
            return [r.to_data() for r in self._reasons if r.order < taken][-MAX_REASONS:]

    def note_reason(self, side: int, text: str) -> Reason:
        """A computer's reason for the order it gives next (under the lock,
        just before it is submitted): kept, and saved with that order."""
        with self.lock:
            game = self.table.game
            reason = Reason(len(game.orders), side, len(game.log), reason_text(text))
            self._reasons = [r for r in self._reasons if r.order < reason.order][-(MAX_REASONS - 1):] + [reason]
            return reason

    def drop_reason(self, reason: Reason) -> None:
        """The order ``reason`` was for was not taken."""
        with self.lock:
            self._reasons = [r for r in self._reasons if r is not reason]

    def restore_reasons(self, raw: Any) -> list[Reason]:
        """The reasons of a save's ``pending["reasons"]`` (``checked_reasons``),
        given before any of this process: the game continues with them."""
        with self.lock:
            self._reasons = checked_reasons(raw, self.table.game)
            return list(self._reasons)

    def put_drafts(self, side: int, drafts: list[dict], save: bool = False) -> None:
        """``side``'s drafts (a screen's, or a remote seat's), saved now with ``save``."""
        with self.lock:
            self.table.put_drafts(side, drafts)
            if save:
                self._save(self.table.game, force=True)

    def save(self, force: bool = True) -> str | None:
        """Save the game and every draft now (ctrl+s, quitting, a signal, a
        retry); None once saved, else why not."""
        with self.lock:
            return self._save(self.table.game, force=force)

    def _keep(self, game: core_game.Game) -> str | None:
        """The strict table's keeper: saved before the order is taken."""
        problem = self._save(game)
        if problem is None:
            return None
        return (f"The game cannot be saved just now: {problem}. No order is taken until it can be; "
                "nothing played so far is lost.")

    def _save(self, game: core_game.Game, force: bool = False) -> str | None:
        saver = self.saver
        if saver is None:
            return None
        if game is self._on_disk and not force:
            return None
        try:
            saver(game, self.pending(game), (kind_name(self.kinds[0]), kind_name(self.kinds[1])))
        except Exception as exc:  # noqa: BLE001 - a save that fails is a reason, never a dead thread
            problem = str(getattr(exc, "problem", "") or exc or type(exc).__name__)
            was = self.save_failed
            self.save_failed, self.save_problem = True, problem
            if not was:
                self.tell(Notice("save-failed", reason=problem))
            return problem
        self._on_disk = game
        self.saved_orders = len(game.orders)
        if self.save_failed:
            self.save_failed, self.save_problem = False, ""
            self.tell(Notice("saved-again"))
        self.tell(Notice("saved"))
        return None

    # -- take-back, the rematch, the next game --------------------------------------
    def take_back_side(self, side: int) -> int:
        """Whose last order ctrl+z at ``side``'s turn takes back: its own;
        in a hot-seat game of a ruleset with nothing hidden, the last order
        whoever gave it, when a person at this keyboard did (both players
        sit there, and in Spheres of War every Action passes the keyboard,
        so nobody could ever take one back).  The screen asks first."""
        game = self.table.game
        last = game.orders[-1].side if game.orders else side
        if last != side and last in (0, 1) and self.one_keyboard and not is_computer(self.kinds[last]) \
                and not private_ruleset(game.ruleset):
            return last
        return side

    def take_back(self, side: int) -> Rejection | Order:
        """``side`` takes back its last order, if the rule allows (and no
        player elsewhere has seen it): the order taken back, or why not."""
        with self.lock:
            if not self.one_keyboard:
                return Rejection("not-here", "Only in a game played at one keyboard (for now).")
            game = self.table.game
            refusal, earlier = core_game.take_back_refusal(game, side)
            if refusal is not None:
                return refusal
            assert earlier is not None
            order = game.orders[-1]
            self._reasons = [r for r in self._reasons if r.order < len(earlier.orders)]
            self.table.replace(earlier)  # saved by the listener
            self.tell(Notice("taken-back", side=side, order=order))
            return order

    def rematch(self, saver: Saver | None = None) -> core_game.Game:
        """The same battle again, each player (and computer) at the other
        side, with fresh dice; the game over is left to its save."""
        game = self.table.game
        players = (game.players[1], game.players[0])
        fresh = core_game.start(game.ruleset, game.options, game.battlefield, seed=game.seed + 1, players=players)
        self.next_game(fresh, (self.kinds[1], self.kinds[0]), saver)
        return fresh

    def next_game(self, game: core_game.Game, kinds: tuple[Any, Any] | None = None,
                  saver: Saver | None = None) -> None:
        """Put the next game on the table (Optio's battle, a rematch):
        whoever filled each seat fills it again unless ``kinds`` says
        otherwise; ``saver`` (its own save file) replaces the old one."""
        pace = self.stop_computers()
        with self.lock:
            if saver is not None:
                self.saver = saver
            self._on_disk = None
            self.save_failed, self.save_problem, self.saved_orders = False, "", 0
            self._reasons = []
            self._seat_table(game, kinds or self.kinds, None)
            self._save(game)
        self.tell(Notice("new-game"))
        if self._start_computers:
            self.start_computers(pace)

    # -- the computer's seats ---------------------------------------------------------
    def start_computers(self, pace: dict | None = None) -> dict[int, Any]:
        """Seat a :class:`match.computer.ComputerClient` at every seat the
        computer fills (its own thread each); ``pace``: as ``stop_computers``
        left it."""
        from match.computer import ComputerClient

        for side in (0, 1):
            if is_computer(self.kinds[side]) and side not in self.computers:
                client = ComputerClient(self, side, self.kinds[side])
                client.set_pace(**(pace or self._pace))
                self.computers[side] = client.start()
        return self.computers

    def stop_computers(self) -> dict:
        """Stop the computer's seats; their pace (paused, delay) to carry on."""
        clients, self.computers = self.computers, {}
        for client in clients.values():
            self._pace = client.pace()
            client.stop()
        return dict(self._pace)

    def close(self) -> None:
        """The match is over for this process: its computers stop, and it
        saves nothing more.  A table that outlives it (a host still serving
        it) keeps no hook into its saver, whose file may by then be another
        game's."""
        self.stop_computers()
        for unlisten in self._unlisten:
            unlisten()
        self._unlisten = []
        with self.lock:
            self.saver = None
            if self.table.keeper == self._keep:
                self.table.keeper = None

    def wait(self, done: Callable[[], bool], timeout: float) -> bool:
        """Block until ``done()`` (checked after every notice), at most
        ``timeout`` seconds: for tests and headless play."""
        changed = threading.Event()
        unsubscribe = self.subscribe(lambda _notice: changed.set())
        try:
            import time

            end = time.monotonic() + timeout
            while not done():
                left = end - time.monotonic()
                if left <= 0:
                    return False
                changed.wait(min(left, 0.5))
                changed.clear()
            return True
        finally:
            unsubscribe()
