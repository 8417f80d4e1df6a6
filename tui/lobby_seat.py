"""A server's game on screen: the seat the lobby's client returns, shown
with the ordinary game screen (``show_seat``), or the waiting screen while
the game waits for its opponent (``WaitScreen``); and what ties the seat to
the screens beyond the game screen's own (``SeatGlue``): the drafts handed
to the server as they change and the server's copy reopened on resume,
each new chat line shown, and ``chat_line`` to say one."""

from __future__ import annotations

import time
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from tui.lobby_dialogs import INPUT_CAP, AskLine, LineInput, plain

DRAFTS_EVERY = 0.25  # seconds between looks at the drafts of the game on screen (sent only when changed)
# The server takes one line of chat a second from a player (docs/server.md,
# *Limits*) and refuses the next; a line Enter gives sooner is kept in its
# field, saying so, rather than sent to be refused and lost.  A little over
# the second: the server measures it when the line arrives.
CHAT_GAP = 1.1


def show_seat(app: Any, seat: Any, code: str = "") -> None:
    """Show the game of ``seat`` (a player's, or an onlooker's: side None)
    with the game screen over the lobby, or the waiting screen while the
    game waits for its opponent."""
    from core.seats import SeatSet
    from tui.game_screen import GameScreen

    if app.remote_seat is not seat:
        app.stop_joined()  # one game on screen at a time
        app.joining.seat = seat
        seat.shown = True  # the app's own joined-game handling never takes it over
        from tui.remote.play import SeatNews  # the app shows a seat's notices

        seat.subscribe(lambda: app.post_message(SeatNews(seat)))
        SeatGlue(app, seat).start()
    if seat.version < 0:
        app.push_screen(WaitScreen(seat, code))
        return
    side = getattr(seat, "side", None)
    app.push_screen(GameScreen(seats=SeatSet({side: seat}, side)))
    if side is not None:  # the game's maker as well as the joiner, each time they come to it
        app.tell(f"You play side {side + 1}.")
    app.seat_drafts.take()
    app.call_after_refresh(app.seat_drafts.news)  # what was said while this player was away


def awaited_player(seat: Any) -> str:
    """The player a game not begun waits for, when it names one (a rematch,
    Optio's battle, made by this seat's player: docs/rulings.md, *Leaving a
    server game*), or "" for a game open to anyone or by invitation."""
    facts = getattr(seat, "_facts", None)
    players = tuple(getattr(facts, "players", ()) or ())
    side = getattr(seat, "side", None)
    if side not in (0, 1) or len(players) != 2:
        return ""
    other = str(players[1 - side])
    # The seat words the server gives an unfilled seat (net.live.seat_label); no name may be one of them.
    if other.casefold() in ("open", "by invitation") or other.casefold().startswith("computer"):
        return ""
    return other


def waiting_words(title: str, game_id: Any, awaited: str, code: str) -> str:
    """What the waiting screen says: whom the game waits for, and when it begins."""
    game = f"{title} (game {plain(game_id, 40)})"
    if awaited:
        who = plain(awaited, 40)
        return (f"{game} waits for {who}: it begins when {who} comes to it.\n\nEsc: back to the lobby (it "
                f"waits there for {who}, under your unfinished games; x there withdraws it).")
    code = f"\n\nIts invitation code: {plain(code, 64)}" if code else ""
    return (f"{game} waits for an opponent: it begins as soon as one sits down.{code}\n\n"
            "Esc: back to the lobby (the game stays open).")


