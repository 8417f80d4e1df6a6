"""Who may say who they are, and clients that flood, stall, or send
garbage: each is refused or dropped, and the game of two others goes on
(issue 28)."""

from __future__ import annotations

import json
import os
import random
import socket
import time

import pytest

from net import serverwire
from net.serverclient import ServerClient, ServerError
from tests.server.helpers import Server, play_random, wait_until


def _raw(server, identity: str = "") -> tuple[socket.socket, object]:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(5)
    sock.connect(str(server.socket))
    sock.sendall(serverwire.encode("hello", identity=identity))
    reader = sock.makefile("rb")
    assert json.loads(reader.readline())["type"] == "me"
    return sock, reader


def _closed(sock: socket.socket, within: float = 10.0) -> bool:
    sock.settimeout(within)
    try:
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                return True
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False


def test_only_a_door_account_may_say_whom_it_carries(place):
    plain = Server(place, doors=())  # this account is no door here
    try:
        with pytest.raises(ServerError) as refused:
            ServerClient.connect(plain.socket, "guest:Mallory")
        assert refused.value.code == "who"
        with pytest.raises(ServerError):
            ServerClient.connect(plain.socket, "key:SHA256:" + "A" * 43)
        me = ServerClient.connect(plain.socket)  # who the kernel says this account is
        import pwd

        assert me.me.player == f"uid:{pwd.getpwuid(os.getuid()).pw_name}" and not me.me.needs_name
    finally:
        plain.stop()


def test_a_door_must_say_whom_it_carries_in_a_form_it_may(server):
    for identity in ("", "key:SHA256:short", "uid:root", "guest:", "guest:a\x1bb", "key:MD5:" + "A" * 43):
        with pytest.raises(ServerError) as refused:
            ServerClient.connect(server.socket, identity)
        assert refused.value.code == "who", identity


def test_a_flood_garbage_an_oversized_message_and_a_reader_that_stalls_harm_nobody_else(server, monkeypatch):
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("platemail", None, ("me", "open"))
    b, a = bob.join(gid), ann.resume(gid)
    # An onlooker that never reads: its queue fills as the game goes on, and it is dropped.
    stall, _ = _raw(server, "guest:Stall")
    stall.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stall.sendall(serverwire.encode("sit", game=gid, role="watch"))
    # Garbage is refused, and the connection goes on.
    junk, junk_reader = _raw(server, "guest:Junk")
    for line in (b"not json\n", b'{"v":3,"type":"order"}\n', b'{"v":3,"type":"lobby","x":1}\n', b"\xff\xfe\n",
                 b'{"v":99,"type":"ping"}\n', serverwire.encode("order", text="move")):
        junk.sendall(line)
        assert json.loads(junk_reader.readline())["type"] == "refused"
    junk.sendall(serverwire.encode("ping"))
    assert json.loads(junk_reader.readline())["type"] == "pong"
    # An oversized message: refused and hung up on.
    big, _ = _raw(server, "guest:Big")
    big.sendall(b'{"v":3,"type":"chat","text":"' + b"x" * (serverwire.CLIENT_MAX + 10) + b'"}\n')
    assert _closed(big)
    # A flood: dropped once past its rate.
    flood, _ = _raw(server, "guest:Flood")
    try:
        flood.sendall(serverwire.encode("ping") * 2000)
    except OSError:
        pass
    assert _closed(flood)
    assert any("messages a second" in why for why in server.transport.dropped)
    # Meanwhile the two players' game goes on, each order answered quickly.
    rng = random.Random(2)
    started = time.monotonic()
    given = play_random([a, b], rng)
    assert given > 50 and a.outcome() is not None
    assert (time.monotonic() - started) / given < 0.5
    assert wait_until(lambda: any("stopped reading" in why or "took nothing" in why
                                  for why in server.transport.dropped), 15)


def test_a_silent_connection_is_let_go_after_the_hello_deadline(server, monkeypatch):
    monkeypatch.setattr("net.server.HELLO_DEADLINE", 0.5)
    silent = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    silent.connect(str(server.socket))
    assert _closed(silent, 5)


def test_connections_per_player_are_capped(server, monkeypatch):
    monkeypatch.setattr("net.server.MAX_PER_IDENTITY", 3)
    kept = [ServerClient.connect(server.socket, "guest:Many") for _ in range(3)]
    with pytest.raises(ServerError) as refused:
        ServerClient.connect(server.socket, "guest:Many")
    assert refused.value.code == "too-many"
    kept[0].close()
    assert wait_until(lambda: _can_connect(server))


def _can_connect(server) -> bool:
    try:
        ServerClient.connect(server.socket, "guest:Many").close()
    except ServerError:
        return False
    return True


