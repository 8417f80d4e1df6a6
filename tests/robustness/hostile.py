"""Hostile save files, one per kind of damage or malice, built from a real
save of a real game.  Shared by the store-level and the screen-level tests."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import attrs

from core.registry import find_ruleset
from saves.store import MAX_BYTES, MAX_DEPTH, save_game
from tests.saves.helpers import play

RULESET = "spheres_of_war"


def good_save(path: Path, players=("Ann", "Bob")) -> Path:
    save_game(play(find_ruleset(RULESET), seed=4, count=6, players=players), path)
    return path


def _edit(change: Callable[[dict], None]) -> Callable[[bytes], bytes]:
    def apply(blob: bytes) -> bytes:
        data = json.loads(blob)
        change(data)
        return json.dumps(data).encode()

    return apply


def _text(change: Callable[[str], str]) -> Callable[[bytes], bytes]:
    return lambda blob: change(blob.decode()).encode()


def _set(key, value):
    def change(data):
        data[key] = value
    return change


def _nested(levels: int) -> Callable[[bytes], bytes]:
    return _text(lambda t: t.replace('"options": {', '"options": {"x": ' + "[" * levels + "]" * levels + ", ", 1))


def _huge(blob: bytes) -> bytes:
    data = json.loads(blob)
    data["padding"] = "x" * (MAX_BYTES + 10)
    return json.dumps(data).encode()


def _snapshot_extra(data):
    data["snapshot"]["secret_bonus"] = 99


def _add_order(text):
    def change(data):
        data["orders"].append(text)
    return change


def _tamper_snapshot(data):
    data["snapshot"]["turn"] = data["snapshot"].get("turn", 0) + 5


@attrs.frozen
class Case:
    name: str
    damage: Callable[[bytes], bytes]
    words: tuple[str, ...]


# Files that must be refused, each with the words its message must hold.
REFUSED = [
    Case("truncated", lambda b: b[: len(b) // 2], ("truncated",)),
    Case("empty", lambda b: b"", ("empty",)),
    Case("not-utf8", lambda b: b"\xff\xfe" + b, ("not UTF-8",)),
    Case("not-json", lambda b: b"skirmish save, honest\n", ("not valid JSON",)),
    Case("top-level-list", lambda b: b"[1, 2, 3]", ("JSON object at the top level",)),
    Case("seed-as-text", _edit(_set("seed", "4")), ("$.seed",)),
    Case("seed-fraction", _edit(_set("seed", 4.5)), ("$.seed",)),
    Case("players-a-number", _edit(_set("players", 7)), ("$.players",)),
    Case("three-players", _edit(_set("players", ["a", "b", "c"])), ("$.players",)),
    Case("orders-a-string", _edit(_set("orders", "deploy-all side=0")), ("$.orders",)),
    Case("options-a-list", _edit(_set("options", [1])), ("$.options",)),
    Case("extra-top-key", _edit(_set("run_this", "rm -rf /")), ("run_this",)),
    Case("extra-snapshot-key", _edit(_snapshot_extra), ("secret_bonus",)),
    Case("nan", _text(lambda t: t.replace('"seed": 4', '"seed": NaN', 1)), ("NaN",)),
    Case("infinity", _text(lambda t: t.replace('"seed": 4', '"seed": -Infinity', 1)), ("Infinity",)),
    Case("duplicate-key", _text(lambda t: t.replace('"seed": 4', '"seed": 4, "seed": 5', 1)), ("appears twice",)),
    Case("deep", _nested(MAX_DEPTH + 5), ("nested more than",)),
    Case("very-deep", _nested(200_000), ("nested more than",)),
    Case("huge", _huge, ("more than",)),
    Case("future-version", _edit(_set("format_version", 99)), ("newer Skirmish", "Update Skirmish")),
    Case("version-zero", _edit(_set("format_version", 0)), ("format_version 0",)),
    Case("version-as-text", _edit(_set("format_version", "1")), ("format_version",)),
    Case("illegal-order", _edit(_add_order("deploy-all side=0")), ("cannot be played back",)),
    Case("garbage-order", _edit(_add_order("rm -rf / side=0")), ("cannot be played back",)),
    Case("tampered-snapshot", _edit(_tamper_snapshot), ("snapshot does not match",)),
    Case("unknown-ruleset", _edit(_set("ruleset", "../../etc/passwd")), ("does not have",)),
    Case("markup-in-ruleset", _edit(_set("ruleset", "[/i][@click=app.quit]\x1b[2J\u202e")), ("does not have",)),
    Case("battlefield-path", _edit(_set("battlefield", "../../../../etc/passwd")), ("no shipped battlefield",)),
    Case("seed-huge-int", _text(lambda t: t.replace('"seed": 4', '"seed": ' + "9" * 5000, 1)), ("not allowed",)),
]

# Player names that must load, shown safely.
EVIL_NAMES = ("../../etc/passwd\x1b[2J\x07", "[b]Bob[/i] [link=file:///etc]\u202e\n/tmp/x")


async def settled(pilot, timeout: float = 30.0) -> None:
    """Wait until the app has finished checking the saves folder (the Load
    list and Continue check it off the interface thread)."""
    import asyncio

    from tui.menu import LoadScreen

    app = pilot.app
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        screen = app.screen
        busy = app.scanning or (isinstance(screen, LoadScreen) and not screen.done)
        if not busy:
            break
        await pilot.pause(0.05)
    await pilot.pause()
