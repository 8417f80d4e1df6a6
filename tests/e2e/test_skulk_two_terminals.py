"""A hosted Platemail game in two terminals where each side's rogue skulks
(issue 26).  The host's new-game form gives Player 1 the roster
``knight,archer,rogue`` and Player 2 ``footman,rogue,spellcaster``; the
joiner joins from a second tmux session; both deploy, and each side writes
its rogue's orders with Skulk first (staying where it is, to hide) and
commits.  Both screens go on to "Round 1 resolved", neither shows
"Something went wrong", and the host is still running; the save holds both
Skulk orders and a secret of the Round (an event only one side may read).
A second Round is resolved by the joiner's commit; then the host quits,
``skirmish host FILE`` resumes the game and ``skirmish join CODE`` joins it.

Before the fix the host's log said "internal error: TypeError: Object of
type frozenset is not JSON serializable" when its commit resolved the Round, and the joiner waited for ever; resumed, the host could not
send the game at all.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile

import pytest

from saves.store import load_game
from tests.e2e.terminal import Tmux, instant_pace, pid_alive
from tests.e2e.test_two_terminals import _host_command

pytestmark = pytest.mark.e2e

ROGUE_CHOICE = 5  # Rogue in the list of figures to add (Footman, Archer, Crossbowman, Knight, Rogue, ...)
# The rogue's place in its side's list of orders (a4 and b4: each side's fourth figure).
ROGUE_ROW = (3, 3)
# In the writer, each key with what the screen shows once it is taken: 1st
# Action Skulk (k), staying where it is to hide (n); IF hit (h) THEN Defend
# (d) ELSE Defend (d).
SKULK_HERE = [("k", "Skulk — where to?"), ("n", "the IF condition"), ("h", "the THEN Action"),
              ("d", "the ELSE Action"), ("d", "1/4 characters have orders")]
CRASHES = ("Something went wrong", "internal error")  # the app's error notice, the log's


def _set_rosters(host: Tmux) -> None:
    """In the new-game form (its ruleset field focused): Platemail, then a
    rogue added to each side's warband from the list (the fourth figure)."""
    host.keys("Right", "Right", "Right")  # the ruleset: Platemail
    host.wait_for("Player 1's warband")
    host.keys("Tab", "Tab", "Tab", "Tab", "Tab")  # names, who plays each side, then Player 1's warband
    for side in (1, 2):
        host.keys("Enter")
        host.wait_for(f"Player {side}'s warband (Platemail)")
        host.keys("a")
        host.wait_for("Add a figure")
        host.keys(str(ROGUE_CHOICE))
        host.wait_for("4. Rogue")
        host.keys("Escape")
        host.wait_for("Rogue (4)")
        host.keys("Tab")
    assert host.screen().count("Rogue (4)") == 2, host.screen()


def _skulk_and_commit(term: Tmux, row: int, unit: str, round_: int) -> None:
    """The side's orders: its rogue's written with Skulk first, then commit (asked first)."""
    term.keys("w")
    term.wait_for("secret until both commit")
    term.keys(*(["Down"] * row), "Enter")
    term.wait_for(f"{unit}: the 1st Action")
    for key, then in SKULK_HERE:
        term.keys(key, pause=0)
        term.wait_for(then)
    assert re.search(rf"{unit}\b.*Skulk", term.screen()), term.screen()
    term.keys("p")
    term.wait_for(f"orders for Round {round_}? They")
    term.keys("y")


def _both_go_on(host: Tmux, joiner: Tmux, next_round: int) -> None:
    """The Round resolves on both screens, neither crashed, and both go on
    to the next Round's orders."""
    for who, term in (("host", host), ("joiner", joiner)):
        shown = term.wait_for(f"Round {next_round - 1} resolved")
        assert not any(crash in shown for crash in CRASHES), f"{who}:\n{shown}"
    for who, term in (("host", host), ("joiner", joiner)):
        term.keys("Escape")  # the Round's playback, if it is showing
        shown = term.wait_for(f"Round {next_round}/12 · order")
        assert not any(crash in shown for crash in CRASHES), f"{who}:\n{shown}"


def test_each_sides_rogue_skulks_in_a_hosted_platemail_game(tmp_path):
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
        joiner.wait_for("Waiting for Player 1")
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

        # Round 1: the joiner's rogue skulks and it commits first; then the
        # host's, whose commit resolves the Round on the host's screen.
        _skulk_and_commit(joiner, ROGUE_ROW[1], "b4", 1)
        joiner.wait_for("Waiting for Player 1")
        host.wait_for("Player 2 commits")
        _skulk_and_commit(host, ROGUE_ROW[0], "a4", 1)
        _both_go_on(host, joiner, 2)
        # Round 2 the other way round: the joiner's commit resolves it, in the
        # host's socket thread (this ended the host's process).
        _skulk_and_commit(host, ROGUE_ROW[0], "a4", 2)
        host.wait_for("Waiting for Player 2")
        joiner.wait_for("Player 1 commits")
        _skulk_and_commit(joiner, ROGUE_ROW[1], "b4", 2)
        _both_go_on(host, joiner, 3)

        path = next((host_data / "saves").glob("*.json"))
        game = load_game(path)
        assert game.state.round == 3
        skulks = [o.unit for o in game.orders if o.verb == "write" and o.first.kind.value == "skulk"]
        assert sorted(skulks) == ["a4", "a4", "b4", "b4"]
        assert {s for e in game.log if e.seen_by is not None for s in e.seen_by} == {0, 1}, \
            "each side was told a secret of the other's skulk"
        assert pid_alive(host.pid) and pid_alive(joiner.pid)

        # The host quits; ``skirmish host FILE`` resumes the game with its
        # secrets, and a new ``skirmish join CODE`` is sent it.
        host.keys("C-q")
        host.wait_for("Quit Skirmish?")
        host.keys("y")
        joiner.wait_for("Host stopped")
        joiner.close()
        host.close()
        host = Tmux(_host_command(host_data, meet, "host", str(path)), env=env)
        host.wait_for("Round 3/12 · order")
        joiner = Tmux(_host_command(join_data, meet, "join", code), env=env)
        for who, term in (("host", host), ("joiner", joiner)):
            shown = term.wait_for("Round 3/12 · order")
            assert "did not send the game" not in shown and not any(c in shown for c in CRASHES), f"{who}:\n{shown}"
        assert load_game(path).orders == game.orders
    finally:
        for term in (host, joiner):
            if term is not None:
                term.close()
        shutil.rmtree(os.path.dirname(meet), ignore_errors=True)
