"""Spheres of War: the blunders of issue 31, in hand-built positions.

- A Move off the battlefield takes the figure out of the game (rule 27);
  no level makes one while another order is legal.
- Whoever steps within the opponent's reach is struck first (rules 16,
  28-29: a Move into contact strikes at once).  Easy and normal never step
  within reach when Waiting where they stand is safe, also with the
  Match's last Action: a pair still in reach when the Match ends is met
  next turn by the Instigator, who acts first.
"""

from __future__ import annotations

import attrs
import pytest

from core.ai import choose
from core.registry import find_ruleset
from core.rulesets.spheres_of_war.actions import actor
from core.rulesets.spheres_of_war.orders import Move, Wait
from tests.rulesets.spheres_of_war.helpers import OPEN, position

RULES = find_ruleset("spheres_of_war")
SEEDS = range(24)


def at_step(placements: dict, step: int, **opts):
    state, _ = position(placements, **opts)
    return attrs.evolve(state, match=attrs.evolve(state.match, step=step))


def choices(state, level: str):
    uid = actor(state)
    side = state.unit(uid).side
    view, legal = RULES.view(state, side), RULES.legal_orders(state, side)
    return [choose(RULES, view, side, legal, level, seed=s) for s in SEEDS]


# Full teams; i1 (side 0) stands on the left edge and acts first in its Match
# against r1, four cells below it and out of reach.  The others stand far off.
EDGE = {"i1": (0, 5), "r1": (3, 9), "i2": (6, 2), "r2": (9, 9), "i3": (11, 0), "r3": (11, 11)}


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_level_walks_off_the_battlefield(level):
    state = at_step(EDGE, 0)
    assert actor(state) == "i1"
    legal = RULES.legal_orders(state, 0)
    assert any(isinstance(o, Move) and not OPEN.in_bounds(o.to) for o in legal)  # the blunder is on offer
    for c in choices(state, level):
        assert not (isinstance(c.order, Move) and not OPEN.in_bounds(c.order.to)), c.reason


def test_walking_off_is_played_when_it_is_the_only_order():
    from core.ai.search import LEVELS
    from core.ai.spheres_of_war import SpheresKnowledge
    state = at_step(EDGE, 0)
    off = [o for o in RULES.legal_orders(state, 0) if isinstance(o, Move) and not OPEN.in_bounds(o.to)]
    know = SpheresKnowledge(RULES)
    know.level = LEVELS["easy"]
    assert know.safe(RULES.view(state, 0), 0, off) == off


def _within_reach_of(them, cell) -> bool:
    """By hand on the open board: a Move goes up to 2 inches straight toward,
    and contact is the 8 cells around, so a figure reaches contact from 3
    inches or nearer (3 across and 1 up is already out of reach)."""
    dx, dy = cell[0] - them[0], cell[1] - them[1]
    return dx * dx + dy * dy <= 9


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_step_within_reach_in_the_match(level):
    # r1 (the Retaliator) to act at step 5, four cells right of i1: Waiting
    # is safe (a 2-inch Move leaves i1 two short).  Stepping 1 or 2 toward
    # it leaves i1 a Move from contact, and i1 strikes first at step 6.
    state = at_step({"i1": (1, 5), "r1": (5, 5), "i2": (0, 0), "r2": (11, 11)}, 5)
    assert actor(state) == "r1"
    for c in choices(state, level):
        o = c.order
        assert isinstance(o, Wait) or not _within_reach_of((1, 5), o.to), c.reason


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_step_within_reach_with_the_last_action(level):
    # The Retaliator's last Action (step 9) four cells below i1: out of its
    # reach.  A step toward ends the Match 3 or 2 cells off, and next turn
    # the Instigator acts first (rule 16) and strikes from there.  The
    # solver alone (normal, three Actions ahead) valued those steps like a
    # Wait, at nothing: the Match ends before the strike.
    state = at_step({"i1": (5, 8), "r1": (5, 4), "i2": (0, 0), "r2": (11, 0)}, 9)
    assert actor(state) == "r1" and state.turn < state.options.turn_limit
    legal = RULES.legal_orders(state, 1)
    assert any(isinstance(o, Move) and o.to in ((5, 5), (5, 6)) for o in legal)
    for c in choices(state, level):
        o = c.order
        assert isinstance(o, Wait) or not _within_reach_of((5, 8), o.to), c.reason


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_the_steps_within_reach_are_not_searched(level):
    # The position above: the search used to be handed the steps toward
    # alongside the Wait (normal's solver valued them all at nothing), and
    # broke the tie by its play-outs.  Now they are dropped before it.
    from core.ai.search import LEVELS
    from core.ai.spheres_of_war import SpheresKnowledge
    state = at_step({"i1": (5, 8), "r1": (5, 4), "i2": (0, 0), "r2": (11, 0)}, 9)
    know = SpheresKnowledge(RULES)
    know.level = LEVELS[level]
    kept = know.shortlist(RULES.view(state, 1), 1, RULES.legal_orders(state, 1))
    assert any(isinstance(o, Wait) for o in kept)
    assert not [o for o in kept if isinstance(o, Move) and _within_reach_of((5, 8), o.to)]


# r1 (the Retaliator) to act at step 1, six cells below i1, which stands on
# its edge and can only Wait or step toward.  Every order here is safe:
# none ends within i1's reach, and the solver values them all alike against
# i1's best reply (a Wait).  They differ in what i1 can get wrong.  From
# (5,4), four cells off, both of i1's steps toward, to (5,1) or (5,2), end
# within r1's reach, and r1 strikes first.  From (5,5) only the step to
# (5,2) does; from where r1 stands, or farther back, neither.  Worked by
# hand with the reach of rules 25-29.
TEMPT = {"i1": (5, 0), "r1": (5, 6), "i2": (0, 11)}


