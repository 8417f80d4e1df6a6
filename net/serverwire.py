"""The messages between a Skirmish server (``skirmish serve``) and its
clients: JSON lines read by :func:`net.wire.decode` (strict: exact keys and
types, capped), in the same envelope as the host's (``"v"``, ``"type"``).

A connection says ``hello`` first (``identity`` empty, or -- only from a
door account -- ``key:SHA256:...`` / ``guest:NAME``) and is answered ``me``
or ``refused``.  Then it may ask lobby questions (``lobby``, ``set_name``,
``create``, ``join``, ``withdraw``: each answered by one message) and, once, ``sit`` at a
game as a player or an onlooker: from then on it is that seat's connection
(``welcome``, then ``update``s as the game changes, ``result`` for each
``order``, ``drafts``/``chat`` as they change, ``reasons`` (the
computer's, when its seat may read them: each before the ``update`` with
its order), ``waits`` (the times of a claim either way, as numbers:
``Waits``), ``reveal`` at the end, and ``next`` when the other player has
begun the game that follows it).
See ``docs/server.md``.
"""

from __future__ import annotations

import math
from typing import Any

import attrs

from net.wire import VERSION, WireError, decode, encode

CLIENT_MAX = 64 * 1024  # bytes in one message from a client (drafts are the largest)
SERVER_MAX = 4 * 1024 * 1024  # bytes in one message from the server (a view, a log, a lobby)
NAME_MAX = 24  # characters of a display name a player chooses (longer ones are refused, not cut)
MAX_WAIT = 10_000_000.0  # seconds a ``waits`` says at most (about 116 days): a longer one is read as this

_NULLABLE_STR = (str, type(None))
_SECONDS = (int, float)
_SECONDS_OR_NONE = (int, float, type(None))

# The reason a seat's ``moved`` gives when the same player opened it elsewhere
# (the other: its game was withdrawn); what that seat answers an order with.
SEAT_OPENED_ELSEWHERE = "This seat was opened in another terminal or browser tab."
SEAT_MOVED = ("This seat moved to another terminal or browser tab: the game is played there, and nothing "
              "more is sent from here.")


def moved_words(reason: str) -> str:
    """A let-go seat's answer to an order: it moved to another terminal, or why else it was let go."""
    return SEAT_MOVED if reason in (SEAT_OPENED_ELSEWHERE, "") else f"Not sent: {reason}"

# What a client may send, and the exact fields of each.
CLIENT_MESSAGES: dict[str, dict[str, type | tuple[type, ...]]] = {
    "hello": {"identity": str},
    "set_name": {"name": str},
    "lobby": {},
    "create": {"ruleset": str, "options": object, "battlefield": object, "seats": list},
    "join": {"game": str},
    "withdraw": {"game": str},
    "rematch": {"game": str},
    "battle": {"game": str, "ruleset": str, "options": (dict, type(None))},
    "sit": {"game": str, "role": str},
    "order": {"text": str},
    "claim": {},
    "drafts": {"drafts": list},
    "chat": {"text": str},
    "ping": {},
    "bye": {},
}

# What the server may send (the client checks these too: it trusts nobody).
SERVER_MESSAGES: dict[str, dict[str, type | tuple[type, ...]]] = {
    "me": {"player": str, "name": str, "needs_name": bool},
    "lobby": {"open": list, "mine": list, "live": list, "finished": list},
    "created": {"game": str, "code": str},
    "joined": {"game": str, "side": int},
    "welcome": {"game": str, "side": (int, type(None)), "ruleset": str, "options": object,
                "battlefield": object, "players": list, "commit": str, "salt": str, "started": bool,
                "claim_after": (int, float), "idle_after": (int, float)},
    "update": {"version": int, "view": object, "to_act": list, "legal": list, "events": list,
               "orders": list, "outcome": (dict, type(None)), "present": bool},
    "result": {"ok": bool, "code": str, "message": str},
    "drafts": {"drafts": list},
    "chat": {"lines": list},
    "reveal": {"nonce": str, "joiner": str, "orders": list},
    "notice": {"text": str},
    "closing": {"reason": str},
    "moved": {"reason": str},
    "next": {"game": str, "reason": str},
    "reasons": {"reasons": list},
    "waits": {"present": bool, "away": _SECONDS, "quiet": _SECONDS, "claim_in": _SECONDS_OR_NONE,
              "claimed_in": _SECONDS_OR_NONE},
    "refused": {"code": str, "message": str},
    "pong": {},
}


