"""A hostile player with a client of its own, against the server as a
neutral referee: texts no UTF-8 can carry, a game that cannot be stored as
it begins, a lobby name changed to the other player's, rematches past the
caps, and drafts its own Skirmish could not read back.  Each is refused or
undone, and everyone else's lobby and games go on."""

from __future__ import annotations

import json
import os
import pwd
import shutil
import socket
import sqlite3
import subprocess
import tempfile
from pathlib import Path

import pytest

from core.orders import Concede
from net import serverwire
from net.serverclient import ServerError
from tests.server.helpers import wait_until
from tests.server.test_hostile import _raw

VERSION = serverwire.VERSION
NOBODY = 65534  # the account "nobody"


def _answer(sock, reader, line: bytes) -> dict:
    sock.sendall(line)
    return json.loads(reader.readline())


def test_a_lone_surrogate_is_refused_where_it_arrives_and_the_lobby_stays_open(server):
    r"""A text holding "\udfff" (half of a UTF-16 pair) can be written in
    JSON but in no UTF-8: kept, it would fail every lobby that lists it."""
    sock, reader = _raw(server, "guest:mallory")
    field = json.dumps({"name": "x", "width": 12, "height": 12})[:-1]
    lines = [
        b'{"v":%d,"type":"set_name","name":"a\\udfff"}\n' % VERSION,
        b'{"v":%d,"type":"create","ruleset":"spheres_of_war","options":null,'
        b'"battlefield":%s,"note":"\\ud800"},"seats":["me","open"]}\n' % (VERSION, field.encode()),
        b'{"v":%d,"type":"create","ruleset":"spheres_of_war\\ud800","options":null,"battlefield":"open-12",'
        b'"seats":["me","open"]}\n' % VERSION,
    ]
    for line in lines:
        told = _answer(sock, reader, line)
        assert told["type"] == "refused" and told["code"] == "bad-message", told
        assert "UTF-16" in told["message"]
    # A pair of escapes that makes one character is a text like any other.
    named = _answer(sock, reader, b'{"v":%d,"type":"set_name","name":"Mal \\ud83d\\ude00"}\n' % VERSION)
    assert named["type"] == "me" and named["name"] == "Mal \U0001f600"
    ann = server.client("Ann")
    ann.create("spheres_of_war", None, ("me", "open"))
    assert [e.players[0] for e in server.client("Bob").lobby().open] == ["Ann"]
    sock.close()
    # A guest a door names with one is refused as a message, not as a store that cannot be reached.
    door = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    door.settimeout(5)
    door.connect(str(server.socket))
    told = _answer(door, door.makefile("rb"), b'{"v":%d,"type":"hello","identity":"guest:\\ud800"}\n' % VERSION)
    assert told["type"] == "refused" and "UTF-16" in told["message"], told
    door.close()


def test_a_game_that_cannot_be_stored_as_it_begins_is_not_left_half_begun(server, monkeypatch):
    """The first save of a game fails (the store's disk, say): the joiner
    is told, the seat is open again in the lobby and in the store, and the
    next joiner begins the game once the store works again; a game made
    against the computer is not kept at all."""
    ann = server.client("Ann")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    real_save = server.db.save_game

    def failing(*_args, **_kwargs):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(server.db, "save_game", failing)
    with pytest.raises(ServerError) as refused:
        server.client("Bob").join(gid)
    assert refused.value.code == "not-saved"
    assert server.db.fillers(gid)[1] == "open" and server.referee.live[gid].fillers[1] == "open"
    assert server.referee.live[gid].match is None
    assert [e.id for e in server.client("Cat").lobby().open] == [gid]  # still waiting for an opponent
    with pytest.raises(ServerError) as refused:
        ann.create("spheres_of_war", None, ("me", "easy"))  # both seats filled: it would begin at once
    assert refused.value.code == "not-saved"
    assert [e.id for e in ann.lobby().mine] == [gid]  # the game against the computer is not kept
    monkeypatch.setattr(server.db, "save_game", real_save)
    seat = server.client("Cat").join(gid)
    assert wait_until(lambda: seat.status == "playing")
    assert server.db.game(gid)["state"] == "playing"
    seat.stop()


def test_chat_and_the_lobby_name_a_seat_as_the_game_began_not_by_a_name_changed_since(server):
    """Bob renames himself "Bobby" in the lobby while the game is under way
    (Ann's own name he may not take: tests/server/test_names.py): his chat line
    still reads as Bob's, and the lobby lists the game as it began."""
    ann = server.client("Ann")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    hers = ann.resume(gid)
    bob = server.client("Bob")
    his = bob.join(gid)
    assert wait_until(lambda: hers.status == "playing" and his.status == "playing")
    server.client("Bob").set_name("Bobby")  # a second connection of Bob's
    assert his.say("I (Bobby) resign: claim the game")
    assert wait_until(lambda: len(hers.chat) == 1)
    assert hers.chat[0].who == "Bob"
    listed = next(e for e in server.client("Cat").lobby().live if e.id == gid)
    assert listed.players == ("Ann", "Bob")
    hers.stop()
    his.stop()


