"""The lobby's words (tui/lobby.py): its sections, its lines for each
game, and its sentences for what the server refused and why, with what
to do instead."""

from __future__ import annotations

from typing import Any

from tui.lobby_dialogs import plain

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
    then = "Enter joins it" if section == "open" else "Enter opens it, to wait there"
    return f"{game} is still waiting for an opponent: nothing to watch until it begins ({then})."


def entry_words(entry: Any, section: str, me: Any = None) -> str:
    """One game of the lobby as a line: its number, ruleset, players,
    options, and what it waits for."""
    from core.registry import find_ruleset

    name = getattr(entry, "ruleset", "?")
    try:
        title = find_ruleset(name).title
    except KeyError:
        title = name
    players = getattr(entry, "players", None) or getattr(entry, "seats", None) or ()
    you = getattr(entry, "you", None) if section in ("mine", "finished") else None  # by id, never a name
    who = " v ".join(plain(p, 24) + (" (you)" if i == you else "") for i, p in enumerate(players)) if players else ""
    parts = [f"#{getattr(entry, 'id', '?')} {title}"]
    if section == "mine" and getattr(entry, "state", "") == "open":
        code = plain(getattr(entry, "code", "") or "", 64)
        parts.append("waiting for an opponent" + (f" (invitation code {code})" if code else ""))
    if section == "open":
        since = str(getattr(entry, "waiting_since", "") or "")[:16].replace("T", " ")
        parts.append(f"{who} · waiting since {since}" if since else who)
    elif who:
        parts.append(who)
    turn = plain(getattr(entry, "turn", "") or "", 40) if section == "mine" else ""
    if turn:
        parts.append(turn)
    # Only the options that differ from the defaults (net.live.options_text):
    # room for two or three of them on the entry's second row.
    options = plain(getattr(entry, "options", "") or "", 60)
    if options:
        parts.append(options)
    if section == "finished":
        result = plain(getattr(entry, "result", "") or "", 60)
        if result:
            parts.append(result)
    return " · ".join(p for p in parts if p)
