"""Other processes for the hostile-peer tests (real processes, real sockets):

- ``host``: a host whose process may open only a few more descriptors than
  it holds at the start (``RLIMIT_NOFILE``), playing its own seat;
- ``flood``: idle connections, as many as it can open and keep, topped up
  as the host closes them (it needs only the standard library: it may run
  as another account, under the system's Python);
- ``hostile``: a crowd of hostile peers at once -- idle and churning
  connections, hellos dripped a byte at a time, junk first messages, junk
  after a good hello (read or unread), stalled onlookers that never read,
  a reader that takes a byte at a time, a message dripped a byte at a
  time, oversized lines, good hellos hung up at once, again and again.

Run as ``python -m tests.remote.peers KIND ...``; each prints JSON lines on
stdout (the last one its summary).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import select
import socket
import sys
import threading
import time

V = 2  # the protocol's version (this file runs without the project's packages when it floods)


def _say(**fields) -> None:
    print(json.dumps(fields), flush=True)


def _started(ruleset: str, seed: int = 7):
    from core.game import start
    from core.registry import find_ruleset
    from saves.library import battlefield_named
    from tests.remote.helpers import PLAYERS

    rules = find_ruleset(ruleset)
    return start(rules, None, battlefield_named(rules.default_battlefield), seed, PLAYERS)


# -- a host under a low descriptor limit -------------------------------------------


def run_host(args) -> None:
    from net import unix as host_module  # the transport holds the caps
    from tests.remote.helpers import new_host

    host_module.HELLO_DEADLINE = args.hello_deadline
    host_module.MAX_PENDING_PER_ACCOUNT = args.per_account
    host = new_host(args.ruleset, remote_side=1, game=_started(args.ruleset))
    held = len(os.listdir("/proc/self/fd"))
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (held + args.spare, hard))
    _say(code=host.code, path=str(host.path), limit=held + args.spare)
    seat, rng, times = host.seat(0), random.Random(args.seed), []
    done = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), done.set()), daemon=True).start()
    while not done.is_set():
        orders = seat.legal_orders() if seat.may_act() and seat.outcome() is None else []
        if orders:
            began = time.monotonic()
            seat.submit(rng.choice(orders))
            times.append(time.monotonic() - began)
        done.wait(0.02)
    _say(orders=len(times), slowest=max(times, default=0.0), dropped=list(host.dropped))
    host.close()


# -- a flood of idle connections ---------------------------------------------------


def run_flood(args) -> None:
    held: list[socket.socket] = []
    made = 0
    end = time.monotonic() + args.seconds
    told = False
    while time.monotonic() < end:
        while len(held) < args.count:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.setblocking(False)
            try:
                sock.connect(args.path)
            except OSError:  # the host's queue is full (or it is gone): keep what we hold
                sock.close()
                break
            held.append(sock)
            made += 1
        kept = []
        for sock in held:
            try:
                gone = sock.recv(1, socket.MSG_PEEK) == b""
            except BlockingIOError:
                gone = False
            except OSError:
                gone = True
            if gone:
                sock.close()
            else:
                kept.append(sock)
        held = kept
        if not told:
            _say(flooding=made)
            told = True
        time.sleep(0.05)
    _say(made=made, held=len(held))


# -- a crowd of hostile peers --------------------------------------------------------


class Crowd:
    def __init__(self, path: str, code: str, seconds: float, seed: int) -> None:
        self.path, self.code = path, code
        self.end = time.monotonic() + seconds
        self.seed = seed
        self.lock = threading.Lock()
        self.stats: dict[str, list] = {}
        game = _started("platemail")
        # the host's side's orders (side 0), and side 1's made up from them
        self.orders = [o.to_text() for o in game.legal_orders(0)]
        self.orders += [t.replace("side=0", "side=1") for t in self.orders]

    def note(self, key: str, value) -> None:
        with self.lock:
            self.stats.setdefault(key, []).append(value)

    def running(self) -> bool:
        return time.monotonic() < self.end

    def connect(self, timeout: float = 2.0) -> socket.socket | None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(timeout)
        try:
            sock.connect(self.path)
        except OSError:
            sock.close()
            time.sleep(0.05)
            return None
        return sock

    def entered(self, rcvbuf: int | None = None) -> socket.socket | None:
        """A connection through a good hello (None when the host closed it:
        too many saying their hello, or too many onlookers)."""
        sock = self.connect()
        if sock is None:
            return None
        if rcvbuf is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        from tests.remote.helpers import raw_hello

        try:
            answer = raw_hello(sock, self.code, role="watch", name="x")
        except (OSError, ValueError):  # hung up on (too many saying their hello), or silent
            answer = {}
        if answer.get("type") != "welcome":  # or refused: too many onlookers
            sock.close()
            time.sleep(0.1)
            return None
        return sock

    def junk(self, rng: random.Random) -> bytes:
        pick = rng.randrange(11)
        if pick == 0:
            return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60))).replace(b"\n", b"") + b"\n"
        if pick == 1:
            return b'{"v":%d,"type":"order","text":"x","text":"y"}\n' % V
        if pick == 2:
            return b'{"v":%d,"type":"order","text":NaN}\n' % V
        if pick == 3:
            return json.dumps({"v": rng.choice([0, 1, 3, "2", True]), "type": "order", "text": "x"}).encode() + b"\n"
        if pick == 4:
            return json.dumps({"v": V, "type": rng.choice(["hello", "nonce", "update", "next", ""]),
                               "code": "x", "role": "player", "name": "n", "nonce": "00"}).encode() + b"\n"
        if pick in (5, 6):  # real orders, for the host's side or for ours out of turn
            return json.dumps({"v": V, "type": "order", "text": rng.choice(self.orders)}).encode() + b"\n"
        if pick == 7:
            return json.dumps({"v": V, "type": "order", "text": "move side=1 unit=zz to=99,99"}).encode() + b"\n"
        if pick == 8:
            return b"[" * 80 + b"]" * 80 + b"\n"
        if pick == 9:
            return json.dumps({"v": V, "type": "ping"}).encode() + b"\n"
        return json.dumps({"v": V, "type": "nonce", "nonce": "ab" * 16}).encode() + b"\n"

    # -- the behaviours: each loops until the time is up ------------------------------
    def idle(self, rng: random.Random) -> None:
        """Connect and say nothing: closed at once (too many waiting) or cut
        at the hello's deadline.  (It starts a moment late: the peers that
        need a good hello get in first.)"""
        time.sleep(1.0)
        while self.running():
            sock = self.connect()
            if sock is None:
                continue
            began = time.monotonic()
            sock.settimeout(max(0.1, self.end - began + 5))
            try:
                got = sock.recv(4096)
            except OSError:
                got = b"?"
            lasted = time.monotonic() - began
            if got == b"":
                self.note("idle_at_once" if lasted < 0.2 else "idle_cut", round(lasted, 3))
            sock.close()
            time.sleep(rng.uniform(0, 0.3))

    def drip_hello(self, rng: random.Random) -> None:
        """A hello a byte at a time (it would take seconds): cut at the deadline."""
        hello = json.dumps({"v": V, "type": "hello", "code": self.code, "role": "watch", "name": "x"}).encode() + b"\n"
        while self.running():
            sock = self.connect()
            if sock is None:
                continue
            began, welcomed, cut = time.monotonic(), False, False
            for byte in hello:
                try:
                    sock.send(bytes([byte]))
                    if sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b"":
                        cut = True
                        break
                    welcomed = True  # the host sent something: it must not
                    break
                except BlockingIOError:
                    pass
                except TimeoutError:
                    self.note("drip_hello_stuck", round(time.monotonic() - began, 3))  # not taken at all
                    break
                except OSError:
                    cut = True
                    break
                time.sleep(0.15)
            lasted = time.monotonic() - began
            if cut and lasted < 0.2:
                time.sleep(0.1)
            if welcomed:
                self.note("drip_hello_answered", round(lasted, 3))
            elif cut:
                self.note("drip_hello_at_once" if lasted < 0.2 else "drip_hello_cut", round(lasted, 3))
            else:
                self.note("drip_hello_whole", round(lasted, 3))
            sock.close()

    def junk_after_hello(self, rng: random.Random, read: bool) -> None:
        """Junk as fast as the host takes it, its answers read (or not)."""
        while self.running():
            sock = self.entered()
            if sock is None:
                continue
            self.note("junk_entered", 1)
            if read:
                threading.Thread(target=self._drain, args=(sock,), daemon=True).start()
            sock.settimeout(1.0)
            sent = 0
            try:
                while self.running():
                    sock.sendall(b"".join(self.junk(rng) for _ in range(20)))
                    sent += 20
            except TimeoutError:
                self.note("junk_blocked", sent)  # the host stopped reading us: that is allowed
                while self.running() and not _closed(sock):
                    time.sleep(0.1)
            except OSError:
                self.note("junk_hung_up", sent)
            sock.close()

    def _drain(self, sock: socket.socket) -> None:
        try:
            while sock.recv(65536):
                pass
        except OSError:
            pass

    def stall(self, rng: random.Random) -> None:
        """An onlooker that never reads, with a tiny receive buffer."""
        while self.running():
            sock = self.entered(rcvbuf=1024)
            if sock is None:
                continue
            began = time.monotonic()
            while self.running() and not _closed(sock):
                time.sleep(0.1)
            if self.running():
                self.note("stall_dropped", round(time.monotonic() - began, 3))
            sock.close()

    def slow_reader(self, rng: random.Random) -> None:
        """An onlooker that takes a byte at a time."""
        while self.running():
            sock = self.entered()
            if sock is None:
                continue
            try:
                while self.running() and sock.recv(1):
                    time.sleep(0.05)
            except OSError:
                pass
            if self.running():
                self.note("slow_reader_dropped", 1)
            sock.close()

    def drip_message(self, rng: random.Random) -> None:
        """After a good hello, an order a byte at a time, never reading."""
        while self.running():
            sock = self.entered()
            if sock is None:
                continue
            line = json.dumps({"v": V, "type": "order", "text": rng.choice(self.orders)}).encode() + b"\n"
            try:
                while self.running():
                    for byte in line:
                        sock.send(bytes([byte]))
                        time.sleep(0.1)
            except OSError:
                self.note("drip_message_dropped", 1)
            sock.close()

    def oversize(self, rng: random.Random) -> None:
        while self.running():
            sock = self.entered()
            if sock is None:
                continue
            try:
                sock.sendall(b'{"v":2,"type":"order","text":"' + b"a" * 20_000 + b'"}\n')
                while sock.recv(65536):
                    pass
                self.note("oversize_hung_up", 1)
            except OSError:
                self.note("oversize_hung_up", 1)
            sock.close()
            time.sleep(0.2)

    def bad_hello(self, rng: random.Random) -> None:
        while self.running():
            sock = self.connect()
            if sock is None:
                continue
            first = rng.choice([self.junk(rng), json.dumps({"v": V, "type": "hello", "code": "aaaaa-bbbbb-ccccc-ddddd",
                                                            "role": "player", "name": "x"}).encode() + b"\n"])
            try:
                sock.sendall(first)
                answer = b""
                while chunk := sock.recv(4096):
                    answer += chunk
                if b'"welcome"' in answer:
                    self.note("bad_hello_welcomed", answer[:200].decode("utf-8", "replace"))
            except OSError:
                pass
            sock.close()
            time.sleep(0.05)

    def rejoin(self, rng: random.Random) -> None:
        """A good hello, then away at once, again and again: each costs
        the host a welcome and an update."""
        while self.running():
            sock = self.entered()
            if sock is not None:
                self.note("rejoined", 1)
                sock.close()

    def churn(self, rng: random.Random) -> None:
        while self.running():
            sock = self.connect()
            if sock is not None:
                sock.close()
            time.sleep(0.01)


def _closed(sock: socket.socket) -> bool:
    """The host has hung up on this socket (asked without reading a byte)."""
    poller = select.poll()
    poller.register(sock.fileno(), select.POLLRDHUP)
    return any(events & (select.POLLRDHUP | select.POLLHUP | select.POLLERR) for _, events in poller.poll(0))


def run_hostile(args) -> None:
    crowd = Crowd(args.path, args.code, args.seconds, args.seed)
    plan = ([crowd.idle] * 12 + [crowd.drip_hello] * 3 + [crowd.stall] * 3 + [crowd.bad_hello] * 2
            + [lambda rng: crowd.junk_after_hello(rng, read=True)] * 2
            + [lambda rng: crowd.junk_after_hello(rng, read=False)]
            + [crowd.slow_reader, crowd.drip_message, crowd.oversize, crowd.churn, crowd.rejoin, crowd.rejoin])
    threads = [threading.Thread(target=work, args=(random.Random(args.seed * 100 + i),), daemon=True)
               for i, work in enumerate(plan)]
    for thread in threads:
        thread.start()
    _say(attacking=len(threads))
    for thread in threads:
        thread.join(max(0.0, crowd.end - time.monotonic()) + 3)
    with crowd.lock:
        _say(**crowd.stats)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.remote.peers")
    sub = parser.add_subparsers(dest="kind", required=True)
    host = sub.add_parser("host")
    host.add_argument("--ruleset", default="platemail")
    host.add_argument("--spare", type=int, default=8)
    host.add_argument("--hello-deadline", type=float, default=1.0)
    host.add_argument("--per-account", type=int, default=4)
    host.add_argument("--seed", type=int, default=1)
    flood = sub.add_parser("flood")
    flood.add_argument("--path", required=True)
    flood.add_argument("--count", type=int, default=1100)
    flood.add_argument("--seconds", type=float, default=3.0)
    hostile = sub.add_parser("hostile")
    hostile.add_argument("--path", required=True)
    hostile.add_argument("--code", required=True)
    hostile.add_argument("--seconds", type=float, default=10.0)
    hostile.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    {"host": run_host, "flood": run_flood, "hostile": run_hostile}[args.kind](args)


if __name__ == "__main__":
    main(sys.argv[1:])
