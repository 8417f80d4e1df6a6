"""Joining in the app: a :class:`Joining` the app holds owns the joined
seat (:class:`net.client.RemoteSeat`) and the one still connecting.

The seat connects and talks to the host on threads of its own; what they
learn reaches the screens only as messages to the app (``JoinDone``,
``SeatNews``), handled on the app's thread.  When the host begins the next
game the seat is told ``next``, and this app follows into that game by
itself with a new seat on the same code.  The joiner's name (``skirmish
join --name``, or the join screen's name field) replaces the joining side's
default name in a game not started yet.  What the joiner writes and has not
given (its drafts) is handed to the host, which keeps it with the game and
gives it back when this seat joins again (:meth:`hand_drafts`).

An order the seat could not give (the host away, or not answering) is
refused by the seat itself; the game screen reopens what was written with
it (tui/drafts.py ``keep_not_given``), so it goes on reaching the host as
drafts, and this says on that screen when the host is back.
"""

from __future__ import annotations

import threading
from typing import Any

from tui.remote.play import JoinDone, JoinScreen, SeatNews, join_failure


class Joining:
    """The app's joined game (see the module docstring)."""

    def __init__(self, app: Any, code: str | None = None, watch: bool = False, name: str = "") -> None:
        self.app = app
        self.code = code  # ``skirmish join CODE``: a join that fails ends the app
        self.role = "watch" if watch else "player"
        self.name = name  # what a joiner tells the host its name is (``--name``, the join screen)
        self.seat: Any = None  # the joined seat
        self._joining: Any = None  # the seat still connecting, until JoinDone
        self.joined_once = False
        self.last_code = ""  # the code of the game last joined: the join screen offers it again
        # The seat's ``not_given`` count handled; an order refused while the seat was away from its
        # keeper, its drafts kept on their screen: told there when the keeper is back.
        self._not_given_seen = 0
        self._refused_away = False

    def join(self, text: str) -> None:
        """Connect to the game with the code ``text`` off the interface's
        thread: the join screen stays live (Esc, ctrl+q, signals) meanwhile."""
        from net.client import RemoteSeat
        from net.rendezvous import normal_code

        app = self.app
        screen = app.screen if isinstance(app.screen, JoinScreen) else None
        code = normal_code(text)
        if code is None:
            if screen:
                screen.say("That is not a join code (four groups of five letters and digits).")
            return
        if self._joining is not None:
            return  # already connecting
        if screen is not None:
            from net.names import joiner_name_refusal

            refused = joiner_name_refusal(screen.name_given())
            if refused:  # the name stays in its field to be mended: never cleaned or cut on the way
                screen.say(f"Not joined: {refused}")
                return
        self.name = name = screen.name_given() if screen is not None else self.name
        seat = RemoteSeat(code, role=self.role, name=name)
        self._joining = seat
        if screen:
            screen.say("Connecting to the host… (Esc: back)")

        def connect() -> None:
            error: BaseException | None = None
            try:
                seat.start()
            except Exception as exc:  # noqa: BLE001 - every failure becomes a sentence on the screen
                error = exc
            app.post_message(JoinDone(seat, error))

        threading.Thread(target=connect, name="skirmish-connect", daemon=True).start()

    def cancel(self) -> None:
        seat, self._joining = self._joining, None
        if seat is not None:
            seat.stop()

    async def done(self, message: JoinDone) -> None:
        """A seat's connecting thread has finished: show its game, or say why not."""
        from net.client import HostError, JoinError

        app = self.app
        seat, error = message.seat, message.error
        if seat is not self._joining:  # cancelled meanwhile
            seat.stop()
            return
        self._joining = None
        screen = app.screen if isinstance(app.screen, JoinScreen) else None
        if error is not None:
            seat.stop()
            reason = join_failure(error).rstrip(".")  # each sentence below ends it once
            if isinstance(error, JoinError):
                from tui.command_word import command_word

                hint = (f" To watch instead: {command_word()} join --watch {seat.code}"
                        if "taken" in reason and seat.role == "player" else "")
                if self.code is not None and not self.joined_once:
                    # ``skirmish join CODE``: trying again will not help; say why and fail.
                    from rich.text import Text

                    app.exit(return_code=1, message=Text(f"skirmish: cannot join: {reason}.{hint}"))
                    return
                text = f"{'Cannot join' if isinstance(error, HostError) else 'Refused'}: {reason}.{hint}"
            else:
                text = f"Cannot join: {reason}."
            if screen:
                screen.say(text)
            else:  # no game is shown while one is being joined
                app.notify(text, severity="error", markup=False, timeout=10)
            return
        self.stop()
        self.joined_once = True
        self.last_code = seat.code
        seat.subscribe(lambda: app.post_message(SeatNews(seat)))
        await self._clear_to_menu()
        self.show(seat)
        self._seat_news(seat)  # a notice that came before the subscription (the host's "while you were away")

    async def _clear_to_menu(self) -> None:
        """Back to the main menu, each screen above it gone wholly before
        the game screen comes (a game screen pushed while the join screen
        was still being taken down at times mounted without its board)."""
        while len(self.app.screen_stack) > 2:
            await self.app.pop_screen()

    def show(self, seat: Any) -> None:
        from core.seats import SeatSet
        from tui.drafts import waiting_from
        from tui.game_screen import GameScreen

        app = self.app
        self.seat = seat
        seat.shown = True
        while len(app.screen_stack) > 2:  # back to the main menu, which stays
            app.pop_screen()
        # What this seat had written and not given, kept by the host while it was away.
        app.saves.fresh(None)
        app.saves.drafts_waiting = waiting_from({"drafts": [d for d in seat.drafts() if d.get("side") == seat.side]})
        self._not_given_seen, self._refused_away = getattr(seat, "not_given", 0), False
        app.push_screen(GameScreen(seats=SeatSet({seat.side: seat}, seat.side)))

    async def news(self, message: SeatNews) -> None:
        seat = message.seat
        if seat is self.seat and not getattr(seat, "shown", True) and seat.version >= 0:
            await self._clear_to_menu()
        self._seat_news(seat)

    def _seat_news(self, seat: Any) -> None:
        """The joined seat's news, on the app's thread: the host has begun
        the next game (follow it with a new seat on the same code), or that
        new seat has its game (show it), or the host has left the finished
        game (say so: nothing follows it)."""
        from net.client import RemoteSeat

        app = self.app
        if seat is not self.seat:
            return
        self._back_after_refusal(seat)
        if seat.notice and seat.notices != getattr(seat, "notices_told", 0):  # each one, the same words again too
            seat.notices_told = seat.notices
            self._tell_notice(seat)
        if seat.status == "host-left" and not getattr(seat, "left_told", False):  # the game is over, for good
            seat.left_told = True
            app.tell(seat.reason, title="The host has left", warning=True, timeout=15)
        if seat.status == "next":
            follow = RemoteSeat(seat.code, role=seat.role, name=seat.name)
            follow.shown = False
            self.seat = follow
            follow.subscribe(lambda: app.post_message(SeatNews(follow)))
            app.tell(f"{seat.reason} This screen follows it.")
            follow.follow()
        elif seat.status == "refused" and not seat.shown:
            app.tell(f"Refused: {seat.reason}", warning=True, timeout=10)
        elif not seat.shown and seat.version >= 0 and seat.facts is not None:
            self.show(seat)
            if seat.side is not None:  # the first line of the game's log, never a pop-up over it
                app.tell(f"You play {seat.facts.players[seat.side]} (side {seat.side + 1}).")

    def _tell_notice(self, seat: Any) -> None:
        """A seat's notice as a pop-up; but the server's word that the other
        player began the game after this one (``next``) goes to the game
        screen's log: its result box says it already (tui/result_flow.py
        ``following``), and a pop-up would cover the result's menu."""
        from tui.game_screen import GameScreen

        app = self.app
        following = bool(getattr(seat, "next_game", "")) and seat.notice == getattr(seat, "next_reason", None)
        screen = next((s for s in reversed(app.screen_stack) if isinstance(s, GameScreen)), None)
        if following and screen is not None and screen.seats.any_seat is seat:
            screen.log_line(seat.notice)
        else:
            app.tell(seat.notice, warning=True, timeout=10)

    def hand_drafts(self) -> None:
        """This seat's drafts (its screens', and those not yet reopened) to
        the host, when they changed."""
        seat = self.seat
        if seat is not None and getattr(seat, "shown", False) and seat.side is not None:
            drafts = self.app.saves.pending().get("drafts", ())
            seat.put_drafts([d for d in drafts if d.get("side") == seat.side])

    def _back_after_refusal(self, seat: Any) -> None:
        """An order refused while the seat was away from its keeper left
        what was written on its screen, saying it goes to the keeper when it
        is back (tui/drafts.py): once it is, that screen says so."""
        from tui.game_screen import GameScreen

        not_given = getattr(seat, "not_given", 0)
        if not_given != self._not_given_seen:
            self._not_given_seen = not_given
            self._refused_away = self._refused_away or seat.status != "playing"
        if not self._refused_away or seat.status != "playing":
            return
        self._refused_away = False
        app = self.app
        for screen in reversed(app.screen_stack):  # the window over the game holding drafts, if one does
            if isinstance(screen, GameScreen):
                return
            draft, say = getattr(screen, "draft", None), getattr(screen, "say", None)
            if callable(draft) and callable(say):
                say(f"✓ Connected to the {seat.KEEPER} again: what you wrote goes to it now (p commits).")
                return

    def stop(self) -> None:
        self.cancel()
        seat, self.seat = self.seat, None
        if seat is not None:
            seat.stop()
