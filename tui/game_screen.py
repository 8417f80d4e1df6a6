"""The generic game screen, driven only by the ruleset protocol.

It holds seats (:class:`core.seats.SeatSet`) and draws the view, legal
orders and events of the side at the keyboard, submitting orders through
the seat -- the only way it changes the game.  At one keyboard the seats
are the app's :class:`match.Match`'s: the computer plays its sides as a
client of the match, on its own thread, and the screen hears of its
moves from the match (posting a message to itself).  In a hosted or joined
game only this terminal's seat is here, and the other side's moves arrive
as the seat's change notices.  The screen sends what changes the match or
the app up as messages (``Leave``, ``SaveRequested``, ``DraftsWanted``,
``ResultChosen``); what it remembers itself is presentation only: the
selected figure, whose view is on screen, whether a modal is open.

Its parts: the :class:`tui.banner.Banner`, the board, the
:class:`tui.side_panel.SidePanel`, the :class:`tui.log_pane.LogPane`
(with the :class:`tui.narrator.Narrator` playing out blows one at a time),
the hot-seat handover and a seat's turn news (:mod:`tui.seat_hooks`), the
``p`` and take-back flow (:mod:`tui.flow`) and the result flow
(:mod:`tui.result_flow`).

Keys: arrows / hjkl / yubn / keypad move the cursor; Enter (or space, 5)
selects an own figure or submits the order pointing at the cursor cell;
Tab cycles figures that can act; ``o`` lists every legal order; ``d``
deploys for you and ``r`` says ready; ``p`` ends the turn, passes or
commits; ctrl+z takes back your own last order; ``[``/``]`` scroll the
log, ``{``/``}`` the side panel, ``L`` the whole log, ``x`` Why?; ``f``
lists the figures; ``v`` the pace of blows; F1 or ``?`` the rules; ctrl+s
saves; ``q`` leaves (after asking; the game autosaves); watching the
computer play itself: ``P`` pause, ``.`` one move, ``+``/``-`` speed.
The ruleset's own keys are declared here too (:mod:`tui.screen_keys`) and
offered only in their ruleset.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer

from core.events import visible_to
from core.orders import Order, Role
from core.ruleset import Rejection, UnitView
from core.seats import SeatSet
from tui import drafts, flow, intents, seat_hooks
from tui.banner import Banner, remote_status
from tui.board import BoardView
from tui.board_picture import board_picture
from tui.computer import ComputerSaid, computer_seats
from tui.covered import hold_computer, hold_the_game, moves_on, uncovered
from tui.flow import guarded
from tui.log_pane import LogPane, open_log
from tui.match_news import MatchNews
from tui.modals import Confirm
from tui.narrator import PACE_WORDS, Narrator
from tui.reason_log import read_before
from tui.result_flow import show_result, tell_following
from tui.rulesets import adapter_for
from tui.screen_keys import BINDINGS, enabled
from tui.seat_hooks import since_last_turn
from tui.side_panel import SidePanel

__all__ = ["GameScreen", "since_last_turn"]


class GameScreen(Screen[None]):
    DEFAULT_CSS = """
    GameScreen { layout: vertical; }
    GameScreen #main { height: 1fr; }
    GameScreen BoardView { width: 1fr; height: 1fr; }
    """
    BINDINGS = BINDINGS
    SIDE_W = SidePanel.SIDE_W

    # Intents, sent up to the app (tui/intents.py); Changed: a change made on another thread.
    Leave, SaveRequested, DraftsWanted = intents.Leave, intents.SaveRequested, intents.DraftsWanted
    ResultChosen, Changed = intents.ResultChosen, intents.Changed

    def __init__(self, game: Any = None, seats: SeatSet | None = None, kinds: tuple[str, str] | None = None,
                 match: Any = None) -> None:
        super().__init__()
        self.seats = seats if seats is not None else SeatSet.hot_seat(game)
        self.match = match  # the app's match at one keyboard (its computers play here), or None
        self.kinds = tuple(kinds or ("human", "human"))  # "human" or a computer level, per side
        self._snapshot: Any = None
        self._snapshot_of: tuple | None = None  # (seat's side, version) the snapshot is of
        self.fixed = self.seats.fixed  # this terminal's side in a hosted or joined game
        self.single = self.seats.single  # one seat here (hosted, joined, watching): no handover
        rules = self.seats.any_seat.facts.ruleset
        self.adapter = adapter_for(rules)
        self.news = MatchNews(self, match)  # the match's notices, from any thread
        self.computer = computer_seats(self.kinds, self.news.clients)
        caps = rules.capabilities
        self.private = bool(caps.hidden_information or caps.simultaneous_orders)
        self.keyboard_side: int | None = self.computer.watcher if self.computer else None  # whose view is on screen
        self.events_seen = len(self.game.log)  # in the log of the seat drawn from
        self.log_shown_for: tuple | None = None  # (whose log, whether the whole game's) the log pane holds
        self.selected: str | None = None
        self.placing: str | None = None  # the figure whose placing was just given (flow.next_off_board)
        # (figure, side, log length) when Esc let go of the only figure able
        # to act: it is not picked again for that side until something happens
        self.let_go: tuple[str, int | None, int] | None = None
        self.orders: list[Order] = []
        self.units: list[UnitView] = []
        self.modal_open = False
        self.announced_over = False
        self.view_state: Any = None
        self.log_marks: dict[int, int] = {}  # side -> log length when it last gave up the keyboard
        self.cursors: dict[int, tuple[int, int]] = {}  # side -> its cursor when it gave up the keyboard (private)
        self.my_turn = False  # a hosted or joined seat: whether it is this seat's turn
        self.news_from: int | None = None  # where "since your last turn" starts in this seat's log
        self.seat_told = seat_hooks.SeatTold()  # a single seat's own orders and notices, as told so far
        self.narrator = Narrator(self)  # the other side's events, one at a time (tui/narrator.py)
        self.banner_side: int | None = None

    # -- layout ---------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Banner()
        with Horizontal(id="main"):
            yield BoardView(id="board", show_choose=False)
            yield SidePanel(computer=self.computer is not None)
        yield LogPane()
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        if self.computer is not None and self.match is not None:
            with self.match.lock:  # the computer's reasons the match kept (a continued game's, from its save)
                early = self.news.mounted()
                self.computer.resume(self.game, self.match.reasons())
            early = [said for said in early if not said.reason.startswith("why: ")]  # among those kept
        else:
            early = self.news.mounted()
        self.fill_log()
        for said in early:  # the computer's words before the screen was up
            self.on_computer_said(said)
        self.query_one(BoardView).focus()
        if self.computer is not None:
            self.computer.apply_pace()
        self.redraw()
        self.news.begin()

    def on_unmount(self) -> None:
        self.news.close()

    def on_screen_resume(self) -> None:
        uncovered(self)  # the notice or the Quit question gone: the game goes on (tui/covered.py)

    @property
    def game(self) -> Any:
        """What this screen draws from: a seat's SeatGame, never more.  A
        hosted or joined game: this terminal's seat.  One keyboard: the seat
        of the side that has the keyboard (``keyboard_side``; the neutral
        onlooker's while nobody at the keyboard acts, as when the computer
        plays itself), so nothing drawn, nor any adapter or modal handed
        it, holds what that side may not see.  The whole game (to save,
        take back, rematch, watch again): ``local_game()``."""
        side = self.keyboard_side if self.seats.hot else self.fixed
        seat = self.seats.seat(side)
        of = (seat.side, seat.version)
        if self._snapshot is None or self._snapshot_of != of:
            self._snapshot, self._snapshot_of = seat.snapshot(), of
        return self._snapshot

    @game.setter
    def game(self, game: Any) -> None:
        if self.seats.hot:
            self.seats.table.replace(game)

    def local_game(self) -> Any:
        """The whole game when this process holds it (the match's, at one
        keyboard; the host's), else None: to save, rematch, watch again,
        never to draw from."""
        return self.seats.table.game if self.seats.table is not None else None

    def acting_side(self) -> int | None:
        """The side the keyboard plays now: this seat's, else a person's."""
        to_act = self.game.to_act
        if self.single and self.fixed in to_act:
            return self.fixed
        people = [s for s in to_act if not (self.computer and self.computer.plays(s))]
        return min(people or to_act) if to_act else None

    def shares_keyboard(self) -> bool:
        """Two people take turns at this keyboard (not over the network,
        not one person against the computer)."""
        return not self.single and not (self.computer is not None and self.computer.watcher is not None)

    def onlooker(self) -> bool:
        """This screen watches a hosted game: no seat, no computer playing from it."""
        return self.single and self.fixed is None and self.computer is None

    # -- news from other threads ----------------------------------------------------------
    @guarded
    def on_game_screen_changed(self, message: Changed) -> None:
        if self.single:
            seat_hooks.seat_news(self)
            tell_following(self)  # the other player began the game after this one (a server's)
            return
        self.news.catch_up(len(self.game.log))
        self.redraw()

    @guarded
    def on_computer_said(self, message: ComputerSaid) -> None:
        if self.computer is not None:
            self.computer.said(self, message)
            self.query_one(SidePanel).computer_says(self.computer.status(self.game.players))

    # -- the picture ------------------------------------------------------------------------
    @guarded
    def redraw(self) -> None:
        game = self.game
        side = self.acting_side()
        if self.computer is not None:
            hold_computer(self)  # it waits until its last move has been shown, and while unseen
            self.query_one(SidePanel).computer_says(self.computer.status(game.players))
            if self.computer.watcher is not None:
                self.keyboard_side = self.computer.watcher  # against the computer: never a handover
            if self.computer.plays(side):
                side = None  # the computer's turn: nothing for the keyboard to do
        if self.single:
            self.keyboard_side = self.fixed  # no handover: the other player has their own screen
            side = side if side == self.fixed else None
            if not self.narrator.busy:  # "since your last turn" once it has all been shown
                seat_hooks.turn_news(self, side == self.fixed and side is not None)
        elif side is not None and self.private and side != self.keyboard_side:
            flow.drafts_waiting(self, side)  # what the save's drafts show it had seen (the handover's words)
            seat_hooks.hand_over(self, side)
            return
        if side is not None:
            flow.drafts_waiting(self, side)  # before its prompt: a draft's side had seen it before the save
            if side != self.keyboard_side and self.keyboard_side is not None:
                # after every event of the order that passed the turn, never between them
                self.narrator.note(f"▶ {game.players[side]} to play")
            self.keyboard_side = side
            self.post_message(self.DraftsWanted(self))  # a draft from the save, once its side plays
        game = self.game  # the seat of the side now at the keyboard
        if self.log_shown_for != self.log_key():
            self.fill_log()
        whole = self.whole_over()
        if whole is not None:  # over: nothing is secret any more, the board shows the final position whole
            game = whole
        view = self.view_state = game.state  # the seat's view (core.game.redact)
        self.units = self.adapter.units(game, view)
        # no order is offered while the server or host is not there to take it (the banner says why)
        offering = side is not None and not (self.single and remote_status(self.seats.any_seat))
        self.orders = self.adapter.offered(game, side, game.legal_orders(side)) if offering else []
        flow.next_off_board(self)
        self._draw_board(game, view)
        self._draw_banner(side)
        self.query_one(SidePanel).show(self, self.query_one(BoardView))
        self.refresh_bindings()
        if self.narrator.busy or not moves_on(self):
            return  # nothing moves on until what happened has been shown, nor while it cannot be seen
        if game.outcome is not None and not self.announced_over:
            self.announced_over = True
            show_result(self)
        elif side is not None and not self.modal_open:
            flow.next_step(self, game, side)

    def _draw_board(self, game: Any, view: Any) -> None:
        """The board; the cursor jumps to the figure that acts next when it
        was just picked (the only one able to act, unless Esc let go of it)."""
        movers = [u for u in self.orders_by_unit() if u is not None]
        let_go = self.let_go == (movers[0], self.keyboard_side, len(game.log)) if len(movers) == 1 else False
        jump = self.selected not in movers and len(movers) == 1 and not let_go
        if self.selected not in movers:
            self.selected = movers[0] if jump else None
        board = self.query_one(BoardView)
        board.show(board_picture(self, game, view, board.cursor))
        self._fit()
        if jump:
            flow.jump_to(self, self.selected)

    def orders_by_unit(self) -> dict[str | None, list[Order]]:
        by_unit: dict[str | None, list[Order]] = {}
        for order in self.orders:
            by_unit.setdefault(self.game.ruleset.order_unit(order), []).append(order)
        return by_unit

    def unit_view(self, uid: str | None) -> UnitView | None:
        return next((u for u in self.units if u.id == uid), None)

    def _draw_banner(self, side: int | None) -> None:
        self.banner_side = side
        self.query_one(Banner).show(self, side)

    def redraw_panel_only(self) -> None:
        self.query_one(SidePanel).show(self, self.query_one(BoardView))

    def _fit(self) -> None:
        """A battlefield too wide or tall for the board beside a full panel
        and above the log: the panel gives up columns, the log rows."""
        board = self.query_one(BoardView)
        self.query_one(SidePanel).fit(board, self.size.width, self.size.height)
        want = board.rows_wanted()
        if want and self.size.height:
            self.query_one(LogPane).styles.height = max(4, min(6, self.size.height - 2 - want))

    def on_resize(self) -> None:
        self._fit()

    def on_board_view_refitted(self, message: BoardView.Refitted) -> None:
        self._fit()
        self.redraw_panel_only()  # the side key lists the labels as drawn

    # -- the log and the narrator -------------------------------------------------------------
    def say(self, text: str) -> None:
        """News for the player: the log pane's newest line, never a pop-up."""
        self.query_one(LogPane).write(text)

    log_line = say

    def show_error(self, exc: BaseException) -> None:
        flow.show_error(self, exc)

    def whole_over(self) -> Any:
        """The whole game once it is over, when this terminal has it, else
        None: nothing is secret any more.  At one keyboard and on the host,
        the game this process holds; a joined or server seat replays it
        from the revealed seed and orders when checking the dice, and has
        it once that check holds (``seat.whole``)."""
        if self.game.outcome is None:
            return None
        whole = self.local_game()
        return whole if whole is not None else getattr(self.seats.any_seat, "whole", None)

    def readable_log(self) -> tuple:
        """The events the player at the keyboard may read: its seat's log;
        once the game is over, every event of the whole game where this
        terminal has it (``whole_over``), as the result shows it."""
        whole = self.whole_over()
        return whole.log if whole is not None else self.game.log

    def log_key(self) -> tuple:
        """What the log pane's lines depend on: whose log, and whether the whole game's."""
        return self.log_side(), self.whole_over() is not None

    def log_side(self) -> int | None:
        """Whose log is shown: with secrets at one keyboard, the side whose
        view is on screen; otherwise the neutral onlooker's."""
        return self.keyboard_side if self.private else None

    def reason_notes(self) -> tuple:
        """The computer's notes (its reasons, or the lines said in their
        place while they are held back), each with how many events of the
        readable log came before its order.  They count the whole game's
        events: at one keyboard, a seat's own log of a game with secrets
        reads fewer until the game is over, so they are counted again in
        it (tui/reason_log.py ``read_before``)."""
        if self.computer is None:  # a server's seat: the reasons the server sent it
            return tuple(seat_hooks.seat_reason_notes(self)) if self.single else ()
        notes = tuple(self.computer.notes)
        if self.single or not self.private or self.game.outcome is not None:
            return notes
        whole = self.local_game()
        if whole is None:
            return ()
        before = read_before(whole.log, self.log_side())
        return tuple((before[min(at, len(before) - 1)], line) for at, line in notes)

    def fill_log(self) -> None:
        self.query_one(LogPane).fill(self.readable_log(), self.narrator, self.reason_notes())
        if not self.single:  # at one keyboard: the news is counted in the log of the seat drawn from
            self.events_seen = len(self.game.log)
        self.log_shown_for = self.log_key()

    def on_key(self, event: Any) -> None:
        self.narrator.on_key(event)

    def narrate(self, events: Any) -> None:
        self.narrator.tell(events)
        self._draw_banner(self.banner_side)

    def narration_moved(self) -> None:
        self._draw_banner(self.banner_side)

    def narration_over(self) -> None:
        """Everything shown: the game may move on."""
        self.call_later(self.redraw)

    # -- modals and submitting ----------------------------------------------------------------
    def open_modal(self, screen: Any, callback: Any, over: bool = False) -> None:
        """Open ``screen`` over the game; refused while another is open or
        being opened (keys typed fast reach the board before the first is on
        the screen: a second Enter opened a second compass under it).
        ``over``: the leave question, asked over a window of the ruleset's;
        the result of a game that ended meanwhile is shown over any window."""
        from tui.result import ResultScreen

        if self.modal_open and not over and not isinstance(screen, ResultScreen):
            return
        self.modal_open = True

        def closed(result: Any) -> None:
            self.modal_open = False
            if callback is not None:
                callback(result)

        self.app.push_screen(screen, closed)

    @guarded
    def submit_result(self, result: Any) -> None:
        if result is None:
            self.redraw_panel_only()
            if self.keyboard_side is not None:  # a modal closed: a draft from the save may reopen now
                self.post_message(self.DraftsWanted(self))
            return
        orders = [result] if isinstance(result, Order) else list(result)
        not_given_before = drafts.not_given_count(self)
        for index, order in enumerate(orders):
            if not self.submit(order):  # the rest is not sent: kept, never lost with the screen that gave it
                drafts.keep_not_given(self, orders[index:], not_given_before)
                break

    def submit(self, order: Order, narrate: bool = False) -> bool:
        """Submit through the seat; show a refusal as a sentence.  ``narrate``:
        an order the player did not choose (a forced one): its events are
        shown one at a time (tui/narrator.py)."""
        self.narrator.remember(self.units)
        self.placing = self.selected if order.role is Role.DEPLOY else None  # flow.next_off_board
        if self.single:
            return seat_hooks.submit_single(self, order, narrate)
        lock = self.match.lock if self.match is not None else threading.RLock()
        with lock:  # the computer's orders go through the match's lock too
            result = self.seats.submit(order)
            length = len(self.game.log)
        if isinstance(result, Rejection):
            self.say(f"✗ Not allowed: {result.message}")
            return False
        self.news.catch_up(length - len(result))  # the computer's, just before
        self.events_seen = length
        shown = [e for e in result if self.game.outcome is not None or visible_to(e, self.log_side())]
        if narrate:
            self.narrate(shown)
        else:
            for event in shown:
                self.log_line(event.sentence)
        if self.match is None:
            self.post_message(self.SaveRequested(self))
        self.redraw()
        return True

    def choose_among(self, orders: Sequence[Order], reason: str, title: str) -> None:
        flow.choose_among(self, orders, reason, title)

    # -- messages up from the board -----------------------------------------------------------
    @guarded
    def on_board_view_cursor_moved(self, message: BoardView.CursorMoved) -> None:
        self.query_one(SidePanel).show_cursor(self, self.query_one(BoardView).cursor)

    @guarded
    def on_board_view_cell_chosen(self, message: BoardView.CellChosen) -> None:
        flow.cell_chosen(self, message.cell)

    # -- actions ------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return enabled(self, action, parameters)

    @guarded
    def action_next_unit(self, step: int) -> None:
        flow.next_unit(self, step)

    @guarded
    def action_orders(self, _label: str = "") -> None:
        """``o`` (its footer label: tui/screen_keys.py)."""
        flow.orders_menu(self)

    @guarded
    def action_adapter_key(self, name: str) -> None:
        """A key of the ruleset's own (``RulesetAdapter.keys``)."""
        flow.adapter_key(self, name)

    @guarded
    def action_give(self, verb: str) -> None:
        """``d`` deploys every figure, ``r`` says ready (as the ruleset's adapter gives them)."""
        given = self.adapter.give(self.game, self.keyboard_side, verb, self.orders)
        if given is not None:
            self.submit_result(given)

    @guarded
    def action_end_turn(self, label: str = "") -> None:
        flow.end_turn(self)

    @guarded
    def action_take_back(self) -> None:
        flow.take_back(self)

    def action_deselect(self) -> None:
        if self.selected is not None:
            self.let_go = (self.selected, self.keyboard_side, len(self.game.log))
        self.selected = None
        self.redraw()

    def action_scroll(self, what: str, step: int) -> None:
        """``[``/``]`` the log pane, ``{``/``}`` the side panel."""
        (self.query_one(LogPane) if what == "log" else self.query_one(SidePanel)).scroll(step)

    def action_log(self, whole: bool) -> None:
        """``L``: the whole log; ``x``: Why? on its newest line (tui/log_pane.py)."""
        open_log(self, whole)

    def action_warband(self) -> None:
        from tui.warband import open_warband

        open_warband(self)

    def action_pace(self) -> None:
        pace = self.narrator.cycle_pace()
        # The pace of everything the narrator shows (tui/narrator.py), not only of blows.
        self.say(f"The other side's play is shown {PACE_WORDS[pace]} (v: change)")
        self._draw_banner(self.banner_side)

    @guarded
    def action_computer(self, what: str) -> None:
        """Watching the computer: pause, one move, faster, slower."""
        if self.computer is not None:
            self.computer.key(what, self.game.to_act)
            self.query_one(SidePanel).computer_says(self.computer.status(self.game.players))

    def action_rules(self) -> None:
        from tui.help import open_help

        open_help(self.app, self.game.ruleset.name, self.game.ruleset.title)

    def action_save(self) -> None:
        # Said in the log, never in a toast over it (issue 29).
        if self.local_game() is None:
            self.say(self._kept_elsewhere())
        elif getattr(self.app, "session", None) is None:
            self.say("This game has no save file (saving is unavailable).")
        else:
            self.post_message(self.SaveRequested(self, force=True, tell=True))

    def _kept_elsewhere(self) -> str:
        """What ctrl+s says of a game this process does not hold: the
        server's (stored order by order, docs/server.md *Storage*) or the
        hosting player's (their Skirmish saves it)."""
        from net.serverseat import ServerSeat

        if isinstance(self.seats.any_seat, ServerSeat):
            return "The server keeps this game: each order is stored there as it is given (nothing to save here)."
        return "The host saves this game after every order (nothing to save here)."

    def action_quit_game(self) -> None:
        def answered(choice: bool | str | None) -> None:
            if choice == "concede":
                flow.concede(self)
            elif choice in ("offer-draw", "agree-draw", "decline-draw"):
                flow.draw(self, choice)
            elif choice == "claim":
                flow.claim(self)
            elif choice is True:
                self.post_message(self.Leave(self.local_game()))

        if self.game.outcome is not None:
            question = "Leave this finished game? Load lists it (marked finished)."
        else:
            question = "Leave this game? It is saved, and Continue brings you back here."
        ask = self.app.leave_question(question) if hasattr(self.app, "leave_question") else Confirm(question)
        self.open_modal(hold_the_game(flow.or_concede(self, ask)), answered, over=True)
        hold_computer(self)

    def conceding_side(self) -> int | None:
        """The side a person at this keyboard plays in a game still going on
        (who may concede it): see ``player_side``."""
        return None if self.game.outcome is not None else self.player_side()

    def player_side(self) -> int | None:
        """The side a person at this keyboard plays: this terminal's seat,
        the person's against the computer, the side at the keyboard in a
        hot-seat game; None for an onlooker, while the computer plays both
        and between two sides."""
        if self.single:
            if self.fixed is None and self.game.outcome is not None:
                # A finished server game of yours, opened from the lobby with
                # the neutral view: your side, as the lobby listed it (tui/lobby.py).
                own = getattr(self.seats.any_seat, "own_side", None)
                return own if own in (0, 1) else None
            return self.fixed
        if self.computer is not None and (self.computer.plays(0) or self.computer.plays(1)):
            return self.computer.watcher
        return self.keyboard_side

    def show_result(self) -> None:
        show_result(self)

    def result_chosen(self, choice: str | None) -> None:
        if choice == "rematch" and not self.single:  # until the app has it on the table
            self.query_one(Banner).update("Rematch: the same battle again, sides swapped…")
        self.post_message(self.ResultChosen(self, choice))