def test_a_client_says_nothing_to_a_socket_its_folders_owner_does_not_serve(server):
    """Anyone could make the socket while no server runs, if its folder let
    them: a folder open to all, or a server of another account than the
    folder's owner, is not trusted."""
    from net.client import HostError

    folder = server.socket.parent
    os.chmod(folder, 0o777)
    with pytest.raises(HostError, match="posing"):
        ServerClient.connect(server.socket, "guest:Ann")
    os.chmod(folder, 0o755)
    ServerClient.connect(server.socket, "guest:Ann").close()
    if os.getuid() == 0:
        os.chown(folder, 65534, -1)
        try:
            with pytest.raises(HostError, match="posing"):
                ServerClient.connect(server.socket, "guest:Ann")
        finally:
            os.chown(folder, 0, -1)


def test_games_waiting_for_an_opponent_are_capped_in_all_and_per_player(server, monkeypatch):
    monkeypatch.setattr("net.caps.MAX_GAMES_PER_PLAYER", 2)
    monkeypatch.setattr("net.caps.MAX_WAITING", 3)
    ann = server.client("Ann")
    for _ in range(2):
        ann.create("spheres_of_war", None, ("me", "open"))
    with pytest.raises(ServerError) as refused:
        ann.create("spheres_of_war", None, ("me", "open"))
    assert refused.value.code == "too-many"
    server.client("Bob").create("spheres_of_war", None, ("me", "open"))
    with pytest.raises(ServerError, match="waiting for an opponent"):
        server.client("Cat").create("spheres_of_war", None, ("me", "open"))


def test_one_player_cannot_fill_the_lobby_or_take_every_place_of_the_computer(server):
    """A player's own caps, under the server's: three games waiting for an
    opponent, three games with the computer; each refusal says which, and
    leaves the other kind of game free to make."""
    ann = server.client("Ann")
    waiting = [ann.create("spheres_of_war", None, ("me", "open"))[0] for _ in range(2)]
    ann.create("spheres_of_war", None, ("invite", "me"))
    with pytest.raises(ServerError, match="3 games waiting for an opponent") as refused:
        ann.create("spheres_of_war", None, ("me", "open"))
    assert refused.value.code == "too-many"
    for _ in range(3):
        ann.create("spheres_of_war", None, ("me", "easy"))  # the computer still plays her
    with pytest.raises(ServerError, match="3 unfinished games with the computer") as refused:
        ann.create("spheres_of_war", None, ("normal", "me"))
    assert refused.value.code == "too-many"
    server.client("Bob").create("spheres_of_war", None, ("me", "open"))  # others are not held back
    server.client("Bob").create("spheres_of_war", None, ("me", "hard"))
    ann.withdraw(waiting[0])  # a withdrawal frees her place in the lobby
    ann.create("spheres_of_war", None, ("me", "open"))


def test_the_server_will_not_serve_from_a_folder_others_may_write_or_over_a_running_server(server, place):
    from net.server import ServerTransport

    open_folder = place / "open"
    open_folder.mkdir()
    os.chmod(open_folder, 0o777)
    with pytest.raises(OSError, match="writable by it alone"):
        ServerTransport(server.referee, open_folder / "socket").open()
    with pytest.raises(OSError, match="already answers"):
        ServerTransport(server.referee, server.socket).open()


def test_games_of_the_computer_are_capped_and_count_for_whoever_made_them(server, monkeypatch):
    monkeypatch.setattr("net.caps.MAX_GAMES_PER_PLAYER", 2)
    monkeypatch.setattr("net.caps.MAX_COMPUTER_GAMES", 3)
    ann = server.client("Ann")
    for _ in range(2):
        ann.create("spheres_of_war", None, ("me", "easy"))
    with pytest.raises(ServerError) as refused:
        ann.create("spheres_of_war", None, ("me", "easy"))
    assert refused.value.code == "too-many"
    server.client("Bob").create("spheres_of_war", None, ("me", "easy"))
    with pytest.raises(ServerError) as refused:
        server.client("Cat").create("spheres_of_war", None, ("me", "normal"))
    assert refused.value.code == "busy"
    server.client("Cat").create("spheres_of_war", None, ("me", "open"))  # people only: fine


def test_a_game_of_the_computer_left_by_its_player_frees_its_place_until_they_come_back(server, monkeypatch):
    """Abandoned games against the computer would otherwise hold its places
    for ever: nobody else could play it."""
    monkeypatch.setattr("net.caps.MAX_COMPUTER_GAMES", 1)
    server.referee.claim_after = 0.2
    bob = server.client("Bob")
    gid, _ = bob.create("spheres_of_war", None, ("me", "easy"))  # Bob's side deploys first: his move
    seat = bob.resume(gid)
    with pytest.raises(ServerError) as refused:
        server.client("Cat").create("spheres_of_war", None, ("me", "normal"))
    assert refused.value.code == "busy"  # Bob is at his game
    seat.stop()
    cat = server.client("Cat")
    made = []
    assert wait_until(lambda: _made(made, cat), timeout=5)  # Bob has been away long enough: his place is free
    cats = cat.resume(made[0])
    assert cats.status == "playing"
    bob.resume(gid)  # Bob comes back: his game counts again, and the cap is reached
    with pytest.raises(ServerError) as refused:
        server.client("Dan").create("spheres_of_war", None, ("me", "hard"))
    assert refused.value.code == "busy"


