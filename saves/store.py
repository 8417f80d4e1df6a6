"""Games as JSON files in the save folder: writing, checking, listing, locking.

Loading runs its checks in a fixed order and stops at the first failure:

1. size cap, 2. strict JSON (no NaN/Infinity, no duplicate keys, limited
nesting), 3. format version (with migrations of the raw data), 4. strict
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
from typing import Any

import attrs
import platformdirs

import core
from core.board import Battlefield
from core.game import Game, ReplayError, replay
from core.options import option_problem
from core.registry import find_ruleset, rulesets
from saves.convert import (PLAIN, StructureError, converter_for, first_difference, orders_to_text, structure,
                           unstructure)

FORMAT_VERSION = 1
MAX_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 64

# Migrations on the raw dict: MIGRATIONS[n] turns a version-n save into a
# version-(n + 1) save.  Add one whenever FORMAT_VERSION goes up.
MIGRATIONS: dict[int, Callable[[dict], dict]] = {}


class SaveError(Exception):
    """A save that cannot be read, written or played back.  ``str()`` is a
    sentence for people that names the file."""

    def __init__(self, path: Path | str, problem: str):
        super().__init__(f"{path}: {problem}")
        self.path = Path(path)
        self.problem = problem


class GameLocked(SaveError):
    """Another Skirmish process has this game open."""

    def __init__(self, path: Path | str, holder: str):
        super().__init__(path, f"this game is already open in another Skirmish ({holder})")
        self.holder = holder


# -- where saves live ---------------------------------------------------------


def data_dir() -> Path:
    """``$SKIRMISH_DATA_DIR`` if set, else the platform's user data folder."""
    override = os.environ.get("SKIRMISH_DATA_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("skirmish"))


def saves_dir() -> Path:
    return data_dir() / "saves"


MAX_NAME = 40


def safe_name(text: str) -> str:
    """A player's name as every screen may show it: control and format
    characters (escape sequences, bidi overrides, newlines) dropped, the
    square brackets of console markup turned into round ones, at most
    ``MAX_NAME`` characters, never empty."""
    import unicodedata

    kept = "".join(" " if ch in "\t\n\r" else ch for ch in str(text)
                   if ch in "\t\n\r" or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn"))
    kept = " ".join(kept.replace("[", "(").replace("]", ")").split())
    return kept[:MAX_NAME].strip() or "Player"


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


def game_to_data(game: Game, pending: dict | None = None) -> dict:
    """The JSON data of a save of ``game``."""
    conv = converter_for(game.ruleset)
    return {
        "format_version": FORMAT_VERSION,
        "game_version": core.__version__,
        "ruleset": game.ruleset_name,
        "options": unstructure(conv, game.options),
        "battlefield": unstructure(PLAIN, game.battlefield),
        "seed": game.seed,
        "players": list(game.players),
        "orders": orders_to_text(game.orders),
        "snapshot": unstructure(conv, game.state),
        "saved_at": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "pending": json.loads(json.dumps(pending or {}, allow_nan=False)),
    }


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


def _keep_backup(path: Path) -> None:
    """Keep the current file as ``<name>.bak`` without ever removing ``path``."""
    if not path.exists():
        return
    backup = path.with_name(path.name + ".bak")
    staging = path.with_name(f".{path.name}.bak.{os.getpid()}.tmp")
    try:
        if staging.exists():
            staging.unlink()
        try:
            os.link(path, staging)
        except OSError:
            staging.write_bytes(path.read_bytes())
        os.replace(staging, backup)
    except OSError:
        staging.unlink(missing_ok=True)


def save_game(game: Game, path: Path, pending: dict | None = None) -> None:
    """Write ``game`` to ``path`` atomically; the previous file stays as
    ``<name>.bak``.  Raises SaveError if it cannot be written."""
    path = Path(path)
    try:
        data = game_to_data(game, pending)
        blob = _format_save(data).encode("utf-8")
    except (TypeError, ValueError) as exc:
        raise SaveError(path, f"the game could not be written as JSON ({exc})") from exc
    if len(blob) > MAX_BYTES:
        raise SaveError(path, f"the save would be {len(blob)} bytes, more than the {MAX_BYTES} a save may hold")
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(temp, "wb") as handle:
            handle.write(blob)
            handle.flush()
            os.fsync(handle.fileno())
        _keep_backup(path)
        os.replace(temp, path)
        _fsync_dir(path.parent)
    except OSError as exc:
        temp.unlink(missing_ok=True)
        raise SaveError(path, f"could not write the save ({exc.strerror or exc})") from exc


# -- reading ------------------------------------------------------------------


def _read_bytes(path: Path) -> bytes:
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise SaveError(path, "there is no such file") from None
    except OSError as exc:
        raise SaveError(path, f"cannot read it ({exc.strerror or exc})") from exc
    if not path.is_file():
        raise SaveError(path, "this is not a file")
    if size > MAX_BYTES:
        raise SaveError(path, f"the file is {size} bytes, more than the {MAX_BYTES} a save may hold")
    try:
        with open(path, "rb") as handle:
            blob = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise SaveError(path, f"cannot read it ({exc.strerror or exc})") from exc
    if len(blob) > MAX_BYTES:
        raise SaveError(path, f"the file is more than the {MAX_BYTES} bytes a save may hold")
    return blob


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict:
    out: dict = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {key!r} appears twice in one object")
        out[key] = value
    return out


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not a number a save may hold")


def _depth(value: Any) -> int:
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, level)
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, level + 1) for child in children)
    return deepest


