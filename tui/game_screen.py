"""The generic game screen, driven only by the ruleset protocol.

It draws from seats (:class:`core.seats.SeatSet`): the view, legal
orders and events of the side on screen, with ``ruleset.units``,
``ruleset.situation``, ``order_unit``/``order_cells``/``describe_order``, and
submits orders through the seat -- the only way it changes anything.  In
hot-seat both seats are here and the handover switches between them; in a
hosted or joined game only this terminal's seat is, ``game`` is that seat's
:class:`core.seats.SeatGame`, and the other side's moves arrive as change
notices ("waiting for <name>" while it acts).  What it remembers itself is presentation only: the selected
figure, the side whose view is on screen, whether a modal is open.

Keys: arrows / hjkl / yubn / keypad move the cursor; Enter (or space, 5)
selects an own figure or submits the order pointing at the cursor cell;
Tab cycles figures that can act; ``o`` lists every legal order; ``d``
deploys for you and ``r`` says ready during deployment; ``[`` / ``]`` scroll
the log pane, ``{`` / ``}`` the side panel, ``L`` opens the whole game log;
``p`` ends the turn, passes or commits (asking only while Actions remain);
ctrl+z takes back your own last order (these two, the result screen and
forced orders live in :mod:`tui.flow`; who has the keyboard, the handover,
the log each seat may read and the computer's watching keys live in
:mod:`tui.seat_hooks`);
F1 or ``?`` opens the rules; ``f`` lists the figures and the cursor card
shows the one under the cursor (:mod:`tui.warband`); ctrl+s saves; ``q``
leaves (after asking; the game autosaves).

Speed: a cursor move only repaints the two board cells and, in the small
``#cursor`` lines under the side panel, the columns whose characters
changed (:class:`tui.widgets.PatchedText`); the rest of the panel is
redrawn when the game or the selection changes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from core.events import visible_to
from core.orders import Order
from core.ruleset import Rejection, UnitView
from core.seats import SeatSet
from tui.board import BoardView
from tui.computer import computer_seats
from tui.flow import PlayFlow, fit_pieces, guarded
from tui.modals import ChoiceMenu, Confirm
from tui.narrator import NarratedScreen, Narrator
from tui.picture import Picture, legend_text
from tui.rulesets import adapter_for
from tui.seat_hooks import SeatHooks, since_last_turn
from tui.seated import SeatedScreen
from tui.warband import WarbandKeys
from tui.widgets import PatchedText

__all__ = ["GameScreen", "since_last_turn"]


class GameScreen(NarratedScreen, WarbandKeys, SeatHooks, PlayFlow, SeatedScreen, Screen[None]):
    DEFAULT_CSS = """
    GameScreen { layout: vertical; }
    GameScreen #banner { height: 1; background: $primary-background; text-style: bold; padding: 0 1; }
    GameScreen #main { height: 1fr; }
    GameScreen BoardView { width: 1fr; height: 1fr; }
    GameScreen #side { width: 36; border-left: vkey $primary; padding: 0 0 0 1; }
    GameScreen #side-scroll { height: 1fr; scrollbar-size-vertical: 1; }
    GameScreen #cursor { height: 1; color: $text-muted; }
    GameScreen #cursor-unit { height: 2; color: $text-muted; }
    GameScreen #log { height: 6; border-top: hkey $primary; }
    GameScreen #banner.side-0 { color: ansi_bright_cyan; }
    GameScreen #banner.side-1 { color: ansi_bright_yellow; }
    """

    BINDINGS = [
        Binding("tab", "next_unit(1)", "Next"),
        Binding("shift+tab", "next_unit(-1)", "Prev unit", show=False),
        Binding("o", "orders", "Orders"),
        Binding("d", "deploy_all", "Deploy"),
        Binding("r", "ready", "Ready"),
        Binding("p", "end_turn", "End turn"),
        Binding("ctrl+z", "take_back", "Take back", show=False),
        Binding("escape", "deselect", "Deselect", show=False),
        Binding("f1,question_mark", "rules", "Help"),
        Binding("ctrl+s", "save", "Save", show=False),
        Binding("q", "quit_game", "Quit"),
        Binding("L", "full_log", "Log", show=False),
        Binding("x", "why", "Why?", show=False),
        Binding("f", "warband", "Figures", show=False),
        Binding("v", "pace", "Pace", show=False),
        Binding("left_square_bracket", "scroll_log(-1)", "Log up", show=False),
        Binding("right_square_bracket", "scroll_log(1)", "Log down", show=False),
        Binding("left_curly_bracket", "scroll_side(-1)", "Panel up", show=False),
        Binding("right_curly_bracket", "scroll_side(1)", "Panel down", show=False),
        # Watching the computer play itself (tui/computer.py); offered only then (check_action).
        Binding("P", "computer('pause')", "Pause"),
        Binding("full_stop", "computer('step')", "Step", show=False),
        Binding("plus,equals_sign", "computer('faster')", "Faster", show=False),
        Binding("minus", "computer('slower')", "Slower", show=False),
    ]

    def __init__(self, game: Any = None, seats: SeatSet | None = None, kinds: tuple[str, str] | None = None,
                 computer: dict | None = None) -> None:
        super().__init__()
        self.seats = seats if seats is not None else SeatSet.hot_seat(game)
        self._snapshot: Any = None
        self._unsubscribe: Any = None
        self._events_seen = len(self.game.log)
        self.fixed = self.seats.fixed  # this terminal's side in a hosted or joined game
        self.single = self.seats.single  # one seat here (hosted, joined, watching): no handover
        game = self.game
        self.adapter = adapter_for(game.ruleset)
        for keys, label, name in self.adapter.keys():
            self._bindings.bind(keys, f"adapter_key({name!r})", label)
        if "p" in self._bindings.key_to_bindings:  # the ruleset's word for what p gives
            self._bindings.key_to_bindings["p"] = [
                dataclasses.replace(b, description=self.adapter.end_turn_label) if b.action == "end_turn" else b
                for b in self._bindings.key_to_bindings["p"]]
        # A side the computer plays (tui/computer.py): it thinks off this thread.
        self.kinds = tuple(kinds or ("human", "human"))  # "human" or a computer level, per side
        self.computer = computer_seats(self, kinds, computer)  # computer: side -> a seat not the screen's
        # The footer lists keys in binding order and cuts them at 80 columns:
        # the ruleset's keys come before Help and Quit, which go last.
        table = self._bindings.key_to_bindings
        for key in ("f1", "question_mark", "q"):
            if key in table:
                table[key] = table.pop(key)
        caps = game.ruleset.capabilities
        self.private = bool(caps.hidden_information or caps.simultaneous_orders)
        self.keyboard_side: int | None = self.computer.watcher if self.computer else None  # whose view is on screen
        self.log_shown_for: tuple | None = None  # (whose log, game over) the log pane holds
        self.selected: str | None = None
        self.orders: list[Order] = []
        self.units: list[UnitView] = []
        self.modal_open = False
        self.announced_over = False
        self.view_state: Any = None
        self._panel_text: str | None = None
        self.log_marks: dict[int, int] = {}  # side -> log length when it last gave up the keyboard
        self.my_turn = False  # a hosted or joined seat: whether it is this seat's turn
        self.news_from: int | None = None  # where "since your last turn" starts in this seat's log
        self.narrator = Narrator(self)  # the other side's events, one at a time (tui/narrator.py)
        self.banner_side: int | None = None

    # -- layout ---------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static("", id="banner", markup=False)
        with Horizontal(id="main"):
            yield BoardView(id="board", show_choose=False)
            with Vertical(id="side"):
                with VerticalScroll(id="side-scroll"):
                    yield Static("", id="panel", markup=False)
                yield PatchedText(id="cursor")
                yield PatchedText(id="cursor-unit")
                if self.computer is not None:
                    yield self.computer
        log = RichLog(id="log", max_lines=2000, wrap=True, markup=False, min_width=20)
        log.can_focus = False
        log.border_title = escape("log: [ ] scroll · L whole log")
        yield log
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self._fill_log()
        self.query_one(BoardView).focus()
        self.redraw()
        if self.single:
            self._unsubscribe = self.seats.subscribe(self._seat_changed)

    # -- the picture --------------------------------------------------------------
    @guarded
    def redraw(self) -> None:
        game = self.game
        side = self.acting_side()
        if self.computer is not None:
            self.call_after_refresh(self.computer.poke)
            if self.computer.watcher is not None:
                # One person against the computer: the keyboard is always
                # theirs, so no handover ever hides the board from them.
                self.keyboard_side = self.computer.watcher
            if self.computer.plays(side):
                side = None  # the computer's turn: nothing for the keyboard to do
        if self.single:
            self.keyboard_side = self.fixed  # no handover: the other player has their own screen
            side = side if side == self.fixed else None
            if not self.narrator.busy:  # "since your last turn" once it has all been shown
                self._turn_news(side == self.fixed and side is not None)
        elif side is not None and self.private and side != self.keyboard_side:
            self._handover(side)
            return
        if side is not None:
            if side != self.keyboard_side and self.keyboard_side is not None:
                self.say(f"▶ {game.players[side]} to play")
            self.keyboard_side = side
            # A draft from the save (tui/drafts.py), once its own side has the keyboard.
            if hasattr(self.app, "reopen_drafts"):
                self.app.call_after_refresh(self.app.reopen_drafts, self)
        shown = self.keyboard_side if self.private else side
        if self.log_shown_for != (self.log_side(), game.outcome is not None):
            self._fill_log()
        if self.single:
            shown = self.fixed
        view = self.seats.view(shown)
        self.view_state = view
        self.units = self.adapter.units(game, view)
        self.orders = self.adapter.offered(game, side, self.seats.legal_orders(side)) if side is not None else []
        by_unit = self._orders_by_unit()
        jump = False  # the figure that acts next was just picked: the cursor goes to it
        if self.selected not in by_unit or self.selected is None:
            self.selected = None
            movers = [u for u in by_unit if u is not None]
            if len(movers) == 1:
                self.selected = movers[0]
                jump = True
        highlights = set()
        for order in by_unit.get(self.selected, []) if self.selected else []:
            highlights.update(self.adapter.order_cells(game, view, order))
        for order in by_unit.get(None, []):
            highlights.update(self.adapter.order_cells(game, view, order))
        positions = {u.pos: u for u in self.units if u.pos is not None}
        selected_unit = self._unit(self.selected)
        field = self.adapter.battlefield(game, view)
        picture = Picture(
            battlefield=field,
            units=positions,
            labels={u.id: self.adapter.unit_label(u) for u in self.units},
            compact_labels={u.id: self.adapter.unit_label(u, compact=True) for u in self.units},
            own_side=self.keyboard_side,
            highlights=frozenset(c for c in highlights if field.in_bounds(c)),
            selected=selected_unit.pos if selected_unit else None,
            selected_id=self.selected,
            grid=self.adapter.board_grid(game, view),
            marks=self.adapter.cell_marks(game, view, selected_unit),
            shades=self.adapter.cell_shades(game, view, selected_unit, self.query_one(BoardView).cursor),
        )
        board = self.query_one(BoardView)
        board.show(self.adapter.picture(game, view, picture))
        self._fit_side()  # a battlefield too wide for the board beside a full panel
        self._fit_log()
        if jump:
            self._jump_to(self.selected)
        self._draw_banner(side)
        self._draw_panel()
        self.refresh_bindings()
        if self.narrator.busy:
            return  # nothing moves on until what happened has been shown
        if game.outcome is not None and not self.announced_over:
            self.announced_over = True
            self.show_result()
            return
        if side is not None and not self.modal_open:
            forced = self.adapter.forced(game, side, self.orders)
            if forced is not None:
                # No choice to make: give it after this frame is drawn.
                self.call_later(self._give_forced, game, *forced)
                return
            self.adapter.shared_keyboard = self.shares_keyboard()
            modal = self.adapter.prompt(game, side, self.orders)
            if modal is not None:
                self._open(modal, self._submit_result)

    def _orders_by_unit(self) -> dict[str | None, list[Order]]:
        by_unit: dict[str | None, list[Order]] = {}
        for order in self.orders:
            by_unit.setdefault(self.game.ruleset.order_unit(order), []).append(order)
        return by_unit

    def _unit(self, uid: str | None) -> UnitView | None:
        for unit in self.units:
            if unit.id == uid:
                return unit
        return None

    def _draw_banner(self, side: int | None) -> None:
        game = self.game
        self.banner_side = side
        text = self.adapter.banner(game, side)
        if text is None:
            situation = game.ruleset.situation(self.view_state)
            if game.outcome is not None:
                who = "Game over · Enter: the result"
            elif self.single and self._remote_status():
                who = self._remote_status()
            elif self.onlooker():
                acting = sorted(game.to_act)
                who = "Watching" + (f": {game.players[acting[0]]} to play" if acting else "") + " (no orders here)"
            elif self.narrator.busy:  # the narrator's mark says a key brings the next event
                acting = sorted(game.to_act)
                who = f"then {game.players[acting[0]]} plays" if acting else "then nobody acts"
            elif self.single and self.fixed not in game.to_act:
                acting = sorted(game.to_act)
                who = f"Waiting for {game.players[acting[0]]}" if acting else "Nobody to act"
                if getattr(self.seats.any_seat, "status", "") == "absent":  # the host's screen
                    who += f" (not connected; {self.seats.any_seat.reason.lower()})"
            elif side is None:
                bots = sorted(game.to_act)
                who = f"▶ {game.players[bots[0]]} (computer) to play" if bots else "Nobody to act"
            else:
                who = f"▶ {game.players[side]} to play"
            short_title = game.ruleset.title.split(":")[0]
            text = f"{who} · {game.ruleset.turn_word} {situation.turn} · {situation.phase} · {short_title}"
        unsaved = self.app.unsaved() if hasattr(self.app, "unsaved") else ""
        if unsaved:  # saving failed: said on the board until a save succeeds
            text = f"⚠ {unsaved} · {text}"
        if self.narrator.busy:
            text = f"{self.narrator.hint()} · {text}"
        banner = self.query_one("#banner", Static)
        banner.update(fit_pieces(text, max(20, self.app.size.width - 2)))  # markup=False: names come from saves
        for n in (0, 1):  # the side to act in its board colour
            banner.set_class(side == n and game.outcome is None, f"side-{n}")

    def _draw_panel(self) -> None:
        game = self.game
        rules = game.ruleset
        situation = rules.situation(self.view_state)
        lines = [f"{rules.turn_word} {situation.turn}, {situation.phase}"]
        if situation.detail:
            lines.append(situation.detail)
        lines += self.adapter.panel_lines(game, self.view_state, self.keyboard_side, self._unit(self.selected))
        field = self.adapter.battlefield(game, self.view_state)
        chosen = self._unit(self.selected)
        if chosen is not None:
            lines.append(f"Selected: {self._unit_line(chosen)}")
            count = len(self._orders_by_unit().get(chosen.id, []))
            lines.append(f"  {count} order(s); Enter on [.] cell, o: list")
        side = self.keyboard_side
        if side is not None:
            waiting = [u for u in self.units if u.side == side and u.pos is None and u.status != "removed"]
            if waiting and any(u.id in self._orders_by_unit() for u in waiting):
                lines.append("Off board: " + " ".join(u.id for u in waiting) + " (Tab)")
        lines.append("")
        board = self.query_one(BoardView)
        lines.append(legend_text(field, board.side_key(game.players, self.app.no_color),
                                 self.adapter.drawn_glyphs(field)))
        if board.compact and self.adapter.compact_key:
            lines.append(self.adapter.compact_key)
        text = "\n".join(lines)
        panel = self.query_one("#panel", Static)
        if text != self._panel_text:
            self._panel_text = text
            panel.update(text)
        self._draw_cursor()

    SIDE_W, NARROW_SIDE_W = 36, 13  # the side panel's columns, and the fewest it gives up to

    def _fit_side(self) -> None:
        """Give the board the columns it needs to be seen whole in compact
        cells (an Optio hand-off's 32x16 at 80x24), taking them from the side
        panel down to ``NARROW_SIDE_W``; its cursor lines get the rows their
        wrapped words then need."""
        from tui.picture import COMPACT_W, LABEL_W

        board, side = self.query_one(BoardView), self.query_one("#side")
        pic, width = board.picture, self.size.width
        need = 0
        if pic is not None and pic.cell_size is None and board.zoom is not False and width:
            bf = pic.battlefield
            tall = 1 + bf.height > self.size.height - 6  # the banner, the footer, the log's 4 rows
            need = LABEL_W + COMPACT_W * bf.width + (1 if tall else 0)  # row numbers, cells, a scrollbar
        narrow = need > width - self.SIDE_W and width - need >= self.NARROW_SIDE_W
        side.styles.width = width - need if narrow else self.SIDE_W
        for name, rows in (("#cursor", 2 if narrow else 1), ("#cursor-unit", 4 if narrow else 2)):
            for card in self.query(name):  # absent for a moment while the panel is being built
                card.styles.height = rows

    def _fit_log(self) -> None:
        """Give the board the rows it needs to be seen whole (a 16-row
        battlefield at 80x24), taking them from the log pane (6 rows, at
        least 4)."""
        self._fit_side()
        want = self.query_one(BoardView).rows_wanted()
        if want and self.size.height:
            self.query_one(RichLog).styles.height = max(4, min(6, self.size.height - 2 - want))

    def on_resize(self) -> None:
        self._fit_log()

    def on_board_view_refitted(self, message: BoardView.Refitted) -> None:
        self._fit_log()
        self._draw_panel()  # the side key lists the labels as drawn

    def _unit_line(self, unit: UnitView) -> str:
        facing = f" facing {unit.facing.value}" if unit.facing is not None else ""
        marks = f" [{unit.markers}]" if unit.markers else ""
        return f"{unit.id} ({unit.name}) {unit.status}{facing}{marks}"

    # -- modals -----------------------------------------------------------------------
    def _open(self, screen: Any, callback) -> None:
        self.modal_open = True

        def closed(result: Any) -> None:
            self.modal_open = False
            if callback is not None:
                callback(result)

        self.app.push_screen(screen, closed)

    # -- submitting -------------------------------------------------------------------
    @guarded
    def _submit_result(self, result: Any) -> None:
        if result is None:
            self.redraw_panel_only()
            return
        orders = [result] if isinstance(result, Order) else list(result)
        for order in orders:
            if not self.submit(order):
                break

    def redraw_panel_only(self) -> None:
        self._draw_panel()

    def submit(self, order: Order, narrate: bool = False) -> bool:
        """Submit through the seat; show a refusal as a sentence.  ``narrate``:
        an order the player did not choose (the computer's, a forced one):
        its events are shown one at a time (tui/narrator.py)."""
        self.narrator.remember(self.units)
        # Set before submitting: a seat held in this process tells of the
        # change at once, on this thread, from inside submit (tui/seated.py).
        self._own_change = not narrate
        try:
            result = self.seats.submit(order)
            log = self.query_one(RichLog)
            if isinstance(result, Rejection):
                if result.code == "unanswered":  # a joined seat: neither taken nor refused yet
                    self.say(f"… {result.message}")
                else:
                    self.say(f"✗ Not allowed: {result.message}")
                return False
            if self.single:
                seen = self._events_seen
                self._take_change()  # the new events are in this seat's log...
                # ...or, from a host, in its next update: they are this seat's own then too
                self._own_expected = not narrate and self._events_seen == seen
                return True
        finally:
            self._own_change = False
        shown = [e for e in result if self.game.outcome is not None or visible_to(e, self.log_side())]
        if narrate:
            self.narrate(shown)
        else:
            for event in shown:
                log.write(event.sentence)
        if not self.saved_by_match():
            self.app.autosave(self.game)
        self.redraw()
        return True

    def choose_among(self, orders: Sequence[Order], reason: str, title: str) -> None:
        if not orders:
            return
        side = self.keyboard_side
        if len(orders) == 1 and reason == "cell":
            ask = self.adapter.confirm(self.game, side, orders[0])
            if ask is not None:
                self._open(ask, self._submit_result)
                return
            self.submit(orders[0])
            return
        modal = self.adapter.choose(self.game, side, orders, reason)
        if modal is None:
            modal = ChoiceMenu(title, [(self.adapter.describe(self.game, self.view_state, o), o) for o in orders])
        self._open(modal, self._submit_result)

    # -- messages up from the board -------------------------------------------------------
    @guarded
    def on_board_view_cursor_moved(self, message: BoardView.CursorMoved) -> None:
        self._draw_cursor()

    @guarded
    def on_board_view_cell_chosen(self, message: BoardView.CellChosen) -> None:
        cell = message.cell
        view = self.view_state
        by_unit = self._orders_by_unit()
        if self.game.outcome is not None:
            self.show_result()
            return
        if self.keyboard_side is None or not self.orders:
            self.say("You are watching: this screen gives no orders." if self.onlooker() else "Nobody can act now.")
            return
        if self.selected is not None:
            hits = [o for o in by_unit.get(self.selected, []) if cell in self.adapter.order_cells(self.game, view, o)]
            if hits:
                self.choose_among(hits, "cell", f"Orders for {self.selected} at {cell[0]},{cell[1]}")
                return
        here = next((u for u in self.units if u.pos == cell), None)
        if here is not None and here.id in by_unit:
            if here.id == self.selected:
                self.choose_among(by_unit[here.id], "menu", f"Orders for {here.id}")
            else:
                self.selected = here.id
                self.redraw()
            return
        loose = [o for o in by_unit.get(None, []) if cell in self.adapter.order_cells(self.game, view, o)]
        if loose:
            self.choose_among(loose, "cell", f"Orders at {cell[0]},{cell[1]}")
            return
        chosen = self._unit(self.selected)
        if here is not None and chosen is not None and here.id != chosen.id:
            why = self.adapter.why_not(self.game, self.keyboard_side, chosen, here)
            if why:
                self.say(f"✗ {why}")
                return
        if here is not None:
            self.say(f"{here.id} has no order to give now.")
        else:
            self.say("No order points here. Tab selects a figure that can act; o lists every order.")

    def onlooker(self) -> bool:
        """This screen watches a hosted game: no seat of its own, no
        computer playing from it."""
        return self.single and self.fixed is None and self.computer is None

    # -- actions --------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action in ("deploy_all", "ready"):
            verb = "deploy-all" if action == "deploy_all" else "ready"
            return any(o.verb == verb for o in self.orders)
        if action in ("orders", "next_unit", "end_turn"):
            return bool(self.orders)
        if action == "deselect":
            return self.selected is not None
        if action == "computer":
            computer = getattr(self, "computer", None)
            return computer is not None and computer.watching
        return True

    @guarded
    def action_next_unit(self, step: int) -> None:
        movers = [u for u in self._orders_by_unit() if u is not None]
        if not movers:
            return
        index = movers.index(self.selected) + step if self.selected in movers else 0
        self.selected = movers[index % len(movers)]
        self.redraw()
        unit = self._unit(self.selected)
        board = self.query_one(BoardView)
        if unit is not None and unit.pos is not None:
            board.move_cursor(unit.pos)
        else:
            cells = sorted(board.picture.highlights, key=lambda c: (c[1], c[0])) if board.picture else []
            if cells:
                board.move_cursor(cells[0])

    @guarded
    def action_orders(self) -> None:
        by_unit = self._orders_by_unit()
        orders = by_unit.get(self.selected, []) + by_unit.get(None, []) if self.selected else list(self.orders)
        orders = self.adapter.menu_orders(self.game, orders)  # not those offered on the board only
        extra = self.adapter.commands(self.game, self.keyboard_side)
        if extra:
            choices = [(label, ("command", make)) for label, make in extra]
            choices += [(self.adapter.describe(self.game, self.view_state, o), o) for o in orders]

            def picked(value: Any) -> None:
                if isinstance(value, tuple) and len(value) == 2 and value[0] == "command":
                    self._open(value[1](), self._submit_result)
                else:
                    self._submit_result(value)

            self._open(ChoiceMenu("Orders", choices), picked)
            return
        title = f"Orders for {self.selected}" if self.selected else "Every legal order"
        self.choose_among(orders, "menu", title)

    @guarded
    def action_adapter_key(self, name: str) -> None:
        """A key the ruleset adapter added (``RulesetAdapter.keys``)."""
        if self.modal_open:
            return
        cursor = self.query_one(BoardView).cursor
        result = self.adapter.key(self.game, self.keyboard_side, name, self._unit(self.selected), cursor)
        if result is None:
            self.redraw()
        elif isinstance(result, Order) or isinstance(result, (list, tuple)):
            self._submit_result(result)
        else:
            self._open(result, self._submit_result)

    @guarded
    def action_deploy_all(self) -> None:
        for order in self.orders:
            if order.verb == "deploy-all":
                self.submit(order)
                return

    @guarded
    def action_ready(self) -> None:
        for order in self.orders:
            if order.verb == "ready":
                self.submit(order)
                return

    def action_deselect(self) -> None:
        self.selected = None
        self.redraw()

    def action_scroll_log(self, step: int) -> None:
        log = self.query_one(RichLog)
        if step < 0:
            log.scroll_page_up(animate=False)
        else:
            log.scroll_page_down(animate=False)

    def action_scroll_side(self, step: int) -> None:
        side = self.query_one("#side-scroll", VerticalScroll)
        if step < 0:
            side.scroll_page_up(animate=False)
        else:
            side.scroll_page_down(animate=False)

    def action_rules(self) -> None:
        from tui.help import open_help

        rules = self.game.ruleset
        open_help(self.app, rules.name, rules.title)

    def action_save(self) -> None:
        # Said in the log, never in a toast over it (issue 29).
        if self.local_game() is None:
            self.say("The host saves this game after every order.")
            return
        if getattr(self.app, "session", None) is None:
            self.say("This game has no save file (saving is unavailable).")
            return
        where = self.app.autosave(self.local_game(), force=True)
        if where:
            self.say(f"Saved to {where}")

    def action_quit_game(self) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.app.leave_game(self.local_game())

        if self.game.outcome is not None:
            question = "Leave this finished game? Load lists it (marked finished)."
        else:
            question = "Leave this game? It is saved, and Continue brings you back here."
        ask = self.app.leave_question(question) if hasattr(self.app, "leave_question") else Confirm(question)
        self._open(ask, answered)
