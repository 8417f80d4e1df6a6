"""What a joiner keeps of a game for itself, where only it can read it.

One small file per join code in the joiner's own data folder
(``joined/<hash of the code>.json``, the folder 0700, the file 0600):

* ``host_uid`` -- the account that hosted the game when this joiner first
  joined it.  A later host on the same code from another account is
  refused: after the real host stopped, anyone could have made the game's
  socket (:mod:`net.client`).
* ``halves`` -- the joiner's half of each game's seed, by the host's
  commitment, written before the half is sent.  The fair-dice check after
  the game uses this copy, never what the host says the joiner gave, so a
  joiner that left and joined again can still check (or says it cannot).

A file that is not the joiner's own, not a regular file, or not readable
as this module writes it counts as absent: the check then says it cannot
be made, and the host's account is learnt afresh.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path

from net import fairdice
from saves.private import make_private_dirs

MAX_HALVES = 32  # games on one code (rematches) whose halves are kept


def folder() -> Path:
    from saves.store import data_dir

    return data_dir() / "joined"


def path_for(code: str) -> Path:
    return folder() / (hashlib.sha256(b"skirmish-joined:" + code.encode()).hexdigest()[:40] + ".json")


def load(code: str) -> dict:
    """``{"host_uid": int | None, "halves": {commit: half}}`` (empty when nothing is kept)."""
    empty: dict = {"host_uid": None, "halves": {}}
    try:
        fd = os.open(path_for(code), os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return empty
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid() or info.st_size > 64 * 1024:
            return empty
        with os.fdopen(fd, "rb", closefd=False) as stream:
            data = json.loads(stream.read().decode("utf-8"))
    except (OSError, ValueError):
        return empty
    finally:
        os.close(fd)
    if not isinstance(data, dict):
        return empty
    uid = data.get("host_uid")
    halves = data.get("halves")
    return {
        "host_uid": uid if type(uid) is int and uid >= 0 else None,
        "halves": {c: h for c, h in halves.items() if isinstance(c, str) and fairdice.is_half(h)}
        if isinstance(halves, dict) else {},
    }


def _save(code: str, data: dict) -> None:
    """Write the whole file (0600, in a 0700 folder), replacing the old one."""
    where = folder()
    make_private_dirs(where)  # missing parents 0700 too (mkdir's parents= ignores mode)
    os.chmod(where, 0o700)
    target = path_for(code)
    temporary = target.with_suffix(f".{os.getpid()}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    try:
        os.fchmod(fd, 0o600)
        os.write(fd, json.dumps(data, separators=(",", ":")).encode())
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(temporary, target)


def remember_host(code: str, uid: int) -> None:
    data = load(code)
    if data["host_uid"] != uid:
        data["host_uid"] = uid
        _save(code, data)


def remember_half(code: str, commit: str, half: str) -> None:
    data = load(code)
    halves = data["halves"]
    halves.pop(commit, None)
    halves[commit] = half
    while len(halves) > MAX_HALVES:
        halves.pop(next(iter(halves)))
    _save(code, data)


def half_for(code: str, commit: str) -> str | None:
    return load(code)["halves"].get(commit)
