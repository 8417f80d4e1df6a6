"""Opening a saved game: Continue (the newest playable save, found off the
interface thread), Load's choice, watching a save, and a game another
Skirmish holds (offered read-only).  A hosted game's save is hosted again
(``Hosting.resume``, as ``skirmish host FILE``), never opened at one keyboard.  The app holds one ``SavedGames`` and
shows what it opens."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tui.menu import LoadScreen


def unwritable(exc: BaseException) -> bool:
    """Whether opening a save failed because its folder cannot be written
    (the lock is a file beside the save): a read-only disk, or no right."""
    import errno

    cause = getattr(exc, "__cause__", None)
    return isinstance(cause, OSError) and cause.errno in (errno.EROFS, errno.EACCES, errno.EPERM)


def was_hosted(pending: Any) -> bool:
    """Whether a save's ``pending`` holds a hosted game's record (its
    ``hosting``: the join code and the fair-dice halves)."""
    return isinstance(pending, dict) and isinstance(pending.get("hosting"), dict)


def hosted_save(game: Any, pending: Any) -> bool:
    """A save of a hosted game still going on (``was_hosted``): Continue
    and Load host it again.  A finished one opens as before, for its
    result: nothing is left to play, and opening it changes nothing in its
    file."""
    return was_hosted(pending) and getattr(game, "outcome", None) is None


def _last_played(path: Path) -> str | None:
    """When the game saved at ``path`` was last played, as the Load list
    dates it (``listing.save_date``): what a copy of it keeps."""
    from saves.listing import save_date

    when = save_date(Path(path))
    return when.isoformat(timespec="seconds") if when is not None else None


def server_games_words() -> str:
    """Where a server's games are resumed, said after "nothing to continue"
    when a Skirmish server runs on this machine: Continue opens this
    account's own saves only, and which games the server holds for the
    player is known only by asking it (its lobby lists them), "" else."""
    from tui.lobby import server_reachable

    if not server_reachable():
        return ""
    return " A game on this machine's server is resumed from its lobby: s in the main menu, or skirmish lobby."


class SavedGames:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.continuing: Any = None  # the SaveScan of a Continue under way

    @property
    def scanning(self) -> bool:
        """Continue is still looking for a game (tests wait on this)."""
        return self.continuing is not None and not self.continuing.finished

    def continue_latest(self) -> None:
        """Open the newest playable save, found off the interface thread
        (``SaveScan``): a slow or hostile file never freezes the app."""
        from tui.persistence import SaveScan

        app = self.app
        if self.continuing is not None and not self.continuing.finished:
            return  # already looking
        found: list[Any] = []
        finished: list[Any] = []
        broken: list[Any] = []  # newer than the game continued (the scan goes newest first)

        def seen(summary: Any) -> None:
            if isinstance(summary, Exception):
                app.report("Cannot continue", summary)
            elif summary.problem is None and not summary.over:
                found.append(summary.path)
            elif summary.over:
                finished.append(summary.path)
            elif not found:
                broken.append(summary)

        def done() -> None:
            if not found:
                # Continue never offers a finished game; say where they are.
                if broken:  # a save that cannot be read is still a save: never "no saved game"
                    words = (f"No game to continue: {len(broken)} save{'s' if len(broken) != 1 else ''} "
                             "cannot be read (Load lists them, and why).")
                elif finished:
                    words = "No unfinished game to continue: Load lists the finished ones."
                else:
                    words = "There is no saved game yet."
                app.notify(words + server_games_words(), severity="warning", markup=False)
                return
            if broken:  # never an older game in silence: the newest save may be the one wanted
                newest = broken[0]
                more = f" (and {len(broken) - 1} more)" if len(broken) > 1 else ""
                backup = getattr(newest, "backup", None)
                offer = " (its backup opens: Load offers it)" if backup is not None and not backup.problem else ""
                app.notify(f"The newest save, {newest.name}{more}, cannot be opened: {newest.problem}{offer}. "
                           f"Continuing {found[0].stem}, the newest that can; Load lists them all.",
                           title="A newer save is damaged", severity="warning", timeout=15, markup=False)
            self.open_saved(found[0])

        self.continuing = SaveScan(seen, done, first_playable=True).start(app)

    def open_saved(self, path: Path) -> None:
        from tui.persistence import store

        app = self.app
        if self._is_open_here(Path(path)):
            self._back_to_open_game()
            return
        try:
            saves = store()
            session = saves.GameSession.open(Path(path))
        except Exception as exc:
            if type(exc).__name__ == "GameLocked":
                self.offer_read_only(Path(path), str(getattr(exc, "holder", "another process")))
                return
            if type(exc).__name__ == "SaveReadOnly":  # before anything is written: the file is kept as it is
                self._open_read_only_save(Path(path))
                return
            if unwritable(exc) and Path(path).is_file():
                self.offer_watch(Path(path), exc)
                return
            app.report("Cannot open that save", exc)
            return
        try:
            game, pending, seats = saves.load_for_play(Path(path))
        except Exception as exc:
            session.close()
            if not self._backup_instead(Path(path)):
                app.report("Cannot open that save", exc)
            return
        self._play(Path(path), session, game, pending, seats)

    def _backup_instead(self, path: Path) -> bool:
        """A save that does not open but whose backup does (``skirmish load
        FILE`` on a truncated save): offered as Load offers it
        (``offer_backup``).  False when there is no backup that opens."""
        from saves.listing import summarise

        try:
            summary = summarise(path)
        except Exception:
            return False
        backup = getattr(summary, "backup", None)
        if not summary.problem or backup is None or backup.problem:
            return False
        self.offer_backup(summary)
        return True

    def _play(self, path: Path, session: Any, game: Any, pending: Any, seats: Any) -> None:
        """The game of a save whose lock ``session`` holds, on screen."""
        app = self.app
        if hosted_save(game, pending):
            # A hosted game comes back hosted, never as a game at one keyboard:
            # the same code, the joiner's seat waiting for it (as ``skirmish host FILE``).
            app.hosting.resume(path, opened=(session, game, pending, seats))
            return
        from tui.drafts import waiting_from

        app.let_go()  # a hosted or joined game open until now never runs on behind this one
        app.close_session()
        app.saves.session, app.saves.on_disk = session, game
        app.seat_kinds = seats
        app.show_game(game, None)
        app.saves.drafts_waiting = waiting_from(pending)
        if app.match is not None and isinstance(pending, dict):  # before its screen is up: shown there
            app.match.restore_reasons(pending.get("reasons"))

    def _open_read_only_save(self, path: Path) -> None:
        """A read-only save: a finished game opens as any finished save
        (for its result; opening it writes nothing in its file), a game
        still going on is offered a copy or watching (``offer_copy``)."""
        from tui.persistence import store

        try:
            saves = store()
            game, pending, seats = saves.load_for_play(path)
            if game.outcome is None:
                self.offer_copy(path)
                return
            session = saves.GameSession.open(path, to_write=False)
        except Exception as exc:
            if not self._backup_instead(path):
                self.app.report("Cannot open that save", exc)
            return
        self._play(path, session, game, pending, seats)

    def offer_copy(self, path: Path) -> None:
        """A read-only save (how a player keeps a game as it is): playing
        writes every order, so it is never played in place.  Offered: play
        on in a copy, a new file in the saves folder, or watch it."""
        from textual.markup import escape

        from tui.modals import ChoiceMenu

        def chosen(choice: str | None) -> None:
            if choice == "copy":
                self.play_copy(path)
            elif choice == "watch":
                self.watch_saved(path)

        self.app.push_screen(ChoiceMenu(
            f"{escape(path.name)} is read-only: Skirmish never writes over it, and playing saves every order.",
            [("Play on in a copy (a new save in the saves folder; this file stays as it is)", "copy"),
             ("Watch it from the start (nothing is written)", "watch"),
             ("Back", "back")]), chosen)

    def play_copy(self, path: Path, kept: Path | None = None) -> None:
        """The game of a read-only save, played on in a new file in the saves
        folder (``store.new_save_path``); the read-only file is only read.
        The copy keeps the time the game was last played (the Load list's
        date), not the time it was copied.  ``kept``: the save named as the
        one left as it is, when ``path`` is its backup."""
        from tui.persistence import store
        from tui.save_words import shown_error, shown_path

        app, session = self.app, None
        try:
            saves = store()
            game, pending, seats = saves.load_for_play(path)
            session = saves.GameSession.open(saves.new_save_path(game))
            session.save(game, pending, seats, saved_at=_last_played(path))
        except Exception as exc:
            if session is not None:
                session.close()
            app.report("Cannot play on in a copy", shown_error(exc))
            return
        app.notify(f"Playing on in a copy: {shown_path(session.path)}. {(kept or path).name} stays as it was.",
                   markup=False, timeout=10)
        self._play(Path(session.path), session, game, pending, seats)

    def offer_backup(self, summary: Any) -> None:
        """A broken save whose backup (``<save>.bak``, the game as saved
        the time before) opens: offered to put it back as the save and play
        on, the broken file kept beside it (a read-only save: to play on
        from the backup in a copy instead, the save left as it is), or to
        watch the backup."""
        from textual.markup import escape

        from saves.listing import local_time
        from saves.store import read_only
        from tui.modals import ChoiceMenu

        path, backup = Path(summary.path), summary.backup

        def chosen(choice: str | None) -> None:
            if choice == "restore":
                self.restore_backup(path)
            elif choice == "copy":
                self.play_copy(Path(backup.path), kept=path)
            elif choice == "watch":
                self.watch_saved(backup.path)

        when = local_time(backup.saved_at)
        if read_only(path):  # never put back over: played on in a copy instead (restore_backup refuses)
            first = ("Play on from the backup in a copy (a new save in the saves folder; "
                     "this read-only file stays as it is)", "copy")
        else:
            first = ("Put the backup back as this save and play on (the broken file is kept, renamed)", "restore")
        self.app.push_screen(ChoiceMenu(
            f"{escape(path.name)} cannot be opened: {escape(summary.problem)}\n"
            f"Its backup, {escape(backup.name)}, opens: the game as saved before, {escape(when)}.",
            [first, ("Watch the backup from the start (nothing is written)", "watch"),
             ("Back", "back")]), chosen)

    def restore_backup(self, path: Path) -> None:
        """``offer_backup``'s first choice, then the game opened as Load opens it."""
        from tui.save_words import shown_error

        try:
            from saves.session import restore_backup

            aside = restore_backup(path)
        except Exception as exc:
            if type(exc).__name__ == "GameLocked":
                self.offer_read_only(path, str(getattr(exc, "holder", "another process")))
                return
            self.app.report("The backup was not put back", shown_error(exc))
            return
        self.app.notify(f"The backup is the save again; the broken file is kept as {aside.name}.",
                        markup=False, timeout=10)
        self.open_saved(path)

    def _is_open_here(self, path: Path) -> bool:
        """This process already holds ``path`` (Continue or Load of the game
        on screen): it is not "another Skirmish"."""
        app = self.app
        current = getattr(app.session, "path", None)
        if current is None or not getattr(app.session, "is_open", False):
            return False
        try:
            return Path(current).resolve() == path.resolve()
        except OSError:
            return False

    def _back_to_open_game(self) -> None:
        from tui.game_screen import GameScreen

        app = self.app
        if not any(isinstance(s, GameScreen) for s in app.screen_stack):
            game = app.game
            if game is None:
                return
            app.show_game(game, None)
            return
        while not isinstance(app.screen, GameScreen) and len(app.screen_stack) > 2:
            app.pop_screen()

    def watch_saved(self, path: Path, leaves: bool = False) -> None:
        """Watch a save from its first position, with the computer's reasons
        it kept (tui/reason_log.py).  Reads the file only: no lock, no
        autosave, the save is never written; a game not over is read again
        as its save changes (tui/watch_follow.py).  ``leaves``: opened by
        ``skirmish watch FILE``, q leaves Skirmish (else back to the list)."""
        from tui.app import safe_players
        from tui.persistence import store
        from tui.reason_log import saved_reasons
        from tui.watch import WatchScreen

        app = self.app
        try:
            game, pending, seats = store().load_for_play(Path(path))
        except Exception as exc:
            app.report("Cannot watch that save", exc)
            return
        try:
            game = safe_players(game)
            screen = WatchScreen(game, reasons=saved_reasons(game, pending), seats=seats, leaves=leaves,
                                 path=Path(path))  # followed while the game goes on
        except Exception as exc:
            app.report("Cannot watch that save", exc)
            return
        app.push_screen(screen)

    def offer_read_only(self, path: Path, holder: str) -> None:
        """Another process holds this game: say who, and offer to watch it
        read-only or to choose another game."""
        from textual.markup import escape

        from tui.modals import ChoiceMenu

        app = self.app
        def chosen(choice: str | None) -> None:
            if choice == "view":
                self.view_read_only(path, holder)
            elif choice == "other" and not isinstance(app.screen, LoadScreen):
                app.push_screen(LoadScreen())

        app.push_screen(ChoiceMenu(f"This game is open in another Skirmish: {escape(holder)}.",
                                    [("Watch it read-only", "view"), ("Choose another game", "other"),
                                     ("Back", "back")]), chosen)

    def offer_watch(self, path: Path, exc: BaseException) -> None:
        """The save's folder cannot be written (a read-only disk, a folder
        of another account): no game is played from it, but it can be
        watched from its start, which writes nothing."""
        from textual.markup import escape

        from tui.modals import ChoiceMenu

        def chosen(choice: str | None) -> None:
            if choice == "watch":
                self.watch_saved(path)

        reason = getattr(exc, "__cause__", None)
        why = getattr(reason, "strerror", None) or "it cannot be written"
        self.app.push_screen(ChoiceMenu(f"This game cannot be played from here: its folder cannot be written "
                                        f"({escape(why)}), and playing saves every order.",
                                        [("Watch it from the start (nothing is written)", "watch"),
                                         ("Back", "back")]), chosen)

    def view_read_only(self, path: Path, holder: str) -> None:
        from tui.persistence import store
        from tui.readonly import ReadOnlyGameScreen

        app = self.app
        try:
            game = store().load_game(path)
        except Exception as exc:
            app.report("Cannot open that save", exc)
            return
        app.let_go()
        app.close_session()
        app.show_game(game, None, ReadOnlyGameScreen(game, holder, path))
