"""The word that runs Skirmish, as hints tell another terminal to type it
("skirmish join CODE").  Over ``ssh -t`` sshd's PATH is the system's
default one (README: ``skirmish`` installed by install.sh in
~/.local/bin is not on it), so a hint that said "skirmish" did not work
there as written: when the running executable is not what that default
PATH finds, its own path is given, shortened to "~/…" under the home
folder (every account's install.sh puts it at the same place in its own
home, and the login shell expands "~")."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

# sshd's PATH for an ordinary account (OpenSSH's _PATH_STDPATH, as Debian builds it).
DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin:/usr/games"


def running_executable() -> Path | None:
    """The ``skirmish`` script this process was started as, or the one the
    PATH finds (``python -m tui``: none of its own); None if neither."""
    started = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if started is not None and started.name == "skirmish" and started.is_file():
        return Path(os.path.abspath(started))
    found = shutil.which("skirmish")
    return Path(os.path.abspath(found)) if found else None


def command_word() -> str:
    """"skirmish" when a login over ssh finds this very executable on the
    default PATH (or no executable is known), else its path ("~/.local/bin/skirmish")."""
    mine = running_executable()
    if mine is None:
        return "skirmish"
    default = shutil.which("skirmish", path=DEFAULT_PATH)
    try:
        if default is not None and os.path.samefile(default, mine):
            return "skirmish"
    except OSError:
        pass
    try:
        return "~/" + mine.relative_to(Path.home()).as_posix()
    except (ValueError, RuntimeError):
        return str(mine)