def parse_json(path: Path, blob: bytes) -> Any:
    """Strict JSON: UTF-8, no NaN or Infinity, no duplicate keys, not too deep."""
    try:
        text = blob.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(path, "the file is not UTF-8 text, so it is not a save") from None
    if not text.strip():
        raise SaveError(path, "the file is empty")
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constants)
    except RecursionError:
        raise SaveError(path, f"the JSON is nested more than {MAX_DEPTH} levels deep") from None
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        # Cut off at the end, in a string, or in a word (tru, nul, fals, -).
        stops = text.lstrip().startswith(("{", "[")) and (
            exc.pos >= len(text.rstrip()) - 5 or exc.msg.startswith("Unterminated string"))
        if stops:
            raise SaveError(path, f"the JSON stops short ({where}); the file looks truncated") from None
        raise SaveError(path, f"the file is not valid JSON ({exc.msg} at {where})") from None
    except ValueError as exc:
        raise SaveError(path, f"the JSON is not allowed: {exc}") from None
    if _depth(data) > MAX_DEPTH:
        raise SaveError(path, f"the JSON is nested more than {MAX_DEPTH} levels deep")
    return data


def _migrate(path: Path, data: Any) -> dict:
    if not isinstance(data, dict):
        raise SaveError(path, "a save is a JSON object at the top level")
    version = data.get("format_version")
    if type(version) is not int:
        raise SaveError(path, "format_version is missing or not a whole number, so this is not a Skirmish save")
    if version > FORMAT_VERSION:
        raise SaveError(
            path,
            f"this save was made by a newer Skirmish (save format {version}; this Skirmish "
            f"{core.__version__} reads up to format {FORMAT_VERSION}). Update Skirmish to open it.",
        )
    if version < 1:
        raise SaveError(path, f"format_version {version} is not a save format Skirmish ever wrote")
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


def _load(path: Path) -> _Loaded:
    path = Path(path)
    data = _migrate(path, parse_json(path, _read_bytes(path)))
    try:
        envelope = structure(PLAIN, data, SaveFile, "$")
    except StructureError as exc:
        raise SaveError(path, f"the save is not laid out right: {exc}") from None
    try:
        rules = find_ruleset(envelope.ruleset)
    except KeyError:
        known = ", ".join(r.name for r in rulesets()) or "none"
        raise SaveError(
            path, f"it is a game of {envelope.ruleset!r}, a ruleset this Skirmish does not have (it has: {known})"
        ) from None
    conv = converter_for(rules)
    # Names are shown on every screen: made safe for display here, the same
    # way in the players and in the snapshot, so the replay still matches.
    players = tuple(safe_name(name) for name in envelope.players)
    if players != envelope.players:
        envelope = attrs.evolve(envelope, players=players)
        if isinstance(envelope.snapshot, dict) and isinstance(envelope.snapshot.get("players"), list):
            names = envelope.snapshot["players"]
            envelope = attrs.evolve(envelope, snapshot=dict(
                envelope.snapshot, players=[safe_name(n) if isinstance(n, str) else n for n in names]))
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
    problem = option_problem(options) or rules.check_options(options, battlefield)
    if problem:
        raise SaveError(path, f"its options cannot be played: {problem}")
    try:
        game = replay(rules, options, battlefield, envelope.seed, envelope.players, envelope.orders)
    except ReplayError as exc:
        raise SaveError(path, f"its orders cannot be played back: order {exc.index + 1} "
                              f"({exc.order_text!r}) is refused: {exc.reason}") from None
    except Exception as exc:  # a ruleset choking on odd data is still a bad file
        raise SaveError(path, f"its orders cannot be played back ({type(exc).__name__}: {exc})") from None
    if snapshot is not None:
        replayed = unstructure(conv, game.state)
        recorded = unstructure(conv, snapshot)
        where = first_difference(replayed, recorded)
        if where is not None:
            raise SaveError(
                path,
                f"the snapshot does not match the game its orders play out to (first difference at "
                f"{where.replace('$', 'snapshot', 1)}); the file has been changed or damaged",
            )
    return _Loaded(game, envelope.pending, envelope.saved_at)


