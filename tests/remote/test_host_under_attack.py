"""No account can stop a host, and a peer that stops reading freezes nobody
(issue 30, points 1 and 2), with real processes and real sockets:

- a flood of idle connections from another process against a host whose
  process may open only a few more descriptors: the host runs out, backs
  off, and after the flood the honest joiner joins and plays;
- another account's flood (as 'nobody', when the tests run as root) never
  keeps the joiner out: one account may hold only a few connections that
  have not said their hello;
- connections that have not said their hello are capped, in all and per
  account (the extra ones closed at once), without harm to the seat
  already playing;
- a hello dripped a byte at a time is cut at one deadline for the whole
  hello, not a timeout per read;
- onlookers that never read (tiny receive buffer) while the seats play:
  every order answered, and the host's own seat served, within 1 s; the
  stalled onlookers are dropped, the reason kept.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from core.game import start
from core.registry import find_ruleset
from net import connection, wire
from net import unix as host_module  # the transport holds the caps
from net.client import RemoteSeat
from saves.library import battlefield_named
from tests.other_accounts import readable_checkout
from tests.remote.helpers import PLAYERS, new_host, raw_hello, wait_until

BOUND = 1.0  # seconds: the bound on an order's answer
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SYSTEM_PYTHON = "/usr/bin/python3"  # one any account may run


def _started(ruleset: str):
    rules = find_ruleset(ruleset)
    return start(rules, None, battlefield_named(rules.default_battlefield), 7, PLAYERS)


def _process(*args: str, stdin=None, root: str = ROOT, **kwargs) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    python = kwargs.pop("python", sys.executable)
    return subprocess.Popen([python, "-m", "tests.remote.peers", *args], stdin=stdin,
                            stdout=subprocess.PIPE, text=True, env=env, cwd=root, **kwargs)


def _join(code: str, within: float, **kwargs) -> RemoteSeat | None:
    """The real joiner, trying as a player would (again after a refusal or a
    silence) until ``within`` seconds have passed; on a thread, since a host
    that no longer accepts leaves its connect waiting for ever."""
    joined: list[RemoteSeat] = []

    def attempt() -> None:
        end = time.monotonic() + within
        while time.monotonic() < end and not joined:
            seat = RemoteSeat(code, **kwargs)
            try:
                seat.start(timeout=max(0.5, end - time.monotonic()))
            except (OSError, wire.WireError):
                seat.stop()
                time.sleep(0.2)
                continue
            joined.append(seat)

    thread = threading.Thread(target=attempt, daemon=True)
    thread.start()
    thread.join(within + 2)
    return joined[0] if joined else None


def _timed_orders(seat, count: int, others=()) -> list[float]:
    """``count`` of ``seat``'s orders (random, legal), each timed; while it
    may not act, the ``others`` (local seats) act, or the other process."""
    rng = random.Random(4)
    times: list[float] = []
    end = time.monotonic() + 30
    while len(times) < count and seat.outcome() is None and time.monotonic() < end:
        if seat.may_act() and seat.legal_orders():
            began = time.monotonic()
            result = seat.submit(rng.choice(seat.legal_orders()))
            times.append(time.monotonic() - began)
            assert isinstance(result, tuple), result
            continue
        movers = [o for o in others if o.may_act() and o.legal_orders()]
        if movers:
            mover = rng.choice(movers)
            began = time.monotonic()
            assert isinstance(mover.submit(rng.choice(mover.legal_orders())), tuple)
            times.append(time.monotonic() - began)
        else:
            time.sleep(0.01)
    return times


def test_a_flood_under_a_low_descriptor_limit_leaves_the_host_accepting():
    # no cap per account here: the flood must run the host out of descriptors
    host = _process("host", "--spare", "8", "--hello-deadline", "1.0", "--per-account", "1000",
                    stdin=subprocess.PIPE)
    joiner = None
    try:
        told = json.loads(host.stdout.readline())
        flood = _process("flood", "--path", told["path"], "--count", "1100", "--seconds", "3")
        flooded = json.loads(flood.stdout.read().strip().splitlines()[-1])
        flood.wait(10)
        # more connections than the host has descriptors left: it ran out of them
        assert flooded["made"] > told["limit"], flooded
        joiner = _join(told["code"], within=8, name="Bob")
        assert joiner is not None, "after the flood the honest joiner could not join"
        times = _timed_orders(joiner, 10)
        assert len(times) == 10 and max(times) < BOUND, times
    finally:
        if joiner is not None:
            joiner.stop()
        host.stdin.close()
        summary = json.loads(host.stdout.read().strip().splitlines()[-1])
        host.wait(10)
    assert summary["orders"] >= 5 and summary["slowest"] < BOUND, summary


NOBODY = 65534


@pytest.fixture
def readable_place():
    """A folder every account can read (for the checkout's copy, if it needs one)."""
    folder = tempfile.mkdtemp(prefix="skm-code", dir="/tmp")
    os.chmod(folder, 0o755)
    yield Path(folder)
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.skipif(os.geteuid() != 0 or not os.path.exists(SYSTEM_PYTHON), reason="needs root, to flood as another account")
def test_another_accounts_flood_never_keeps_the_joiner_out(meeting_place, readable_place):
    """While the account 'nobody' floods the host with idle connections
    (with the system's Python: it cannot read the project's), the joiner
    joins and plays: that account may hold only MAX_PENDING_PER_ACCOUNT
    connections that have not said their hello."""
    os.chmod(meeting_place, 0o711)  # so that another account can reach the socket, as in /tmp
    host = _process("host", "--spare", "64", "--hello-deadline", "1.0", stdin=subprocess.PIPE)
    flood = joiner = None
    try:
        told = json.loads(host.stdout.readline())
        flood = _process("flood", "--path", told["path"], "--count", "1100", "--seconds", "6",
                         root=str(readable_checkout(readable_place)),
                         python=SYSTEM_PYTHON, user=NOBODY, group=NOBODY, extra_groups=[])
        assert "flooding" in json.loads(flood.stdout.readline())
        time.sleep(0.5)
        joiner = _join(told["code"], within=3, name="Bob")
        assert joiner is not None, "the joiner could not join during another account's flood"
        times = _timed_orders(joiner, 10)
        assert flood.poll() is None, "the flood must still be going"
        assert len(times) == 10 and max(times) < BOUND, times
        flooded = json.loads(flood.stdout.read().strip().splitlines()[-1])
        assert flooded["made"] > 1000, flooded  # it went on connecting, and was closed at once
    finally:
        if joiner is not None:
            joiner.stop()
        if flood is not None:
            flood.kill()
            flood.wait()
        host.stdin.close()
        summary = json.loads(host.stdout.read().strip().splitlines()[-1])
        host.wait(10)
    assert summary["orders"] >= 5 and summary["slowest"] < BOUND, summary


@pytest.mark.parametrize("cap", ["MAX_PENDING", "MAX_PENDING_PER_ACCOUNT"])
def test_connections_without_a_hello_are_capped_and_the_seat_plays_on(monkeypatch, cap):
    monkeypatch.setattr(host_module, "MAX_PENDING", 100)
    monkeypatch.setattr(host_module, "MAX_PENDING_PER_ACCOUNT", 100)
    monkeypatch.setattr(host_module, cap, 4)
    monkeypatch.setattr(host_module, "HELLO_DEADLINE", 30.0)
    host = new_host("platemail", remote_side=1, game=_started("platemail"))
    joiner = RemoteSeat(host.code, name="Bob")
    idle: list[socket.socket] = []
    try:
        joiner.start()
        for _ in range(4):  # as many as may wait: they are kept, and say nothing
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.connect(str(host.path))
            idle.append(sock)
        assert wait_until(lambda: len(host.pending) == 4)
        for _ in range(20):  # every one past the cap is closed at once
            extra = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            extra.settimeout(2)
            extra.connect(str(host.path))
            began = time.monotonic()
            assert extra.recv(100) == b"" and time.monotonic() - began < 0.5
            extra.close()
        times = _timed_orders(joiner, 10, others=[host.seat(0)])
        assert max(times) < BOUND, times
        for sock in idle:
            sock.close()
        onlooker = _join(host.code, within=5, role="watch")
        assert onlooker is not None and onlooker.host_version == host.table.version
        onlooker.stop()
    finally:
        for sock in idle:
            sock.close()
        joiner.stop()
        host.close()


def test_a_hello_dripped_a_byte_at_a_time_is_cut_at_one_deadline(monkeypatch):
    monkeypatch.setattr(host_module, "HELLO_DEADLINE", 1.0)
    host = new_host("platemail", remote_side=1, game=_started("platemail"))
    try:
        hello = wire.encode("hello", code=host.code, role="player", name="x")
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(str(host.path))
        began, cut = time.monotonic(), None
        for byte in hello[:-1]:  # a byte every 0.3 s: no single read ever waits long
            try:
                sock.send(bytes([byte]))
                if sock.recv(1, socket.MSG_DONTWAIT) == b"":
                    cut = time.monotonic() - began
                    break
            except BlockingIOError:
                pass
            except OSError:
                cut = time.monotonic() - began
                break
            if time.monotonic() - began > 4:
                break
            time.sleep(0.3)
        sock.close()
        assert cut is not None, "a hello dripped for 4 s was still being read"
        assert 0.9 < cut < 2.0, cut
        assert not host.pending and not host.joined
    finally:
        host.close()


def test_onlookers_that_never_read_freeze_nobody_and_are_dropped(monkeypatch):
    monkeypatch.setattr(connection, "SEND_TIMEOUT", 3.0)  # each stalled send once took this long
    monkeypatch.setattr(connection, "MAX_QUEUED", 8)
    host = new_host("platemail", remote_side=1, game=_started("platemail"))
    joiner = RemoteSeat(host.code, name="Bob")
    stalled: list[socket.socket] = []
    try:
        joiner.start()
        for _ in range(4):
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
            sock.connect(str(host.path))
            assert raw_hello(sock, host.code, role="watch")["type"] == "welcome"  # and reads no more
            stalled.append(sock)
        assert wait_until(lambda: sum(c.role == "watch" for c in host.connections) == 4)
        local = host.seat(0)
        rng = random.Random(2)
        answers, helps = [], []
        for _ in range(120):  # far more than the sockets' buffers and the queues hold
            movers = [s for s in (local, joiner) if s.may_act() and s.legal_orders()]
            if not movers or local.outcome() is not None:
                break
            seat = rng.choice(movers)
            began = time.monotonic()
            assert isinstance(seat.submit(rng.choice(seat.legal_orders())), tuple)
            answers.append(time.monotonic() - began)
            began = time.monotonic()
            local.snapshot()  # what the host's help key reads
            helps.append(time.monotonic() - began)
            version = host.table.version
            assert wait_until(lambda version=version: joiner.host_version >= version, BOUND)
        assert len(answers) >= 100
        assert max(answers) < BOUND and max(helps) < BOUND, (max(answers), max(helps))
        assert wait_until(lambda: not any(c.role == "watch" for c in host.connections), 5)
        assert len([why for why in host.dropped if "stopped reading" in why or "took nothing" in why]) == 4
        assert joiner.status == "playing" and host.joined
    finally:
        for sock in stalled:
            sock.close()
        joiner.stop()
        host.close()
