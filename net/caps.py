"""How many games the server holds, and how many one player may: the
limits on making and joining games (docs/server.md, *Limits*).

Each check reads the referee's held games (``live``: game id -> Live)
and answers with a refusal's code and sentence, or None when the game may
be made; the referee raises it as a :class:`net.referee.Refusal`.  The
caller holds the referee's lock.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from match import LEVELS
from net.live import Live

MAX_GAMES_PER_PLAYER = 20  # unfinished games one player may hold or have made
MAX_WAITING_PER_PLAYER = 3  # games one player made that wait for an opponent (the lobby is everyone's)
MAX_COMPUTER_PER_PLAYER = 3  # unfinished games with a computer seat one player holds or made (its cores are shared)
MAX_COMPUTER_GAMES = 24  # unfinished games the server's computer plays in (it thinks on this machine's cores),
# not counting those whose players have all been away for the claim time (``computer_games``)
MAX_WAITING = 500  # games waiting for an opponent, in all
# Guests (a browser tab of ``skirmish web`` is one) are free to make up, so
# their waiting games have a cap of their own, far below MAX_WAITING: guests
# can never fill the lobby for players with an account or a key.  Past it
# the waiting game of the guest away longest gives way (net/guests.py).
MAX_GUEST_WAITING = 50
GUEST_GONE_AFTER = 300.0  # seconds a guest may have no connection before its waiting games are withdrawn

Refused = tuple[str, str]  # a refusal's code and sentence


def unfinished_of(live: Mapping[str, Live], pid: str) -> list[Live]:
    """The unfinished games ``pid`` sits at or made (two computers' included)."""
    mine = f"player:{pid}"
    return [game for game in live.values() if (mine in game.fillers or game.creator == pid)
            and (game.match is None or game.match.game.outcome is None)]


def lobby_waiting(game: Live) -> bool:
    """A game not begun that waits for anyone to join it (an open seat, or
    one by invitation).  A rematch or battle waiting for the one other
    player it names (``Live.awaits``) is not one: it is in nobody else's
    lobby, so it takes no place of its maker's open games; it counts among
    both players' unfinished games (``unfinished_of``) like any other."""
    return game.match is None and game.awaits is None


def computer_games(live: Mapping[str, Live], now: float, claim_after: float) -> int:
    """Unfinished games the server's computer plays in and may think for: a
    game whose every player has been away for the claim time (and that
    waits for one of them) costs its cores nothing, so it no longer counts
    until its player comes back."""
    return sum(1 for game in live.values() if any(f in LEVELS for f in game.fillers)
               and (game.match is None or game.match.game.outcome is None)
               and game.attended(now, claim_after))


def making_refused(live: Mapping[str, Live], pid: str, seats: Iterable[str], now: float,
                   claim_after: float) -> Refused | None:
    """Why ``pid`` may not make one more game with these ``seats`` (a new
    game's, or the fillers of a rematch or a battle): it holds as many
    unfinished games as a player may; with a seat for an opponent, it made
    as many games still waiting for one as a player may (so one player
    cannot fill everyone's lobby); with a computer seat, it holds as many
    such games as a player may, or the server's computer plays as many as
    it can (so one player cannot take every place of it)."""
    seats = tuple(seats)
    held = unfinished_of(live, pid)
    if len(held) >= MAX_GAMES_PER_PLAYER:
        return "too-many", f"You have {MAX_GAMES_PER_PLAYER} unfinished games already: finish or wait for some first."
    if any(s in ("open", "invite") for s in seats) and \
            sum(1 for game in held if game.creator == pid and lobby_waiting(game)) >= MAX_WAITING_PER_PLAYER:
        return "too-many", (f"You have {MAX_WAITING_PER_PLAYER} games waiting for an opponent already: "
                            "wait for one to begin, or withdraw one (x in the lobby).")
    if not any(s in LEVELS for s in seats):
        return None
    if sum(1 for game in held if any(f in LEVELS for f in game.fillers)) >= MAX_COMPUTER_PER_PLAYER:
        return "too-many", (f"You have {MAX_COMPUTER_PER_PLAYER} unfinished games with the computer already: "
                            "finish or concede one first.")
    if computer_games(live, now, claim_after) >= MAX_COMPUTER_GAMES:
        return "busy", "The server's computer plays as many games as it can just now: try again when one ends."
    return None


def waiting_refused(live: Mapping[str, Live]) -> Refused | None:
    """Why no game may be made that waits for an opponent: the server holds
    as many such games as it takes."""
    if sum(1 for game in live.values() if lobby_waiting(game)) >= MAX_WAITING:
        return "too-many", ("The server has as many games waiting for an opponent as it takes: "
                            "join one of them, or try again later.")
    return None


def guests_full() -> Refused:
    """Why a guest may not make a game waiting for an opponent when guests'
    waiting games are at their cap and every maker of one is connected."""
    return "too-many", (f"The server has {MAX_GUEST_WAITING} guests' games waiting for an opponent, as many as "
                        "it takes: join one of them, or try again later.")


def joining_refused(live: Mapping[str, Live], pid: str) -> Refused | None:
    """Why ``pid`` may not take a seat at one more game."""
    if len(unfinished_of(live, pid)) >= MAX_GAMES_PER_PLAYER:
        return "too-many", "You have too many unfinished games already."
    return None
