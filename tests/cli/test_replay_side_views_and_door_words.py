"""Two command-line defects, run as the real command in its own process.

- ``skirmish replay FILE --side N`` of a game with secrets (Platemail,
  Optio) not over is refused, as ``skirmish watch`` shows a game not over
  only from the public view (README, *Watching a game again*): whoever
  asks, no side's secret lines (a Platemail "P writes orders for X":
  docs/rulings.md, *Who has orders is secret*) are printed.  Without
  ``--side`` the public view is printed, and a finished game is shown in
  full with or without it.
- ``skirmish door`` (the SSH account's ForceCommand) without a terminal
  tells the player only what a door player can do, log in with ``ssh -t``:
  the door runs nothing else, so ``skirmish replay FILE`` is no advice there.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from core.deployment import DeployAll, Ready
from core.game import start, submit
from core.orders import Concede
from core.registry import find_ruleset
from core.rulesets.platemail.state import Act, Action, Condition, Write
from net import fairdice
from net.rendezvous import new_code
from saves.library import battlefield_named
from saves.places import shown_folder
from saves.store import load_for_play, save_game

ROOT = Path(__file__).resolve().parents[2]
JOINER_UNITS = ("b1", "b2", "b3")


def run(*args, stdin=None, env_extra=None):
    env = {k: v for k, v in os.environ.items() if k != "TEXTUAL_DRIVER"} | {"PYTHONPATH": str(ROOT)}
    env |= env_extra or {}
    return subprocess.run([sys.executable, "-m", "tui", *map(str, args)], cwd=ROOT, env=env, stdin=stdin,
                          capture_output=True, text=True, timeout=120)


def hosts_save(path: Path, commit: bool = False):
    """The host's save of a two-terminal Platemail game (host Ann, side 0;
    joiner Jo, side 1): deployed, and Jo has written a Defend for each of
    b1, b2, b3 (and committed, if ``commit``).  Written by ``save_game``
    with the hosting record in ``pending``, as the host's saver writes it."""
    rules = find_ruleset("platemail")
    game = start(rules, None, battlefield_named(rules.default_battlefield), seed=4, players=("Ann", "Jo"))
    for order in (DeployAll(0), Ready(0), DeployAll(1), Ready(1)):
        game = submit(game, order).game
    defend = Act(1, Action.DEFEND)
    for unit in JOINER_UNITS:
        game = submit(game, Write(1, unit, defend, Condition.HIT, defend, defend)).game
    if commit:
        game = next(submit(game, o).game for o in game.legal_orders(1) if o.verb == "commit")
    half = fairdice.new_half()
    hosting = {"code": new_code(), "host": half, "commit": fairdice.commitment(half),
               "joiner": fairdice.new_half(), "side": 0}
    save_game(game, path, pending={"hosting": hosting})
    return game


@pytest.mark.parametrize("commit", [False, True])
def test_replay_refuses_either_sides_view_of_an_unfinished_hosted_game(tmp_path, commit):
    path = tmp_path / "hosted.json"
    game = hosts_save(path, commit)
    loaded, pending, _seats = load_for_play(path)
    assert loaded.outcome is None and pending.get("hosting")
    # The save does hold Jo's secret lines (side 1's alone): what a side view printed.
    secret = [e.sentence for e in loaded.log if e.seen_by == frozenset({1})]
    assert [f"Jo writes orders for {unit}" for unit in JOINER_UNITS] == [s for s in secret if "writes" in s]
    assert game.log_for(1) != game.log_for(None)

    for side in (0, 1):
        for extra in ((), ("--json",)):
            result = run("replay", path, "--side", side, "--log", *extra)
            assert result.returncode == 1, result.stdout + result.stderr
            assert result.stdout == ""  # nothing printed, of any view
            said = result.stderr
            assert said.startswith(f"skirmish: cannot replay {shown_folder(path)} as side {side}: its game is not over")
            assert "writes orders" not in said and not any(unit in said for unit in JOINER_UNITS)
            assert "both sides may see" in said and "Leave out --side" in said

    # Without --side: the public view, the same whichever characters Jo wrote for.
    public = run("replay", path, "--log")
    assert public.returncode == 0, public.stderr
    assert "log (what both sides may read):" in public.stdout
    assert "Both sides have deployed" in public.stdout
    assert "writes orders" not in public.stdout
    assert ("Jo commits their orders" in public.stdout) == commit


