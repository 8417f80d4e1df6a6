"""One peer of a host: a socket read a line at a time (within a deadline
while the hello is said) and written from a bounded queue by a thread of
its own, so that a peer that stops reading stalls nobody but itself.

:meth:`Connection.send` never waits: it queues the message for the
connection's writer thread.  A connection whose queue is full (``MAX_QUEUED``
messages or ``MAX_QUEUED_BYTES``), or that takes no byte for
``SEND_TIMEOUT``, is dropped and the reason kept in its host's ``dropped``.
A peer's own requests are read only while fewer than ``REPLY_ROOM``
messages wait for it, so one that asks much and reads little slows only
its own thread.
"""

from __future__ import annotations

import logging
import select
import socket
import threading
import time
from collections import deque
from typing import Any

from net import wire

SEND_TIMEOUT = 10.0  # seconds a connection may take no byte before it is dropped
MAX_QUEUED = 256  # messages waiting for one connection: one more and it is dropped
MAX_QUEUED_BYTES = 2 * wire.HOST_MAX  # bytes waiting for one connection (one message may exceed it)
REPLY_ROOM = 16  # a peer's next message is read only while fewer than this wait for it

log = logging.getLogger(__name__)


class Connection:
    """One peer.  Its serving thread reads (:meth:`read`); what it is sent
    goes into a bounded queue (:meth:`send` never blocks) that a writer
    thread of its own empties, so a peer that stops reading stalls nobody:
    when its queue is full, or it takes no byte for ``SEND_TIMEOUT``, it is
    dropped.  The socket stays in blocking mode and both directions wait
    with ``poll`` (no ``select``: descriptors past 1024 are ordinary here)
    and move bytes with ``MSG_DONTWAIT``; only the serving thread closes
    the descriptor, after the writer has finished (:meth:`release`).
    ``host`` is anything with a ``dropped`` list (a :class:`~net.host.Host`)."""

    def __init__(self, host: Any, sock: socket.socket) -> None:
        self.host = host
        self.sock = sock
        sock.settimeout(None)
        self.fd = sock.fileno()
        self.side: int | None = None
        self.role = ""
        self.account: int | None = None  # the peer's uid, when known
        self.sent_events = 0
        self.alive = True
        self.reason = ""  # why the host hung up, when it did
        self.deadline: float | None = None  # for reading: the hello's, None after it
        self.max_line = wire.CLIENT_MAX  # bytes in one message from this peer (a server's clients send drafts)
        self._inbox = bytearray()
        self._out: deque[bytes] = deque()
        self._out_bytes = 0
        lock = threading.Lock()
        self._out_cond = threading.Condition(lock)  # the writer waits on it for work
        self._room = threading.Condition(lock)  # the reader waits on it for room
        self._finishing = False  # flush what is queued, then hang up
        self._writer: threading.Thread | None = None

    # -- sending -------------------------------------------------------------------
    def send(self, data: bytes) -> None:
        """Queue ``data`` for the writer; never waits.  A connection whose
        queue is full is dropped (it has stopped reading)."""
        with self._out_cond:
            if not self.alive or self._finishing:
                return
            full = len(self._out) >= MAX_QUEUED or (bool(self._out) and self._out_bytes + len(data) > MAX_QUEUED_BYTES)
            if not full:
                self._out.append(data)
                self._out_bytes += len(data)
                self._out_cond.notify()
                if self._writer is None:
                    self._writer = threading.Thread(target=self._write, name="skirmish-send", daemon=True)
                    try:
                        self._writer.start()
                    except RuntimeError:  # no thread to be had: nobody will send it
                        self._writer = None
                        full = True
        if full:
            self.drop(f"it stopped reading ({len(self._out)} messages waiting for it)")

    def send_message(self, kind: str, **fields: Any) -> None:
        self.send(wire.encode(kind, **fields))

    def refuse(self, code: str, message: str) -> None:
        self.send_message("refused", code=code, message=message)

    def _write(self) -> None:
        while True:
            with self._out_cond:
                while not self._out and self.alive and not self._finishing:
                    self._out_cond.wait()
                if not self.alive:
                    return
                if not self._out:
                    break  # finishing, and everything has left
                data = self._out.popleft()
                self._out_bytes -= len(data)
                self._room.notify()
            try:
                self._send_all(data)
            except TimeoutError:
                self.drop(f"it took nothing for {SEND_TIMEOUT:g} s")
                return
            except OSError:
                self.hang_up()
                return
        self.hang_up()

    def _send_all(self, data: bytes) -> None:
        view = memoryview(data)
        poller = select.poll()
        poller.register(self.fd, select.POLLOUT)
        while view:
            if not self.alive:
                raise BrokenPipeError("hung up")
            try:
                view = view[self.sock.send(view, socket.MSG_DONTWAIT):]
                continue
            except (BlockingIOError, InterruptedError):
                pass
            if not poller.poll(SEND_TIMEOUT * 1000):
                raise TimeoutError("the other side stopped reading")

    # -- reading -------------------------------------------------------------------
    def wait_for_room(self) -> None:
        """Before reading this peer's next message: wait while REPLY_ROOM
        messages are waiting for it, so a peer that asks much and reads
        little slows only itself (its own thread waits; nobody else's)."""
        with self._out_cond:
            while self.alive and len(self._out) >= REPLY_ROOM:
                self._room.wait()

    def read(self) -> bytes | None:
        """One line (None at the end); oversized lines raise WireError.
        While ``deadline`` is set the line must be complete by then, however
        slowly it comes: TimeoutError otherwise."""
        poller: Any = None
        while True:
            if not self.alive:  # hung up: what it sent and we have not read is not wanted
                return None
            end = self._inbox.find(b"\n")
            if end > self.max_line or (end < 0 and len(self._inbox) > self.max_line):
                raise wire.WireError(f"a message is longer than {self.max_line} bytes")
            if end >= 0:
                line = bytes(self._inbox[:end + 1])
                del self._inbox[:end + 1]
                return line
            if poller is None:
                poller = select.poll()
                poller.register(self.fd, select.POLLIN)
            if self.deadline is None:
                wait = -1
            else:
                left = self.deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError("the hello did not come in time")
                wait = max(1, int(left * 1000))
            if not poller.poll(wait):
                continue  # the deadline is checked above
            try:
                chunk = self.sock.recv(65536, socket.MSG_DONTWAIT)
            except (BlockingIOError, InterruptedError):
                continue
            if not chunk:
                if self._inbox:  # a last line without its newline
                    line = bytes(self._inbox)
                    self._inbox.clear()
                    return line
                return None
            self._inbox += chunk

    # -- hanging up ----------------------------------------------------------------
    def hang_up(self) -> None:
        """Stop at once, whatever is queued: both threads wake (the socket
        is shut down, not closed: see :meth:`release`)."""
        with self._out_cond:
            self.alive = False
            self._out.clear()
            self._out_bytes = 0
            self._out_cond.notify_all()
            self._room.notify_all()
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    close = hang_up

    def drop(self, reason: str) -> None:
        """Hang up on a peer that is not keeping up, and say why."""
        if self.alive:
            self.reason = reason
            self.host.dropped.append(f"{self.role or 'a connection'}: {reason}")
            log.info("dropped %s: %s", self.role or "a connection", reason)
        self.hang_up()

    def finish(self) -> None:
        """Hang up once what is queued has left (a refusal, ``next``,
        ``closing``); a peer that does not take it is dropped as usual."""
        with self._out_cond:
            self._finishing = True
            self._out_cond.notify_all()
            writer = self._writer
        if writer is None:
            self.hang_up()

    def flushed(self, timeout: float) -> bool:
        """Wait up to ``timeout`` for the writer to finish."""
        writer = self._writer
        if writer is not None:
            writer.join(timeout)
            return not writer.is_alive()
        return True

    def release(self, wait: float) -> None:
        """The serving thread's last act: let queued words leave (up to
        ``wait``), hang up, and close the descriptor once the writer is done."""
        self.finish()
        self.flushed(wait)
        self.hang_up()
        self.flushed(SEND_TIMEOUT + 1)  # it wakes at once: the socket is shut down
        try:
            self.sock.close()
        except OSError:
            pass
