"""The joining side: a :class:`core.seats.Seat` over the host's socket.

It holds only what the host sends for its seat -- the latest view, the
legal orders, the events its side may read (at most :data:`MAX_EVENTS`),
the orders it may know -- and reads every message as strictly as the host
reads its own.  A reader thread keeps the copy current and calls the
subscribers (on that thread) after each change; orders go out through a
writer thread, so nothing here ever blocks on the host for long: a host
that stops answering leaves an order "unanswered" (:data:`UNANSWERED`), and
the next update shows whether it was taken.  When the host goes away (it
stopped, or the line dropped) the seat says so in ``status`` and tries
again every second, so the same code rejoins when the host is back; not
once the game is over (``"host-left"``: nothing will resume), nor once
another terminal of the same account has taken the seat (``"moved"``).

Joining never sends the join code: the host proves it holds it first,
after the socket's owner was checked against the account that hosted the
game when this joiner first joined (both in :mod:`net.handshake`, which
also holds :class:`JoinError` and :class:`HostError`; they are importable
from here as before).  Whatever the host sends that this Skirmish
cannot read (another version, not a Skirmish at all) is a
:class:`HostError` with a sentence, never a traceback.

When the host begins the game after this one (a rematch, Optio's battle)
the seat's ``status`` becomes ``"next"`` and it stops: the seat of that
game is a new :class:`RemoteSeat` with the same code (``follow()``), so
whatever shows this game keeps it as it ended.
"""

from __future__ import annotations

import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

import attrs

from core.events import Event
from core.orders import Order
from core.ruleset import Outcome, Rejection
from core.seats import Facts, Listener, Seat, wrong_side
from net import fairdice, keep, wire
from net.dicecheck import check_dice
from net.handshake import HostError, JoinError, check_host_account, exchange_proofs, remember_host
from net.lost import connection_words
from net.rendezvous import socket_path

RETRY_EVERY = 1.0
CONNECT_TIMEOUT = 5.0  # connecting, and each message of the hello
FIRST_UPDATE_TIMEOUT = 10.0
ANSWER_WAIT = 1.0  # how long ``submit`` waits for the host's answer before calling it unanswered
REVEAL_WAIT = 5.0  # after the game's end, how long the host has to reveal its half of the seed
MAX_EVENTS = 20_000  # events kept: a whole game's log is a few hundred
MAX_OUTBOX = 32  # orders waiting to be sent
MAX_NOTICE = 300  # characters of a notice from the host kept to show
UNANSWERED = "unanswered"  # a Rejection's code: sent, but no answer yet (not a refusal)
HOST_LEFT = ("The {keeper} has left this finished game: nothing more comes here (no rematch, nothing to wait "
             "for). q on the board, or m on the result, leaves it.")


class NextGame(Exception):
    """The code now leads to another game than the one this seat holds."""


