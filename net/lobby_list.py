"""What the server's lobby lists for one player: its unfinished games, the
games waiting for an opponent, games being played and finished ones, each
an entry the client reads (``net.lobby_entries``).  Built from the
store's rows and the games the referee holds; it changes nothing."""

from __future__ import annotations

import json
from typing import Any

from net import damaged as damaged_games
from net.gamesetup import battlefield_label
from net.live import options_text, seat_label

MAX_FINISHED = 50  # finished games listed
MAX_LIVE = 100  # others' games under way listed
NAMES_KEPT = 1024  # games whose begun names are kept read (a finished game's never change)
_NAMES_READ: dict[tuple[str, str], tuple[str, str] | None] = {}


def begun_names(row: Any) -> list[str] | None:
    """The players' names a game not held by the referee began with (a
    finished one, most often), read from its stored save; None when it has
    none (not begun) or it cannot be read.  Read once per game and state."""
    save = row["save"]
    if not save or row["state"] == "open":
        return None
    key = (row["id"], row["updated"])
    if key not in _NAMES_READ:
        if len(_NAMES_READ) >= NAMES_KEPT:
            _NAMES_READ.clear()
        _NAMES_READ[key] = _players_in(save)
    found = _NAMES_READ[key]
    return list(found) if found is not None else None


def _players_in(save: str) -> tuple[str, str] | None:
    try:
        players = json.loads(save).get("players")
    except (ValueError, AttributeError):
        return None
    if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, str) for p in players):
        return None
    return players[0], players[1]


def lobby_for(db: Any, held: dict, names: dict[str, str], pid: str, damaged: Any = ()) -> dict:
    """The lobby as ``pid`` sees it (``held``: the referee's live games by id;
    ``damaged``: the ids of those under way it could not load, net/damaged.py)."""
    fillers = db.all_fillers()
    mine_filler = f"player:{pid}"
    out: dict[str, list] = {"open": [], "mine": [], "live": [], "finished": []}
    for row in db.games(("open", "playing", "over"), limit=600):
        seats = fillers.get(row["id"], ("open", "open"))
        you = seats.index(mine_filler) if mine_filler in seats else None
        live = held.get(row["id"])
        begun = live.match.game if live is not None and live.match is not None else None
        # A game begun is listed by the names it began with, as its boards, chat
        # and result show them, to every viewer; one not begun, by today's names.
        players = (list(begun.players) if begun is not None else begun_names(row)
                   or [seat_label(names, f) for f in seats])
        entry = {"id": row["id"], "ruleset": row["ruleset"],
                 "options": options_text(row["ruleset"], json.loads(row["options"])),
                 "players": players, "waiting_since": row["created"],
                 "state": row["state"], "result": row["result"], "you": you,
                 "code": row["code"] if row["creator"] == pid else "",
                 "battlefield": battlefield_label(row["battlefield"])}
        if row["id"] in damaged and row["state"] == "playing":
            marked = damaged_games.entry_for(entry, you, row["creator"] == pid)
            if marked is not None:
                out["mine"].append(marked)
            continue
        if you is not None and row["state"] == "playing":
            entry["turn"] = live.turn_words(you) if live is not None else ""
        if row["state"] == "over":
            if len(out["finished"]) < MAX_FINISHED:
                out["finished"].append(entry)
        elif you is not None or (row["creator"] == pid and row["state"] == "open"):
            out["mine"].append(entry)
        elif row["state"] == "open":
            if "open" in seats:
                out["open"].append(entry)
        elif len(out["live"]) < MAX_LIVE:
            out["live"].append(entry)
    return out