def test_a_finished_game_is_still_shown_in_full_with_a_side(tmp_path):
    """The refusal is for a game not over: once it has ended nothing is
    secret, and ``--side`` prints it as before (in full)."""
    path = tmp_path / "over.json"
    game = hosts_save(path)
    over = submit(game, Concede(0)).game
    assert over.outcome is not None
    save_game(over, path)
    for side in (0, 1):
        result = run("replay", path, "--side", side, "--log")
        assert result.returncode == 0, result.stderr
        assert "log (everything):" in result.stdout
        for unit in JOINER_UNITS:  # every line, now the game is over
            assert f"Jo writes orders for {unit}" in result.stdout


@pytest.mark.skipif(shutil.which("ssh-keygen") is None, reason="the door fingerprints the key with ssh-keygen")
def test_the_door_without_a_terminal_says_only_to_log_in_with_ssh_t(tmp_path):
    """``ssh -T account@server`` to the door: input and output are pipes."""
    key = tmp_path / "key"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    auth = tmp_path / "auth"  # what sshd's ExposeAuthInfo writes: the method and the key that let the player in
    auth.write_text("publickey " + key.with_suffix(".pub").read_text())
    result = run("door", "--socket", tmp_path / "no-server", stdin=subprocess.DEVNULL,
                 env_extra={"SSH_USER_AUTH": str(auth), "SSH_CONNECTION": ""})  # no address known: this machine's name
    assert result.returncode == 2, result.stderr
    said = result.stderr
    assert said.startswith("skirmish: the game needs a terminal"), said
    account = pwd.getpwuid(os.getuid()).pw_name
    assert f"log in again with ssh -t, as in: ssh -t {account}@{os.uname().nodename}" in said
    # Nothing a door player cannot run: the door runs the lobby and nothing else.
    assert "replay" not in said and "FILE" not in said and "skirmish " not in said.split(":", 1)[1]


@pytest.mark.skipif(shutil.which("ssh-keygen") is None, reason="the door fingerprints the key with ssh-keygen")
@pytest.mark.parametrize(("connection", "login"), [("127.0.0.1 50514 127.0.0.1 2262", "ssh -t -p 2262 {}@127.0.0.1"),
                                                    ("10.0.0.9 50514 10.0.0.2 22", "ssh -t {}@10.0.0.2")])
def test_the_door_names_the_address_and_port_the_player_came_in_on(tmp_path, connection, login):
    """A tester's door on port 2262 was told "ssh -t t62door@vm": no port,
    and a name instead of the address typed.  sshd's SSH_CONNECTION says
    both (client address and port, then the server's)."""
    key = tmp_path / "key"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    auth = tmp_path / "auth"
    auth.write_text("publickey " + key.with_suffix(".pub").read_text())
    result = run("door", "--socket", tmp_path / "no-server", stdin=subprocess.DEVNULL,
                 env_extra={"SSH_USER_AUTH": str(auth), "SSH_CONNECTION": connection})
    assert result.returncode == 2, result.stderr
    account = pwd.getpwuid(os.getuid()).pw_name
    assert f"log in again with ssh -t, as in: {login.format(account)}" in result.stderr, result.stderr


def test_other_commands_without_a_terminal_still_offer_replay(tmp_path):
    """Outside the door, a save can be checked without a terminal."""
    path = tmp_path / "hosted.json"
    hosts_save(path)
    result = run("load", path, stdin=subprocess.DEVNULL)
    assert result.returncode == 2 and "ssh -t" in result.stderr and "skirmish replay FILE" in result.stderr


def test_rulesets_with_secrets_refuse_a_side_view_and_the_others_give_it(tmp_path):
    """Optio's hidden blocks are a secret as Platemail's orders are; a
    ruleset with nothing hidden (no hidden information, no orders written
    at once) shows each side what it shows everyone, so ``--side`` there is
    no way round anything and still works."""
    from core.seats import private_ruleset
    from tests.saves.helpers import play

    for name in ("optio", "spheres_of_war"):
        rules = find_ruleset(name)
        game = play(rules, seed=3, count=6)
        assert game.outcome is None
        path = tmp_path / f"{name}.json"
        save_game(game, path)
        public = run("replay", path, "--json")
        sided = run("replay", path, "--side", 1, "--json")
        assert public.returncode == 0, public.stderr
        if private_ruleset(rules):
            assert game.view(1) != game.view(None)  # side 1 does hide something here
            assert sided.returncode == 1 and sided.stdout == "" and "is not over" in sided.stderr
        else:
            assert sided.returncode == 0 and sided.stdout == public.stdout, sided.stderr
