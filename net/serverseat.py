"""A seat (or an onlooker's place) at one of a Skirmish server's games, on
a connection of its own: it behaves like :class:`net.client.RemoteSeat`
(the same reader and writer threads, ``status``, ``notice``,
``fairness``, ``subscribe``, ``view``, ``snapshot``, ``submit``), so the
game screen shows it like a joined game.  Besides, it keeps its own
side's ``drafts()`` (handed in with ``put_drafts``: the server keeps them,
whoever's process goes away), ``chat``, ``reasons``, and the server's
waits for a claim as its ``waits`` message tells them (``away_since``,
``quiet_since``, ``claim_at``, ``claim_due``: what the banner counts down).  Made by
:class:`net.serverclient.ServerClient` (``join``, ``resume``, ``watch``).
"""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import attrs

from core.events import Event
from core.ruleset import Rejection
from core.seats import Facts
from net import serverwire, wire
from net.client import FIRST_UPDATE_TIMEOUT, HostError, JoinError, RemoteSeat
from net.dicecheck import SERVER_SEED, check_dice
from net.serverclient import CONNECT_TIMEOUT, MAX_CHAT, ServerError, _read, check_server, say_hello


@attrs.frozen
class ChatLine:
    who: str
    at: str
    text: str
    new: bool = False  # not sent to this player before (said while they were away, or just now)


