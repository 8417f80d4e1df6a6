"""A small tmpfs of its own for a test that needs a disk to fill or to
make read-only: mounted on a fresh folder under /tmp, unmounted (lazily,
so a file still open never keeps it) and removed afterwards.  Mounting
needs root: anywhere else, or where the kernel refuses, the test is
skipped with the reason."""

from __future__ import annotations

import contextlib
import os
import subprocess
import tempfile
from collections.abc import Iterator

import pytest


@contextlib.contextmanager
def mounted_tmpfs(prefix: str, size: str, *options: str) -> Iterator[str]:
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    folder = tempfile.mkdtemp(prefix=prefix, dir="/tmp")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", ",".join([f"size={size}", *options]), "tmpfs", folder],
                          capture_output=True, check=False)
    if done.returncode != 0:
        os.rmdir(folder)
        pytest.skip(f"cannot mount a tmpfs: {done.stderr.decode()[:200]}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", folder], capture_output=True, check=False)
        os.rmdir(folder)


def remount_read_only(folder: str) -> None:
    subprocess.run(["mount", "-o", "remount,ro", folder], capture_output=True, check=True)
