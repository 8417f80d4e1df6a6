"""How play flows on the game screen, the same in every ruleset (issue 12):
the result screen and what follows it, ``p`` to end the turn (asking only
while Actions remain), ctrl+z to take back (the rule is
``core.game.take_back_refusal``), orders with no alternative given at
once, and the cursor jumping to the figure that acts next.

:class:`PlayFlow` is a mixin of :class:`tui.game_screen.GameScreen`; it
uses the screen's ``game``, ``adapter``, ``keyboard_side``, ``orders``,
``units``, ``modal_open``, ``say``, ``submit``, ``redraw`` and ``_open``.
"""

from __future__ import annotations

import functools
from typing import Any

from core import game as core_game
from core.orders import Order
from core.ruleset import Rejection
from tui.board import BoardView
from tui.modals import Confirm


def fit_pieces(text: str, width: int, sep: str = " · ") -> str:
    """``text`` made of pieces joined by ``sep``, the last pieces dropped
    until it fits in ``width`` columns (the first always stays): a one-row
    banner never wraps out of sight."""
    from rich.cells import cell_len

    pieces = text.split(sep)
    while len(pieces) > 1 and cell_len(sep.join(pieces)) > width:
        pieces.pop()
    return sep.join(pieces)


def guarded(method):
    """Catch an exception at the edge of a handler and show it, so one bug
    in a ruleset or adapter does not end the app (and the game)."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - this is the edge
            self.show_error(exc)
            return None

    return wrapper


class PlayFlow:
    # -- the end ----------------------------------------------------------------------
    def show_result(self) -> None:
        """The result screen; its choice is carried out by ``_after_result``."""
        from tui.result import ResultScreen

        extra = self.adapter.after_over_label(self.game)
        headline = self.adapter.result_headline(self.game)
        sides = self.adapter.result_sides(self.game)
        computer = getattr(self, "computer", None)
        released = computer.release_reasons() if computer is not None else 0
        note = (f"The computer's reasons for its {released} order{'s' if released != 1 else ''}, kept back "
                "while its orders were secret, are now in the log: b shows the final board." if released else None)
        fairness = getattr(self.seats.any_seat, "fairness", "")  # a joined or server's game: the dice check
        if fairness:
            note = f"{note}\n{fairness}" if note else fairness
        self._open(ResultScreen(self.game, headline, extra, sides, note), self._after_result)

    @guarded
    def _after_result(self, choice: str | None) -> None:
        from tui.result import rematch

        app = self.app
        # Whoever played each side (a person or the computer) plays it in
        # the game that follows: the battle after an Optio pre-game, or the
        # rematch (where each player changes side).
        kinds = tuple(getattr(self, "kinds", None) or ("human", "human"))
        if getattr(self, "single", False) and choice in ("extra", "rematch"):
            self._next_hosted(choice, kinds)
            return
        if choice == "extra":
            modal = self.adapter.after_over(self.game)
            if modal is not None:
                self._open(modal, lambda game: self._game_after(game, kinds))
        elif choice == "rematch":
            app.start_game(rematch(self.game), seats=tuple(reversed(kinds)))
        elif choice == "new":
            app.leave_game(self.game)
            app.action_new_game()
        elif choice == "menu":
            app.leave_game(self.game)
        elif choice == "watch":
            self._watch_again()

    def _game_after(self, game: Any, kinds: tuple[str, str]) -> None:
        """The game chosen to follow this one (the battle after an Optio
        pre-game) opens in the new-game form, pre-filled, so the players
        choose their warbands; Esc there comes back to the result."""
        if game is None:
            self.show_result()
            return
        from tui.rulesets.optio_handoff import battle_form

        self._open(battle_form(self.game, game, kinds), lambda _: self.show_result())

    def _next_hosted(self, choice: str, kinds: tuple[str, str]) -> None:
        """A game over the network: the host begins the next one (same
        code, a new fair seed) and the joiner's screen follows it; the
        joiner and onlookers wait for the host's choice."""
        from tui.result import rematch

        app, whole = self.app, self.local_game()
        game_id = getattr(getattr(app, "remote_seat", None), "game_id", None)
        if game_id is not None:  # a server's game: its lobby asks the server for the rematch
            lobby = getattr(app, "server_lobby", None)
            if choice == "rematch" and lobby is not None:
                app.leave_game(None)
                lobby.rematch(game_id)
            else:
                self.say("On a server the next game is made in the lobby: m goes back to it, then n.")
            return
        if getattr(app, "host", None) is None or whole is None or whole.outcome is None:
            self.say("The host chooses what comes next: this screen follows it into the next game.")
            return
        if choice == "rematch":
            app.host_next(rematch(whole), tuple(reversed(kinds)), "a rematch, sides swapped", swap=True)
            return
        modal = self.adapter.after_over(whole)
        if modal is None:
            return

        def chosen(game: Any) -> None:
            if game is None or not hasattr(game, "ruleset_name"):
                self.show_result()  # not now, or a look back (Platemail's last Round)
            else:
                app.host_next(game, kinds, "the battle", swap=False)

        self._open(modal, chosen)

    def _watch_again(self) -> None:
        """The finished game from its first position (the whole game: this
        process holds it); back to the result screen afterwards."""
        from tui.watch import WatchScreen

        whole = self.local_game() if getattr(self, "single", False) else self.game
        if whole is None:
            self.say("Only the host holds the whole game: watch it from the host's Load list.")
            return
        self._open(WatchScreen(whole), lambda _: self.show_result())

    def _jump_to(self, uid: str | None) -> None:
        """Put the cursor on the figure that acts next (if it is on the board)."""
        unit = next((u for u in self.units if u.id == uid), None)
        if unit is not None and unit.pos is not None:
            board = self.query_one(BoardView)
            if board.cursor != unit.pos:
                board.move_cursor(unit.pos)

    @guarded
    def _give_forced(self, game: Any, order: Order, why: str) -> None:
        if self.game is not game or self.modal_open:
            return  # something else happened first
        self.say(f"› {why}")
        self.submit(order, narrate=True)  # nobody chose it: its rolls are shown one at a time

    @guarded
    def action_end_turn(self) -> None:
        """``p`` in every ruleset: end the turn, pass or commit, asking first
        only while Actions remain."""
        side = self.keyboard_side
        if self.modal_open or side is None or self.game.outcome is not None:
            return
        found = self.adapter.end_turn(self.game, side, self.orders)
        if found is None:
            self.say("Nothing ends the turn now: " + (
                "give the order asked for (o lists it)." if self.orders else "nobody can act."))
            return
        order, question = found
        if question is None:
            self.submit(order)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.submit(order)

        self._open(Confirm(question), answered)

    @guarded
    def action_take_back(self) -> None:
        """ctrl+z: take back this side's last order, if the rule allows."""
        side = self.keyboard_side
        if self.modal_open or side is None:
            return
        if not getattr(getattr(self, "seats", None), "hot", True):
            self.say("✗ Cannot take back: only in a game played at one keyboard (for now).")
            return
        match = getattr(self.app, "match", None)
        if match is not None and match.table is self.seats.table:
            # The match takes it back (the rule: core.game.take_back_refusal).
            taken = match.take_back(side)
            if isinstance(taken, Rejection):
                self.say(f"✗ Cannot take back: {taken.message}")
                return
            earlier, order = self.game, taken
        else:
            refusal, earlier = core_game.take_back_refusal(self.game, side)
            if refusal is not None:
                self.say(f"✗ Cannot take back: {refusal.message}")
                return
            order = self.game.orders[-1]
            self.game = earlier
        text = self.adapter.describe(earlier, earlier.view(side), order)  # as it was given
        if not self.saved_by_match():
            self.app.autosave(self.game)
        self._fill_log()
        self.say(f"↶ {self.game.players[side]} takes back: {text}")
        self.redraw()
        self._jump_to(getattr(order, "unit", None))  # the cursor goes back with the figure

