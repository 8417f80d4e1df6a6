"""A client of a Skirmish server (``skirmish serve``): the lobby and the
seats, imports no Textual.

:class:`ServerClient` is one connection for the lobby's questions (who am
I, which games are open, create, join); each game played or watched is a
:class:`ServerSeat` on a connection of its own, which behaves like
:class:`net.client.RemoteSeat` (the same reader and writer threads, the same
``status``, ``notice``, ``fairness``, ``subscribe``, ``view``, ``snapshot``,
``submit``), so the game screen shows it like a joined game.  Besides, a
seat keeps its own side's ``drafts()`` (handed in with ``put_drafts``: the
server keeps them, whoever's process goes away), ``chat`` and ``reasons``.

Who the client is comes from the kernel: the server reads the peer's
account from the socket (``SO_PEERCRED``).  Only a *door* account (the
shared SSH account's ``skirmish door``, the web door) may pass
``identity="key:SHA256:..."`` or ``"guest:NAME"``; from anyone else an
identity is refused.

Fair dice: the server commits to its secret half of the seed when the game
is created (``commit``) and names the public half (``salt``); when the game
is over it reveals its half and every order, and the seat replays the game
from that seed (:func:`net.dicecheck.check_dice`) and says in ``fairness``
what it found.
"""

from __future__ import annotations

import contextlib
import os
import socket
import threading
import time
from pathlib import Path
from typing import Any

import attrs

from core.events import Event
from core.ruleset import Rejection
from core.seats import Facts
from net import serverwire, wire
from net.client import FIRST_UPDATE_TIMEOUT, HostError, JoinError, RemoteSeat
from net.dicecheck import SERVER_SEED, check_dice
from net.lobby_entries import Lobby, Me, read_lobby

DEFAULT_SOCKET = Path("/tmp/skirmish-server/socket")
SERVER_ACCOUNT = "skirmish-server"  # the service's account (README, *Setting one up*); $SKIRMISH_SERVER_ACCOUNT names another
CONNECT_TIMEOUT = 5.0
ANSWER_TIMEOUT = 15.0  # a lobby question's answer (creating a game replays nothing: fast)
FILLERS = ("me", "open", "invite", "easy", "normal", "hard")
MAX_CHAT = 200  # characters of one chat line (the server refuses longer ones)


def socket_path(path: str | os.PathLike | None = None) -> Path:
    """The server's socket: ``path``, else ``$SKIRMISH_SERVER``, else
    ``/tmp/skirmish-server/socket``."""
    if path is not None:
        return Path(path)
    env = os.environ.get("SKIRMISH_SERVER", "").strip()
    return Path(env) if env else DEFAULT_SOCKET


def reachable(path: str | os.PathLike | None = None) -> bool:
    """Whether a server answers on the socket (for the main menu's entry)."""
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    probe.settimeout(1.0)
    try:
        probe.connect(str(socket_path(path)))
    except OSError:
        return False
    finally:
        probe.close()
    return True


