"""A Skirmish server reached through a shared SSH account, set up as the
README's "Playing on a server" says, end to end: a real OpenSSH server on
loopback whose config ends with the README's Match block, `skirmish serve`
under an account of its own, and two players logging in to the shared
account with two different keys in two real terminals (tmux).

They find each other in the lobby, play a Platemail game (one Round) to its
end writing orders at the same time; neither terminal ever shows the other
side's orders before the Round resolves, and no file the shared account can
read holds them (scanned as that account).  Midway the server is killed
with SIGKILL and started again, and one player's SSH line is dropped:
both come back with their written orders and the game goes on.
"""

from __future__ import annotations

import json
import os
import pwd
import re
import shlex
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import pytest

from tests.e2e.sshd import SSHD, free_port
from tests.e2e.terminal import ROOT, Tmux, pid_alive, wait_until
from tests.other_accounts import reachable_by_all, readable_checkout

pytestmark = [
    pytest.mark.skipif(os.getuid() != 0, reason="needs root: it makes the server's and the door's accounts"),
    pytest.mark.skipif(not all(shutil.which(t) for t in ("tmux", "ssh", "ssh-keygen", "runuser", "useradd"))
                       or not Path(SSHD).exists(), reason="needs tmux, OpenSSH and the account tools"),
]

README = ROOT / "README.md"


