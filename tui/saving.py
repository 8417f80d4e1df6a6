"""The app's saving of the open game: autosave (on the app's thread, or
under the host's lock for a hosted game), a failed save retried and shown,
the news of a hosted game's save made on another thread
(``tui.persistence.SavingChanged``), and what leaving offers when the game
is not safely in a file (saving failed, or there is no save file).  Part
of :class:`tui.app.SkirmishApp`; the session itself is ``saves.session``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tui.modals import Confirm


class SavingMixin:
    """Saving for the app (see the module docstring)."""

    session: Any
    game: Any
    host: Any
    remote_seat: Any
    seat_kinds: tuple[str, str]
    drafts_waiting: list
    _save_failed: bool
    _shown_failed: bool
    _on_disk: Any
    _saved_orders: int
    _retrying: Any
    pending_kept: dict
    no_file_reason: str

    def _tighten_data_dir(self) -> None:
        """What an older Skirmish left readable by other accounts (folders
        0755, saves 0644) becomes this account's alone (saves/store.py)."""
        try:
            from tui.persistence import store

            store().tighten()
        except Exception:  # noqa: BLE001 - saving may be unavailable; the app still starts
            pass

    def _save_lock(self) -> Any:
        """A hosted game is saved under the host's lock: its orders are saved
        on the threads that give them (``HostingMixin.keep_hosted``), never
        two saves of one file at once."""
        import contextlib

        host = self.host
        return host.lock if host is not None else contextlib.nullcontext()

    def autosave(self, game: Any, announce: bool = False, force: bool = False) -> str | None:
        with self._save_lock():
            table = getattr(self.host, "table", None)
            if table is not None:
                game = table.game  # a hosted game: the table's is the one to keep
            return self._autosave(game, announce, force)

    def _autosave(self, game: Any, announce: bool, force: bool) -> str | None:
        self.game = game
        if self.session is None:
            if announce:
                self.notify("This game has no save file (saving is unavailable).", severity="warning")
            return None
        pending = {**self.pending(), **self.save_pending()}
        self.pending_kept = pending
        if game is self._on_disk and not pending and not announce and not force:
            return str(getattr(self.session, "path", "") or "") or "the save folder"
        was_failing = self._save_failed
        try:
            self.session.save(game, pending, seats=self.seat_kinds)
            self._on_disk = game
        except Exception as exc:
            self._save_failed = True
            if announce or not was_failing:
                title = ("Saving failed: no order is taken until it works again" if self.host is not None
                         else "Saving failed: the game keeps trying")
                self.report(title, exc)
            self._show_saving()
            return None
        self._saved_orders = len(game.orders)
        self._save_failed = False
        if was_failing:
            self.notify("Saved again: orders are taken again, nothing is lost." if self.host is not None
                        else "Saved again: nothing is lost.", markup=False)
        self._show_saving()
        where = str(getattr(self.session, "path", "") or "")
        if announce:
            self.notify(f"Saved{(' to ' + where) if where else ''}.", markup=False)
        return where or "the save folder"

    # -- a failed save: retried, shown, and never lost silently ---------------------------
    RETRY_SECONDS = 5.0

    def _show_saving(self) -> None:
        """On the app's thread: the retry timer runs while saving fails, and
        the game screens show the change (their banners say so)."""
        failed = self._save_failed
        if failed and self._retrying is None:
            self._retrying = self.set_interval(self.RETRY_SECONDS, self._retry_save)
        elif not failed and self._retrying is not None:
            self._retrying.stop()
            self._retrying = None
        if failed != self._shown_failed:
            self._shown_failed = failed
            from tui.game_screen import GameScreen

            for screen in self.screen_stack:
                if isinstance(screen, GameScreen):
                    screen.redraw()  # pokes a computer whose order was refused, too

    def on_saving_changed(self, message: Any) -> None:
        """A hosted game's save, made on the thread that gave the order,
        started failing or works again (``tui.persistence.SavingChanged``):
        said here, on the app's thread."""
        if message.failed:
            self.notify(f"{message.reason}. No order is taken, from either seat, until the game can be "
                        "saved; the other player is told why when they give one. Skirmish keeps trying.",
                        title="Saving failed", severity="error", timeout=12, markup=False)
        else:
            self.notify("Saved again: orders are taken again, nothing is lost.", markup=False)
        self._show_saving()

    def _retry_save(self) -> None:
        if self._save_failed and self.game is not None and self.session is not None:
            self.autosave(self.game)

    def unsaved(self) -> str:
        """What the last failed save would lose, in words ("" when saved)."""
        if not self._save_failed or self.game is None:
            return ""
        if self.host is not None:  # every order is saved before it is taken: none is lost
            return "SAVING FAILS: no order is taken until it works again"
        count = len(self.game.orders) - self._saved_orders
        orders = f"{count} order{'s' if count != 1 else ''}" if count > 0 else "the latest changes"
        drafts = " and the orders being written" if self.pending() else ""
        return f"UNSAVED: {orders}{drafts} since the last good save"

    def export_game(self, text: str) -> bool:
        """Write the game (with its drafts) to the path the player typed;
        a folder gets a new file inside it.  Says where, or why not."""
        from tui.persistence import store

        try:
            saves = store()
            target = Path(text).expanduser()
            if target.is_dir():
                target = saves.new_save_path(self.game, target)
            elif target.suffix != ".json":
                target = target.with_name(target.name + ".json")
            saves.save_game(self.game, target, self.pending(), self.seat_kinds)
        except Exception as exc:
            self.report("Could not write it there", exc)
            return False
        self.notify(f"Written to {target}; Load it with: skirmish load {target}", markup=False, timeout=10)
        return True

    def leave_question(self, question: str) -> Any:
        """The modal that asks before leaving the game: a yes/no while it is
        saved, else the choices of ``LeaveUnsaved`` (True: leave).  It never
        says "saved" of a game with no save file (the data folder could not
        be written): it offers to write it to a file the player names."""
        from tui.modals import LeaveUnsaved

        lost = self.unsaved()
        if not lost and self.no_save_file():
            why = self.no_file_reason or "the save folder could not be written"
            return LeaveUnsaved(f"This game has no save file ({why}). Leaving now loses it.",
                                retry=self.save_anew, export=self.export_game,
                                default_path=self._export_default(), retry_label="Try the save folder again")
        seat = self.remote_seat
        if seat is not None and not lost:  # a joined game: the host's file, not Continue
            asked = question.split("?", 1)[0] + "?"
            if getattr(seat, "game_id", None) is not None:  # a server's game (tui/lobby.py)
                return Confirm(f"{asked} The server keeps this game and what you have written; "
                               "the lobby brings you back to it.")
            return Confirm(f"{asked} The host keeps this game; skirmish join {seat.code} brings you back to it.")
        if not lost:
            return Confirm(question)
        if self.host is not None:
            text = ("Saving fails just now. Every order taken is in the save (none is taken until it can be "
                    "saved); the orders being written are not.")
        else:
            text = f"Saving has failed. Leaving now loses {lost.split(': ', 1)[1]}."
        return LeaveUnsaved(text, retry=lambda: self.autosave(self.game, announce=True) is not None,
                            export=self.export_game, default_path=self._export_default())

    def no_save_file(self) -> bool:
        """The game on screen is held by this process and has no save file
        (not a joined game, whose host saves it, nor a read-only view)."""
        from tui.game_screen import GameScreen
        from tui.readonly import ReadOnlyGameScreen

        if self.session is not None or self.game is None or self.remote_seat is not None:
            return False
        screens = [s for s in self.screen_stack if isinstance(s, GameScreen)]
        return bool(screens) and not any(isinstance(s, ReadOnlyGameScreen) for s in screens)

    def _export_default(self) -> str:
        """Where "write it to a file" proposes: the home folder, under the
        save's own name (or a fresh one)."""
        where = str(getattr(self.session, "path", "") or "")
        if where:
            return str(Path.home() / Path(where).name)
        try:
            from tui.persistence import store

            return str(store().new_save_path(self.game, Path.home()))
        except Exception:  # noqa: BLE001 - saving unavailable: the folder alone
            return str(Path.home())

    def save_anew(self) -> bool:
        """A game with no save file: try once more to give it one in the
        save folder.  Says where, or why not."""
        from tui.persistence import store

        session = None
        try:
            with self._save_lock():
                saves = store()
                session = saves.GameSession.open(saves.new_save_path(self.game))
                session.save(self.game, {**self.pending(), **self.save_pending()}, seats=self.seat_kinds)
        except Exception as exc:
            if session is not None:
                session.close()
            from tui.app import readable

            self.no_file_reason = readable(exc, 300)
            self.report("Still no save file", exc)
            return False
        self.session, self._on_disk, self.no_file_reason = session, self.game, ""
        self.notify(f"Saved to {session.path}.", markup=False)
        return True

    def pending(self) -> dict:
        """What the save keeps beside the game: the drafts of the open
        screens, and those restored but not yet reopened."""
        from tui.drafts import MAX_DRAFTS, collect

        drafts = collect(self.screen_stack)
        open_kinds = {(d["kind"], d["side"]) for d in drafts}
        played = len(getattr(self.game, "orders", ()))
        # A waiting draft of a decision since made ("at": the order count it was for) is gone.
        self.drafts_waiting = [d for d in self.drafts_waiting if d.get("at", played) == played]
        drafts += [d for d in self.drafts_waiting if (d["kind"], d["side"]) not in open_kinds]
        return {"drafts": drafts[:MAX_DRAFTS]} if drafts else {}
