"""The operational maps shipped for the Optio pre-game, read from
``saves/data/maps/*.txt`` (format: docs/optio-maps.md).  Parsing is the
core's (:mod:`core.rulesets.optio.maps`); this module only reads files."""

from __future__ import annotations

from importlib import resources

from core.board import Battlefield
from core.rulesets.optio.maps import OpMap, map_battlefield, parse_map


def _folder():
    return resources.files("saves").joinpath("data", "maps")


def shipped_maps() -> list[OpMap]:
    """Every shipped map, sorted by name."""
    maps = []
    for entry in _folder().iterdir():
        if entry.name.endswith(".txt"):
            maps.append(parse_map(entry.read_text(encoding="utf-8")))
    return sorted(maps, key=lambda m: m.name)


def map_named(name: str) -> OpMap:
    """A shipped map by its name (the file's name without ``.txt``) or title."""
    wanted = name.strip().lower()
    for m in shipped_maps():
        if wanted in (m.name, m.title.lower()):
            return m
    known = ", ".join(m.name for m in shipped_maps())
    raise KeyError(f"no operational map called {name!r} (known: {known})")


def map_battlefield_named(name: str) -> Battlefield:
    """A shipped map drawn as the 40x40 battlefield an Optio game is started on."""
    return map_battlefield(map_named(name))
