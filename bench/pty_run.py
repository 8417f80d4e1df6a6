"""Run a command under a pseudo-terminal of a given size, as a terminal (or
an SSH link) would, and watch the bytes it writes."""

from __future__ import annotations

import fcntl
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIRMISH = [sys.executable, "-m", "tui"]
MINIMAL = [sys.executable, str(ROOT / "bench" / "minimal_app.py")]


class PtyApp:
    """A child process on a pty.  ``reads`` keeps (time, bytes) of every read."""

    def __init__(self, argv: Sequence[str], env: dict[str, str] | None = None, cols: int = 80, rows: int = 24):
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        full_env = dict(os.environ)
        full_env.update({"TERM": "xterm-256color", "COLUMNS": str(cols), "LINES": str(rows)})
        full_env.pop("TEXTUAL", None)
        if env:
            full_env.update(env)
        self.master = master
        self.reads: list[tuple[float, bytes]] = []
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            list(argv), stdin=slave, stdout=slave, stderr=slave, env=full_env, cwd=str(ROOT),
            start_new_session=True, close_fds=True,
        )
        os.close(slave)
        self.rusage = None
        self.status = None
        self.peak_mib = float("nan")

    @property
    def output(self) -> bytes:
        return b"".join(chunk for _, chunk in self.reads)

    def _read_once(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], max(timeout, 0))
        if not ready:
            return False
        try:
            chunk = os.read(self.master, 65536)
        except OSError:
            return False
        if not chunk:
            return False
        self.reads.append((time.perf_counter(), chunk))
        return True

    def wait_for(self, needles: Sequence[bytes], timeout: float = 20.0, since: int = 0) -> float:
        """Read until every needle has appeared in the output after byte
        ``since``; the time (perf_counter) of the read that completed them."""
        deadline = time.perf_counter() + timeout
        while True:
            seen = self.output[since:]
            if all(n in seen for n in needles):
                return self.reads[-1][0]
            left = deadline - time.perf_counter()
            if left <= 0 or self.proc.poll() is not None and not self._read_once(0.05):
                tail = seen[-400:]
                raise TimeoutError(f"{needles!r} did not appear; last bytes: {tail!r}")
            self._read_once(min(left, 0.2))

    def settle(self, quiet: float = 0.25, limit: float = 10.0) -> None:
        """Read until nothing arrives for ``quiet`` seconds."""
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline:
            if not self._read_once(quiet):
                return

    def send(self, data: bytes) -> int:
        """Write keys; returns the output length before them."""
        mark = len(self.output)
        os.write(self.master, data)
        return mark

    def peak_rss_mib(self) -> float:
        """The child's own peak resident memory so far (``VmHWM`` of
        /proc/PID/status), read from outside while it runs; NaN once it has
        exited or where /proc is missing."""
        try:
            with open(f"/proc/{self.proc.pid}/status", encoding="ascii") as handle:
                for line in handle:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1]) / 1024
        except (OSError, ValueError):
            pass
        return float("nan")

    def stop(self, timeout: float = 10.0) -> None:
        """Read the child's peak memory, then SIGTERM, keep draining the pty,
        and collect the child's rusage."""
        self.peak_mib = self.peak_rss_mib()
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        deadline = time.perf_counter() + timeout
        while True:
            pid, status, usage = os.wait4(self.proc.pid, os.WNOHANG)
            if pid:
                self.status, self.rusage = status, usage
                self.proc.returncode = os.waitstatus_to_exitcode(status)
                break
            if time.perf_counter() > deadline:
                os.killpg(self.proc.pid, signal.SIGKILL)
                deadline += timeout
            self._read_once(0.05)
        os.close(self.master)

    @property
    def max_rss_mib(self) -> float:
        """``ru_maxrss`` of the child: on Linux it includes the memory of the
        process it was forked from (the harness) before exec, so it reads the
        harness's peak whenever that is larger; use :attr:`peak_mib`."""
        return self.rusage.ru_maxrss / 1024 if self.rusage else float("nan")
