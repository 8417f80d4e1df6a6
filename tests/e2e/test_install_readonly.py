"""``sh install.sh`` from a checkout the account cannot write to.

A tester ran it as their own account in a checkout owned by root (readable
by everyone): pip failed while setuptools made ``skirmish.egg-info`` in
the checkout ("could not create 'skirmish.egg-info': Permission denied",
or "Cannot update time stamp of directory" when root's own install had
left one).  The install builds from a private copy of the files instead,
leaves the checkout as it was and removes the copy.

A throwaway account (root only) runs the README's command with its own
login environment; it takes as long as pip (about 15 s with a warm network).
"""

from __future__ import annotations

import os
import pwd
import shlex
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.test_install_ssh import copy_checkout, processes_of

pytestmark = pytest.mark.e2e


@pytest.fixture
def account() -> Iterator[pwd.struct_passwd]:
    if os.getuid() != 0:
        pytest.skip("making a throwaway Unix account needs root")
    for tool in ("useradd", "userdel", "runuser", "git"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed")
    name = f"skr{uuid.uuid4().hex[:8]}"
    subprocess.run(["useradd", "-m", "-s", "/bin/bash", "-p", "*", name], check=True)
    entry = pwd.getpwnam(name)
    try:
        yield entry
    finally:
        for pid in processes_of(entry.pw_uid):  # none, unless the install hung
            try:
                os.kill(pid, 9)
            except ProcessLookupError:
                pass
        subprocess.run(["userdel", "-r", "-f", name], check=False, capture_output=True)


def _everything(folder: Path) -> dict[str, tuple[int, int]]:
    return {str(p.relative_to(folder)): (p.stat().st_mtime_ns, p.stat().st_size)
            for p in folder.rglob("*") if not p.is_symlink()}


def _leftovers(uid: int) -> list[str]:
    where = Path("/tmp")  # mktemp's folder for a login with no TMPDIR
    return [p.name for p in where.glob("skirmish-install.*") if p.lstat().st_uid == uid]


def test_a_checkout_the_account_cannot_write_installs_and_stays_as_it_was(account):
    checkout = Path(tempfile.mkdtemp(prefix="skirmish-root-checkout-", dir="/tmp"))
    try:
        copy_checkout(checkout)
        # What a root `pip install .` leaves behind: the tester's first error.
        (checkout / "skirmish.egg-info").mkdir()
        (checkout / "skirmish.egg-info" / "PKG-INFO").write_text("Name: skirmish\n")
        for path in [checkout, *checkout.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)  # root's, readable by everyone
        before = _everything(checkout)
        install = subprocess.run(
            ["runuser", "-l", account.pw_name, "-c", f"cd {shlex.quote(str(checkout))} && sh install.sh"],
            check=False, capture_output=True, text=True, timeout=300)
        output = install.stdout + install.stderr
        assert install.returncode == 0, output
        assert "installed:" in output, output
        command = Path(account.pw_dir) / ".local/bin/skirmish"
        version = subprocess.run(["runuser", "-u", account.pw_name, "--", str(command), "--version"],
                                 check=False, capture_output=True, text=True, timeout=60)
        assert version.returncode == 0 and version.stdout.startswith("skirmish "), version.stdout + version.stderr
        assert _everything(checkout) == before  # nothing written in the checkout
        assert _leftovers(account.pw_uid) == []  # the private copy is gone
    finally:
        shutil.rmtree(checkout, ignore_errors=True)
