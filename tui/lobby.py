"""The lobby of a Skirmish server (``skirmish serve``): the games of this
server as this player may see them, and the doors into them.

The server holds every game as a neutral referee; this screen is one of
its clients (``net.serverclient.ServerClient``).  It lists, in one list:
this player's unfinished games (Enter resumes one), open games waiting
for an opponent (Enter joins), games in progress (Enter watches with the
neutral view) and finished games (Enter: the result, where ``w`` watches
it again).  ``n`` makes a game (each seat filled by me, anyone, an
invitation code or the computer, which the server plays), ``i`` joins by
invitation code, ``r`` asks for a rematch of a finished game of yours (after asking you).
In a game, ``c`` says a line to the other player (``tui.lobby_seat``).
``x`` withdraws a game of yours nobody has joined yet, or one the server
cannot load (``tui.lobby_dialogs.withdraw_question``); a rematch waiting
for you is its maker's to withdraw.  F1 or ``?``: the lobby's help page
(``tui.lobby_help``); ``m``: a new display name.
Esc or ``q`` goes back; where the lobby is all the app offers (the SSH
door), that ends Skirmish, so it is asked first.  A refusal stays on the
status line until the player has had time to read it (``say``); its
words are ``tui.lobby_words``'.

A game is shown with the ordinary game screen, given the seat the
client returns (like a joined game's seat); leaving it comes back here.
Drafts (Platemail's orders not yet committed) go to the server as they
change (``tui.lobby_seat``); its copy reopens on a resume, anywhere.

Every call to the server runs off the interface's thread; its answer
comes back as a message (``tui.lobby_calls.Answer``); nothing it sends is
read as markup.  A newcomer is asked for a name, and ``m`` changes it
(``tui.lobby_naming.LobbyNaming``, which the screen holds).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tui.lobby_calls import Answer, Redialled, close_soon, create_game, redialling, server_reachable, server_socket
from tui.lobby_dialogs import (
    AskLine,
    GameWanted,
    ServerGameForm,
    not_yours_refused,
    plain,
    withdraw_question,
    withdraw_refusal,
)
from tui.lobby_naming import LobbyNaming
from tui.lobby_words import (
    BACK_AGAIN,
    KEYS_HINT,
    LEAVE_QUESTION,
    NO_NAME_YET,
    NOT_CONNECTED,
    NOT_YET_CONNECTED,
    SECTIONS,
    Row,
    connect_refusal,
    entry_words,
    join_refusal,
    passes,
    reason,
    refused_keys,
    rematch_exists,
    rematch_played,
    rematch_question,
    watch_refusal,
)

__all__ = ["NOT_CONNECTED", "LobbyScreen", "create_game", "open_lobby", "reason", "server_reachable",
           "server_socket"]

REFRESH_EVERY = 3.0  # seconds between looks at the lobby while it is on screen
KEPT_AT_LEAST = 5.0  # seconds a refusal stays in the status line, and then until the player's next key
# The keys that need the server: once it has turned the connection away for
# good they are left out of the footer, and each says that refusal.
SERVER_KEYS = {"new": "n", "invited": "i", "watch": "w", "rematch": "r", "withdraw": "x", "rename": "m",
               "refresh": "u"}


class LobbyScreen(Screen[None]):
    # The status line grows to 12 rows: the longest refusal (a 400-character
    # reason with its sentence around it) is read whole at 80x24.  The list's
    # scrollbar is always there: one that came later narrowed rows measured
    # without it, and their last words were lost.
    DEFAULT_CSS = """
    LobbyScreen #who { height: 1; background: $primary 30%; padding: 0 1; }
    LobbyScreen OptionList { height: 1fr; border: round $primary; overflow-y: scroll; }
    LobbyScreen #status { height: auto; max-height: 12; color: $text-muted; padding: 0 1; }
    """
    BINDINGS = [
        Binding("n", "new", "New game"),
        Binding("i", "invited", "Invitation code"),
        Binding("w", "watch", "Watch"),
        Binding("r", "rematch", "Rematch"),
        Binding("x", "withdraw", "Withdraw", show=False),
        Binding("m", "rename", "Your name", show=False),
        Binding("u", "refresh", "Refresh", show=False),
        Binding("f1,question_mark", "help", "Help", key_display="F1/?"),
        Binding("escape,q", "leave", "Leave"),
    ]

    def __init__(self, connect: Callable[[], Any], only: bool = False) -> None:
        """``connect``: makes the connected client (called off the
        interface's thread); ``only``: the lobby is all this app offers
        (the SSH door and the browser): leaving it ends the app."""
        super().__init__()
        self.connect = connect
        self.only = only
        self.client: Any = None
        self.lobby: Any = None
        self.entries: dict[str, tuple[str, Any]] = {}  # option id -> (section, entry)
        self.busy = ""  # what the screen waits for the server to do, if anything
        self.code = ""  # the invitation code of the game just made
        self._refresh_timer: Any = None
        self._looking = False
        self.stale = False  # the list on screen is from before the connection was lost
        self.kept_until = 0.0  # a refusal on the status line stays until then, and then until a key
        self.key_since_kept = True
        self.refused_for_good = False  # the server turned the connection away for a lasting reason
        self.join_listed = False  # the join asked for is of a game the list showed (not by a code)
        self.own_side: int | None = None  # the side of a finished game of yours being opened to watch
        self.refusal = ""  # the server's lasting refusal of the connection, in words
        self.said_unconnected = False  # the status line speaks of a connection lost or not made
        self.rematch_of: Any = None  # the finished game whose rematch was asked for
        self.mine_before: set[Any] = set()  # the ids of my games under way when it was asked
        self.opening_note = ""  # said on the game screen about to open (the rematch asked was there already)
        self.naming = LobbyNaming(lambda: self.client, lambda: self.app,
                                  lambda call: self.call_server("named", call), self.say)

    def compose(self) -> ComposeResult:
        yield Static("Skirmish server · connecting…", id="who", markup=False)
        yield OptionList(id="games")
        yield Static("", id="status", markup=False)
        yield Footer(show_command_palette=False)  # room for every key at 80 columns (ctrl+p still opens it)

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self.app.server_lobby = self  # a server's result screen asks it for the rematch (tui/flow.py)
        self._looking = True
        self.call_server("connect", self.connect)
        self._refresh_timer = self.set_interval(REFRESH_EVERY, self._tick)

    def on_unmount(self) -> None:
        if getattr(self.app, "server_lobby", None) is self:
            self.app.server_lobby = None
        if self._refresh_timer is not None:
            self._refresh_timer.stop()
        client, self.client = self.client, None
        close_soon(client)

    def on_screen_resume(self) -> None:
        if self.client is not None:
            self.action_refresh()

    def say(self, text: str, kept: bool = False) -> None:
        """``text`` on the status line; ``kept``: a refusal or a reason,
        which the lobby's own hints do not replace for a few seconds, nor
        before the player's next key (``hint``)."""
        if kept:
            self.kept_until, self.key_since_kept = time.monotonic() + KEPT_AT_LEAST, False
        self.query_one("#status", Static).update(text)

    def hint(self, text: str) -> None:
        """A hint of the lobby's own, unless a refusal is still to be read."""
        if self.key_since_kept and time.monotonic() >= self.kept_until:
            self.say(text)

    def on_key(self, event: Any) -> None:
        self.key_since_kept = True  # the refusal has been seen: the next hint may take its place
        if self.refused_for_good and event.key in SERVER_KEYS.values():  # hidden, and said why
            event.stop()
            self.say(self.not_connected(), kept=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Turned away for good, the keys that need the server are not offered (``on_key`` says why)."""
        return not (self.refused_for_good and action in SERVER_KEYS)

    def not_connected(self) -> str:
        """Why a key that needs the server does nothing: its lasting refusal,
        the list being from before the connection was lost, or no list yet."""
        self.said_unconnected = True
        if self.refused_for_good:
            return refused_keys(self.refusal)
        return NOT_CONNECTED if self.lobby is not None else NOT_YET_CONNECTED

    # -- talking to the server (off the interface's thread) -----------------------------
    def call_server(self, what: str, call: Callable[[], Any]) -> None:
        asked = None if what == "connect" else self.client

        def run() -> None:
            result, error = None, None
            try:
                result = call()
            except Exception as exc:  # noqa: BLE001 - every failure becomes a sentence
                error = exc
            self.post_message(Answer(what, result, error, asked))

        threading.Thread(target=run, name=f"skirmish-lobby-{what}", daemon=True).start()

    def call_connected(self, what: str, ask: Callable[[Any], Any]) -> None:
        """``ask(client)`` off the interface's thread, on the lobby's
        connection; if that connection has died since the last look (the
        server was restarted while a game was on screen, where the lobby
        does not look), it is made again once and asked on the new one.
        A refusal (``ServerError``) is never asked twice."""
        self.call_server(what, redialling(self.client, self.connect, ask))

    def on_answer(self, message: Answer) -> None:
        message.stop()
        what, result, error = message.what, message.result, message.error
        if what in ("look", "connect"):
            self._looking = False
        if isinstance(result, Redialled):  # the old connection was gone: the new one is the lobby's now
            if self.client is message.client or self.client is None:
                old, self.client = self.client, result.client
                close_soon(old)
                self._show_me()
            else:
                close_soon(result.client)
            result = result.result
        if error is not None:
            gone = what == "connect" or isinstance(error, OSError)  # a refusal is a ServerError, not an OSError
            # Asked on a connection the lobby no longer holds: the one it holds now may be fine.
            held = message.client is None or message.client is self.client
            if gone and not held and what == "look":
                return
            lost = gone and held
            if what == "connect":
                self.refused_for_good = not passes(error)  # then no look tries again (_tick)
            if lost:  # the connection is gone (the server stopped): a new one at the next look
                self._drop_client()
                self.query_one("#who", Static).update("Skirmish server · " + (
                    "refused" if self.refused_for_good else "not connected (trying again)"))
            if lost and self.lobby is not None:
                self._show_lobby(self.lobby, stale=True)  # kept in sight, but from before: nothing to enter
            if gone:
                self.said_unconnected = True
            if what == "connect":
                self.refusal = connect_refusal(error, self.only) if self.refused_for_good else ""
                self.say(connect_refusal(error, self.only), kept=self.refused_for_good)
                self.refresh_bindings()  # the footer offers only what works
            elif what == "look" and gone:  # passing: the next look that is answered says the keys again
                self.say(f"The server does not answer: {reason(error)}.")
            elif what == "look" and getattr(error, "code", "") == "not-yours":  # x on a game that waits for you
                self.say(not_yours_refused(reason(error)), kept=True)
            elif what == "look":  # a withdrawal refused (x asks through a look)
                self.say(f"Refused: {reason(error)}.", kept=True)
            elif what == "named" and not gone:  # the name is taken, or too long: asked again, saying why
                self.naming.refused(reason(error))
            else:
                self.busy = ""
                lost_race = what == "seat:join" and self.join_listed and not gone
                self.say(join_refusal(error) if lost_race else
                         f"{'Not connected' if gone else 'Refused'}: {reason(error)}.", kept=True)
            return
        handler = getattr(self, f"_got_{what.split(':')[0]}", None)
        if handler is not None:
            handler(result, what)

    def _drop_client(self) -> None:
        client, self.client = self.client, None
        close_soon(client)

    def _got_connect(self, client: Any, _what: str) -> None:
        if self.client is not None or not self.is_attached:
            close_soon(client)
            return
        self.client = client
        self._show_me()
        if self.said_unconnected:  # the line spoke of the lost connection: it is back, and says so at once
            self.said_unconnected = False
            self.say(BACK_AGAIN)
            self.kept_until, self.key_since_kept = time.monotonic() + KEPT_AT_LEAST, True
        self.naming.welcome()
        self.action_refresh()

    # -- this player's name (``LobbyNaming`` asks; the server's answer comes back here) --
    def needs_name(self) -> bool:  # a newcomer who has not given a name yet
        return self.naming.needed()

    def action_rename(self) -> None:
        """``m``: a new display name (``LobbyNaming.rename``)."""
        if not self.offline():
            self.naming.rename()

    def _got_named(self, _result: Any, _what: str) -> None:
        self._show_me()
        self.naming.taken()

    def _show_me(self) -> None:
        self.query_one("#who", Static).update(f"Skirmish server · you are {self.naming.shown()}")

    def offline(self) -> bool:
        """No connection: a key that needs the server says why, and does nothing."""
        if self.client is None:
            self.say(self.not_connected(), kept=True)
        return self.client is None

    def _tick(self) -> None:
        if self.app.screen is not self or self._looking:
            return
        if self.client is None:  # not connected yet, or no longer: try again
            if self.refused_for_good:  # turned away for a lasting reason: asking again changes nothing
                return
            self._looking = True
            self.call_server("connect", self.connect)
        else:
            self.action_refresh()

    def action_refresh(self) -> None:
        client = self.client
        if client is None or self._looking:
            return
        self._looking = True
        self.call_server("look", client.lobby)

    def _got_look(self, lobby: Any, _what: str) -> None:
        if not self.busy:
            self.hint(NO_NAME_YET if self.needs_name() else KEYS_HINT)
        self._show_lobby(lobby)  # after the keys' hint: a game of yours new in it is said instead

    def _show_lobby(self, lobby: Any, stale: bool = False) -> None:
        """The lobby's list; ``stale``: the last one had before the
        connection was lost, greyed and said to be from before (Enter on it
        says why nothing opens).  The highlight stays on its game (by id,
        whichever section it is in now); a game of yours new since the last
        list takes it, and says so: keys never act on a row left behind."""
        listed_before = {getattr(e, "id", None) for _k, e in self.entries.values()} if self.lobby else None
        self.lobby, self.stale = lobby, stale
        listing = self.query_one(OptionList)
        kept = self._chosen()
        listing.clear_options()
        self.entries = {}
        options: list[Option] = []
        for key, title, hint in SECTIONS:
            games = tuple(getattr(lobby, key, ()) or ())
            if stale:
                hint = "from before the connection was lost"
            options.append(Option(f"── {title} ({len(games)}) · {hint}", disabled=True))
            for entry in games:
                ident = f"{key}-{getattr(entry, 'id', len(self.entries))}"
                self.entries[ident] = (key, entry)
                options.append(Option(Row(plain(entry_words(entry, key, glued=True), 200), dim=stale), id=ident))
            if not games:
                options.append(Option("   (none)", disabled=True))
        listing.add_options(options)
        ids = [o.id for o in options]
        new = [i for i, (k, e) in self.entries.items() if k == "mine" and listed_before is not None
               and getattr(e, "id", None) not in listed_before] if not stale else []
        wanted = new[0] if new else self._listed_as(getattr(kept[1], "id", None) if kept else None)
        if wanted is not None:
            listing.highlighted = ids.index(wanted)
            if new:
                self.hint(f"New among your games, highlighted: {entry_words(self.entries[wanted][1], 'mine')}.")
        elif listing.highlighted is None or listing.highlighted >= len(options) or \
                options[listing.highlighted].disabled:
            first = next((i for i, o in enumerate(options) if not o.disabled), None)
            if first is not None:
                listing.highlighted = first

    def _listed_as(self, game_id: Any) -> str | None:
        """The list's row of the game ``game_id``, wherever it is listed now."""
        return next((i for i, (_k, e) in self.entries.items() if game_id is not None
                     and getattr(e, "id", None) == game_id), None)

    def _highlighted_id(self) -> str | None:
        listing = self.query_one(OptionList)
        if listing.highlighted is None or listing.highlighted >= listing.option_count:
            return None
        return listing.get_option_at_index(listing.highlighted).id

    def _chosen(self) -> tuple[str, Any] | None:
        ident = self._highlighted_id()
        return self.entries.get(ident) if ident else None

    # -- the doors into a game -----------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        chosen = self.entries.get(event.option.id or "")
        if chosen is None:
            return
        section, entry = chosen
        game_id = getattr(entry, "id", None)
        if section == "mine":
            self._enter("resume", game_id)
        elif section == "open":
            self._enter("join", game_id)
        else:
            self._enter("watch", game_id)

    def action_watch(self) -> None:
        chosen = self._chosen()
        if chosen is None:
            self.say("w: watch a game being played, or a finished one again (highlight it first).", kept=True)
            return
        why = watch_refusal(*chosen)
        if why:  # the server would show nothing: it says so, and so does the lobby, before asking
            self.say(why, kept=True)
            return
        self._enter("watch", getattr(chosen[1], "id", None))

    def _enter(self, how: str, game_id: Any) -> None:
        if self.offline() or game_id is None or self.busy:
            return
        if how != "watch" and not self.naming.first(lambda: self._enter(how, game_id)):
            return
        self.busy = how
        self.join_listed = how == "join" and f"open-{game_id}" in self.entries
        words = {"resume": "Resuming", "join": "Joining", "watch": "Opening"}.get(how, "Opening")
        # A finished game of yours is watched with the neutral view; your side
        # goes with its seat, so that w on its result watches from your view (README).
        listed = self.entries.get(f"finished-{game_id}")
        self.own_side = getattr(listed[1], "you", None) if how == "watch" and listed is not None else None
        self.say(f"{words} game {plain(game_id, 40)}…")
        self.call_connected(f"seat:{how}", lambda client: getattr(client, how)(game_id))

    def _got_seat(self, seat: Any, _what: str) -> None:
        self.busy = ""
        if seat is None:
            self.say("The server gave no seat.", kept=True)
            return
        from tui.lobby_seat import show_seat

        code, self.code = self.code, ""
        if self.own_side in (0, 1) and getattr(seat, "side", None) is None:
            seat.own_side = self.own_side  # read by GameScreen.player_side once the game is over
        show_seat(self.app, seat, code)
        note, self.opening_note = self.opening_note, ""
        if note:
            self.app.tell(note)  # on the game screen show_seat opened: its log

    def action_invited(self) -> None:
        if self.offline() or not self.naming.first(self.action_invited):
            return

        def given(code: str | None) -> None:
            if code:
                self._enter("join", code)

        self.app.push_screen(AskLine("The invitation code you were given:", max_length=64), given)

    def action_new(self) -> None:
        if self.offline() or self.busy or not self.naming.first(self.action_new):
            return
        self.app.push_screen(ServerGameForm(), self._create)

    def _create(self, wanted: GameWanted | None) -> None:
        client = self.client
        if wanted is None or client is None:
            return
        self.busy = "create"
        self.say(f"Making a game of {wanted.rules.title}…")
        self.call_server("made", lambda: create_game(client, wanted))

    def _got_made(self, made: Any, _what: str) -> None:
        asked, self.busy = self.busy, ""
        game_id, code = made
        if asked == "rematch" and self._rematch_made_before(game_id):
            return
        self.code = code  # shown while the game waits for the invited player
        self.action_refresh()
        self._enter("resume", game_id)

    def action_withdraw(self) -> None:
        """The highlighted game of yours still waiting for its opponent, or
        one the server cannot load (``damaged``), taken back after asking
        (the server decides: the maker of a waiting game, a player of a
        damaged one)."""
        chosen = self._chosen()
        client = self.client
        why = withdraw_refusal(chosen)
        if why or chosen is None:  # not a game x withdraws, or not this player's to withdraw: said before asking
            self.say(why, kept=True)
            return
        if self.offline() or self.busy:
            return
        game_id = getattr(chosen[1], "id", "")

        def answered(yes: bool | None) -> None:
            if yes and self.client is client:
                self.say(f"Withdrawing game {plain(game_id, 40)}…")
                self.call_server("look", lambda: client.withdraw(game_id))

        from tui.modals import Confirm

        self.app.push_screen(Confirm(withdraw_question(chosen[1], entry_words(chosen[1], "mine"))), answered)

    def action_rematch(self) -> None:
        """The highlighted finished game of yours again, sides swapped, fresh
        dice, after asking: it makes a game the other player is told of."""
        chosen = self._chosen()
        if chosen is None or chosen[0] != "finished" or getattr(chosen[1], "you", None) is None:
            self.say("r: a rematch of a finished game of yours (highlight it first).", kept=True)
            return
        if self.offline():
            return
        game_id = getattr(chosen[1], "id", None)

        def answered(yes: bool | None) -> None:
            if yes:
                self.rematch(game_id)

        from textual.markup import escape

        from tui.modals import Confirm

        self.app.push_screen(Confirm(escape(rematch_question(chosen[1]))), answered)

    def played(self, game_id: Any) -> bool:
        """``game_id`` is a finished game of this player's (the server's list
        says so by the player's id): opened from here it is watched, and its
        result screen still offers the rematch (tui/result_flow.py)."""
        finished = getattr(self.lobby, "finished", ()) or ()
        return any(getattr(e, "id", None) == game_id and getattr(e, "you", None) is not None for e in finished)

    def rematch(self, game_id: Any) -> None:
        if self.offline() or game_id is None or self.busy or not self.naming.first(lambda: self.rematch(game_id)):
            return
        self.busy = "rematch"
        self.rematch_of = game_id
        self.mine_before = {getattr(e, "id", None) for e in getattr(self.lobby, "mine", ()) or ()}
        self.say("Asking for the rematch…")
        self.call_connected("made", lambda client: (client.rematch(game_id), ""))

    def _rematch_made_before(self, game_id: Any) -> bool:
        """The server gives back the rematch made already, if one was (either
        player may ask first).  Played already, it is not opened (a finished
        game resumed as if under way): said, and highlighted in the list.
        Under way, it opens, saying it is that one.  True: nothing to open."""
        old = self.rematch_of
        over = any(getattr(e, "id", None) == game_id for e in getattr(self.lobby, "finished", ()) or ())
        if over:
            self.say(rematch_played(old, game_id), kept=True)
            row = self._listed_as(game_id)
            if row is not None:
                listing = self.query_one(OptionList)
                listing.highlighted = next(i for i in range(listing.option_count)
                                           if listing.get_option_at_index(i).id == row)
            return True
        self.opening_note = rematch_exists(old, game_id) if game_id in self.mine_before else ""
        return False

    def battle(self, game_id: Any, ruleset_name: str, options: Any) -> None:
        """The battle after a finished Optio pre-game of yours (tui/result_flow.py)."""
        client = self.client
        if client is None or game_id is None or self.busy:
            return
        self.busy = "battle"
        self.say("Asking for the battle on the pre-game's ground…")
        self.call_connected("made", lambda client: (client.battle(game_id, ruleset_name, options), ""))

    def action_help(self) -> None:
        """The lobby's own help page (tui/help/lobby.md)."""
        from tui.lobby_help import LobbyHelp

        if not isinstance(self.app.screen, LobbyHelp):
            self.app.push_screen(LobbyHelp())

    def action_leave(self) -> None:
        """Esc or q: back to the main menu; where the lobby is all this app
        offers (the SSH door, the browser), leaving ends Skirmish, so it is
        asked first (one Esc too many after a form closed logged a player out)."""
        if not self.only:
            self.dismiss(None)
            return
        from tui.modals import Confirm

        def answered(yes: bool | None) -> None:
            if yes:
                self.app.exit()

        if self.app.screen is self:
            self.app.push_screen(Confirm(LEAVE_QUESTION), answered)


def open_lobby(app: Any, path: Any = None, identity: str | None = None, only: bool = False) -> None:
    """Push the lobby of the server at ``path`` (default: ``server_socket()``),
    as ``identity`` (only a door account may assert one: the SSH door's
    ``key:...``, the browser's ``guest:web-...``)."""
    where = server_socket(path)

    def connect() -> Any:
        from net.serverclient import ServerClient
        from tui.web import name_the_guest

        return name_the_guest(ServerClient.connect(path=str(where), identity=identity))

    app.push_screen(LobbyScreen(connect, only=only))
