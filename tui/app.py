"""The Skirmish Textual app: screens, the open game's save session,
autosave, quitting, and the command palette.

``run_app`` is what the ``skirmish`` command calls.
"""

from __future__ import annotations

import signal
import traceback
from collections.abc import Iterable
from functools import partial
from pathlib import Path
from typing import Any

from textual.app import App
from textual.binding import Binding
from textual.command import CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.css.query import NoMatches

from tui.menu import LoadScreen, MainMenu
from tui.modals import Confirm


class SkirmishCommands(Provider):
    """The command palette offers what the main menu offers, plus the
    rules of each ruleset."""

    def _commands(self) -> list[tuple[str, Any, str]]:
        from core.registry import rulesets
        from tui.help import HelpScreen  # MarkdownViewer: imported only when asked for

        app = self.app
        out = [
            ("New game", app.action_new_game, "Choose a ruleset, players and a battlefield"),
            ("Continue", app.action_continue_game, "Open the most recent save"),
            ("Load game", app.action_load_game, "Choose a save"),
            ("Rules", app.action_rules, "Rules help for every ruleset"),
        ]
        for r in rulesets():
            out.append((f"Rules: {r.title}", partial(app.push_screen, HelpScreen(r.name, r.title)), r.summary))
        out.append(("Quit", app.action_request_quit, "Leave Skirmish (the game in play is saved)"))
        return out

    async def discover(self) -> Hits:
        for name, command, help_text in self._commands():
            yield DiscoveryHit(name, command, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, command, help_text in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), command, help=help_text)


class SafeCommandPalette(CommandPalette):
    """Textual's palette, tolerant of being closed while it still gathers
    commands.  A burst of keys (typed fast, or pasted over SSH) can open and
    dismiss it before its search finishes; Textual 8.2 then looks for the
    palette's list after it is gone and the error ends the app.  Found by
    tests/robustness/test_monkey.py."""

    def _watch__list_visible(self) -> None:
        try:
            super()._watch__list_visible()
        except NoMatches:
            pass  # already closed: nothing left to show or hide

    def _action_command_list(self, action: str) -> None:
        # Page up/down on an empty list raises KeyError in Textual 8.2's
        # OptionList; with no commands listed there is nothing to move to.
        try:
            super()._action_command_list(action)
        except (KeyError, NoMatches):
            pass


