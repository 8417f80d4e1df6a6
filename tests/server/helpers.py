"""Servers and players for the server's tests."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from net.referee import Referee
from net.server import ServerTransport
from net.serverclient import ServerClient
from net.serverseat import ServerSeat
from saves.gamedb import GameDB

ROOT = Path(__file__).resolve().parents[2]


def wait_until(test, timeout: float = 10.0, every: float = 0.02) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if test():
            return True
        time.sleep(every)
    return bool(test())


class Server:
    """A server in this process: its store, referee and door."""

    def __init__(self, place: Path, doors: tuple[str, ...] = (), computers: bool = True) -> None:
        self.place = place
        self.socket = place / "srv" / "socket"
        self.data = place / "data"
        self.doors = doors
        self.computers = computers
        self.start()

    def start(self) -> None:
        self.db = GameDB(self.data)
        self.referee = Referee(self.db, computers=self.computers)
        self.transport = ServerTransport(self.referee, self.socket, self.doors)
        self.transport.open()

    def stop(self) -> None:
        self.transport.close()
        self.referee.close()
        self.db.close()

    def client(self, name: str) -> ServerClient:
        return ServerClient.connect(self.socket, f"guest:{name}")


class ServerProcess:
    """``skirmish serve`` as a process of its own (SIGKILL it, start it again)."""

    def __init__(self, place: Path, doors: tuple[str, ...] = ()) -> None:
        self.place = place
        self.socket = place / "srv" / "socket"
        self.data = place / "data"
        self.doors = doors
        self.proc: subprocess.Popen | None = None
        self.start()

    def start(self) -> None:
        args = [sys.executable, "-m", "tui", "serve", "--socket", str(self.socket), "--data", str(self.data)]
        for door in self.doors:
            args += ["--door-account", door]
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.log = open(self.place / "serve.log", "ab")
        self.proc = subprocess.Popen(args, env=env, stdout=self.log, stderr=subprocess.STDOUT, cwd=ROOT)
        # Answering, not only bound: the socket's file appears at bind, before
        # the server listens (a connect then is refused; seen once in CI).
        assert wait_until(lambda: self.answers() or self.proc.poll() is not None, 30), "the server did not start"
        assert self.proc.poll() is None, (self.place / "serve.log").read_text()

    def answers(self) -> bool:
        """Whether the server's socket takes a connection now."""
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(str(self.socket))
            return True
        except OSError:
            return False
        finally:
            probe.close()

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        self.log.close()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.log.close()

    def client(self, name: str) -> ServerClient:
        return ServerClient.connect(self.socket, f"guest:{name}")


def play_random(seats: list[ServerSeat], rng: random.Random, until=None, limit: float = 60.0) -> int:
    """Each seat that may act gives a random legal order, until the game
    is over or ``until()``; the number of orders given."""
    end = time.monotonic() + limit
    given = 0
    while time.monotonic() < end:
        if seats[0].outcome() is not None or (until is not None and until()):
            return given
        moved = False
        for seat in seats:
            if seat.may_act() and seat.status == "playing":
                legal = seat.legal_orders()
                if legal:
                    seat.submit(rng.choice(legal), wait=5)
                    given += 1
                    moved = True
        if not moved:
            time.sleep(0.01)
    raise AssertionError("the game did not end in time")