class ServerError(JoinError):
    """The server refused a request; ``code`` says which way, the message why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def server_accounts() -> dict[int, str]:
    """The accounts a server may run as, by uid: root, this one, and the
    server's account (``$SKIRMISH_SERVER_ACCOUNT``, else ``skirmish-server``)
    where it exists."""
    import pwd

    wanted = os.environ.get("SKIRMISH_SERVER_ACCOUNT", "").strip() or SERVER_ACCOUNT
    found = {0: "root", os.getuid(): account_name(os.getuid())}
    with contextlib.suppress(KeyError):
        found[pwd.getpwnam(wanted).pw_uid] = wanted
    return found


def account_name(uid: int) -> str:
    import pwd

    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"uid {uid}"


def check_server(sock: socket.socket, path: Path) -> None:
    """The process answering must run under the account that owns the
    socket's folder, a folder nobody else may write in, and that account
    must be the server's (or root, or this one): otherwise anyone could have
    put a socket of their own there while no server ran, and the folder
    too, if it was gone (a stopped service, a cleaned /tmp)."""
    from net.unix import peer_account

    try:
        info = path.parent.stat()
    except OSError:
        raise OSError(f"no Skirmish server answers on {path}") from None
    uid = peer_account(sock)
    if info.st_mode & 0o022 or (uid is not None and uid != info.st_uid):
        raise HostError(f"what answers on {path} is not run by the account that owns its folder (or the "
                        "folder is open to all): it may be posing as the server, so nothing was sent to it")
    runs_as = info.st_uid if uid is None else uid
    trusted = server_accounts()
    if runs_as not in trusted:
        name = account_name(runs_as)
        wanted = os.environ.get("SKIRMISH_SERVER_ACCOUNT", "").strip() or SERVER_ACCOUNT
        raise HostError(f"what answers on {path} runs as the account {name}, not the server's ({wanted}): it "
                        f"may be posing as the server, so nothing was sent to it (if {name} runs your server, "
                        f"set SKIRMISH_SERVER_ACCOUNT={name})")


def _dial(path: Path, identity: str) -> tuple[socket.socket, Any, dict]:
    """Connect and say hello: the socket, its reader and the ``me`` message."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(CONNECT_TIMEOUT)
    try:
        try:
            sock.connect(str(path))
        except (FileNotFoundError, ConnectionRefusedError):
            raise OSError(f"no Skirmish server answers on {path}") from None
        check_server(sock, path)
        reader = sock.makefile("rb")
        message = say_hello(sock, reader, identity)
        if message["type"] == "refused":
            raise ServerError(message["code"], message["message"])
        if message["type"] != "me":
            raise HostError("the server did not say who we are after the hello")
        return sock, reader, message
    except BaseException:
        sock.close()
        raise


def say_hello(sock: socket.socket, reader: Any, identity: str) -> dict:
    """Send the hello and read the answer.  A server that turns the
    connection away at the door (too many from this account) says why in a
    refusal and closes: sending the hello may then fail (a broken pipe),
    and the refusal is still there to read."""
    try:
        sock.sendall(serverwire.encode("hello", identity=identity))
    except OSError as exc:
        try:
            message = _read(reader)
        except (OSError, HostError):
            message = None
        if message is not None and message["type"] == "refused":
            raise ServerError(message["code"], message["message"]) from None
        raise OSError(f"the server closed the connection ({exc.strerror or exc})") from None
    message = _read(reader)
    if message is None:
        raise OSError("the server closed the connection")
    return message


def _read(reader: Any) -> dict | None:
    line = reader.readline(serverwire.SERVER_MAX + 2)
    if not line:
        return None
    try:
        return serverwire.decode(line, serverwire.SERVER_MESSAGES, serverwire.SERVER_MAX)
    except wire.WireError as exc:
        raise HostError(f"the server sent something this Skirmish cannot read ({exc})") from None


