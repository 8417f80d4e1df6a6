"""Optio: the easy computer's blunders of issue 31, in hand-built positions.

Even a beginner (easy) keeps its army out of a square holding an enemy
block it has not seen (seed 003: the army that got to the meeting square
first places the template, and that block may be their army), and never
turns a won coin game in the closing into a lost one.
"""

import pytest

from core.ai import choose
from core.ai.optio import closing_win
from core.rulesets.optio.state import Phase
from tests.ai.test_optio_ai import scouting_position
from tests.rulesets.optio.helpers import R, closing, new_state

LEVELS = ["easy", "normal", "hard"]
SEEDS = range(24)


def chosen(state, side, level):
    view, legal = R.view(state, side), R.legal_orders(state, side)
    return [choose(R, view, side, legal, level, seed, 0) for seed in SEEDS]


@pytest.mark.parametrize("level", LEVELS)
def test_the_army_never_marches_into_an_unseen_block(level):
    # Green's army at 1,1; Red's unseen block at 2,1 (their army, which
    # Green cannot know).  Other orders are on offer: the scout, the army
    # elsewhere, the end of the turn.
    state = scouting_position()
    assert state.phase is Phase.SCOUTING
    into = "move side=0 unit=g-army to=2,1"
    legal = {o.to_text() for o in R.legal_orders(state, 0)}
    assert into in legal and len(legal) > 1
    for c in chosen(state, 0, level):
        assert c.order.to_text() != into, c.reason


@pytest.mark.parametrize("level", LEVELS)
def test_a_won_closing_is_never_thrown_away(level):
    # Distance 3, Green (to move) 2 coins against Red's 1.  By the coin game
    # worked by hand in test_optio_ai: a hold (Red then at distance 3 with
    # 1 against 1) or a step to distance 2 (Red with 1 against 2) wins;
    # stepping away to 4 for a coin leaves Red 1 against 1 at an even
    # distance, which Red wins.
    state = closing(new_state(), (1, 1), (3, 2), active=0, kudos=(2, 1))
    assert closing_win(3, 2, 1)
    winning = {"hold side=0", "move side=0 unit=g-army to=2,1", "move side=0 unit=g-army to=1,2"}
    losing = {o.to_text() for o in R.legal_orders(state, 0)} - winning
    assert losing  # the blunder is on offer
    for c in chosen(state, 0, level):
        assert c.order.to_text() in winning, c.reason