def load_game(path: Path) -> Game:
    """The game in ``path``, replayed and checked.  Raises SaveError."""
    return _load(path).game


def load_pending(path: Path) -> dict:
    """The UI state stored with the game (after the same checks)."""
    return _load(path).pending


def load_with_pending(path: Path) -> tuple[Game, dict]:
    """Both at once, with one replay."""
    loaded = _load(path)
    return loaded.game, loaded.pending


# -- listing ------------------------------------------------------------------


@attrs.frozen
class SaveSummary:
    path: Path
    name: str
    ruleset: str
    ruleset_title: str
    players: tuple[str, ...]
    turn: int
    saved_at: str
    over: bool
    problem: str | None = None


_SUMMARIES: dict[tuple[str, int, int], SaveSummary] = {}


def _mtime_text(path: Path) -> str:
    try:
        stamp = path.stat().st_mtime
    except OSError:
        return ""
    return datetime.datetime.fromtimestamp(stamp, datetime.timezone.utc).isoformat(timespec="seconds")


def summarise(path: Path) -> SaveSummary:
    """What the load menu shows for one file (broken files get ``problem``)."""
    path = Path(path)
    try:
        stat = path.stat()
        key = (str(path), stat.st_mtime_ns, stat.st_size)
    except OSError:
        key = None
    if key is not None and key in _SUMMARIES:
        return _SUMMARIES[key]
    try:
        loaded = _load(path)
    except SaveError as exc:
        summary = SaveSummary(path, path.stem, "", "", (), 0, _mtime_text(path), False, exc.problem)
    else:
        game = loaded.game
        rules = game.ruleset
        summary = SaveSummary(
            path=path,
            name=path.stem,
            ruleset=rules.name,
            ruleset_title=rules.title,
            players=tuple(game.players),
            turn=rules.situation(game.state).turn,
            saved_at=loaded.saved_at or _mtime_text(path),
            over=game.outcome is not None,
        )
    if key is not None:
        _SUMMARIES[key] = summary
    return summary


def list_saves(directory: Path | None = None) -> list[SaveSummary]:
    """Every ``*.json`` in the save folder, newest first, broken ones included."""
    folder = Path(directory) if directory is not None else saves_dir()
    try:
        paths = [p for p in folder.iterdir() if p.suffix == ".json" and not p.name.startswith(".")]
    except OSError:
        return []

    def newest(p: Path) -> int:
        try:
            return p.stat().st_mtime_ns
        except OSError:
            return 0

    return [summarise(p) for p in sorted(paths, key=newest, reverse=True)]


def latest_save(directory: Path | None = None) -> Path | None:
    """The newest save that loads and whose game is not over (for Continue)."""
    for summary in list_saves(directory):
        if summary.problem is None and not summary.over:
            return summary.path
    return None


from saves.session import GameSession  # noqa: E402  (re-exported; it uses the above)

__all__ = [
    "FORMAT_VERSION",
    "GameLocked",
    "GameSession",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MIGRATIONS",
    "SaveError",
    "SaveSummary",
    "data_dir",
    "game_to_data",
    "latest_save",
    "list_saves",
    "load_game",
    "load_pending",
    "load_with_pending",
    "new_save_path",
    "save_game",
    "safe_name",
    "saves_dir",
    "summarise",
]