class ServerClient:
    """One player's (or onlooker's) connection to the server's lobby."""

    def __init__(self, path: Path, identity: str, sock: socket.socket, reader: Any, me: Me) -> None:
        self.path = path
        self.identity = identity
        self._sock = sock
        self._reader = reader
        self.me = me
        self._lock = threading.Lock()
        self.seats: list[ServerSeat] = []

    @classmethod
    def connect(cls, path: str | os.PathLike | None = None, identity: str | None = None) -> ServerClient:
        """Say hello to the server (raises OSError when none answers,
        :class:`ServerError` when it refuses).  ``identity``: only through
        a door account (``key:SHA256:...``, ``guest:NAME``)."""
        where = socket_path(path)
        sock, reader, message = _dial(where, identity or "")
        sock.settimeout(ANSWER_TIMEOUT)
        return cls(where, identity or "", sock, reader,
                   Me(message["player"], message["name"], message["needs_name"]))

    def _ask(self, kind: str, answer: str, **fields: Any) -> dict:
        with self._lock:
            try:
                self._sock.sendall(serverwire.encode(kind, **fields))
                message = _read(self._reader)
            except TimeoutError:
                raise OSError("the server did not answer in time") from None
        if message is None:
            raise OSError("the server closed the connection")
        if message["type"] == "refused":
            raise ServerError(message["code"], message["message"])
        if message["type"] != answer:
            raise HostError(f"the server answered {message['type']!r} to {kind!r}")
        return message

    def set_name(self, name: str) -> Me:
        """Give the display name the lobby shows (the first login's question)."""
        message = self._ask("set_name", "me", name=name)
        self.me = Me(message["player"], message["name"], message["needs_name"])
        return self.me

    def lobby(self) -> Lobby:
        return read_lobby(self._ask("lobby", "lobby"))

    def withdraw(self, game_id: str) -> Lobby:
        """Take back a game you made that nobody has begun (it goes from
        the server): the lobby without it."""
        return read_lobby(self._ask("withdraw", "lobby", game=game_id))

    def create(self, ruleset_name: str, options: Any = None, seats: tuple[str, str] = ("me", "open"),
               battlefield: Any = None) -> tuple[str, str]:
        """A new game: ``options`` (the ruleset's options, as a dict of its
        fields or the options value itself; None: the defaults),
        ``battlefield`` (a shipped battlefield's name, a Battlefield, or
        None: the ruleset's default), and who fills each seat (``FILLERS``:
        "me", "open" to anyone, "invite" by code, or the computer at a
        level).  Returns the game's id and, for "invite", its code."""
        if options is not None and not isinstance(options, dict):
            from core.registry import find_ruleset
            from saves.convert import converter_for, unstructure

            options = unstructure(converter_for(find_ruleset(ruleset_name)), options)
        if battlefield is not None and not isinstance(battlefield, str):
            from saves.convert import PLAIN, unstructure

            battlefield = unstructure(PLAIN, battlefield)
        message = self._ask("create", "created", ruleset=ruleset_name, options=options,
                            battlefield=battlefield, seats=list(seats))
        return message["game"], message["code"]

    def join(self, game: str, timeout: float = FIRST_UPDATE_TIMEOUT) -> ServerSeat:
        """Take the open seat of ``game`` (its id, or an invitation code)
        and return that seat, connected."""
        message = self._ask("join", "joined", game=game)
        return self.resume(message["game"], timeout)

    def rematch(self, game_id: str) -> str:
        """The same battle again after ``game_id`` (a finished game of yours),
        each side's player at the other side, with fresh dice: the new game's
        id, to ``resume`` (both players asking get the same game)."""
        return self._ask("rematch", "created", game=game_id)["game"]

    def battle(self, game_id: str, ruleset_name: str, options: Any = None) -> str:
        """The battle after the Optio pre-game ``game_id`` (a finished game
        of yours): ``ruleset_name`` with ``options`` (a dict of its fields or
        the options value; None: the defaults) on the ground the pre-game
        chose, each player at the side they played: the new game's id, to
        ``resume`` (both players asking get the same game)."""
        if options is not None and not isinstance(options, dict):
            from core.registry import find_ruleset
            from saves.convert import converter_for, unstructure

            options = unstructure(converter_for(find_ruleset(ruleset_name)), options)
        return self._ask("battle", "created", game=game_id, ruleset=ruleset_name, options=options)["game"]

    def resume(self, game_id: str, timeout: float = FIRST_UPDATE_TIMEOUT) -> ServerSeat:
        """Your seat in ``game_id`` (one of ``lobby().mine``), connected.
        A game still waiting for its opponent gives a seat whose
        ``version`` is -1 and ``status`` "waiting": it tells its
        subscribers when the game begins."""
        return self._seat(game_id, "player", timeout)

    def watch(self, game_id: str, timeout: float = FIRST_UPDATE_TIMEOUT) -> ServerSeat:
        """Watch ``game_id`` with the neutral onlooker's view."""
        return self._seat(game_id, "watch", timeout)

    def _seat(self, game_id: str, role: str, timeout: float) -> ServerSeat:
        seat = ServerSeat(self.path, self.identity, game_id, role)
        seat.start(timeout)
        self.seats.append(seat)
        return seat

    def chat(self, game_id: str, text: str) -> None:
        """Say a line in ``game_id``'s chat (through its seat, which must be open)."""
        for seat in self.seats:
            if seat.game_id == game_id and seat.status not in ("refused", "broken", "moved"):
                seat.say(text)
                return
        raise ServerError("no-seat", "Open the game first: its chat goes through its seat.")

    def close(self) -> None:
        """Hang up the lobby (the seats stay until they are stopped)."""
        try:
            self._sock.sendall(serverwire.encode("bye"))
        except OSError:
            pass
        try:
            self._sock.close()
        except OSError:
            pass


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
