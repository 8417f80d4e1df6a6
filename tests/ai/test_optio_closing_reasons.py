"""Optio's computer: its reasons in the closing say what the order does
(closes in for free, holds or keeps away for a kudo coin: seed 003, RULES,
the paragraphs on closing in) and why, by the coin game.

A tester's log once read "r1: north to 3,0 (pays a kudo coin): army closes
in, 2 squares from theirs" for a step away from the other army (distance 1
to 2), and "army closes in, 1 squares from theirs".  Every claim of "theirs
must march in" here is checked against the rules themselves: the closing is
played out through the ruleset, every legal order tried, to see which
army holds the meeting square first with both sides playing their best.
"""

import pytest

from core.ai import choose, knowledge_for
from core.rulesets.optio.ruleset import manhattan, pays_kudo
from core.rulesets.optio.state import Phase
from tests.rulesets.optio.helpers import R, closing, go, new_state

LEVELS = ["easy", "normal", "hard"]


def first_there_with_best_play(state) -> int:
    """The side whose army holds the meeting square first (and places the
    template) when both play the rest of the closing as well as it can be
    played: found by applying every legal order through the rules, not by
    the computer's coin-game table.  Each order closes in or spends a coin,
    so distance plus twice the coins left falls every turn: the search ends."""
    memo: dict = {}

    def solve(st) -> int:
        key = (st.army(0).pos, st.army(1).pos, st.kudos, st.active)
        if key not in memo:
            me = st.active
            memo[key] = 1 - me
            for order in R.legal_orders(st, me):
                after, _ = R.apply(st, order)
                first = solve(after) if after.phase is Phase.CLOSING else after.first_army
                if first == me:
                    memo[key] = me
                    break
        return memo[key]

    return solve(state)


def reason(state, side, text):
    know = knowledge_for(R)
    order = R.parse_order(text)
    said = know.explain(R.view(state, side), side, order)
    assert len(said) <= 60, said  # the log pane's room
    return said


def test_the_step_away_of_the_tester_game_says_it_keeps_away_for_a_coin():
    """The tester's game 1: Red's army at 3,1, Green's at 3,2, two coins each,
    Red to move.  North to 3,0 takes Red's army from 1 square to 2 squares
    from Green's and costs a coin; at distance 1 closing in is marching in."""
    state = closing(new_state(), (3, 2), (3, 1), active=1, kudos=(2, 2))
    step = "move side=1 unit=r-army to=3,0"
    assert pays_kudo(state, R.parse_order(step))
    after = go(state, step)
    assert after.kudos == (2, 1) and manhattan(after.army(0).pos, after.army(1).pos) == 2
    # Whatever Red does, Green's army can be made to hold the square first:
    # the reason must not claim a win.
    for order in R.legal_orders(state, 1):
        after = go(state, order.to_text())
        assert (first_there_with_best_play(after) if after.phase is Phase.CLOSING else after.first_army) == 0
    said = reason(state, 1, step)
    assert "closes in" not in said
    assert said == "keeps away for a coin (1 left) rather than march in"
    # The hold, the same coin and the same why.
    assert reason(state, 1, "hold side=1") == "holds for a coin (1 left) rather than march in"


def test_a_step_away_that_wins_says_so():
    """Distance 1, Red to move with 3 coins to Green's 1: stepping away to
    distance 2 for a coin leaves Green's army to march in in the end."""
    state = closing(new_state(), (3, 2), (3, 1), active=1, kudos=(1, 3))
    step = "move side=1 unit=r-army to=3,0"
    assert first_there_with_best_play(go(state, step)) == 1  # Red held it first: Green marched in
    assert reason(state, 1, step) == "keeps away for a coin (2 left): theirs must march in"


def test_a_hold_further_off_says_it_does_not_close_in():
    """Distance 3, Red to move with 2 coins to Green's 1: holding leaves
    Green to move at an odd distance with no more coins than Red, which
    Green loses.  With a coin each, the hold leaves Green a coin more, and
    Green wins."""
    state = closing(new_state(), (1, 1), (3, 2), active=1, kudos=(1, 2))
    assert first_there_with_best_play(go(state, "hold side=1")) == 1
    assert reason(state, 1, "hold side=1") == "holds for a coin (1 left): theirs must march in"
    lost = closing(new_state(), (1, 1), (3, 2), active=1, kudos=(1, 1))
    assert first_there_with_best_play(go(lost, "hold side=1")) == 0
    assert reason(lost, 1, "hold side=1") == "holds for a coin (0 left) rather than close in"


def test_one_square_is_said_in_the_singular():
    """Distance 2 to 1 for free, the tester's "1 squares from theirs"."""
    state = closing(new_state(), (3, 2), (3, 4), active=1, kudos=(5, 5))
    close = "move side=1 unit=r-army to=3,3"
    assert not pays_kudo(state, R.parse_order(close))
    # Even distance, as many coins: closing in wins for the side to move.
    assert first_there_with_best_play(go(state, close)) == 1
    assert reason(state, 1, close) == "army closes in, 1 square from theirs: theirs must march in"


def test_closing_in_when_it_loses_or_must():
    # Distance 3 with as many coins loses whatever Red does; closing is free.
    state = closing(new_state(), (1, 1), (3, 2), active=1, kudos=(2, 2))
    close = "move side=1 unit=r-army to=2,2"
    assert first_there_with_best_play(go(state, close)) == 0
    assert reason(state, 1, close) == "army closes in, 2 squares from theirs, saving its coins"
    broke = closing(new_state(), (1, 1), (3, 2), active=1, kudos=(2, 0))
    assert reason(broke, 1, close) == "no coin left: army closes in, 2 squares from theirs"
    beside = closing(new_state(), (3, 2), (3, 1), active=1, kudos=(2, 0))
    assert reason(beside, 1, "move side=1 unit=r-army to=3,2") == "no coin left: army marches in, theirs there first"


@pytest.mark.parametrize("level", LEVELS)
def test_the_computer_never_calls_a_paid_move_closing_in(level):
    """Over every level and several seeds of the tester's position, the
    order chosen and its reason agree: a paid order says it pays."""
    state = closing(new_state(), (3, 2), (3, 1), active=1, kudos=(2, 2))
    for seed in range(8):
        choice = choose(R, R.view(state, 1), 1, R.legal_orders(state, 1), level, seed, 0)
        if pays_kudo(state, choice.order):
            assert "for a coin (1 left)" in choice.reason and "closes in" not in choice.reason, choice.reason
        else:
            assert "marches in" in choice.reason, choice.reason
