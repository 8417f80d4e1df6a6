"""One process per game: a lock file next to the save.

Nothing here is written through a symbolic link (see ``_no_link`` and
``store.write_new_file``).  The lock is ``<save>.lock`` (an OS file lock through ``filelock``, so the
operating system drops it when the holding process dies).  The holder
writes who it is into ``<save>.owner`` so that a second process can say
who has the game open.
"""

from __future__ import annotations

import datetime
import errno
import json
import os
import socket
from pathlib import Path
from typing import Any

import filelock

from core.game import Game
from saves import store


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


def owner_path(path: Path) -> Path:
    return path.with_name(path.name + ".owner")


def _holder_text(path: Path) -> str:
    try:
        # Not through a link, never waiting on a pipe, never more than a line.
        fd = os.open(owner_path(path), os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        with open(fd, "rb", closefd=True) as handle:
            info = json.loads((handle.read(4096) or b"").decode("utf-8"))
        return f"process {int(info['pid'])} on {str(info['host'])[:64]}, since {str(info['started'])[:32]}"
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return "another process; it did not say which"


def holder_now(path: Path) -> str | None:
    """Who holds the game at ``path`` now, as its owner file says (the
    words of ``GameLocked``), or None when no Skirmish has it open: the
    owner file goes when its holder closes the game, and the next holder
    writes its own.  Only reads: never takes the lock."""
    if not os.path.lexists(owner_path(path)):
        return None
    return _holder_text(path)


def _private(path: Path) -> None:
    """The lock file 0600 (filelock's mode is cut by the umask, and an
    older Skirmish left its locks 0644)."""
    try:
        info = os.lstat(path)
        if info.st_uid == os.getuid() and info.st_mode & 0o077 and not os.path.islink(path):
            os.chmod(path, store.PRIVATE_FILE)
    except OSError:
        pass


def _no_link(path: Path) -> None:
    """A lock file is never a link: one planted there is removed, so that
    opening the lock cannot create or touch the file it points at."""
    if path.is_symlink():
        path.unlink()


def _locks_the_file(lock: filelock.BaseFileLock, path: Path) -> bool:
    """Whether the file ``lock`` holds is still the one named ``path``."""
    fd = getattr(getattr(lock, "_context", None), "lock_file_fd", None)
    if fd is None:
        return True  # nothing to compare with: as filelock took it
    try:
        held, named = os.fstat(fd), os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    return (held.st_dev, held.st_ino) == (named.st_dev, named.st_ino)


def backup_problem(path: Path) -> str | None:
    """Why a save's backup (``<save>.bak``, the file before the last save)
    is not opened to play or host: it is the same game as its save, and
    played apart it would write backups of its own while the save's next
    write replaced it.  Watching it and replaying it write nothing."""
    name = Path(path).name
    if not name.endswith(".bak") or name == ".bak":
        return None
    save = name[:-len(".bak")]
    return (f"it is the backup of {save} (that game as it was one save before), so it is that game: open "
            f"{save} itself, which offers to play on from this backup when it is broken; skirmish watch FILE "
            f"shows the backup, and a copy of it named to end in .json is a game of its own")


def link_problem(path: Path) -> str | None:
    """Why a symbolic link is not opened to play (None: ``path`` is no
    link): the game is opened under its own name only, the file the link
    points at (shown as every path is: ``saves.places``)."""
    from saves.places import shown_folder

    if not os.path.islink(path):
        return None
    try:
        target = os.path.join(os.path.dirname(os.path.abspath(path)), os.readlink(path))
    except OSError:
        return "it is a link: open the file it points at itself"
    return (f"it is a link to {shown_folder(os.path.normpath(target))}: open that file itself (under two "
            "names one game could be played twice at once)")


def _one_name(path: Path) -> None:
    """A game is opened only under its one name: the lock is taken beside
    the name, so a link (symbolic or hard) to a save open elsewhere would
    let a second Skirmish play the same game apart (and the first save
    through the other name, a new file moved into place, splits it in two)."""
    try:
        info = os.lstat(path)
    except OSError:
        return  # a new game's file, or one that cannot be read (said when it is loaded)
    problem = backup_problem(path)
    if problem:
        raise store.SaveError(path, problem)
    problem = link_problem(path)
    if problem:
        raise store.SaveError(path, problem)
    # The backup is made as a second name of the file before each save
    # (store._keep_backup), and a save cut short leaves it so: those names
    # are the game's own.
    own = [path.with_name(path.name + ".bak"), *path.parent.glob(f".{path.name}.bak.*.tmp")]
    ours = sum(1 for name in own if _same_file(name, info))
    if info.st_nlink > 1 + ours:
        raise store.SaveError(path, f"it has {info.st_nlink - ours} names (hard links): open it under one name "
                                    "only, once the others are removed (under two names one game could be "
                                    "played twice at once)")


def _same_file(name: Path, info: os.stat_result) -> bool:
    try:
        other = os.lstat(name)
    except OSError:
        return False
    return (other.st_dev, other.st_ino) == (info.st_dev, info.st_ino)


def _played(path: Path) -> tuple[int, str] | None:
    """How many orders the save at ``path`` holds and the ``saved_at`` it
    records (the time of last play the Load list shows, never later than
    the file's time: ``listing.save_date``); None when there is no such
    readable save."""
    from saves.checks import SaveError, parse_json, read_bytes
    from saves.listing import save_date

    try:
        data = parse_json(path, read_bytes(path))
    except (SaveError, OSError):
        return None
    orders = data.get("orders") if isinstance(data, dict) else None
    when = save_date(path)
    if not isinstance(orders, list) or when is None:
        return None
    return len(orders), when.isoformat(timespec="seconds")


class GameSession:
    """An open game: holds the lock until :meth:`close`."""

    def __init__(self, path: Path, lock: filelock.BaseFileLock):
        self.path = path
        self._lock = lock
        # (orders, saved_at) of the game as it was on disk when opened (read
        # at the first save), kept by every save until an order is played.
        self._kept: tuple[int, str] | None = None
        self._read = False

    @classmethod
    def open(cls, path: Path, any_name: bool = False, to_write: bool = True) -> GameSession:
        """Take the game's lock.  Raises GameLocked naming the holder, or
        SaveError when the folder cannot be used or (unless ``any_name``:
        to remove that name) the save has another name, or SaveReadOnly
        when the save is read-only, before anything is written beside it
        (unless not ``to_write``: a finished game shown for its result, or
        a save removed at its player's asking)."""
        path = Path(path)
        problem = store.not_a_folder(path.parent)
        if problem:
            raise store.SaveError(path, f"cannot lock the game: its folder {problem}")
        if to_write and store.read_only(path):
            raise store.SaveReadOnly(path)
        if not any_name:
            _one_name(path)
        try:
            store.make_private_dirs(path.parent)
            _no_link(lock_path(path))
            for _ in range(5):
                lock = filelock.FileLock(str(lock_path(path)), timeout=0, mode=store.PRIVATE_FILE,
                                         thread_local=False)
                lock.acquire()
                if _locks_the_file(lock, lock_path(path)):
                    break
                # The holder removed the lock file as it let go (see close):
                # the lock taken is on a file nobody else can find any more.
                lock.release(force=True)
            else:
                raise store.SaveError(path, "cannot lock the game (its lock file kept changing)")
            _private(lock_path(path))
        except filelock.Timeout:
            raise store.GameLocked(path, _holder_text(path)) from None
        except OSError as exc:
            if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
                # Taking the lock writes beside the save: a read-only folder
                # cannot hold one, though a game saved there can still be watched.
                watch = "; skirmish watch FILE shows it without writing anything" if path.is_file() else ""
                raise store.SaveError(path, f"cannot lock the game: its folder cannot be written "
                                            f"({exc.strerror or exc}){watch}") from exc
            raise store.SaveError(path, f"cannot lock the game ({exc.strerror or exc})") from exc
        info = {
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "started": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        }
        staging = path.with_name(f".{owner_path(path).name}.{os.getpid()}.tmp")
        try:
            # A new file moved into place: a link planted as the owner file
            # is replaced, never written through (it once overwrote a save).
            store.write_new_file(staging, json.dumps(info).encode("utf-8"), sync=False)
            os.replace(staging, owner_path(path))
        except OSError:
            staging.unlink(missing_ok=True)  # the lock still works; only the holder's name is lost
        return cls(path, lock)

    @property
    def is_open(self) -> bool:
        return self._lock.is_locked

    def load(self) -> Game:
        return store.load_game(self.path)

    def load_with_pending(self) -> tuple[Game, dict]:
        return store.load_with_pending(self.path)

    def save(self, game: Game, pending: dict[str, Any] | None = None,
             seats: tuple[str, str] | None = None, saved_at: str | None = None) -> None:
        """Write ``game``.  Its ``saved_at`` is when the game was last
        played: a save opened and left with no order played in between
        (one restored from its backup, say) keeps the time its file records;
        a copy passes the time of the game it copies as ``saved_at``, and
        keeps it the same way; once an order is played (or taken back), every
        save is stamped now."""
        if not self.is_open:
            raise store.SaveError(self.path, "the game was closed; open it again to save")
        if not self._read:
            self._read, self._kept = True, _played(self.path)
        if saved_at is not None:
            self._kept = (len(game.orders), saved_at)
        elif self._kept is not None and self._kept[0] == len(game.orders):
            saved_at = self._kept[1]
        else:
            self._kept = None  # played in this session: now on, the time of each save
        store.save_game(game, self.path, pending, seats, saved_at=saved_at)

    def close(self) -> None:
        if self._lock.is_locked:
            # The lock file goes too, while still held (filelock leaves it in
            # place): no ``.lock`` is left beside a game nobody has open.  A
            # process that opened the old file before it went finds, once it
            # holds it, that the name is no longer that file (open() above).
            for leftover in (owner_path(self.path), lock_path(self.path)):
                try:
                    leftover.unlink(missing_ok=True)
                except OSError:
                    pass
            self._lock.release(force=True)

    def __enter__(self) -> GameSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:  # a forgotten session still lets go
        try:
            self.close()
        except Exception:
            pass


def open_elsewhere(path: Path) -> store.GameLocked | None:
    """Whether some Skirmish holds the game at ``path`` now: its
    GameLocked (naming the holder), else None.  Asked before a question
    whose yes would be refused (``d`` in Load), by taking the lock and
    letting it go at once; a lock that cannot be taken for another reason
    (a read-only folder) is left for the action itself to report."""
    try:
        GameSession.open(Path(path), any_name=True, to_write=False).close()
    except store.GameLocked as exc:
        return exc
    except store.SaveError:
        return None
    return None


def delete_save(path: Path) -> None:
    """Remove a save for good, with its backup (``<save>.bak``), at its
    player's asking.  Taken under the game's lock, so a game open in some
    process is never removed from under it: raises GameLocked naming the
    holder (or SaveError when the file cannot be removed); the file is then
    left as it was.  A link planted as the save is removed, never followed."""
    path = Path(path)
    with GameSession.open(path, any_name=True, to_write=False):
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise store.SaveError(path, f"cannot remove it ({exc.strerror or exc})") from exc
        try:
            path.with_name(path.name + ".bak").unlink(missing_ok=True)
        except OSError:
            pass  # the game is gone from the list; a backup left behind is never listed


def aside_path(path: Path) -> Path:
    """A name no file has, beside ``path``, for a broken save set aside
    (``<save>.broken``, then ``<save>.broken-2``…): not a ``.json``, so
    never listed as a save."""
    candidate, count = path.with_name(path.name + ".broken"), 2
    while os.path.lexists(candidate):
        candidate = path.with_name(f"{path.name}.broken-{count}")
        count += 1
    return candidate


def restore_backup(path: Path) -> Path:
    """A broken save's backup (``<save>.bak``, which must load) becomes the
    save again; the broken file is kept beside it (``aside_path``) and the
    backup stays.  Taken under the game's lock; nothing is removed.
    Returns where the broken file was kept.  Raises SaveError (the files
    are then as they were, but for a second name of the broken file).
    A read-only broken save is never put back over (``SaveReadOnly``, in
    words that say what does work: ``play_backup_copy``)."""
    path = Path(path)
    if store.read_only(path):
        raise store.SaveError(path, "it is read-only (its write permission is off), so Skirmish does not put "
                                    "its backup back over it: Load offers to play on from the backup in a copy, "
                                    "or to watch the backup")
    backup = path.with_name(path.name + ".bak")
    blob = store.read_bytes(backup)
    store.load_blob(str(backup), blob)  # it must open: refused here, nothing moved
    with GameSession.open(path, any_name=True):
        aside = aside_path(path)
        temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            try:
                os.link(path, aside, follow_symlinks=False)  # never over a file of that name
            except OSError:
                store.write_new_file(aside, store.read_bytes(path))  # a folder that takes no links
            store.write_new_file(temp, blob)
            os.replace(temp, path)
            store._fsync_dir(path.parent)
        except OSError as exc:
            temp.unlink(missing_ok=True)
            raise store.SaveError(path, f"cannot put the backup back ({exc.strerror or exc})") from exc
    return aside
