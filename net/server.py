"""``skirmish serve``: the server's Unix-socket door to the referee.

The socket lives in a folder every local account can reach (default
``$SKIRMISH_SERVER`` or ``/tmp/skirmish-server/socket``, the folder owned by
the server's account and writable by it alone, the socket open to all).
Who a client is comes from the kernel: the peer's account
(``SO_PEERCRED``), so ``uid:<account name>``.  An account named with
``--door-account`` (the shared SSH account's ``skirmish door``, the web
door) must say in its hello whom it carries (``key:SHA256:...``: the
public key its player logged in with; ``guest:NAME``); nobody else may
assert anything.

Limits (each a constant below): a message's size (:data:`~net.serverwire.CLIENT_MAX`),
a client's rate (a bucket of :data:`BURST` messages refilled at
:data:`RATE` a second: past it the client is dropped), connections in all
(:data:`MAX_CONNECTIONS`), from one account (:data:`MAX_PER_ACCOUNT`; a
door account's are counted per identity, :data:`MAX_PER_IDENTITY`),
connections still saying their hello (:data:`MAX_PENDING`, and
:data:`MAX_PENDING_PER_ACCOUNT` from one account) and the hello's deadline.
A client that floods, stalls (stops reading: its queue fills, see
:mod:`net.connection`) or sends garbage is dropped; nobody else notices.
"""

from __future__ import annotations

import errno
import logging
import os
import pwd
import re
import socket
import sqlite3
import stat
import sys
import threading
import time
from collections import deque
from pathlib import Path
from typing import Any

from net import serverwire
from net.connection import Connection
from net.referee import CLAIM_AFTER, IDLE_AFTER, Referee, Refusal
from net.serverclient import socket_path
from net.unix import peer_account

HELLO_DEADLINE = 10.0
MAX_CONNECTIONS = 1024
MAX_PER_ACCOUNT = 32
MAX_PER_IDENTITY = 16
MAX_PENDING = 64
MAX_PENDING_PER_ACCOUNT = 8
RATE = 40.0  # messages a second a client may send, on average
BURST = 80  # ... and at once
ACCEPT_BACKOFF = 0.05
CLOSE_WAIT = 1.0
MAX_SOCKET_PATH = 107  # bytes of a Unix socket's path (Linux's sun_path, less its closing NUL)

KEY_ID = re.compile(r"key:SHA256:[A-Za-z0-9+/]{43}")
GUEST_ID = re.compile(r"guest:[^\x00-\x1f\x7f]{1,32}")

log = logging.getLogger(__name__)


class ClientConnection(Connection):
    """A client's connection: who it is (``player``) and the game it sits at."""

    def __init__(self, host: Any, sock: socket.socket) -> None:
        super().__init__(host, sock)
        self.player = ""
        self.game = ""
        self.sent_reasons = 0  # how many of the computer's reasons it has been sent (net.referee)
        self.max_line = serverwire.CLIENT_MAX


def account_of(uid: int) -> str:
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return str(uid)


def admission_refusal(account: int | None, total: int, pending: int, waiting: int, mine: int,
                      door: bool) -> str | None:
    """Why a new connection is turned away at the door (before its hello),
    in words the player's Skirmish shows, or None: it may come in.
    ``waiting``/``mine``: its account's connections still saying hello, and
    those past it."""
    if account is None:
        return "The server cannot tell which account this connection comes from."
    if total >= MAX_CONNECTIONS:
        return "The server has as many connections as it takes just now: try again in a while."
    if pending >= MAX_PENDING:
        return "Too many connections are saying hello to the server just now: try again in a few seconds."
    if waiting >= MAX_PENDING_PER_ACCOUNT:
        return (f"Too many connections from this account are still saying hello to the server (at most "
                f"{MAX_PENDING_PER_ACCOUNT}): close the ones that hang, or wait {HELLO_DEADLINE:.0f} seconds.")
    if not door and mine >= MAX_PER_ACCOUNT:
        return (f"Too many connections from this account to the server (at most {MAX_PER_ACCOUNT}): "
                "close some Skirmish windows first.")
    return None


