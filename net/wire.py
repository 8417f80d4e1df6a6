"""The messages between a hosting and a joining Skirmish: JSON lines.

Every message is one line of UTF-8 JSON, an object with ``"v"`` (the
protocol version) and ``"type"``, read as strictly as a save is (no
duplicate keys, no NaN, limited nesting, no key nobody asked for, exact
types) and no longer than a cap: a joiner's messages are small
(:data:`CLIENT_MAX`), a host's carry a view (:data:`HOST_MAX`).  Orders
travel in their text form; views, options and events through the saves'
strict converter.  Anything else is a :class:`WireError`.

Version 7 (older versions are refused): a Skirmish server sends its
players' seats ``waits`` (net/serverwire.py), a message older clients do
not know; nothing between a host and its joiner changed.
Since version 4: a joiner's ``drafts`` (what its
player has written but not given, such as Platemail's secret orders) go to
the host, which keeps them with the game and sends them back, in a
``drafts`` message after the welcome, to that seat's player only.  A
joiner's seat taken over by another terminal of the same account is told
``moved`` before it is hung up on, and stops there (it does not rejoin; a
joiner that does not know ``moved`` stops on it too, as on any message it
cannot read).
Since version 3: the join code never travels.  A
hello carries the joiner's role, name and a random ``challenge``; the host
answers ``prove`` (its ``host_nonce`` and a keyed hash of both tokens with
the code), the joiner checks it and answers ``answer`` (its own keyed hash),
and only then does the host send ``welcome`` (see :mod:`net.proof`).
Since version 2: a hello's ``name`` replaces the joining side's default
name in a game not started yet, an onlooker may wait for a game to start,
and ``next`` tells everyone connected that the host has begun the game
after this one (a rematch, Optio's battle): they connect again with the
same code and get that game's ``welcome``, and the joiner gives a new half
of its seed.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import attrs

from core.events import Event
from core.registry import find_ruleset
from core.ruleset import Outcome
from saves.convert import PLAIN, JSONRefused, StructureError, converter_for, strict_json, structure, unstructure

VERSION = 7  # 7: the server sends "waits" (a client of 6 would take it for garbage); 6: Waylights fields, "next"
CLIENT_MAX = 4096  # bytes in one message from a joiner (an order, a hello)
HOST_MAX = 4 * 1024 * 1024  # bytes in one message from the host (a view, a log)
MAX_DEPTH = 64


class WireError(ValueError):
    """A message that is not one this protocol allows."""


# What a joiner may send, and the exact fields (name -> type) of each.
CLIENT_MESSAGES: dict[str, dict[str, type | tuple[type, ...]]] = {
    "hello": {"role": str, "name": str, "challenge": str},
    "answer": {"mac": str},
    "nonce": {"nonce": str},
    "order": {"text": str},
    "drafts": {"drafts": list},
    "ping": {},
    "bye": {},
}

# What a host may send (the joiner checks these too: it trusts nobody).
HOST_MESSAGES: dict[str, dict[str, type | tuple[type, ...]]] = {
    "prove": {"host_nonce": str, "mac": str},
    "welcome": {"side": (int, type(None)), "ruleset": str, "options": object, "battlefield": object,
                "players": list, "commit": str, "started": bool},
    "seed": {"status": str},
    "drafts": {"drafts": list},
    "update": {"version": int, "view": object, "to_act": list, "legal": list, "events": list,
               "orders": list, "outcome": (dict, type(None)), "present": bool},
    "result": {"ok": bool, "code": str, "message": str},
    "reveal": {"nonce": str, "joiner": str, "orders": list},
    "closing": {"reason": str},
    "notice": {"text": str},
    "next": {"reason": str},
    "moved": {"reason": str},  # another terminal of the same account took this seat
    "refused": {"code": str, "message": str},
    "pong": {},
}


MAX_DRAFTS = 8  # drafts of one seat (match.match.MAX_DRAFTS: what a save keeps beside the game)


def drafts_in(data: Any, side: int | None) -> list[dict]:
    """A seat's drafts as they travel (either way): at most
    :data:`MAX_DRAFTS` JSON objects, each with a ``kind`` (text) and the
    seat's own ``side``; anything else is a :class:`WireError`."""
    if side is None:
        raise WireError("an onlooker has no drafts")
    if not isinstance(data, list) or len(data) > MAX_DRAFTS:
        raise WireError(f"drafts must be a list of at most {MAX_DRAFTS}")
    for draft in data:
        if (not isinstance(draft, dict) or not isinstance(draft.get("kind"), str)
                or type(draft.get("side")) is not int or draft["side"] != side):
            raise WireError("a draft must be an object with its kind and the seat's own side")
    return [dict(d) for d in data]


