"""Two real accounts play Platemail through the server's socket (issue 28).

Each player is a process of an account made for the test (identified by
the kernel, ``SO_PEERCRED``: ``uid:<account>``); both write orders in each
Round and hand in drafts that carry a mark.  Neither ever receives the
other's mark, orders or the seed before the end; both check the dice; and
neither account can read any file of the server that holds them.
"""

from __future__ import annotations

import json
import os
import pwd
import random
import subprocess
import uuid

import pytest

from core.registry import find_ruleset, rulesets
from net import serverwire, wire
from net.serverclient import ServerClient
from net.serverseat import ServerSeat
from tests.server.helpers import Server, wait_until

pytestmark = pytest.mark.skipif(os.getuid() != 0, reason="needs root to make two accounts")


@pytest.fixture
def accounts():
    names = [f"sk{uuid.uuid4().hex[:8]}" for _ in range(2)]
    for name in names:
        subprocess.run(["useradd", "--no-create-home", "--shell", "/usr/sbin/nologin", name], check=True)
    try:
        yield [pwd.getpwnam(n) for n in names]
    finally:
        for name in names:
            subprocess.run(["userdel", name], check=False)


class Recording(ServerSeat):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lines: list[str] = []

    def _read(self):
        line = self._reader.readline(serverwire.SERVER_MAX + 2)
        if not line:
            return None
        self.lines.append(line.decode())
        return serverwire.decode(line, serverwire.SERVER_MESSAGES, serverwire.SERVER_MAX)


def _warm_up() -> None:
    """Everything a player's process needs, imported before it becomes
    another account (that account cannot read this Python's folder)."""
    import importlib

    for name in ("queue", "select", "hashlib", "hmac", "secrets", "struct", "net.keep", "net.proof",
                 "net.fairdice", "net.dicecheck", "core.events", "core.dice"):
        importlib.import_module(name)
    from core.game import replay, start  # noqa: F401
    from net import dicecheck  # noqa: F401
    from saves.library import battlefield_named

    rules = find_ruleset("platemail")
    for each in rulesets():
        each.default_options()
    game = start(rules, None, battlefield_named(rules.default_battlefield), 3)
    wire.view_in(rules, wire.view_out(rules, game.view(0)))
    wire.events_in(rules, wire.events_out(rules, game.log_for(0)))
    json.loads(json.dumps({"a": 1}))


def _player(account, socket_path, mark: str, other_mark: str, place: str, go_r: int, out_w: int) -> None:
    os.setgroups([])
    os.setgid(account.pw_gid)
    os.setuid(account.pw_uid)
    order = os.read(go_r, 100).decode().split()
    from net.serverclient import ServerError

    try:  # no account but a door may say who it is: not another player, not a key
        ServerClient.connect(socket_path, "key:SHA256:" + "B" * 43)
        posed = "accepted"
    except ServerError as exc:
        posed = exc.code
    client = ServerClient.connect(socket_path)
    if order[0] == "create":
        gid, _ = client.create("platemail", None, ("me", "open"))
        os.write(out_w, (gid + "\n").encode())
        seat = Recording(client.path, "", gid)
    else:
        gid = order[1]
        client.join(gid)
        seat = Recording(client.path, "", gid)
    seat.start(30)
    assert wait_until(lambda: seat.version >= 0, 60)
    rng = random.Random(mark)
    drafts = 0
    while seat.outcome() is None:
        if seat.may_act() and seat.legal_orders():
            seat.put_drafts([{"kind": "platemail-orders", "side": seat.side, "round": drafts, "written": [mark],
                              "writer": None}])
            drafts += 1
            seat.submit(rng.choice(seat.legal_orders()), wait=10)
        else:
            wait_until(lambda: seat.may_act() or seat.outcome() is not None, 5)
    wait_until(lambda: seat.fairness != "", 10)
    before_end = []
    for line in seat.lines:
        if '"type":"reveal"' in line:
            break
        before_end.append(line)
    readable_secrets = []
    for folder, _dirs, files in os.walk(place):
        for name in files:
            try:
                with open(os.path.join(folder, name), "rb") as handle:
                    blob = handle.read()
            except OSError:
                continue
            if other_mark.encode() in blob:
                readable_secrets.append(name)
    walked_data = os.access(os.path.join(place, "data"), os.R_OK | os.X_OK)
    report = {"posed": posed, "side": seat.side, "me": client.me.player, "fairness": seat.fairness, "drafts": drafts,
              "lines": len(before_end), "saw_other_mark": any(other_mark in line for line in before_end),
              "other_orders": [o for line in before_end if '"type":"update"' in line and '"outcome":null' in line
                               for o in json.loads(line)["orders"] if f"side={seat.side}" not in o],
              "readable_secrets": readable_secrets, "data_readable": walked_data}
    os.write(out_w, (json.dumps(report) + "\n").encode())


def _fork_player(*args) -> int:
    pid = os.fork()
    if pid == 0:
        status = 1
        try:
            _player(*args)
            status = 0
        except BaseException as exc:  # noqa: BLE001 - said to the test through the pipe
            try:
                os.write(args[-1], (json.dumps({"error": repr(exc)}) + "\n").encode())
            finally:
                os._exit(status)
        os._exit(status)
    return pid


def _read_line(fd: int, timeout: float = 240.0) -> dict | str:
    import select

    got = b""
    while not got.endswith(b"\n"):
        ready, _, _ = select.select([fd], [], [], timeout)
        assert ready, "a player said nothing in time"
        chunk = os.read(fd, 65536)
        assert chunk, "a player's process ended without a word"
        got += chunk
    text = got.decode().strip()
    return json.loads(text) if text.startswith("{") else text


def test_two_accounts_play_platemail_and_neither_sees_the_others_orders_or_drafts(place, accounts):
    _warm_up()
    pipes = [(os.pipe(), os.pipe()) for _ in accounts]
    marks = ["mark-of-ann-1c9", "mark-of-bob-7d2"]
    pids = [_fork_player(account, str(place / "srv" / "socket"), marks[i], marks[1 - i], str(place),
                         pipes[i][0][0], pipes[i][1][1])
            for i, account in enumerate(accounts)]
    server = Server(place)  # after the fork: the players carry none of its threads
    try:
        os.write(pipes[0][0][1], b"create")
        gid = _read_line(pipes[0][1][0], 60)
        assert isinstance(gid, str), gid
        os.write(pipes[1][0][1], f"join {gid}".encode())
        reports = [_read_line(pipes[i][1][0]) for i in range(2)]
        for report in reports:
            assert "error" not in report, report
        assert [r["me"] for r in reports] == [f"uid:{a.pw_name}" for a in accounts]
        assert sorted(r["side"] for r in reports) == [0, 1]
        for report in reports:
            assert report["drafts"] > 3 and report["lines"] > 10
            assert "Dice checked" in report["fairness"]
            assert not report["saw_other_mark"]
            assert report["other_orders"] == []
            assert report["readable_secrets"] == [] and not report["data_readable"]
            assert report["posed"] == "who"
        # The server's own store holds both (it is the referee), readable by its account only.
        db = place / "data" / "skirmish-server.sqlite3"
        assert (db.stat().st_mode & 0o077) == 0 and ((place / "data").stat().st_mode & 0o077) == 0
    finally:
        for pid in pids:
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
        server.stop()
