"""The lobby's words (tui/lobby.py): its sections, its lines for each
game, and its sentences for what the server refused and why, with what
to do instead."""

from __future__ import annotations

import textwrap
from typing import Any

from tui.lobby_dialogs import plain

GLUE = "\u00a0"  # a space no line of the list breaks at (``wrapped``): "alice v bob" stays together

# Each heading fits one line of the list at 80 columns, with a scrollbar and
# three-figure counts (x says itself which games it withdraws).
SECTIONS = (
    ("mine", "Your unfinished games", "Enter: resume · x: withdraw"),
    ("open", "Waiting for an opponent", "Enter: join"),
    ("live", "Being played", "Enter: watch"),
    ("finished", "Finished", "Enter: the result, w there: watch again"),
)

KEYS_HINT = "n: new game · Enter: resume, join or watch · i: invitation code · m: your name"
NO_NAME_YET = ("You have no name yet: you may look around and watch (w); n, i, r or Enter on a game to "
               "play asks for your name first.")
NOT_CONNECTED = ("Not connected to the server: the list is from before the connection was lost, and nothing "
                 "in it can be opened until the server answers again (tried every few seconds).")
NOT_YET_CONNECTED = ("Not connected to the server yet: there is no list to act on until it answers (tried every "
                     "few seconds).")
BACK_AGAIN = "Connected to the server again: the list is live."
LEAVE_QUESTION = ("Leave the lobby? This ends Skirmish here (through the SSH door it logs you out; "
                  "in a browser it ends this tab's session).")

# Refusals of the hello that may pass by themselves (too many connections
# just now, the store out of reach): tried again like a server not answering.
PASSING = ("too-many", "server-error")


def reason(error: BaseException) -> str:
    """A failed call to the server as a sentence (never a traceback)."""
    from net.lost import connection_words

    if isinstance(error, FileNotFoundError):
        return "no Skirmish server runs here (its socket is missing); start one with: skirmish serve"
    text = connection_words(error) if isinstance(error, OSError) else str(error).strip()
    return plain(text or "something went wrong", 400).rstrip(".")  # the sentence it goes in ends it


def passes(error: BaseException) -> bool:
    """A failed connection that may pass by itself (the server not
    answering, or too busy just now): worth trying again every few
    seconds.  Any other refusal stays until something changes."""
    return isinstance(error, OSError) or getattr(error, "code", "") in PASSING


def connect_refusal(error: BaseException, only: bool = False) -> str:
    """Why the lobby cannot connect, and what happens next: a passing
    problem is tried again; a lasting refusal says what to do instead.
    ``only``: the lobby is all the app offers (the SSH door, the
    browser), so Esc leaves Skirmish (after asking: ``LEAVE_QUESTION``)."""
    esc = "Esc: leave Skirmish" if only else "Esc: back"
    if passes(error) and only:  # its socket and how to start one are the operator's business, not the player's
        return (f"Cannot reach the server: it is not answering just now (it may have been stopped, or be too "
                f"busy). It is tried again every few seconds; {esc}.")
    if passes(error):
        return f"Cannot reach the server: {reason(error)}. It is tried again every few seconds; {esc}."
    code = getattr(error, "code", "")
    if code == "who":  # docs/server.md, *Who is who*
        instead = "play through `skirmish door` over SSH, or with `skirmish lobby` from your own account"
    elif code == "bad-message":
        instead = "install the server's version of Skirmish here"
    else:
        instead = "ask the server's administrator"
    # No code: this Skirmish itself would not talk to what answers (net.serverclient.check_server).
    refused = "Refused by the server" if code else "Not connected"
    return f"{refused}: {reason(error)}. Not tried again: {instead}. {esc}."


def join_refusal(error: BaseException) -> str:
    """A join of a game the list showed, refused: most often another
    player sat down first (two pressed Enter on one game), or its maker
    withdrew it meanwhile."""
    if getattr(error, "code", "") in ("no-game", "seat-taken", "no-seat"):
        return ("Not joined: that game is no longer waiting for an opponent (another player sat down "
                f"first, or its maker withdrew it). The server: {reason(error)}.")
    return f"Refused: {reason(error)}."


def watch_refusal(section: str, entry: Any) -> str:
    """Why ``w`` opens nothing for a game still waiting for its opponent
    (the server has nothing to show until it begins), or ""."""
    waiting = section == "open" or (section == "mine" and getattr(entry, "state", "") == "open")
    if not waiting:
        return ""
    game = f"Game {plain(getattr(entry, 'id', '?'), 40)}"
    turn = waiting_turn(entry) if section == "mine" else ""
    if turn:  # a rematch or a battle: it waits for one named player, not for anyone
        then = "Enter takes your seat, and it begins" if awaited_by(entry) else "Enter opens it, to wait there"
        return f"{game} has not begun ({turn}): nothing to watch until it begins ({then})."
    then = "Enter joins it" if section == "open" else "Enter opens it, to wait there"
    return f"{game} is still waiting for an opponent: nothing to watch until it begins ({then})."


def waiting_turn(entry: Any) -> str:
    """The server's words for a game of yours not begun that waits for one
    named player (a rematch, Optio's battle: "rematch: waiting for Bob"),
    as shown; "" for any other game, an open one waiting for anyone."""
    if getattr(entry, "state", "") != "open":
        return ""
    return plain(getattr(entry, "turn", "") or "", 40)


