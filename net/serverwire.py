"""The messages between a Skirmish server (``skirmish serve``) and its
clients: JSON lines read by :func:`net.wire.decode` (strict: exact keys and
types, capped), in the same envelope as the host's (``"v"``, ``"type"``).

A connection says ``hello`` first (``identity`` empty, or -- only from a
door account -- ``key:SHA256:...`` / ``guest:NAME``) and is answered ``me``
or ``refused``.  Then it may ask lobby questions (``lobby``, ``set_name``,
``create``, ``join``, ``withdraw``: each answered by one message) and, once, ``sit`` at a
game as a player or an onlooker: from then on it is that seat's connection
(``welcome``, then ``update``s as the game changes, ``result`` for each
``order``, ``drafts``/``chat`` as they change, ``reveal`` at the end, and
``next`` when the other player has begun the game that follows it).
See ``docs/server.md``.
"""

from __future__ import annotations

from net.wire import VERSION, WireError, decode, encode

CLIENT_MAX = 64 * 1024  # bytes in one message from a client (drafts are the largest)
SERVER_MAX = 4 * 1024 * 1024  # bytes in one message from the server (a view, a log, a lobby)
NAME_MAX = 24  # characters of a display name a player chooses (longer ones are refused, not cut)

_NULLABLE_STR = (str, type(None))

# The reason a seat's ``moved`` gives when the same player opened it elsewhere
# (the other: its game was withdrawn); what that seat answers an order with.
SEAT_OPENED_ELSEWHERE = "This seat was opened in another terminal."
SEAT_MOVED = "This seat moved to another terminal: the game is played there, and nothing more is sent from here."


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
    "refused": {"code": str, "message": str},
    "pong": {},
}

__all__ = ["CLIENT_MAX", "CLIENT_MESSAGES", "NAME_MAX", "SEAT_MOVED", "SEAT_OPENED_ELSEWHERE", "SERVER_MAX",
           "SERVER_MESSAGES", "VERSION", "WireError", "decode", "encode", "moved_words"]
