"""A host on a private meeting place, and a joiner that records every byte."""

from __future__ import annotations

import json
import socket
import time
from typing import Any

from core.game import start
from core.registry import find_ruleset
from core.seats import Facts
from net import fairdice, proof, wire
from net.client import RemoteSeat
from net.host import Host
from net.rendezvous import new_code
from saves.library import battlefield_named

PLAYERS = ("Ann", "Bob")


def new_host(ruleset: str, remote_side: int = 1, game=None, players: tuple[str, str] = PLAYERS) -> Host:
    rules = find_ruleset(ruleset)
    field = battlefield_named(rules.default_battlefield)
    facts = Facts(rules.name, rules.default_options(), field, players)
    half = fairdice.new_half()
    host = Host(facts, remote_side, new_code(), {"host": half, "commit": fairdice.commitment(half)},
                game=game, make_game=lambda seed: start(rules, None, field, seed, players))
    host.open()
    return host


class RecordingSeat(RemoteSeat):
    """A joiner that keeps every line the host sent it, as bytes."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.received: list[bytes] = []

    def _read(self):
        line = self._reader.readline(2 ** 23)
        if line:
            self.received.append(line)
        from net import wire

        return wire.decode(line, wire.HOST_MESSAGES, wire.HOST_MAX) if line else None


def read_line(sock: socket.socket, received: bytearray | None = None) -> bytes:
    """One line from ``sock``, a byte at a time (so nothing after it is
    taken from the socket: the caller may wrap it in a reader afterwards).
    Each byte read is also added to ``received``, if given (a fake host
    keeps everything a joiner sent it)."""
    out = bytearray()
    while not out.endswith(b"\n"):
        byte = sock.recv(1)
        if not byte:
            break
        out += byte
        if received is not None:
            received += byte
    return bytes(out)


def raw_joiner(host) -> tuple[socket.socket, Any]:
    """A hostile joiner's raw connection to ``host``: connected, the hello
    done by hand and the first update read; returns the socket and a line
    reader of it (the caller closes the socket)."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(str(host.path))
    sock.settimeout(10)
    raw_hello(sock, host.code)
    reader = sock.makefile("rb")
    assert json.loads(reader.readline())["type"] == "update"
    return sock, reader


def raw_hello(sock: socket.socket, code: str, role: str = "player", name: str = "x") -> dict:
    """The joiner's side of the hello by hand on a connected ``sock``: the
    challenge, the host's proof (not checked here: a wrong ``code`` goes on
    to be refused), our own proof.  Returns the
    host's next message (the welcome, or a refusal) as a dict; the update
    that follows a welcome is left on the socket."""
    challenge = proof.new_token()
    sock.sendall(wire.encode("hello", role=role, name=name, challenge=challenge))
    prove = json.loads(read_line(sock))
    if prove["type"] != "prove":
        return prove
    sock.sendall(wire.encode("answer", mac=proof.joiner_proof(code, prove["host_nonce"], challenge)))
    return json.loads(read_line(sock))


def wait_until(test, timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if test():
            return True
        time.sleep(0.01)
    return bool(test())


async def until(pilot, test, tries: int = 400) -> bool:
    """Let the app run (0.05 s a pause) until ``test()`` holds, or give up."""
    for _ in range(tries):
        if test():
            return True
        await pilot.pause(0.05)
    return bool(test())


def showing(app, kind) -> bool:
    """The app shows a screen of ``kind`` whose mounting is done (its
    ``on_mount`` has run): a test that stops the app sooner tears the
    screen's widgets down under its ``on_mount``."""
    return isinstance(app.screen, kind) and app.screen.is_mounted


def banner(app) -> str:
    return str(app.screen.query_one("#banner").render())


async def join_from_the_menu(pilot, code: str):
    """``j`` in the main menu, the join code typed, Enter: the game screen
    once it shows (asserted)."""
    from tui.game_screen import GameScreen

    await pilot.press("j")
    for ch in code:
        await pilot.press(ch if ch != "-" else "minus")
    await pilot.press("enter")
    assert await until(pilot, lambda: showing(pilot.app, GameScreen))
    return pilot.app.screen
