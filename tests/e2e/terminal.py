"""The real command in a real terminal: tmux sessions for the end-to-end tests."""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def skirmish_command() -> str:
    """The app as a shell command: the installed script, else the module."""
    exe = shutil.which("skirmish")
    return shlex.quote(exe) if exe else f"{shlex.quote(sys.executable)} -m tui"


def local_command() -> str:
    """Skirmish started from the checkout, as the pane's only process."""
    return "sh -c " + shlex.quote(f"cd {shlex.quote(str(ROOT))} && exec {skirmish_command()}")


class Tmux:
    """One detached tmux session running ``command`` (with ``exec``, so the
    pane's pid is the command's pid).

    Each session has its own tmux server (``-L``): on a shared server, a
    session started just as another test's last session closes can reach the
    exiting server and fail with "server exited unexpectedly" (seen in CI)."""

    def __init__(self, command: str, width: int = 80, height: int = 24, env: dict[str, str] | None = None) -> None:
        self.name = f"skirmish-e2e-{uuid.uuid4().hex[:8]}"
        prefix = " ".join(f"{k}={shlex.quote(v)}" for k, v in (env or {}).items())
        shell = f"exec env {prefix} {command}" if prefix else f"exec {command}"
        self.run("new-session", "-d", "-s", self.name, "-x", str(width), "-y", str(height), shell)
        self.run("set-option", "-t", self.name, "remain-on-exit", "on", check=False)
        self.pid = int(self.run("display-message", "-p", "-t", self.name, "#{pane_pid}").stdout.strip())

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        """A tmux command against this session's own server."""
        return subprocess.run(["tmux", "-L", self.name, *args], check=check, capture_output=True, text=True)

    def keys(self, *keys: str, pause: float = 0.3) -> None:
        for key in keys:
            self.run("send-keys", "-t", self.name, key)
            time.sleep(pause)

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", self.name).stdout

    def wait_for(self, text: str, timeout: float = 30.0) -> str:
        deadline = time.monotonic() + timeout
        while True:
            shown = self.screen()
            if text in shown:
                return shown
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never appeared; the screen was:\n{shown}")
            time.sleep(0.2)

    def dead_status(self) -> str:
        """``"#{pane_dead} #{pane_dead_status}"``: ``"0"`` while the command
        runs, ``"1 N"`` once it has exited with status N.

        tmux (Debian's, built with libutempter) can miss the command's
        exit: when the pane's terminal closes before the process is reaped,
        tmux calls utempter_remove_record, which runs a helper with SIGCHLD
        reset to its default for that moment; a SIGCHLD arriving then is
        dropped, the exited command stays a zombie, and tmux shows the pane
        dead with no status for ever (seen under load: the joiner had
        printed its sentence and exited 1, yet "#{pane_dead_status}" stayed
        empty past 30 s).  tmux's own remedy (tmux/tmux#311) is a SIGCHLD
        to the server, which then reaps every exited pane: sent here when
        the pane is dead but its status is missing."""
        dead, status, signalled, server = self.run(
            "display-message", "-p", "-t", self.name,
            "#{pane_dead}|#{pane_dead_status}|#{pane_dead_signal}|#{pid}").stdout.strip().split("|")
        if dead == "1" and not status and not signalled:
            os.kill(int(server), signal.SIGCHLD)
            dead, status = self.run("display-message", "-p", "-t", self.name,
                                    "#{pane_dead}|#{pane_dead_status}").stdout.strip().split("|")
        return f"{dead} {status}".strip()

    def close(self) -> None:
        self.run("kill-server", check=False)


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie still answers kill(0); look at its state.
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        return state != "Z"
    except OSError:
        return False


def wait_until(predicate, timeout: float = 20.0, step: float = 0.1) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return predicate()


def instant_pace(*data_dirs) -> None:
    """Remember the pace "instant" in each data folder, as a player who
    pressed `v` would: the other side's moves are then shown at once.  For
    end-to-end tests about something else (two terminals, saving) that send
    keys as soon as a line appears; tests/e2e/test_blows_e2e.py plays at
    the step pace on purpose."""
    import json
    import os

    for data in data_dirs:
        folder = os.path.join(str(data), "settings")
        os.makedirs(folder, mode=0o700, exist_ok=True)
        path = os.path.join(folder, "pace.json")
        with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as handle:
            json.dump({"version": 1, "pace": "instant"}, handle)
