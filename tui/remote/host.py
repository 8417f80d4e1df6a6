"""The hosting side: the table with the game, and the socket the other
seat (and any onlookers) connect to.

One thread accepts connections and one thread serves each.  Every change
of the game happens under one lock, through :class:`core.seats.Table`, and
is followed by the table's listeners (the autosave first) and an update to
every connection with what its seat may see -- nothing else ever leaves
this process: a joiner's update is built from ``view(side)``,
``legal_orders(side)`` and ``log_for(side)`` only, with the dice seed
blanked.

No peer can stop the host or stall anyone.  At most ``MAX_PENDING``
connections, ``MAX_PENDING_PER_ACCOUNT`` of them from one account, may be
saying their hello at once (more are closed at once), and the whole hello
must come within ``HELLO_DEADLINE``; accepting goes on after any error.
Updates are built under the lock but only queued there: each connection has
a bounded queue and a thread of its own that writes it, and a connection
whose queue fills (or that takes nothing for ``SEND_TIMEOUT``) is dropped,
the reason kept in ``Host.dropped``.

A connection's first message must be a ``hello``; the host then proves it
holds the join code and the joiner proves it does too (the code itself
never travels: :mod:`tui.remote.proof`).  A wrong code, a malformed or
oversized message, an order out of turn or for the other side is answered
with a refusal and changes nothing.

When a game is over the host may begin the next one (:meth:`Host.next_game`:
a rematch, Optio's battle) with the same code: everyone connected is told
``next`` and hung up on, and connects again to that game, whose seed the
two seats make afresh.
"""

from __future__ import annotations

import errno
import os
import re
import socket
import struct
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from core.events import Event
from core.orders import OrderSyntaxError
from core.ruleset import Rejection
from core.seats import Facts, LocalSeat, Table, wrong_side
from tui.remote import fairdice, proof, wire
from tui.remote.connection import Connection
from tui.remote.rendezvous import remove_socket, socket_path

HELLO_DEADLINE = 10.0  # seconds for the whole hello, however slowly it comes
MAX_PENDING = 32  # connections not yet through their hello: more are closed at once
MAX_PENDING_PER_ACCOUNT = 4  # of those, from one account (another cannot crowd the joiner out)
ACCEPT_BACKOFF = 0.05  # seconds to wait when accepting fails (no file descriptors left, ...)
CLOSE_WAIT = 1.0  # seconds the last words (a refusal, "closing") may take to leave
MAX_WATCHERS = 4
MAX_NAME = 40
DEFAULT_NAME = re.compile(r"Player [12]")  # what the new-game form fills in


