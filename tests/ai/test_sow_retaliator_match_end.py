"""Spheres of War: the Retaliator's last Action, with a step out of reach free.

A pair still within reach when a Match ends meets again next turn with the
Instigator acting first (rule 16), and it strikes first (rules 28-29): the
Retaliator rolls first and falls about three times in five.  A tester saw
hard, as the Retaliator, Wait (and once strike, unanswered) with the Match's
last Action inside the Instigator's reach when a step back out of it was
free.  Its valuation of the Match's end counted the same first strike
whatever it did: stepped back, the Instigator's figure would be Matched
next turn with another Retaliator figure in its reach, one whose own Match
was still to come this turn (and which can step out of reach there).

Reach on the open board, by hand: a Move is up to 2 inches straight toward
the opponent and contact is the 8 cells around, so a figure reaches contact
from 3 inches or nearer (3 across and 1 up is already out).
"""

from __future__ import annotations

import attrs
import pytest

from core.ai import choose
from core.registry import find_ruleset
from core.rulesets.spheres_of_war.actions import actor
from core.rulesets.spheres_of_war.orders import Move
from tests.ai.test_sow_blunders import _within_reach_of, at_step

RULES = find_ruleset("spheres_of_war")


def choices(state, level: str):
    side = state.unit(actor(state)).side
    view, legal = RULES.view(state, side), RULES.legal_orders(state, side)
    return [choose(RULES, view, side, legal, level, seed=s) for s in range(6)]


# Turn 1, Match 1 (the tester's, open field): i2 has stepped to (4,6) with
# its fifth Action, within reach of r3 at (5,8) (1 across, 2 down).  r3's
# last Action: Waiting, or a step toward, ends the Match within i2's reach;
# a step back to (5,9) or (6,9) ends it out of reach (10 and 13 > 9).  r1
# at (2,8) is also within i2's reach (2 across, 2 down), but its own Match
# (with i1) is still to come this turn.
FIRST_MATCH = {"i2": (4, 6), "r3": (5, 8), "i1": (1, 5), "i3": (7, 5), "i4": (10, 5), "i5": (0, 2),
               "r1": (2, 8), "r2": (8, 8), "r4": (11, 8), "r5": (0, 11)}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_last_action_steps_out_of_reach_rather_than_wait_in_it(level):
    state = at_step(FIRST_MATCH, 9)
    assert actor(state) == "r3" and state.match.instigator == "i2" and not state.inert
    assert _within_reach_of((4, 6), (5, 8)) and _within_reach_of((4, 6), (2, 8))
    assert not _within_reach_of((4, 6), (5, 9)) and not _within_reach_of((4, 6), (6, 9))
    for c in choices(state, level):
        assert isinstance(c.order, Move) and c.order.to in ((5, 9), (6, 9)), c.reason
        assert "within" not in c.reason


# Turn 1, Match 4 (the tester's): i1 has stepped to (1,6), within reach of
# r5 at (2,8).  Three Matches are over (their six figures Inert, far off);
# r4 at (3,8), within i1's reach too, is still to play the last Match.  r5
# struck with the last Action ("unanswered: 39% to win later"), and i1
# struck first in place next turn.  The step back to (2,9) or (3,9) is out
# of i1's reach (10 and 13).
FOURTH_MATCH = {"i1": (1, 6), "r5": (2, 8), "r4": (3, 8), "i5": (9, 5),
                "i2": (8, 0), "r1": (8, 11), "i3": (10, 0), "r2": (10, 11), "i4": (11, 2), "r3": (6, 11)}


def fourth_match_state():
    state = at_step(FOURTH_MATCH, 9)
    return attrs.evolve(state, inert=("i2", "i3", "i4", "r1", "r2", "r3"))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_last_action_steps_back_rather_than_strike_unanswered(level):
    state = fourth_match_state()
    assert actor(state) == "r5" and state.match.instigator == "i1"
    assert _within_reach_of((1, 6), (3, 8))
    assert not _within_reach_of((1, 6), (2, 9)) and not _within_reach_of((1, 6), (3, 9))
    for c in choices(state, level):
        assert isinstance(c.order, Move) and c.order.to in ((2, 9), (3, 9)), c.reason


def test_a_figure_whose_match_is_over_is_counted_whole():
    # The same Match, r4 Inert: stepped back, r5 leaves i1 Matched next turn
    # with r4, which stands within its reach and has no Match left to step
    # away in.  Either way one of the Retaliator's figures is struck first
    # next turn, so the step back gains nothing over the strike.
    from core.ai.search import LEVELS
    from core.ai.spheres_of_war import SpheresKnowledge, odds_for
    state = attrs.evolve(fourth_match_state(), inert=("i2", "i3", "i4", "r1", "r2", "r3", "r4"))
    know = SpheresKnowledge(RULES)
    know.level = LEVELS["hard"]
    view = RULES.view(state, 1)
    solver = know._solver(view, "r5", "i1", 1, 1.0, 1.0, odds_for(view))
    back = solver.order_value((2, 8), (1, 6), (2, 9), 9)
    strike = solver.order_value((2, 8), (1, 6), (2, 7), 9)
    assert back == pytest.approx(strike)
    assert back < 0
