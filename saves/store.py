"""Games as JSON files in the save folder: where they live, writing, and
loading (listing is ``saves.listing``'s, locking ``saves.session``'s).

Loading runs its checks in a fixed order and stops at the first failure:

1. size cap, 2. strict JSON: no NaN/Infinity, no duplicate keys, limited
nesting, list lengths and number of values (these two are ``saves.checks``),
3. format version (with migrations of the raw data), 4. strict
structuring into the game's types, 5. the ruleset's own option checks,
6. replaying every order from the start, 7. comparing the replayed state
with the snapshot in the file.

Every failure is a :class:`SaveError` whose message names the file and the
problem; a failed load never touches the file.  See ``docs/save-format.md``.
"""

from __future__ import annotations

import datetime
import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
import platformdirs

import core
from core.board import Battlefield
from core.game import Game, ReplayError, replay
from core.options import option_problem
from core.registry import find_ruleset, rulesets
from saves import checks
from saves.checks import (
    MAX_BYTES,
    MAX_DEPTH,
    MAX_NAME,
    MAX_ORDERS,
    SaveError,
    capped,
    orders_problem,
    parse_json,
    players_problem,
    read_bytes,
)
from saves.convert import (
    PLAIN,
    StructureError,
    converter_for,
    first_difference,
    held_only,
    orders_to_text,
    structure,
    unstructure,
)
from saves.private import PRIVATE_FILE, make_private_dirs  # folders 0700, files 0600, whatever the umask

FORMAT_VERSION = 2

# Migrations on the raw dict: MIGRATIONS[n] turns a version-n save into a
# version-(n + 1) save.  Add one whenever FORMAT_VERSION goes up.
MIGRATIONS: dict[int, Callable[[dict], dict]] = {}

# Who sat at each side: a person, or the computer at a level (core.ai).
SEAT_KINDS = ("human", "easy", "normal", "hard")
PEOPLE = ("human", "human")


def _add_seats(raw: dict) -> dict:
    """Format 1 did not say who played: every game then was two people."""
    raw.setdefault("seats", list(PEOPLE))
    return raw


MIGRATIONS[1] = _add_seats


class GameLocked(SaveError):
    """Another Skirmish process has this game open."""

    def __init__(self, path: Path | str, holder: str):
        super().__init__(path, f"this game is already open in another Skirmish ({holder})")
        self.holder = holder


class SaveReadOnly(SaveError):
    """The save is read-only (its write permission is off): how a player
    keeps a game as it is.  Skirmish never writes over it."""

    def __init__(self, path: Path | str):
        super().__init__(path, "it is read-only (its write permission is off), so Skirmish does not write "
                               "over it: skirmish watch FILE shows it, and Load or skirmish load FILE offers "
                               "to play on in a copy")


def read_only(path: Path) -> bool:
    """Whether ``path`` is a file its owner made read-only, or one this
    account may not write (the owner's write bit is checked too: root
    may write anything, and a read-only bit still means "keep it")."""
    import stat

    try:
        info = os.stat(path)
    except OSError:
        return False
    if not stat.S_ISREG(info.st_mode):
        return False
    if not info.st_mode & stat.S_IWUSR:
        return True
    if os.access(path, os.W_OK):
        return False
    try:  # a read-only disk: its folder cannot be written either, which is said of the folder
        return not os.statvfs(path).f_flag & os.ST_RDONLY
    except OSError:
        return True


# -- where saves live ---------------------------------------------------------


