"""Hosting and joining in the app: the waiting screens, and the glue
between :mod:`net.host` / :mod:`net.client` and the game
screen.  ``HostingMixin`` is part of :class:`tui.app.SkirmishApp`.

The hosting player sits at side 0 (the side the new game's first name
plays), the joiner at side 1; in a rematch they change sides.  The host's side may be played by the
computer (``skirmish host --computer LEVEL``, or a computer level for the
first player in the host's new-game form): a :class:`core.ai.player.ComputerPlayer`
fills the host's seat, and the host's terminal looks on as the neutral
onlooker (so it shows the computer's side no more than the joiner's).  A hosted game's save keeps ``pending
["hosting"]``: the join code, the host's half of the seed and its
commitment, the joiner's half and the host's side, so ``skirmish host
FILE`` resumes it with the same code.

After the end the host's result screen begins the next game with the same
code (``host_next``): a rematch with the sides swapped, or the battle after
an Optio pre-game, with a new seed made from two new halves and its own
save file.  The joiner's seat is told ``next`` and this app follows into
that game by itself with a new seat (``_seat_news``).  The joiner's name
(``skirmish join --name``, or the join screen's name field) replaces
the joining side's default name in a game not started yet.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

# core.seats (the game engine), the fair dice and the join codes are imported
# where a game is hosted or joined: the main menu starts without them.

HOST_SIDE = 0


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


def join_hint(code: str) -> str:
    return (f"Join code: {code}\n\nIn another terminal on this machine (or over ssh -t to it):\n"
            f"  skirmish join {code}")


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
        self.app.stop_hosting("The host cancelled the game.")
        self.app.pop_screen()


class JoinScreen(Screen[None]):
    """Type a join code (the menu's Join), or watch the connection being made."""

    DEFAULT_CSS = """
    JoinScreen { align: center middle; }
    JoinScreen > Vertical { width: 70; height: auto; border: round $primary; padding: 1 2; }
    """
    BINDINGS = [Binding("escape", "cancel", "Back")]

    def __init__(self, code: str = "") -> None:
        super().__init__()
        self.code = code

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Join a game hosted in another terminal. Type the host's join code:", markup=False)
            yield Input(value=self.code, placeholder="xxxxx-xxxxx-xxxxx-xxxxx", id="code")
            yield Static("Your name (it replaces the host's \"Player 2\"):", markup=False)
            yield Input(value=getattr(self.app, "join_name", ""), placeholder="your name (optional)", id="name",
                        max_length=24)
            yield Static("", id="status", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#code", Input).focus()
        if self.code:
            self.call_after_refresh(self.app.join_game, self.code)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.app.join_game(self.query_one("#code", Input).value)

    def name_given(self) -> str:
        return self.query_one("#name", Input).value.strip()

    def say(self, text: str) -> None:
        self.query_one("#status", Static).update(text)

    def action_cancel(self) -> None:
        self.app.cancel_join()
        self.app.pop_screen()


class HostingMixin:
    """Host and join for the app (see the module docstring)."""

    host: Any = None
    hosting_new = False
    remote_seat: Any = None
    host_computer: str | None = None  # ``skirmish host --computer LEVEL``: the level that plays the host's side
    join_name = ""  # the name a joiner gives the host (``skirmish join --name``, the join screen)

    # -- hosting ----------------------------------------------------------------
    def action_host_game(self) -> None:
        from tui.newgame import NewGameScreen

        self.hosting_new = True
        self.push_screen(NewGameScreen())

    def save_pending(self) -> dict:
        return {"hosting": dict(self.host.hosting)} if self.host is not None else {}

    def hosted_kinds(self, seats: Any = None, side: int = HOST_SIDE) -> tuple[str, str]:
        """Who plays each side of a hosted game: the joiner is a person; the
        host's ``side`` is the computer at ``--computer``'s level, or at the
        level the form (or the save) gives it, or the host."""
        from tui.computer import is_computer

        kinds = ["human", "human"]
        chosen = self.host_computer or (tuple(seats)[side] if seats else "human")
        kinds[side] = chosen if is_computer(chosen) else "human"
        return tuple(kinds)

    def begin_hosting(self, template: Any, seats: Any = None) -> None:
        """The new game's settings are chosen: wait for the joiner, agree the
        seed, then start."""
        from core.game import start
        from core.seats import Facts
        from net import fairdice
        from net.rendezvous import new_code

        self.hosting_new = False
        self.seat_kinds = self.hosted_kinds(seats)
        facts = Facts(template.ruleset_name, template.options, template.battlefield, tuple(template.players))
        code = new_code()
        half = fairdice.new_half()
        hosting = {"code": code, "host": half, "commit": fairdice.commitment(half), "side": HOST_SIDE}
        rules = template.ruleset

        def make(seed: int) -> Any:
            game = start(rules, template.options, template.battlefield, seed, tuple(template.players))
            # An Optio pre-game from the form: the ruleset chosen there is
            # offered first for its battle (tui.rulesets.optio_fight.handoffs).
            handoff = getattr(self, "optio_handoff", None)
            if handoff and template.seed in handoff:
                handoff[game.seed] = handoff.pop(template.seed)
            return game

        try:
            host = self._new_host(facts, 1 - HOST_SIDE, code, hosting, make_game=make)
            host.open()
        except OSError as exc:
            self.cannot_host(exc)
            return
        self.host = host
        self._hear_host(host)
        self.push_screen(HostWaitScreen(code, rules.title))

    def cannot_host(self, exc: BaseException) -> None:
        self.notify(host_problem(exc)[:900], title="Cannot host", severity="error", timeout=30, markup=False)

    def _hear_host(self, host: Any) -> None:
        """This app hears of the host's news (the joiner came, the game
        began), once however many games follow."""
        if not getattr(host, "heard", False):
            host.heard = True
            host.listeners.append(lambda: soon(self, self._host_news))

    def _host_news(self) -> None:
        host = self.host
        if host is None:
            return
        if isinstance(self.screen, HostWaitScreen) and host.table is not None:
            self._play_hosted(None)

    def _play_hosted(self, path: Path | None) -> None:
        """The hosted game has started (or was resumed from ``path``)."""
        from core.seats import SeatSet
        from tui.game_screen import GameScreen
        from tui.persistence import store

        host = self.host
        game = host.table.game
        if path is None:
            try:
                saves = store()
                path = saves.new_save_path(game)
                self.session = saves.GameSession.open(path)
            except Exception as exc:
                self.session = None
                self.no_file_reason = str(getattr(exc, "problem", "") or exc)[:300]
                self.report("This game will not be saved", exc)
        mine = 1 - host.remote_side
        # The host's table is its match's: every order is saved before it is
        # taken (under the host's lock, on the thread of whoever gave it),
        # with every seat's drafts; one that cannot be saved is refused, so
        # nobody is ever shown a move a crash could lose.
        self.end_match()
        self.match = match = self._hosted_match(host)
        host.keep_drafts = lambda side, kept: match.put_drafts(side, kept, save=True)
        match.save()
        while len(self.screen_stack) > 2:
            self.pop_screen()
        from tui.drafts import waiting_from

        self.drafts_waiting = waiting_from({"drafts": self.match.table.drafts(mine)})  # reopened on its screen
        kinds = tuple(self.seat_kinds)
        if kinds[mine] == "human":
            screen = GameScreen(seats=SeatSet({mine: host.seat(mine)}, mine, host.table))
        else:  # the computer fills the host's seat; this terminal looks on
            screen = GameScreen(seats=SeatSet({None: host.seat(None)}, None, host.table), kinds=kinds,
                                computer={mine: host.seat(mine)})
        self.push_screen(screen)
        if not getattr(host, "presence_told", False):  # once per host, whatever games follow
            host.presence_told = True
            host.listeners.append(lambda: soon(self, self._presence))
        self._was_joined = None
        self._presence()

    def _new_host(self, facts: Any, remote_side: int, code: str, hosting: dict, game: Any = None,
                  make_game: Any = None, drafts: Any = None) -> Any:
        """A host serving the tables of this app's hosted matches (one per
        game: this one, and each game after it on the same code)."""
        import threading

        from match import Match
        from net.host import Host

        lock = threading.RLock()  # the host's and its matches': one lock for the table

        def table_for(made: Any) -> Any:  # called by the host, on whichever thread began the game
            kept = drafts if made is game else None
            match = Match(made, tuple(self.seat_kinds), saver=self._hosted_saves, strict=True, drafts=kept,
                          computers=False, lock=lock)
            match.subscribe(self.hosted_notice)
            self._made_match = match
            return match.table

        return Host(facts, remote_side, code, hosting, game=game, make_game=make_game, table_for=table_for,
                    lock=lock)

    _made_match: Any = None  # the match of the host's latest table, until the app takes it up

    def _hosted_match(self, host: Any) -> Any:
        """The match whose table ``host`` serves (one made around it for a
        host that was handed over with a bare table)."""
        from match import Match

        match = self._made_match
        if match is None or match.table is not host.table:
            match = Match(host.table.game, tuple(self.seat_kinds), saver=self._hosted_saves, strict=True,
                          computers=False, lock=host.lock, table=host.table)
            match.subscribe(self.hosted_notice)
        self._made_match = None
        return match

    def _hosted_saves(self, game: Any, pending: dict, kinds: tuple[str, str]) -> None:
        """The hosted match's saver: under the host's lock, on the thread
        that gave the order (or handed in drafts), so it touches no screen."""
        session = self.session
        if session is None:
            return  # this game has no save file (the host was told): nothing to keep it in
        session.save(game, {**pending, **self.save_pending()}, seats=kinds)

    def hosted_notice(self, notice: Any) -> None:
        """The hosted match's news, on whichever thread made it: saving
        started failing or works again.  Said to the app by a message, to
        the other side through the host."""
        from tui.persistence import SavingChanged

        host = self.host
        if notice.kind == "save-failed":
            self._save_failed = True
            self.post_message(SavingChanged(True, f"This game could not be saved: {notice.reason}"))
            if host is not None:
                host.announce(f"The host's Skirmish cannot save this game just now ({notice.reason}): "
                              "no order is taken, from either seat, until it can. Nothing played "
                              "so far is lost.")
        elif notice.kind == "saved-again":
            self._save_failed = False
            self.post_message(SavingChanged(False))
            if host is not None:
                host.announce("The host's Skirmish saves this game again: orders are taken again.")

    def hand_drafts(self, save: bool = True) -> bool:
        """This keyboard's drafts to whoever keeps them with the game: the
        hosted match (saved now with ``save``), or the joined seat (sent to
        the host).  True when the match's copy changed."""
        drafts = [d for d in self.pending().get("drafts", ())]
        seat = self.remote_seat
        if seat is not None and getattr(seat, "shown", False):
            seat.put_drafts([d for d in drafts if d.get("side") == seat.side])
            return False
        host, match = self.host, self.match
        if host is None or match is None or match.table is not host.table:
            return False
        side = 1 - host.remote_side
        if match.kinds[side] != "human":
            return False
        mine = [d for d in drafts if d.get("side") == side]
        with match.lock:
            if match.table.drafts(side) == mine:
                return False
            match.put_drafts(side, mine, save=save)
        return True

    def _presence(self) -> None:
        host = self.host
        if host is None:
            return
        other = host.facts.players[host.remote_side]
        watchers = getattr(host, "watchers", 0)
        before = getattr(self, "_was_watched", 0)
        self._was_watched = watchers
        if watchers != before:  # said in the game's log (a line that stays), or as a notice before it
            text = (f"Someone is watching this game ({watchers} onlooker{'s' if watchers != 1 else ''})."
                    if watchers > before else
                    f"An onlooker left ({watchers} still watching)." if watchers else "Nobody is watching now.")
            from tui.game_screen import GameScreen

            board = next((s for s in reversed(self.screen_stack) if isinstance(s, GameScreen)), None)
            if board is not None:
                board.say(text)
            else:
                self.notify(text, markup=False, timeout=6)
        if getattr(self, "_was_joined", None) == host.joined:
            return
        self._was_joined = host.joined
        if host.joined:
            self.notify(f"{other} is here.", markup=False, timeout=3)
        else:
            self.notify(f"{other} is not connected. Join code: {host.code}", markup=False, timeout=30)

    def resume_hosting(self, path: Path) -> None:
        """``skirmish host FILE``: the saved game, hosted again with its code."""
        from core.seats import Facts
        from net.rendezvous import new_code, normal_code
        from tui.persistence import store

        try:
            saves = store()
            session = saves.GameSession.open(Path(path))
            game, pending, seats = saves.load_for_play(Path(path))
        except Exception as exc:
            self.report("Cannot host that save", exc)
            return
        hosting = pending.get("hosting") if isinstance(pending, dict) else None
        code = normal_code(hosting.get("code", "")) if isinstance(hosting, dict) else None
        if not isinstance(hosting, dict) or code is None:
            code = new_code()
            hosting = {"code": code, "side": HOST_SIDE}
        side = hosting.get("side") if hosting.get("side") in (0, 1) else HOST_SIDE
        facts = Facts(game.ruleset_name, game.options, game.battlefield, tuple(game.players))
        self.seat_kinds = self.hosted_kinds(seats, side)
        try:
            host = self._new_host(facts, 1 - side, code, hosting, game=game, drafts=pending.get("drafts"))
            host.open()
        except OSError as exc:
            session.close()
            self.cannot_host(exc)
            return
        self.close_session()
        self.session = session
        self.host = host
        self._play_hosted(Path(path))
        self.notify(join_hint(code), markup=False, timeout=30)

    def host_next(self, template: Any, kinds: tuple[str, str], what: str, swap: bool) -> None:
        """Begin the game after the hosted one that has ended, with the same
        code: ``template`` gives its ruleset, options, battlefield and
        players (not its seed: the two seats make a new one); ``swap``: the
        joiner changes sides (a rematch).  It starts as soon as the joiner's
        new half comes (the joiner's screen follows by itself) and is saved
        under its own file."""
        from core.game import start
        from core.seats import Facts
        from net import fairdice
        from net.host import Host

        host: Host | None = self.host
        if host is None or host.table is None or host.table.game.outcome is None:
            return
        self.autosave(host.table.game)
        self.close_session()  # the ended game's file stays as it is
        remote = 1 - host.remote_side if swap else host.remote_side
        half = fairdice.new_half()
        hosting = {"code": host.code, "host": half, "commit": fairdice.commitment(half), "side": 1 - remote}
        facts = Facts(template.ruleset_name, template.options, template.battlefield, tuple(template.players))
        rules = template.ruleset

        def make(seed: int) -> Any:
            return start(rules, template.options, template.battlefield, seed, tuple(template.players))

        self.seat_kinds = tuple(kinds)
        host.saver = None
        self._hear_host(host)
        host.next_game(facts, remote, hosting, make, reason=f"The host has begun {what}.")
        while len(self.screen_stack) > 2:  # the ended game's screens go; Cancel leads to the menu
            self.pop_screen()
        self.push_screen(HostWaitScreen(host.code, f"{what} ({rules.title})"))
        self._host_news()

    def stop_hosting(self, reason: str = STOP_REASON) -> None:
        host, self.host = self.host, None
        if host is not None:
            host.close(reason)

    # -- joining ------------------------------------------------------------------
    # The seat connects and talks to the host on threads of its own; what
    # they learn reaches the screens only as messages to the app (JoinDone,
    # SeatNews), handled on the app's thread.
    _joining: Any = None  # the seat still connecting, until JoinDone

    def action_join_game(self) -> None:
        self.push_screen(JoinScreen())

    def join_game(self, text: str) -> None:
        """Connect to the game with the code ``text`` off the interface's
        thread: the join screen stays live (Esc, ctrl+q, signals) meanwhile."""
        import threading

        from net.client import RemoteSeat
        from net.rendezvous import normal_code

        screen = self.screen if isinstance(self.screen, JoinScreen) else None
        code = normal_code(text)
        if code is None:
            if screen:
                screen.say("That is not a join code (four groups of five letters and digits).")
            return
        if self._joining is not None:
            return  # already connecting
        role = getattr(self, "join_role", "player")
        name = screen.name_given() if screen is not None else self.join_name
        self.join_name = name
        seat = RemoteSeat(code, role=role, name=name)
        self._joining = seat
        if screen:
            screen.say("Connecting to the host… (Esc: back)")

        def connect() -> None:
            error: BaseException | None = None
            try:
                seat.start()
            except Exception as exc:  # noqa: BLE001 - every failure becomes a sentence on the screen
                error = exc
            self.post_message(JoinDone(seat, error))

        threading.Thread(target=connect, name="skirmish-connect", daemon=True).start()

    def cancel_join(self) -> None:
        seat, self._joining = self._joining, None
        if seat is not None:
            seat.stop()

    async def on_join_done(self, message: JoinDone) -> None:
        from net.client import HostError, JoinError

        seat, error = message.seat, message.error
        if seat is not self._joining:  # cancelled meanwhile
            seat.stop()
            return
        self._joining = None
        screen = self.screen if isinstance(self.screen, JoinScreen) else None
        if error is not None:
            seat.stop()
            reason = join_failure(error)
            if isinstance(error, JoinError):
                hint = (f" To watch instead: skirmish join --watch {seat.code}"
                        if "taken" in reason and seat.role == "player" else "")
                if getattr(self, "join_code", None) is not None and not getattr(self, "joined_once", False):
                    # ``skirmish join CODE``: trying again will not help; say why and fail.
                    from rich.text import Text

                    self.exit(return_code=1, message=Text(f"skirmish: cannot join: {reason}.{hint}"))
                    return
                text = f"{'Cannot join' if isinstance(error, HostError) else 'Refused'}: {reason}{hint}"
            else:
                text = f"Cannot join: {reason}"
            if screen:
                screen.say(text)
            else:
                self.notify(text, severity="error", markup=False, timeout=10)
            return
        self.stop_joined()
        self.joined_once = True
        seat.subscribe(lambda: self.post_message(SeatNews(seat)))
        await self._clear_to_menu()
        self._show_joined(seat)

    async def _clear_to_menu(self) -> None:
        """Back to the main menu, each screen above it gone wholly before
        the game screen comes (a game screen pushed while the join screen
        was still being taken down at times mounted without its board)."""
        while len(self.screen_stack) > 2:
            await self.pop_screen()

    def _show_joined(self, seat: Any) -> None:
        from core.seats import SeatSet
        from tui.drafts import waiting_from
        from tui.game_screen import GameScreen

        self.remote_seat = seat
        seat.shown = True
        # What this seat had written and not given, kept by the host while it was away.
        self.drafts_waiting = waiting_from({"drafts": [d for d in seat.drafts if d.get("side") == seat.side]})
        while len(self.screen_stack) > 2:  # back to the main menu, which stays
            self.pop_screen()
        self.push_screen(GameScreen(seats=SeatSet({seat.side: seat}, seat.side)))

    async def on_seat_news(self, message: SeatNews) -> None:
        seat = message.seat
        if seat is self.remote_seat and not getattr(seat, "shown", True) and seat.version >= 0:
            await self._clear_to_menu()
        self._seat_news(seat)

    def _seat_news(self, seat: Any) -> None:
        """The joined seat's news, on the app's thread: the host has begun
        the next game (follow it with a new seat on the same code), or that
        new seat has its game (show it)."""
        from net.client import RemoteSeat

        if seat is not self.remote_seat:
            return
        if seat.notice and seat.notice != getattr(seat, "notice_told", ""):
            seat.notice_told = seat.notice
            self.notify(seat.notice, severity="warning", markup=False, timeout=10)
        if seat.status == "next":
            follow = RemoteSeat(seat.code, role=seat.role, name=seat.name)
            follow.shown = False
            self.remote_seat = follow
            follow.subscribe(lambda: self.post_message(SeatNews(follow)))
            self.notify(f"{seat.reason} This screen follows it.", markup=False, timeout=6)
            follow.follow()
        elif seat.status == "refused" and not seat.shown:
            self.notify(f"Refused: {seat.reason}", severity="warning", markup=False, timeout=10)
        elif not seat.shown and seat.version >= 0 and seat.facts is not None:
            self._show_joined(seat)
            if seat.side is not None:
                self.notify(f"You play {seat.facts.players[seat.side]} (side {seat.side + 1}).",
                            markup=False, timeout=6)

    def stop_joined(self) -> None:
        self.cancel_join()
        seat, self.remote_seat = self.remote_seat, None
        if seat is not None:
            seat.stop()


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
