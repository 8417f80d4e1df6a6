"""Keys that hurried a playback are never orders.

While the other side's events are played out one at a time
(:mod:`tui.narrator`), any key shows the next one sooner.  A player who
hurries it presses the same key again and again (Space once a second),
and the presses that come after the last event used to land on the board
or in the window the player's own turn opens (Waylights' split of the
dice took Space as "accept 2/2", and the board moved a figure).

So a *run* of the hurry key goes on being swallowed after the playback
ends: each press of that same key within ``HURRY_GAP`` seconds of the
previous one is taken by the app before any screen sees it.  The run ends
at a pause longer than that, or at any other key (which then does what
it always does).  The first press swallowed this way says so in the log
(the turn's start is plain: the banner names who acts, and the log says
why the key did nothing).  The narrator tells the run of each hurry key;
the app asks it of every key (``SkirmishApp.on_event``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

HURRY_GAP = 1.5  # seconds: a press within this of the last one still hurries


class HurryRun:
    """The run of one hurry key: which key, and when it was last pressed."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.key: str | None = None
        self.last = 0.0
        self.told = False  # the log has said a press of this run was kept from the game

    def hurried(self, key: str) -> None:
        """``key`` showed the next event sooner: a run of it begins, or goes on."""
        if key != self.key:
            self.told = False
        self.key, self.last = key, self.clock()

    def swallows(self, key: str) -> bool:
        """Whether ``key``, pressed now with nothing left to show, is one
        more press of the run (taken by nobody); any other key, or a pause,
        ends the run."""
        if self.key is None:
            return False
        now = self.clock()
        if key == self.key and now - self.last <= HURRY_GAP:
            self.last = now
            return True
        self.key = None
        return False


def run_of(app: Any) -> HurryRun | None:
    return getattr(app, "hurry", None)


def hurried(app: Any, key: str) -> None:
    """The narrator took ``key`` to hurry its playback."""
    run = run_of(app)
    if run is not None:
        run.hurried(key)


def playing_back(app: Any) -> bool:
    """A game screen in the app still has events to show (its keys hurry them)."""
    from tui.game_screen import GameScreen

    return any(isinstance(s, GameScreen) and s.narrator.busy for s in app.screen_stack)


def key_name(key: str) -> str:
    """``key`` as a player reads it: "[" for Textual's
    "left_square_bracket", "space", "enter" and "f1" as they are, and a key
    whose character is a control one by its name ("escape", not the ESC
    byte, which the terminal would read as the start of a sequence)."""
    from textual.keys import key_to_character

    if key in ("space", "tab"):
        return key
    character = key_to_character(key)
    if character is None or not character.isprintable():
        return key.replace("_", " ")
    return character


def swallowed(app: Any, key: str) -> bool:
    """Whether the app keeps ``key`` from every screen: one more press of
    a hurry run once the playback is over (said once in the log)."""
    run = run_of(app)
    if run is None or run.key is None or playing_back(app):
        return False  # while events are still shown, the narrator takes the key (and hurries)
    if not run.swallows(key):
        return False
    if not run.told and app.game_screen_shown() is not None:
        run.told = True
        name = key_name(key)
        app.tell(f"▷ All shown. {name} hurried it, and gives no order until you pause a moment.")
    return True
