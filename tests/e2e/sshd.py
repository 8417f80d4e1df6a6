"""A throwaway OpenSSH server for the end-to-end tests.

:class:`Sshd` runs Debian's ``/usr/sbin/sshd`` in the foreground on a free
port of 127.0.0.1 with a host key and a user key made by ``ssh-keygen`` in
a scratch folder, and stops it on ``close``.  Nothing in ``/etc/ssh`` is
read (``-f /dev/null``); everything it needs is passed with ``-o``.
"""

from __future__ import annotations

import os
import shlex
import socket
import subprocess
import time
from pathlib import Path

from tests.e2e.terminal import ROOT, skirmish_command

SSHD = "/usr/sbin/sshd"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def write_wrapper(path: Path, data_dir: Path, extra_env: dict[str, str] | None = None) -> Path:
    """A shell script that starts Skirmish on ``data_dir`` (the remote
    command over ssh, where passing environment variables is fiddly).
    ``exec`` makes the app the session leader, so a hangup reaches it."""
    lines = ["#!/bin/sh", f"cd {shlex.quote(str(ROOT))}",
             f"export SKIRMISH_DATA_DIR={shlex.quote(str(data_dir))}",
             f"export PYTHONPATH={shlex.quote(str(ROOT))}"]
    for key, value in (extra_env or {}).items():
        lines.append(f"export {key}={shlex.quote(value)}")
    lines.append(f"exec {skirmish_command()}")
    path.write_text("\n".join(lines) + "\n")
    path.chmod(0o755)
    return path


class Sshd:
    def __init__(self, folder: Path, user: str | None = None) -> None:
        """``user``: log in as this account (its key goes in its own
        ``~/.ssh/authorized_keys``, see :meth:`authorize`) instead of the
        account running the tests."""
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.host_key = folder / "host_ed25519"
        self.user_key = folder / "user_ed25519"
        for key in (self.host_key, self.user_key):
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True,
                           stdout=subprocess.DEVNULL)
        self.authorized = folder / "authorized_keys"
        self.authorized.write_text(Path(f"{self.user_key}.pub").read_text())
        self.authorized.chmod(0o600)
        self.pid_file = folder / "sshd.pid"
        self.log = folder / "sshd.log"
        self.user = os.environ.get("USER") or "root"
        if os.getuid() == 0:
            self.user = "root"
            # sshd refuses to start without its privilege separation folder.
            Path("/run/sshd").mkdir(mode=0o755, exist_ok=True)
        keys_files = str(self.authorized)
        if user is not None:
            self.user = user
            # sshd reads these as the account: its own file, relative to its home.
            keys_files += " .ssh/authorized_keys"
        options = {
            "ListenAddress": "127.0.0.1",
            "Port": "",  # chosen below
            "HostKey": str(self.host_key),
            "AuthorizedKeysFile": keys_files,
            "PidFile": str(self.pid_file),
            "StrictModes": "no",
            "UsePAM": "no",
            "PermitRootLogin": "yes",
            "PasswordAuthentication": "no",
            "KbdInteractiveAuthentication": "no",
            "PrintMotd": "no",
            "PrintLastLog": "no",
            "LogLevel": "ERROR",
        }
        # free_port() lets the port go before sshd binds it: another test
        # (another xdist worker) may take it meanwhile, so a server that
        # cannot bind tries a new port.
        for attempt in range(5):
            self.port = free_port()
            options["Port"] = str(self.port)
            if self._start(options, last=attempt == 4):
                break

    def _start(self, options: dict[str, str], last: bool) -> bool:
        args = [SSHD, "-D", "-e", "-f", "/dev/null"]
        for key, value in options.items():
            args += ["-o", f"{key}={value}"]
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=open(self.log, "wb"))
        deadline = time.monotonic() + 15
        while True:
            if self.process.poll() is not None:
                said = self.log.read_text(errors="replace")
                if "Address already in use" in said and not last:
                    return False
                raise RuntimeError(f"sshd exited at once: {said}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    pass
                # our own server answers (it writes its pid once it listens), not another test's
                if self.pid_file.read_text().strip() == str(self.process.pid):
                    return True
                time.sleep(0.1)
            except OSError:
                if time.monotonic() > deadline:
                    self.close()
                    raise RuntimeError("sshd never listened") from None
                time.sleep(0.1)

    def authorize(self, home: Path, owner: str) -> None:
        """Let the client key log in to the account ``owner`` whose home is
        ``home``, the way a user sets up key login: ``~/.ssh/authorized_keys``."""
        ssh_dir = home / ".ssh"
        ssh_dir.mkdir(mode=0o700, exist_ok=True)
        keys = ssh_dir / "authorized_keys"
        keys.write_text(Path(f"{self.user_key}.pub").read_text())
        keys.chmod(0o600)
        subprocess.run(["chown", "-R", f"{owner}:", str(ssh_dir)], check=True)

    def client_options(self) -> list[str]:
        """The ssh client's options for this server (its key, port, no host checks)."""
        return ["-i", str(self.user_key), "-p", str(self.port),
                "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                "-o", "LogLevel=ERROR", "-o", "BatchMode=yes"]

    def ssh_command(self, remote: str) -> str:
        """The client command line that runs ``remote`` on a pseudo-terminal."""
        args = ["ssh", "-tt", "-i", str(self.user_key), "-p", str(self.port),
                "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                "-o", "LogLevel=ERROR", "-o", "BatchMode=yes", f"{self.user}@127.0.0.1", remote]
        return shlex.join(args)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
