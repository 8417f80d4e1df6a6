"""The hello of protocol 3 against a real host: the host proves it holds
the code for the joiner's own challenge, each connection gets a fresh
nonce (a proof made for one connection is refused on another), and a
hello in the old form (the code in clear) or without a proper challenge is
refused before anything about the game is sent."""

from __future__ import annotations

import json
import socket

from net import proof, wire
from tests.remote.helpers import new_host, read_line


def _connect(host) -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(str(host.path))
    sock.settimeout(10)
    return sock


def test_the_host_proves_the_code_and_a_proof_from_another_connection_is_refused():
    host = new_host("spheres_of_war")
    socks = []
    try:
        first, second = _connect(host), _connect(host)
        socks += [first, second]
        challenges = [proof.new_token(), proof.new_token()]
        proves = []
        for sock, challenge in zip((first, second), challenges):
            sock.sendall(wire.encode("hello", role="player", name="x", challenge=challenge))
            message = json.loads(read_line(sock))
            assert message["type"] == "prove"
            assert proof.same(message["mac"], proof.host_proof(host.code, challenge, message["host_nonce"]))
            proves.append(message)
        assert proves[0]["host_nonce"] != proves[1]["host_nonce"]
        # the second connection answers with the proof made for the first: refused
        second.sendall(wire.encode("answer", mac=proof.joiner_proof(host.code, proves[0]["host_nonce"],
                                                                    challenges[0])))
        refused = json.loads(read_line(second))
        assert refused["type"] == "refused" and refused["code"] == "wrong-code"
        assert host.facts.ruleset_name not in json.dumps(refused) and read_line(second) == b""
        # the first, answering its own, is welcomed
        first.sendall(wire.encode("answer", mac=proof.joiner_proof(host.code, proves[0]["host_nonce"],
                                                                   challenges[0])))
        assert json.loads(read_line(first))["type"] == "welcome"
    finally:
        for sock in socks:
            sock.close()
        host.close()


def test_an_old_hello_or_a_bad_challenge_is_refused_before_anything_is_said():
    host = new_host("spheres_of_war")
    try:
        lines = [
            b'{"v":2,"type":"hello","code":"%s","role":"player","name":"x"}\n' % host.code.encode(),
            b'{"v":3,"type":"hello","code":"%s","role":"player","name":"x"}\n' % host.code.encode(),
            wire.encode("hello", role="player", name="x", challenge="00" * 31),
            wire.encode("hello", role="player", name="x", challenge="ZZ" * 32),
            wire.encode("answer", mac="00" * 32),
        ]
        for line in lines:
            sock = _connect(host)
            sock.sendall(line)
            reply = json.loads(read_line(sock))
            assert reply["type"] == "refused" and reply["code"] == "bad-message", (line, reply)
            assert read_line(sock) == b""
            sock.close()
        assert not host.joined
    finally:
        host.close()
