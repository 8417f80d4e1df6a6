"""A client of a Skirmish server (``skirmish serve``): the lobby and the
seats, imports no Textual.

:class:`ServerClient` is one connection for the lobby's questions (who am
I, which games are open, create, join); each game played or watched is a
:class:`net.serverseat.ServerSeat` on a connection of its own, which behaves like
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
from pathlib import Path
from typing import TYPE_CHECKING, Any

from net import serverwire, wire
from net.client import FIRST_UPDATE_TIMEOUT, HostError, JoinError
from net.lobby_entries import Lobby, Me, read_lobby

if TYPE_CHECKING:
    from net.serverseat import ServerSeat

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
        from net.serverseat import ServerSeat  # its module reads this one's dialling

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
