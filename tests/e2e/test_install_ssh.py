"""The README's install and its SSH command, as a new player would run them.

A throwaway Unix account is made, gets a copy of this checkout (the files
git tracks, as they are on disk), runs the README's ``sh install.sh`` with
its own login environment (Debian's Python, no virtual environment of ours),
and then the README's own ``ssh -t server ...`` line is run through a real
OpenSSH server on loopback, the server part swapped for that account at
127.0.0.1.  A command run by ssh gets sshd's default PATH, not the one
``~/.profile`` builds for a login, so this fails when the README names a
command the install put somewhere only a login shell looks.
"""

from __future__ import annotations

import os
import pwd
import re
import shlex
import shutil
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.sshd import SSHD, Sshd
from tests.e2e.terminal import ROOT, Tmux

pytestmark = pytest.mark.e2e

README = ROOT / "README.md"


def _needs() -> str | None:
    if os.getuid() != 0:
        return "making a throwaway Unix account needs root"
    if not os.path.exists(SSHD):
        return "sshd (openssh-server) is not installed"
    for tool in ("useradd", "userdel", "runuser", "tmux", "ssh", "ssh-keygen", "git"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed"
    return None


def section(title: str) -> str:
    """The README's section under ``## title``, up to the next one."""
    text = README.read_text()
    found = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, re.DOTALL | re.MULTILINE)
    assert found, f"README.md has no '## {title}' section"
    return found.group(1)


def readme_ssh_command() -> list[str]:
    """The first ``ssh -t HOST COMMAND...`` the README's SSH section gives,
    as [HOST, COMMAND...]."""
    for span in re.findall(r"`([^`]+)`", section("Playing over SSH")):
        words = shlex.split(span)
        if words[:2] == ["ssh", "-t"] and len(words) >= 4:
            return words[2:]
    raise AssertionError("the README's 'Playing over SSH' section gives no `ssh -t server command` line")


def copy_checkout(into: Path) -> None:
    """The tracked files of this checkout, as they are on disk (edits included)."""
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], check=True,
                            capture_output=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)


def processes_of(uid: int) -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if entry.stat().st_uid == uid:
                    pids.append(int(entry.name))
            except FileNotFoundError:
                pass
    return pids


@pytest.fixture
def account() -> Iterator[pwd.struct_passwd]:
    """A fresh account with a home, bash as its shell (adduser's default) and
    no password ("*": key login only; "!" would count as locked)."""
    why = _needs()
    if why:
        pytest.skip(why)
    name = f"skt{uuid.uuid4().hex[:8]}"
    subprocess.run(["useradd", "-m", "-s", "/bin/bash", "-p", "*", name], check=True)
    entry = pwd.getpwnam(name)
    try:
        yield entry
    finally:
        # Its ssh session ends with the tmux server; give its processes a moment.
        deadline = time.monotonic() + 20
        while processes_of(entry.pw_uid) and time.monotonic() < deadline:
            time.sleep(0.2)
        subprocess.run(["userdel", "-r", "-f", name], check=False, capture_output=True)


def test_a_fresh_account_installs_with_the_readme_and_plays_over_ssh_with_its_command(account, tmp_path):
    install_doc = section("Install, upgrade, uninstall")
    assert "`sh install.sh`" in install_doc or "&& sh install.sh`" in install_doc
    checkout = Path(tempfile.mkdtemp(prefix="skirmish-checkout-", dir="/tmp"))
    try:
        copy_checkout(checkout)
        subprocess.run(["chown", "-R", f"{account.pw_name}:", str(checkout)], check=True)
        started = time.monotonic()
        # A login as that account: its own HOME and the system's login PATH.
        install = subprocess.run(
            ["runuser", "-l", account.pw_name, "-c", f"cd {shlex.quote(str(checkout))} && sh install.sh"],
            check=False, capture_output=True, text=True, timeout=300)
        took = time.monotonic() - started
        output = install.stdout + install.stderr
        assert install.returncode == 0, output
        assert "deprecat" not in output.lower(), output
        print(f"sh install.sh as a fresh account took {took:.0f} s")

        _server, *remote = readme_ssh_command()
        # install.sh ends by saying the same ssh command (with this machine's name).
        said = re.search(rf"ssh -t \S+ {re.escape(shlex.join(remote))}$", output, re.MULTILINE)
        assert said, f"install.sh does not give the README's ssh command:\n{output}"

        sshd = Sshd(tmp_path / "ssh", user=account.pw_name)
        try:
            sshd.authorize(Path(account.pw_dir), account.pw_name)
            command = shlex.join(["ssh", "-t", *sshd.client_options(), f"{account.pw_name}@127.0.0.1", *remote])
            # Twice: the first start tightens the data folder, which holds
            # install.sh's virtual environment; the command must still run.
            for start in ("first", "second"):
                terminal = Tmux(command, env={"TERM": "xterm-256color"})
                try:
                    shown = terminal.wait_for("New game", timeout=60)
                    assert "Load game" in shown and "Rules" in shown, f"the {start} start"
                finally:
                    terminal.close()
        finally:
            sshd.close()
    finally:
        shutil.rmtree(checkout, ignore_errors=True)
