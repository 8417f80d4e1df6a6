"""A tiny host that misbehaves on purpose, on a real socket at a join
code's place: it stays silent, sends junk, or speaks the protocol honestly
up to the point where it lies.  Everything a joiner sends it is kept in
``received`` (bytes), so a test can check what never left the joiner."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable

from net import proof, wire
from net.rendezvous import new_code, remove_socket, socket_path
from tests.remote.helpers import read_line

__all__ = ["FakeHost", "read_line", "silent"]  # read_line: its tests import it from here too


class FakeHost:
    """Serves each connection with ``behave(sock, fake)`` on its own thread."""

    def __init__(self, behave: Callable[[socket.socket, FakeHost], None], code: str | None = None) -> None:
        self.code = code or new_code()
        self.behave = behave
        self.received = bytearray()
        self.connections = 0
        self.ended = 0  # connections whose behaviour has finished (a silent host's: the joiner hung up)
        self.path = socket_path(self.code, create=True)
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(str(self.path))
        self.server.listen(8)
        self.socks: list[socket.socket] = []
        self.closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self.closed:
            try:
                sock, _ = self.server.accept()
            except OSError:
                return
            self.connections += 1
            self.socks.append(sock)
            threading.Thread(target=self._serve, args=(sock,), daemon=True).start()

    def _serve(self, sock: socket.socket) -> None:
        try:
            self.behave(sock, self)
        except OSError:
            pass
        self.ended += 1

    def close(self) -> None:
        self.closed = True
        for sock in [self.server, *self.socks]:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()
        remove_socket(self.path)

    # -- behaviours' building blocks ------------------------------------------------
    def honest_hello(self, sock: socket.socket) -> dict:
        """The host's side of the hello, done right; returns the joiner's hello."""
        hello = json.loads(read_line(sock, self.received))
        nonce = proof.new_token()
        sock.sendall(wire.encode("prove", host_nonce=nonce, mac=proof.host_proof(self.code, hello["challenge"], nonce)))
        answer = json.loads(read_line(sock, self.received))
        assert proof.same(answer["mac"], proof.joiner_proof(self.code, nonce, hello["challenge"]))
        return hello

    def listen_forever(self, sock: socket.socket) -> None:
        while read_line(sock, self.received):
            pass


def silent(sock: socket.socket, fake: FakeHost) -> None:
    """Takes the connection and never says a word."""
    fake.listen_forever(sock)
