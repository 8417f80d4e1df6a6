"""Hosting in the app: a :class:`Hosting` the app holds owns the host
(:class:`net.host.Host`: the authority and its Unix-socket transport), who
is present, and the glue between the host and the app's match.

The host serves the tables of the app's hosted matches, one per game: a
:class:`match.Match` with ``strict=True`` sharing the host's lock, so every
order is saved before it is taken (with the drafts of every seat: the
host's, handed in from its screens, and the joiner's, sent over the wire)
on whichever thread gives it, never touching a screen: a save that starts
or stops failing reaches the app as a ``SavingChanged`` message, and the
joiner as a notice.

The hosting player sits at side 0 (the side the new game's first name
plays), the joiner at side 1; in a rematch they change sides.  The host's
side may be played by the computer (``skirmish host --computer LEVEL``, or
a computer level for the first player in the host's new-game form): the
host's terminal then looks on as the neutral onlooker.  A hosted game's
save keeps ``pending["hosting"]``: the join code, the host's half of the
seed and its commitment, the joiner's half and the host's side, so
``skirmish host FILE`` resumes it with the same code (and the drafts of
both seats).

After the end the host's result screen begins the next game with the same
code (``next``): a rematch with the sides swapped, or the battle after an
Optio pre-game, with a new seed made from two new halves and its own save
file.  The joiner's seat is told ``next`` and follows by itself.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from tui.remote.play import STOP_REASON, HostWaitScreen, host_problem, soon
from tui.textual_fixes import kept_notice, withdraw_notice

HOST_SIDE = 0


def left_words(host: Any) -> str:
    """What the host's terminal is told on leaving a finished hosted game:
    its code is given up, and who was told (the joiner, the onlookers)."""
    told = [host.facts.players[host.remote_side]] if host.joined else []
    watchers = host.watchers
    if watchers:
        told.append(f"{watchers} onlooker{'s' if watchers != 1 else ''}")
    text = f"The finished game is no longer hosted: its join code {host.code} is given up"
    if not told:
        return f"{text}."
    many = len(told) > 1 or watchers > 1
    return f"{text}, and {' and '.join(told)} {'were' if many else 'was'} told you left."


def absent_words(other: str, code: str) -> str:
    """The host's news that the joiner ``other`` is not connected, with
    the code and the command that bring them back."""
    from tui.command_word import command_word

    return (f"{other} is not connected. Join code: {code} (in another terminal on this machine, "
            f"or over ssh -t to it: {command_word()} join {code}).")


def computer_seat_problem(game: Any, pending: Any, seats: Any) -> str | None:
    """Why a save cannot be hosted because the computer plays the side a
    joiner would take (the side other than the host's: ``pending``'s
    hosting side, else side 0): hosting would hand that seat to a person
    and the computer would be gone from the game for good.  Refused, never
    done unasked (README, *Saves and the command line*); None when the
    joiner's side is a person's."""
    from match import is_computer

    hosting = pending.get("hosting") if isinstance(pending, dict) else None
    side = hosting.get("side") if isinstance(hosting, dict) and hosting.get("side") in (0, 1) else HOST_SIDE
    kinds = tuple(seats) if seats else ()
    remote = 1 - side
    if len(kinds) != 2 or not is_computer(kinds[remote]):
        return None
    name = game.players[remote]
    return (f"{name} is played by the computer ({kinds[remote]}), and hosting gives that side to whoever "
            f"joins: the computer would leave the game for good. skirmish load FILE plays it on against "
            f"the computer; skirmish host (with no FILE) starts a new game another terminal joins. "
            f"The file is left as it was")


class Hosting:
    """The app's hosted game (see the module docstring)."""

    def __init__(self, app: Any, computer: str | None = None) -> None:
        self.app = app
        self.host: Any = None
        self.new = False  # the new-game form hosts the game it starts
        self.computer = computer  # ``skirmish host --computer LEVEL``: the level that plays the host's side
        self._made: Any = None  # the match of the host's latest table, until the app takes it up
        self._was_joined: bool | None = None
        self._seated: Any = None  # the joiner's connection, as last heard (another: it joined again elsewhere)
        self._was_watched = 0
        self._absent: list[Any] = []  # the notices that say the joiner is not here: taken back once untrue

    def pending(self) -> dict:
        """What a hosted game's save keeps to resume it."""
        return {"hosting": dict(self.host.hosting)} if self.host is not None else {}

    def kinds(self, seats: Any = None, side: int = HOST_SIDE) -> tuple[str, str]:
        """Who plays each side of a hosted game: the joiner is a person; the
        host's ``side`` is the computer at ``--computer``'s level, or at the
        level the form (or the save) gives it, or the host."""
        from match import is_computer

        kinds = ["human", "human"]
        chosen = self.computer or (tuple(seats)[side] if seats else "human")
        kinds[side] = chosen if is_computer(chosen) else "human"
        return (kinds[0], kinds[1])

    # -- a new hosted game, a resumed one, the next one -----------------------------
    def begin(self, template: Any, seats: Any = None) -> None:
        """The new game's settings are chosen: wait for the joiner, agree the
        seed, then start."""
        from core.game import start
        from core.seats import Facts
        from net import fairdice
        from net.rendezvous import new_code

        app = self.app
        self.new = False
        app.seat_kinds = self.kinds(seats)
        facts = Facts(template.ruleset_name, template.options, template.battlefield, tuple(template.players))
        code = new_code()
        half = fairdice.new_half()
        hosting = {"code": code, "host": half, "commit": fairdice.commitment(half), "side": HOST_SIDE}
        rules = template.ruleset

        def make(seed: int) -> Any:
            game = start(rules, template.options, template.battlefield, seed, tuple(template.players))
            # An Optio pre-game from the form: the ruleset chosen there is
            # offered first for its battle (tui.rulesets.optio_fight.handoffs).
            handoff = getattr(app, "optio_handoff", None)
            if handoff and template.seed in handoff:
                handoff[game.seed] = handoff.pop(template.seed)
            return game

        try:
            host = self._new_host(facts, 1 - HOST_SIDE, code, hosting, make_game=make)
            host.open()
        except OSError as exc:
            self.cannot(exc)
            return
        self.host = host
        self._hear(host)
        app.push_screen(HostWaitScreen(code, rules.title))

    def resume(self, path: Path, opened: tuple | None = None) -> None:
        """``skirmish host FILE``, and Continue or Load of a hosted game's
        save: the saved game, hosted again with its code.  ``opened``: the
        save already opened and read (its session, game, pending and
        seats), handed over by Continue or Load."""
        from core.seats import Facts
        from net.rendezvous import new_code, normal_code
        from tui.persistence import store

        app = self.app
        if opened is not None:
            session, game, pending, seats = opened
        else:
            session = None
            try:
                saves = store()
                session = saves.GameSession.open(Path(path))
                game, pending, seats = saves.load_for_play(Path(path))
            except Exception as exc:
                if session is not None:
                    session.close()
                app.report("Cannot host that save", exc)
                return
            problem = computer_seat_problem(game, pending, seats)
            if problem is not None:  # said before the command starts the app too (tui/__main__.py)
                session.close()
                app.notify(problem, title="Cannot host that save", severity="error", timeout=15, markup=False)
                return
        hosting = pending.get("hosting") if isinstance(pending, dict) else None
        code = normal_code(hosting.get("code", "")) if isinstance(hosting, dict) else None
        if not isinstance(hosting, dict) or code is None:
            code = new_code()
            hosting = {"code": code, "side": HOST_SIDE}
        side = hosting.get("side") if hosting.get("side") in (0, 1) else HOST_SIDE
        facts = Facts(game.ruleset_name, game.options, game.battlefield, tuple(game.players))
        app.seat_kinds = self.kinds(seats, side)
        try:
            host = self._new_host(facts, 1 - side, code, hosting, game=game, drafts=pending.get("drafts"),
                                  reasons=pending.get("reasons"))
            host.open()
        except OSError as exc:
            session.close()
            self.cannot(exc)
            return
        self.stop()  # a game this app hosted until now (Load from the palette) lets its joiner go
        app.stop_joined()
        app.saves.close()
        app.saves.session = session
        self.host = host
        self.play(Path(path))  # says, in the game's log, that the joiner is not here and how to join

    def next(self, template: Any, kinds: tuple[str, str], what: str, swap: bool) -> None:
        """Begin the game after the hosted one that has ended, with the same
        code: ``template`` gives its ruleset, options, battlefield and
        players (not its seed: the two seats make a new one); ``swap``: the
        joiner changes sides (a rematch).  It starts as soon as the joiner's
        new half comes (the joiner's screen follows by itself) and is saved
        under its own file."""
        from core.game import start
        from core.seats import Facts
        from net import fairdice

        app, host = self.app, self.host
        if host is None or host.table is None or host.table.game.outcome is None:
            return
        app.autosave(host.table.game)
        app.saves.close()  # the ended game's file stays as it is
        remote = 1 - host.remote_side if swap else host.remote_side
        half = fairdice.new_half()
        hosting = {"code": host.code, "host": half, "commit": fairdice.commitment(half), "side": 1 - remote}
        facts = Facts(template.ruleset_name, template.options, template.battlefield, tuple(template.players))
        rules = template.ruleset

        def make(seed: int) -> Any:
            return start(rules, template.options, template.battlefield, seed, tuple(template.players))

        app.seat_kinds = tuple(kinds)
        self._hear(host)
        self._seated = None  # the joiner's next connection is the next game's, not a takeover
        host.next_game(facts, remote, hosting, make, reason=f"The host has begun {what}.")
        while len(app.screen_stack) > 2:  # the ended game's screens go; Cancel leads to the menu
            app.pop_screen()
        app.push_screen(HostWaitScreen(host.code, f"{what} ({rules.title})"))
        self._news()

    def cannot(self, exc: BaseException) -> None:
        self.app.notify(host_problem(exc)[:900], title="Cannot host", severity="error", timeout=30, markup=False)

    def stop(self, reason: str | None = None) -> None:
        """Stop hosting, telling whoever is connected ``reason`` (by
        default: the game is saved and waits for the host to resume it; a
        finished game, which nothing resumes: the host has left it, and
        this terminal is told that hosting has ended and who heard so)."""
        host, self.host = self.host, None
        self._present()  # no "not connected" is left over the menu
        if host is None:
            return
        from net.client import HOST_LEFT  # what a joiner of this version says itself (older ones show this)

        over = host.table is not None and host.table.game.outcome is not None
        told = left_words(host) if over else ""
        host.close(reason or (HOST_LEFT.format(keeper="host") if over else STOP_REASON))
        if told:
            self.app.notify(told, title="Hosting has ended", markup=False, timeout=10)

    def tidy(self) -> None:
        """The app's tick: a notice that the joiner is not here is never
        left once it is untrue, whatever news was missed on the way."""
        host = self.host
        if self._absent and (host is None or host.joined):
            self._present()

    def _present(self) -> None:
        """Take back the notices that say the joiner is not here (it came,
        or the game was left)."""
        absent, self._absent = self._absent, []
        for notice in absent:
            withdraw_notice(self.app, notice)

    # -- the host's news --------------------------------------------------------------
    def _hear(self, host: Any) -> None:
        """This app hears of the host's news (the joiner came, the game
        began), once however many games follow."""
        if not getattr(host, "heard", False):
            host.heard = True
            host.listeners.append(lambda: soon(self.app, self._news))

    def _news(self) -> None:
        host = self.host
        waiting = bool(self.app.screen_stack) and isinstance(self.app.screen, HostWaitScreen)  # none when closing
        if host is not None and waiting and host.table is not None:
            self.play(None)

    def play(self, path: Path | None) -> None:
        """The hosted game has started (or was resumed from ``path``): the
        app takes up its match, and shows the host's seat."""
        from core.seats import SeatSet
        from tui.drafts import waiting_from
        from tui.game_screen import GameScreen

        app, host = self.app, self.host
        if path is None:
            app.saves.open_new(host.table.game, save=False)
        mine = 1 - host.remote_side
        app.end_match()
        app.match = match = self._match_of(host)
        host.keep_drafts = lambda side, kept: match.put_drafts(side, kept, save=True)
        match.save()
        while len(app.screen_stack) > 2:
            app.pop_screen()
        app.saves.fresh(match.game)
        app.saves.drafts_waiting = waiting_from({"drafts": match.table.drafts(mine)})  # reopened on its screen
        kinds = tuple(app.seat_kinds)
        if kinds[mine] == "human":
            screen = GameScreen(seats=SeatSet({mine: host.seat(mine)}, mine, host.table))
        else:  # the computer fills the host's seat; this terminal looks on
            screen = GameScreen(seats=SeatSet({None: host.seat(None)}, None, host.table), kinds=kinds,
                                match=match)
        app.push_screen(screen)  # the match's client plays a computer's side once the screen is up
        if not getattr(host, "presence_told", False):  # once per host, whatever games follow
            host.presence_told = True
            host.listeners.append(lambda: soon(app, self._presence))
        self._was_joined = self._seated = None
        self._presence()
        # A resumed game waiting on the absent joiner's roll goes on, once the board has filled its log.
        screen.call_later(host.give_forced_soon)

    def _presence(self) -> None:
        host, app = self.host, self.app
        if host is None:
            return
        other = host.facts.players[host.remote_side]
        watchers = getattr(host, "watchers", 0)
        before, self._was_watched = self._was_watched, watchers
        if watchers != before:  # said in the game's log (a line that stays), or as a notice before it
            self._tell(f"Someone is watching this game ({watchers} onlooker{'s' if watchers != 1 else ''})."
                       if watchers > before else
                       f"An onlooker left ({watchers} still watching)." if watchers else "Nobody is watching now.")
        seated = host.player if host.joined else None
        was_seated, self._seated = self._seated, seated
        if self._was_joined == host.joined:
            if seated is not None and was_seated is not None and seated is not was_seated:  # sit's takeover
                self._tell(f"{other} joined again from another terminal, which now plays; the old one was let go.")
            return
        if not host.joined and host.table is None:
            return  # the next game waits for the joiner: its wait screen shows the code
        self._was_joined = host.joined
        if host.joined:
            self._present()
            self._tell(f"{other} is here.")
        else:  # the code stays in the log (the banner has it only while the joiner is to act)
            self._tell(absent_words(other, host.code), kept=True)
        from tui.game_screen import GameScreen

        for screen in app.screen_stack:  # the banner's "(not connected…)" follows at once
            if isinstance(screen, GameScreen) and screen.is_mounted:
                screen.redraw()

    def _tell(self, text: str, kept: bool = False) -> None:
        """News of who is here: a line in the game's log (it stays), or a
        notice before the game shows; ``kept``: that notice says the joiner
        is not here, and is taken back once the joiner comes (``_present``).
        A game screen just pushed writes the line once it is up."""
        from tui.game_screen import GameScreen

        app = self.app
        board = next((s for s in reversed(app.screen_stack) if isinstance(s, GameScreen)), None)
        if board is not None and board.is_mounted:
            board.say(text)
        elif board is not None:  # queued behind its mounting, which fills the log first
            board.call_later(board.say, text)
        elif kept:
            self._absent.append(kept_notice(app, text, timeout=30))
        else:
            app.notify(text, markup=False, timeout=6)

    # -- the match below the host ---------------------------------------------------------
    def _new_host(self, facts: Any, remote_side: int, code: str, hosting: dict, game: Any = None,
                  make_game: Any = None, drafts: Any = None, reasons: Any = None) -> Any:
        """A host serving the tables of this app's hosted matches (one per
        game: this one, and each game after it on the same code); a resumed
        ``game`` keeps its save's drafts and its computer's reasons."""
        from match import Match
        from net.host import Host

        lock = threading.RLock()  # the host's and its matches': one lock for the table

        def table_for(made: Any) -> Any:  # called by the host, on whichever thread began the game
            resumed = made is game
            match = Match(made, tuple(self.app.seat_kinds), saver=self._saves, strict=True,
                          drafts=drafts if resumed else None, computers=False, lock=lock,
                          reasons=reasons if resumed else None)
            match.subscribe(self.notice)
            self._made = match
            return match.table

        host = Host(facts, remote_side, code, hosting, game=game, make_game=make_game, table_for=table_for,
                    lock=lock)
        # An order with no alternative given for the absent joiner (net/authority.py): a line in the log.
        host.forced_news = lambda text: soon(self.app, lambda: self._tell(text))
        return host

    def _match_of(self, host: Any) -> Any:
        """The match whose table ``host`` serves (one made around it for a
        host that was handed over with a bare table)."""
        from match import Match

        match, self._made = self._made, None
        if match is None or match.table is not host.table:
            match = Match(host.table.game, tuple(self.app.seat_kinds), saver=self._saves, strict=True,
                          computers=False, lock=host.lock, table=host.table)
            match.subscribe(self.notice)
        return match

    def _saves(self, game: Any, pending: dict, kinds: tuple[str, str]) -> None:
        """The hosted match's saver: under the host's lock, on the thread
        that gave the order (or handed in drafts), so it touches no screen."""
        session = self.app.saves.session  # this match's file: a match left is closed and saves no more
        if session is None:
            return  # this game has no save file (the host was told): nothing to keep it in
        session.save(game, {**pending, **self.pending()}, seats=kinds)

    def notice(self, notice: Any) -> None:
        """The hosted match's news, on whichever thread made it: saving
        started failing or works again.  Told to the app by a message, to
        the other side through the host."""
        from tui.persistence import SavingChanged

        host = self.host
        if notice.kind == "save-failed":
            self.app.saves.failed = True
            self.app.post_message(SavingChanged(True, f"This game could not be saved: {notice.reason}"))
            if host is not None:
                host.announce(f"The host's Skirmish cannot save this game just now ({notice.reason}): "
                              "no order is taken, from either seat, until it can. Nothing played "
                              "so far is lost.")
        elif notice.kind == "saved-again":
            self.app.saves.failed = False
            self.app.post_message(SavingChanged(False))
            if host is not None:
                host.announce("The host's Skirmish saves this game again: orders are taken again.")

    def hand_drafts(self, save: bool = True) -> bool:
        """The host's drafts (its screens') to its match, saved now with
        ``save``.  True when the match's copy changed."""
        host, match = self.host, self.app.match
        if host is None or match is None or match.table is not host.table:
            return False
        side = 1 - host.remote_side
        if match.kinds[side] != "human":
            return False
        mine = [d for d in self.app.saves.pending().get("drafts", ()) if d.get("side") == side]
        with match.lock:
            if match.table.drafts(side) == mine:
                return False
            match.put_drafts(side, mine, save=save)
        return True
