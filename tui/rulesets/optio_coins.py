"""The questions before an Optio order that pays a kudo coin (seed 003's
closing: a move that does not close on the enemy army, or a hold): the
question's words, the yes/no window, and the closing's order menu that asks
before such an entry.  Used by :class:`tui.rulesets.optio.OptioAdapter`."""

from __future__ import annotations

from typing import Any

from textual.markup import escape

from core.orders import Order
from core.rulesets.optio.orders import Move
from core.rulesets.optio.ruleset import edge_towards
from core.rulesets.optio.state import SIDE_NAMES
from tui.modals import ChoiceMenu, Confirm


def pay_question(view, order, player: str) -> str:
    """The question asked before an order that pays a kudo coin."""
    left = view.kudos[order.side] - 1
    after = f"({left} kudo coin{'s' if left != 1 else ''} left after)"
    if isinstance(order, Move):
        block = view.block(order.unit)
        way = edge_towards(block.pos, order.to).word if block is not None and block.pos is not None else "away"
        enemy = SIDE_NAMES[1 - order.side]
        return (f"{player}: pay a kudo coin to move {order.unit} {way} to {order.to[0]},{order.to[1]}? "
                f"{after}\nIt does not close on {enemy}'s army, so it costs a coin.")
    return f"{player}: pay a kudo coin to hold the army where it is? {after}"


class PayCoin(Confirm):
    """The project's yes/no question before an order that pays a kudo coin:
    dismisses with the order on yes, None on no."""

    def __init__(self, question: str, order: Order) -> None:
        super().__init__(escape(question))  # Confirm's text is markup; a player's name is not
        self.order = order

    def action_answer(self, value: bool) -> None:
        self.dismiss(self.order if value else None)


class ClosingMenu(ChoiceMenu):
    """The closing's order menu: an entry that pays a kudo coin asks first
    (no stays in the menu)."""

    def __init__(self, title: str, choices, asks: dict) -> None:
        super().__init__(title, choices)
        self.asks = asks  # order -> the question asked before it

    def chosen(self, value: Any) -> None:
        question = self.asks.get(value)
        if question is None:
            self.dismiss(value)
            return

        def answered(order: Any) -> None:
            if order is not None:
                self.dismiss(order)

        self.app.push_screen(PayCoin(question, value), answered)
