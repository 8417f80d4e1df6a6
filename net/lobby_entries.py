"""The lobby as a client reads it off the wire (``net.serverwire``'s
``lobby`` answer, built by ``net.lobby_list``): who this player is, and each
game listed, as values the lobby screen shows.  Anything it cannot read is a
``HostError``, never a crash."""

from __future__ import annotations

from typing import Any

import attrs

from net.client import HostError


@attrs.frozen
class Me:
    player: str  # "uid:NAME", "key:SHA256:...", "guest:NAME"
    name: str  # the display name
    needs_name: bool  # first login through the SSH door: ask for a display name


@attrs.frozen
class GameEntry:
    """One game in the lobby.  ``players``: each seat as the lobby shows it
    (a name, "open", "by invitation", "computer (normal)"); ``you``: your
    side in it, None if you hold no seat; ``code``: its invitation code,
    shown only to the player who made it; ``turn``: in your games under
    way, whom the game waits for ("your move", "Bo's move (away)");
    ``awaits_you``: "rematch" or "battle" for a game that follows a
    finished one, made by the other player, and waits for you to take your
    seat ("" for any other game)."""

    id: str
    ruleset: str
    options: str
    players: tuple[str, str]
    waiting_since: str
    state: str  # "open", "playing", "over"
    result: str = ""
    you: int | None = None
    code: str = ""
    battlefield: str = ""
    turn: str = ""
    awaits_you: str = ""


@attrs.frozen
class Lobby:
    open: tuple[GameEntry, ...] = ()  # waiting for an opponent, not yours
    mine: tuple[GameEntry, ...] = ()  # your unfinished games (each resumed with one key)
    live: tuple[GameEntry, ...] = ()  # others' games in progress (watch)
    finished: tuple[GameEntry, ...] = ()  # finished games (watch again)


def read_lobby(message: dict) -> Lobby:
    return Lobby(*[tuple(_entry(e) for e in message[k]) for k in ("open", "mine", "live", "finished")])


def _entry(data: Any) -> GameEntry:
    if not isinstance(data, dict):
        raise HostError("the server sent a lobby this Skirmish cannot read")
    try:
        players = data["players"]
        you = data.get("you")
        return GameEntry(str(data["id"]), str(data["ruleset"]), str(data.get("options", "")),
                         (str(players[0]), str(players[1])), str(data.get("waiting_since", "")),
                         str(data["state"]), str(data.get("result", "")),
                         you if you in (0, 1) else None, str(data.get("code", "")),
                         str(data.get("battlefield", "")), str(data.get("turn", ""))[:80],
                         _following(data.get("awaits_you")))
    except (KeyError, IndexError, TypeError):
        raise HostError("the server sent a lobby this Skirmish cannot read") from None


def _following(what: Any) -> str:
    """A lobby entry's ``awaits_you`` as this Skirmish knows it: "rematch",
    "battle", or "" for anything else."""
    return what if what in ("rematch", "battle") else ""
