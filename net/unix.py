"""The Unix-socket transport: one way to reach the seats an
:class:`net.authority.Authority` serves.

One thread accepts connections and one thread serves each.  No peer can
stop the host or stall anyone.  At most ``MAX_PENDING`` connections,
``MAX_PENDING_PER_ACCOUNT`` of them from one account, may be saying their
hello at once (more are closed at once), and the whole hello must come
within ``HELLO_DEADLINE``; accepting goes on after any error.  Updates are
built under the authority's lock but only queued there: each connection
has a bounded queue and a thread of its own that writes it, and a
connection whose queue fills (or that takes nothing for ``SEND_TIMEOUT``)
is dropped, the reason kept in ``dropped``.

A connection's first message must be a ``hello``; the host then proves it
holds the join code and the joiner proves it does too (the code itself
never travels: :mod:`net.proof`); only then is it seated by the authority.
A wrong code, a malformed or oversized message is answered with a refusal
and changes nothing.
"""

from __future__ import annotations

import errno
import os
import socket
import struct
import threading
import time
from collections import deque
from pathlib import Path

from net import proof, wire
from net.authority import Authority
from net.connection import Connection
from net.rendezvous import remove_socket, socket_path

HELLO_DEADLINE = 10.0  # seconds for the whole hello, however slowly it comes
MAX_PENDING = 32  # connections not yet through their hello: more are closed at once
MAX_PENDING_PER_ACCOUNT = 4  # of those, from one account (another cannot crowd the joiner out)
ACCEPT_BACKOFF = 0.05  # seconds to wait when accepting fails (no file descriptors left, ...)
CLOSE_WAIT = 1.0  # seconds the last words (a refusal, "closing") may take to leave


class UnixTransport:
    """Listens on the meeting place of ``authority.code`` and carries each
    connection's messages to and from ``authority``."""

    def __init__(self, authority: Authority) -> None:
        self.authority = authority
        self.pending: set[Connection] = set()  # not yet through the hello (at most MAX_PENDING)
        self.pending_lock = threading.Lock()  # not the game's: accepting never waits for a move
        self.dropped: deque[str] = deque(maxlen=50)  # why connections were dropped, latest last
        self.path: Path | None = None
        self.server: socket.socket | None = None
        self.closed = False

    def open(self) -> Path:
        self.path = socket_path(self.authority.code, create=True)
        remove_socket_file(self.path)
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.bind(str(self.path))
        os.chmod(self.path, 0o666)  # the folder's secret name guards it
        server.listen(8)
        self.server = server
        threading.Thread(target=self._accept, name="skirmish-host", daemon=True).start()
        return self.path

    def _accept(self) -> None:
        """Accept until the transport closes, whatever happens: no error
        ends this loop (out of descriptors, out of threads: wait a moment
        and go on)."""
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

    def close(self, reason: str) -> None:
        """Tell everyone connected why, and stop listening."""
        self.closed = True
        leaving = self.authority.dismiss(reason)
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
            self.authority.leave(conn)
            conn.release(CLOSE_WAIT)

    def _hello(self, conn: Connection) -> bool:
        """The hello, then the proofs that both sides hold the code (which
        never travels: :mod:`net.proof`), then the authority seats it.
        Nothing about the game is sent before the joiner's proof checks out."""
        code = self.authority.code
        message = self._read_hello(conn, "hello")
        if message is None:
            return False
        challenge = message["challenge"]
        if not proof.is_token(challenge):
            conn.refuse("bad-message", "A hello needs a fresh challenge (64 hex digits).")
            return False
        host_nonce = proof.new_token()
        conn.send_message("prove", host_nonce=host_nonce, mac=proof.host_proof(code, challenge, host_nonce))
        answer = self._read_hello(conn, "answer")
        if answer is None:
            return False
        if not proof.same(answer["mac"], proof.joiner_proof(code, host_nonce, challenge)):
            conn.refuse("wrong-code", "That is not this game's code.")
            return False
        return self.authority.sit(conn, message["role"], message["name"])

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
            elif kind == "order" and self.authority.table is not None:
                self.authority.order(conn, message["text"])
            elif kind == "nonce":
                self.authority.begin(conn, message["nonce"])
            elif kind == "drafts":
                self.authority.drafts(conn, message["drafts"])
            else:
                conn.refuse("not-now", f"A {kind!r} message is not expected now.")


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


class AlreadyHosted(OSError):
    """The game's socket answers: a Skirmish still running hosts this code
    (``pid``: that process, when the system says; ``uid``: its account).
    Nothing is wrong with the meeting place."""

    def __init__(self, pid: int | None = None, uid: int | None = None) -> None:
        who = f" (process {pid})" if pid else ""
        super().__init__(f"a game with this code is already being hosted by another Skirmish that is still "
                         f"running{who}: go back to it, or leave that game there (q) and host it again")
        self.pid, self.uid = pid, uid


def remove_socket_file(path: Path) -> None:
    """A socket left by a host that died: nobody answers on it any more.
    One that answers is a host still running: :class:`AlreadyHosted`."""
    if not path.exists():
        return
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        probe.connect(str(path))
    except OSError:
        path.unlink(missing_ok=True)
    else:
        pid, uid = _peer(probe)
        raise AlreadyHosted(pid, uid)
    finally:
        probe.close()


def _peer(sock: socket.socket) -> tuple[int | None, int | None]:
    """The process and account at the other end of ``sock``, when known."""
    try:
        creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    except (OSError, AttributeError):
        return None, None
    pid, uid, _ = struct.unpack("3i", creds)
    return (pid or None), uid
