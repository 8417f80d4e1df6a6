"""A tester's frozen SSH line, end to end: during the joiner's turn its ssh
client stops (SIGSTOP: no hangup reaches the joining Skirmish, whose
connection to the host stays up).  ``skirmish join CODE`` in a new SSH
session of the same account takes the seat at the same point (it was
refused: "The other seat is already taken"), the host's board says so, and
the game goes on from the new terminal.  The host in one tmux session, the
joiner through a real OpenSSH server on loopback, both at 80x24."""

from __future__ import annotations

import os
import re
import shutil
import signal
import tempfile

import pytest

from tests.e2e.terminal import Tmux, instant_pace
from tests.e2e.test_ssh import sshd  # noqa: F401 - the fixture
from tests.e2e.test_two_terminals import _host_command, _join_wrapper

pytestmark = pytest.mark.e2e


def test_a_frozen_joiners_seat_is_taken_by_its_next_ssh_session(sshd, tmp_path):  # noqa: F811
    meet = tempfile.mkdtemp(prefix="skm", dir="/tmp") + "/m"
    host_data, join_data = tmp_path / "host", tmp_path / "join"
    instant_pace(host_data, join_data)
    wrapper = _join_wrapper(tmp_path / "join.sh", join_data, meet)
    env = {"TERM": "xterm-256color"}
    host = Tmux(_host_command(host_data, meet, "host"), env=env)
    frozen = again = None
    try:
        host.keys("Right", "Right", "Right")  # the ruleset: Platemail
        host.wait_for("Platemail")
        host.keys("C-g")
        code = re.search(r"Join code: ([a-z0-9]{5}(?:-[a-z0-9]{5}){3})", host.wait_for("Join code")).group(1)
        frozen = Tmux(sshd.ssh_command(f"{wrapper} join --name Bob {code}"), env=env)
        frozen.wait_for("Waiting for Player 1")
        host.wait_for("Player 1 to play")
        host.keys("d", "r")
        frozen.wait_for("Bob to play")  # the joiner's turn: deploying
        host.wait_for("Waiting for Bob")

        os.kill(frozen.pid, signal.SIGSTOP)  # its ssh client freezes, as a dropped line with no hangup
        again = Tmux(sshd.ssh_command(f"{wrapper} join {code}"), env=env)
        shown = again.wait_for("Bob to play")  # seated at the same point, not refused
        assert "already taken" not in shown
        host.wait_for("joined again from another terminal")
        again.keys("d", "r")  # the new terminal plays on
        again.wait_for("write orders for Round 1")
        host.wait_for("write orders for Round 1")
    finally:
        if frozen is not None:
            os.kill(frozen.pid, signal.SIGCONT)
        for term in (host, frozen, again):
            if term is not None:
                term.close()
        shutil.rmtree(os.path.dirname(meet), ignore_errors=True)