@attrs.frozen
class Waits:
    """What a ``waits`` message tells a player's seat (net/absence.py):
    of its opponent, ``present``, seconds ``away`` (0 while present) and
    ``quiet`` (the game waiting with nothing from them); seconds until this
    player's claim is taken (``claim_in``: 0 now, None: none comes as the
    game stands) and until the opponent's claim on this player's quiet is
    (``claimed_in``: None until the server's warning stands)."""

    present: bool
    away: float
    quiet: float
    claim_in: float | None
    claimed_in: float | None


def waits_in(message: dict) -> Waits:
    """A ``waits`` message (its keys and types already checked by
    ``decode``) read: a negative or infinite time is a :class:`WireError`;
    one past :data:`MAX_WAIT` is read as that."""
    def seconds(name: str) -> float | None:
        value = message[name]
        if value is None:
            return None
        if not 0 <= value < math.inf:  # negative, or 1e999 (read as infinity; NaN is refused before)
            raise WireError(f"a time in waits that is no time ({name})")
        return float(min(value, MAX_WAIT))  # compared first: an integer too long for a float is capped too

    away, quiet = seconds("away"), seconds("quiet")
    assert away is not None and quiet is not None  # decode let no null through for these
    return Waits(message["present"], away, quiet, seconds("claim_in"), seconds("claimed_in"))


@attrs.frozen
class SeatReason:
    """The computer's reason for one of its orders, as the server sent it:
    ``side`` gave the order; ``at`` of the whole game's events and ``seen``
    of this seat's own log came before it."""

    side: int
    at: int
    seen: int
    text: str


def checked_reason(entry: Any) -> SeatReason | None:
    """A ``reasons`` message's entry, or None when it is not one (the client
    trusts nobody): exact keys, counts that are whole and not negative, one
    line of printable text at most ``MAX_REASON_TEXT`` characters."""
    from match.match import MAX_REASON_TEXT, reason_text

    if not isinstance(entry, dict) or set(entry) != {"side", "at", "seen", "text"}:
        return None
    side, at, seen, text = entry["side"], entry["at"], entry["seen"], entry["text"]
    if side not in (0, 1) or type(side) is not int or type(at) is not int or type(seen) is not int:
        return None
    if not 0 <= seen <= at or type(text) is not str or len(text) > MAX_REASON_TEXT:
        return None
    text = reason_text(text)
    return SeatReason(side, at, seen, text) if text else None


def reasons_in(held: tuple[SeatReason, ...], entries: list) -> tuple[SeatReason, ...]:
    """``held`` and the reasons of a ``reasons`` message after them (an
    entry that is not one dropped): the newest ``MAX_REASONS``."""
    from match.match import MAX_REASONS

    kept = tuple(reason for reason in map(checked_reason, entries[:MAX_REASONS]) if reason is not None)
    return (held + kept)[-MAX_REASONS:]


__all__ = ["CLIENT_MAX", "CLIENT_MESSAGES", "MAX_WAIT", "NAME_MAX", "SEAT_MOVED", "SEAT_OPENED_ELSEWHERE", "SERVER_MAX",
           "SeatReason", "SERVER_MESSAGES", "VERSION", "Waits", "WireError", "checked_reason", "decode", "reasons_in",
           "encode", "moved_words", "waits_in"]
