"""Optio's computer: the orders it drops before searching (seed 003, RULES:
the army that held the meeting square first places the template; kudo
coins in the closing)."""

import attrs
import pytest

from core.ai import choose, knowledge_for
from core.ai.optio import closing_win
from core.ai.search import LEVELS
from core.rulesets.optio.state import Phase
from tests.rulesets.optio.helpers import R, closing, go, new_state, place, with_kinds


def test_the_coin_game_by_hand():
    # Distance 1, no coins: the only order marches in, so the other army held the square first.
    assert not closing_win(1, 0, 0)
    # Distance 1, a coin against none: hold; the other must march in.
    assert closing_win(1, 1, 0)
    # Distance 2, no coins either side: close to 1 and the other must march in.
    assert closing_win(2, 0, 0)
    # Distance 2, none against one: closing to 1 lets them hold, and then we must march in.
    assert not closing_win(2, 0, 1)


@pytest.mark.parametrize("distance", range(1, 8))
def test_the_coin_game_follows_parity_and_coins(distance):
    """Each coin buys one turn of not closing, so only the coin difference
    and whose turn it is at distance 1 matter: with an odd distance the mover
    reaches distance 1 on the other's turn only by spending a coin more than
    the other can answer (it needs more coins); with an even distance closing
    alone leaves the other to move at distance 1 (as many coins suffice)."""
    for mine in range(6):
        for theirs in range(6):
            expected = mine > theirs if distance % 2 else mine >= theirs
            assert closing_win(distance, mine, theirs) is expected, (distance, mine, theirs)


def scouting_position():
    """Green's army at 1,1 beside an open square 2,1 that holds one of Red's
    blocks, unknown to Green; Red's army is that block."""
    state = with_kinds(new_state())
    state = place(state, "g-army", (1, 1), arrived=1)
    state = place(state, "g-scout", (1, 2), arrived=2)
    state = place(state, "r-army", (2, 1), arrived=3)
    state = place(state, "r-d1", (3, 3), arrived=4)
    return attrs.evolve(state, clock=4)  # the moves so far


def shortlist(level, state, side):
    know = knowledge_for(R)
    know.level = LEVELS[level]
    view = R.view(state, side)
    return view, {o.to_text() for o in know.shortlist(view, side, R.legal_orders(view, side))}


def test_the_army_never_walks_in_on_an_unknown_enemy_block():
    state = scouting_position()
    assert state.phase is Phase.SCOUTING and state.active == 0
    into = "move side=0 unit=g-army to=2,1"
    assert R.check(state, R.parse_order(into)) is None  # legal: the rules allow it
    view, kept = shortlist("normal", state, 0)
    assert into not in kept
    assert "move side=0 unit=g-scout to=2,2" in kept and "move side=0 unit=g-army to=0,1" in kept
    # Easy plays by feel and keeps it.
    _, easy = shortlist("easy", state, 0)
    assert into in easy


def test_walking_in_on_a_block_already_known_is_kept():
    state = scouting_position()
    state = place(state, "r-d1", (1, 0), arrived=4, revealed=True)  # a known dummy north of the army
    _, kept = shortlist("normal", state, 0)
    assert "move side=0 unit=g-army to=1,0" in kept


def test_what_walking_in_on_their_army_costs():
    """Why the army is kept out: the enemy block was their army, so it held
    the square first and Red places the template."""
    state = go(scouting_position(), "move side=0 unit=g-army to=2,1", "scout side=0 unit=g-army target=r-army")
    assert state.meeting == (2, 1) and state.first_army == 1


def test_in_the_closing_only_the_winning_orders_are_searched():
    # Distance 3, Green 2 coins against Red's 1, Green to move:
    # - hold: Red moves at distance 3 with 1 against 1 (odd, not more): Red loses;
    # - close to 2 (free): Red moves at distance 2 with 1 against 2 (even, fewer): Red loses;
    # - step away or sideways to 4 (a coin): Red moves with 1 against 1 (even, as many): Red wins.
    state = closing(new_state(), (1, 1), (3, 2), active=0, kudos=(2, 1))
    _, kept = shortlist("normal", state, 0)
    assert kept == {"hold side=0", "move side=0 unit=g-army to=2,1", "move side=0 unit=g-army to=1,2"}
    choice = choose(R, R.view(state, 0), 0, R.legal_orders(state, 0), "normal", 5, 0)
    assert choice.order.to_text() in kept


def test_in_a_lost_closing_every_order_stays_for_the_search():
    state = closing(new_state(), (1, 1), (3, 2), active=0, kudos=(0, 3))
    _, kept = shortlist("normal", state, 0)
    assert kept == {o.to_text() for o in R.legal_orders(state, 0)}