class WaitScreen(Screen[None]):
    """A game made on the server waits for its opponent; it turns into the
    game as soon as one sits down (a rematch, or Optio's battle: as soon as
    the other player comes to it).  Esc: back to the lobby (the game stays
    open, under "Your unfinished games")."""

    DEFAULT_CSS = """
    WaitScreen { align: center middle; }
    WaitScreen > Static { width: 70; height: auto; border: round $primary; padding: 1 2; }
    """
    BINDINGS = [Binding("escape,q", "back", "Back to the lobby")]

    def __init__(self, seat: Any, code: str = "") -> None:
        super().__init__()
        self.seat = seat
        self.code = code
        self.begun = False
        self._unsubscribe: Any = None

    def compose(self) -> ComposeResult:
        facts = getattr(self.seat, "_facts", None)
        title = facts.ruleset.title if facts is not None else "The game"
        words = waiting_words(title, self.seat.game_id, awaited_player(self.seat), self.code)
        yield Static(words, markup=False)
        yield Footer()

    def on_mount(self) -> None:
        from tui.remote.play import soon

        self._unsubscribe = self.seat.subscribe(lambda: soon(self.app, self._check))
        self._check()

    def on_unmount(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()

    def _check(self) -> None:
        if getattr(self.seat, "status", "") in ("refused", "moved") and self.is_current:  # withdrawn, or elsewhere
            reason = plain(getattr(self.seat, "reason", "") or "The server let this seat go.", 300)
            self.query_one(Static).update(f"{reason}\n\nEsc: back to the lobby.")
            return
        if self.seat.version >= 0 and self.is_current and not self.begun:
            # The game goes over this screen (pushed while nothing is being
            # taken down); leaving the game comes back here, and this goes.
            self.begun = True
            show_seat(self.app, self.seat)

    def on_screen_resume(self) -> None:
        if self.begun:
            self.dismiss(None)

    def action_back(self) -> None:
        self.app.stop_joined()
        self.dismiss(None)


class SeatGlue:
    """What ties the game on screen to the server's seat beyond the game
    screen's own: the drafts of the screens (what the player has written
    but not given) handed to the server whenever they change, so a hangup
    or a killed terminal loses none; the server's copy of them reopened
    when the game is resumed; each new chat line shown.  Ends when another
    seat is shown."""

    def __init__(self, app: Any, seat: Any) -> None:
        self.app = app
        self.seat = seat
        self.sent: list[dict] | None = None
        self.taken = False
        self.opened = False  # the game screen has shown the lines new on coming to the game
        self.recalled = False  # the game screen has counted the lines said before this terminal came
        self.early_looks = 0  # looks again at a game screen not yet mounted (``news``)
        self.said_at = -CHAT_GAP  # when this terminal last said a line (time.monotonic)
        self.timer: Any = None

    def start(self) -> None:
        from tui.remote.play import soon

        self.app.seat_drafts = self
        self.timer = self.app.set_interval(DRAFTS_EVERY, self.push)
        self.seat.subscribe(lambda: soon(self.app, self.news))

    def current(self) -> bool:
        return self.app.remote_seat is self.seat

    def push(self) -> None:
        from tui.drafts import collect

        app = self.app
        if not self.current() or getattr(self.seat, "side", None) is None:
            if self.timer is not None and not self.current():
                self.timer.stop()
            return
        drafts = [d for d in collect(app.screen_stack) if d.get("side") == self.seat.side]
        if not drafts and self.sent is None:
            return  # nothing written here yet: the server's copy stays, for ``take``
        # Handed at every look: the seat sends only a change, or what a dropped
        # connection may have lost (net/serverclient.py ``put_drafts``).
        try:
            if self.seat.put_drafts(drafts):
                self.sent, self.taken = drafts, True
        except Exception:  # noqa: BLE001 - tried again at the next look
            pass

    def take(self) -> None:
        """The server's copy of this side's drafts, reopened once (after a
        resume: what was written before the hangup)."""
        from tui.drafts import waiting_from
        from tui.game_screen import GameScreen

        if self.taken or not self.current() or getattr(self.seat, "side", None) is None:
            return
        kept = self.seat.drafts()
        if not kept:
            return
        self.taken = True
        self.app.saves.drafts_waiting = waiting_from({"drafts": kept})
        screen = next((s for s in reversed(self.app.screen_stack) if isinstance(s, GameScreen)), None)
        if screen is not None and getattr(screen, "keyboard_side", None) is not None:
            self.app.call_after_refresh(self.app.reopen_drafts, screen)

    def news(self) -> None:
        """The seat's news beyond the game screen's own: its drafts kept by
        the server (once), and each chat line new to this player, written
        in the game screen's log pane (one place, under the game's own
        news: five quick lines no longer stack five pop-ups over the
        board; the first heard while a window covers the game screen is
        said in its banner too, until the game screen is on top again).
        Lines said while this player was away are counted once
        more under them, as they come back (a pop-up only when the game
        screen is not the one shown); the lines said before, once, counted
        above them (``earlier_chat_words``)."""
        if not self.current():
            return
        self.take()
        screen = self.game_screen()
        take = getattr(self.seat, "take_chat_news", None)
        if screen is None or not screen.is_attached or take is None:
            # Kept by the seat until the game screen is up; a screen on its way
            # (pushed, not yet mounted) is looked at again shortly, or chat that
            # came before it would wait for the seat's next news (a test under load).
            if screen is not None and take is not None and self.early_looks < 50:
                self.early_looks += 1
                self.app.set_timer(0.1, self.news)
            return
        self.early_looks = 0
        chat = tuple(getattr(self.seat, "chat", ()))
        lines = take()
        if not self.recalled and chat:  # the chat's first coming to this terminal
            self.recalled = True
            earlier = earlier_chat_words(chat, lines)
            if earlier:
                screen.log_line(earlier)
        for line in lines:
            screen.log_line(chat_words(line))
        heard = [line for line in lines if line.who != own_name(screen)]
        if heard and self.opened and self.app.screen is not screen:  # a window hides the log pane
            from tui.banner import Banner

            screen.query_one(Banner).chat_heard(screen, chat_words(heard[0]), len(heard))
        # A server's notice (a refused line, a player gone quiet warned) is the
        # app's to tell, once (tui/remote/joining.py): written here too, it was twice.
        if lines and not self.opened:  # on coming back to the game: said while this player was away
            count = len(lines)
            said = f"{count} chat line{'s' if count != 1 else ''}"
            if self.app.game_screen_shown() is screen:
                screen.say(f"{said} above {'were' if count != 1 else 'was'} said while you were away (c: the chat).")
            else:
                self.app.notify(f"{said} said while you were away: in the log below the board (c: the chat).",
                                title="Chat", markup=False, timeout=8)
        self.opened = True

    def game_screen(self) -> Any:
        from tui.game_screen import GameScreen

        return next((s for s in reversed(self.app.screen_stack) if isinstance(s, GameScreen)), None)


def earlier_chat_words(chat: Any, news: Any) -> str:
    """What the log of a game screen coming to the seat says of the chat
    said before this terminal came (lines its player's side had been sent:
    another terminal took the seat over, or this one came back from the
    lobby): how many, and where to read them; "" when there are none.
    Counted, not written out again: they are not news (only ``news`` is)."""
    earlier = [line for line in chat if line not in news]
    if not earlier:
        return ""
    count = len(earlier)
    lines = f"{count} earlier chat line{'s' if count != 1 else ''}"
    if len(chat) > CHAT_SHOWN:
        return f"{lines}: c shows the chat's last {CHAT_SHOWN} lines."
    return f"{lines}: c shows {'them' if count != 1 else 'it'}."


def own_name(screen: Any) -> str:
    """The name this screen's player's chat lines come under ("" when both
    players have one name, or this screen plays no side)."""
    players, side = screen.game.players, getattr(screen, "fixed", None)
    if side not in (0, 1) or players[side][:32] == players[1 - side][:32]:
        return ""
    return str(players[side][:32])


def chat_words(line: Any) -> str:
    """A chat line as the log pane and the chat's history show it."""
    return f"Chat · {plain(line.who, 32)}: {plain(line.text, 200)}"


def chat_offered(app: Any) -> bool:
    """``c`` is offered: a server's game of this player's, whose seat has
    not moved to another terminal."""
    seat = app.remote_seat
    return (callable(getattr(seat, "say", None)) and getattr(seat, "side", None) is not None
            and getattr(seat, "status", "") != "moved")


CHAT_SHOWN = 8  # the latest lines of the chat shown above its input
CONFIRM_WITHIN = 5.0  # seconds for the server to send back a line said, or a notice saying why not


def unconfirmed(app: Any, seat: Any, text: str, heard_before: int) -> None:
    """A line said that has neither come back in the chat nor been refused
    in a notice is said to be lost, never left to vanish."""
    from net.live import clean_text
    from net.serverclient import MAX_CHAT

    if getattr(seat, "notices", 0) > heard_before or not chat_offered(app) or app.remote_seat is not seat:
        return  # refused in words (told), or the game is no longer this terminal's
    line = clean_text(text, MAX_CHAT)
    if any(said.text == line for said in tuple(getattr(seat, "chat", ()))[-CHAT_SHOWN * 4:]):
        return
    app.tell(f"Your chat line \"{plain(line, 40)}\" was not confirmed by the server: it may not have been "
             "said (c shows the chat).", warning=True)


def chat_line(app: Any) -> None:
    """Ask for a line and say it in the chat of the server's game on
    screen, the latest lines of the chat shown above (the whole chat is
    the server's: it keeps the latest lines with the game)."""
    from net.serverclient import MAX_CHAT

    seat = app.remote_seat
    if not chat_offered(app):
        return

    glue = getattr(app, "seat_drafts", None)
    glue = glue if getattr(glue, "seat", None) is seat else None

    def too_soon(_text: str) -> str:
        wait = CHAT_GAP - (time.monotonic() - glue.said_at) if glue is not None else 0.0
        if wait <= 0:
            return ""
        return (f"Not said yet: one line of chat a second at most. Enter again in {wait:.1f} s "
                "(the line is kept).")

    def given(text: str | None) -> None:
        if not text:
            return
        heard_before = getattr(seat, "notices", 0)  # a refusal of this line comes as a notice after it
        if not seat.say(text):
            app.notify("Not connected to the server just now: the line was not said.", severity="warning",
                       markup=False)
            return
        if glue is not None:
            glue.said_at = time.monotonic()
        app.set_timer(CONFIRM_WITHIN, lambda: unconfirmed(app, seat, text, heard_before))

    said = tuple(getattr(seat, "chat", ()))
    shown = [chat_words(line) for line in said[-CHAT_SHOWN:]]
    history = ("The chat so far" + (f" (its last {CHAT_SHOWN} of {len(said)} lines)" if len(said) > CHAT_SHOWN
                                    else "") + ":\n" + "\n".join(shown)) if shown else "Nothing said yet."
    # A longer line is refused saying the limit, never cut (AskLine): the server would cut it.
    app.push_screen(AskChat(f"{history}\n\nA line to the other player (up to {MAX_CHAT} characters; kept with "
                            "the game; both players read it):", max_length=MAX_CHAT, check=too_soon), given)


class ChatInput(LineInput):
    """The chat line's field: a tab key puts a space, where a name's field
    refuses it.  A terminal pasting without bracketed paste sends a pasted
    line's tab as that key: refused, the words either side of it ran
    together, and the next key typed took the refusal's words off the
    hint.  (A bracketed paste holding a tab is refused whole, saying so.)"""

    async def _on_key(self, event: events.Key) -> None:
        if event.key == "tab":
            event.stop()
            event.prevent_default()
            start, end = sorted(self.selection)
            self.replace(" ", start, end)  # at the cursor, over what is selected


class AskChat(AskLine):
    """``AskLine`` with the chat's field (``ChatInput``)."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.ask_title, markup=False)
            yield ChatInput(self.start, id="line", max_length=max(INPUT_CAP, self.max_length))
            yield Static(self.hint, id="ask-hint", markup=False)
