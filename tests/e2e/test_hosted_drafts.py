"""Written but not committed, in a hosted Platemail game: both sides' drafts
outlive the host's SIGHUP and the joiner's SIGKILL (issue 27: "both find
their drafts").

The host's new-game form gives each side a rogue (as in
tests/e2e/test_skulk_two_terminals.py); both deploy, and each writes its
rogue's orders (Skulk first) without committing: the orders screen stays
open.  The joiner's drafts travel to the host, whose match keeps them in
the save with the host's own.  Then the host is sent SIGHUP and the
joiner is killed outright.  ``skirmish host FILE`` reopens the host's
orders screen with its rogue's order and nothing of the joiner's;
``skirmish join CODE`` reopens the joiner's with its own.

Before: the joiner's drafts lived in its process only (lost with it), and
a resumed host did not reopen its own.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import tempfile

import pytest

from saves.store import load_game
from tests.e2e.terminal import Tmux, instant_pace, pid_alive, wait_until
from tests.e2e.test_skulk_two_terminals import ROGUE_ROW, SKULK_HERE, _set_rosters
from tests.e2e.test_two_terminals import _host_command

pytestmark = pytest.mark.e2e

ORDERS_OPEN = "secret until both commit"  # the title of a side's orders screen


def _write_skulk(term: Tmux, row: int, unit: str) -> None:
    """The side's orders screen, its rogue's orders written (Skulk first), not committed."""
    term.keys("w")
    term.wait_for(ORDERS_OPEN)
    term.keys(*(["Down"] * row), "Enter")
    term.wait_for(f"{unit}: the 1st Action")
    for key, then in SKULK_HERE:
        term.keys(key, pause=0)
        term.wait_for(then)
    assert re.search(rf"\b{unit}: Skulk", term.screen()), term.screen()


def _saved_drafts(path) -> dict:
    """Each side's drafts in the host's save: side -> the orders written."""
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return {d["side"]: d.get("written") for d in data.get("pending", {}).get("drafts", [])}


def test_both_sides_find_their_drafts_after_the_host_hangs_up_and_the_joiner_is_killed(tmp_path):
    meet = tempfile.mkdtemp(prefix="skm", dir="/tmp") + "/m"
    host_data, join_data = tmp_path / "host", tmp_path / "join"
    instant_pace(host_data, join_data)
    env = {"TERM": "xterm-256color"}
    host = Tmux(_host_command(host_data, meet, "host"), env=env)
    joiner = None
    try:
        _set_rosters(host)
        host.keys("C-g")
        code = re.search(r"Join code: ([a-z0-9]{5}(?:-[a-z0-9]{5}){3})", host.wait_for("Join code")).group(1)
        joiner = Tmux(_host_command(join_data, meet, "join", code), env=env)
        host.wait_for("Player 1 to play")
        host.keys("d")  # deploy all
        host.wait_for("a4 deploys")
        host.keys("r")  # ready
        joiner.wait_for("Player 2 to play")
        joiner.keys("d")
        joiner.wait_for("b4 deploys")
        joiner.keys("r")
        host.wait_for("write orders for Round 1")
        joiner.wait_for("write orders for Round 1")

        _write_skulk(joiner, ROGUE_ROW[1], "b4")
        _write_skulk(host, ROGUE_ROW[0], "a4")
        path = next((host_data / "saves").glob("*.json"))
        # The joiner's drafts reach the host's save before anything ends.
        assert wait_until(lambda: 1 in _saved_drafts(path), timeout=15), _saved_drafts(path)
        assert not re.search(r"b4\b.*Skulk", host.screen()), host.screen()

        os.kill(host.pid, signal.SIGHUP)
        os.kill(joiner.pid, signal.SIGKILL)
        assert wait_until(lambda: not pid_alive(host.pid), timeout=30), "SIGHUP left the host running"
        assert wait_until(lambda: not pid_alive(joiner.pid), timeout=10)
        host.close()
        joiner.close()
        drafts = _saved_drafts(path)
        assert sorted(drafts) == [0, 1], drafts
        assert not any(o.verb in ("write", "commit") for o in load_game(path).orders), "a draft was given"

        host = Tmux(_host_command(host_data, meet, "host", str(path)), env=env)
        shown = host.wait_for(ORDERS_OPEN)
        assert wait_until(lambda: re.search(r"\ba4: Skulk", host.screen()), timeout=15), host.screen()
        assert not re.search(r"b4\b.*Skulk", host.screen()), f"the host was shown the joiner's draft:\n{shown}"
        joiner = Tmux(_host_command(join_data, meet, "join", code), env=env)
        joiner.wait_for(ORDERS_OPEN)
        assert wait_until(lambda: re.search(r"\bb4: Skulk", joiner.screen()), timeout=15), joiner.screen()
        assert not re.search(r"a4\b.*Skulk", joiner.screen()), joiner.screen()
        assert not re.search(r"b4\b.*Skulk", host.screen()), host.screen()
    finally:
        for term in (host, joiner):
            if term is not None:
                term.close()
        shutil.rmtree(os.path.dirname(meet), ignore_errors=True)