def joiner_name(facts: Facts, side: int, name: str) -> Facts:
    """The facts with the joining side's name replaced by the name the
    joiner gave, when the host left that side's name at the form's default
    ("Player 2"); otherwise (the host named the side, or the name is empty,
    unsafe to the last character or the other side's) unchanged."""
    import attrs

    from saves.store import safe_name

    players = list(facts.players)
    given = safe_name(name[:MAX_NAME]) if name.strip() else ""
    if not DEFAULT_NAME.fullmatch(players[side]) or given in ("", "Player", players[1 - side]):
        return facts
    players[side] = given
    return attrs.evolve(facts, players=tuple(players))


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
        self.form_facts = facts  # as the host chose them, before any joiner's name
        self.remote_side = remote_side
        self.code = code
        self.hosting = dict(hosting)
        self.make_game = make_game
        self.allow_watchers = watchers
        self.lock = threading.RLock()
        self.table: Table | None = Table(game) if game is not None else None
        self.connections: list[Connection] = []  # through their hello
        self.pending: set[Connection] = set()  # not yet through it (at most MAX_PENDING)
        self.pending_lock = threading.Lock()  # not the game's: accepting never waits for a move
        self.dropped: deque[str] = deque(maxlen=50)  # why connections were dropped, latest last
        self.player: Connection | None = None
        self.listeners: list[Callable[[], None]] = []
        self.saver: Callable[[], None] | None = None  # called after every change, before any update
        self.path: Path | None = None
        self.server: socket.socket | None = None
        self.closed = False
        self.started = threading.Event()
        self.games = 0  # how many games this host has begun after its first (next_game)
        if self.table is not None:
            self._attach()
            self.started.set()

    # -- the table ---------------------------------------------------------------
    def _attach(self) -> None:
        table = self.table
        # A game that is over and followed by the next one tells nobody anything.
        table.listen(lambda events: self._changed(events) if self.table is table else None)

    def seat(self, side: int | None) -> GuardedSeat:
        return GuardedSeat(self, side)

    @property
    def joined(self) -> bool:
        return self.player is not None and self.player.alive

    @property
    def watchers(self) -> int:
        """How many onlookers are connected."""
        return sum(1 for c in list(self.connections) if getattr(c, "role", None) == "watch" and c.alive)

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
        if self.table is None:
            return  # waiting for the joiner's half of the seed
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
        """Accept until the host closes, whatever happens: no error ends
        this loop (out of descriptors, out of threads: wait a moment and go
        on)."""
        server = self.server
        assert server is not None  # open() made it before this thread began
        while not self.closed:
            try:
                sock, _ = server.accept()
            except OSError as exc:
                if self.closed:
                    return
                scarce = exc.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)
                time.sleep(ACCEPT_BACKOFF if scarce else ACCEPT_BACKOFF / 10)
                continue
            except Exception:  # noqa: BLE001 - whatever it was, the loop goes on
                time.sleep(ACCEPT_BACKOFF)
                continue
            try:
                self._admit(sock)
            except Exception:  # noqa: BLE001 - no thread to be had, or worse: this one waits
                _discard(sock)
                time.sleep(ACCEPT_BACKOFF)

    def _admit(self, sock: socket.socket) -> None:
        """A new connection gets a thread for its hello, unless MAX_PENDING
        others, or MAX_PENDING_PER_ACCOUNT from its account, are still
        saying theirs: then it is closed at once (the joiner tries again;
        the seats already connected notice nothing)."""
        if self.closed:
            _discard(sock)
            return
        account = peer_account(sock)
        with self.pending_lock:
            mine = sum(c.account == account for c in self.pending)
            if len(self.pending) >= MAX_PENDING or mine >= MAX_PENDING_PER_ACCOUNT:
                _discard(sock)
                return
            conn = Connection(self, sock)
            conn.account = account
            self.pending.add(conn)
        try:
            threading.Thread(target=self._serve, args=(conn,), name="skirmish-peer", daemon=True).start()
        except BaseException:
            with self.pending_lock:
                self.pending.discard(conn)
            raise

    def next_game(self, facts: Facts, remote_side: int, hosting: dict, make_game: Callable[[int], Any],
                  reason: str = "The host has begun the next game.") -> None:
        """Begin the game after this one, with the same code: ``facts`` and
        ``remote_side`` (the joiner's side in it), a new half of the seed in
        ``hosting``, and ``make_game(seed)`` to build it once the joiner's new
        half has come.  Everyone connected is told ``next`` and hung up on;
        they connect again to this game (the joiner at once, by itself)."""
        with self.lock:
            self.facts = self.form_facts = facts
            self.remote_side = remote_side
            self.hosting, self.make_game = dict(hosting), make_game
            self.table = None
            self.started.clear()
            self.games += 1
            leaving, self.connections, self.player = list(self.connections), [], None
            for conn in leaving:
                conn.send_message("next", reason=reason)
                conn.finish()
        self._notify()

    def close(self, reason: str = "The host has stopped.") -> None:
        """Tell everyone connected why, and stop listening."""
        self.closed = True
        with self.lock:
            leaving = list(self.connections)
            for conn in leaving:
                conn.send_message("closing", reason=reason)
                conn.finish()
            self.connections.clear()
            self.player = None
        with self.pending_lock:
            waiting = list(self.pending)
        for conn in waiting:
            conn.hang_up()
        if self.server is not None:
            try:
                self.server.shutdown(socket.SHUT_RDWR)  # wakes the accepting thread
            except OSError:
                pass
            _discard(self.server)
        if self.path is not None:
            remove_socket(self.path)
        end = time.monotonic() + CLOSE_WAIT  # the last words leave, or not: nobody waits longer
        for conn in leaving:
            conn.flushed(max(0.0, end - time.monotonic()))
            conn.hang_up()

    # -- one connection ----------------------------------------------------------
    def _serve(self, conn: Connection) -> None:
        was_player = False
        try:
            conn.deadline = time.monotonic() + HELLO_DEADLINE  # one for the whole hello
            try:
                said = self._hello(conn)
            finally:
                conn.deadline = None
                with self.pending_lock:
                    self.pending.discard(conn)
            if said:
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
            conn.release(CLOSE_WAIT)
            if was_player or getattr(conn, "role", None) == "watch":
                self._notify()

    def _hello(self, conn: Connection) -> bool:
        """The hello, then the proofs that both sides hold the code (which
        never travels: :mod:`tui.remote.proof`), then the welcome.  Nothing
        about the game is sent before the joiner's proof checks out."""
        message = self._read_hello(conn, "hello")
        if message is None:
            return False
        challenge = message["challenge"]
        if not proof.is_token(challenge):
            conn.refuse("bad-message", "A hello needs a fresh challenge (64 hex digits).")
            return False
        host_nonce = proof.new_token()
        conn.send_message("prove", host_nonce=host_nonce, mac=proof.host_proof(self.code, challenge, host_nonce))
        answer = self._read_hello(conn, "answer")
        if answer is None:
            return False
        if not proof.same(answer["mac"], proof.joiner_proof(self.code, host_nonce, challenge)):
            conn.refuse("wrong-code", "That is not this game's code.")
            return False
        role = message["role"]
        with self.lock:
            if role == "player":
                if self.joined:
                    conn.refuse("seat-taken", "The other seat is already taken.")
                    return False
                if self.table is None:  # not started: the joiner's own name may stand
                    self.facts = joiner_name(self.form_facts, self.remote_side, message["name"])
                conn.side = self.remote_side
                self.player = conn
            elif role == "watch" and self.allow_watchers:
                if sum(c.role == "watch" for c in self.connections) >= MAX_WATCHERS:
                    conn.refuse("full", "Too many onlookers already.")
                    return False
                conn.side = None  # before the start it waits, as the joiner does
            else:
                conn.refuse("no-onlookers", "This game takes no onlookers.")
                return False
            conn.role = role
            conn.send_message("welcome", side=conn.side, commit=self.hosting.get("commit", ""),
                              started=self.table is not None,
                              **wire.facts_out(self.facts))
            self.connections.append(conn)
            self._update(conn)
        self._notify()  # a joiner, or an onlooker: the host's screen says who is there
        return True

    @staticmethod
    def _read_hello(conn: Connection, kind: str) -> dict | None:
        """One message of the hello, which must be of ``kind`` (else refused: None)."""
        try:
            line = conn.read()
            if line is None:
                return None
            message = wire.decode(line, wire.CLIENT_MESSAGES, wire.CLIENT_MAX)
        except wire.WireError as exc:
            conn.refuse("bad-message", str(exc))
            return None
        if message["type"] != kind:
            conn.refuse("bad-message", f"A {kind!r} message was expected.")
            return None
        return message

    def _begin(self, conn: Connection, nonce: str) -> None:
        """The joiner's half of the seed has come: start the game."""
        if conn is not self.player:  # an onlooker's: refused without taking the game's lock
            conn.refuse("not-now", "A half of the seed is taken only from the joiner, before the game.")
            return
        with self.lock:
            if self.table is not None or conn is not self.player or not fairdice.is_half(nonce):
                conn.refuse("not-now", "A half of the seed is taken only from the joiner, before the game.")
                return
            self.hosting["joiner"] = nonce
            game = self.make_game(fairdice.seed_from(self.hosting["host"], nonce))
            if tuple(game.players) != tuple(self.facts.players):  # the joiner's own name
                from core.game import start

                game = start(game.ruleset, game.options, game.battlefield, game.seed, self.facts.players)
            self.table = Table(game)
            self._attach()
            conn.send_message("seed", status="agreed")
            for each in list(self.connections):
                each.sent_events = 0
                self._update(each)
        self.started.set()
        self._notify()

    def _talk(self, conn: Connection) -> None:
        while not self.closed:
            conn.wait_for_room()
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
            elif kind == "order" and self.table is not None:
                self._order(conn, message["text"])
            elif kind == "nonce":
                self._begin(conn, message["nonce"])
            else:
                conn.refuse("not-now", f"A {kind!r} message is not expected now.")

    def _order(self, conn: Connection, text: str) -> None:
        rules = self.facts.ruleset
        try:
            order = rules.parse_order(text)
        except (OrderSyntaxError, ValueError) as exc:
            conn.send_message("result", ok=False, code="bad-order", message=str(exc)[:200])
            return
        refused = wrong_side(conn.side, order)  # needs no lock: a flood of these never holds it
        if refused is not None:
            conn.send_message("result", ok=False, code=refused.code, message=refused.message)
            return
        with self.lock:
            if self.table is None:
                conn.send_message("result", ok=False, code="not-started", message="The game has not started.")
                return
            result = self.table.seat(conn.side).submit(order)
            if isinstance(result, Rejection):
                conn.send_message("result", ok=False, code=result.code, message=result.message)
            else:
                conn.send_message("result", ok=True, code="", message="")


def peer_account(sock: socket.socket) -> int | None:
    """The account (uid) of the process at the other end, None if unknown."""
    try:
        creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    except (OSError, AttributeError):
        return None
    return struct.unpack("3i", creds)[1]


def _discard(sock: socket.socket) -> None:
    try:
        sock.close()
    except OSError:
        pass


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
