"""The hostile-peer fuzz: a crowd of hostile peers in another process
(tests/remote/peers.py ``hostile``: idle and churning connections, hellos
dripped a byte at a time, junk before and after a good hello, onlookers
that never read or read a byte at a time, a dripped message, oversized
lines, good hellos hung up at once) all at once, while the real joiner (``RemoteSeat``) and the host's
own seat play a game of Platemail, with an honest onlooker watching.

Every honest order is timed: its answer, and the joiner's copy catching up
with it, each within 1 s.  Afterwards the dripped hellos were cut at the
deadline, the peers that stopped reading were dropped, nobody hostile is
left, and the host still takes a new onlooker."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import time
from collections import Counter

from core.game import start
from core.registry import find_ruleset
from net import authority, connection
from net import unix as host_module  # the transport holds the caps
from net.client import RemoteSeat
from saves.library import battlefield_named
from tests.remote.helpers import PLAYERS, new_host, wait_until

ATTACK = 12.0  # seconds the crowd attacks
DEADLINE = 1.0  # the hello's, shortened
BOUND = 1.0  # seconds: the bound on every honest order
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _attack(host, seconds: float, seed: int) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.Popen([sys.executable, "-m", "tests.remote.peers", "hostile", "--path", str(host.path),
                             "--code", host.code, "--seconds", str(seconds), "--seed", str(seed)],
                            stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)


def _play(host, joiner, attacker, rng) -> list[tuple[str, float, float]]:
    """Random legal orders from both seats until the attack ends: for each,
    who gave it, how long its answer took, and how long until the joiner's
    copy had it."""
    local = host.seat(0)
    timed = []
    while attacker.poll() is None and local.outcome() is None:
        movers = [s for s in (local, joiner) if s.may_act() and s.legal_orders()]
        if not movers:
            time.sleep(0.01)
            continue
        seat = rng.choice(movers)
        began = time.monotonic()
        result = seat.submit(rng.choice(seat.legal_orders()))
        answered = time.monotonic() - began
        assert isinstance(result, tuple), result
        version = host.table.version
        wait_until(lambda version=version: joiner.host_version >= version, 5)
        timed.append(("joiner" if seat is joiner else "host", answered, time.monotonic() - began))
        time.sleep(0.02)  # a quick player's pace
    return timed


def test_a_hostile_crowd_never_slows_an_honest_order(monkeypatch):
    monkeypatch.setattr(host_module, "HELLO_DEADLINE", DEADLINE)
    monkeypatch.setattr(host_module, "MAX_PENDING", 8)
    monkeypatch.setattr(host_module, "MAX_PENDING_PER_ACCOUNT", 8)  # the crowd is one account
    monkeypatch.setattr(authority, "MAX_WATCHERS", 8)  # room for hostile onlookers beside the honest one
    monkeypatch.setattr(connection, "MAX_QUEUED", 32)
    monkeypatch.setattr(connection, "SEND_TIMEOUT", 3.0)
    rules = find_ruleset("platemail")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 7, PLAYERS)
    host = new_host("platemail", remote_side=1, game=game)
    joiner = RemoteSeat(host.code, name="Bob")
    onlooker = RemoteSeat(host.code, role="watch")
    attacker = None
    try:
        joiner.start()
        onlooker.start()
        attacker = _attack(host, ATTACK, seed=3)
        assert json.loads(attacker.stdout.readline())["attacking"] > 10
        began = time.monotonic()
        timed = _play(host, joiner, attacker, random.Random(1))  # a long game (402 orders)
        played = time.monotonic() - began
        stats = json.loads(attacker.stdout.read().strip().splitlines()[-1])
        attacker.wait(10)

        slow = [t for t in timed if t[1] > BOUND or t[2] > BOUND]
        answers = sorted(t[1] for t in timed)
        print(f"\n{len(timed)} honest orders in {played:.1f} s under attack: answer median {answers[len(answers) // 2] * 1000:.1f} ms,"
              f" slowest {answers[-1] * 1000:.1f} ms; slowest catch-up {max(t[2] for t in timed) * 1000:.1f} ms")
        print("attack:", {k: (len(v), max(v) if all(isinstance(x, (int, float)) for x in v) else v[:3])
                          for k, v in stats.items()})
        print("dropped:", Counter(re.sub(r"\d+", "N", why) for why in host.dropped))
        assert len(timed) >= 100, "the attack must overlap a real stretch of the game"
        assert {who for who, _, _ in timed} == {"host", "joiner"}
        assert not slow, slow

        # the hellos dripped a byte at a time were cut at the deadline, never answered
        assert not {"drip_hello_answered", "drip_hello_whole", "drip_hello_stuck"} & set(stats)
        assert stats.get("drip_hello_cut") and max(stats["drip_hello_cut"]) < DEADLINE + 1.5
        # idle connections: the extra ones closed at once, the rest cut at the deadline
        assert stats.get("idle_at_once") and stats.get("idle_cut")
        assert max(stats["idle_cut"]) < DEADLINE + 1.5
        assert "bad_hello_welcomed" not in stats
        # peers that stopped reading were dropped, with the reason kept
        assert stats.get("stall_dropped") and any("stopped reading" in why or "took nothing" in why
                                                   for why in host.dropped)

        # nobody hostile is left; the honest ones are still here and current
        assert wait_until(lambda: not host.pending and len(host.connections) == 2, 10), (host.pending, host.connections)
        assert joiner.status == "playing" and onlooker.status == "playing"
        assert wait_until(lambda: onlooker.host_version == host.table.version)
        assert joiner.view() is not None and onlooker.view() is not None
        # and the host still lets someone in
        late = RemoteSeat(host.code, role="watch")
        late.start()
        assert late.host_version == host.table.version
        late.stop()
    finally:
        if attacker is not None and attacker.poll() is None:
            attacker.kill()
            attacker.wait()
        joiner.stop()
        onlooker.stop()
        host.close()
