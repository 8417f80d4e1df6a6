"""The lobby's display name (tui/lobby.py): asked of a newcomer, asked
before a key that plays, changed with ``m``.

``LobbyNaming`` owns the asking: the question on screen, the name typed
(back in the field when the server refuses it), and what the key that
asked for a name was pressed for.  The lobby holds one and gives it its
connection, its app, its way of calling the server (``send``: the
answer comes back to the lobby, which hands it on: ``taken``,
``refused``) and its status line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tui.lobby_dialogs import AskLine, plain
from tui.lobby_words import NO_NAME_YET

NEWCOMER_QUESTION = "Welcome to this Skirmish server. What name shall the other players see?"
BEFORE_PLAYING = "A name is needed before playing: what shall the others see?"


class LobbyNaming:
    """This player's name on the server, asked for and changed."""

    def __init__(self, client: Callable[[], Any], app: Callable[[], Any],
                 send: Callable[[Callable[[], Any]], None], say: Callable[..., None]) -> None:
        """``client``: the lobby's connection now (None while there is
        none); ``app``: the app to ask on; ``send(call)``: ``call`` to the
        server off the interface's thread (its answer comes back through
        the lobby); ``say``: the lobby's status line."""
        self.client = client
        self.app = app
        self.send = send
        self.say = say
        self.after: Callable[[], None] | None = None  # what a key asked for before the name was given
        self.renaming = False  # the prompt on screen is m's (a change), not a newcomer's
        self.question = ""  # the prompt's words, asked again after a refusal
        self.typed = ""  # the name last given, back in the prompt when refused

    def shown(self) -> str:
        """This player as the lobby's top line names them."""
        me = getattr(self.client(), "me", None)
        if getattr(me, "needs_name", False):
            return "a newcomer (no name yet)"
        return plain(getattr(me, "name", "") or "?", 40)

    def needed(self) -> bool:
        """A newcomer who has not given a name yet."""
        return bool(getattr(getattr(self.client(), "me", None), "needs_name", False))

    def first(self, then: Callable[[], None]) -> bool:
        """Whether this player has a name; if not, it is asked for, and ``then`` follows once given."""
        if self.needed():
            self.after = then
            self.ask(BEFORE_PLAYING)
        return not self.needed()

    def welcome(self) -> None:
        """A newcomer just connected: asked at once."""
        if self.needed():
            self.ask(NEWCOMER_QUESTION)

    def ask(self, question: str, retry: bool = False, typed: str = "") -> None:
        """Ask for the display name; ``retry``: the player chose to change
        it (``m``), so going back keeps the name they have.  ``typed``: a
        refused name, back in the field to be mended (asked again with the
        same words after the reason)."""
        from net.serverwire import NAME_MAX

        if not typed:  # a fresh question, not the refused one asked again
            self.question = question
        self.renaming = retry
        self.app().push_screen(AskLine(f"{question} (up to {NAME_MAX} characters; no other player's name)",
                                       start=typed, max_length=NAME_MAX), self.given)

    def rename(self) -> None:
        """``m``: a new display name (docs/server.md: it may be changed at any
        time, never to another player's); games under way keep the names
        they began with."""
        if self.needed():
            self.ask("What name shall the other players see?")
            return
        now = plain(getattr(self.client().me, "name", "") or "", 40)
        self.ask(f"Your name here is {now}. What name shall the other players see from now on? "
                 "(Games under way keep the names they began with.)", retry=True)

    def given(self, name: str | None) -> None:
        """The prompt's answer: a name goes to the server; none keeps the
        name there is (``m``), or leaves a newcomer nameless for now."""
        client = self.client()
        if client is None:
            return
        if not name and self.renaming and not self.needed():  # m left with Esc: the name stays
            self.say("Your name is unchanged.", kept=True)
            return
        if not name:  # gone on without one: the lobby may be looked at, and playing asks again
            self.after = None
            self.say(NO_NAME_YET)
            return
        self.typed = name
        self.send(lambda: client.set_name(name))

    def refused(self, why: str) -> None:
        """The server refused the name (taken, too long...): asked again,
        saying why, with the name typed back in the field."""
        self.say(f"Refused: {why}.", kept=True)
        self.ask(f"{why}. {self.question}", retry=self.renaming, typed=self.typed)

    def taken(self) -> None:
        """The server took the name: what the key that asked for it was pressed for follows."""
        self.say("Your name is set.", kept=True)
        then, self.after = self.after, None
        if then is not None and not self.needed():
            then()