def turn_away(sock: socket.socket, why: str) -> None:
    """Say ``why`` in a refusal and close, never waiting on the peer (the
    line fits the socket's buffer, or is not sent)."""
    try:
        sock.send(serverwire.encode("refused", code="too-many", message=why), socket.MSG_DONTWAIT)
    except OSError:
        pass
    sock.close()


def check_socket(path: Path) -> None:
    """Make ready to listen on ``path``: its folder made (0755) if missing,
    and checked to be this account's alone; a socket left by a server that
    is gone taken away.  Raises OSError when a server already answers there
    or the folder cannot be had (``socket_problem`` words it)."""
    size = len(os.fsencode(path))
    if size > MAX_SOCKET_PATH:
        raise OSError(f"a socket's path is at most {MAX_SOCKET_PATH} bytes (this one has {size}): "
                      "choose a shorter one")
    folder = path.parent
    folder.mkdir(mode=0o755, parents=True, exist_ok=True)
    info = folder.stat()
    if info.st_uid != os.getuid() or info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        raise OSError(f"{folder} must belong to this account and be writable by it alone "
                      "(someone else could put a socket of their own there)")
    os.chmod(folder, 0o755)
    if path.exists():
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(str(path))
        except OSError:
            path.unlink()
        else:
            raise OSError(f"a server already answers on {path}")
        finally:
            probe.close()


def socket_problem(error: OSError, path: Path) -> str:
    """What is wrong with the socket ``path``, in one line: our own words,
    or the system's reason with the file it names (a long one shortened)."""
    def shown(name: Any) -> str:
        text = "".join(c if c.isprintable() else "?" for c in os.fsdecode(name))
        return text if len(text) <= 80 else f"{text[:38]}…{text[-38:]}"

    if error.strerror is None:  # raised here, in words (check_socket)
        return f"cannot serve on {shown(path)}: {error}"
    where = shown(error.filename) if error.filename else shown(path)
    return f"cannot serve on {shown(path)}: {where}: {error.strerror}"


