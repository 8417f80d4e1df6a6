"""A server game's chat as each player's seat is sent it: the whole of
the latest lines every time (``chat {lines}``), each line a player has
not been sent before marked ``"new": true``.

The referee keeps, for each side, the last line a connection of that side
was sent (``Live.chat_seen``): a line said while that side's player had
no connection at the game is new to them when they come back, and their
Skirmish shows it as news (said while you were away), as it shows each
line said while they are there.  Once the referee takes a game up again
after a restart it reads from the store (``chat_seen``) the last line each
side was sent; a side never sent the chat (before the restart, or since the
game was made) has nothing marked new on its first sit, and from then on
as above."""

from __future__ import annotations

import re
import time
from typing import Any

from net.live import clean_text, seat_label

MAX_CHAT = 200  # characters of one chat line
CHAT_EVERY = 1.0  # seconds between two lines of one player's chat
WHO_MAX = 32  # characters of the name a line is said under
UNKNOWN = object()  # the referee has not sent this side the chat since it took the game up


# A run of whitespace that is not the ordinary space: a tab, a line break,
# a no-break or em space... (none of them printable, so all taken out).
_OTHER_SPACES = re.compile(r"(?:(?! )\s)+")


def spaced(text: str) -> str:
    """``text`` with each run of whitespace other than the ordinary space
    made one space: taken out, a tab ran the words either side together."""
    return _OTHER_SPACES.sub(" ", text)


def _key(line: dict) -> tuple:
    return line.get("who"), line.get("at"), line.get("text")


def marked(lines: list[dict], seen: Any) -> list[dict]:
    """``lines`` with those after the line ``seen`` (a line's key; None:
    the side had been sent no line; UNKNOWN: mark none) marked new."""
    if seen is UNKNOWN:
        return [dict(line) for line in lines]
    start = 0
    if seen is not None:
        found = next((i for i in range(len(lines) - 1, -1, -1) if _key(lines[i]) == seen), None)
        start = 0 if found is None else found + 1  # gone from the latest lines: every one is new
    return [dict(line, new=True) if i >= start else dict(line) for i, line in enumerate(lines)]


def send_chat(db: Any, live: Any, peer: Any, lines: list[dict]) -> None:
    """Send ``peer`` (a player's connection) the chat, the lines it has not
    been sent marked new; from now on its side has seen them all (kept in
    the store ``db`` too, when that changes)."""
    side = peer.side
    before = live.chat_seen.get(side, UNKNOWN)
    peer.send_message("chat", lines=marked(lines, before))
    seen = _key(lines[-1]) if lines else None
    live.chat_seen[side] = seen
    if seen != before:
        db.set_chat_seen(live.gid, side, seen)


def say(db: Any, live: Any, peer: Any, text: str, names: dict[str, str]) -> tuple[str, str] | None:
    """A line said by ``peer`` (a player's connection): stored, and sent to
    both players; or why not (a code and a sentence).  A tab or a line
    break in it is a space (``spaced``); other control characters go."""
    text = spaced(text)
    printable = sum(1 for c in text if c.isprintable())
    if printable > MAX_CHAT:  # Skirmish's clients refuse it before sending; a raw one is told, not cut short
        return "too-long", f"Not said: a line of chat holds {MAX_CHAT} characters at most, and that one has {printable}."
    line = clean_text(text, MAX_CHAT)
    if not line:
        return None
    now = time.monotonic()
    if now - getattr(peer, "last_chat", -CHAT_EVERY) < CHAT_EVERY:
        return "slow-down", "One line of chat a second at most."
    peer.last_chat = now
    live.active_at[peer.side] = now
    # Under the name the game gave this seat when it began, as both boards show it.
    game = live.match.game if live.match is not None else None
    who = game.players[peer.side] if game is not None else seat_label(names, live.fillers[peer.side])
    db.add_chat(live.gid, who[:WHO_MAX], line)
    lines = db.chat(live.gid)
    with live.lock:
        for other in list(live.peers):
            if other.role == "player":
                send_chat(db, live, other, lines)
    return None


def shortened(text: str, cap: int = 200) -> str:
    """A sentence sent back to a client, cut to ``cap`` characters (an
    order's words in it are the sender's own, and may be long)."""
    return text if len(text) <= cap else text[:cap - 1] + "…"
