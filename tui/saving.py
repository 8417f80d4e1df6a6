"""The open game's save file, held for the app by a :class:`SaveFiles`:
the session (``saves.session``), autosave with the drafts of this
keyboard's screens, a failed save retried and shown, the news of a hosted
game's save made on another thread (``tui.persistence.SavingChanged``), the
drafts restored from a save until their screens reopen them, and what
leaving offers when the game is not safely in a file (saving failed, or
there is no save file).

A game with a match (hot-seat, against the computer, hosted) is the
match's: a hosted match saves every order itself, before it is taken, on
whichever thread gives it (``tui.remote.hosting``); this object hands it
the host's drafts and says what its saves did."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any

from tui.modals import Confirm
from tui.persistence import AskingLeave, AskingPath
from tui.save_words import existing_file_words, file_and_folder, shell_path, shown_error, shown_path


def _in_saves_folder(path: Any) -> bool:
    try:
        from tui.persistence import store

        return Path(path).parent.resolve() == store().saves_dir().resolve()
    except Exception:  # noqa: BLE001 - saving unavailable: the folder is shown
        return False


class SaveFiles:
    """The app's save file and drafts (see the module docstring)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.session: Any = None
        self.failed = False  # set by a save on any thread (a hosted game's order)
        self._shown_failed = False  # what the screens and the retry timer last showed
        self.no_file_reason = ""  # why the open game has no save file, if it has none
        self.no_file_for: Any = None  # the new game open_new could give no file
        self.planned: Path | None = None  # its one file name until it has a file (``_named``)
        # The game exactly as its file holds it: saving it again would only
        # change the file's date (and its place in the Load list).
        self.on_disk: Any = None
        self.saved_orders = 0  # how many orders the last good save held
        self._retrying: Any = None  # the timer that retries a failed save
        self.drafts_waiting: list[dict] = []  # drafts from the save, not yet reopened (tui/drafts.py)
        self.last_pending: dict = {}  # this keyboard's drafts as last collected on the app's thread
        self.left_in: tuple[Path, bool] | None = None  # the last game left here: its file, and whether it was over

    @property
    def hosted(self) -> bool:
        return self.app.hosting.host is not None

    def tighten(self) -> None:
        """What an older Skirmish left readable by other accounts (folders
        0755, saves 0644) becomes this account's alone (saves/store.py)."""
        try:
            from tui.persistence import store

            store().tighten()
        except Exception:  # noqa: BLE001 - saving may be unavailable; the app still starts
            pass

    def fresh(self, game: Any) -> None:
        """A game is shown: nothing of the last one's failures or drafts
        stays (a new game that could get no save file is unsaved from the start)."""
        self._shown_failed = False
        self.failed = self.session is None and self.no_file_for is game
        self.saved_orders = 0 if self.failed else len(getattr(game, "orders", ()))
        if self._retrying is not None:
            self._retrying.stop()
            self._retrying = None
        if self.failed:
            self.show()
        self.drafts_waiting = []

    def open_new(self, game: Any, save: bool = True) -> None:
        """A save file for a new game (saved now with ``save``); when the
        folder cannot be written the game goes on without one, and says so."""
        from tui.persistence import store

        self.close()
        self.planned = None
        try:
            saves = store()
            self.session = saves.GameSession.open(self._named(saves, game))
            if save:
                self.session.save(game, seats=self.app.seat_kinds)
        except Exception as exc:
            from tui.app import readable

            self.session = None
            exc = shown_error(exc)
            self.no_file_reason = readable(exc, 300)
            self.app.report("This game has no save file: Skirmish keeps trying", exc)
            self.no_file_for = game  # unsaved from the start: said on the board, and retried (fresh)

    def close(self) -> None:
        self._note_left()
        if self.session is not None:
            try:
                self.session.close()
            except Exception:
                pass
        self.session = None

    def _note_left(self) -> None:
        """The game whose file closes now is in it (no failed save): kept
        for the line printed when Skirmish ends (``exit_words``)."""
        path = getattr(self.session, "path", None)
        game = self.app.game
        if path is None or self.failed or game is None:
            return
        self.left_in = (Path(path), getattr(game, "outcome", None) is not None)

    def exit_words(self) -> str:
        """One line for the terminal once the app has ended: where the last
        game left was saved and how to go on with it; "" when none was."""
        if self.left_in is None:
            return ""
        path, finished = self.left_in
        if not path.is_file():
            return ""
        from tui.save_words import file_and_folder, shell_path

        name, folder = file_and_folder(path)
        if finished:
            return f"Skirmish: the finished game is saved as {name} in {folder}."
        try:
            from saves.store import saves_dir

            in_saves = path.parent.resolve() == saves_dir().resolve()
        except Exception:  # noqa: BLE001 - a saves folder that cannot be named: the whole path
            in_saves = False
        load = path.stem if in_saves else shell_path(path)
        return (f"Skirmish: your game is saved as {name} in {folder}; "
                f"skirmish continue goes on with it (or skirmish load {load}).")

    # -- saving ---------------------------------------------------------------------
    def autosave(self, game: Any, announce: bool = False, force: bool = False) -> str | None:
        """Save the open game with the drafts of this keyboard's screens:
        through the hosted match, else the file at once.  Where it went, or None."""
        if self.hosted and self.app.match is not None:
            return self._save_hosted(announce, force)
        return self._save(game, announce, force)

    def _save_hosted(self, announce: bool, force: bool) -> str | None:
        """The host's drafts go to its match, which saves the game with every
        seat's drafts (the joiner's too); its failures reach the screens as
        ``SavingChanged`` (``Hosting.notice``)."""
        changed = self.app.hosting.hand_drafts(save=False)
        if self.session is None:
            if announce:
                self.app.notify("This game has no save file (saving is unavailable).", severity="warning")
            return None
        problem = self.app.match.save(force=changed or force or announce)
        if problem is not None:
            if announce:
                self.app.report("Saving failed: no order is taken until it works again", RuntimeError(problem))
            return None
        return self._said(announce)

    def _said(self, announce: bool) -> str:
        where = str(getattr(self.session, "path", "") or "")
        if announce:
            self.app.notify(f"Saved{(' to ' + shown_path(where)) if where else ''}.", markup=False)
        return where or "the save folder"

    def _lock(self) -> Any:
        """The open match's lock: its computer saves on its own thread, and
        two saves of one file never run at once."""
        import contextlib

        match = self.app.match
        return match.lock if match is not None else contextlib.nullcontext()

    def save_quietly(self, game: Any) -> bool:
        """Off the app's thread (a computer's order): write the file only,
        with the drafts last collected on the app's thread, touching no
        screen.  False when it failed: the app's autosave says so and retries."""
        if self.session is None:
            return True
        if self.failed:
            return False
        with self._lock():
            try:
                self.session.save(game, self._with_reasons(self.last_pending, game), seats=self.app.seat_kinds)
            except Exception:  # noqa: BLE001 - told and retried by the app's autosave, on its thread
                return False
            self.on_disk, self.saved_orders = game, len(game.orders)
        return True

    def _save(self, game: Any, announce: bool, force: bool) -> str | None:
        with self._lock():
            return self._save_locked(game, announce, force)

    def _save_locked(self, game: Any, announce: bool, force: bool) -> str | None:
        app = self.app
        if self.session is None:
            if announce:
                app.notify("This game has no save file (saving is unavailable).", severity="warning")
            return None
        pending = self.pending()
        if game is self.on_disk and not pending and not announce and not force:
            return str(getattr(self.session, "path", "") or "") or "the save folder"
        was_failing = self.failed
        try:
            self.session.save(game, self._with_reasons(pending, game), seats=app.seat_kinds)
            self.on_disk = game
        except Exception as exc:
            self.failed = True
            if announce or not was_failing:
                app.report("Saving failed: the game keeps trying", shown_error(exc))
            self.show()
            return None
        self.saved_orders = len(game.orders)
        self.failed = False
        if was_failing:
            app.notify("Saved again: nothing is lost.", markup=False)
        self.show()
        return self._said(announce)

    # -- a failed save: retried, shown, and never lost silently ---------------------------
    def show(self) -> None:
        """On the app's thread: the retry timer runs while saving fails, and
        the game screens show the change (their banners say so)."""
        failed = self.failed
        if failed and self._retrying is None:
            self._retrying = self.app.set_interval(self.app.RETRY_SECONDS, self._retry)
        elif not failed and self._retrying is not None:
            self._retrying.stop()
            self._retrying = None
        if failed != self._shown_failed:
            self._shown_failed = failed
            from tui.game_screen import GameScreen

            for screen in self.app.screen_stack:
                if isinstance(screen, GameScreen):
                    screen.redraw()  # pokes a computer whose order was refused, too

    def changed(self, message: Any) -> None:
        """A hosted game's save, made on the thread that gave the order,
        started failing or works again (``tui.persistence.SavingChanged``):
        said here, on the app's thread."""
        self.failed = message.failed
        if message.failed:
            self.app.notify(f"{message.reason}. No order is taken, from either seat, until the game can be "
                            "saved; the other player is told why when they give one. Skirmish keeps trying.",
                            title="Saving failed", severity="error", timeout=12, markup=False)
        else:
            self.app.notify("Saved again: orders are taken again, nothing is lost.", markup=False)
        self.show()

    def _retry(self) -> None:
        if self.failed and self.app.game is not None and self.session is not None:
            self.autosave(self.app.game)
        elif self.failed and self.app.game is not None and self.no_save_file() and self.save_anew(quiet=True):
            self.failed, self.saved_orders = False, len(self.app.game.orders)
            self.show()

    def unsaved(self) -> str:
        """What the last failed save would lose, in words ("" when saved)."""
        game = self.app.game
        if not self.failed or game is None:
            return ""
        if self.hosted:  # every order is saved before it is taken: none is lost
            return "SAVING FAILS: no order is taken until it works again"
        count = len(game.orders) - self.saved_orders
        orders = f"{count} order{'s' if count != 1 else ''}" if count > 0 else "the latest changes"
        drafts = " and the orders being written" if self.pending() else ""
        if self.session is None:
            return f"UNSAVED: {orders}{drafts}, no save file yet"
        return f"UNSAVED: {orders}{drafts} since the last good save"

    # -- leaving a game that is not safely in a file ------------------------------------
    def export(self, text: str) -> bool:
        """Write the game (with its drafts) to the path the player typed;
        a folder gets a new file inside it.  A file already there is never
        replaced unasked: the player is told what it holds and asked (a
        read-only one is refused), and False returned meanwhile; a yes
        writes it and closes the menu that asked for the name
        (``tui.modals.LeaveUnsaved``).  Says where, or why not."""
        from tui.persistence import store

        try:
            target = Path(text).expanduser()
            if target.is_dir():
                target = self._named(store(), self.app.game, target)
            elif target.suffix != ".json":
                target = target.with_name(target.name + ".json")
        except Exception as exc:
            self.app.report("Could not write it there", shown_error(exc))
            return False
        if target.exists() or target.is_symlink():
            self._ask_to_replace(target)
            return False
        return self._write_to(target)

    def _write_to(self, target: Path) -> bool:
        from tui.persistence import store

        try:
            store().save_game(self.app.game, target, self._all_pending(), self.app.seat_kinds)
        except Exception as exc:
            self.app.report("Could not write it there", shown_error(exc))
            return False
        self.app.notify(f"Written to {shown_path(target)}. Load it with: skirmish load {shell_path(target)}",
                        markup=False, timeout=10)
        return True

    def _ask_to_replace(self, target: Path) -> None:
        """``target`` exists: say what it holds and ask before replacing it
        (its content is then kept as ``<name>.bak``, as every save keeps the
        one before); no asks for another name."""
        from textual.markup import escape

        from tui.persistence import store

        name = target.name
        if store().read_only(target):
            self.app.notify(f"{name} is read-only: Skirmish does not write over it. Name another file.",
                            severity="warning", markup=False, timeout=10)
            self._ask_another_name(target)
            return

        def answered(yes: bool | None) -> None:
            if not yes:
                self._ask_another_name(target)
            elif self._write_to(target):
                self._written()

        question = (f"{escape(name)} exists ({escape(existing_file_words(target))}): replace it? "
                    f"What it holds now is kept as {escape(name)}.bak.")
        self.app.push_screen(Confirm(question), answered)

    def _ask_another_name(self, target: Path) -> None:
        def typed(text: str | None) -> None:
            if text and self.export(text):
                self._written()

        self.app.push_screen(AskingPath(f"{target.name} is kept as it is. Write this game (a save file) to:",
                                        str(target)), typed)

    def _written(self) -> None:
        """The game was written where the player said, after a question:
        the menu that asked where (leaving) closes, as when written at once."""
        from tui.modals import LeaveUnsaved

        screen = self.app.screen
        if isinstance(screen, LeaveUnsaved):
            screen.dismiss(True)

    def rescue(self) -> str:
        """The process ends by a signal (an SSH drop) while the game is not
        safely in its file (saving fails, or it never had one): it is
        written to the home folder, else to a private folder under the
        system's temporary one.  What to tell on the way out ("" when
        nothing needed rescuing)."""
        game = self.app.game
        lost = self.unsaved() or ("no save file" if self.no_save_file() else "")
        if game is None or not game.orders or not lost or self.hosted:
            return ""
        from tui.persistence import store

        problems = []
        for folder in (Path.home(), None):
            try:
                saves = store()
                if folder is None:
                    import tempfile

                    folder = Path(tempfile.mkdtemp(prefix="skirmish-rescue-"))  # 0700, this account's
                target = self._named(saves, game, folder)
                saves.save_game(game, target, self._all_pending(), self.app.seat_kinds)
            except Exception as exc:  # noqa: BLE001 - the next place, then say what was lost
                from tui.cli import shown_folder

                problems.append(f"{shown_folder(folder)}: {shown_error(exc)}")
                continue
            return (f"skirmish: the game could not be saved in its folder ({lost}); it was written to "
                    f"{shown_path(target)} instead: skirmish load {shell_path(target)}")
        return (f"skirmish: the game could not be saved ({lost}), nor written anywhere else "
                f"({'; '.join(problems)[:300]}): it is lost")

    def leave_question(self, question: str) -> Any:
        """The modal that asks before leaving the game: a yes/no while it is
        saved, else the choices of ``LeaveUnsaved`` (True: leave).  It never
        says "saved" of a game with no save file (the data folder could not
        be written): it offers to write it to a file the player names."""
        lost = self.unsaved()
        if self.no_save_file():
            why = self.no_file_reason or "the save folder could not be written"
            return AskingLeave(f"This game has no save file: {why.rstrip('.')}. Leaving now loses it.",
                               retry=self.save_anew, export=self.export,
                               default_path=self._export_default(), retry_label="Try the save folder again")
        seat = self.app.joining.seat
        if seat is not None and not lost:  # a joined game: the host's file, not Continue
            asked = question.split("?", 1)[0] + "?"
            if getattr(seat, "game_id", None) is not None:  # a server's game (tui/lobby.py)
                if seat.side is None or seat.outcome() is not None:  # nothing of yours still to write
                    return Confirm(f"{asked} The server keeps this game; the lobby lists it.")
                return Confirm(f"{asked} The server keeps this game and what you have written; "
                               "the lobby brings you back to it.")
            from tui.command_word import command_word

            return Confirm(f"{asked} The host keeps this game; {command_word()} join {seat.code} brings you back "
                           "to it.")
        if not lost and self.hosted and getattr(self.app.game, "outcome", True) is None:
            return Confirm(self._hosted_question(question))
        if not lost:
            return Confirm(self._with_file(question))
        if self.hosted:
            text = ("Saving fails just now. Every order taken is in the save (none is taken until it can be "
                    "saved); the orders being written are not.")
        else:
            text = f"Saving has failed. Leaving now loses {lost.split(': ', 1)[1]}."
        return AskingLeave(text, retry=lambda: self.autosave(self.app.game, announce=True) is not None,
                           export=self.export, default_path=self._export_default())

    def _hosted_question(self, question: str) -> str:
        """The leave question of a hosted game still going on: what brings it
        back (Continue, or ``skirmish host FILE``), with the same code for
        the joiner."""
        from textual.markup import escape

        host = self.app.hosting.host
        asked = question.split("?", 1)[0] + "?"
        other = escape(host.facts.players[host.remote_side])
        path = getattr(self.session, "path", None)
        again = "Continue, or skirmish host FILE," if path else "Continue"
        text = (f"{asked} It is saved: {again} brings it back, hosted with the same code "
                f"({host.code}); {other} can rejoin with it.")
        return self._with_file(text, escaped=True, folder_always=True)

    def _with_file(self, question: str, escaped: bool = False, folder_always: bool = False) -> str:
        """The leave question with the save's name, which ``skirmish load
        FILE`` (or ``host FILE``) takes, as markup: the file's name whole
        on its own line (the box widens to keep it whole: tui/modals.py
        Confirm), its folder below, shortened with ~: a path broken
        mid-word where it wrapped copied as a broken path.  A save in the
        saves folder, where a bare name is looked for, is said to be there
        (unless ``folder_always``)."""
        from textual.markup import escape

        text = question if escaped else escape(question)
        path = getattr(self.session, "path", None)
        if not path:
            return text
        name, folder = file_and_folder(path)
        if not folder_always and _in_saves_folder(path):
            folder = "the saves folder"
        return text + f"\nFILE: {escape(name)}\nin {escape(folder)}"

    def no_save_file(self) -> bool:
        """The game on screen is held by this process and has no save file
        (not a joined game, whose host saves it, nor a read-only view)."""
        from tui.game_screen import GameScreen
        from tui.readonly import ReadOnlyGameScreen

        if self.session is not None or self.app.game is None or self.app.joining.seat is not None:
            return False
        screens = [s for s in self.app.screen_stack if isinstance(s, GameScreen)]
        return bool(screens) and not any(isinstance(s, ReadOnlyGameScreen) for s in screens)

    def _export_default(self) -> str:
        """Where "write it to a file" proposes: the home folder, under the
        save's own name (or a fresh one)."""
        where = str(getattr(self.session, "path", "") or "")
        if where:
            return str(Path.home() / Path(where).name)
        try:
            from tui.persistence import store

            return str(self._named(store(), self.app.game, Path.home()))
        except Exception:  # noqa: BLE001 - saving unavailable: the folder alone
            return str(Path.home())

    def _named(self, saves: Any, game: Any, folder: Path | None = None) -> Path:
        """The file of a game with no save file: one name, made once (a
        name holds the time it is made), in every notice, retry and offer
        to write it elsewhere; in ``folder`` (default the saves folder),
        unless a file there has that name already."""
        if self.planned is None:
            self.planned = saves.new_save_path(game)
        where = self.planned if folder is None else Path(folder) / self.planned.name
        if os.path.lexists(where) or os.path.lexists(f"{where}.lock"):
            return saves.new_save_path(game, where.parent)
        return where

    def save_anew(self, quiet: bool = False) -> bool:
        """A game with no save file: try once more to give it one in the
        save folder.  Says where, or (unless ``quiet``: the retry timer's
        try) why not."""
        from tui.persistence import store

        game, session = self.app.game, None
        host = self.app.hosting.host
        try:
            with host.lock if host is not None else contextlib.nullcontext():
                saves = store()
                session = saves.GameSession.open(self._named(saves, game))
                session.save(game, self._all_pending(), seats=self.app.seat_kinds)
        except Exception as exc:
            if session is not None:
                session.close()
            from tui.app import readable

            exc = shown_error(exc)
            self.no_file_reason = readable(exc, 300)
            if not quiet:
                self.app.report("Still no save file", exc)
            return False
        self.session, self.on_disk, self.no_file_reason = session, game, ""
        self.failed, self.saved_orders = False, len(game.orders)
        self.show()
        self.app.notify(f"Saved to {shown_path(session.path)}: nothing is lost.", markup=False)
        return True

    def _all_pending(self) -> dict:
        """What a save keeps beside the game: a hosted match's (every seat's
        drafts, the hosting), else this keyboard's drafts."""
        if self.hosted and self.app.match is not None:
            self.app.hosting.hand_drafts(save=False)
            return {**self.app.match.pending(), **self.app.hosting.pending()}
        return self._with_reasons(self.pending(), self.app.game)

    def _with_reasons(self, pending: dict, game: Any) -> dict:
        """This keyboard's drafts and the computer's reasons its match keeps
        for the orders of ``game`` (``Match.saved_reasons``), saved beside it."""
        match = self.app.match
        reasons = match.saved_reasons(game) if match is not None and game is not None else []
        return {**pending, "reasons": reasons} if reasons else pending

    # -- drafts ----------------------------------------------------------------------------
    def pending(self) -> dict:
        """This keyboard's drafts: those of the open screens, and those
        restored but not yet reopened."""
        from tui.drafts import MAX_DRAFTS, collect

        drafts = collect(self.app.screen_stack)
        open_kinds = {(d["kind"], d["side"]) for d in drafts}
        played = len(getattr(self.app.game, "orders", ()))
        # A waiting draft of a decision since made ("at": the order count it was for) is gone.
        self.drafts_waiting = [d for d in self.drafts_waiting if d.get("at", played) == played]
        drafts += [d for d in self.drafts_waiting if (d["kind"], d["side"]) not in open_kinds]
        self.last_pending = {"drafts": drafts[:MAX_DRAFTS]} if drafts else {}
        return self.last_pending

    def reopen_drafts(self, screen: Any) -> None:
        """Called by the game screen once ``screen.keyboard_side`` has the
        keyboard and nothing is open over the board: that side's waiting
        draft, if any, opens again where it was left."""
        from tui.drafts import HELD, reopen

        side = screen.keyboard_side
        mine = [d for d in self.drafts_waiting if d.get("side") == side and not d.get(HELD)]
        if side is None or not mine or (self.session is None and self.app.joining.seat is None):
            return  # read-only views reopen nothing
        if self.offer_drafts(self.app.screen):
            return
        if getattr(screen, "modal_open", True):
            return
        draft = mine[0]
        self.drafts_waiting.remove(draft)
        modal = reopen(screen.game, side, draft)
        if modal is not None:
            screen.open_modal(modal, screen.submit_result)

    def offer_drafts(self, screen: Any) -> bool:
        """A screen the game opened again by itself (a decision still to
        make) takes the waiting draft that belongs to it, if any, through
        its ``take_draft``; called when such a screen opens."""
        take = getattr(screen, "take_draft", None)
        if not callable(take):
            return False
        for draft in list(self.drafts_waiting):
            if take(draft):
                self.drafts_waiting.remove(draft)
                return True
        return False
