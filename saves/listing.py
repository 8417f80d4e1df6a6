"""The saves folder as a list: what the load menu shows of each file, and
the newest playable game for Continue.  Each file is checked by a full
load (``store._load``); one that takes longer than ``CHECK_SECONDS`` is
listed as skipped instead of holding up the rest."""

from __future__ import annotations

import datetime
from pathlib import Path

import attrs

from saves.checks import SaveError, capped
from saves.store import _load, not_a_folder, saves_dir


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
    seats: tuple[str, ...] = ()  # who plays each side: "human", or the computer's level
    winner: int | None = None  # the side that won a finished game (None: a draw, or not over)
    deploying: bool = False  # saved while the figures were being set up: no turn begun
    names_winner: bool = True  # False: the game never names one (Optio's pre-game), so it is never "a draw"


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
        situation = rules.situation(game.state)
        summary = SaveSummary(
            path=path,
            name=path.stem,
            ruleset=rules.name,
            ruleset_title=rules.title,
            players=tuple(game.players),
            turn=situation.turn,
            saved_at=loaded.saved_at or _mtime_text(path),
            over=game.outcome is not None,
            seats=tuple(loaded.seats),
            winner=game.outcome.winner if game.outcome is not None else None,
            deploying=situation.deploying,
            names_winner=rules.capabilities.names_winner,
        )
    if key is not None:
        _SUMMARIES[key] = summary
    return summary


def seat_words(summary: SaveSummary) -> tuple[str, ...]:
    """Who played each side, in words: the player's name for a person,
    "Bo (computer, easy)" for the computer."""
    seats = summary.seats or ("human",) * len(summary.players)
    return tuple(name if kind == "human" else f"{name} (computer, {kind})"
                 for name, kind in zip(summary.players, seats))


def result_words(summary: SaveSummary) -> str:
    """"Ann won", "a draw", or "" for a game not over or one that names
    no winner (Optio's pre-game, which ends when the armies meet)."""
    if not summary.over or not summary.names_winner:
        return ""
    if summary.winner is None or not 0 <= summary.winner < len(summary.players):
        return "a draw"
    return f"{summary.players[summary.winner]} won"


CHECK_SECONDS = 15.0  # the longest one file may take to check for a list


def summarise_within(path: Path, seconds: float = CHECK_SECONDS) -> SaveSummary:
    """``summarise(path)``, or a summary naming the problem if checking it
    takes longer than ``seconds``: the check runs on a daemon thread that
    is left to finish (or to be ended with the process), so one slow file
    never holds up the others, quitting or a signal."""
    import threading

    found: list[SaveSummary] = []

    def check() -> None:
        try:
            found.append(summarise(path))
        except Exception as exc:  # noqa: BLE001 - an odd file is a problem to list, not a crash
            found.append(SaveSummary(path, path.stem, "", "", (), 0, _mtime_text(path), False,
                                     capped(f"it could not be checked ({type(exc).__name__}: {exc})")))

    worker = threading.Thread(target=check, name=f"check {path.name}", daemon=True)
    worker.start()
    worker.join(seconds)
    if found:
        return found[0]
    return SaveSummary(path, path.stem, "", "", (), 0, _mtime_text(path), False,
                       f"checking it took more than {seconds:g} seconds, so it was skipped")


def save_paths(directory: Path | None = None, strict: bool = False) -> list[Path]:
    """Every ``*.json`` in the save folder, newest first (cheap: no file is
    read).  A folder not made yet holds none; one that cannot be read (a
    file in its place) holds none either, or with ``strict`` raises a
    SaveError naming the folder, for the lists that say why they are empty."""
    folder = Path(directory) if directory is not None else saves_dir()
    try:
        paths = [p for p in folder.iterdir() if p.suffix == ".json" and not p.name.startswith(".")]
    except FileNotFoundError:
        if strict and not_a_folder(folder):  # a file in a folder's place on the way to it
            raise SaveError(folder, f"it {not_a_folder(folder)}") from None
        return []
    except OSError as exc:
        if strict:
            problem = not_a_folder(folder)
            raise SaveError(folder, f"it {problem}" if problem else f"the saves folder cannot be read "
                                                                      f"({exc.strerror or exc})") from None
        return []

    def newest(p: Path) -> int:
        try:
            return p.lstat().st_mtime_ns
        except OSError:
            return 0

    return sorted(paths, key=newest, reverse=True)


def list_saves(directory: Path | None = None) -> list[SaveSummary]:
    """Every ``*.json`` in the save folder, newest first, broken ones included."""
    return [summarise_within(p) for p in save_paths(directory)]


def latest_save(directory: Path | None = None) -> Path | None:
    """The newest save that loads and whose game is not over (for Continue).
    Stops at the first one: older files are not even read."""
    for path in save_paths(directory):
        summary = summarise_within(path)
        if summary.problem is None and not summary.over:
            return summary.path
    return None
