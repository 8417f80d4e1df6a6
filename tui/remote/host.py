"""The hosting side: the table with the game, and the socket the other
seat (and any onlookers) connect to.

One thread accepts connections and one thread serves each.  Every change
of the game happens under one lock, through :class:`core.seats.Table`, and
is followed by the table's listeners (the autosave first) and an update to
every connection with what its seat may see -- nothing else ever leaves
this process: a joiner's update is built from ``view(side)``,
``legal_orders(side)`` and ``log_for(side)`` only, with the dice seed
blanked.

A connection's first message must be a ``hello`` with the join code; a
wrong code, a malformed or oversized message, an order out of turn or for
the other side is answered with a refusal and changes nothing.
"""

from __future__ import annotations

import os
import select
import socket
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from core.events import Event
from core.orders import OrderSyntaxError
from core.ruleset import Rejection
from core.seats import Facts, LocalSeat, Table
from tui.remote import fairdice, wire
from tui.remote.rendezvous import remove_socket, same_code, socket_path

HELLO_TIMEOUT = 10.0
SEND_TIMEOUT = 10.0
MAX_WATCHERS = 4
MAX_NAME = 40


class GuardedSeat(LocalSeat):
    """A local seat whose submit takes the host's lock (the joiner's
    orders arrive on other threads)."""

    def __init__(self, host: Host, side: int | None) -> None:
        super().__init__(host.table, side)
        self.host = host

    def submit(self, order):
        with self.host.lock:
            return super().submit(order)

    def submit_at(self, version, order):
        with self.host.lock:  # the check and the order, with no joiner's order between them
            return super().submit_at(version, order)

    def snapshot(self):
        with self.host.lock:  # one moment, not parts of two
            return super().snapshot()

    @property
    def status(self) -> str:
        """"absent" while the other seat's player is not connected."""
        return "playing" if self.host.joined else "absent"

    @property
    def reason(self) -> str:
        return f"Join code: {self.host.code}"


class Connection:
    def __init__(self, host: Host, sock: socket.socket) -> None:
        self.host = host
        self.sock = sock
        self.reader = sock.makefile("rb")
        self.send_lock = threading.Lock()
        self.side: int | None = None
        self.role = ""
        self.sent_events = 0
        self.alive = True

    def send(self, data: bytes) -> None:
        """Send, or hang up on a reader too slow to take it within
        SEND_TIMEOUT (a joiner that stops reading must not stall the game:
        updates go out under the host's lock)."""
        with self.send_lock:
            if not self.alive:
                return
            view = memoryview(data)
            try:
                while view:
                    _, writable, _ = select.select([], [self.sock], [], SEND_TIMEOUT)
                    if not writable:
                        raise TimeoutError("the other side stopped reading")
                    view = view[self.sock.send(view):]
            except OSError:
                self.close()

    def send_message(self, kind: str, **fields: Any) -> None:
        self.send(wire.encode(kind, **fields))

    def refuse(self, code: str, message: str) -> None:
        self.send_message("refused", code=code, message=message)

    def read(self) -> bytes | None:
        """One line (None at the end); oversized lines raise WireError."""
        line = self.reader.readline(wire.CLIENT_MAX + 2)
        if not line:
            return None
        if not line.endswith(b"\n") and len(line) > wire.CLIENT_MAX:
            raise wire.WireError(f"a message is longer than {wire.CLIENT_MAX} bytes")
        return line

    def close(self) -> None:
        """Hang up.  Only the socket: its reader belongs to the serving
        thread (closing a buffered reader another thread is reading from
        waits for that read), which closes it when its read returns."""
        self.alive = False
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        try:
            self.sock.close()
        except OSError:
            pass


