"""Waylights: the computer weighs the enemies that can reach a cell before
its next turn (the reach rule of the split picker's warning,
``glance.could_strike``) when it splits its dice and where it ends a move,
and does not idle or run from cover for nothing (a tester's hard game,
report t62a F1 and F2).  Hand-built positions (tests/rulesets/waylights/helpers.py).
"""

from __future__ import annotations

import pytest

from core.ai import knowledge_for
from core.ai.search import LEVELS as LEVEL_TABLE
from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.glance import could_strike
from core.rulesets.waylights.orders import Attack, EndTurn, Move, Split, SplitMove, Step
from tests.rulesets.waylights.helpers import position

LEVELS = ["easy", "normal", "hard"]
OPEN_12 = ["." * 12] * 12


def kept(state, side, level):
    know = knowledge_for(R)
    know.level = LEVEL_TABLE[level]
    return know.shortlist(R.view(state, side), side, R.legal_orders(state, side))


def reason(state, side, order) -> str:
    return knowledge_for(R).explain(R.view(state, side), side, order)


def moves(orders):
    return [o for o in orders if isinstance(o, (Move, SplitMove, Step))]


def attacks_after(state, mover: str, to, target: str) -> bool:
    """Played by the rules: ``mover`` (given the turn) Moves to ``to``, then
    may attack ``target``."""
    turn = position([(f.id, f.side, f.kind, f.pos, {"split": 2}) for f in state.fighters], mover, rows=OPEN_12)
    side = turn.get(mover).side
    after = R.apply(turn, Move(side, mover, to))[0]
    return any(isinstance(o, Attack) and o.target == target for o in R.legal_orders(after, side))


# The tester's round 1: b4 (pistol) on 3/1 at 6,11; Ann's fighters a1 at 2,6
# and a2 at 5,1, her archer a3 at 6,0.  Hard moved to 6,6 ("closes on a1")
# and a2 walked up (5,1 -> 5,6, cost 5) and knocked it out through 1 die.
F1 = [("b4", 1, "thug", (6, 11), {"split": 3}), ("a1", 0, "fighter", (2, 6)), ("a2", 0, "fighter", (5, 1)),
      ("a3", 0, "archer", (6, 0))]


@pytest.mark.parametrize("level", LEVELS)
def test_on_3_1_no_move_ends_where_two_enemies_can_walk_up_and_strike(level):
    state = position(F1, "b4", rows=OPEN_12, turn_from=(6, 11))
    into = Move(1, "b4", (6, 6))
    assert into in R.legal_orders(state, 1)
    there = position([("b4", 1, "thug", (6, 6))] + F1[1:], "a1", rows=OPEN_12)
    assert attacks_after(there, "a1", (5, 6), "b4") and attacks_after(there, "a2", (5, 6), "b4")
    assert {"a1", "a2"} <= set(could_strike(R.view(state, 1), "b4", (6, 6)))
    shortlist = kept(state, 1, level)
    assert into not in shortlist
    # it is not frozen: moves that end where at most one can strike it stay
    safe = [o for o in moves(shortlist) if len(could_strike(R.view(state, 1), "b4", o.to)) <= 1]
    assert safe and all(len(could_strike(R.view(state, 1), "b4", o.to)) <= 1 for o in moves(shortlist))


@pytest.mark.parametrize("level", LEVELS)
def test_no_3_1_split_where_two_enemies_can_strike_and_the_reason_names_the_defence(level):
    state = position([("b4", 1, "thug", (6, 6), {"split": None})] + F1[1:], "b4", rows=OPEN_12,
                     pending="split", turn_from=(6, 6))
    threats = could_strike(R.view(state, 1), "b4")
    assert {"a1", "a2"} <= set(threats)
    assert Split(1, "b4", 3) in R.legal_orders(state, 1)
    shortlist = kept(state, 1, level)
    assert Split(1, "b4", 3) not in shortlist and Split(1, "b4", 2) in shortlist
    said = reason(state, 1, Split(1, "b4", 2))
    assert "2 to defend" in said and "a1" in said, said


def test_a_3_1_split_with_one_enemy_in_reach_stays_open():
    state = position([("b4", 1, "thug", (6, 11), {"split": None}), ("a1", 0, "fighter", (6, 6))], "b4",
                     rows=OPEN_12, pending="split", turn_from=(6, 11))
    assert could_strike(R.view(state, 1), "b4") == ("a1",)
    assert Split(1, "b4", 3) in kept(state, 1, "hard")


# The tester's last mooks: two of Bob's against three of Ann's standing (the
# round limit gives the win to the side with more standing, docs/rulings.md),
# b1 on a low wall at 3,8; it drew back onto open ground at 4,11.
WALL = ["." * 12] * 8 + ["...=........"] + ["." * 12] * 3
BEHIND = [("b1", 1, "mook", (3, 8)), ("b2", 1, "mook", (9, 11)), ("b3", 1, "mook", (0, 0), {"status": "ko"}),
          ("a1", 0, "fighter", (3, 4)), ("a2", 0, "archer", (6, 2)), ("a3", 0, "slinger", (9, 2))]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_behind_on_the_count_no_draw_back_out_of_cover(level):
    state = position(BEHIND, "b1", rows=WALL, turn_from=(3, 8))
    assert state.battlefield.terrain((3, 8)).cover == 2 and state.battlefield.terrain((4, 11)).cover == 0
    run = Move(1, "b1", (4, 11))
    assert run in R.legal_orders(state, 1)
    assert run not in kept(state, 1, level)
    # level on the count (b3 standing again), keeping away may keep the draw: left to the search
    level_count = position([f if f[0] != "b3" else ("b3", 1, "mook", (0, 11)) for f in BEHIND], "b1", rows=WALL,
                           turn_from=(3, 8))
    assert run in kept(level_count, 1, level)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_club_mook_with_nobody_in_reach_does_not_idle_its_turn(level):
    # The tester's b2 (club) on its deployment cell at 2,11, both Actions and
    # the step unused, the enemy rows away.
    state = position([("b2", 1, "mook", (2, 11)), ("a1", 0, "fighter", (2, 4)), ("a2", 0, "fighter", (5, 1))], "b2",
                     rows=OPEN_12, turn_from=(2, 11))
    assert not any(isinstance(o, Attack) for o in R.legal_orders(state, 1))
    shortlist = kept(state, 1, level)
    assert EndTurn(1, "b2") not in shortlist and moves(shortlist)
