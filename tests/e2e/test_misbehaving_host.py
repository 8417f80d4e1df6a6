"""``skirmish join CODE`` in a real terminal against hosts that misbehave
(issue 30, point 3): an unreadable or older host ends the command with a
sentence and a non-zero status (no traceback); while a silent host keeps
the joiner connecting, the screen stays live and ctrl+q, SIGTERM and
SIGHUP each end the app."""

from __future__ import annotations

import os
import shlex
import signal
import tempfile

import pytest

from tests.e2e.terminal import ROOT, Tmux, pid_alive, skirmish_command, wait_until
from tests.remote.fakehost import FakeHost, read_line, silent

pytestmark = pytest.mark.e2e


@pytest.fixture
def meet(monkeypatch, tmp_path):
    place = tempfile.mkdtemp(prefix="skm", dir="/tmp") + "/m"
    monkeypatch.setenv("SKIRMISH_RENDEZVOUS", place)
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))
    return place


def _join(code: str) -> Tmux:
    env = {"SKIRMISH_RENDEZVOUS": os.environ["SKIRMISH_RENDEZVOUS"],
           "SKIRMISH_DATA_DIR": os.environ["SKIRMISH_DATA_DIR"], "PYTHONPATH": str(ROOT), "TERM": "xterm-256color"}
    inner = f"cd {shlex.quote(str(ROOT))} && exec {skirmish_command()} join {code}"
    return Tmux("sh -c " + shlex.quote(inner), env=env)


def _dead_status(term: Tmux) -> str:
    return term.dead_status()  # "1 N" once the app has exited with N (tmux nudged if it missed the exit)


def test_an_older_host_ends_join_with_a_sentence_and_a_failing_status(meet):
    def older(sock, fake):
        read_line(sock, fake.received)
        sock.sendall(b'{"v":2,"type":"refused","code":"bad-message","message":"unexpected key(s) challenge"}\n')
        fake.listen_forever(sock)

    fake = FakeHost(older)
    term = _join(fake.code)
    try:
        assert wait_until(lambda: _dead_status(term).startswith("1 "), timeout=30), term.screen()
        assert _dead_status(term) == "1 1"
        shown = " ".join(term.run("capture-pane", "-p", "-J", "-S", "-100", "-t", term.name).stdout.split())
        assert "cannot join" in shown and "another version of Skirmish" in shown, shown
        assert "Traceback" not in shown and "WireError" not in shown
    finally:
        term.close()
        fake.close()


@pytest.mark.parametrize("how", ["escape", "ctrl+q", signal.SIGTERM, signal.SIGHUP])
def test_a_silent_host_never_freezes_the_join_screen(meet, how):
    fake = FakeHost(silent)
    term = _join(fake.code)
    try:
        term.wait_for("Connecting to the host")
        assert wait_until(lambda: fake.connections >= 1)
        if how == "escape":  # back to the menu at once, the connection given up
            term.keys("Escape")
            term.wait_for("Join a hosted game", timeout=3)
            assert wait_until(lambda: fake.ended == 1, timeout=3) and pid_alive(term.pid)
            return
        if how == "ctrl+q":
            term.keys("C-q")
            term.wait_for("Quit Skirmish?", timeout=5)
            term.keys("y")
        else:
            os.kill(term.pid, how)
        assert wait_until(lambda: not pid_alive(term.pid), timeout=4), term.screen()
        assert fake.code.encode() not in bytes(fake.received)
    finally:
        term.close()
        fake.close()
