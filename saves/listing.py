"""The saves folder as a list: what the load menu shows of each file, and
the newest playable game for Continue.  Each file is checked by a full
load (``store._load``); one that takes longer than ``CHECK_SECONDS`` is
listed as skipped instead of holding up the rest.

A save's date is when it was last played: the ``saved_at`` it records,
else its file's time; never later than its file's time (a file cannot be
written before it was saved: a clock set wrong, or an edited stamp).  A
copy or a touched file keeps its place.  The list and Continue go by that
date, the one the list shows (``save_date``)."""

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
    backup: SaveSummary | None = None  # a broken save's ``<name>.bak``, checked (None: there is none)


_SUMMARIES: dict[tuple[str, int, int], SaveSummary] = {}
_DATES: dict[tuple[str, int, int], datetime.datetime | None] = {}
_UTC = datetime.timezone.utc


def backup_path(path: Path) -> Path:
    """Where the previous version of a save is kept (``store._keep_backup``)."""
    return path.with_name(path.name + ".bak")


def _recorded_date(path: Path) -> datetime.datetime | None:
    """The ``saved_at`` a save records, if it is a readable time (a time
    with no zone is taken as UTC, as Skirmish writes it); None otherwise.
    Reads the file's JSON (bounded, as a load does), replays nothing."""
    from saves.checks import parse_json, read_bytes

    try:
        data = parse_json(path, read_bytes(path))
    except SaveError:
        return None
    stamp = data.get("saved_at") if isinstance(data, dict) else None
    if not isinstance(stamp, str):
        return None
    try:
        when = datetime.datetime.fromisoformat(stamp[:40])
    except ValueError:
        return None
    return when if when.tzinfo is not None else when.replace(tzinfo=_UTC)


def save_date(path: Path) -> datetime.datetime | None:
    """When the save at ``path`` was last played (see the module's
    docstring), in UTC; None when the file cannot even be looked at."""
    path = Path(path)
    try:
        info = path.stat()
    except OSError:
        return None
    key = (str(path), info.st_mtime_ns, info.st_size)
    if key not in _DATES:
        file_time = datetime.datetime.fromtimestamp(info.st_mtime, _UTC)
        recorded = _recorded_date(path)
        _DATES[key] = min(recorded, file_time) if recorded is not None else file_time
    return _DATES[key]


def _date_text(path: Path) -> str:
    when = save_date(path)
    return when.astimezone(_UTC).isoformat(timespec="seconds") if when is not None else ""


def local_time(saved_at: str) -> str:
    """A summary's ``saved_at`` as the list shows it: this computer's local
    time, to the minute ("" when there is none)."""
    try:
        when = datetime.datetime.fromisoformat(saved_at)
    except ValueError:
        return saved_at[:16].replace("T", " ")
    if when.tzinfo is None:
        when = when.replace(tzinfo=_UTC)
    return when.astimezone().strftime("%Y-%m-%d %H:%M")


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
        _not_a_link(path)
    except SaveError as exc:
        summary = SaveSummary(path, path.stem, "", "", (), 0, _date_text(path), False, _through_link(path, exc.problem),
                              backup=_backup_summary(path))
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
            saved_at=_date_text(path),
            over=game.outcome is not None,
            seats=tuple(loaded.seats),
            winner=game.outcome.winner if game.outcome is not None else None,
            deploying=situation.deploying,
            names_winner=rules.capabilities.names_winner,
        )
    if key is not None:
        _SUMMARIES[key] = summary
    return summary


def _not_a_link(path: Path) -> None:
    """A link to a save that loads is listed with why it is not opened
    (as opening it says: ``session.link_problem``), not as a game to play."""
    from saves.session import link_problem

    problem = link_problem(path)
    if problem:
        raise SaveError(path, problem)


def _through_link(path: Path, problem: str) -> str:
    """A link that does not load says first that it is a link, and to
    what (a link to a save says so too: ``_not_a_link``): a link to a file
    elsewhere (/etc/passwd) was listed as if the saves folder held a
    broken save."""
    import os

    if not os.path.islink(path) or problem.startswith("it is a link"):
        return problem
    from saves.places import shown_folder

    try:
        target = shown_folder(os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(path)),
                                                            os.readlink(path))))
    except OSError:
        return f"it is a link, and not to a save: {problem}"
    return f"it is a link to {target}, not a save: {problem}"


def _backup_summary(path: Path) -> SaveSummary | None:
    """A broken save's backup, checked as a save is (None: it has none)."""
    backup = backup_path(path)
    if not backup.is_file() or backup.is_symlink():
        return None
    summary = summarise(backup)
    return attrs.evolve(summary, name=backup.name)


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
            found.append(SaveSummary(path, path.stem, "", "", (), 0, _date_text(path), False,
                                     capped(f"it could not be checked ({type(exc).__name__}: {exc})")))

    worker = threading.Thread(target=check, name=f"check {path.name}", daemon=True)
    worker.start()
    worker.join(seconds)
    if found:
        return found[0]
    return SaveSummary(path, path.stem, "", "", (), 0, _date_text(path), False,
                       f"checking it took more than {seconds:g} seconds, so it was skipped")


def save_paths(directory: Path | None = None, strict: bool = False) -> list[Path]:
    """Every ``*.json`` in the save folder, newest first by ``save_date``
    (each file's JSON is read for its date; nothing is replayed).  A folder not made yet holds none; one that cannot be read (a
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

    def newest(p: Path) -> tuple[datetime.datetime, int]:
        try:
            file_time = p.lstat().st_mtime_ns
        except OSError:
            file_time = 0
        # Two saves of one second: the file written last first.
        return save_date(p) or datetime.datetime.min.replace(tzinfo=_UTC), file_time

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