def _made(made: list, client) -> bool:
    try:
        made.append(client.create("spheres_of_war", None, ("me", "normal"))[0])
    except ServerError as exc:
        assert exc.code == "busy"
        return False
    return True


def test_a_hostile_client_cannot_withdraw_anothers_game_and_a_withdrawal_frees_its_makers_place(server, monkeypatch):
    monkeypatch.setattr("net.caps.MAX_GAMES_PER_PLAYER", 2)
    ann = server.client("Ann")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    ann.create("spheres_of_war", None, ("me", "open"))
    sock, reader = _raw(server, "guest:mallory")
    lines = [serverwire.encode("withdraw", game=gid),  # not Mallory's
             serverwire.encode("withdraw", game="no-such-game"),
             b'{"v":%d,"type":"withdraw","game":7}\n' % serverwire.VERSION,
             b'{"v":%d,"type":"withdraw","game":"%s","extra":1}\n' % (serverwire.VERSION, gid.encode()),
             b'{"v":%d,"type":"withdraw"}\n' % serverwire.VERSION]
    sock.sendall(b"".join(lines))
    codes = [json.loads(reader.readline()) for _ in lines]
    assert [c["type"] for c in codes] == ["refused"] * len(lines), codes
    assert [c["code"] for c in codes[:2]] == ["not-yours", "no-game"]
    assert server.db.game(gid) is not None and gid in server.referee.live
    # Ann's own seat connection, once seated, asks lobby questions no more.
    seat_sock, seat_reader = _raw(server, "guest:Ann")
    seat_sock.sendall(serverwire.encode("sit", game=gid, role="player"))
    assert json.loads(seat_reader.readline())["type"] == "welcome"
    seat_sock.sendall(serverwire.encode("withdraw", game=gid))
    told = [json.loads(seat_reader.readline())]
    while told[-1]["type"] != "refused":
        told.append(json.loads(seat_reader.readline()))
    assert told[-1]["code"] == "not-now" and server.db.game(gid) is not None
    # At her limit of unfinished games, Ann withdraws one and may make another.
    with pytest.raises(ServerError):
        ann.create("spheres_of_war", None, ("me", "open"))
    ann.withdraw(gid)
    moved = json.loads(seat_reader.readline())  # her waiting seat is told and let go
    assert moved["type"] == "moved" and "withdrew" in moved["reason"] and server.db.game(gid) is None
    ann.create("spheres_of_war", None, ("me", "open"))
    sock.close()
    seat_sock.close()


def test_a_hostile_player_cannot_answer_for_the_other_or_pile_up_offers_of_a_draw(server):
    """docs/rulings.md, *A draw by agreement*, over a raw connection to the
    server: one offer stands at a time, a player answers only the other's
    offer and only for its own side; the game goes on untouched."""
    ann = server.client("Ann")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    mine = ann.resume(gid)
    server.client("mallory").join(gid).stop()  # Mallory takes the open seat, then plays it by hand
    sock, reader = _raw(server, "guest:mallory")
    sock.sendall(serverwire.encode("sit", game=gid, role="player"))
    assert json.loads(reader.readline())["type"] == "welcome"
    assert wait_until(lambda: mine.status == "playing")

    def answer(text: str) -> dict:
        sock.sendall(serverwire.encode("order", text=text))
        told = json.loads(reader.readline())
        while told["type"] != "result":
            told = json.loads(reader.readline())
        return told

    assert answer("offer-draw side=0")["code"] == "not-your-side"  # Ann's side is not Mallory's
    assert answer("offer-draw side=1")["ok"] is True
    for text, code in (("offer-draw side=1", "offer-stands"), ("agree-draw side=1", "no-offer"),
                       ("decline-draw side=0", "not-your-side"), ("agree-draw side=0", "not-your-side")):
        told = answer(text)
        assert told["ok"] is False and told["code"] == code, (text, told)
    assert wait_until(lambda: any(e.sentence == "mallory offers a draw" for e in mine.events()))
    assert mine.outcome() is None  # nothing is hidden in Spheres of War: Ann's seat knows every order
    assert [o.to_text() for o in mine.known_orders() if "draw" in o.verb] == ["offer-draw side=1"]
    mine.stop()
    sock.close()
