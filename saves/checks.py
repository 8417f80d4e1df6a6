"""What a save may hold, and the strict reading of one (the first checks
of ``saves.store``'s load, before anything is structured or played):

1. the size cap (``read_bytes``), 2. strict JSON: UTF-8, no NaN or
Infinity, no duplicate keys, limited nesting, list lengths and number of
values (``parse_json``); and the bounds on the orders, checked before any
is parsed (``orders_problem``).

Every refusal is a :class:`SaveError` whose message names the file.  The
bounds are read when a check runs, so a test may lower one here.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from saves.convert import JSONRefused, strict_json

MAX_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 64
# Every bound is checked before work in proportion to it.  The longest
# random games play about 400 orders (docs/performance.md): a game may hold
# 25 times that.  An order's text is one line of a few dozen characters.
MAX_ORDERS = 10_000
MAX_ORDER_TEXT = 1_000
MAX_ORDER_NESTING = 8
MAX_LIST = MAX_ORDERS
MAX_VALUES = 250_000
MAX_MESSAGE = 600  # characters of a refusal shown to people
# A player's name: the new-game form takes 24 characters, a server's names
# are at most 32 and a joiner's ``--name`` 40 (net.authority.MAX_NAME).
MAX_NAME = 40


class SaveError(Exception):
    """A save that cannot be read, written or played back.  ``str()`` is a
    sentence for people that names the file."""

    def __init__(self, path: Path | str, problem: str):
        problem = capped(problem)
        super().__init__(f"{capped(_shown(path), 200)}: {problem}")
        self.path = Path(path)
        self.problem = problem


def _shown(path: Path | str) -> str:
    """A file's path as people are shown it: an absolute one with ``~``
    for the home folder (``saves.places``); one given otherwise as given."""
    text = str(path)
    if not os.path.isabs(text):
        return text
    from saves.places import shown_folder

    return shown_folder(text)


def capped(text: str, limit: int = MAX_MESSAGE) -> str:
    """A message no longer than ``limit`` (a file can quote a 4 MB string)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def read_bytes(path: Path) -> bytes:
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        if os.path.islink(path):  # said as the command line says it (tui/__main__.py)
            raise SaveError(path, "it is a link to a file that is not there") from None
        raise SaveError(path, "there is no such file") from None
    except OSError as exc:
        raise SaveError(path, f"cannot read it ({exc.strerror or exc})") from exc
    if path.is_dir():
        raise SaveError(path, "it is a folder, not a save file")
    if not path.is_file():
        raise SaveError(path, "it is not a regular file (a device, pipe or socket), so it is not a save")
    if size > MAX_BYTES:
        raise SaveError(path, f"the file is {size} bytes, more than the {MAX_BYTES} a save may hold")
    try:
        # O_NONBLOCK: a pipe swapped in after the check above must not hang the read.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        with open(fd, "rb", closefd=True) as handle:
            blob = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise SaveError(path, f"cannot read it ({exc.strerror or exc})") from exc
    if blob is None:
        raise SaveError(path, "it is not a regular file, so it is not a save")
    if len(blob) > MAX_BYTES:
        raise SaveError(path, f"the file is more than the {MAX_BYTES} bytes a save may hold")
    return blob


# What the strict reader refuses, in a save's words (saves/convert.py's
# JSONRefused: its reason, then what it found).
_REFUSED = {
    "duplicate": "the key {!r} appears twice in one object",
    "constant": "{} is not a number a save may hold",
    "infinite": "the number {:.40} is too large for a save (it reads as infinity)",
    "surrogate": "the text {} holds half of a UTF-16 pair, which is no character",
}


def _shape_problem(value: Any) -> str | None:
    """Nesting, list lengths and the number of values, walked once
    (stops at the first bound passed)."""
    count, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        count += 1
        if count > MAX_VALUES:
            return f"the JSON holds more than {MAX_VALUES} values"
        if isinstance(item, (dict, list)):
            if level > MAX_DEPTH:
                return f"the JSON is nested more than {MAX_DEPTH} levels deep"
            if len(item) > MAX_LIST:
                return f"a list or object holds {len(item)} entries, more than the {MAX_LIST} a save may have"
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, level + 1) for child in children)
    return None


def parse_json(path: Path, blob: bytes) -> Any:
    """Strict JSON: UTF-8 (a byte-order mark first is allowed), no NaN or
    Infinity, no duplicate keys, not too deep."""
    try:
        # A byte-order mark some editors put first is no damage: read past it
        # (the file itself is left as it is until the game is saved again).
        text = blob.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SaveError(path, "the file is not UTF-8 text, so it is not a save") from None
    if not text.strip():
        raise SaveError(path, "the file is empty")
    try:
        data = strict_json(text, finite=True)
    except JSONRefused as exc:
        raise SaveError(path, "the JSON is not allowed: " + _REFUSED[exc.reason].format(exc.what)) from None
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
    except ValueError:
        # What is left is Python's bound on the digits of a whole number it reads.
        import sys

        raise SaveError(path, f"the JSON is not allowed: it holds a whole number of more than "
                              f"{sys.get_int_max_str_digits()} digits, far longer than any a save holds") from None
    problem = _shape_problem(data)
    if problem:
        raise SaveError(path, problem)
    return data


def orders_problem(orders: tuple[str, ...]) -> str | None:
    """The bounds on the orders, checked before any is parsed or played."""
    if len(orders) > MAX_ORDERS:
        return f"it holds {len(orders)} orders, more than the {MAX_ORDERS} a game may have"
    for index, text in enumerate(orders):
        if len(text) > MAX_ORDER_TEXT:
            return f"order {index + 1} is {len(text)} characters long, more than {MAX_ORDER_TEXT}"
        depth = deepest = 0
        for ch in text:
            if ch in "([":
                depth += 1
                deepest = max(deepest, depth)
            elif ch in ")]":
                depth -= 1
        if deepest > MAX_ORDER_NESTING:
            return f"order {index + 1} is nested {deepest} brackets deep, more than {MAX_ORDER_NESTING}"
    return None


def players_problem(players: tuple[str, ...]) -> str | None:
    """A name longer than any way of naming a player makes is refused, not
    cut to fit (a cut name would be a game nobody named)."""
    for side, name in enumerate(players):
        if len(name) > MAX_NAME:
            return (f"Player {side + 1}'s name is {len(name)} characters long, more than the {MAX_NAME} a name "
                    f"may have (the new-game form takes 24)")
    return None
