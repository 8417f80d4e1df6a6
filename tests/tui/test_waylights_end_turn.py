"""Waylights' ``p``: it asks first only while an Action remains (README,
keys).  The free step is no Action ("Sequence": two Actions, and the step
in a turn without Move), so with both Actions used and only the step left
``p`` ends the turn without asking (a tester's report: it asked "3 other
order(s) are still possible")."""

from __future__ import annotations

from core.game import submit
from core.rulesets.waylights.orders import EndTurn, Split, SplitMove, Step
from tests.tui.test_waylights import RULES, prepared
from tui.rulesets import adapter_for


def test_p_does_not_ask_when_only_the_free_step_is_left():
    game = prepared(2)  # a1 at 5,4 to act
    game = submit(game, Split(0, "a1", 2)).game
    adapter = adapter_for(RULES)
    game = submit(game, SplitMove(0, "a1", (7, 4))).game
    order, question = adapter.end_turn(game, 0, game.legal_orders(0))
    assert isinstance(order, EndTurn) and question is not None and "1 Action left" in question
    game = submit(game, SplitMove(0, "a1", (9, 4))).game
    legal = game.legal_orders(0)
    assert game.state.active == "a1" and any(isinstance(o, Step) for o in legal)  # the step is still there
    order, question = adapter.end_turn(game, 0, legal)
    assert isinstance(order, EndTurn) and question is None
