"""Watching a game another Skirmish process holds: the generic game screen
with submitting and saving switched off, a "read-only: held by ..." banner,
and the picture following the holder's saves.  It looks on as the neutral
onlooker does: no side has the keyboard, so no handover ever opens a side's
view, and a game with secrets shows only what both sides may see (as
``skirmish watch`` does until the game is over, see tui/watch.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tui.banner import Banner
from tui.game_screen import GameScreen

# The banner's "read-only: held by ..." once the holder has left the game.
NOBODY = "nobody now"
NOBODY_HINT = ("nobody has this game open now; leave this view (q) and open it from Load "
               "(or skirmish load) to play it.")


class ReadOnlyGameScreen(GameScreen):
    BLOCKED = ("give", "orders")  # ctrl+s stays: it says why there is nothing to save here

    def __init__(self, game: Any, holder: str, path: Path | None = None) -> None:
        super().__init__(game)
        self.holder = holder
        self.path = path
        self._stamp = self._mtime()

    def on_mount(self) -> None:
        super().on_mount()
        if self.path is not None:
            self.set_interval(2.0, self.follow)

    def _mtime(self) -> int | None:
        try:
            return self.path.stat().st_mtime_ns if self.path is not None else None
        except OSError:
            return None

    def follow(self) -> None:
        """Reload when the holder has saved (a broken or vanished file: keep
        the last picture), and name the holder it has now: the one that held
        it when this screen opened may have left, and another opened it."""
        self._look_at_holder()
        stamp = self._mtime()
        if stamp is None or stamp == self._stamp:
            return
        self._stamp = stamp
        try:
            from tui.persistence import store

            self.game = store().load_game(self.path)
        except Exception:
            return
        if not self.modal_open:
            self.redraw()

    def _look_at_holder(self) -> None:
        if self.path is None:
            return
        try:
            from saves.session import holder_now

            holder = holder_now(self.path) or NOBODY
        except Exception:
            return
        if holder != self.holder:
            self.holder = holder
            if self.is_mounted:
                self._draw_banner(self.banner_side)

    def onlooker(self) -> bool:
        """Nobody here plays: the banner says it watches, no order is offered."""
        return True

    def acting_side(self) -> int | None:
        """No side at this keyboard: the screen draws the neutral onlooker's
        seat (``GameScreen.game`` with no ``keyboard_side``), never a side's."""
        return None

    def submit(self, order: Any) -> bool:
        if self.holder == NOBODY:
            self.say(f"✗ Read-only: {NOBODY_HINT}")
        else:
            self.say(f"✗ Read-only: this game is held by {self.holder}.")  # in the log, never a pop-up over it
        return False

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action in self.BLOCKED:
            return False
        return super().check_action(action, parameters)

    def action_save(self) -> None:
        self._look_at_holder()
        if self.holder == NOBODY:
            self.say(f"✗ Not saved here: {NOBODY_HINT}")
            return
        holder = self.holder.split(",", 1)[0]
        self.say(f"✗ Not saved here: this game is open in another Skirmish ({holder}), which saves it "
                 "after every order; this screen only watches.")

    def _draw_banner(self, side: int | None) -> None:
        # Who plays, then who holds the game, kept whole while the turn and
        # the ruleset give way (tui/banner.py fit_keeping): added after the
        # fitted banner, it ran past 78 columns and the holder was cut off.
        # The holder's stamp without its time ("process 1974 on vm").
        self.banner_side = side
        self.query_one(Banner).show(self, side, held_by=self.holder.split(",", 1)[0])

    def action_quit_game(self) -> None:
        self.post_message(self.Leave(self.game))
