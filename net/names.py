"""The display names of a server's players: one name, one player.

A name is what the lobby, the boards and the chat show, so no player may
take a name that reads like one another player on the server already has:
names are compared by their skeleton (``net.lookalike``: case, fullwidth
letters, accents and the Cyrillic or Greek letters drawn like Latin ones
make no difference), so "Ann", "ANN" and "Аnn" (Cyrillic А) are one name.
A name a player chooses is refused, with the reason in words, when it is
longer than :data:`net.serverwire.NAME_MAX` characters (never cut), holds
a control character (a line break, a tab, a terminal's Esc: refused, never
taken out), mixes Latin letters with Cyrillic, Greek or Armenian ones,
holds a character that shows as nothing or one terminals draw at
different widths (:func:`uncertain_width`: an emoji's variation selector,
a joiner, a skin tone, a flag's letters; the lobby's columns count each
character's width, and a terminal drawing one wider breaks them), holds
no letter or digit, holds parentheses (the game's own
marks: "Ann (2)", "(you)", "Computer (easy)"), or is one of the words the
game shows for a seat (open, by invitation, the computer).  Names stored
before these rules stay as they are, and keep working (docs/server.md).
Which games are a player's is decided by the player's id, never by a name
(``net.lobby_list``)."""

from __future__ import annotations

import re
import unicodedata

from net.live import clean_text
from net.lookalike import BLANK, scripts, skeleton
from net.serverwire import NAME_MAX

LABEL_MAX = 32  # characters of the name a player is first given (its account's name, a guest's own)

# What the game itself shows where a name would be (net.live.seat_label and the lobby), as skeletons.
SEAT_WORDS = frozenset({"open", "by invitation", "someone", "player", "you", "nobody", "computer", "the computer"})
# "Player 1", "Player 2": the names a new game gives its seats until they are named.
NUMBERED_PLAYER = re.compile(r"player ?\d+")


class NameRefused(ValueError):
    """Why a name cannot be had: a code and a sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def same_name(a: str, b: str) -> bool:
    """Whether two names read as one (the same skeleton)."""
    return skeleton(a) == skeleton(b)


def holder(names: dict[str, str], name: str, pid: str) -> str | None:
    """The name as another player than ``pid`` has it, or None."""
    return next((theirs for who, theirs in names.items() if who != pid and same_name(theirs, name)), None)


def chosen_name(names: dict[str, str], pid: str, name: str) -> str:
    """``name`` as ``pid`` may have it (without the spaces around it), or
    :class:`NameRefused` saying why not: a character that does not show is
    refused, never taken out (the name would not be the one typed)."""
    unseen(name)
    given = clean_text(name, len(name))
    if not given:
        raise NameRefused("bad-name", "A name needs at least one letter or digit.")
    if len(given) > NAME_MAX:
        raise NameRefused("bad-name", f"A name is at most {NAME_MAX} characters (that one has {len(given)}).")
    looks_like_the_game(given)
    taken = holder(names, given, pid)
    if taken is not None:
        raise NameRefused("name-taken", f"Another player on this server is called {taken}: choose another name.")
    return given


def unseen(name: str) -> None:
    """:class:`NameRefused` for a name holding a character that is not
    shown as itself: a control character (a line break, a tab, Esc and the
    terminal codes it begins), or another that shows as nothing or as a
    space other than the ordinary one (a zero-width space, a no-break space,
    a zero-width joiner), or one terminals draw at different widths
    (``uncertain_width``)."""
    if any(unicodedata.category(char) == "Cc" for char in name):
        raise NameRefused("bad-name", "That name holds a control character (a line break, a tab or a "
                                      "terminal code such as Esc): write it in characters that show.")
    if not all(char.isprintable() for char in name):
        raise NameRefused("bad-name", "That name holds a character that shows as nothing, or as a space "
                                      "other than the ordinary one: choose another.")
    if any(uncertain_width(char) for char in name):
        raise NameRefused("bad-name", "That name holds a character terminals draw at different widths (an "
                                      "emoji's variation selector, a skin tone or a flag's letters): "
                                      "choose another.")


def joiner_name_refusal(name: str) -> str:
    """Why ``name`` cannot be a joiner's in a hosted game, as a sentence
    ("" when it may, or when no name is given: the host's "Player 2"
    stays): the server's rules and limit (:data:`NAME_MAX`), so that a
    name is refused in words wherever it is typed (``skirmish join
    --name``, the join screen), never cleaned, bracketed or cut without a
    word on the way to the host (a tester's name lost its Esc, had its
    brackets turned round and was cut at 40)."""
    if not name.strip():
        return ""
    try:
        unseen(name)
        given = clean_text(name, len(name))
        if len(given) > NAME_MAX:
            raise NameRefused("bad-name", f"Too long: {len(given)} characters, at most {NAME_MAX}.")
        if "[" in given or "]" in given:
            raise NameRefused("bad-name", 'A name holds no brackets: the game writes its own marks in them '
                                          '("Ann (2)", "(you)", "Computer (easy)").')
        looks_like_the_game(given)
    except NameRefused as refused:
        return refused.message
    return ""


def uncertain_width(char: str) -> bool:
    """Whether terminals disagree on how many cells ``char`` takes with
    what is around it: a variation selector (VS16 turns a one-cell symbol
    into a two-cell emoji in some terminals only), a format character (a
    zero-width joiner gluing emoji into one), an enclosing mark (a keycap),
    an emoji skin tone, or a regional indicator (two make a flag)."""
    code = ord(char)
    return (0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF or 0x1F3FB <= code <= 0x1F3FF
            or 0x1F1E6 <= code <= 0x1F1FF or unicodedata.category(char) in ("Cf", "Me"))


def first_name(names: dict[str, str], pid: str, name: str, named: bool = True) -> str:
    """The name a player is given on first sight (its account's, a guest's
    own), numbered when another player has it already: "ann (2)"; the
    characters of uncertain width (``uncertain_width``) taken out, since
    nobody chose them here to be refused.  One
    still to choose a name (``named`` False: a key's first login) keeps the
    placeholder until it does."""
    base = clean_text("".join(c for c in name if not uncertain_width(c)), LABEL_MAX) or "Player"
    given, n = base, 1
    while named and holder(names, given, pid) is not None:
        n += 1
        given = f"{base[:LABEL_MAX - 5]} ({n})"
    return given


def looks_like_the_game(name: str) -> None:
    """:class:`NameRefused` for a name that could pass for another's or for
    the game's own words (see the module docstring)."""
    if not any(char.isalnum() for char in skeleton(name)):  # "!!!", "⚔🐉": nothing to read it by
        raise NameRefused("bad-name", "A name needs at least one letter or digit.")
    if any(char in BLANK for char in name):
        raise NameRefused("bad-name", "That name holds a character that shows as nothing: choose another.")
    mixed = scripts(name)
    if len(mixed) > 1:
        alphabets = " and ".join(script.title() for script in mixed)
        raise NameRefused("bad-name", f"That name mixes {alphabets} letters, some of which look alike: "
                                      "write a name in one alphabet.")
    shape = skeleton(name)
    if "(" in shape or ")" in shape:
        raise NameRefused("bad-name", 'A name holds no brackets: the lobby writes its own marks in them '
                                      '("Ann (2)", "(you)", "Computer (easy)").')
    if shape in SEAT_WORDS or shape.startswith("computer ") or NUMBERED_PLAYER.fullmatch(shape):
        raise NameRefused("bad-name", "That is a word the game shows for a seat (open, by invitation, "
                                      "Player 2, the computer): choose a name of your own.")
