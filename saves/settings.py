"""What the new-game form remembers between runs: the last ruleset, each
ruleset's last options and battlefield (by name), who played each side (a
person or the computer and its level) and the players' names.

One small JSON file, ``settings/new-game.json`` in the data folder
(``store.data_dir()``): written atomically (a new file, then a rename),
mode 0600 in a folder of mode 0700.  Reading never raises: a missing,
broken, foreign or older file gives no remembered values, and anything
in it that does not fit (an unknown ruleset, options the ruleset refuses)
is left out one value at a time.

Through a door (the shared SSH account, the web door) one account runs
every player's Skirmish: there each player's settings are kept apart, in
``settings/players/<hash of the player's identity>/`` (``keep_for_player``),
never shared with another player.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path
from typing import Any

import attrs

from saves.private import make_private_dirs

VERSION = 1
MAX_BYTES = 64 * 1024
FILE_NAME = "new-game.json"
SEAT_KINDS = ("human", "easy", "normal", "hard")


@attrs.frozen
class Remembered:
    """The form's defaults; ``options`` maps a ruleset name to its options,
    ``battlefields`` to the name of the battlefield it was last started on."""

    ruleset: str | None = None
    players: tuple[str, str] | None = None
    seats: tuple[str, str] | None = None
    options: dict = attrs.field(factory=dict)
    battlefields: dict = attrs.field(factory=dict)


# The door player whose settings these are ("": this account's own).
_player = ""


def keep_for_player(identity: str) -> None:
    """From now on this process reads and writes ``identity``'s settings
    (the door's ``key:SHA256:...`` or ``guest:...``), apart from every
    other player's and from the account's own; "" goes back to those."""
    global _player
    _player = identity


def settings_path() -> Path:
    from saves.store import data_dir

    folder = data_dir() / "settings"
    if _player:  # a hash: an identity may hold characters a file name may not
        folder = folder / "players" / hashlib.sha256(_player.encode("utf-8")).hexdigest()[:32]
    return folder / FILE_NAME


def _read(path: Path) -> Any:
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    with open(fd, "rb", closefd=True) as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # a folder, a pipe, a device: not settings
            return None
        blob = handle.read(MAX_BYTES + 1)
    if blob is None or len(blob) > MAX_BYTES:
        return None
    return json.loads(blob.decode("utf-8"), parse_constant=lambda name: None)


def _pair(value: Any, allowed: tuple[str, ...] | None = None) -> tuple[str, str] | None:
    if not isinstance(value, list) or len(value) != 2 or not all(isinstance(v, str) for v in value):
        return None
    if allowed is not None and not all(v in allowed for v in value):
        return None
    return (value[0], value[1])


def _options(name: str, raw: Any) -> Any:
    """``raw`` as ``name``'s options, or None if it does not fit."""
    from core.options import option_problem
    from core.registry import find_ruleset
    from saves.convert import converter_for, structure

    try:
        rules = find_ruleset(name)
        options = structure(converter_for(rules), raw, rules.options_type, "$")
    except Exception:  # an unknown ruleset, a changed options class: forget it
        return None
    return None if option_problem(options) else options


def load_settings() -> Remembered:
    """The remembered defaults (empty when there are none or they are broken)."""
    from saves.store import safe_name

    try:
        data = _read(settings_path())
    except Exception:  # missing, unreadable, not JSON, not UTF-8: nothing remembered
        return Remembered()
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return Remembered()
    ruleset = data.get("ruleset") if isinstance(data.get("ruleset"), str) else None
    players = _pair(data.get("players"))
    if players is not None:
        players = (safe_name(players[0]), safe_name(players[1]))
    options = {}
    raw = data.get("options")
    if isinstance(raw, dict):
        for name, value in raw.items():
            found = _options(name, value) if isinstance(name, str) else None
            if found is not None:
                options[name] = found
    grounds = data.get("battlefields")
    battlefields = {name: value for name, value in grounds.items()
                    if isinstance(name, str) and isinstance(value, str)} if isinstance(grounds, dict) else {}
    return Remembered(ruleset, players, _pair(data.get("seats"), SEAT_KINDS), options, battlefields)


def _write_atomically(path: Path, blob: bytes) -> None:
    folder = path.parent
    make_private_dirs(folder)  # missing parents 0700 too (mkdir's parents= ignores mode)
    os.chmod(folder, 0o700)
    temp = folder / f".{path.name}.{os.getpid()}.tmp"
    try:
        os.unlink(temp)
    except FileNotFoundError:
        pass
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(temp, flags, 0o600)
        with open(fd, "wb", closefd=True) as handle:
            handle.write(blob)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except OSError:
        temp.unlink(missing_ok=True)
        raise


def remember(ruleset: Any, options: Any, players: tuple[str, str] | None, seats: tuple[str, str] | None,
             battlefield: str | None = None) -> str | None:
    """Keep this form's choices as the next defaults (the other rulesets'
    options and battlefields stay as they were; ``players`` or ``seats``
    None: those remembered stay, as the server's form has neither).  ``battlefield`` is the
    name of a battlefield from the library, None for any other ground (an
    Optio map or pre-game), which is not remembered.  Returns a problem
    sentence, or None."""
    from saves.convert import converter_for, unstructure

    before = load_settings()
    try:
        kept = {name: unstructure(converter_for(_rules(name)), value) for name, value in before.options.items()
                if name != ruleset.name}
        kept[ruleset.name] = unstructure(converter_for(ruleset), options)
        grounds = dict(before.battlefields)
        if battlefield is not None:
            grounds[ruleset.name] = battlefield
        data: dict[str, Any] = {"version": VERSION, "ruleset": ruleset.name, "options": kept,
                                "battlefields": grounds}
        players = players if players is not None else before.players
        seats = seats if seats is not None else before.seats
        if players is not None:
            data["players"] = list(players)
        if seats is not None:
            data["seats"] = [s if s in SEAT_KINDS else "human" for s in seats]
        blob = (json.dumps(data, indent=1, sort_keys=True, allow_nan=False) + "\n").encode("utf-8")
        _write_atomically(settings_path(), blob)
    except (OSError, TypeError, ValueError) as exc:
        return f"The form's choices could not be remembered ({getattr(exc, 'strerror', None) or exc})."
    return None


PACE_FILE = "pace.json"


def load_pace(allowed: tuple[str, ...]) -> str | None:
    """The pace at which the other side's moves were last shown (one of
    ``allowed``), or None when none is remembered or the file is unusable."""
    try:
        data = _read(settings_path().with_name(PACE_FILE))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return None
    pace = data.get("pace")
    return pace if isinstance(pace, str) and pace in allowed else None


def remember_pace(pace: str) -> str | None:
    """Keep ``pace`` for the next game and the next start.  Returns a problem
    sentence, or None."""
    blob = (json.dumps({"version": VERSION, "pace": pace}) + "\n").encode("utf-8")
    try:
        _write_atomically(settings_path().with_name(PACE_FILE), blob)
    except OSError as exc:
        return f"The pace could not be remembered ({exc.strerror or exc})."
    return None


def _rules(name: str) -> Any:
    from core.registry import find_ruleset

    return find_ruleset(name)