# What the strict reader refuses, in a message's words (saves/convert.py's
# JSONRefused: its reason, then what it found).
_REFUSED = {"duplicate": "the key {!r} appears twice", "constant": "{} is not allowed",
            "surrogate": "the text {} holds half of a UTF-16 pair, which is no character"}


def _depth(value: Any) -> int:
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, level)
            stack.extend((child, level + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def encode(kind: str, **fields: Any) -> bytes:
    """One message as a line of bytes."""
    body = {"v": VERSION, "type": kind, **fields}
    # "replace": a lone surrogate (decode refuses them; one kept from before
    # could still be in a store) is sent as "?" rather than failing every message it is in.
    return json.dumps(body, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8", "replace") + b"\n"


def unreadable(line: bytes, exc: Exception) -> str:
    """Why a host's message could not be read, for people (another
    protocol version is said as such)."""
    try:
        version = json.loads(line.decode("utf-8")).get("v")
    except (ValueError, AttributeError, UnicodeDecodeError):
        version = None
    if type(version) is int and version != VERSION:
        return (f"the host runs another version of Skirmish (it speaks protocol {version}, this one "
                f"{VERSION}): both players need the same version")
    return f"the host sent something this Skirmish cannot read ({exc}); is it a Skirmish host of the same version?"


def decode(line: bytes, allowed: dict[str, dict[str, type | tuple[type, ...]]], cap: int) -> dict:
    """Strictly read one message (``line`` without or with its newline)."""
    if len(line) > cap + 1:
        raise WireError(f"a message is longer than {cap} bytes")
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise WireError("a message is not UTF-8") from None
    text = text.removesuffix("\n")
    if "\n" in text or "\r" in text:
        raise WireError("a message must be one line")
    try:
        data = strict_json(text)
    except JSONRefused as exc:
        raise WireError(_REFUSED[exc.reason].format(exc.what)) from None
    except RecursionError:
        raise WireError("a message is nested too deeply") from None
    except ValueError as exc:
        raise WireError(f"a message is not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise WireError("a message must be a JSON object")
    if _depth(data) > MAX_DEPTH:
        raise WireError("a message is nested too deeply")
    if data.get("v") != VERSION or type(data.get("v")) is not int:
        raise WireError(f"this Skirmish speaks protocol version {VERSION} only")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in allowed:
        raise WireError("unknown message type")
    fields = allowed[kind]
    extra = set(data) - set(fields) - {"v", "type"}
    if extra:
        raise WireError(f"unexpected key(s) {', '.join(sorted(extra))}")
    for name, want in fields.items():
        if name not in data:
            raise WireError(f"the key {name!r} is missing")
        value = data[name]
        if want is object:
            continue
        wants = want if isinstance(want, tuple) else (want,)
        if not any(type(value) is w for w in wants):  # exact: true is not 1
            raise WireError(f"the key {name!r} has the wrong type")
    return data


# -- the game's values on the wire --------------------------------------------


def _event_classes() -> dict[str, type[Event]]:
    """The event classes by name: each the one its module defines under that
    name.  (``__subclasses__`` may also list the class that ``attrs`` made a
    slotted copy of, until it is collected: an event read back as that one
    would not be equal to the event sent.)"""
    found: dict[str, type[Event]] = {}
    stack = [Event]
    while stack:
        cls = stack.pop()
        for sub in cls.__subclasses__():
            stack.append(sub)
            module = sys.modules.get(sub.__module__)
            if sub.__module__.startswith("core.") and getattr(module, sub.__name__, None) is sub:
                found[sub.__name__] = sub
    return found


_EVENTS: dict[str, type[Event]] = {}


def event_class(name: str) -> type[Event]:
    if name not in _EVENTS:
        _EVENTS.clear()
        _EVENTS.update(_event_classes())
    if name not in _EVENTS:
        raise WireError(f"unknown event {name!r}")
    return _EVENTS[name]


def events_out(ruleset: Any, events: tuple[Event, ...]) -> list:
    conv = converter_for(ruleset)
    return [{"kind": type(e).__name__, "data": unstructure(conv, e)} for e in events]


def events_in(ruleset: Any, data: Any) -> tuple[Event, ...]:
    if not isinstance(data, list):
        raise WireError("events must be a list")
    conv = converter_for(ruleset)
    out = []
    for item in data:
        if not isinstance(item, dict) or set(item) != {"kind", "data"} or not isinstance(item["kind"], str):
            raise WireError("an event must be {kind, data}")
        try:
            out.append(structure(conv, item["data"], event_class(item["kind"]), "event"))
        except StructureError as exc:
            raise WireError(f"a bad event: {exc}") from None
    return tuple(out)


def view_out(ruleset: Any, view: Any) -> Any:
    """A seat's view for the wire.  ``view`` must come from a seat (or
    ``Game.view``): redacted once, by ``core.game.redact``, dice seed
    included; nothing is taken out here."""
    return unstructure(converter_for(ruleset), view)


def view_in(ruleset: Any, data: Any) -> Any:
    try:
        return structure(converter_for(ruleset), data, ruleset.state_type, "view")
    except StructureError as exc:
        raise WireError(f"a bad view: {exc}") from None


def facts_out(facts: Any) -> dict:
    rules = facts.ruleset
    return {"ruleset": rules.name, "options": unstructure(converter_for(rules), facts.options),
            "battlefield": unstructure(PLAIN, facts.battlefield), "players": list(facts.players)}


def facts_in(message: dict) -> Any:
    from core.board import Battlefield
    from core.seats import Facts

    try:
        rules = find_ruleset(message["ruleset"])
    except (KeyError, ValueError, LookupError):
        raise WireError("unknown ruleset") from None
    players = players_in(message["players"])
    try:
        options = structure(converter_for(rules), message["options"], rules.options_type, "options")
        field = structure(PLAIN, message["battlefield"], Battlefield, "battlefield")
    except StructureError as exc:
        raise WireError(f"bad game facts: {exc}") from None
    return Facts(rules.name, options, field, players)


def players_in(players: Any) -> tuple[str, str]:
    """Two players' names from the host (a welcome's, or a view's)."""
    if (not isinstance(players, (list, tuple)) or len(players) != 2
            or not all(isinstance(p, str) and len(p) <= 64 for p in players)):
        raise WireError("bad players")
    return (players[0], players[1])


def orders_in(ruleset: Any, texts: Any) -> tuple:
    from core.orders import OrderSyntaxError

    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise WireError("orders must be a list of texts")
    try:
        return tuple(ruleset.parse_order(t) for t in texts)
    except OrderSyntaxError as exc:
        raise WireError(f"a bad order: {exc}") from None


@attrs.frozen
class Update:
    """What one ``update`` from a host or a server says, read and checked."""

    view: Any
    events: tuple[Event, ...]
    legal: tuple
    orders: tuple
    to_act: frozenset[int]
    outcome: Outcome | None
    present: bool
    version: int


def update_in(ruleset: Any, message: dict) -> Update:
    """An ``update`` message read for ``ruleset``: each part through its own
    strict reader; anything malformed is a :class:`WireError`."""
    to_act = message["to_act"]
    if not all(type(s) is int and s in (0, 1) for s in to_act):
        raise WireError("bad to_act")
    out = message["outcome"]
    outcome = None
    if out is not None:
        if set(out) != {"winner", "reason"} or out["winner"] not in (0, 1, None) or not isinstance(out["reason"], str):
            raise WireError("bad outcome")
        outcome = Outcome(out["winner"], out["reason"])
    return Update(view_in(ruleset, message["view"]), events_in(ruleset, message["events"]),
                  orders_in(ruleset, message["legal"]), orders_in(ruleset, message["orders"]),
                  frozenset(to_act), outcome, message["present"], message["version"])