class ServerTransport:
    """Listens on the server's socket and carries each client's messages
    to and from the referee (one thread a connection, as the host does)."""

    def __init__(self, referee: Referee, path: str | os.PathLike | None = None,
                 door_accounts: tuple[str, ...] = ()) -> None:
        self.referee = referee
        self.path = socket_path(path)
        self.door_accounts = frozenset(door_accounts)
        self.lock = threading.Lock()
        self.pending: set[ClientConnection] = set()
        self.connections: set[ClientConnection] = set()
        self.dropped: deque[str] = deque(maxlen=200)
        self.server: socket.socket | None = None
        self.closed = False

    # -- listening ---------------------------------------------------------------------
    def open(self) -> Path:
        """Listen on the socket (``check_socket`` first); raises OSError."""
        check_socket(self.path)
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            server.bind(str(self.path))
            os.chmod(self.path, 0o666)
            server.listen(128)
        except OSError:
            server.close()
            raise
        self.server = server
        threading.Thread(target=self._accept, name="skirmish-serve", daemon=True).start()
        return self.path

    def close(self, reason: str = "The server is stopping.") -> None:
        self.closed = True
        with self.lock:
            everyone = list(self.connections | self.pending)
        for conn in everyone:
            conn.send_message("closing", reason=reason)
            conn.finish()
        if self.server is not None:
            try:
                self.server.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            self.server.close()
        try:
            self.path.unlink()
        except OSError:
            pass
        end = time.monotonic() + CLOSE_WAIT
        for conn in everyone:
            conn.flushed(max(0.0, end - time.monotonic()))
            conn.hang_up()

    def _accept(self) -> None:
        server = self.server
        assert server is not None
        while not self.closed:
            try:
                sock, _ = server.accept()
            except OSError as exc:
                if self.closed:
                    return
                scarce = exc.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)
                time.sleep(ACCEPT_BACKOFF if scarce else ACCEPT_BACKOFF / 10)
                continue
            try:
                self._admit(sock)
            except Exception:  # noqa: BLE001 - no thread to be had: this one waits, and goes on
                sock.close()
                time.sleep(ACCEPT_BACKOFF)

    def _admit(self, sock: socket.socket) -> None:
        account = peer_account(sock)
        with self.lock:
            total = len(self.pending) + len(self.connections)
            waiting = sum(c.account == account for c in self.pending)
            door = account is not None and account_of(account) in self.door_accounts
            mine = sum(c.account == account for c in self.connections)
            why = admission_refusal(account, total, len(self.pending), waiting, mine, door)
            if why is not None:
                turn_away(sock, why)
                return
            conn = ClientConnection(self, sock)
            conn.account = account
            self.pending.add(conn)
        threading.Thread(target=self._serve, args=(conn,), name="skirmish-client", daemon=True).start()

    # -- one client --------------------------------------------------------------------
    def _serve(self, conn: Any) -> None:
        try:
            conn.deadline = time.monotonic() + HELLO_DEADLINE
            try:
                said = self._hello(conn)
            finally:
                conn.deadline = None
                with self.lock:
                    self.pending.discard(conn)
                    if conn.player:
                        self.connections.add(conn)
            if said:
                self._talk(conn)
        except (OSError, serverwire.WireError, ValueError):
            pass
        except Exception:  # noqa: BLE001 - one client's trouble never ends the server
            log.exception("a client's connection failed")
        finally:
            try:
                self.referee.leave(conn)
            finally:
                with self.lock:
                    self.connections.discard(conn)
                conn.release(CLOSE_WAIT)

    def _read(self, conn: Any) -> dict | None:
        line = conn.read()
        if line is None:
            return None
        return serverwire.decode(line, serverwire.CLIENT_MESSAGES, serverwire.CLIENT_MAX)

    def _hello(self, conn: Any) -> bool:
        try:
            message = self._read(conn)
        except serverwire.WireError as exc:
            conn.refuse("bad-message", str(exc))
            return False
        if message is None:
            return False
        if message["type"] != "hello":
            conn.refuse("bad-message", "A 'hello' message was expected.")
            return False
        account = account_of(conn.account)
        identity = message["identity"]
        if account in self.door_accounts:
            if KEY_ID.fullmatch(identity):
                pid, kind, name, named = identity, "key", "Player", False
            elif GUEST_ID.fullmatch(identity) and identity[6:].strip():
                pid, kind, name, named = identity, "guest", identity[6:].strip(), True
            else:
                conn.refuse("who", "A door must say whom it carries (key:SHA256:... or guest:NAME).")
                return False
            with self.lock:
                if sum(c.player == pid for c in self.connections) >= MAX_PER_IDENTITY:
                    conn.refuse("too-many", "Too many connections for this player already.")
                    return False
        elif identity:
            conn.refuse("who", "Only a door account may say who it is: you are who your account is.")
            return False
        else:
            pid, kind, name, named = f"uid:{account}", "uid", account, True
        try:
            me = self.referee.me(pid, kind, identity or account, name, named)
        except Exception:  # noqa: BLE001 - the store failing is a refusal, never a dead thread
            log.exception("the store could not say who a client is")
            conn.refuse("server-error", "The server cannot reach its store just now.")
            return False
        conn.player = pid
        conn.send_message("me", **me)
        return True

    def _talk(self, conn: Any) -> None:
        tokens, last = float(BURST), time.monotonic()
        while not self.closed:
            conn.wait_for_room()
            try:
                line = conn.read()
            except serverwire.WireError as exc:  # oversized: no way to find the next line
                conn.refuse("bad-message", str(exc))
                return
            if line is None:
                return
            now = time.monotonic()
            tokens = min(float(BURST), tokens + (now - last) * RATE)
            last = now
            if tokens < 1:
                conn.drop(f"it sent more than {RATE:g} messages a second")
                return
            tokens -= 1
            try:
                message = serverwire.decode(line, serverwire.CLIENT_MESSAGES, serverwire.CLIENT_MAX)
            except serverwire.WireError as exc:
                conn.refuse("bad-message", str(exc))
                continue
            kind = message["type"]
            if kind == "bye":
                return
            try:
                self._answer(conn, kind, message)
            except Refusal as exc:
                if kind in ("drafts", "chat"):  # answered by nothing: a refusal would read as an order's answer
                    conn.send_message("notice", text=exc.message)
                else:
                    conn.refuse(exc.code, exc.message)
            except Exception:  # noqa: BLE001 - told as a refusal, logged, and the client goes on
                log.exception("a %s from a client failed", kind)
                conn.refuse("server-error", "The server could not do that just now.")

    def _answer(self, conn: Any, kind: str, message: dict) -> None:
        referee = self.referee
        seated = bool(conn.game)
        if kind == "ping":
            conn.send_message("pong")
        elif kind == "lobby" and not seated:
            conn.send_message("lobby", **referee.lobby(conn.player))
        elif kind == "set_name" and not seated:
            conn.send_message("me", **referee.set_name(conn.player, message["name"]))
        elif kind == "create" and not seated:
            gid, code = referee.create(conn.player, message["ruleset"], message["options"],
                                       message["battlefield"], message["seats"])
            conn.send_message("created", game=gid, code=code)
        elif kind == "join" and not seated:
            gid, side = referee.join(conn.player, message["game"])
            conn.send_message("joined", game=gid, side=side)
        elif kind == "withdraw" and not seated:
            referee.withdraw(conn.player, message["game"])
            conn.send_message("lobby", **referee.lobby(conn.player))
        elif kind == "rematch" and not seated:
            conn.send_message("created", game=referee.rematch(conn.player, message["game"]), code="")
        elif kind == "battle" and not seated:
            made = referee.battle(conn.player, message["game"], message["ruleset"], message["options"])
            conn.send_message("created", game=made, code="")
        elif kind == "sit" and not seated:
            referee.sit(conn, message["game"], message["role"])
        elif kind == "order" and seated:
            referee.order(conn, message["text"])
        elif kind == "claim" and seated:
            referee.claim(conn)
        elif kind == "drafts" and seated:
            referee.drafts(conn, message["drafts"])
        elif kind == "chat" and seated:
            referee.chat(conn, message["text"])
        else:
            article = "An" if kind[:1] in "aeiou" else "A"
            raise Refusal("not-now", f"{article} {kind!r} message is not expected now.")


