"""A seat (or an onlooker's place) at one of a Skirmish server's games, on
a connection of its own: it behaves like :class:`net.client.RemoteSeat`
(the same reader and writer threads, ``status``, ``notice``,
``fairness``, ``subscribe``, ``view``, ``snapshot``, ``submit``), so the
game screen shows it like a joined game.  Besides, it keeps its own
side's ``drafts()`` (handed in with ``put_drafts``: the server keeps them,
whoever's process goes away), ``chat``, ``reasons``, and the server's
waits for a claim as heard here (``away_since``, ``quiet_since``,
``claim_due``: what the banner counts down).  Made by
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
        # The server's waits as heard here (monotonic), each erring on the side of a claim opening later
        # for us, sooner on us: ``away_since`` the opponent heard gone (None: here); ``heard_at`` the
        # latest news that may have restarted their quiet (their chat line, our welcome, a refused
        # claim); ``claim_due`` the soonest they may claim our quiet (the server's warning; None: acted).
        self.away_since: float | None = None
        self.heard_at = time.monotonic()
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
            # A restarted server counts every wait afresh from taking the game up: so does this seat.
            self.heard_at, self.away_since = time.monotonic(), None
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
        now = time.monotonic()
        with self._lock:
            self.chat = tuple(kept)
            self.chat_news.extend(line for line in kept if line.new)
            del self.chat_news[:-100]
            theirs, mine = self._speakers()
            if any(line.new and line.who == theirs for line in kept):
                self.heard_at = now  # a chat line of theirs: the server counts their quiet afresh
            elif any(line.new and line.who == mine for line in kept):
                self.claim_due = None  # a line of ours taken: so is our quiet
        self._notify()

    def _speakers(self) -> tuple[str, str]:
        """The names the opponent's and this side's chat lines come under (one name for both: the opponent's)."""
        players = tuple(getattr(self._facts, "players", ()) or ())
        if self.side not in (0, 1) or len(players) != 2:
            return "\0", "\0"
        theirs, mine = str(players[1 - self.side])[:32], str(players[self.side])[:32]
        return theirs, ("\0" if mine == theirs else mine)

    # -- the server's waits ----------------------------------------------------------------
    def quiet_since(self) -> float:
        """The latest moment the server may count the opponent's quiet from: a claim opens no sooner."""
        return max(self.changed_at, self.heard_at)

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
            else:
                self.claim_due = None  # the server counts this side's quiet afresh too

    def _noticed(self, text: str) -> None:
        """A notice; the server's warning to this side (``Live.idle_warning``) sets ``claim_due``: its
        time is rounded up (to seconds or fives) and took a while to come, so less is taken."""
        from net.live import warned_left

        left = warned_left(text)
        if left is not None and self.side is not None:
            with self._lock:
                self.claim_due = time.monotonic() + left - (1.0 if left < 120 else 5.0) - 1.0
        super()._noticed(text)

    def _claim_refused(self, refusal: Rejection) -> None:
        """What a refused claim says of the server's count (rounded down: the start is taken no sooner)."""
        from net.live import refusal_seconds

        now, stated = time.monotonic(), refusal_seconds(refusal.code, refusal.message)
        with self._lock:
            if refusal.code == "present":  # active since the game changed: their quiet restarted then
                self.heard_at = max(self.heard_at, now - (stated or 0))
            elif refusal.code == "too-soon" and stated is not None:
                self.away_since = max(self.away_since or 0.0, now - stated)

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
        self.claim_due = None  # drafts handed in: the server counts this side's quiet afresh
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
        result = self._ask_host(serverwire.encode("claim"))
        if isinstance(result, Rejection):
            self._claim_refused(result)
        return result
