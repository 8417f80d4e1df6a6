"""Hosting and joining in the app: the waiting screens, the messages the
joining threads post to the app, and the sentences for what went wrong.
The app holds a :class:`tui.remote.hosting.Hosting` (the host and its
match) and a :class:`tui.remote.joining.Joining` (the joined seat); the
network itself is :mod:`net`."""

from __future__ import annotations

import os
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from tui.form_keys import TAB_MOVES_FIRST, InOrderInput
from tui.newgame_parts import NameInput

# core.seats (the game engine), the fair dice and the join codes are imported
# where a game is hosted or joined: the main menu starts without them.


def soon(app: Any, callback: Any) -> None:
    """Run ``callback`` on the app's thread without waiting for it.
    (``call_from_thread`` waits, and the thread calling may hold what the
    app's thread is itself waiting for: the host's lock, or the answer to
    the order it just sent.)  How: tui/textual_fixes.py."""
    from tui.textual_fixes import soon as run_soon

    run_soon(app, callback)


STOP_REASON = "The host stopped; the game is saved. Stay here: it rejoins when the host resumes."


def host_problem(exc: BaseException) -> str:
    """Why hosting failed, and what to do about it: the system's reason,
    who owns the meeting place and how it is set, and the line that makes
    it right (``rendezvous.HOW_TO_SHARE``).  "Cannot host: the system
    refused" said none of that."""
    import pwd

    from net.rendezvous import HOW_TO_SHARE, meeting_place
    from net.unix import AlreadyHosted

    if isinstance(exc, AlreadyHosted):  # the code is hosted right now: the meeting place is not the cause
        return str(exc)[:1].upper() + str(exc)[1:] + "."
    place = meeting_place()
    if isinstance(exc, OSError) and exc.strerror:
        reason = f"{exc.filename}: {exc.strerror}" if exc.filename else exc.strerror
    else:
        reason = str(exc) or type(exc).__name__
    try:
        info = place.lstat()
    except FileNotFoundError:
        where = f"The meeting place {place} does not exist yet"
    except OSError as err:
        where = f"The meeting place {place} cannot be looked at ({err.strerror or err})"
    else:
        try:
            owner = pwd.getpwuid(info.st_uid).pw_name
        except KeyError:
            owner = f"user id {info.st_uid}"
        mine = " (this account)" if info.st_uid == os.getuid() else ""
        where = f"The meeting place {place} belongs to {owner}{mine}, mode {oct(info.st_mode & 0o7777)[2:]}"
    fix = HOW_TO_SHARE.format(place=place)
    if "install -d" in reason:  # the reason already gives the line
        return f"{reason}. {where}."
    return (f"{reason}. {where}. To fix it: {fix} (or set SKIRMISH_RENDEZVOUS to a folder both "
            "accounts share, made that way).")


# The host's waiting box: 70 columns less its border and padding.
HINT_WIDTH = 64


def join_hint(code: str) -> str:
    """The code and the command that joins with it.  A command too long for
    the box is broken with a shell continuation before "join", so the box
    never wraps it between "join" and the code (a copied command would then
    run without its code)."""
    from tui.command_word import command_word

    command = f"  {command_word()} join {code}"
    if len(command) > HINT_WIDTH:
        command = f"  {command_word()} \\\n    join {code}"
    return f"Join code: {code}\n\nIn another terminal on this machine (or over ssh -t to it):\n{command}"


class HostWaitScreen(Screen[None]):
    """The new hosted game waits for the joiner (and its half of the seed)."""

    DEFAULT_CSS = """
    HostWaitScreen { align: center middle; }
    HostWaitScreen > Vertical { width: 70; height: auto; border: round $primary; padding: 1 2; }
    """
    BINDINGS = [Binding("escape,q", "cancel", "Cancel")]

    def __init__(self, code: str, title: str) -> None:
        super().__init__()
        self.code = code
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Hosting {self.title_text}: the other side joins from another terminal.\n",
                         markup=False)
            yield Static(join_hint(self.code), id="code", markup=False)
            yield Static("\nWaiting for the other player to join…", id="status", markup=False)
        yield Footer()

    def action_cancel(self) -> None:
        self.app.hosting.stop("The host cancelled the game.")
        self.app.pop_screen()


class JoinScreen(Screen[None]):
    """Type a join code (the menu's Join), or watch the connection being made."""

    DEFAULT_CSS = """
    JoinScreen { align: center middle; }
    JoinScreen > Vertical { width: 70; height: auto; border: round $primary; padding: 1 2; }
    """
    # Tab and the fields' editing keys act in turn with the keys typed
    # around them (a code, Tab, a name in one burst: tui/form_keys.py).
    BINDINGS = [*TAB_MOVES_FIRST, Binding("escape", "cancel", "Back")]

    def __init__(self, code: str = "", suggest: str = "") -> None:
        super().__init__()
        self.code = code  # joined at once (``skirmish join CODE``)
        self.suggest = suggest  # only written in the field: the game last joined, to rejoin with Enter

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Join a game hosted in another terminal. Type the host's join code:", markup=False)
            yield InOrderInput(value=self.code or self.suggest, placeholder="xxxxx-xxxxx-xxxxx-xxxxx", id="code")
            yield Static("Your name (it replaces the host's \"Player 2\"):", markup=False)
            # Never stopped at the limit: a longer name is refused on Enter, with the limit said (net/names.py).
            yield NameInput(value=self.app.joining.name, placeholder="your name (optional)", id="name",
                            max_length=200)
            yield Static("Enter: join · Tab: the other field · Esc: back", id="join-keys", markup=False)
            yield Static("", id="status", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#code", Input).focus()
        if self.code:
            self.call_after_refresh(self.app.joining.join, self.code)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.app.joining.join(self.query_one("#code", Input).value)

    def on_name_input_cut(self, event: NameInput.Cut) -> None:
        self.say(f"A name is at most {event.field.max_length} characters: what went past them was left out.")

    def name_given(self) -> str:
        return self.query_one("#name", Input).value.strip()

    def say(self, text: str) -> None:
        self.query_one("#status", Static).update(text)

    def action_cancel(self) -> None:
        self.app.joining.cancel()
        self.app.pop_screen()


def join_failure(error: BaseException) -> str:
    """A failed join as a sentence (never a type name or a traceback)."""
    text = str(error).strip()
    if isinstance(error, ConnectionRefusedError):
        text = "the host's socket is there but nobody answers on it (the host stopped); wait for it to host again"
    elif isinstance(error, OSError) and error.errno is not None:
        text = error.strerror or "the system refused"
    elif not text:
        text = "something went wrong while joining"
    return text[:600]


class JoinDone(Message):
    """A seat's connecting thread has finished (``error`` None: joined)."""

    def __init__(self, seat: Any, error: BaseException | None) -> None:
        super().__init__()
        self.seat = seat
        self.error = error


class SeatNews(Message):
    """A joined seat has news (posted from its threads)."""

    def __init__(self, seat: Any) -> None:
        super().__init__()
        self.seat = seat
