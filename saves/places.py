"""Paths as the game shows them to people: absolute, with ``~`` for a
place inside the home folder (README, *Saves and the command line*).
Here, below the screens, so that a save's own refusals (``SaveError``)
name their file the way every other message does."""

from __future__ import annotations

from pathlib import Path


def home_folder() -> str | None:
    """The folder ``~`` stands for: ``$HOME`` when it is an absolute path,
    else this account's home in the password database (a relative or empty
    ``$HOME`` names no home); None when neither does."""
    import os

    home = os.environ.get("HOME", "")
    if not os.path.isabs(home):
        try:
            import pwd

            home = pwd.getpwuid(os.getuid()).pw_dir
        except (ImportError, KeyError):
            return None
    home = os.path.normpath(home)
    return home if os.path.isabs(home) and home != "/" else None


def shown_folder(folder: str | Path) -> str:
    """A folder as it is shown to the player: always absolute (a relative
    data folder, from a relative ``$HOME`` or ``$SKIRMISH_DATA_DIR``, is taken
    from the current folder, as the game takes it), with ``~`` in place of
    the home folder only when it lies inside it, as written or with its
    links followed."""
    import os

    try:
        written = os.path.abspath(folder)
    except OSError:  # the current folder was deleted: nothing to take a relative one from
        return str(folder)
    home = home_folder()
    if home is None:
        return written
    for path, base in ((written, home), (os.path.realpath(written), os.path.realpath(home))):
        if path == base or path.startswith(base + "/"):
            return "~" + path[len(base):]
    return written