@pytest.mark.parametrize("placements,levels", [
    ({**TEMPT, "r2": (11, 3)}, ["hard"]),  # level on figures: normal's caution turns a 58% exchange down
    (TEMPT, ["normal", "hard"]),  # one behind: every level that looks ahead takes it
], ids=["level", "behind"])
def test_of_safe_steps_the_one_that_tempts_the_opponent_within_reach(placements, levels):
    state = at_step(placements, 1)
    assert actor(state) == "r1" and state.match.instigator == "i1"
    for level in levels:
        for c in choices(state, level):
            assert isinstance(c.order, Move) and c.order.to == (5, 4), (level, c.reason)
    assert not _within_reach_of((5, 0), (5, 4))
    assert _within_reach_of((5, 4), (5, 1)) and _within_reach_of((5, 4), (5, 2))
    assert _within_reach_of((5, 5), (5, 2)) and not _within_reach_of((5, 5), (5, 1))
    assert not _within_reach_of((5, 6), (5, 2))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_retaliator_strikes_first_rather_than_back_into_the_edge(level):
    # i1 has just stepped within r1's reach, three cells above it; r1 stands
    # two cells from its own edge.  Striking now (step 1) wins the fight
    # 59% of the time in the end (rolls at steps 2-9, carried over).  Backing off to the
    # edge (5,11) leaves no room: i1 follows, and r1 is left to strike late,
    # or be struck, with the fight carried over to i1's first strike next
    # turn.  Normal, looking three Actions ahead and weighing its level
    # losses 1.5x, backed off.
    state = at_step({"i1": (5, 6), "r1": (5, 9), "i2": (0, 0), "r2": (11, 0)}, 1)
    assert actor(state) == "r1" and _within_reach_of((5, 6), (5, 9))
    for c in choices(state, level):
        assert isinstance(c.order, Move) and c.order.to == (5, 7), c.reason
        assert "59% in the end" in c.reason


def test_normal_plans_the_retaliators_match_to_its_end_and_the_instigators_three_actions_ahead():
    from core.ai.search import LEVELS
    from core.ai.spheres_of_war import SpheresKnowledge
    state = at_step({"i1": (5, 6), "r1": (5, 9), "i2": (0, 0), "r2": (11, 0)}, 1)
    know = SpheresKnowledge(RULES)
    for level, instigator, retaliator in (("easy", 0, 0), ("normal", 3, None), ("hard", None, None)):
        know.level = LEVELS[level]
        assert (know.lookahead(state, state.instigator), know.lookahead(state, 1 - state.instigator)) == (
            instigator, retaliator)


# Behind in figures, r1 alone against i1 and i2, four cells below i1 and out
# of its reach, r1 to act at step 1.  The turn limit gives the game to the
# side with more standing (our ruling on an endless Tactical Fragment), so
# in the last turn a Wait is a sure loss and any step toward i1 a chance: i1
# strikes first (r1 wins the exchange 2 in 5), or waits and r1 strikes.
# Normal, weighing its losses 0.8x and keeping out of reach, waited out the
# Match and lost at the limit.  Before the last two turns the step into
# reach is still a blunder: there are turns left to find a better fight.
BEHIND = {"i1": (5, 3), "r1": (5, 7), "i2": (0, 0)}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_behind_in_the_last_turn_the_computer_fights_rather_than_wait_out_a_loss(level):
    state = at_step(BEHIND, 1, turn_limit=1)
    assert actor(state) == "r1" and state.match.instigator == "i1"
    assert state.turn == state.options.turn_limit and not _within_reach_of((5, 3), (5, 7))
    for c in choices(state, level):
        assert isinstance(c.order, Move) and c.order.to[1] < 7, (level, c.reason)
        assert "the only chance" in c.reason


def test_behind_with_turns_left_normal_still_keeps_out_of_reach():
    state = at_step(BEHIND, 1, turn_limit=20)
    assert state.turn < state.options.turn_limit - 1
    for c in choices(state, "normal"):
        o = c.order
        assert isinstance(o, Wait) or not _within_reach_of((5, 3), o.to), c.reason


# Hard starts eight turns from the limit: a side ahead keeps out of reach,
# so the last two turns leave few fights to draw level with.  Normal waits.
@pytest.mark.parametrize("limit, level, fights", [
    (8, "hard", True),  # this turn and seven more
    (9, "hard", False),
    (8, "normal", False),
    (2, "normal", True),
])
def test_how_far_from_the_limit_a_side_behind_starts_to_fight(limit, level, fights):
    state = at_step(BEHIND, 1, turn_limit=limit)
    assert state.turn == 1
    for c in choices(state, level):
        o = c.order
        stepped_in = isinstance(o, Move) and _within_reach_of((5, 3), o.to)
        assert stepped_in == fights, (limit, level, c.reason)
        assert ("the only chance" in c.reason) == fights


def test_a_step_into_reach_with_the_last_action_says_it_is_the_only_chance():
    """Hard, behind within eight turns of the limit, steps within reach with
    the Match's last Action too; its reason said only "the Match ends within
    i1's reach", and a tester took the step for a blunder."""
    state = at_step(BEHIND, 9, turn_limit=6)
    assert actor(state) == "r1"
    stepped = [c for c in choices(state, "hard") if isinstance(c.order, Move) and _within_reach_of((5, 3), c.order.to)]
    assert stepped
    for c in stepped:
        assert "within i1's reach (behind as the turn limit nears: a fight is the only chance)" in c.reason, c.reason
