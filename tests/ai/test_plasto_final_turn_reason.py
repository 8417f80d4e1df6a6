"""The computer's reason for an order of its own final turn (*Ending The
Game*): a tester read "...the enemy cannot win it back with its next
Movement and free shots", which means nothing there, since the final turn
owes no free Movement (docs/rulings.md, Defending Free Movement) and the
game ends with it.  The reason now says so; what it claims is checked by
playing the rules."""

from __future__ import annotations

import pytest

from core.ai import choose
from core.board import Facing as F
from core.rulesets.plasto_latros import RULESET as R
from core.rulesets.plasto_latros.orders import Move, Pass
from core.rulesets.plasto_latros.state import Phase
from tests.rulesets.plasto_latros.helpers import mini, play, position


def final_turn_for_ann():
    """a1 locks b1, Bo's only mini, by a frontal attack; Ann passes: only
    Ann can move, so she takes a final turn with a2, which can go anywhere."""
    state = position(mini("a1", (5, 2), F.S), mini("a2", (0, 9), F.N), mini("b1", (5, 5), F.N))
    state, _ = play(state, Move(0, "a1", (5, 4), F.S), Pass(0))
    assert state.phase is Phase.FINAL and state.active == 0
    return state


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_final_turn_doom_is_not_said_to_await_the_enemys_next_movement(level):
    state = final_turn_for_ann()
    choice = choose(R, state, 0, R.legal_orders(state, 0), level, 0, 0)
    assert "Dooms b1" in choice.reason, choice.reason
    assert "next Movement" not in choice.reason and "win it back" not in choice.reason
    assert "final turn" in choice.reason and "no free Movement" in choice.reason
    # What it says holds: the enemy is owed no free Movement, and passing
    # ends the game with b1 removed.
    state, _ = play(state, choice.order)
    assert state.doomed == ("b1",) and state.pending_free == () and R.to_act(state) == {0}
    state, _ = play(state, Pass(0))
    assert R.outcome(state) is not None and state.mini("b1").pos is None
