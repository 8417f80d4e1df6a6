"""The joining side: a :class:`core.seats.Seat` over the host's socket.

It holds only what the host sends for its seat -- the view, the legal
orders, the events its side may read, the orders it may know -- and reads
every message as strictly as the host reads its own.  A reader thread
keeps the copy current and calls the subscribers (on that thread) after
each change; when the host goes away (it stopped, or the line dropped) the
seat says so in ``status`` and tries again every second, so the same code
rejoins when the host is back.

When the host begins the game after this one (a rematch, Optio's battle)
the seat's ``status`` becomes ``"next"`` and it stops: the seat of that
game is a new :class:`RemoteSeat` with the same code (``follow()``), so
whatever shows this game keeps it as it ended.
"""

from __future__ import annotations

import queue
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

import attrs

from core.events import Event
from core.orders import Order
from core.ruleset import Outcome, Rejection
from core.seats import Facts, Listener, Seat, wrong_side
from tui.remote import fairdice, wire
from tui.remote.rendezvous import socket_path

RETRY_EVERY = 1.0
ANSWER_TIMEOUT = 15.0


class JoinError(Exception):
    """The host refused us (wrong code, seat taken): trying again will not help."""


class NextGame(Exception):
    """The code now leads to another game than the one this seat holds."""


class RemoteSeat(Seat):
    def __init__(self, code: str, role: str = "player", name: str = "", retry: bool = True) -> None:
        self.code = code
        self.role = role
        self.name = name
        self.retry = retry
        self.side: int | None = None
        self._facts: Facts | None = None
        self._lock = threading.RLock()
        self._listeners: list[Listener] = []
        self._answers: queue.Queue = queue.Queue()
        self._sock: socket.socket | None = None
        self._view: Any = None
        self._to_act: frozenset[int] = frozenset()
        self._legal: tuple[Order, ...] = ()
        self._events: list[Event] = []
        self._orders: tuple[Order, ...] = ()
        self._outcome: Outcome | None = None
        self._version = -1
        self.host_version = -1
        self._half: str | None = None
        self.commit = ""
        self.status = "connecting"  # connecting, seed, playing, host-stopped, lost, refused, next
        self.reason = ""
        self.fairness = ""  # after the game: what checking the dice found
        self._stop = False
        self._thread: threading.Thread | None = None

    # -- connecting ----------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> None:
        """Connect (raises JoinError/OSError) and keep the copy current."""
        self._connect()
        self._thread = threading.Thread(target=self._run, name="skirmish-join", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + timeout
        while self._version < 0 and time.monotonic() < deadline and self.status != "refused":
            time.sleep(0.02)
        if self.status == "refused":
            raise JoinError(self.reason)
        if self._version < 0:
            raise OSError("the host did not send the game")

    def follow(self) -> None:
        """Connect in the background (trying again every second while
        nobody answers) and keep the copy current: the seat of the next game
        after a ``next``.  Subscribers hear of the first update."""

        def run() -> None:
            while not self._stop:
                try:
                    self._connect()
                    break
                except JoinError:
                    self._notify()
                    return
                except (OSError, wire.WireError, ValueError):
                    time.sleep(RETRY_EVERY)
            self._run()

        self._thread = threading.Thread(target=run, name="skirmish-join", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop = True
        sock = self._sock
        if sock is not None:
            try:
                sock.sendall(wire.encode("bye"))
            except OSError:
                pass
            try:
                sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            except OSError:
                pass

    def _connect(self) -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.connect(str(socket_path(self.code)))
        except FileNotFoundError:
            sock.close()
            raise OSError("no game is being hosted with that code (check it, or wait for the host)") from None
        except OSError:
            sock.close()
            raise
        sock.sendall(wire.encode("hello", code=self.code, role=self.role, name=self.name[:40]))
        self._sock = sock
        self._reader = sock.makefile("rb")
        message = self._read()
        if message is None:
            raise OSError("the host closed the connection")
        if message["type"] == "refused":
            self.status, self.reason = "refused", message["message"]
            raise JoinError(message["message"])
        if message["type"] != "welcome":
            raise OSError("the host did not welcome us")
        side = message["side"]
        if side not in (0, 1, None):
            raise wire.WireError("a bad side")
        facts = wire.facts_in(message)
        if self._facts is not None and (message["commit"] != self.commit or facts != self._facts):
            sock.close()  # the host has gone on to another game: ours is over
            self._sock = None
            raise NextGame()
        with self._lock:
            self.side, self._facts, self.commit = side, facts, message["commit"]
            self._events = []  # the host sends them all again
        self.status = "playing" if message["started"] else "seed"
        if not message["started"] and self.role == "player":
            self._give_half()

    def _read(self) -> dict | None:
        line = self._reader.readline(wire.HOST_MAX + 2)
        if not line:
            return None
        return wire.decode(line, wire.HOST_MESSAGES, wire.HOST_MAX)

    def _run(self) -> None:
        while not self._stop:
            try:
                self._listen()
            except (OSError, wire.WireError, ValueError) as exc:
                if self.status not in ("host-stopped",):
                    self.status, self.reason = "lost", str(exc) or "the connection dropped"
            if self._stop or not self.retry:
                break
            self._notify()
            while not self._stop:
                time.sleep(RETRY_EVERY)
                try:
                    self._connect()
                    break
                except NextGame:
                    self.status, self.reason = "next", "The host has begun the next game."
                    self._stop = True
                except JoinError:
                    self._notify()
                except (OSError, wire.WireError, ValueError):
                    continue
        self._notify()

    def _listen(self) -> None:
        while not self._stop:
            message = self._read()
            if message is None:
                if self.status != "host-stopped":
                    self.status, self.reason = "lost", "the host went away"
                return
            kind = message["type"]
            if kind == "update":
                self._take_update(message)
            elif kind == "result":
                self._answers.put(message)
            elif kind == "seed":
                pass
            elif kind == "reveal":
                self._check_dice(message)
            elif kind == "next":
                self.status, self.reason = "next", message["reason"]
                self._stop = True
                return
            elif kind == "closing":
                self.status, self.reason = "host-stopped", message["reason"]
                self._notify()
            elif kind == "refused":
                self._answers.put({"ok": False, "code": message["code"], "message": message["message"]})

    def _give_half(self) -> None:
        if not (isinstance(self.commit, str) and len(self.commit) == 64):
            raise wire.WireError("the host sent no commitment for the dice")
        self._half = fairdice.new_half()
        self._sock.sendall(wire.encode("nonce", nonce=self._half))

    def _take_update(self, message: dict) -> None:
        rules = self._facts.ruleset
        view = wire.view_in(rules, message["view"])
        events = wire.events_in(rules, message["events"])
        legal = wire.orders_in(rules, message["legal"])
        orders = wire.orders_in(rules, message["orders"])
        to_act = message["to_act"]
        if not all(type(s) is int and s in (0, 1) for s in to_act):
            raise wire.WireError("bad to_act")
        out = message["outcome"]
        outcome = None
        if out is not None:
            if set(out) != {"winner", "reason"} or out["winner"] not in (0, 1, None) or not isinstance(out["reason"], str):
                raise wire.WireError("bad outcome")
            outcome = Outcome(out["winner"], out["reason"])
        facts = self._facts
        players = wire.players_in(view.players)
        if players != facts.players:
            # An onlooker welcomed before the joiner named itself was told the
            # default name; the game's own names are the ones its log uses.
            facts = attrs.evolve(facts, players=players)
        with self._lock:
            self._facts = facts
            self._view, self._legal, self._orders = view, legal, orders
            self._to_act, self._outcome = frozenset(to_act), outcome
            self._events.extend(events)
            # Our own count: a resumed host counts from 0 again.
            self._version = max(self._version, 0) + 1
            self.host_version = message["version"]
        self.status = "playing"
        self._notify()

    def _check_dice(self, message: dict) -> None:
        """The game is over: the host's half must match its commitment, and
        the whole game replayed from the agreed seed must give us exactly
        the events we were sent."""
        from core.game import ReplayError, replay

        facts = self._facts
        joiner = self._half or message["joiner"]
        if not fairdice.matches(message["nonce"], self.commit) or not fairdice.is_half(joiner):
            self.fairness = "The host's half of the seed does not match what it promised."
        else:
            seed = fairdice.seed_from(message["nonce"], joiner)
            try:
                game = replay(facts.ruleset, facts.options, facts.battlefield, seed, facts.players,
                              list(wire.orders_in(facts.ruleset, message["orders"])))
                ok = game.log_for(self.side) == tuple(self._events)
            except (ReplayError, ValueError):
                ok = False
            self.fairness = ("Dice checked: every roll came from the seed both seats made." if ok else
                             "The dice do not match the seed both seats made.")
        self._notify()

    def _notify(self) -> None:
        for callback in list(self._listeners):
            try:
                callback()
            except Exception:
                pass

    # -- the Seat interface ---------------------------------------------------------
    @property
    def facts(self) -> Facts:
        return self._facts

    @property
    def version(self) -> int:
        return self._version

    def view(self) -> Any:
        return self._view

    def to_act(self) -> frozenset[int]:
        return self._to_act

    def outcome(self) -> Outcome | None:
        return self._outcome

    def legal_orders(self) -> list[Order]:
        return list(self._legal) if self.status == "playing" else []

    def events(self) -> tuple[Event, ...]:
        with self._lock:
            return tuple(self._events)

    def known_orders(self) -> tuple[Order, ...]:
        return self._orders

    def snapshot(self):
        with self._lock:
            return super().snapshot()

    def subscribe(self, callback: Listener) -> Callable[[], None]:
        self._listeners.append(callback)
        return lambda: self._listeners.remove(callback) if callback in self._listeners else None

    def submit(self, order: Order) -> Rejection | tuple[Event, ...]:
        refused = wrong_side(self.side, order)
        if refused is not None:
            return refused
        if self.status != "playing" or self._sock is None:
            return Rejection("offline", "Not connected to the host just now.")
        while not self._answers.empty():
            self._answers.get_nowait()
        before = len(self._events)
        try:
            self._sock.sendall(wire.encode("order", text=order.to_text()))
            answer = self._answers.get(timeout=ANSWER_TIMEOUT)
        except (OSError, queue.Empty):
            return Rejection("offline", "The host did not answer.")
        if not answer["ok"]:
            return Rejection(answer["code"] or "refused", answer["message"] or "Refused.")
        with self._lock:
            return tuple(self._events[before:])