def readme_match_block() -> str:
    """The sshd_config Match block of the README's server section."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## Playing on a server", 1)[1].split("\n## ", 1)[0]
    found = re.search(r"```sshd_config\n(.*?)```", section, re.S)
    assert found, "the README's server section has no sshd_config block"
    return "\n".join(line.strip() for line in found.group(1).splitlines() if line.strip())


def portable_python(place: Path) -> tuple[str, str]:
    """A Python and a PYTHONPATH with which any account runs this checkout
    (or its readable copy, ``readable_checkout``).

    This interpreter, when other accounts can reach it; else Debian's
    python3 of the same version, with the packages the app loads from
    places other accounts cannot reach copied to ``place/site``."""
    import importlib

    for name in ("tui.app", "tui.lobby", "tui.game_screen", "net.server", "net.referee", "saves.gamedb",
                 "tui.rulesets", "core.ai", "tui.rulesets.platemail_review"):
        importlib.import_module(name)
    paths = [p for p in sys.path if p and Path(p).is_dir() and Path(p).resolve() != ROOT.resolve()]
    checkout = readable_checkout(place)
    exe = sys.executable
    if reachable_by_all(Path(exe)) and all(reachable_by_all(Path(p)) for p in paths):
        return exe, os.pathsep.join([str(checkout), *paths])
    version = subprocess.run(["/usr/bin/python3", "-c", "import sys; print(sys.version_info[:2])"],
                             capture_output=True, text=True, check=False).stdout.strip()
    if version != str(tuple(sys.version_info[:2])):
        pytest.skip("this Python is not reachable by other accounts and Debian's python3 is another version")
    site = place / "site"
    site.mkdir()
    # Packages only: the standard library is Debian's own.
    hidden = [Path(p).resolve() for p in paths if not reachable_by_all(Path(p)) and "-packages" in p]
    for module in list(sys.modules.values()):
        where = getattr(module, "__file__", None)
        if not where:
            continue
        for root in hidden:
            try:
                part = Path(where).resolve().relative_to(root).parts[0]
            except ValueError:
                continue
            source, target = root / part, site / part
            if not target.exists():
                (shutil.copytree if source.is_dir() else shutil.copy2)(source, target)
    for root in hidden:  # the packages' metadata too (the app asks for Textual's version)
        for info in root.glob("*.dist-info"):
            if not (site / info.name).exists():
                shutil.copytree(info, site / info.name)
    keep = [p for p in paths if reachable_by_all(Path(p))]
    return "/usr/bin/python3", os.pathsep.join([str(checkout), *keep, str(site)])


def make_account(prefix: str, shell: str) -> pwd.struct_passwd:
    name = f"{prefix}{uuid.uuid4().hex[:6]}"
    # "*": no password, yet not locked (sshd without PAM refuses a locked account's key).
    subprocess.run(["useradd", "--create-home", "--shell", shell, "-p", "*", name], check=True)
    return pwd.getpwnam(name)


def drop_account(account: pwd.struct_passwd) -> None:
    subprocess.run(["pkill", "-KILL", "-U", str(account.pw_uid)], check=False)
    wait_until(lambda: subprocess.run(["pgrep", "-U", str(account.pw_uid)], capture_output=True).returncode != 0, 10)
    subprocess.run(["userdel", "-r", "-f", account.pw_name], check=False, capture_output=True)


class Server:
    """``skirmish serve`` under its own account."""

    def __init__(self, account: pwd.struct_passwd, python: str, pythonpath: str, socket: Path,
                 door: str) -> None:
        self.account = account
        self.data = Path(account.pw_dir) / "skirmish-data"
        self.args = ["runuser", "-u", account.pw_name, "--", "env", f"HOME={account.pw_dir}",
                     f"PYTHONPATH={pythonpath}", python, "-m", "tui", "serve", "--socket", str(socket),
                     "--data", str(self.data), "--door-account", door]
        self.socket = socket
        self.log = socket.parent.parent / "serve.log"
        self.proc: subprocess.Popen | None = None
        self.start()

    def start(self) -> None:
        if self.socket.exists():
            self.socket.unlink()
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(self.args, stdout=log, stderr=subprocess.STDOUT, cwd="/")
        assert wait_until(lambda: self.socket.exists() or self.proc.poll() is not None, 60), "serve never started"
        assert self.proc.poll() is None, self.log.read_text(errors="replace")

    def kill(self) -> None:
        """SIGKILL the server itself (runuser's child), as a crash would."""
        child = subprocess.run(["pgrep", "-P", str(self.proc.pid)], capture_output=True, text=True).stdout.split()
        for pid in child:
            os.kill(int(pid), signal.SIGKILL)
        self.proc.wait(20)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def drafts_and_orders(self) -> list[str]:
        """Every order text the server holds (drafts and the game): read as
        root, to know what no player's file may hold."""
        found: list[str] = []
        with sqlite3.connect(f"file:{self.data / 'skirmish-server.sqlite3'}?mode=ro", uri=True) as db:
            for (data,) in db.execute("SELECT data FROM drafts"):
                for draft in json.loads(data):
                    found += [t for t in draft.get("written") or [] if isinstance(t, str)]
        return found


@pytest.fixture
def place():
    folder = Path(tempfile.mkdtemp(prefix="skirmish-srv-e2e-", dir="/tmp"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def door_setup(place):
    """The README's setup: the server's account, the shared account with
    both players' keys (restrict,pty), sshd with the README's Match block."""
    python, pythonpath = portable_python(place)
    server_account = make_account("sksrv", "/usr/sbin/nologin")
    door = make_account("skdoor", "/bin/sh")
    sshd = None
    server = None
    try:
        (place / "srv").mkdir()
        os.chown(place / "srv", server_account.pw_uid, server_account.pw_gid)
        socket = place / "srv" / "socket"
        server = Server(server_account, python, pythonpath, socket, door.pw_name)
        command = place / "door.sh"  # the install's `skirmish` for this checkout
        command.write_text("#!/bin/sh\n"
                           f"export PYTHONPATH={shlex.quote(pythonpath)} SKIRMISH_SERVER={shlex.quote(str(socket))}"
                           f" SKIRMISH_SERVER_ACCOUNT={server_account.pw_name}\n"  # the server's account is made for the test
                           f"exec {shlex.quote(python)} -m tui \"$@\"\n")
        command.chmod(0o755)
        keys = {}
        ssh_dir = Path(door.pw_dir) / ".ssh"
        ssh_dir.mkdir(mode=0o700)
        lines = []
        for who in ("ann", "bo"):
            key = place / f"{who}_ed25519"
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", who, "-f", str(key)], check=True)
            keys[who] = key
            lines.append("restrict,pty " + Path(f"{key}.pub").read_text().strip())
        (ssh_dir / "authorized_keys").write_text("\n".join(lines) + "\n")
        subprocess.run(["chown", "-R", f"{door.pw_name}:", str(ssh_dir)], check=True)
        host_key = place / "host_ed25519"
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(host_key)], check=True)
        match = readme_match_block()
        assert "ExposeAuthInfo yes" in match and "ForceCommand" in match
        match = re.sub(r"^Match User \S+", f"Match User {door.pw_name}", match, flags=re.M)
        match = re.sub(r"^ForceCommand .*skirmish door$", f"ForceCommand {command} door", match, flags=re.M)
        port = free_port()
        config = place / "sshd_config"
        config.write_text("\n".join([
            "ListenAddress 127.0.0.1", f"Port {port}", f"HostKey {host_key}", f"PidFile {place / 'sshd.pid'}",
            "AuthorizedKeysFile .ssh/authorized_keys", "StrictModes no", "UsePAM no",
            "PasswordAuthentication no", "KbdInteractiveAuthentication no", "PrintMotd no", "PrintLastLog no",
            "LogLevel ERROR", match]) + "\n")
        Path("/run/sshd").mkdir(mode=0o755, exist_ok=True)
        checked = subprocess.run([SSHD, "-t", "-f", str(config)], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
        sshd = subprocess.Popen([SSHD, "-D", "-e", "-f", str(config)], stdout=subprocess.DEVNULL,
                                stderr=open(place / "sshd.log", "wb"))
        assert wait_until(lambda: subprocess.run(["ssh-keyscan", "-p", str(port), "127.0.0.1"],
                                                 capture_output=True).returncode == 0, 15)

        def terminal(who: str) -> Tmux:
            ssh = ["ssh", "-tt", "-i", str(keys[who]), "-p", str(port), "-o", "StrictHostKeyChecking=no",
                   "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-o", "BatchMode=yes",
                   "-o", "IdentitiesOnly=yes", f"{door.pw_name}@127.0.0.1"]
            return Tmux(shlex.join(ssh), env={"TERM": "xterm-256color"})

        yield server, door, terminal, place
    finally:
        if sshd is not None:
            sshd.terminate()
            sshd.wait(10)
        if server is not None:
            server.stop()
        drop_account(door)
        drop_account(server_account)


def readable_holding(account: pwd.struct_passwd, roots: list[Path], needles: list[str]) -> list[str]:
    """Files under ``roots`` that ``account`` can read and that hold any of
    ``needles``: walked as that account (what it cannot open does not count)."""
    script = (
        "import os, sys, json\n"
        "roots, needles = json.loads(sys.argv[1])\n"
        "found = []\n"
        "for root in roots:\n"
        "    for folder, _dirs, files in os.walk(root):\n"
        "        for name in files:\n"
        "            path = os.path.join(folder, name)\n"
        "            try:\n"
        "                with open(path, 'rb') as f: data = f.read(50_000_000)\n"
        "            except OSError: continue\n"
        "            if any(n.encode() in data for n in needles): found.append(path)\n"
        "print(json.dumps(found))\n")
    done = subprocess.run(["runuser", "-u", account.pw_name, "--", "/usr/bin/python3", "-c", script,
                           json.dumps([[str(r) for r in roots], needles])], capture_output=True, text=True,
                          cwd="/", check=True)
    return json.loads(done.stdout)


def write_orders(term: Tmux, unit: str, name: str) -> None:
    """The highlighted character (the side's first) moves three cells, IF
    it reached its target THEN Defend ELSE Full Attack the closest hostile."""
    term.wait_for(f"▶ {name} to play", 30)
    # w: the side's orders (a key the narrator took to show the last lines sooner is pressed again)
    assert wait_until(lambda: "secret until both commit" in term.screen() or term.keys("w") or False, 30, 1.0)
    term.keys("Enter")
    term.wait_for("Orders for ")
    term.keys("m", pause=0.8)
    term.keys("l", pause=1.5)  # a cell picked on the board: three down from where it stands
    term.keys("Down", "Down", "Down", pause=0.6)
    term.keys("Enter", "r", "d", pause=0.8)
    term.keys("a")
    term.wait_for("Full Attack — whom?")
    term.keys("c")
    term.wait_for(f"{unit}: Move to")


def test_two_keys_meet_in_the_lobby_and_play_platemail_through_the_door(door_setup):
    server, door, terminal, place = door_setup
    ann, bo = terminal("ann"), terminal("bo")
    try:
        # First logins: each key is asked for a name.
        for term, name in ((ann, "Ann"), (bo, "Bo")):
            term.wait_for("What name shall the other", 60)
            term.keys(*name, "Enter")
            term.wait_for(f"you are {name}")
        # Ann makes a Platemail game of one Round, the other seat open to anyone.
        ann.keys("n")
        ann.wait_for("New game on the server")
        ann.keys("Right", "Right", "Right")
        ann.wait_for("Platemail ▶")
        ann.keys(*["Tab"] * 6, "PageDown", "Left")
        ann.wait_for("Round limit            ◀ 1 ▶")
        ann.keys("C-g")
        ann.wait_for("waits for an opponent")
        # Bo finds it in the lobby and joins with Enter.
        bo.wait_for("Ann v open", 20)
        bo.keys("Enter")
        bo.wait_for("Deployment", 30)  # the header: "Deployment · before Round 1"
        ann.wait_for("Ann to play", 30)
        ann.keys("d", "p")
        bo.wait_for("Bo to play", 30)
        bo.keys("d", "p")
        for term in (ann, bo):
            term.wait_for("both sides write orders in secret", 30)
        # Both write at once.
        write_orders(ann, "a1", "Ann")
        write_orders(bo, "b1", "Bo")
        assert "b1: Move" not in ann.screen() and "a1: Move" not in bo.screen()
        assert wait_until(lambda: len(server.drafts_and_orders()) == 2, 10), "the drafts never reached the server"
        secrets = server.drafts_and_orders()

        # The server dies mid-Round and comes back: nothing is lost.
        server.kill()
        ann.wait_for("went away", 20)
        server.start()
        # Bo's SSH line drops (its door process gets SIGHUP) and Bo logs in again.
        door_pids = subprocess.run(["pgrep", "-U", str(door.pw_uid), "-f", "tui door"], capture_output=True,
                                   text=True).stdout.split()
        bo.close()
        wait_until(lambda: not any(pid_alive(int(p)) for p in door_pids), 20)
        bo = terminal("bo")
        bo.wait_for("you are Bo", 60)  # the key is known: no name asked again
        bo.wait_for("Your unfinished games (1)", 20)
        bo.keys("Enter")
        shown = bo.wait_for("b1: Move to", 30)  # the written orders, opened again
        assert "a1: Move" not in shown
        assert "a1: Move" in ann.wait_for("a1: Move")

        # Nothing the shared account can read holds either side's orders.
        roots = [Path(door.pw_dir), place, Path(server.account.pw_dir), *Path("/tmp").glob("skirmish*")]
        assert readable_holding(door, roots, secrets) == []

        # Both commit; the one Round resolves and the game ends, its dice checked.
        ann.keys("p")
        ann.wait_for("Commit Ann's orders")
        ann.keys("y")
        ann.wait_for("Waiting for Bo", 30)
        assert "b1: Move" not in ann.screen()
        bo.keys("p")
        bo.wait_for("Commit Bo's orders")
        bo.keys("y")
        for term in (ann, bo):
            term.wait_for("Game over", 60)
            assert wait_until(lambda t=term: "Game over: a draw" in t.screen() or t.keys("Enter") or False, 30, 2.0)
            term.wait_for("Dice checked", 20)  # each terminal replayed the game from the revealed seed
            term.keys("Escape")  # the final board
            term.wait_for("Game over with no winner")
        assert readable_holding(door, [Path(door.pw_dir), place], secrets) == []
    finally:
        ann.close()
        bo.close()
        for _ in range(2):
            time.sleep(0.1)
