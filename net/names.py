"""The display names of a server's players: one name, one player.

A name is what the lobby, the boards and the chat show, so no player may
take a name another player on the server already has (letters compared
without case: "ann" is "Ann"), and a name a player chooses is at most
:data:`net.serverwire.NAME_MAX` characters (a longer one is refused, never
cut).  Which games are a player's is decided by the player's id, never by
a name (``net.lobby_list``)."""

from __future__ import annotations

from net.live import clean_text
from net.serverwire import NAME_MAX

LABEL_MAX = 32  # characters of the name a player is first given (its account's name, a guest's own)


class NameRefused(ValueError):
    """Why a name cannot be had: a code and a sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def same_name(a: str, b: str) -> bool:
    return a.casefold() == b.casefold()


def holder(names: dict[str, str], name: str, pid: str) -> str | None:
    """The name as another player than ``pid`` has it, or None."""
    return next((theirs for who, theirs in names.items() if who != pid and same_name(theirs, name)), None)


def chosen_name(names: dict[str, str], pid: str, name: str) -> str:
    """``name`` as ``pid`` may have it (printable characters only), or
    :class:`NameRefused` saying why not."""
    given = clean_text(name, len(name))
    if not given:
        raise NameRefused("bad-name", "A name needs at least one letter or digit.")
    if len(given) > NAME_MAX:
        raise NameRefused("bad-name", f"A name is at most {NAME_MAX} characters (that one has {len(given)}).")
    taken = holder(names, given, pid)
    if taken is not None:
        raise NameRefused("name-taken", f"Another player on this server is called {taken}: choose another name.")
    return given


def first_name(names: dict[str, str], pid: str, name: str, named: bool = True) -> str:
    """The name a player is given on first sight (its account's, a guest's
    own), numbered when another player has it already: "ann (2)".  One
    still to choose a name (``named`` False: a key's first login) keeps the
    placeholder until it does."""
    base = clean_text(name, LABEL_MAX) or "Player"
    given, n = base, 1
    while named and holder(names, given, pid) is not None:
        n += 1
        given = f"{base[:LABEL_MAX - 5]} ({n})"
    return given
