"""The Skirmish Textual app: the screens, the open game's match (one or
none) and quitting.  It holds its collaborators: the save file and drafts
(``saves``: tui/saving.py), the hosted game (``hosting``:
tui/remote/hosting.py) and the joined one (``joining``:
tui/remote/joining.py); the command palette is tui/palette.py.

``run_app`` is what the ``skirmish`` command calls.
"""

from __future__ import annotations

import sys
import threading
import traceback
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from textual.app import App
from textual.binding import Binding

from tui import hurry, textual_fixes
from tui.hurry import HurryRun
from tui.menu import LoadScreen, MainMenu
from tui.modals import Confirm
from tui.opening import SavedGames
from tui.palette import SkirmishCommands
from tui.remote.hosting import Hosting
from tui.remote.joining import Joining
from tui.saving import SaveFiles
from tui.signals import SignalExit


def _to(part: str, name: str) -> Any:
    """A method of the app that is its collaborator ``part``'s ``name``
    (what the screens and the tests call the app)."""
    return lambda app, *args, **kwargs: getattr(getattr(app, part), name)(*args, **kwargs)


class SkirmishApp(App[None]):
    TITLE = "Skirmish"
    COMMANDS = App.COMMANDS | {SkirmishCommands}

    def action_command_palette(self) -> None:
        """One palette at most, wherever it is in the stack (tui/textual_fixes.py)."""
        textual_fixes.open_command_palette(self)

    BINDINGS = [
        Binding("ctrl+q", "request_quit", "Quit", show=False, priority=True),
        # ahead of every window: a modal one hides the app's own bindings (action_ctrl_c)
        Binding("ctrl+c", "ctrl_c", show=False, priority=True),
        Binding("c", "chat", "Chat"),  # a server's game only (check_action)
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "chat":  # a line to the other player of a server's game (tui/lobby_seat.py)
            from tui.lobby_seat import chat_offered

            return chat_offered(self) and type(self.screen).__name__ == "GameScreen"
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
        self.host_path, self.host_new = host_path, host_new
        self.seat_kinds: tuple[str, str] = ("human", "human")  # who plays each side of the open game
        self.match: Any = None  # the open game's match (match.Match: hot-seat, the computer, hosted), or None
        self.saves = SaveFiles(self)
        self.hosting = Hosting(self, host_computer)
        self.joining = Joining(self, join_code, join_watch, join_name or "")
        self.signals = SignalExit(self)
        self.rescue_note = ""  # a signal found the game unsaved: where it was written instead (saves.rescue)
        self.opening = SavedGames(self)
        self.ui_thread: int | None = None  # the app's own thread (set on mount)
        # ``skirmish lobby``/``door``: (socket path, identity, lobby only) of the server (tui/lobby.py)
        self.lobby = lobby
        self.seat_drafts: Any = None  # hands a server seat's drafts to the server (tui/lobby_seat.py)
        self.server_lobby: Any = None  # the server's lobby on screen, if any (tui/lobby.py)
        self.hurry = HurryRun()  # a key that hurried a playback, kept from the game after it (tui/hurry.py)
        if self.door:
            # The door offers the lobby only, never this shared account's games:
            # no palette (Textual read ENABLE_COMMAND_PALETTE in __init__ above).
            self.ENABLE_COMMAND_PALETTE = False
            self.use_command_palette = False

    @property
    def door(self) -> bool:
        """The SSH door or the web guest: the server's lobby is all this app
        offers (the account is shared by every key-holder: its local
        games and saves are nobody's to open)."""
        return self.lobby is not None and bool(self.lobby[2])

    def lobby_only(self) -> bool:
        """At the door: said, and True (the caller opens nothing local)."""
        if self.door:
            self.notify("Through the door only the server's lobby is offered: n there makes a game.",
                        markup=False, timeout=5)
        return self.door

    # -- the collaborators, as the screens (and tests) call them ----------------------
    RETRY_SECONDS = 5.0  # between tries of a failed save
    session = property(lambda app: app.saves.session)
    host = property(lambda app: app.hosting.host)
    remote_seat = property(lambda app: app.joining.seat)
    autosave = _to("saves", "autosave")
    unsaved = _to("saves", "unsaved")
    leave_question = _to("saves", "leave_question")
    reopen_drafts = _to("saves", "reopen_drafts")
    offer_drafts = _to("saves", "offer_drafts")
    close_session = _to("saves", "close")
    host_next = _to("hosting", "next")
    stop_hosting = _to("hosting", "stop")
    stop_joined = _to("joining", "stop")
    open_saved = _to("opening", "open_saved")
    watch_saved = _to("opening", "watch_saved")
    scanning = property(lambda app: app.opening.scanning)

    def on_saving_changed(self, message: Any) -> None:
        self.saves.changed(message)

    async def on_join_done(self, message: Any) -> None:
        await self.joining.done(message)

    async def on_seat_news(self, message: Any) -> None:
        await self.joining.news(message)

    def action_host_game(self) -> None:
        from tui.newgame import NewGameScreen

        if self.lobby_only():
            return

        def host() -> None:
            self.hosting.new = True
            self.push_screen(NewGameScreen(hosted=True))

        self.leaving_first(host)

    def action_join_game(self) -> None:
        from tui.remote.play import JoinScreen

        if self.lobby_only():
            return
        self.leaving_first(lambda: self.push_screen(JoinScreen(suggest=self.joining.last_code)))

    def action_continue_game(self) -> None:
        if self.lobby_only():
            return
        self.leaving_first(self.opening.continue_latest)

    def on_mount(self) -> None:
        self.ui_thread = threading.get_ident()
        if self.door:  # one account, many players: each keeps a pace and a last game of their own
            from saves.settings import keep_for_player

            keep_for_player(str(self.lobby[1] or "door"))
        self.set_interval(0.5, self._drafts_tick)  # a hosted or joined game's drafts reach their keeper
        self.saves.tighten()
        self.push_screen(MainMenu())
        self.call_after_refresh(self.check_size)
        self.signals.install()
        self.signals.watch_terminal()
        if self.lobby is not None:
            from tui.lobby import open_lobby

            open_lobby(self, *self.lobby)
        elif self.joining.code is not None:
            from tui.remote.play import JoinScreen

            self.push_screen(JoinScreen(self.joining.code))
        elif self.host_path is not None:
            self.hosting.resume(Path(self.host_path))
        elif self.host_new:
            self.action_host_game()
        elif self.watch_path is not None:
            self.watch_saved(Path(self.watch_path), leaves=True)  # q leaves Skirmish
        elif self.load_path is not None:
            self.open_saved(Path(self.load_path))
        elif self.continue_latest:
            self.action_continue_game()

    @property
    def game(self) -> Any:
        """The open game, held by its match (None: no match here; a joined
        game is the host's, a read-only view or a replay holds its own)."""
        return self.match.game if self.match is not None else None

    def _drafts_tick(self) -> None:
        self.hosting.tidy()  # no "not connected" left once it is untrue
        self.hosting.hand_drafts()
        self.joining.hand_drafts()

    async def on_event(self, event: Any) -> None:
        """Every key first meets the hurry run (tui/hurry.py): a press of
        the key that hurried a playback, just after it, reaches no screen."""
        from textual import events

        if isinstance(event, events.Key) and not event.is_forwarded and hurry.swallowed(self, event.key):
            event.stop()
            return
        await super().on_event(event)

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
        from tui.covered import fit_again, hold_every_game
        from tui.modals import MIN_SIZE, TooSmall

        width, height = self.size
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        covered = isinstance(self.screen, TooSmall)
        if small and not covered and len(self.screen_stack) > 1:
            self.push_screen(TooSmall())
            hold_every_game(self)  # the game waits unseen (tui/covered.py)
        elif not small and covered:
            self.pop_screen()
        elif not small:  # a notice under a question opened over it (ctrl+c): gone at once, not when it closes
            for notice in [s for s in self.screen_stack if isinstance(s, TooSmall)]:
                if textual_fixes.drop_screen_below(self, notice):
                    self.call_after_refresh(fit_again, self)

    def on_unmount(self) -> None:
        if self.door:
            from saves.settings import keep_for_player

            keep_for_player("")
        self.signals.remove()
        self.end_match()  # the app is ending: its computers stop thinking

    def leave_now(self) -> None:
        """A signal: the last word before the process ends is saved, the
        others are told, the app ends."""
        try:
            if self.game is not None:
                # Written only when something is not in the file yet (an order,
                # a draft): a game opened and left as it was keeps its file,
                # byte for byte, as leaving with q does.
                self.autosave(self.game)
                self.rescue_note = self.saves.rescue()  # saving failed: written elsewhere, said on stderr
            self.joining.hand_drafts()
            if self.seat_drafts is not None:
                self.seat_drafts.push()  # a server game's drafts, before hanging up
            self.stop_hosting()
            self.stop_joined()
            self.close_session()
        finally:
            self.exit(return_code=1 if self.rescue_note else 0)

    # -- news for the player ------------------------------------------------------
    def game_screen_shown(self) -> Any:
        """The game screen the player looks at, under whatever modals are
        open over it (a menu, the Platemail writer), or None (the menu, a
        result, the rules, a watched game...)."""
        from textual.screen import ModalScreen

        from tui.game_screen import GameScreen

        for screen in reversed(self.screen_stack):
            if not isinstance(screen, ModalScreen):
                return screen if isinstance(screen, GameScreen) else None
        return None

    def tell(self, text: str, *, title: str = "", warning: bool = False, timeout: float = 6.0) -> None:
        """News for the player: the newest line of the log pane when a game
        screen is shown (README: never a pop-up over it, nor over the keys
        of a modal open on it); a toast only where no game screen is open.
        A game screen just pushed writes it once it is up."""
        screen = self.game_screen_shown()
        if screen is None:
            self.notify(text, title=title, severity="warning" if warning else "information", timeout=timeout,
                        markup=False)
            return
        line = ("⚠ " if warning else "") + (f"{title}: {text}" if title else text)
        say_when_up(screen, line)

    # -- errors at the edge ----------------------------------------------------
    def report(self, title: str, exc: BaseException) -> None:
        self.notify(readable(exc), title=title, severity="error", timeout=8, markup=False)

    # -- menu actions ------------------------------------------------------------
    def action_new_game(self) -> None:
        from tui.newgame import NewGameScreen

        if self.lobby_only():  # the door: games are made in the lobby, on the server
            return

        def new() -> None:
            self.hosting.new = False  # a host's form left with Esc: this one starts a game at this keyboard
            self.push_screen(NewGameScreen())

        self.leaving_first(new)

    def action_load_game(self) -> None:
        if self.lobby_only():
            return
        self.leaving_first(lambda: self.push_screen(LoadScreen()))

    def action_rules(self) -> None:
        from tui.help import RulesScreen

        self.push_screen(RulesScreen())

    def action_help_quit(self) -> None:
        """ctrl+c, a newcomer's first way out (Textual's own binding, which
        only says which key quits and here said nothing: ours is not its
        ``quit``): asks, as ctrl+q does.  In a text box ctrl+c copies."""
        self.action_request_quit()

    def action_ctrl_c(self) -> None:
        """ctrl+c from any window: a modal window (a menu over the board, the
        whole log) hides the app's non-priority bindings, so this one is a
        priority binding.  It stays a copy in a text box and with text
        selected; a window over the board that leaves the game with ``q``
        (``LeavesTheGame``) asks that; anywhere else it asks as ctrl+q does."""
        from textual.actions import SkipAction
        from textual.widgets import Input, TextArea

        screen = self.screen
        if isinstance(screen.focused, (Input, TextArea)) or screen.get_selected_text():
            raise SkipAction()  # Textual's copy, further down
        leave = getattr(screen, "action_leave_game", None)
        if callable(leave):
            leave()
            return
        self.action_request_quit()

    def action_request_quit(self) -> None:
        from tui.game_screen import GameScreen

        in_game = isinstance(self.screen, GameScreen) or any(isinstance(s, GameScreen) for s in self.screen_stack)
        question = "Quit Skirmish? The game is saved; Continue brings it back." if in_game else "Quit Skirmish?"
        if in_game and self.game is not None and self.session is not None:
            self.autosave(self.game)  # the drafts open now, and one more try if saving failed

        def answered(yes: bool | None) -> None:
            if yes:
                if self.game is not None and not self.saves.failed:
                    self.autosave(self.game)
                self.stop_hosting()
                self.stop_joined()
                self.close_session()
                self.exit()

        from tui.covered import hold_every_game, hold_the_game
        from tui.modals import LeaveUnsaved

        if isinstance(self.screen, (Confirm, LeaveUnsaved)):
            return
        self.push_screen(hold_the_game(self.leave_question(question) if in_game else Confirm(question)), answered)
        hold_every_game(self)  # the computer waits for the answer (tui/covered.py)

    # -- games ---------------------------------------------------------------------
    def start_game(self, game: Any, replace: Any = None, seats: tuple[str, str] | None = None) -> None:
        self.let_go()
        if self.hosting.new:
            self.hosting.begin(safe_players(game), seats)
            return
        game = safe_players(game)
        self.seat_kinds = tuple(seats or ("human", "human"))
        self.saves.open_new(game)
        self.show_game(game, replace)

    def show_game(self, game: Any, replace: Any, screen: Any = None) -> None:
        from tui.game_screen import GameScreen

        self.saves.fresh(game)
        # Back to the main menu first, so Quit from the game returns there.
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self.end_match()
        if screen is None:
            # One keyboard (hot-seat, or against the computer): the match holds the table.
            from core.seats import SeatSet
            from match import Match

            self.match = Match(game, self.seat_kinds, saver=self._match_saves)
            screen = GameScreen(game, seats=SeatSet.at_table(self.match.table), kinds=self.seat_kinds,
                                match=self.match)
        # The screen starts the computer once it is up (GameScreen.on_mount), so
        # that its first orders are shown one blow at a time like the others.
        self.push_screen(screen)
        self.call_after_refresh(self.check_size)

    def _match_saves(self, game: Any, pending: dict, kinds: Any) -> None:
        """The saver of a match at this keyboard, called by its listener after
        every order, under the match's lock.  On the app's thread: the app's
        autosave (the drafts of its screens, the reports of a failed save
        and its retries).  On the computer's: the file only, touching no
        screen (``SaveFiles.save_quietly``); a failure is left to the app's
        autosave, asked for by a message (it says so and retries)."""
        if threading.get_ident() == self.ui_thread:
            self.autosave(game)
        elif not self.saves.save_quietly(game):
            from tui.intents import SaveRequested

            self.post_message(SaveRequested(None))

    # -- intents from the game screen ----------------------------------------------
    def on_game_screen_leave(self, message: Any) -> None:
        self.leave_game(message.game)

    def on_game_screen_save_requested(self, message: Any) -> None:
        screen = message.screen
        game = self.match.game if self.match is not None else screen.local_game() if screen else None
        if game is None:
            return
        where = self.autosave(game, force=message.force)  # under the match's lock (tui/saving.py)
        if message.tell and where:
            from tui.save_words import file_and_folder

            name, folder = file_and_folder(where)
            screen.say(f"Saved to {name}")  # whole on its line; the folder on the next
            screen.say(f"  in {folder}")

    def on_game_screen_drafts_wanted(self, message: Any) -> None:
        self.reopen_drafts(message.screen)

    def on_game_screen_result_chosen(self, message: Any) -> None:
        from tui.result_flow import after_result

        after_result(self, message.screen, message.choice)
    # -- end of the intents from the game screen --

    def end_match(self) -> None:
        if self.match is not None:
            self.match.close()
        self.match = None

    def leaving_first(self, then: Any) -> None:
        """``then`` opens another game, or a screen that opens one (New game,
        Load, Continue, Host, Join: from the menu, the palette or anywhere).
        While a hosted or joined game is open it asks first, as ``q`` does;
        yes leaves that game wholly (hosting stopped, the seat left, its save
        closed: the next game has its own session and file), then ``then``;
        no stays in it.  A game at one keyboard is left by the next one
        opening, as before."""
        from tui.modals import LeaveUnsaved

        self.joining.cancel()  # a join still connecting would open its game over the next one
        if self.host is None and self.remote_seat is None:
            then()
            return
        if isinstance(self.screen, (Confirm, LeaveUnsaved)):
            return  # already asking
        if self.host is not None and self.host.table is None:  # still waiting for the joiner
            ask = Confirm(f"Stop hosting? Nobody has joined yet: the join code {self.host.code} is given up.")
        else:
            ask = self.leave_question("Leave this game? It is saved, and Continue brings you back here.")

        def answered(yes: bool | None) -> None:
            if yes:
                self.leave_game(self.game)
                while len(self.screen_stack) > 2:  # back to the main menu: the wait screen goes too
                    self.pop_screen()
                then()

        self.push_screen(ask, answered)

    def let_go(self) -> None:
        """Another game opens here: a hosted or joined one still open (a way
        in that did not ask, ``leaving_first``) is left first, saved, never
        kept running behind the next one with that one's save file."""
        if self.host is not None or self.remote_seat is not None:
            self.leave_game(self.game)

    def leave_game(self, game: Any) -> None:
        from tui.game_screen import GameScreen

        if game is not None:
            self.autosave(game)
        self.joining.hand_drafts()  # a joined seat's drafts reach its host before the seat goes
        if self.seat_drafts is not None:
            self.seat_drafts.push()
        self.stop_hosting()
        self.stop_joined()
        self.close_session()
        self.end_match()
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


def safe_players(game: Any) -> Any:
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
    if app.rescue_note:  # after a signal, with the game not in its file: where it went (the terminal may be gone)
        print(app.rescue_note, file=sys.stderr)
    elif words := app.saves.exit_words():  # where the game left was saved, and how to go on with it
        try:
            print(words, flush=True)
        except OSError:
            pass  # the terminal is gone (a hang-up): the file is what matters
    return app.return_code or 0  # non-zero: ``skirmish join CODE`` could not join, or a signal found saving failing


def say_when_up(screen: Any, line: str, tries: int = 100) -> None:
    """``screen.say(line)`` once the game screen's log pane is there: a
    screen just pushed may be mounted before its children are (a notice
    that came then raised NoMatches on a loaded machine)."""
    if screen.is_mounted and screen.query("LogPane"):
        screen.say(line)
    elif tries > 0:
        screen.app.set_timer(0.05, lambda: say_when_up(screen, line, tries - 1))
