"""A joiner's drafts (written, not given) on the wire (issue 27): they reach
the host's match, which saves them with the game; they go back to that
seat's player alone when it joins again, never to an onlooker or to the
other seat; anything that is not the seat's own drafts is dropped.

Before protocol 4 a joiner had no way to hand its drafts to the host: they
lived in the joiner's process only."""

from __future__ import annotations

import json
import socket

from core.game import start
from core.registry import find_ruleset
from match import Match
from net import wire
from net.rendezvous import socket_path
from saves.library import battlefield_named
from tests.remote.helpers import PLAYERS, RecordingSeat, new_host, raw_hello, read_line, wait_until

DRAFT = {"kind": "platemail-orders", "side": 1, "round": 1, "written": ["zz-secret-zz"], "writer": None}


def _platemail_host(saved: list):
    """A host whose table is a strict match's (as the app's), its saves recorded."""
    rules = find_ruleset("platemail")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 5, PLAYERS)
    host = new_host("platemail", game=game)
    match = Match(game, ("human", "human"), saver=lambda g, pending, kinds: saved.append(pending), strict=True,
                  computers=False, lock=host.lock, table=host.table)
    host.keep_drafts = lambda side, drafts: match.put_drafts(side, drafts, save=True)
    return host, match


def _types(seat: RecordingSeat) -> list[str]:
    return [json.loads(line)["type"] for line in seat.received]


def test_the_joiners_drafts_are_kept_and_saved_by_the_host_and_given_back_to_it_alone():
    saved: list = []
    host, match = _platemail_host(saved)
    joiner = RecordingSeat(host.code)
    onlooker = None
    try:
        joiner.start()
        assert joiner.put_drafts([DRAFT])
        assert wait_until(lambda: match.table.drafts(1) == [DRAFT]), match.table.drafts()
        assert saved and saved[-1] == {"drafts": [DRAFT]}, "the joiner's drafts were not saved as they came"
        assert match.table.drafts(0) == []

        onlooker = RecordingSeat(host.code, role="watch")
        onlooker.start()
        assert onlooker.put_drafts([DRAFT]) is False
        assert "drafts" not in _types(onlooker) and b"zz-secret-zz" not in b"".join(onlooker.received)

        joiner.stop()  # the joiner comes again (a new process: it holds nothing)
        assert wait_until(lambda: not host.joined)
        again = RecordingSeat(host.code)
        again.start()
        assert again.drafts() == [DRAFT]
        types = _types(again)
        assert types.index("drafts") == types.index("welcome") + 1, types
        assert "drafts" not in _types(onlooker)
        again.stop()
    finally:
        joiner.stop()
        if onlooker is not None:
            onlooker.stop()
        host.close()


def test_drafts_that_are_not_the_seats_own_are_dropped():
    saved: list = []
    host, match = _platemail_host(saved)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(str(socket_path(host.code)))
        assert raw_hello(sock, host.code)["type"] == "welcome"
        read_line(sock)  # the first update
        for bad in ([{**DRAFT, "side": 0}], [DRAFT] * (wire.MAX_DRAFTS + 1), ["not a draft"], [{"side": 1}]):
            sock.sendall(wire.encode("drafts", drafts=bad))
        sock.sendall(wire.encode("ping"))
        assert json.loads(read_line(sock))["type"] == "pong", "the host answered a bad draft (or dropped us)"
        assert match.table.drafts() == [] and saved == []
        sock.sendall(wire.encode("drafts", drafts=[DRAFT]))
        assert wait_until(lambda: match.table.drafts(1) == [DRAFT])
    finally:
        sock.close()
        host.close()


def test_a_joiner_of_the_previous_protocol_is_refused_in_a_sentence():
    """(Its Skirmish reads the refusal as "another version": tests/remote/test_misbehaving_hosts.py.)"""
    host = new_host("platemail")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(str(socket_path(host.code)))
        hello = {"v": wire.VERSION - 1, "type": "hello", "role": "player", "name": "x", "challenge": "ab" * 16}
        sock.sendall(json.dumps(hello).encode() + b"\n")
        answer = json.loads(read_line(sock))
        assert answer["type"] == "refused" and answer["v"] == wire.VERSION, answer
        assert f"protocol version {wire.VERSION}" in answer["message"], answer
    finally:
        sock.close()
        host.close()
