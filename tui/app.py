"""The Skirmish Textual app: screens, the open game's save session and
quitting (autosave, failed saves and what leaving offers are tui/saving.py;
the command palette is tui/palette.py).

``run_app`` is what the ``skirmish`` command calls.
"""

from __future__ import annotations

import signal
import traceback
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from textual.app import App
from textual.binding import Binding

from tui import textual_fixes
from tui.menu import LoadScreen, MainMenu
from tui.modals import Confirm
from tui.palette import SkirmishCommands
from tui.remote.play import HostingMixin
from tui.saving import SavingMixin

EXIT_GRACE = 5.0  # seconds a signalled app has to shut down before the process is ended


class SkirmishApp(SavingMixin, HostingMixin, App[None]):
    TITLE = "Skirmish"
    COMMANDS = App.COMMANDS | {SkirmishCommands}

    def action_command_palette(self) -> None:
        """One palette at most, wherever it is in the stack (tui/textual_fixes.py)."""
        textual_fixes.open_command_palette(self)

    BINDINGS = [
        Binding("ctrl+q", "request_quit", "Quit", show=False, priority=True),
        Binding("c", "chat", "Chat"),  # a server's game only (check_action)
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "chat":  # a line to the other player of a server's game (tui/lobby.py)
            return callable(getattr(self.remote_seat, "say", None)) and getattr(self.remote_seat, "side", None) \
                is not None and type(self.screen).__name__ == "GameScreen"
        return True

    def action_chat(self) -> None:
        from tui.lobby_seat import chat_line

        chat_line(self)

    def __init__(self, continue_latest: bool = False, load_path: Path | None = None,
                 watch_path: Path | None = None, host_path: Path | None = None, host_new: bool = False,
                 join_code: str | None = None, join_watch: bool = False, host_computer: str | None = None,
                 join_name: str | None = None, lobby: Any = None) -> None:
        # partial repaints write only their dirty columns; a burst of keys
        # closes a menu once, never the screen under it
        textual_fixes.apply_all()
        super().__init__()
        self.continue_latest = continue_latest
        self.load_path = load_path
        self.watch_path = watch_path
        self.host_path, self.host_new, self.join_code = host_path, host_new, join_code
        self.join_role = "watch" if join_watch else "player"
        self.join_name = join_name or ""  # what a joiner tells the host its name is (``--name``)
        self.host_computer = host_computer  # the computer level that plays a hosted game's host side
        self.session: Any = None
        self.seat_kinds: tuple[str, str] = ("human", "human")  # who plays each side of the open game
        self.game: Any = None  # the game on screen, as last autosaved
        self.match: Any = None  # the match of a game played at this keyboard (match.Match), or None
        self._save_failed = False  # set by a save on any thread (a hosted game's order)
        self._shown_failed = False  # what the screens and the retry timer last showed
        self.pending_kept: dict = {}  # the drafts as last collected on the app's thread
        self.app_thread: int | None = None
        self.no_file_reason = ""  # why the open game has no save file, if it has none
        # The game exactly as its file holds it: saving it again would only
        # change the file's date (and its place in the Load list).
        self._on_disk: Any = None
        self._saved_orders = 0  # how many orders the last good save held
        self._retrying: Any = None  # the timer that retries a failed save
        self._signal_loop: Any = None
        self._old_handlers: dict[int, Any] = {}
        self._signalled = False
        self.continuing: Any = None  # the SaveScan of a Continue under way
        self.drafts_waiting: list[dict] = []  # drafts from the save, not yet reopened (tui/drafts.py)
        # ``skirmish lobby``/``door``: (socket path, identity, lobby only) of the server (tui/lobby.py)
        self.lobby = lobby
        self.seat_drafts: Any = None  # hands a server seat's drafts to the server (tui/lobby.py)
        self.server_lobby: Any = None  # the server's lobby on screen, if any (tui/lobby.py)
        if lobby is not None and lobby[2]:
            self.ENABLE_COMMAND_PALETTE = False  # the door offers the lobby only, not this account's games

    def on_mount(self) -> None:
        import threading

        self.app_thread = threading.get_ident()  # a hosted game's orders are saved on other threads too
        self._tighten_data_dir()
        self.push_screen(MainMenu())
        self.call_after_refresh(self.check_size)
        self._install_signal_handlers()
        if self.lobby is not None:
            from tui.lobby import open_lobby

            open_lobby(self, *self.lobby)
        elif self.join_code is not None:
            from tui.remote.play import JoinScreen

            self.push_screen(JoinScreen(self.join_code))
        elif self.host_path is not None:
            self.resume_hosting(Path(self.host_path))
        elif self.host_new:
            self.action_host_game()
        elif self.watch_path is not None:
            self.watch_saved(Path(self.watch_path))
        elif self.load_path is not None:
            self.open_saved(Path(self.load_path))
        elif self.continue_latest:
            self.action_continue_game()

    def get_driver_class(self) -> Any:
        return textual_fixes.driver_class(super().get_driver_class())

    def pop_screen(self) -> Any:
        """Never pop the main menu: below it there is only Textual's blank
        screen (a stray pop used to leave the app empty, or raise
        ScreenStackError with one screen left)."""
        from textual.await_complete import AwaitComplete

        if len(self.screen_stack) <= 2:
            return AwaitComplete.nothing()
        return super().pop_screen()

    def on_resize(self, event: Any) -> None:
        self.call_after_refresh(self.check_size)

    def check_size(self) -> None:
        """Cover the screens with a "make it larger" message below 80x24,
        and take it away once the terminal is large enough again."""
        from tui.modals import MIN_SIZE, TooSmall

        width, height = self.size
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        covered = isinstance(self.screen, TooSmall)
        if small and not covered and len(self.screen_stack) > 1:
            self.push_screen(TooSmall())
        elif not small and covered:
            self.pop_screen()

    # -- SIGTERM / SIGHUP: save, then end -------------------------------------------
    def _install_signal_handlers(self) -> None:
        try:
            import asyncio

            loop = asyncio.get_running_loop()
            for sig in (signal.SIGTERM, signal.SIGHUP):
                self._old_handlers[sig] = signal.getsignal(sig)
                loop.add_signal_handler(sig, self._on_signal, sig)
            self._signal_loop = loop
        except (NotImplementedError, RuntimeError, AttributeError, ValueError):
            pass  # not on a Unix main thread (Windows, a worker thread): nothing to install

    def _remove_signal_handlers(self) -> None:
        """Give the signals back as they were before the app (a test run
        under Pilot goes on after the app: a later SIGTERM must end it)."""
        loop, self._signal_loop = self._signal_loop, None
        if loop is None:
            return
        for sig, old in self._old_handlers.items():
            try:
                loop.remove_signal_handler(sig)
                signal.signal(sig, old if old is not None else signal.SIG_DFL)
            except (RuntimeError, ValueError, TypeError, OSError):
                pass
        self._old_handlers.clear()

    def on_unmount(self) -> None:
        self._remove_signal_handlers()

    def _on_signal(self, sig: int = signal.SIGTERM) -> None:
        if self._signalled:
            # A second signal while the first is still being handled (a hung
            # shutdown): stop handling it and let it end the process.
            self._remove_signal_handlers()
            import os

            os.kill(os.getpid(), sig)
            return
        self._signalled = True
        if not self.is_headless:  # under Pilot the process is the test run's own
            self._exit_soon(sig)
        try:
            if self.game is not None:
                # The last word before the process ends: written even when
                # nothing changed since the last save, unless the game is over
                # (a finished save keeps its date and its place in Load).
                self.autosave(self.game, force=getattr(self.game, "outcome", None) is None)
            if self.seat_drafts is not None:
                self.seat_drafts.push()  # a server game's drafts, before hanging up
            self.stop_hosting()
            self.stop_joined()
            self.close_session()
        finally:
            self.exit()

    def _exit_soon(self, sig: int) -> None:
        """Make sure a signalled process ends.  The save is written first,
        in the handler; then the app shuts down.  If that shutdown hangs (a
        thread waiting on a terminal that is gone), nothing would ever end
        the process: after the event loop stops, a second SIGHUP or SIGTERM
        only reaches asyncio's wake-up pipe.  Such a leftover process held
        the save's lock and its hosting code after an SSH drop.  So a timer
        thread ends the process EXIT_GRACE seconds after the signal."""
        import os
        import threading

        timer = threading.Timer(EXIT_GRACE, os._exit, args=(128 + sig,))
        timer.daemon = True  # a normal exit does not wait for it
        timer.start()

    # -- errors at the edge ----------------------------------------------------
    def report(self, title: str, exc: BaseException) -> None:
        self.notify(readable(exc), title=title, severity="error", timeout=8, markup=False)

    # -- menu actions ------------------------------------------------------------
    def action_new_game(self) -> None:
        from tui.newgame import NewGameScreen

        if self.lobby is not None and self.lobby[2]:  # the door: games are made in the lobby, on the server
            self.notify("New games are made in the lobby: n there.", markup=False, timeout=5)
            return

        self.push_screen(NewGameScreen())

    def action_continue_game(self) -> None:
        """Open the newest playable save, found off the interface thread
        (``SaveScan``): a slow or hostile file never freezes the app."""
        from tui.persistence import SaveScan

        if self.continuing is not None and not self.continuing.finished:
            return  # already looking
        found: list[Any] = []
        finished: list[Any] = []

        def seen(summary: Any) -> None:
            if isinstance(summary, Exception):
                self.report("Cannot continue", summary)
            elif summary.problem is None and not summary.over:
                found.append(summary.path)
            elif summary.over:
                finished.append(summary.path)

        def done() -> None:
            if not found:
                # Continue never offers a finished game; say where they are.
                self.notify("No unfinished game to continue: Load lists the finished ones." if finished
                            else "There is no saved game yet.", severity="warning")
            else:
                self.open_saved(found[0])

        self.continuing = SaveScan(seen, done, first_playable=True).start(self)

    @property
    def scanning(self) -> bool:
        """Continue is still looking for a game (tests wait on this)."""
        return self.continuing is not None and not self.continuing.finished

    def action_load_game(self) -> None:
        self.push_screen(LoadScreen())

    def action_rules(self) -> None:
        from tui.help import RulesScreen

        self.push_screen(RulesScreen())

    def action_request_quit(self) -> None:
        from tui.game_screen import GameScreen

        in_game = isinstance(self.screen, GameScreen) or any(isinstance(s, GameScreen) for s in self.screen_stack)
        question = "Quit Skirmish? The game is saved; Continue brings it back." if in_game else "Quit Skirmish?"
        if in_game and self.game is not None and self.session is not None:
            self.autosave(self.game)  # the drafts open now, and one more try if saving failed

        def answered(yes: bool | None) -> None:
            if yes:
                if self.game is not None and not self._save_failed:
                    self.autosave(self.game)
                self.stop_hosting()
                self.stop_joined()
                self.close_session()
                self.exit()

        from tui.modals import LeaveUnsaved

        if isinstance(self.screen, (Confirm, LeaveUnsaved)):
            return
        self.push_screen(self.leave_question(question) if in_game else Confirm(question), answered)

    # -- games ---------------------------------------------------------------------
    def start_game(self, game: Any, replace: Any = None, seats: tuple[str, str] | None = None) -> None:
        from tui.persistence import store

        if self.hosting_new:
            self.begin_hosting(_safe_players(game), seats)
            return
        self.close_session()
        game = _safe_players(game)
        self.seat_kinds = tuple(seats or ("human", "human"))
        try:
            saves = store()
            path = saves.new_save_path(game)
            self.session = saves.GameSession.open(path)
            self.session.save(game, seats=self.seat_kinds)
        except Exception as exc:
            self.session = None
            self.no_file_reason = readable(exc, 300)
            self.report("This game will not be saved", exc)
        self._show_game(game, replace)

    def open_saved(self, path: Path) -> None:
        from tui.persistence import store

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
            self.report("Cannot open that save", exc)
            return
        try:
            game, pending, seats = saves.load_for_play(Path(path))
        except Exception as exc:
            session.close()
            self.report("Cannot open that save", exc)
            return
        from tui.drafts import waiting_from

        self.close_session()
        self.session = session
        self.seat_kinds = seats
        self._on_disk = game
        self._show_game(game, None)
        self.drafts_waiting = waiting_from(pending)

    def _is_open_here(self, path: Path) -> bool:
        """This process already holds ``path`` (Continue or Load of the game
        on screen): it is not "another Skirmish"."""
        current = getattr(self.session, "path", None)
        if current is None or not getattr(self.session, "is_open", False):
            return False
        try:
            return Path(current).resolve() == path.resolve()
        except OSError:
            return False

    def _back_to_open_game(self) -> None:
        from tui.game_screen import GameScreen

        if not any(isinstance(s, GameScreen) for s in self.screen_stack):
            game = self.game
            if game is None:
                return
            self._show_game(game, None)
            return
        while not isinstance(self.screen, GameScreen) and len(self.screen_stack) > 2:
            self.pop_screen()

    def watch_saved(self, path: Path) -> None:
        """Watch a save from its first position.  Reads the file only: no
        lock, no autosave, the save is never written."""
        from tui.persistence import store
        from tui.watch import WatchScreen

        try:
            game = store().load_game(Path(path))
        except Exception as exc:
            self.report("Cannot watch that save", exc)
            return
        try:
            screen = WatchScreen(_safe_players(game))
        except Exception as exc:
            self.report("Cannot watch that save", exc)
            return
        self.push_screen(screen)

    def offer_read_only(self, path: Path, holder: str) -> None:
        """Another process holds this game: say who, and offer to watch it
        read-only or to choose another game."""
        from textual.markup import escape

        from tui.modals import ChoiceMenu

        def chosen(choice: str | None) -> None:
            if choice == "view":
                self.view_read_only(path, holder)
            elif choice == "other" and not isinstance(self.screen, LoadScreen):
                self.push_screen(LoadScreen())

        self.push_screen(ChoiceMenu(f"This game is open in another Skirmish: {escape(holder)}.",
                                    [("Watch it read-only", "view"), ("Choose another game", "other"),
                                     ("Back", "back")]), chosen)

    def view_read_only(self, path: Path, holder: str) -> None:
        from tui.persistence import store
        from tui.readonly import ReadOnlyGameScreen

        try:
            game = store().load_game(path)
        except Exception as exc:
            self.report("Cannot open that save", exc)
            return
        self.close_session()
        self._show_game(game, None, ReadOnlyGameScreen(game, holder, path))

    def _show_game(self, game: Any, replace: Any, screen: Any = None) -> None:
        from tui.game_screen import GameScreen

        self.game = game
        self._save_failed = self._shown_failed = False
        self._saved_orders = len(getattr(game, "orders", ()))
        if self._retrying is not None:
            self._retrying.stop()
            self._retrying = None
        self.drafts_waiting = []
        # Back to the main menu first, so Quit from the game returns there.
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self.end_match()
        if screen is None:
            # One keyboard (hot-seat, or against the computer): the match holds the table.
            from core.seats import SeatSet
            from match import Match

            self.match = Match(game, self.seat_kinds, saver=self._match_saves, computers=False)
            screen = GameScreen(game, seats=SeatSet.at_table(self.match.table), kinds=self.seat_kinds)
        self.push_screen(screen)
        self.call_after_refresh(self.check_size)

    def reopen_drafts(self, screen: Any) -> None:
        """Called by the game screen once ``screen.keyboard_side`` has the
        keyboard and nothing is open over the board: that side's waiting
        draft, if any, opens again where it was left."""
        from tui.drafts import reopen

        side = screen.keyboard_side
        mine = [d for d in self.drafts_waiting if d.get("side") == side]
        # read-only views reopen nothing; a server's game reopens the server's copy
        if side is None or not mine or (self.session is None and self.remote_seat is None):
            return
        if self.offer_drafts(self.screen):
            return
        if getattr(screen, "modal_open", True):
            return
        draft = mine[0]
        self.drafts_waiting.remove(draft)
        modal = reopen(screen.game, side, draft)
        if modal is not None:
            screen._open(modal, screen._submit_result)

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

    def _match_saves(self, game: Any, pending: dict, kinds: Any) -> None:
        """The saver of a match at this keyboard, called by its listener after
        every order (on this thread: one keyboard's orders are given here):
        the app's autosave, with the drafts of its screens, its reports of a
        failed save and its retries."""
        self.autosave(game)

    def end_match(self) -> None:
        if self.match is not None:
            self.match.close()
        self.match = None

    def close_session(self) -> None:
        if self.session is not None:
            try:
                self.session.close()
            except Exception:
                pass
        self.session = None

    def leave_game(self, game: Any) -> None:
        from tui.game_screen import GameScreen

        if game is not None:
            self.autosave(game)
        if self.seat_drafts is not None:
            self.seat_drafts.push()
        self.stop_hosting()
        self.stop_joined()
        self.close_session()
        self.end_match()
        self.game = None
        while isinstance(self.screen, GameScreen) or any(isinstance(s, GameScreen) for s in self.screen_stack[1:]):
            self.pop_screen()

    def screens_named(self) -> Iterable[str]:
        return [type(s).__name__ for s in self.screen_stack]


def readable(exc: BaseException, limit: int = 600) -> str:
    """An error as a sentence for people: the save's own sentence, or what
    the system said and about which file; never a type name or a traceback,
    and never longer than ``limit`` characters."""
    if type(exc).__name__ in ("SaveError", "GameLocked", "SavesUnavailable", "RendezvousError"):
        text = str(exc)
    elif isinstance(exc, OSError):
        where = f"{exc.filename}: " if exc.filename else ""
        # An OSError raised with a sentence of our own (RendezvousError) has
        # no strerror: its sentence is the reason, never "the system refused".
        text = f"{where}{exc.strerror}" if exc.strerror else (str(exc) or "the system refused")
    else:
        text = str(exc) or "something went wrong"
        if type(exc).__module__ == "builtins":
            text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _safe_players(game: Any) -> Any:
    """The game with its players' names made safe to show (no escape
    sequences, no markup brackets), as loading a save would make them."""
    try:
        from core.game import replay
        from saves.store import safe_name

        names = tuple(safe_name(name) for name in game.players)
        if names == tuple(game.players):
            return game
        return replay(game.ruleset, game.options, game.battlefield, game.seed, names, game.orders)
    except Exception:
        return game


def run_app(continue_latest: bool = False, load_path: Path | None = None, watch_path: Path | None = None,
            **remote: Any) -> int:
    """Start the TUI (the ``skirmish`` command's default; ``remote``:
    ``host_path``, ``host_new`` or ``join_code``)."""
    app = SkirmishApp(continue_latest=continue_latest, load_path=load_path, watch_path=watch_path, **remote)
    app.run()
    return app.return_code or 0  # non-zero: ``skirmish join CODE`` could not join
