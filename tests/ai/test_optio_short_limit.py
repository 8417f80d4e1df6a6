"""Optio, hard moving last with a short scouting limit (2 turns each).

At the limit (docs/rulings.md, *Turn limit (ours)*) both armies show
themselves, an army still off the map comes on at its home edge in the
other army's column, and the side that moved first in the scouting moves
first in the closing, which with level coins it wins exactly at an even
distance.  A tester saw hard (moving last) keep its army off the map on its
first turn: on its last turn, with the other army still off the map too,
every choice left them 4 squares apart.  Hard now brings its army on the
turn before its last.  Every claim is checked through the rules.
"""

import pytest

from core.ai import choose, knowledge_for
from core.ai.search import LEVELS
from core.rulesets.optio.ruleset import manhattan
from core.rulesets.optio.state import Phase
from tests.ai.test_optio_closing_reasons import first_there_with_best_play
from tests.rulesets.optio.helpers import R, go, new_state, with_kinds

GREEN_TURN_1 = ("move side=0 unit=g-d1 to=1,0", "move side=0 unit=g-d2 to=3,0", "end-turn side=0")
GREEN_TURN_2 = ("move side=0 unit=g-d1 to=1,1", "end-turn side=0")  # Green's army never comes on


def reds_first_turn():
    """Turn 2 of 4: Green (first) brought two dummies on, its army stays off."""
    return go(with_kinds(new_state(first=0, turn_limit=2)), *GREEN_TURN_1)


def limit_reached(state, red_last_turn):
    """Red's last turn, then the limit: who holds the meeting square first."""
    after = go(state, *GREEN_TURN_2, *red_last_turn, "end-turn side=1")
    assert after.phase is Phase.CLOSING and after.active == 0  # Green moved first: it moves first now
    return manhattan(after.army(0).pos, after.army(1).pos), first_there_with_best_play(after)


def test_the_rules_an_army_off_the_map_until_the_last_turn_has_no_say():
    off = go(reds_first_turn(), "move side=1 unit=r-d1 to=2,4", "end-turn side=1")
    for last in ([f"move side=1 unit=r-army to={x},4"] for x in range(5)):
        assert limit_reached(off, last) == (4, 0)  # even: Green, moving first, wins
    assert limit_reached(off, ["move side=1 unit=r-d1 to=2,3"]) == (4, 0)  # staying off too
    on = go(reds_first_turn(), "move side=1 unit=r-army to=2,4", "end-turn side=1")
    assert limit_reached(on, ["move side=1 unit=r-army to=2,3"]) == (3, 1)  # a step: odd, Red wins


def shortlist(level, state, side):
    know = knowledge_for(R)
    know.level = LEVELS[level]
    return {o.to_text() for o in know.shortlist(R.view(state, side), side, R.legal_orders(state, side))}


def test_hard_moving_last_brings_its_army_on_the_turn_before_its_last():
    state = reds_first_turn()
    entries = {f"move side=1 unit=r-army to={x},4" for x in range(5)}
    assert shortlist("hard", state, 1) == entries
    for seed in range(6):
        choice = choose(R, R.view(state, 1), 1, R.legal_orders(state, 1), "hard", seed, 0)
        assert choice.order.to_text() in entries, choice.reason
        assert choice.reason.endswith("army comes on before the last turn, to set the distance")
    # Once it is on, the rest of the turn is the search's again.
    moved = go(state, "move side=1 unit=r-army to=2,4")
    assert len(shortlist("hard", moved, 1)) > 1


def test_the_rest_of_the_game_is_untouched():
    """Another turn, or with the army on the map already: no say."""
    state = go(reds_first_turn(), "move side=1 unit=r-army to=2,4", "end-turn side=1", *GREEN_TURN_2)
    know = knowledge_for(R)
    assert know.come_on_before_last_turn(R.view(state, 1), "r-army", R.legal_orders(state, 1)) == []


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_only_hard_plans_it(level):
    assert len(shortlist(level, reds_first_turn(), 1)) > 5
