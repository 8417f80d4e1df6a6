"""One process per game: a lock file next to the save.

The lock is ``<save>.lock`` (an OS file lock through ``filelock``, so the
operating system drops it when the holding process dies).  The holder
writes who it is into ``<save>.owner`` so that a second process can say
who has the game open.
"""

from __future__ import annotations

import datetime
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
        info = json.loads(owner_path(path).read_text(encoding="utf-8"))
        return f"process {int(info['pid'])} on {str(info['host'])[:64]}, since {str(info['started'])[:32]}"
    except (OSError, ValueError, KeyError, TypeError):
        return "another process; it did not say which"


class GameSession:
    """An open game: holds the lock until :meth:`close`."""

    def __init__(self, path: Path, lock: filelock.BaseFileLock):
        self.path = path
        self._lock = lock

    @classmethod
    def open(cls, path: Path) -> GameSession:
        """Take the game's lock.  Raises GameLocked naming the holder, or
        SaveError when the folder cannot be used."""
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            lock = filelock.FileLock(str(lock_path(path)), timeout=0, thread_local=False)
            lock.acquire()
        except filelock.Timeout:
            raise store.GameLocked(path, _holder_text(path)) from None
        except OSError as exc:
            raise store.SaveError(path, f"cannot lock the game ({exc.strerror or exc})") from exc
        info = {
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "started": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        }
        try:
            owner_path(path).write_text(json.dumps(info), encoding="utf-8")
        except OSError:
            pass  # the lock still works; only the name of the holder is lost
        return cls(path, lock)

    @property
    def is_open(self) -> bool:
        return self._lock.is_locked

    def load(self) -> Game:
        return store.load_game(self.path)

    def load_with_pending(self) -> tuple[Game, dict]:
        return store.load_with_pending(self.path)

    def save(self, game: Game, pending: dict[str, Any] | None = None,
             seats: tuple[str, str] | None = None) -> None:
        if not self.is_open:
            raise store.SaveError(self.path, "the game was closed; open it again to save")
        store.save_game(game, self.path, pending, seats)

    def close(self) -> None:
        if self._lock.is_locked:
            try:
                owner_path(self.path).unlink(missing_ok=True)
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