class Host:
    """Serves the seat of ``remote_side`` (and onlookers) over a Unix socket.

    ``game`` is the game to serve, or None for a new game that starts once
    the joiner has given its half of the seed: ``make_game(seed)`` then
    builds it.  ``hosting`` is what a save keeps to resume (the code and the
    seed halves); ``on_change()`` is called (on any thread) after every change
    and when the joiner comes or goes.
    """

    def __init__(self, facts: Facts, remote_side: int, code: str, hosting: dict,
                 game: Any = None, make_game: Callable[[int], Any] | None = None,
                 watchers: bool = True) -> None:
        self.facts = facts
        self.remote_side = remote_side
        self.code = code
        self.hosting = dict(hosting)
        self.make_game = make_game
        self.allow_watchers = watchers
        self.lock = threading.RLock()
        self.table: Table | None = Table(game) if game is not None else None
        self.connections: list[Connection] = []
        self.player: Connection | None = None
        self.listeners: list[Callable[[], None]] = []
        self.saver: Callable[[], None] | None = None  # called after every change, before any update
        self.path: Path | None = None
        self.server: socket.socket | None = None
        self.closed = False
        self.started = threading.Event()
        if self.table is not None:
            self._attach()
            self.started.set()

    # -- the table ---------------------------------------------------------------
    def _attach(self) -> None:
        self.table.listen(self._changed)

    def seat(self, side: int | None) -> GuardedSeat:
        return GuardedSeat(self, side)

    @property
    def joined(self) -> bool:
        return self.player is not None and self.player.alive

    def _notify(self) -> None:
        for callback in list(self.listeners):
            try:
                callback()
            except Exception:
                pass

    def _changed(self, _events: tuple[Event, ...]) -> None:
        # Called under the lock by Table.submit: save first, so nobody is
        # ever shown a move that a crash could lose.
        if self.saver is not None:
            self.saver()
        for conn in list(self.connections):
            self._update(conn)
        self._notify()

    def _update(self, conn: Connection) -> None:
        game = self.table.game
        rules = game.ruleset
        side = conn.side
        seat = self.table.seat(side)
        events = seat.events()
        new = events[conn.sent_events:]
        conn.sent_events = len(events)
        outcome = game.outcome
        conn.send_message(
            "update", version=self.table.version, view=wire.view_out(rules, seat.view()),
            to_act=sorted(game.to_act), legal=[o.to_text() for o in seat.legal_orders()],
            events=wire.events_out(rules, new), orders=[o.to_text() for o in seat.known_orders()],
            outcome=None if outcome is None else {"winner": outcome.winner, "reason": outcome.reason},
            present=True)
        if outcome is not None and conn.role == "player" and "host" in self.hosting:
            conn.send_message("reveal", nonce=self.hosting["host"], joiner=self.hosting.get("joiner", ""),
                              orders=[o.to_text() for o in game.orders])

    # -- the socket --------------------------------------------------------------
    def open(self) -> Path:
        self.path = socket_path(self.code, create=True)
        remove_socket_file(self.path)
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.bind(str(self.path))
        os.chmod(self.path, 0o666)  # the folder's secret name guards it
        server.listen(8)
        self.server = server
        threading.Thread(target=self._accept, name="skirmish-host", daemon=True).start()
        return self.path

    def _accept(self) -> None:
        while not self.closed:
            try:
                sock, _ = self.server.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(sock,), daemon=True).start()

    def close(self, reason: str = "The host has stopped.") -> None:
        """Tell everyone connected why, and stop listening."""
        self.closed = True
        with self.lock:
            for conn in list(self.connections):
                conn.send_message("closing", reason=reason)
                conn.close()
            self.connections.clear()
            self.player = None
        if self.server is not None:
            try:
                self.server.close()
            except OSError:
                pass
        if self.path is not None:
            remove_socket(self.path)

    # -- one connection ----------------------------------------------------------
    def _serve(self, sock: socket.socket) -> None:
        conn = Connection(self, sock)
        try:
            sock.settimeout(HELLO_TIMEOUT)
            if not self._hello(conn):
                return
            sock.settimeout(None)
            self._talk(conn)
        except (OSError, wire.WireError, ValueError):
            pass
        finally:
            with self.lock:
                if conn in self.connections:
                    self.connections.remove(conn)
                was_player = self.player is conn
                if was_player:
                    self.player = None
            conn.close()
            try:
                conn.reader.close()
            except OSError:
                pass
            if was_player:
                self._notify()

    def _hello(self, conn: Connection) -> bool:
        try:
            line = conn.read()
            if line is None:
                return False
            message = wire.decode(line, wire.CLIENT_MESSAGES, wire.CLIENT_MAX)
        except wire.WireError as exc:
            conn.refuse("bad-message", str(exc))
            return False
        if message["type"] != "hello" or not same_code(message["code"], self.code):
            conn.refuse("wrong-code", "That is not this game's code.")
            return False
        role = message["role"]
        with self.lock:
            if role == "player":
                if self.joined:
                    conn.refuse("seat-taken", "The other seat is already taken.")
                    return False
                conn.side = self.remote_side
                self.player = conn
            elif role == "watch" and self.allow_watchers and self.table is None:
                conn.refuse("not-started", "The game has not started yet.")
                return False
            elif role == "watch" and self.allow_watchers:
                if sum(c.role == "watch" for c in self.connections) >= MAX_WATCHERS:
                    conn.refuse("full", "Too many onlookers already.")
                    return False
                conn.side = None
            else:
                conn.refuse("no-onlookers", "This game takes no onlookers.")
                return False
            conn.role = role
            conn.send_message("welcome", side=conn.side, commit=self.hosting.get("commit", ""),
                              started=self.table is not None,
                              **wire.facts_out(self.facts))
            if self.table is not None:
                self.connections.append(conn)
                self._update(conn)
        if role == "player":
            self._notify()
        if self.table is None:
            return self._agree_seed(conn)
        return True

    def _agree_seed(self, conn: Connection) -> bool:
        """A new game: wait for the joiner's half, then start."""
        while True:
            line = conn.read()
            if line is None:
                return False
            try:
                message = wire.decode(line, wire.CLIENT_MESSAGES, wire.CLIENT_MAX)
            except wire.WireError as exc:
                conn.refuse("bad-message", str(exc))
                continue
            if message["type"] == "ping":
                conn.send_message("pong")
                continue
            if conn.role != "player" or message["type"] != "nonce" or not fairdice.is_half(message["nonce"]):
                conn.refuse("not-now", "The game has not started: it waits for the joiner's half of the seed.")
                continue
            with self.lock:
                if self.table is not None:  # started meanwhile (cannot happen with one player)
                    conn.refuse("not-now", "The game has started.")
                    continue
                self.hosting["joiner"] = message["nonce"]
                seed = fairdice.seed_from(self.hosting["host"], message["nonce"])
                self.table = Table(self.make_game(seed))
                self._attach()
                conn.send_message("seed", status="agreed")
                self.connections.append(conn)
                self._update(conn)
            self.started.set()
            self._notify()
            return True

    def _talk(self, conn: Connection) -> None:
        while not self.closed:
            try:
                line = conn.read()
            except wire.WireError as exc:  # oversized: no way to find the next line
                conn.refuse("bad-message", str(exc))
                return
            if line is None:
                return
            try:
                message = wire.decode(line, wire.CLIENT_MESSAGES, wire.CLIENT_MAX)
            except wire.WireError as exc:
                conn.refuse("bad-message", str(exc))
                continue
            kind = message["type"]
            if kind == "bye":
                return
            if kind == "ping":
                conn.send_message("pong")
            elif kind == "order":
                self._order(conn, message["text"])
            else:
                conn.refuse("not-now", f"A {kind!r} message is not expected now.")

    def _order(self, conn: Connection, text: str) -> None:
        rules = self.facts.ruleset
        try:
            order = rules.parse_order(text)
        except (OrderSyntaxError, ValueError) as exc:
            conn.send_message("result", ok=False, code="bad-order", message=str(exc)[:200])
            return
        with self.lock:
            result = self.table.seat(conn.side).submit(order)
            if isinstance(result, Rejection):
                conn.send_message("result", ok=False, code=result.code, message=result.message)
            else:
                conn.send_message("result", ok=True, code="", message="")


def remove_socket_file(path: Path) -> None:
    """A socket left by a host that died: nobody answers on it any more."""
    if not path.exists():
        return
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        probe.connect(str(path))
    except OSError:
        path.unlink(missing_ok=True)
    else:
        raise OSError("a game with this code is already being hosted")
    finally:
        probe.close()
