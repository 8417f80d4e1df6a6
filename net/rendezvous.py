"""Where a hosted game's socket lives, and the join code that finds it.

The code is 100 random bits in words of base-32 letters (``secrets``).  The
socket sits in a folder named by a hash of the code, inside a meeting place
that others may enter and write into but not list (mode 1733, like /tmp
without read).  That does not hide a live socket (on most kernels every
account can read its path in /proc/net/unix), so the code itself never travels: host and
joiner each prove they hold it (:mod:`net.proof`), and a joiner
refuses a socket of another account than the one that first hosted the
game.  A host that finds its game's folder made by another account is told
who, and what to do (:func:`held_by_another`).  The meeting place is ``$SKIRMISH_RENDEZVOUS`` or ``/tmp/skirmish-games``; two
accounts playing each other must use the same one, made by root (its
owner could see and replace what is in it).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import stat
from pathlib import Path

ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: read aloud or typed
CODE_WORDS = 4
WORD = 5


class RendezvousError(OSError):
    """The meeting place is missing, unsafe, or the game is not there."""


def new_code() -> str:
    words = ["".join(secrets.choice(ALPHABET) for _ in range(WORD)) for _ in range(CODE_WORDS)]
    return "-".join(words)


def normal_code(text: str) -> str | None:
    """The code as typed, tidied (case, spaces), or None if it cannot be one."""
    code = text.strip().lower().replace(" ", "-")
    words = code.split("-")
    if len(words) != CODE_WORDS or any(len(w) != WORD or set(w) - set(ALPHABET) for w in words):
        return None
    return code


def same_code(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


def meeting_place() -> Path:
    return Path(os.environ.get("SKIRMISH_RENDEZVOUS") or "/tmp/skirmish-games")


def _folder_name(code: str) -> str:
    return hashlib.sha256(b"skirmish-rendezvous:" + code.encode()).hexdigest()[:40]


HOW_TO_SHARE = ("for two accounts, have an administrator make it once: "
                "install -d -m 1733 -o root {place}")


def _check_place(place: Path) -> None:
    """The meeting place must be ours or root's (its owner could list it and
    put a false game in another's place), not listable, and sticky if
    others may write in it."""
    info = place.lstat()
    if not stat.S_ISDIR(info.st_mode):
        raise RendezvousError(f"{place} is not a folder")
    if info.st_uid not in (0, os.getuid()):
        raise RendezvousError(f"{place} belongs to another account: refusing to meet there; "
                              + HOW_TO_SHARE.format(place=place))
    if info.st_mode & (stat.S_IRGRP | stat.S_IROTH):
        raise RendezvousError(f"{place} can be listed by others: refusing to meet there")
    if info.st_mode & stat.S_IWOTH and not info.st_mode & stat.S_ISVTX:
        raise RendezvousError(f"{place} lets anyone delete what is in it: refusing to meet there")


def ensure_place() -> Path:
    place = meeting_place()
    try:
        place.mkdir(mode=0o700)
        os.chmod(place, 0o1733)
    except FileExistsError:
        pass
    _check_place(place)
    return place


def account_name(uid: int) -> str:
    """``name (uid N)``, or ``uid N`` for an account with no name."""
    import pwd

    try:
        return f"{pwd.getpwuid(uid).pw_name} (uid {uid})"
    except KeyError:
        return f"uid {uid}"


def held_by_another(folder: Path, uid: int) -> str:
    """Why a game cannot be hosted where another account made its folder."""
    return (f"someone else holds this game's folder: the account {account_name(uid)} made {folder}, "
            "so it may be posing as this game's host (a joiner who joined before refuses it). "
            f"Ask an administrator to remove that folder (rm -r {folder}), then host the save again; "
            "or host a new game, which gets a new code")


def socket_path(code: str, create: bool = False) -> Path:
    """The socket of the game with ``code`` (its folder made when ``create``)."""
    if create:
        folder = ensure_place() / _folder_name(code)
        try:
            folder.mkdir(mode=0o700)
        except FileExistsError:
            info = folder.lstat()
            if info.st_uid != os.getuid() or not stat.S_ISDIR(info.st_mode):
                raise RendezvousError(held_by_another(folder, info.st_uid)) from None
        os.chmod(folder, 0o711)  # others may pass through to the socket, not list
        return folder / "game.sock"
    place = meeting_place()
    try:
        _check_place(place)
    except FileNotFoundError:
        pass  # nobody hosts yet: connecting will say so
    return place / _folder_name(code) / "game.sock"


def remove_socket(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass
    try:
        path.parent.rmdir()
    except OSError:
        pass
