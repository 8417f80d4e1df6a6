"""A hostile joiner against a live host: wrong codes, junk, oversized
lines, orders out of turn or for the other side.  Each gets a refusal and
nothing changes; the host keeps serving the honest seat afterwards."""

from __future__ import annotations

import json
import os
import random
import socket

import pytest

from core.game import redact, start
from core.registry import find_ruleset
from net import unix as transport
from net import wire
from net.client import JoinError
from saves.library import battlefield_named
from tests.remote.helpers import PLAYERS, RecordingSeat, new_host, raw_hello, wait_until

MESSAGES = 10_000
V = wire.VERSION


def _started(ruleset: str):
    rules = find_ruleset(ruleset)
    return start(rules, None, battlefield_named(rules.default_battlefield), 7, PLAYERS)


def _connect(host, code=None, role="player"):
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(str(host.path))
    sock.settimeout(10)
    first = raw_hello(sock, host.code if code is None else code, role)
    return sock, first, sock.makefile("rb")


def _replies(reader, count):
    out = []
    for _ in range(count):
        line = reader.readline()
        assert line, "the host hung up on a hostile message it should have refused"
        out.append(json.loads(line))
    return out


def _junk(rng: random.Random, game, host_side_orders, own_orders) -> bytes:
    """One hostile line (with its newline)."""
    pick = rng.randrange(12)
    if pick == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60))).replace(b"\n", b"") + b"\n"
    if pick == 1:
        return b'{"v":%d,"type":"order","text":"x","text":"y"}\n' % V  # duplicate key
    if pick == 2:
        return b'{"v":%d,"type":"order","text":NaN}\n' % V
    if pick == 3:
        return json.dumps({"v": rng.choice([0, V - 1, V + 1, str(V), True, float(V)]), "type": "order", "text": "x"}).encode() + b"\n"
    if pick == 4:
        return json.dumps({"v": V, "type": rng.choice(["hello", "nonce", "welcome", "update", "next", "", "ORDER"]),
                           "code": "x", "role": "player", "name": "n", "nonce": "00"}).encode() + b"\n"
    if pick == 5:
        return json.dumps({"v": V, "type": "order", "text": rng.choice([1, None, [], {}, True])}).encode() + b"\n"
    if pick == 6:
        return json.dumps({"v": V, "type": "order", "text": "x", "extra": 1}).encode() + b"\n"
    if pick == 7:  # the other side's orders (the host's side may act now)
        return wire.encode("order", text=rng.choice(host_side_orders).to_text())
    if pick == 8:  # our own side, out of turn: the orders we will have later, or made up
        order = rng.choice(own_orders)
        return wire.encode("order", text=order.to_text())
    if pick == 9:  # order text that does not parse
        words = ["move", "side=1", "unit=zz", "to=99,99", "side=0", "=", "(", "[;]", "\u202e", "a" * 50]
        return wire.encode("order", text=" ".join(rng.choice(words) for _ in range(rng.randrange(1, 6))))
    if pick == 10:
        return b"[" * 80 + b"]" * 80 + b"\n"
    return json.dumps([1, 2, 3]).encode() + b"\n"


def test_ten_thousand_hostile_messages_change_nothing():
    game = _started("spheres_of_war")
    rules = game.ruleset
    assert 0 in game.to_act and 1 not in game.to_act  # side 1 (the joiner) must wait
    host = new_host("spheres_of_war", remote_side=1, game=game)
    try:
        before = (host.table.version, host.table.game)
        host_orders = game.legal_orders(0)
        # side 1's orders as they will be when it may act: legal later, out of turn now
        own = [rules.parse_order(o.to_text().replace("side=0", "side=1")) for o in host_orders]
        rng = random.Random(13)
        sock, welcome, reader = _connect(host)
        replies = [welcome, json.loads(reader.readline())]
        assert [r["type"] for r in replies] == ["welcome", "update"]
        sent = 0
        while sent < MESSAGES:
            batch = [_junk(rng, game, host_orders, own) for _ in range(200)]
            sock.sendall(b"".join(batch))
            for reply in _replies(reader, len(batch)):
                assert reply["type"] in ("refused", "result"), reply
                if reply["type"] == "result":
                    assert reply["ok"] is False and reply["message"]
            sent += len(batch)
        # an oversized line: refused, then the host stops reading that connection
        sock.sendall(b'{"v":1,"type":"order","text":"' + b"a" * (wire.CLIENT_MAX + 10) + b'"}\n')
        assert json.loads(reader.readline())["code"] == "bad-message"
        assert reader.readline() == b""
        sock.close()
        # wrong codes: refused before anything about the game is sent
        for code in ["aaaaa-bbbbb-ccccc-ddddd", "", host.code + "x", host.code.upper()]:
            bad, answer, bad_reader = _connect(host, code=code)
            assert answer["code"] == "wrong-code"
            assert rules.name not in json.dumps(answer) and bad_reader.readline() == b""
            bad.close()
        assert (host.table.version, host.table.game) == before
        # and the honest joiner is still served
        seat = RecordingSeat(host.code)
        seat.start()
        assert seat.side == 1 and seat.view() is not None
        seat.stop()
    finally:
        host.close()


def test_the_seat_is_taken_and_onlookers_see_the_neutral_view(monkeypatch):
    game = _started("optio")
    host = new_host("optio", remote_side=1, game=game)
    try:
        first = RecordingSeat(host.code)
        first.start()
        # Another account's join is refused (the same account's takes the seat over: test_seat_taken_over.py).
        monkeypatch.setattr(transport, "peer_account", lambda sock: os.getuid() + 1)
        with pytest.raises(JoinError):
            RecordingSeat(host.code, retry=False).start()
        onlooker = RecordingSeat(host.code, role="watch")
        onlooker.start()
        assert onlooker.side is None and onlooker.legal_orders() == []
        assert onlooker.view() == redact(game.ruleset, game.state, None)
        assert onlooker.events() == game.log_for(None)
        order = game.legal_orders(min(game.to_act))[0]
        assert onlooker.submit(order).code == "onlooker"
        first.stop()
        onlooker.stop()
    finally:
        host.close()


def test_an_onlooker_that_stops_reading_is_dropped_and_the_game_goes_on(monkeypatch):
    from net import connection

    monkeypatch.setattr(connection, "SEND_TIMEOUT", 0.3)
    game = _started("platemail")
    host = new_host("platemail", remote_side=1, game=game)
    try:
        sleeper, _, _ = _connect(host, role="watch")  # connects, then never reads
        sleeper.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        assert wait_until(lambda: any(c.role == "watch" for c in host.connections))  # it is in, before the play
        rng = random.Random(5)
        seats = [host.seat(0), host.seat(1)]
        for _ in range(120):  # far more than a socket's buffers hold
            movers = [s for s in seats if s.may_act()]
            if not movers or host.table.game.outcome is not None:
                break
            seat = rng.choice(movers)
            assert isinstance(seat.submit(rng.choice(seat.legal_orders())), tuple)
        assert host.table.version >= 60
        # dropped (its queue full, or nothing taken for SEND_TIMEOUT), and the reason kept
        assert wait_until(lambda: not any(c.role == "watch" and c.alive for c in host.connections), 5)
        assert any("watch" in why for why in host.dropped)
        sleeper.close()
    finally:
        host.close()
