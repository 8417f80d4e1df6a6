"""What the server refuses, it refuses with a reason in words: an order
that would do nothing (Platemail's deploy-all with every figure placed,
which it used to store, six times over), a connection turned away at the
door (a new lobby said "[Errno 32] Broken pipe"), a message out of place
("A 'order'"), and a long order is not echoed back whole."""

from __future__ import annotations

import json
import socket

import pytest

from core.deployment import DeployAll, Ready
from core.ruleset import Rejection
from net import serverwire
from net.serverclient import ServerClient, ServerError
from tests.server.helpers import wait_until


def _platemail(server):
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("platemail", None, ("me", "open"))
    hers = ann.resume(gid)
    his = bob.join(gid)
    assert wait_until(lambda: hers.status == "playing" and hers.may_act())
    return gid, hers, his


def test_deploy_all_with_every_figure_placed_is_refused_and_not_stored(server):
    gid, hers, his = _platemail(server)
    assert not isinstance(hers.submit(DeployAll(0), wait=5), Rejection)
    assert wait_until(lambda: [o.to_text() for o in hers.legal_orders()] == ["ready side=0"])
    for _ in range(5):
        refused = hers.submit(DeployAll(0), wait=5)
        assert isinstance(refused, Rejection) and refused.code == "all-placed", refused
        assert "Every figure of Ann (side=0) is placed already" in refused.message
    stored = server.referee.live[gid].match.game.orders
    assert [o.to_text() for o in stored] == ["deploy-all side=0"]
    assert not isinstance(hers.submit(Ready(0), wait=5), Rejection)
    hers.stop()
    his.stop()


def test_a_long_order_is_not_echoed_back_whole(server):
    gid, hers, his = _platemail(server)
    long_name = "A" * 60_000
    for text in (f"deploy side=0 unit={long_name} at=1,1", long_name):
        refused = hers._ask_host(serverwire.encode("order", text=text), wait=5)
        assert isinstance(refused, Rejection), refused
        assert len(refused.message) <= 200 and refused.message.endswith("…"), refused.message
    hers.stop()
    his.stop()


def _raw_hello(server) -> tuple[socket.socket, object]:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(5)
    sock.connect(str(server.socket))
    sock.sendall(serverwire.encode("hello", identity="guest:Raw"))
    reader = sock.makefile("rb")
    assert json.loads(reader.readline())["type"] == "me"
    return sock, reader


def test_a_message_out_of_place_is_named_with_the_right_article(server):
    sock, reader = _raw_hello(server)
    sock.sendall(serverwire.encode("order", text="ready side=0"))
    told = json.loads(reader.readline())
    assert told["type"] == "refused" and told["message"] == "An 'order' message is not expected now."
    sock.sendall(serverwire.encode("claim"))
    assert json.loads(reader.readline())["message"] == "A 'claim' message is not expected now."
    sock.close()


def test_a_connection_turned_away_at_the_door_is_told_why_in_words(server, monkeypatch):
    """Hello-less connections held open from one account: the next one is
    refused with the server's reason, not a broken pipe."""
    monkeypatch.setattr("net.server.MAX_PENDING_PER_ACCOUNT", 3)
    held = []
    for _ in range(3):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(str(server.socket))
        held.append(sock)
    assert wait_until(lambda: len(server.transport.pending) == 3)
    with pytest.raises(ServerError) as refused:
        ServerClient.connect(server.socket, "guest:Ann")
    assert refused.value.code == "too-many"
    assert str(refused.value).startswith("Too many connections from this account are still saying hello to the "
                                         "server (at most 3)")
    from tui.lobby import reason

    assert "Errno" not in reason(refused.value) and not reason(refused.value).endswith(".")
    for sock in held:
        sock.close()
    assert wait_until(lambda: not server.transport.pending)
    ServerClient.connect(server.socket, "guest:Ann").close()


def test_a_door_that_says_nothing_it_may_is_told_so_in_one_sentence(server):
    with pytest.raises(ServerError) as refused:
        ServerClient.connect(server.socket, "nobody")
    from tui.lobby import reason

    sentence = f"Cannot reach the server: {reason(refused.value)}. It is tried again every few seconds"
    assert "(key:SHA256:... or guest:NAME). It is tried again" in sentence


def test_a_door_or_browser_player_is_not_shown_the_servers_socket(tmp_path):
    """Through the SSH door or a browser the lobby is all there is: a server
    not answering is said without its socket's path or how to start one
    (a browser guest had read "no Skirmish server answers on /tmp/…/socket"),
    which a player at their own account still reads."""
    from net.serverclient import ServerClient
    from tui.lobby_words import connect_refusal

    missing = tmp_path / "socket"
    with pytest.raises(OSError) as down:
        ServerClient.connect(missing, "guest:Ann")
    theirs, mine = connect_refusal(down.value, only=True), connect_refusal(down.value)
    assert str(tmp_path) not in theirs and "skirmish serve" not in theirs
    assert "Cannot reach the server" in theirs and "Esc: leave Skirmish" in theirs
    assert "skirmish serve" in mine or str(tmp_path) in mine