class SkirmishApp(App[None]):
    TITLE = "Skirmish"
    COMMANDS = App.COMMANDS | {SkirmishCommands}

    def action_command_palette(self) -> None:
        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(SafeCommandPalette(id="--command-palette"))
    BINDINGS = [
        Binding("ctrl+q", "request_quit", "Quit", show=False, priority=True),
    ]

    def __init__(self, continue_latest: bool = False, load_path: Path | None = None,
                 watch_path: Path | None = None) -> None:
        from tui import paint

        paint.install()  # partial repaints write only their dirty columns
        super().__init__()
        self.continue_latest = continue_latest
        self.load_path = load_path
        self.watch_path = watch_path
        self.session: Any = None
        self.game: Any = None  # the game on screen, as last autosaved
        self._save_failed = False
        # The game exactly as its file holds it: saving it again would only
        # change the file's date (and its place in the Load list).
        self._on_disk: Any = None
        self._signal_loop: Any = None
        self._old_handlers: dict[int, Any] = {}
        self._signalled = False

    def on_mount(self) -> None:
        self.push_screen(MainMenu())
        self.call_after_refresh(self.check_size)
        self._install_signal_handlers()
        if self.watch_path is not None:
            self.watch_saved(Path(self.watch_path))
        elif self.load_path is not None:
            self.open_saved(Path(self.load_path))
        elif self.continue_latest:
            self.action_continue_game()

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
        try:
            if self.game is not None:
                self.autosave(self.game)
            self.close_session()
        finally:
            self.exit()

    # -- errors at the edge ----------------------------------------------------
    def report(self, title: str, exc: BaseException) -> None:
        detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        self.notify(detail, title=title, severity="error", timeout=8, markup=False)

    # -- menu actions ------------------------------------------------------------
    def action_new_game(self) -> None:
        from tui.newgame import NewGameScreen

        self.push_screen(NewGameScreen())

    def action_continue_game(self) -> None:
        from tui.persistence import latest, store

        try:
            path = latest()
        except Exception as exc:
            self.report("Cannot continue", exc)
            return
        if path is None:
            try:
                any_save = bool(store().list_saves())
            except Exception:
                any_save = False
            self.notify("No unfinished game to continue: Load lists the finished ones." if any_save
                        else "There is no saved game yet.", severity="warning")
            return
        self.open_saved(path)

    def action_load_game(self) -> None:
        self.push_screen(LoadScreen())

    def action_rules(self) -> None:
        from tui.help import RulesScreen

        self.push_screen(RulesScreen())

    def action_request_quit(self) -> None:
        from tui.game_screen import GameScreen

        in_game = isinstance(self.screen, GameScreen) or any(isinstance(s, GameScreen) for s in self.screen_stack)
        question = "Quit Skirmish? The game is saved; Continue brings it back." if in_game else "Quit Skirmish?"

        def answered(yes: bool | None) -> None:
            if yes:
                if self.game is not None:
                    self.autosave(self.game)
                self.close_session()
                self.exit()

        if isinstance(self.screen, Confirm):
            return
        self.push_screen(Confirm(question), answered)

    # -- games ---------------------------------------------------------------------
    def start_game(self, game: Any, replace: Any = None) -> None:
        from tui.persistence import store

        self.close_session()
        game = _safe_players(game)
        try:
            saves = store()
            path = saves.new_save_path(game)
            self.session = saves.GameSession.open(path)
            self.session.save(game)
        except Exception as exc:
            self.session = None
            self.report("This game will not be saved", exc)
        self._show_game(game, replace)

    def open_saved(self, path: Path) -> None:
        from tui.persistence import store

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
            game = saves.load_game(Path(path))
        except Exception as exc:
            session.close()
            self.report("Cannot open that save", exc)
            return
        self.close_session()
        self.session = session
        self._on_disk = game
        self._show_game(game, None)

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
        self._save_failed = False
        # Back to the main menu first, so Quit from the game returns there.
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self.push_screen(screen if screen is not None else GameScreen(game))
        self.call_after_refresh(self.check_size)

    def autosave(self, game: Any, announce: bool = False) -> str | None:
        self.game = game
        if self.session is None:
            if announce:
                self.notify("This game has no save file (saving is unavailable).", severity="warning")
            return None
        if game is self._on_disk and not announce:
            return str(getattr(self.session, "path", "") or "") or "the save folder"
        try:
            self.session.save(game)
            self._on_disk = game
        except Exception as exc:
            if announce or not self._save_failed:
                self.report("Saving failed", exc)
            self._save_failed = True
            return None
        self._save_failed = False
        where = str(getattr(self.session, "path", "") or "")
        if announce:
            self.notify(f"Saved{(' to ' + where) if where else ''}.", markup=False)
        return where or "the save folder"

    def close_session(self) -> None:
        if self.session is not None:
            try:
                self.session.close()
            except Exception:
                pass
        self.session = None

    def leave_game(self, game: Any) -> None:
        from tui.game_screen import GameScreen

        self.autosave(game)
        self.close_session()
        self.game = None
        while isinstance(self.screen, GameScreen) or any(isinstance(s, GameScreen) for s in self.screen_stack[1:]):
            self.pop_screen()

    def screens_named(self) -> Iterable[str]:
        return [type(s).__name__ for s in self.screen_stack]


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


def run_app(continue_latest: bool = False, load_path: Path | None = None, watch_path: Path | None = None) -> None:
    """Start the TUI (the ``skirmish`` command's default)."""
    SkirmishApp(continue_latest=continue_latest, load_path=load_path, watch_path=watch_path).run()
