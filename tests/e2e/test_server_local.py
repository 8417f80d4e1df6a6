"""The lobby for players with accounts of their own on the server's
machine, end to end: `skirmish serve` under its own account, and three
local accounts running `skirmish lobby` in real terminals (tmux), each
known to the server by the kernel (SO_PEERCRED), never by a claim.

Ann makes a game whose other seat is by invitation; Bo, who is not shown
it among the open games, joins with the code; Cy watches it with the
neutral view; a chat line goes from Ann to Bo.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tests.e2e.terminal import Tmux
from tests.e2e.test_server_ssh import (  # noqa: F401 - place: a fixture
    Server,
    drop_account,
    make_account,
    place,
    portable_python,
    pytestmark,
)


@pytest.fixture
def local_setup(place):  # noqa: F811 - the fixture imported above
    python, pythonpath = portable_python(place)
    server_account = make_account("sksrv", "/usr/sbin/nologin")
    players = [make_account(prefix, "/bin/sh") for prefix in ("skann", "skbo", "skcy")]
    server = None
    try:
        import os

        (place / "srv").mkdir()
        os.chown(place / "srv", server_account.pw_uid, server_account.pw_gid)
        socket = place / "srv" / "socket"
        server = Server(server_account, python, pythonpath, socket, "nobody")

        def terminal(account) -> Tmux:
            command = ["runuser", "-u", account.pw_name, "--", "env", f"HOME={account.pw_dir}",
                       f"PYTHONPATH={pythonpath}", f"SKIRMISH_SERVER={socket}",
                       f"SKIRMISH_SERVER_ACCOUNT={server_account.pw_name}", python, "-m", "tui", "lobby"]
            return Tmux(shlex.join(command), env={"TERM": "xterm-256color"})

        yield players, terminal
    finally:
        if server is not None:
            server.stop()
        for account in (*players, server_account):
            drop_account(account)


def test_local_accounts_invite_watch_and_chat(local_setup):
    (ann_account, bo_account, cy_account), terminal = local_setup
    ann, bo, cy = (terminal(a) for a in (ann_account, bo_account, cy_account))
    try:
        for term, account in ((ann, ann_account), (bo, bo_account), (cy, cy_account)):
            term.wait_for(f"you are {account.pw_name}", 60)  # the account, as the kernel says
        # Ann: a game of the first ruleset, the other seat by invitation code.
        ann.keys("n")
        ann.wait_for("New game on the server")
        ann.keys("Tab", "Tab", "Right")
        ann.wait_for("by invitation code")
        ann.keys("C-g")
        shown = ann.wait_for("Its invitation code:")
        code = re.search(r"Its invitation code: (\S+)", shown).group(1)
        # Bo is not offered it among the open games; the code takes him in.
        bo.keys("u")
        assert ann_account.pw_name not in bo.wait_for("Waiting for an opponent (0)")
        bo.keys("i")
        bo.wait_for("The invitation code you were given")
        bo.keys(code, "Enter")
        bo.wait_for("You play side 2", 30)
        ann.wait_for(f"{ann_account.pw_name} to play", 30)
        # Cy watches it with the neutral view.
        cy.wait_for("Being played (1)", 20)
        cy.keys("Enter")
        watching = cy.wait_for(f"{ann_account.pw_name} to play", 30)
        assert "Your turn" not in watching
        # A line from Ann reaches Bo, and only as text.
        ann.keys("c")
        ann.wait_for("A line to the other player")
        ann.keys("good luck", "Enter")
        bo.wait_for(f"{ann_account.pw_name}: good luck", 20)
    finally:
        for term in (ann, bo, cy):
            term.close()


def test_the_readme_names_the_lobby_and_the_door():
    text = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    for line in ("skirmish serve", "skirmish lobby", "skirmish door"):
        assert line in text