def serve(path: str | None, data: str | None, door_accounts: list[str], computers: bool = True,
          claim_after: float = CLAIM_AFTER, idle_after: float = IDLE_AFTER) -> int:
    """``skirmish serve``: run until SIGTERM or SIGINT."""
    import signal

    from saves.gamedb import GameDB, StoreError

    logging.basicConfig(level=logging.INFO, format="skirmish serve: %(message)s")
    where = socket_path(path)
    try:  # before the store is made: a server already there leaves no new store behind
        check_socket(where)
    except OSError as error:
        print(f"skirmish serve: {socket_problem(error, where)}", file=sys.stderr)
        return 1
    try:
        db = GameDB(Path(data) if data else None)
    except StoreError as error:  # not the server's store, or damaged: refused, the file as it was
        print(f"skirmish serve: {error}", file=sys.stderr)
        return 1
    except (OSError, sqlite3.Error) as error:
        print(f"skirmish serve: cannot open the store in {data or 'the data folder'}: "
              f"{getattr(error, 'strerror', None) or error}", file=sys.stderr)
        return 1
    referee = Referee(db, computers=computers, claim_after=claim_after, idle_after=idle_after)
    for problem in referee.problems:
        log.warning("a game could not be loaded: %s", problem)
    transport = ServerTransport(referee, where, tuple(door_accounts))
    try:
        transport.open()
    except OSError as error:  # another server came first, or the name is too long for a socket
        referee.close()
        db.close()
        print(f"skirmish serve: {socket_problem(error, where)}", file=sys.stderr)
        return 1
    count = len(referee.live)
    log.info("serving %d game%s on %s (data in %s)", count, "" if count == 1 else "s", where, db.folder)
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, lambda *_: stop.set())
    while not stop.wait(1.0):
        referee.warn_idle()  # a player gone quiet is told before the opponent may claim the game
    transport.close()
    referee.close()
    db.close()
    return 0