def awaited_by(entry: Any) -> tuple[str, str] | None:
    """``entry``, a rematch or battle of yours not begun that waits for
    you: what it is ("rematch", "battle") and who made it, as the lobby
    names them.  None for any other game (one you made among them), as the
    server's ``awaits_you`` field says."""
    what = getattr(entry, "awaits_you", "")
    players = getattr(entry, "players", None) or ()
    you = getattr(entry, "you", None)
    if not what or getattr(entry, "state", "") != "open" or you not in (0, 1) or len(players) != 2:
        return None
    return what, str(players[1 - you])


def entry_words(entry: Any, section: str, me: Any = None, glued: bool = False) -> str:
    """One game of the lobby as a line: its number, ruleset, players,
    options, and what it waits for.  ``glued``: the players' part held
    together by ``GLUE`` for ``wrapped`` (which gives its spaces back)."""
    from core.registry import find_ruleset

    name = getattr(entry, "ruleset", "?")
    try:  # the short name, as the banner says it: the row's end (whose move, the result) is what counts
        title = find_ruleset(name).title.split(":")[0]
    except KeyError:
        title = name
    players = getattr(entry, "players", None) or getattr(entry, "seats", None) or ()
    you = getattr(entry, "you", None) if section in ("mine", "finished") else None  # by id, never a name
    who = " v ".join(plain(p, 24) + (" (you)" if i == you else "") for i, p in enumerate(players)) if players else ""
    if glued:  # the players and the "v" between them on one line of the list (``wrapped``)
        who = who.replace(" ", GLUE)
    parts = [f"#{getattr(entry, 'id', '?')} {title}"]
    # A rematch or battle not begun waits for one named player: its turn
    # words say whom (below), never "waiting for an opponent".
    if section == "mine" and getattr(entry, "state", "") == "open" and not waiting_turn(entry):
        code = plain(getattr(entry, "code", "") or "", 64)
        parts.append("waiting for an opponent" + (f" (invitation code {code})" if code else ""))
    if section == "open":
        since = str(getattr(entry, "waiting_since", "") or "")[:16].replace("T", " ")
        parts.append(f"{who}{GLUE if glued else ' '}· waiting since {since}" if since else who)
    elif who:
        parts.append(who)
    turn = plain(getattr(entry, "turn", "") or "", 40) if section == "mine" else ""
    if turn:
        parts.append(turn)
    # Only the options that differ from the defaults (net.live.options_text):
    # room for two or three of them on the entry's second row, each whole.
    options = whole_options(plain(getattr(entry, "options", "") or "", 200))
    if options:
        parts.append(options)
    if section == "finished":
        result = plain(getattr(entry, "result", "") or "", 60)
        if result:
            parts.append(result)
    return (f"{GLUE}· " if glued else " · ").join(p for p in parts if p)  # no line begins with a "·"


OPTIONS_ROOM = 60  # characters of a row's options, counted in whole options


def whole_options(text: str, room: int = OPTIONS_ROOM) -> str:
    """The options of a row (``net.live.options_text``: "Label: value"
    joined by ", ") as many whole as fit in ``room``, then how many more
    there are: never one cut mid-word."""
    parts = [p for p in text.split(", ") if p]
    if len(text) <= room or not parts:
        return text
    kept: list[str] = []
    for part in parts:
        if len(", ".join([*kept, part])) > room and kept:
            break
        kept.append(part)
    more = len(parts) - len(kept)
    return ", ".join(kept) + (f" (+{more} more option{'s' if more != 1 else ''})" if more else "")


class Row:
    """A row of the list (``entry_words(..., glued=True)``): shown broken
    into lines of the list's width (``wrapped``); ``str()``: its words on
    one line, as a player copies them.  ``dim``: a list from before the
    connection was lost."""

    def __init__(self, words: str, dim: bool = False) -> None:
        self.words = words
        self.dim = dim

    def __str__(self) -> str:
        return self.words.replace(GLUE, " ")

    def __rich_console__(self, _console: Any, options: Any) -> Any:
        from rich.text import Text

        yield Text(wrapped(self.words, options.max_width), style="dim" if self.dim else "")


def wrapped(words: str, width: int) -> str:
    """A row of the list broken into lines of ``width`` cells at its spaces,
    but never at a glued one (``GLUE``): the list's own wrapping breaks at
    any space, and so began a line with the "v".  The glued spaces are
    given back: each line fits, so the list breaks none of them."""
    if width >= 10 and len(words) > width:
        words = "\n".join(textwrap.wrap(words, width, break_on_hyphens=False, subsequent_indent="  "))
    return words.replace(GLUE, " ")


def refused_keys(refusal: str) -> str:
    """What a key that needs the server says once the server has turned
    the connection away for good: that refusal, never a list "from before"."""
    return refusal or NOT_YET_CONNECTED


def rematch_question(entry: Any) -> str:
    """The lobby's ``r`` asks first: a rematch is a new game the other player is told of."""
    players = getattr(entry, "players", None) or ()
    you = getattr(entry, "you", None)
    other = plain(players[1 - you], 24) if you in (0, 1) and len(players) == 2 else "the other player"
    return (f"Begin a rematch of #{plain(getattr(entry, 'id', '?'), 40)} against {other}? Sides swapped, "
            f"fresh dice; {other} is told of it.")


def rematch_played(old: Any, new: Any) -> str:
    """``r`` on a game whose rematch was made and played already: nothing opens."""
    return (f"The rematch of #{plain(old, 40)} was played already: it is #{plain(new, 40)}, under Finished "
            "(highlighted; Enter: its result, r there for a rematch of it).")


def rematch_exists(old: Any, new: Any) -> str:
    """``r`` on a game whose rematch is under way already: said in that game, which opens."""
    return f"This is game #{plain(new, 40)}, the rematch of #{plain(old, 40)}, begun already."