class _Ticket:
    """An order sent, waiting for its answer (answers come in order)."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.answer: dict | None = None
        self.gave_up = False


class RemoteSeat(Seat):
    KEEPER = "host"  # who holds the game, in the words said to the player (a server's seat: "server")

    def __init__(self, code: str, role: str = "player", name: str = "", retry: bool = True) -> None:
        self.code = code
        self.role = role
        self.name = name
        self.retry = retry
        self.side: int | None = None
        self._facts: Facts | None = None
        self._lock = threading.RLock()
        self._listeners: list[Listener] = []
        self._waiting: deque[_Ticket] = deque()
        self._sock: socket.socket | None = None
        self._outbox: Any = None
        self._view: Any = None
        self._to_act: frozenset[int] = frozenset()
        self._legal: tuple[Order, ...] = ()
        self._events: list[Event] = []
        self._orders: tuple[Order, ...] = ()
        self._outcome: Outcome | None = None
        self._version = -1
        self.host_version = -1
        self.host_uid: int | None = None
        self._half: str | None = None
        self.commit = ""
        # connecting, seed, playing, host-stopped, lost, refused, next, distrusted (what answers on the code is
        # not the host: tries go on); no more tries once broken (the host misbehaved), moved or host-left
        self.status = "connecting"
        self.reason = ""
        self.fairness = ""  # after the game: what checking the dice found
        self.whole: Any = None  # after the game, once checked: the whole game replayed here (nothing secret)
        self.notice = ""  # news for the player, such as a late refusal of an order
        self.notices = 0  # how many notices came: one in the same words as the last is news again
        self.not_given = 0  # orders refused here without reaching the keeper (``_not_given``)
        self.opponent_present = True  # the last update's word: the other side's player is connected
        self.changed_at = time.monotonic()  # when the game last moved on, as this terminal heard it
        self._kept: list[dict] = []  # this seat's drafts the host kept, sent back after the welcome
        self._drafts_sent: list[dict] | None = None
        self._reveal_timer: threading.Timer | None = None
        self._stop = False
        self._thread: threading.Thread | None = None

    # -- connecting ----------------------------------------------------------------
    def start(self, timeout: float = FIRST_UPDATE_TIMEOUT) -> None:
        """Connect (raises JoinError/OSError) and keep the copy current.
        Blocks until the first update: call it off the interface's thread."""
        self._connect()
        self._thread = threading.Thread(target=self._run, name="skirmish-join", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + timeout
        while (self._version < 0 and time.monotonic() < deadline and not self._stop
               and self.status not in ("refused", "broken", "moved")):
            time.sleep(0.02)
        if self.status in ("refused", "broken", "moved"):
            raise JoinError(self.reason)
        if self._stop:
            raise OSError("joining was cancelled")
        if self._version < 0:
            raise OSError(f"the host did not send the game within {timeout:.0f} s")

    def follow(self) -> None:
        """Connect in the background (trying again every second while
        nobody answers) and keep the copy current: the seat of the next game
        after a ``next``.  Subscribers hear of the first update."""

        def run() -> None:
            while not self._stop:
                try:
                    self._connect()
                    break
                except JoinError as exc:
                    self.status, self.reason = "refused", str(exc)
                    self._notify()
                    return
                except (OSError, wire.WireError, ValueError):
                    time.sleep(RETRY_EVERY)
            self._run()

        self._thread = threading.Thread(target=run, name="skirmish-join", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Hang up (never waits on the host)."""
        self._stop = True
        self._cancel_reveal_wait()
        sock = self._sock
        if sock is not None:
            try:
                sock.send(wire.encode("bye"), socket.MSG_DONTWAIT)
            except OSError:
                pass
            self._hang_up(sock)

    @staticmethod
    def _hang_up(sock: socket.socket) -> None:
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        try:
            sock.close()
        except OSError:
            pass

    def _connect(self) -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(CONNECT_TIMEOUT)
        self._sock = sock  # so that stop() can hang up while the hello goes on
        try:
            self._hello(sock)
        except BaseException:
            self._hang_up(sock)
            if self._sock is sock:
                self._sock = None
            raise
        if self._stop:
            self._hang_up(sock)
            raise OSError("joining was cancelled")

    def _hello(self, sock: socket.socket) -> None:
        try:
            sock.connect(str(socket_path(self.code)))
        except FileNotFoundError:
            raise OSError("no game is being hosted with that code (check it, or wait for the host)") from None
        except TimeoutError:
            raise OSError(f"the host did not take the connection within {CONNECT_TIMEOUT:.0f} s") from None
        uid = check_host_account(sock, self.code)
        self._reader = sock.makefile("rb")
        message = exchange_proofs(sock, self.code, self.role, self.name, self._hello_read)
        try:
            self._welcome(sock, message)
        except wire.WireError as exc:
            raise HostError(f"the host's welcome cannot be read ({exc})") from None
        if uid is not None:
            self.host_uid = uid
            remember_host(self.code, uid)
        sock.settimeout(None)  # from now on the reader waits as long as the game does
        self._start_writer(sock)
        if not message["started"] and self.role == "player":
            self._give_half()

    def _hello_read(self) -> dict:
        try:
            message = self._read()
        except TimeoutError:
            raise OSError(f"the {self.KEEPER} did not answer within {CONNECT_TIMEOUT:.0f} s (it may be stopped)") from None
        if message is None:
            raise OSError(f"the {self.KEEPER} closed the connection")
        return message

    def _welcome(self, sock: socket.socket, message: dict) -> None:
        side = message["side"]
        if side not in (0, 1, None) or (side is None) != (self.role == "watch"):
            raise HostError("the host welcomed us to the wrong seat")
        facts = wire.facts_in(message)
        if self._facts is not None and (message["commit"] != self.commit or facts != self._facts):
            raise NextGame()  # the host has gone on to another game: ours is over
        with self._lock:
            self.side, self._facts, self.commit = side, facts, message["commit"]
            self._events = []  # the host sends them all again
            self._drafts_sent = None  # sent again on the next change: the host may have lost them
        self.status = "playing" if message["started"] else "seed"

    def _read(self) -> dict | None:
        line = self._reader.readline(wire.HOST_MAX + 2)
        if not line:
            return None
        try:
            return wire.decode(line, wire.HOST_MESSAGES, wire.HOST_MAX)
        except wire.WireError as exc:
            raise HostError(wire.unreadable(line, exc)) from None

    def _start_writer(self, sock: socket.socket) -> None:
        """Orders go out on a thread of their own: a host that stops
        reading holds up that thread, never the caller's."""
        import queue

        box: queue.Queue = queue.Queue(maxsize=MAX_OUTBOX)

        def run() -> None:
            while True:
                data = box.get()
                if data is None:
                    return
                try:
                    sock.sendall(data)
                except OSError:
                    return

        old, self._outbox = self._outbox, box
        if old is not None:
            old.put(None)
        threading.Thread(target=run, name="skirmish-join-send", daemon=True).start()

    def _send(self, data: bytes) -> bool:
        import queue

        box = self._outbox
        if box is None:
            return False
        try:
            box.put_nowait(data)
        except queue.Full:
            return False
        return True

    def _run(self) -> None:
        while not self._stop:
            try:
                self._listen()
            except HostError as exc:
                self.status, self.reason = "broken", str(exc)
            except wire.WireError as exc:
                self.status, self.reason = "broken", f"the host sent something this Skirmish cannot use ({exc})"
            except (OSError, ValueError) as exc:
                if self.status not in ("host-stopped", "broken") and not self._stop:  # not our own hangup
                    self.status, self.reason = "lost", connection_words(exc, f"the {self.KEEPER}") \
                        if isinstance(exc, OSError) else str(exc) or "the connection dropped"
            self._connection_ended()
            if self._stop or not self.retry or self.status == "broken":
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
                except HostError as exc:  # an impostor, or a host of another version: wait for the real one
                    if self.reason != str(exc):
                        self.status, self.reason = "distrusted", str(exc)
                        self._notify()
                except JoinError as exc:  # refused (the seat was taken meanwhile): say so, and go on trying
                    self.status, self.reason = "refused", str(exc)
                    self._notify()
                except (OSError, wire.WireError, ValueError):
                    continue
        self._notify()

    def _connection_ended(self) -> None:
        """Orders still waiting will not be answered on this connection;
        a game that ended without the host's reveal goes unchecked."""
        box, self._outbox = self._outbox, None
        if box is not None:
            box.put(None)
        with self._lock:
            waiting, self._waiting = list(self._waiting), deque()
        for ticket in waiting:
            ticket.answer = {"ok": False, "code": UNANSWERED,
                             "message": f"The connection dropped before the {self.KEEPER} answered."}
            ticket.done.set()
        if self._reveal_timer is not None:
            self._no_reveal(f"the {self.KEEPER} went away before revealing its half of the seed")

    def _listen(self) -> None:
        while not self._stop:
            message = self._read()
            if message is None:
                if self.status != "host-stopped" and not self._stop:  # stopped here: this end hung up
                    self.status, self.reason = "lost", "the host went away"
                return
            kind = message["type"]
            if kind == "update":
                self._take_update(message)
            elif kind in ("result", "refused"):
                self._answered(message)
            elif kind in ("seed", "pong"):
                pass
            elif kind == "drafts":  # ours, kept by the host while we were away
                self._kept = wire.drafts_in(message["drafts"], self.side)
                self._drafts_sent = self._kept
            elif kind == "reveal":
                self._check_dice(message)
            elif kind == "next":
                self.status, self.reason = "next", message["reason"]
                self._stop = True
                return
            elif kind == "closing":
                if self._outcome is not None:  # a finished game: nothing will resume, so nothing waits
                    self._ended("host-left", HOST_LEFT.format(keeper=self.KEEPER))
                    return
                self.status, self.reason = "host-stopped", message["reason"]
                self._notify()
            elif kind == "moved":  # another terminal of this account took the seat: it plays there
                self._ended("moved", "".join(c for c in message["reason"][:MAX_NOTICE] if c.isprintable()))
                return
            elif kind == "notice":  # shown to the player as it is: printable text only, capped
                self._noticed("".join(c for c in message["text"][:MAX_NOTICE] if c.isprintable()))
            else:
                raise HostError(f"the host sent a {kind!r} message in the middle of the game")

    def _noticed(self, text: str) -> None:
        """News for the player (``notice``), counted (``notices``), and told."""
        self.notice = text
        self.notices += 1
        self._notify()

    def _ended(self, status: str, reason: str) -> None:
        """Nothing more comes on this code for this seat: no rejoining."""
        self.status, self.reason, self._stop = status, reason, True
        with self._lock:
            self._version += 1  # a screen drawing from it draws afresh: no orders to give here

    def _answered(self, message: dict) -> None:
        answer = ({"ok": message["ok"], "code": message["code"], "message": message["message"]}
                  if message["type"] == "result" else
                  {"ok": False, "code": message["code"], "message": message["message"]})
        with self._lock:
            ticket = self._waiting.popleft() if self._waiting else None
        if ticket is None:
            return  # a refusal of something else (a half of the seed given twice)
        ticket.answer = answer
        ticket.done.set()
        if ticket.gave_up and not answer["ok"]:
            self._noticed(f"The {self.KEEPER} refused an order sent earlier: {answer['message'] or 'refused'}")

    def _give_half(self) -> None:
        if not (isinstance(self.commit, str) and len(self.commit) == 64):
            raise HostError("the host sent no commitment for the dice")
        self._half = fairdice.new_half()
        try:
            keep.remember_half(self.code, self.commit, self._half)  # before it is sent: ours to check with
        except OSError:
            pass  # this process still holds it; a later one will say the check cannot be made
        self._send(wire.encode("nonce", nonce=self._half))

    def _take_update(self, message: dict) -> None:
        facts = self._facts
        if facts is None:  # an update before the welcome: the host is not following the protocol
            raise wire.WireError("an update came before the welcome")
        rules = facts.ruleset
        if not isinstance(message["events"], list) or len(self._events) + len(message["events"]) > MAX_EVENTS:
            raise HostError(f"the host sent a longer log than any game has (over {MAX_EVENTS} events); "
                            "stopped listening to it")
        update = wire.update_in(rules, message)
        view = update.view
        players = wire.players_in(view.players)
        if players != facts.players:
            # An onlooker welcomed before the joiner named itself was told the
            # default name; the game's own names are the ones its log uses.
            facts = attrs.evolve(facts, players=players)
        with self._lock:
            self._facts = facts
            self._view, self._legal, self._orders = view, update.legal, update.orders
            if update.events or update.to_act != self._to_act:
                self.changed_at = time.monotonic()  # the game moved on: any wait starts again
            self._to_act, self._outcome = update.to_act, update.outcome
            self.opponent_present = update.present
            self._events.extend(update.events)
            # Our own count: a resumed host counts from 0 again.
            self._version = max(self._version, 0) + 1
            self.host_version = update.version
        self.status = "playing"
        if update.outcome is not None:
            self._await_reveal()
        self._notify()

    # -- the fair-dice check -------------------------------------------------------------
    def _await_reveal(self) -> None:
        if self.fairness or self._reveal_timer is not None:
            return
        if not self.commit:
            self.fairness = ("Dice unchecked: the host made this game's seed alone (it gave no commitment), "
                             "so there is nothing to check.")
            return
        timer = threading.Timer(REVEAL_WAIT, self._no_reveal,
                                args=(f"the host did not reveal its half of the seed within {REVEAL_WAIT:.0f} s",))
        timer.daemon = True
        self._reveal_timer = timer
        timer.start()

    def _cancel_reveal_wait(self) -> None:
        timer, self._reveal_timer = self._reveal_timer, None
        if timer is not None:
            timer.cancel()

    def _no_reveal(self, why: str) -> None:
        self._cancel_reveal_wait()
        if not self.fairness:
            self.fairness = f"Dice unchecked: {why}, so nobody can tell whether its dice were fair."
            self._notify()

    def _check_dice(self, message: dict) -> None:
        """The game is over: the host's half must match its commitment, and
        the game replayed from the agreed seed must give exactly the events,
        the outcome and the final position we were sent."""
        self._cancel_reveal_wait()
        onlooker = self.role == "watch"  # it gave no half of the seed
        mine = None if onlooker else self._half or keep.half_for(self.code, self.commit)
        with self._lock:
            seen = (tuple(self._events), self._outcome, self._view)
        self.fairness, self.whole = check_dice(self._facts, self.side, self.commit, mine, message, *seen,
                                               onlooker=onlooker)
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
        if self._facts is None:
            raise RuntimeError("the seat has not been welcomed yet")  # start() waits for the welcome
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

    def drafts(self) -> list[dict]:
        """This seat's drafts as its keeper sent them back (after a rejoin:
        what was written before the line dropped)."""
        with self._lock:
            return list(self._kept)

    def put_drafts(self, drafts: list[dict]) -> bool:
        """Send this seat's drafts to the host, which keeps them with the
        game (and gives them back when this seat joins again); sent only
        when they changed.  False when they cannot go (not connected, an
        onlooker, too many or too long)."""
        if self.side is None or self.role != "player":
            return False
        drafts = [d for d in drafts if isinstance(d, dict)]
        if drafts == self._drafts_sent:
            return True
        try:
            wire.drafts_in(drafts, self.side)
            data = wire.encode("drafts", drafts=drafts)
        except (wire.WireError, TypeError, ValueError):
            return False
        if len(data) > wire.CLIENT_MAX or self.status != "playing" or not self._send(data):
            return False
        self._drafts_sent = drafts
        return True

    def submit(self, order: Order, wait: float | None = None) -> Rejection | tuple[Event, ...]:
        """Send the order and wait at most ``wait`` (ANSWER_WAIT) seconds for
        the host's answer.  Without one in time the order is neither taken
        nor refused here: a Rejection with the code ``UNANSWERED`` says so,
        and the next update shows what the host did with it."""
        refused = wrong_side(self.side, order)
        if refused is not None:
            return refused
        return self._ask_host(wire.encode("order", text=order.to_text()), wait)

    def _ask_host(self, data: bytes, wait: float | None = None) -> Rejection | tuple[Event, ...]:
        """Send ``data`` (a message answered by a ``result``) and wait for
        the answer, as ``submit`` says: the events that came meanwhile."""
        if self.status == "moved":  # for good: another terminal plays this seat now
            return Rejection("moved", f"Not sent: {self.reason or 'this seat moved to another terminal.'}")
        if self.status != "playing" or self._outbox is None:
            return self._not_given("offline", f"Not connected to the {self.KEEPER} just now.")
        ticket = _Ticket()
        with self._lock:
            before = len(self._events)
            self._waiting.append(ticket)
            sent = self._send(data)
            if not sent:
                self._waiting.remove(ticket)
        if not sent:
            return self._not_given("offline", f"The {self.KEEPER} is not taking orders just now (it may be stopped).")
        if not ticket.done.wait(ANSWER_WAIT if wait is None else wait):
            ticket.gave_up = True
            return self._not_given(UNANSWERED, f"Sent, but the {self.KEEPER} has not answered yet (it may be busy or "
                                               f"stopped); the board shows whether it was taken when the {self.KEEPER} "
                                               "goes on.")
        answer = ticket.answer or {"ok": False, "code": UNANSWERED, "message": "No answer."}
        if not answer["ok"]:
            return Rejection(answer["code"] or "refused", answer["message"] or "Refused.")
        with self._lock:
            return tuple(self._events[before:])

    def _not_given(self, code: str, message: str) -> Rejection:
        """An order that did not reach the keeper (not connected, or no
        answer in time): the refusal says nothing of the order itself, so
        whatever was written with it is still the player's to give (the game
        screen keeps it: tui/drafts.py ``keep_not_given``).  Counted in
        ``not_given`` and told to the subscribers (tui/remote/joining.py says
        when the keeper is back)."""
        self.not_given += 1
        self._notify()
        return Rejection(code, message)
