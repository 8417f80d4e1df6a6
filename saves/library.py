"""The battlefields shipped with the game: every ``*.txt`` file in
``saves/data/battlefields/`` (text format: :mod:`core.battlefield_text`).

A battlefield is known by its file name without ``.txt`` (``open-12``), which
is also what ``Ruleset.default_battlefield`` names; its ``name:`` line is
accepted too.
"""

from __future__ import annotations

import functools
from importlib import resources

from core.battlefield_text import BattlefieldSyntaxError, parse_battlefield
from core.board import Battlefield

_PACKAGE = "saves.data.battlefields"


@functools.lru_cache(maxsize=1)
def _load() -> tuple[tuple[str, Battlefield], ...]:
    found = []
    folder = resources.files(_PACKAGE)
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".txt") or not entry.is_file():
            continue
        text = entry.read_text(encoding="utf-8")
        try:
            found.append((entry.name[: -len(".txt")], parse_battlefield(text)))
        except BattlefieldSyntaxError as exc:
            # A broken shipped file is a bug in the game, not the player's problem.
            raise BattlefieldSyntaxError(f"shipped battlefield {entry.name}: {exc}") from exc
    return tuple(found)


def shipped_battlefields() -> list[Battlefield]:
    """Every shipped battlefield, in file-name order."""
    return [bf for _, bf in _load()]


def shipped_battlefield_ids() -> list[str]:
    """The file names (without ``.txt``) of the shipped battlefields."""
    return [key for key, _ in _load()]


def battlefield_named(name: str) -> Battlefield:
    """The shipped battlefield with this file name (or ``name:`` line).
    Raises KeyError naming the ones there are."""
    wanted = name.strip().lower()
    for key, bf in _load():
        if key.lower() == wanted:
            return bf
    for _, bf in _load():
        if bf.name.lower() == wanted:
            return bf
    known = ", ".join(shipped_battlefield_ids())
    raise KeyError(f"no shipped battlefield called {name!r} (there are: {known})")


# Titles for the shipped battlefields whose name: line is a file name
# (the name stays: saves and options refer to it).
_TITLES = {
    "copse-16": "Four copses",
    "hill-20x14": "The hill",
    "open-12": "Open field",
    "pm-yard": "Walled farmyard (Platemail)",
}


def battlefield_title(bf: Battlefield) -> str:
    """What a player reads for ``bf`` in a list: a title, never a file name."""
    return _TITLES.get(bf.name, bf.name)
