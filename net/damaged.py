"""Games the server's store holds but cannot load: a game under way whose
stored save fails the save checks or its replay when the server starts
(a damaged row), or a finished one that fails when it is opened.

The referee never holds such a game, and never changes its row.  What each
player sees of it (docs/server.md, *A damaged game*):

- the console says which game and what is wrong with it, in words about a
  stored game (the save checks speak of a file);
- its players' lobbies list it among their unfinished games, with the state
  ``damaged`` and the words "cannot be loaded"; others' lobbies do not list
  it (there is nothing to watch);
- opening it, to play or to watch, is refused with what is wrong with it;
- a player of it (or its maker) may withdraw it: it goes from both players'
  lists, and its row stays in the store with the state ``damaged`` for the
  server's administrator, who may repair its save and set it back to
  ``playing`` (the referee then loads it at its next start).
"""

from __future__ import annotations

from typing import Any

DAMAGED = "damaged"  # a game's state in the store once withdrawn, and in a lobby entry while listed
LOBBY_WORDS = "cannot be loaded: Enter says why"


def problem_of(gid: str, error: BaseException) -> str:
    """What is wrong with game ``gid``'s stored save, as one line naming the
    game: the save checks' words, about a stored game rather than a file."""
    problem = str(getattr(error, "problem", "") or error)
    return f"game {gid}: " + problem.replace("the file", "the stored game")


def refusal(why: str) -> tuple[str, str]:
    """The refusal of opening a damaged game (a code and a sentence)."""
    return DAMAGED, f"That game cannot be opened: the server could not load its stored save ({why})."


def entry_for(entry: dict, you: int | None, creator: bool) -> dict | None:
    """A damaged game's lobby entry as one player sees it: marked, among its
    own games; None for anyone else (it is not listed)."""
    if you is None and not creator:
        return None
    return {**entry, "state": DAMAGED, "turn": LOBBY_WORDS}


def loaded_over(gid: str, row: Any) -> Any:
    """A finished game's stored save, loaded and replayed; a damaged one is
    refused with what is wrong with it."""
    from net.referee import Refusal
    from saves.store import load_blob

    try:
        game, _pending, _seats = load_blob(f"game {gid}", (row["save"] or "").encode())
    except Exception as error:  # noqa: BLE001 - whatever the row holds, the player is told, never the server hurt
        raise Refusal(*refusal(problem_of(gid, error))) from None
    return game


def withdraw(referee: Any, pid: str, gid: str) -> None:
    """``pid`` withdraws the damaged game ``gid`` (under the referee's lock):
    a player of it or its maker; its row is kept, marked ``damaged``."""
    from net.referee import Refusal

    row = referee.db.game(gid)
    if row is None:
        raise Refusal("no-game", "There is no such game.")
    if f"player:{pid}" not in referee.db.fillers(gid) and row["creator"] != pid:
        raise Refusal("not-yours", "Only a player of a game may withdraw it.")
    referee.db.set_state(gid, DAMAGED, "playing")
    del referee.damaged[gid]