def data_dir() -> Path:
    """``$SKIRMISH_DATA_DIR`` if set, else the platform's user data folder."""
    override = os.environ.get("SKIRMISH_DATA_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("skirmish"))


def saves_dir() -> Path:
    return data_dir() / "saves"


def not_a_folder(folder: Path) -> str | None:
    """Why no save can be kept in ``folder`` because it, or a folder on
    the way to it, is something else than a folder (a file), said of the
    folder without its subject ("is a file, …"); None when nothing in its
    way is.  Without the whole path: callers name the folder, as the game
    shows it."""
    folder = Path(folder)
    for each in (folder, *folder.parents):
        if os.path.lexists(each) and not each.is_dir():
            if each == folder:
                return ("is a file, not a folder, so no game can be saved or found there "
                        "(move that file away and Skirmish makes the folder)")
            return (f"is out of reach: {each.name!r}, on the way to it, is a file, not a folder, so no game "
                    "can be saved or found there")
    return None


def tighten(root: Path | None = None) -> int:
    """What an older Skirmish left readable by other accounts in the data
    folder becomes this account's alone (called when the app starts)."""
    from saves import private

    return private.tighten(Path(root) if root is not None else data_dir())


def safe_name(text: str, empty: str = "Player") -> str:
    """A player's name as every screen may show it: control and format
    characters (escape sequences, bidi overrides, newlines) dropped, the
    square brackets of console markup turned into round ones, at most
    ``MAX_NAME`` characters, never empty (``empty`` when nothing is left)."""
    import unicodedata

    kept = "".join(" " if ch in "\t\n\r" else ch for ch in str(text)
                   if ch in "\t\n\r" or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn"))
    kept = " ".join(kept.replace("[", "(").replace("]", ")").split())
    return kept[:MAX_NAME].strip() or empty


def _slug(text: str, limit: int = 24) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug[:limit].strip("-") or "x"


def new_save_path(game: Game, directory: Path | None = None) -> Path:
    """A fresh file name made from the ruleset, the players and the time
    (only ``a-z 0-9 -``), never from anything read out of a save."""
    folder = directory or saves_dir()
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    base = f"{_slug(game.ruleset_name)}-{_slug(game.players[0], 12)}-vs-{_slug(game.players[1], 12)}-{stamp}"
    candidate = folder / f"{base}.json"
    counter = 2
    while candidate.exists() or candidate.with_name(candidate.name + ".lock").exists():
        candidate = folder / f"{base}-{counter}.json"
        counter += 1
    return candidate


# -- the file's top level -----------------------------------------------------


@attrs.frozen
class SaveFile:
    """The top level of a save, with the ruleset-specific parts left raw."""

    format_version: int
    game_version: str
    ruleset: str
    options: dict[str, Any]
    battlefield: Any  # an object, or the name of a shipped battlefield (checked below)
    seed: int
    players: tuple[str, str]
    orders: tuple[str, ...]
    snapshot: dict[str, Any] | None
    saved_at: str = ""
    pending: dict[str, Any] = attrs.field(factory=dict)
    seats: tuple[str, str] = PEOPLE


def game_to_data(game: Game, pending: dict | None = None, seats: tuple[str, str] | None = None,
                 order_texts: list[str] | None = None, snapshot: bool = True, saved_at: str | None = None) -> dict:
    """The JSON data of a save of ``game`` (``order_texts``: its orders'
    texts, when the caller keeps them already; without ``snapshot`` the
    state is left out, and loading replays the orders without comparing;
    ``saved_at``: when the game was last played, if not now, as a copy of
    a save keeps its game's time)."""
    conv = converter_for(game.ruleset)
    return {
        "format_version": FORMAT_VERSION,
        "game_version": core.__version__,
        "ruleset": game.ruleset_name,
        "options": unstructure(conv, game.options),
        "battlefield": unstructure(PLAIN, game.battlefield),
        "seed": game.seed,
        "players": list(game.players),
        "orders": orders_to_text(game.orders) if order_texts is None else list(order_texts),
        "snapshot": unstructure(conv, game.state) if snapshot else None,
        "saved_at": saved_at or datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "pending": json.loads(json.dumps(pending or {}, allow_nan=False)),
        "seats": list(_checked_seats(seats or PEOPLE)),
    }


def _checked_seats(seats) -> tuple[str, str]:
    seats = tuple(seats)
    if len(seats) != 2 or any(s not in SEAT_KINDS for s in seats):
        raise ValueError(f"seats must be two of {', '.join(SEAT_KINDS)}, not {list(seats)}")
    return seats


# -- writing ------------------------------------------------------------------


def _format_save(data: dict) -> str:
    """One top-level key a line, one order a line, the rest compact: small
    diffs, and easy to read or write by hand."""

    def dump(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(", ", ": "))

    lines = []
    for key, value in data.items():
        if key == "orders" and value:
            body = ",\n".join(f"  {dump(order)}" for order in value)
            lines.append(f' {dump(key)}: [\n{body}\n ]')
        else:
            lines.append(f" {dump(key)}: {dump(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # some systems cannot open a folder; the data itself is synced
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)


def write_new_file(path: Path, blob: bytes, sync: bool = True) -> None:
    """Write ``blob`` to ``path`` as a brand-new file: whatever had that
    name (a leftover, or a symbolic link planted there) is removed first,
    and the file is created exclusively without following links, so
    nothing is ever written through a link.  For temporary names only:
    the real name is then reached by ``os.replace``, which replaces a
    link rather than writing to its target."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    fd = os.open(path, _NEW_FILE, PRIVATE_FILE)
    with open(fd, "wb", closefd=True) as handle:
        os.fchmod(fd, PRIVATE_FILE)  # exactly 0600, whatever the umask
        handle.write(blob)
        handle.flush()
        if sync:
            os.fsync(handle.fileno())


def _keep_backup(path: Path) -> None:
    """Keep the current file as ``<name>.bak`` without ever removing ``path``."""
    if not path.is_file() or path.is_symlink():
        return
    backup = path.with_name(path.name + ".bak")
    staging = path.with_name(f".{path.name}.bak.{os.getpid()}.tmp")
    try:
        try:
            os.unlink(staging)
        except FileNotFoundError:
            pass
        try:
            os.link(path, staging)
            if os.stat(staging).st_mode & 0o077:  # a file an older Skirmish made 0644
                os.chmod(staging, PRIVATE_FILE)
        except OSError:
            write_new_file(staging, path.read_bytes(), sync=False)
        os.replace(staging, backup)
    except OSError:
        staging.unlink(missing_ok=True)


def save_game(game: Game, path: Path, pending: dict | None = None, seats: tuple[str, str] | None = None,
              saved_at: str | None = None) -> None:
    """Write ``game`` to ``path`` atomically; the previous file stays as
    ``<name>.bak``.  ``seats``: who plays each side (default two people);
    ``saved_at``: when it was last played (default now).
    Raises SaveError if it cannot be written."""
    path = Path(path)
    try:
        data = game_to_data(game, pending, seats, saved_at=saved_at)
        blob = _format_save(data).encode("utf-8")
    except (TypeError, ValueError) as exc:
        raise SaveError(path, f"the game could not be written as JSON ({exc})") from exc
    if len(game.orders) > checks.MAX_ORDERS:
        raise SaveError(path, f"the game has {len(game.orders)} orders, more than the {checks.MAX_ORDERS} a save "
                              "may hold")
    if len(blob) > checks.MAX_BYTES:
        raise SaveError(path, f"the save would be {len(blob)} bytes, more than the {checks.MAX_BYTES} a save may "
                              "hold")
    problem = not_a_folder(path.parent)
    if problem:
        raise SaveError(path, f"could not write the save: its folder {problem}")
    if read_only(path):  # replacing it would get past its permission: never done
        raise SaveReadOnly(path)
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        make_private_dirs(path.parent)
        write_new_file(temp, blob)
        _keep_backup(path)
        os.replace(temp, path)
        _fsync_dir(path.parent)
    except OSError as exc:
        temp.unlink(missing_ok=True)
        raise SaveError(path, f"could not write the save ({exc.strerror or exc})") from exc


# -- reading ------------------------------------------------------------------


def _migrate(path: Path, data: Any) -> dict:
    if not isinstance(data, dict):
        raise SaveError(path, "a save is a JSON object at the top level")
    version = data.get("format_version")
    if type(version) is not int:
        raise SaveError(path, "format_version is missing or not a whole number, so this is not a Skirmish save")
    if version > FORMAT_VERSION:
        shown = str(version) if version < 10**9 else "a number too large to be real"
        raise SaveError(
            path,
            f"this save was made by a newer Skirmish (save format {shown}; this Skirmish "
            f"{core.__version__} reads up to format {FORMAT_VERSION}). Update Skirmish to open it.",
        )
    if version < 1:
        shown = str(version) if version > -10**9 else "(a large negative number)"
        raise SaveError(path, f"format_version {shown} is not a save format Skirmish ever wrote")
    while version < FORMAT_VERSION:
        data = MIGRATIONS[version](dict(data))
        version += 1
        data["format_version"] = version
    return data


@attrs.frozen
class _Loaded:
    game: Game
    pending: dict
    saved_at: str
    seats: tuple[str, str] = PEOPLE


def _load(path: Path, blob: bytes | None = None) -> _Loaded:
    path = Path(path)
    data = _migrate(path, parse_json(path, read_bytes(path) if blob is None else blob))
    try:
        envelope = structure(PLAIN, data, SaveFile, "$")
    except StructureError as exc:
        raise SaveError(path, f"the save is not laid out right: {exc}") from None
    if any(seat not in SEAT_KINDS for seat in envelope.seats):
        raise SaveError(path, f"the save is not laid out right: seats must each be one of "
                              f"{', '.join(SEAT_KINDS)} @ $.seats")
    try:
        rules = find_ruleset(envelope.ruleset)
    except KeyError:
        known = ", ".join(r.name for r in rulesets()) or "none"
        raise SaveError(
            path, f"it is a game of {capped(envelope.ruleset, 60)!r}, a ruleset this Skirmish does not have (it has: {known})"
        ) from None
    problem = orders_problem(envelope.orders) or players_problem(envelope.players)
    if problem:
        raise SaveError(path, problem)
    conv = converter_for(rules)
    # Names are shown on every screen: made safe for display here, the same
    # way in the players and in the snapshot, so the replay still matches;
    # a side with no name is named as a new game names it ("Player 2").
    players = tuple(safe_name(name, f"Player {side + 1}") for side, name in enumerate(envelope.players))
    if players != envelope.players:
        envelope = attrs.evolve(envelope, players=players)
        if isinstance(envelope.snapshot, dict) and isinstance(envelope.snapshot.get("players"), list):
            names = envelope.snapshot["players"]
            envelope = attrs.evolve(envelope, snapshot=dict(envelope.snapshot, players=[
                safe_name(n, f"Player {side + 1}") if isinstance(n, str) else n for side, n in enumerate(names)]))
    try:
        options = structure(conv, envelope.options, rules.options_type, "$.options")
        if isinstance(envelope.battlefield, str):
            from saves.library import battlefield_named

            try:
                battlefield = battlefield_named(envelope.battlefield)
            except KeyError as exc:
                raise StructureError(f"{exc.args[0]} @ $.battlefield") from None
        elif isinstance(envelope.battlefield, dict):
            battlefield = structure(PLAIN, envelope.battlefield, Battlefield, "$.battlefield")
        else:
            raise StructureError("expected an object or the name of a shipped battlefield @ $.battlefield")
        snapshot = (
            None if envelope.snapshot is None else structure(conv, envelope.snapshot, rules.state_type, "$.snapshot")
        )
    except StructureError as exc:
        raise SaveError(path, f"the save is not laid out right: {exc}") from None
    from core.battlefield_text import battlefield_problem

    problem = battlefield_problem(battlefield)
    if problem:
        raise SaveError(path, f"its battlefield cannot be played: {problem}")
    problem = option_problem(options) or rules.check_options(options, battlefield)
    if problem:
        raise SaveError(path, f"its options cannot be played: {problem}")
    # The snapshot's dice hold the seed the game was played with: a seed
    # edited since would make some order fail, or the dice differ, and the
    # order or the roll named would not be what changed.
    recorded_seed = getattr(getattr(snapshot, "dice", None), "seed", None)
    if type(recorded_seed) is int and recorded_seed != envelope.seed:
        raise SaveError(path, "its seed does not match the recorded game (the snapshot's dice were seeded with "
                              "another number); the file has been changed or damaged")
    try:
        game = replay(rules, options, battlefield, envelope.seed, envelope.players, envelope.orders)
    except ReplayError as exc:
        raise SaveError(path, f"its orders cannot be played back: order {exc.index + 1} "
                              f"({exc.order_text!r}) is refused: {exc.reason}") from None
    except Exception as exc:  # a ruleset choking on odd data is still a bad file
        raise SaveError(path, f"its orders cannot be played back ({type(exc).__name__}: {exc})") from None
    if snapshot is not None:
        # Only what the file's snapshot holds is compared: one saved before a
        # ruleset's state gained a field is still the same game.
        replayed = held_only(unstructure(conv, game.state), envelope.snapshot)
        recorded = held_only(unstructure(conv, snapshot), envelope.snapshot)
        where = first_difference(replayed, recorded)
        if where is not None:
            raise SaveError(
                path,
                f"the snapshot does not match the game its orders play out to (first difference at "
                f"{where.replace('$', 'snapshot', 1)}); the file has been changed or damaged, or an older "
                f"Skirmish played these orders otherwise (a rule's reading changed since: docs/rulings.md)",
            )
    return _Loaded(game, envelope.pending, envelope.saved_at, envelope.seats)


def load_game(path: Path) -> Game:
    """The game in ``path``, replayed and checked.  Raises SaveError."""
    return _load(path).game


def load_pending(path: Path) -> dict:
    """The UI state stored with the game (after the same checks)."""
    return _load(path).pending


def load_with_seats(path: Path) -> tuple[Game, tuple[str, str]]:
    """The game and who plays each side ("human" or a computer level)."""
    loaded = _load(path)
    return loaded.game, loaded.seats


def load_for_play(path: Path) -> tuple[Game, dict, tuple[str, str]]:
    """The game, its pending screen state and its seats, with one replay."""
    loaded = _load(path)
    return loaded.game, loaded.pending, loaded.seats


def load_blob(where: str, blob: bytes) -> tuple[Game, dict, tuple[str, str]]:
    """A save held elsewhere than in a file (a server's database row, named
    ``where`` in errors): checked and replayed like a file."""
    if len(blob) > checks.MAX_BYTES:
        raise SaveError(where, f"the save is more than the {checks.MAX_BYTES} bytes a save may hold")
    loaded = _load(Path(where), blob)
    return loaded.game, loaded.pending, loaded.seats


def load_with_pending(path: Path) -> tuple[Game, dict]:
    """Both at once, with one replay."""
    loaded = _load(path)
    return loaded.game, loaded.pending


# -- listing and sessions (saves/listing.py, saves/session.py) ----------------

# Named here too, for the modules that import them from the store.  They are
# looked up when first asked for, not imported at load: both modules import
# this one, and an import each way would be a cycle
# (tests/core/test_import_cycles.py).
_ELSEWHERE = {
    "CHECK_SECONDS": "saves.listing",
    "SaveSummary": "saves.listing",
    "latest_save": "saves.listing",
    "list_saves": "saves.listing",
    "save_paths": "saves.listing",
    "summarise": "saves.listing",
    "summarise_within": "saves.listing",
    "GameSession": "saves.session",
}

if TYPE_CHECKING:  # for the checkers only (never run)
    from saves.listing import (
        CHECK_SECONDS,
        SaveSummary,
        latest_save,
        list_saves,
        save_paths,
        summarise,
        summarise_within,
    )
    from saves.session import GameSession


def __getattr__(name: str) -> Any:
    if name not in _ELSEWHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(_ELSEWHERE[name]), name)
    globals()[name] = value  # found directly from now on
    return value


__all__ = [
    "FORMAT_VERSION",
    "GameLocked",
    "GameSession",
    "SaveReadOnly",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NAME",
    "MAX_ORDERS",
    "MIGRATIONS",
    "SaveError",
    "CHECK_SECONDS",
    "SaveSummary",
    "data_dir",
    "game_to_data",
    "latest_save",
    "save_paths",
    "summarise_within",
    "list_saves",
    "load_game",
    "load_pending",
    "load_with_pending",
    "load_with_seats",
    "load_for_play",
    "new_save_path",
    "read_only",
    "save_game",
    "safe_name",
    "saves_dir",
    "summarise",
    "tighten",
]
