"""How the game names a save file in its sentences, and what a file it
would write over holds: the file's name and its folder on lines of their
own (``~`` for the home folder), a path as a shell takes it, a save's
error naming its file so, and a few words on an existing file."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def file_and_folder(path: Any) -> tuple[str, str]:
    """A save's file name and its folder (absolute, ``~`` for the home
    folder: ``tui.cli.shown_folder``), to be shown on lines of their own: a
    whole path broken where a line wraps copies as a broken path."""
    from tui.cli import shown_folder

    return Path(path).name, shown_folder(Path(path).parent)


def shown_path(path: Any) -> str:
    """A save's path in a sentence: its name, then "in" its folder as the
    game shows folders (``~`` for the home folder)."""
    name, folder = file_and_folder(path)
    return f"{name} in {folder}"


def shell_path(path: Any) -> str:
    """A file's path as a shell command takes it, short as the game shows
    it: ``~/`` for the home folder (left unquoted, so the shell expands
    it), the rest quoted only where it needs to be (a space)."""
    import shlex

    from tui.cli import shown_folder

    shown = shown_folder(path)
    if shown.startswith("~/"):
        return "~/" + shlex.quote(shown[2:])
    return shlex.quote(shown)


def shown_error(exc: BaseException) -> BaseException:
    """A save's error (``SaveError``, ``GameLocked``) naming its file as
    ``shown_path`` does, never the whole path; any other error as it is."""
    path, problem = getattr(exc, "path", None), getattr(exc, "problem", None)
    if type(exc).__name__ not in ("SaveError", "GameLocked") or path is None or not isinstance(problem, str):
        return exc
    from saves.checks import SaveError

    return SaveError(shown_path(path), problem)


def existing_file_words(path: Path) -> str:
    """What a file a game would be written over holds, in a few words:
    "a Plasto Latros game, Ann v Bo, turn 3, 2026-11-30 12:04", or that
    it is not a save (checked as the Load list checks a save)."""
    try:
        from saves.listing import local_time, seat_words, summarise_within

        summary = summarise_within(Path(path), 5.0)
    except Exception:  # noqa: BLE001 - saving unavailable: said plainly
        return "a file"
    if summary.problem:
        return "not a save Skirmish can open"
    from tui.menu import _turn_word

    players = " v ".join(seat_words(summary))
    turn = "deployment" if summary.deploying else f"{_turn_word(summary.ruleset)} {summary.turn}"
    over = ", finished" if summary.over else ""
    return (f"a {summary.ruleset_title or summary.ruleset} game, {players}, {turn}{over}, "
            f"saved {local_time(summary.saved_at)}")


def break_paths(text: str, width: int) -> str:
    """``text`` with each word longer than ``width`` columns that is a path
    broken after one of its slashes (on lines of their own), so that a
    narrow box wraps it between folders, never mid-name ("h-bina" / "ry.json").
    A slash that closes markup (``[/b]``) is never a place to break; a
    single name longer than the width is left to run on."""
    import re

    from rich.cells import cell_len

    if width <= 0:
        return text

    def broken(word: str) -> str:
        if cell_len(word) <= width or "/" not in word:
            return word
        pieces = [piece for piece in re.split(r"(?<=[^\[]/)", word) if piece]
        lines, line = [], ""
        for piece in pieces:
            if line and cell_len(line + piece) > width:
                lines.append(line)
                line = ""
            line += piece
        lines.append(line)
        return "\n".join(lines)

    return re.sub(r"\S+", lambda found: broken(found.group(0)), text)