def test_a_rematch_keeps_the_caps_a_new_game_keeps(server, monkeypatch):
    """A rematch (or Optio's battle) is a new game: past a player's
    unfinished games, or with the server's computer as busy as it may be,
    it is refused as creating one is."""
    ann = server.client("Ann")
    over = []
    for _ in range(2):
        gid, _ = ann.create("spheres_of_war", None, ("me", "easy"))
        seat = ann.resume(gid)
        assert wait_until(lambda seat=seat: seat.status == "playing")
        seat.submit(Concede(0), wait=5)
        assert wait_until(lambda seat=seat: seat.outcome() is not None)
        seat.stop()
        over.append(gid)
    monkeypatch.setattr("net.caps.MAX_GAMES_PER_PLAYER", 1)
    ann.rematch(over[0])  # no unfinished game: one may be made
    with pytest.raises(ServerError) as refused:
        ann.rematch(over[1])  # one: no second
    assert refused.value.code == "too-many"
    monkeypatch.setattr("net.caps.MAX_GAMES_PER_PLAYER", 20)
    monkeypatch.setattr("net.caps.MAX_COMPUTER_GAMES", 1)  # the first rematch is the computer's one game
    with pytest.raises(ServerError) as refused:
        ann.rematch(over[1])
    assert refused.value.code == "busy"


def test_drafts_the_players_own_skirmish_could_not_read_back_are_refused(server):
    """A draft must say its kind: one without would be kept and then refused
    by its own player's Skirmish on every resume."""
    ann = server.client("Ann")
    gid, _ = ann.create("platemail", None, ("me", "easy"))
    sock, reader = _raw(server, "guest:Ann")
    welcome = _answer(sock, reader, serverwire.encode("sit", game=gid, role="player"))
    assert welcome["type"] == "welcome"
    sock.sendall(serverwire.encode("drafts", drafts=[{"unit": "a1"}]))
    told = json.loads(reader.readline())
    while told["type"] != "notice":
        told = json.loads(reader.readline())
    assert "cannot be kept" in told["text"] and "kind" in told["text"]
    sock.sendall(serverwire.encode("drafts", drafts=[{"kind": "platemail-write", "unit": "a1"}]))
    assert wait_until(lambda: server.db.drafts(gid).get(0))
    sock.close()
    resumed = ann.resume(gid)  # what was kept opens again
    assert wait_until(lambda: resumed.status == "playing")
    assert [d["kind"] for d in resumed.drafts()] == ["platemail-write"]
    resumed.stop()


@pytest.mark.skipif(os.getuid() != 0, reason="needs root to listen as another account")
def test_a_client_trusts_only_the_servers_account_even_in_a_folder_that_account_made(monkeypatch):
    """While no server runs, any account could make /tmp/skirmish-server
    itself (its own folder, closed to others) and answer there: what answers
    must run as the server's account (``$SKIRMISH_SERVER_ACCOUNT``, else
    skirmish-server), root, or the player's own."""
    from net.client import HostError
    from net.serverclient import check_server

    place = Path(tempfile.mkdtemp(dir="/tmp"))
    try:
        place.chmod(0o755)
        folder = place / "skirmish-server"
        folder.mkdir(mode=0o755)
        os.chown(folder, NOBODY, NOBODY)
        path = folder / "socket"
        listener = subprocess.Popen(
            ["/usr/bin/python3", "-c", "import socket, sys, time\n"
             "s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(4); print('ready', flush=True)\n"
             "conns = [s.accept() for _ in range(2)]; time.sleep(5)", str(path)],
            user=NOBODY, group=NOBODY, stdout=subprocess.PIPE, cwd="/")
        try:
            assert listener.stdout is not None and listener.stdout.readline() == b"ready\n"
            name = pwd.getpwuid(NOBODY).pw_name
            monkeypatch.delenv("SKIRMISH_SERVER_ACCOUNT", raising=False)
            with socket.socket(socket.AF_UNIX) as sock:
                sock.connect(str(path))
                with pytest.raises(HostError, match=f"runs as the account {name}.*SKIRMISH_SERVER_ACCOUNT={name}"):
                    check_server(sock, path)
            monkeypatch.setenv("SKIRMISH_SERVER_ACCOUNT", name)  # the player says it is their server's
            with socket.socket(socket.AF_UNIX) as sock:
                sock.connect(str(path))
                check_server(sock, path)
        finally:
            listener.kill()
            listener.wait()
    finally:
        shutil.rmtree(place)
