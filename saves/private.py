"""Nothing a player writes is readable by other accounts.

A hosted game's save holds its join code, the host's half of the seed and
the seed: with them any account could watch, take the free seat or know
every roll to come.  So every folder Skirmish makes is 0700 and every file
it writes 0600, whatever the umask (``saves.store`` creates them through
:func:`make_private_dirs` and ``write_new_file``), and what an older
Skirmish left (0755/0644) is tightened when the app starts (:func:`tighten`).
Tightening takes only the other accounts' rights away: the owner's stay,
execute included, since the data folder also holds what ``install.sh``
installed (its virtual environment, whose programs must stay runnable).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

PRIVATE_DIR = 0o700
PRIVATE_FILE = 0o600
OWNER_ONLY = 0o700  # what tightening keeps of a mode: the owner's rights, all of them


def make_private_dirs(folder: Path) -> None:
    """``folder`` and any missing parents, each made 0700 (a folder that
    already exists is left as it is: it may be the player's home or a
    folder an export was sent to)."""
    folder = Path(folder)
    missing = []
    while not os.path.lexists(folder):
        missing.append(folder)
        if folder.parent == folder:
            break
        folder = folder.parent
    for each in reversed(missing):
        try:
            os.mkdir(each, PRIVATE_DIR)
        except FileExistsError:
            continue  # made meanwhile by another process: not ours to change
        os.chmod(each, PRIVATE_DIR)  # mkdir's mode is cut by the umask; this is not


def _tighten_one(path: str, info: os.stat_result) -> bool:
    if info.st_uid != os.getuid() or not info.st_mode & 0o077:
        return False
    try:
        os.chmod(path, stat.S_IMODE(info.st_mode) & OWNER_ONLY)
    except OSError:
        return False
    return True


def tighten(root: Path) -> int:
    """Take every right of other accounts off the folder ``root`` (the data
    folder), its folders and its files (never through a link; only what
    this account owns), leaving the owner's as they were.  Returns how many
    were changed."""
    changed = 0
    try:
        info = os.lstat(root)
    except OSError:
        return 0
    if not stat.S_ISDIR(info.st_mode):
        return 0
    changed += _tighten_one(str(root), info)
    for folder, subfolders, files in os.walk(root):  # never follows links to folders
        for name in subfolders + files:
            path = os.path.join(folder, name)
            try:
                info = os.lstat(path)
            except OSError:
                continue
            if stat.S_ISDIR(info.st_mode) or stat.S_ISREG(info.st_mode):
                changed += _tighten_one(path, info)
    return changed