class ServerSeat(RemoteSeat):
    """A seat (or an onlooker's place) at one of the server's games; see
    :class:`net.client.RemoteSeat` for everything a seat offers."""

    KEEPER = "server"

    def __init__(self, path: Path, identity: str, game_id: str, role: str = "player") -> None:
        super().__init__(game_id, role=role)
        self.path = path
        self.identity = identity
        self.game_id = game_id
        self.salt = ""
        self.started = False
        self.chat: tuple[ChatLine, ...] = ()
        self.chat_news: list[ChatLine] = []  # lines new to this player, not yet shown (``take_chat_news``)
        self.player = ""
        self.claim_after, self.idle_after = 300.0, 1800.0  # until the welcome gives the server's own
        self.next_game = self.next_reason = ""  # the game begun after this one (``next``), and the server's words
        self.reasons: tuple[serverwire.SeatReason, ...] = ()  # the computer's, as far as this seat may read
        # The server's waits (its ``waits``: net/absence.py) as times on this clock (monotonic), counted
        # from when each message came (it left the server sooner), so each errs on the side of a claim
        # opening later for us, sooner on us: ``away_since`` the opponent gone (None: here);
        # ``quiet_from`` the start of their quiet (their last order, drafts or chat line); ``claim_at``
        # when the server takes our claim (None: none comes as the game stands); ``claim_due`` when
        # they may claim our quiet (told once the server's warning stands; None: not warned, or acted).
        self.away_since: float | None = None
        self.quiet_from = time.monotonic()
        self.claim_at: float | None = None
        self.claim_due: float | None = None
        self._log_known = 0  # the most events of this game this seat has held (a resend is no change)

    # -- connecting ------------------------------------------------------------------
    def start(self, timeout: float = FIRST_UPDATE_TIMEOUT) -> None:
        """Connect (raises JoinError/OSError) and keep the copy current.
        Returns once welcomed and, if the game has begun, once its first
        update came.  Call it off the interface's thread."""
        self._connect()
        self._thread = threading.Thread(target=self._run, name="skirmish-seat", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + timeout
        while (self.started and self._version < 0 and time.monotonic() < deadline and not self._stop
               and self.status not in ("refused", "broken", "moved")):
            time.sleep(0.02)
        if self.status in ("refused", "broken", "moved"):
            raise JoinError(self.reason)
        if self.started and self._version < 0:
            raise OSError(f"the server did not send the game within {timeout:.0f} s")

    def _hello(self, sock: socket.socket) -> None:
        try:
            sock.connect(str(self.path))
        except (FileNotFoundError, ConnectionRefusedError):
            raise OSError(f"no Skirmish server answers on {self.path}") from None
        except TimeoutError:
            raise OSError(f"the server did not take the connection within {CONNECT_TIMEOUT:.0f} s") from None
        check_server(sock, self.path)
        self._reader = sock.makefile("rb")
        try:
            message = say_hello(sock, self._reader, self.identity)
        except TimeoutError:
            raise OSError(f"the server did not answer within {CONNECT_TIMEOUT:.0f} s (it may be stopped)") from None
        if message["type"] == "refused":
            raise ServerError(message["code"], message["message"])
        if message["type"] != "me":
            raise HostError("the server did not say who we are after the hello")
        self.player = message["player"]
        sock.sendall(serverwire.encode("sit", game=self.game_id, role=self.role))
        message = self._hello_read()
        if message["type"] == "refused":
            raise ServerError(message["code"], message["message"])
        if message["type"] != "welcome":
            raise HostError("the server did not welcome us to the game")
        try:
            self._welcome(sock, message)
        except wire.WireError as exc:
            raise HostError(f"the server's welcome cannot be read ({exc})") from None
        sock.settimeout(None)
        self._start_writer(sock)

    def _welcome(self, sock: socket.socket | None, message: dict) -> None:
        side = message["side"]
        if side not in (0, 1, None) or (side is None) != (self.role == "watch"):
            raise HostError("the server welcomed us to the wrong seat")
        if message["game"] != self.game_id:
            raise HostError("the server welcomed us to another game")
        facts: Facts = wire.facts_in(message)
        if self.commit and message["commit"] != self.commit:
            raise HostError("the server's commitment to this game's dice changed: its dice cannot be trusted")
        with self._lock:
            self.side, self._facts, self.commit, self.salt = side, facts, message["commit"], message["salt"]
            self._events, self.reasons = [], ()  # the server sends them all again
            # Drafts queued as the last connection dropped may never have reached the server: what
            # it holds comes next ("drafts"), and a hand-in that differs from it goes again.
            self._drafts_sent = None
            self.started = message["started"]
            # The server's times for a claim (seconds; docs/rulings.md, *Leaving a server game*).
            self.claim_after = max(0.0, float(message["claim_after"]))
            self.idle_after = max(0.0, float(message["idle_after"]))
            # A restarted server counts every wait afresh from taking the game up: so does this seat,
            # until the server's ``waits`` says more.
            self.quiet_from, self.away_since, self.claim_at, self.claim_due = time.monotonic(), None, None, None
        self.status = "playing" if self.started else "waiting"

    def _read(self) -> dict | None:
        return _read(self._reader)

    def _give_half(self) -> None:  # the server makes the seed (see fairness)
        return

    def _listen(self) -> None:
        while not self._stop:
            message = self._read()
            if message is None:
                if self.status != "host-stopped" and not self._stop:  # stopped here: this end hung up
                    self.status, self.reason = "lost", "the server went away"
                return
            kind = message["type"]
            if kind == "update":
                self._take_update(message)
            elif kind in ("result", "refused"):
                self._answered(message)
            elif kind == "pong":
                pass
            elif kind == "welcome":  # the game has begun (its players' names are known now)
                self._welcome(None, message)
                self._notify()
            elif kind == "drafts":  # what the server holds (after each welcome): only a change from it travels
                with self._lock:
                    self._kept = [d for d in message["drafts"] if isinstance(d, dict)]
                    self._drafts_sent = self._kept
                self._notify()
            elif kind == "chat":
                self._take_chat(message["lines"])
            elif kind == "reveal":
                self._check_dice(message)
            elif kind == "closing":
                self.status, self.reason = "host-stopped", message["reason"]
                self._notify()
            elif kind == "moved":  # the same player opened this seat elsewhere (or the game was withdrawn)
                self.status, self.reason = "moved", "".join(c for c in message["reason"][:300] if c.isprintable())
                with self._lock:
                    self._version += 1  # a screen drawing from it draws afresh: nothing more to play here
                self._stop = True
                return
            elif kind == "notice":
                self._noticed("".join(c for c in message["text"][:300] if c.isprintable()))
            elif kind == "reasons":  # the computer's, each before the update with its order (which tells)
                self.reasons = serverwire.reasons_in(self.reasons, message["reasons"])
            elif kind == "waits":
                self._take_waits(message)
            elif kind == "next":  # the other player began the game after this one: it waits for us there
                self._take_next(message)
            else:
                raise HostError(f"the server sent a {kind!r} message in the middle of the game")

    def _take_next(self, message: dict) -> None:
        """The game after this one began without this player: kept in
        ``next_game`` (the lobby's ``rematch``/``battle`` sits there) and
        said as the ``notice``; this seat, its game over, stays as it is."""
        game = "".join(c for c in message["game"][:40] if c.isalnum())
        reason = "".join(c for c in message["reason"][:300] if c.isprintable())
        if not game or self.side is None:
            return
        with self._lock:
            self.next_game, self.next_reason = game, reason
        self._noticed(reason)

    def _take_chat(self, lines: list) -> None:
        kept = []
        for line in lines[-100:]:
            if isinstance(line, dict) and all(isinstance(line.get(k), str) for k in ("who", "at", "text")):
                clean = "".join(c for c in line["text"][:MAX_CHAT] if c.isprintable())
                kept.append(ChatLine("".join(c for c in line["who"][:40] if c.isprintable()), line["at"][:40],
                                     clean, line.get("new") is True))
        with self._lock:
            self.chat = tuple(kept)
            self.chat_news.extend(line for line in kept if line.new)
            del self.chat_news[:-100]
        self._notify()

    # -- the server's waits ----------------------------------------------------------------
    def quiet_since(self) -> float:
        """When the server counts the opponent's quiet from, as told here (``quiet_from``)."""
        return self.quiet_from

    def _take_waits(self, message: dict, now: float | None = None) -> None:
        """The server's ``waits`` (``serverwire.waits_in``: a negative time
        is refused, one too long capped), taken as times on this clock at
        ``now`` (when it came).  The warning's time has a second taken off:
        a claim on us is said no later than the server takes it."""
        waits = serverwire.waits_in(message)
        now = time.monotonic() if now is None else now
        with self._lock:
            self.away_since = None if waits.present else now - waits.away
            self.quiet_from = now - waits.quiet
            self.claim_at = None if waits.claim_in is None else now + waits.claim_in
            self.claim_due = None if waits.claimed_in is None else now + max(0.0, waits.claimed_in - 1.0)
        self._notify()

    def _take_update(self, message: dict) -> None:
        """As the joined seat's, with ``away_since``; the whole log sent again
        after a reconnection is no change (``changed_at`` stays)."""
        now = time.monotonic()
        with self._lock:
            if message.get("present") is True:
                self.away_since = None
            elif self.away_since is None:
                self.away_since = now
            before, to_act, known = self.changed_at, self._to_act, self._log_known
        super()._take_update(message)
        with self._lock:
            moved = len(self._events) > known or self._to_act != to_act
            self._log_known = max(known, len(self._events))
            if not moved:
                self.changed_at = before
            else:  # the server counts the opponent's quiet afresh from a change (its ``waits`` follows)
                self.quiet_from = now

    def take_chat_news(self) -> list[ChatLine]:
        """The chat lines new to this player since the last call (each given once)."""
        with self._lock:
            news, self.chat_news = self.chat_news, []
        return news

    # -- fair dice ---------------------------------------------------------------------
    def _await_reveal(self) -> None:
        return  # the server reveals with the last update; nothing to wait for

    def _check_dice(self, message: dict) -> None:
        with self._lock:
            seen = (tuple(self._events), self._outcome, self._view)
        if not self.commit:
            self.fairness = "Dice unchecked: the server gave no commitment for this game's seed."
        else:
            self.fairness, self.whole = check_dice(self._facts, self.side, self.commit, self.salt, message, *seen,
                                                   seed_words=SERVER_SEED)
        self._notify()

    # -- drafts and chat ------------------------------------------------------------------
    def put_drafts(self, drafts: list[dict]) -> bool:
        """Hand this side's drafts to the server, which keeps them (never
        shown to anyone else) and gives them back on the next ``resume``.
        Nothing goes while the game waits for its opponent: nothing can be
        written yet, and the server keeps no drafts then."""
        if self.side is None or not self.started:
            return False
        mine = [dict(d, side=self.side) for d in drafts if isinstance(d, dict)]
        with self._lock:
            if mine == self._drafts_sent:
                return True  # sent already: only a change travels
            self._kept = mine
        if not self._send(serverwire.encode("drafts", drafts=mine)):
            return False
        self._drafts_sent = mine
        return True

    def say(self, text: str) -> bool:
        """A line in this game's chat."""
        return self._send(serverwire.encode("chat", text=text[:MAX_CHAT]))

    def _ask_host(self, data: bytes, wait: float | None = None) -> Rejection | tuple[Event, ...]:
        """As the joined seat's; a seat the server let go (``moved``) says
        so, not that the connection dropped: nothing it sends is taken."""
        if self.status == "moved":
            return Rejection("moved", serverwire.moved_words(self.reason))
        return super()._ask_host(data, wait)

    def claim(self) -> Rejection | tuple[Event, ...]:
        """Claim the game the opponent left: the referee records their
        forfeit once they have been away long enough and the game waits for
        them, else says why not (``Referee.claim``)."""
        if self.side is None or self.role != "player":
            return Rejection("onlooker", "Only a player of a game claims it.")
        return self._ask_host(serverwire.encode("claim"))  # a refusal comes after the server's ``waits``
