"""Optio's computer on the scouting's last turn: the reason names the fact
that decides the closing the turn limit then starts (docs/rulings.md, Turn
limit: the side that moved first in the scouting moves first in the
closing and, with the coins level, wins it exactly at an even distance).

A tester's hard game (turn limit 2) read "army closes on g1, 4 squares
away" (g1 a dummy) for the move that set the odd distance that won the
closing.  Each claim here is checked by playing the turn's end through the
rules and solving the closing that follows through the rules too.
"""

import attrs
import pytest

from core.ai import choose, knowledge_for
from core.rulesets.optio.ruleset import manhattan
from core.rulesets.optio.state import Edge, Kind, Phase
from tests.ai.test_optio_closing_reasons import first_there_with_best_play
from tests.rulesets.optio.helpers import R, go, new_state, place, with_kinds

A, S, D = Kind.ARMY, Kind.SCOUT, Kind.DUMMY


def the_testers_game_3():
    """Turn limit 2, Green moved first; Red's last turn (the 4th).  Green
    has only g1 on the map, at 0,1 (a dummy); its army g3 and the rest are
    off the map.  Red's army r6 stands at 2,4 among its dummies."""
    state = new_state(first=0, turn_limit=2)
    spec = {
        "g1": (D, (0, 1), 8), "g2": (D, None, 0), "g3": (A, None, 0), "g4": (D, None, 0),
        "g5": (S, None, 0), "g6": (D, None, 0),
        "r1": (D, (3, 4), 4), "r2": (D, (0, 4), 6), "r3": (D, (4, 4), 7), "r4": (S, (3, 4), 2),
        "r5": (D, (0, 4), 3), "r6": (A, (2, 4), 5),
    }
    blocks = tuple(attrs.evolve(b, kind=spec[b.id][0], pos=spec[b.id][1], arrived=spec[b.id][2],
                                entered_from=Edge.home(b.side) if spec[b.id][1] else None)
                   for b in state.blocks)
    return attrs.evolve(state, blocks=blocks, turn=4, active=1, clock=8)


def test_hard_names_the_parity_it_settles():
    state = the_testers_game_3()
    step = "move side=1 unit=r6 to=2,3"
    for seed in range(4):
        choice = choose(R, R.view(state, 1), 1, R.legal_orders(state, 1), "hard", seed, 0)
        assert choice.order.to_text() == step, choice.reason
        assert choice.reason == "r6: north to 2,3: odd distance (3) to their likely army: theirs must march in"
    # The rules: the turn ends, the limit brings Green's army on at 2,0 (the
    # column of Red's), 3 squares off, Green to move first with 6 coins each;
    # played out, Green's army is the one that must march in.
    after = go(state, step, "end-turn side=1")
    assert after.phase is Phase.CLOSING and after.active == 0
    assert after.army(0).pos == (2, 0) and manhattan(after.army(0).pos, after.army(1).pos) == 3
    assert first_there_with_best_play(after) == 1
    # Their army likeliest off the map (five unseen blocks there, one on it):
    # the other place, g1 at 0,1, would be 4 squares off (even), which the
    # reason does not claim.
    know = knowledge_for(R)
    stay = know.explain(R.view(go(state, "move side=1 unit=r1 to=4,4"), 1), 1, R.parse_order("end-turn side=1"))
    assert stay == "even distance (4) to their likely army: ours must march in"
    stayed = go(state, "move side=1 unit=r1 to=4,4", "end-turn side=1")
    assert manhattan(stayed.army(0).pos, stayed.army(1).pos) == 4 and first_there_with_best_play(stayed) == 0


def known_army_last_turn(r_at):
    """Turn limit 2, Red moved first; Green's last turn.  Red's army is
    face up at ``r_at``; Green's hidden army at 1,1, its scout far off."""
    state = with_kinds(new_state(first=1, turn_limit=2))
    state = place(state, "g-army", (1, 1), arrived=1)
    state = place(state, "g-scout", (4, 0), arrived=2)
    state = place(state, "r-army", r_at, arrived=3, revealed=True)
    state = place(state, "r-scout", (4, 4), arrived=4)
    return attrs.evolve(state, clock=4, turn=4, active=0)


@pytest.mark.parametrize("r_at, to, said, green_first", [
    ((1, 3), "1,0", "odd distance (3) to their army: theirs must march in", 0),
    ((1, 3), "1,2", "odd distance (1) to their army: theirs must march in", 0),
    ((2, 3), "1,2", "even distance (2) to their army: ours must march in", 1),
])
def test_an_army_move_on_the_last_turn_says_the_distance_it_leaves(r_at, to, said, green_first):
    state = known_army_last_turn(r_at)
    order = f"move side=0 unit=g-army to={to}"
    assert knowledge_for(R).explain(R.view(state, 0), 0, R.parse_order(order)) == said
    after = go(state, order, "end-turn side=0")
    assert after.phase is Phase.CLOSING and after.active == 1
    assert first_there_with_best_play(after) == green_first


def test_no_parity_claim_when_the_coins_are_not_level():
    """A coin more for Red, the side moving first: it wins the closing at
    any distance, so the distance decides nothing."""
    state = attrs.evolve(known_army_last_turn((1, 3)), kudos=(6, 7))
    said = knowledge_for(R).explain(R.view(state, 0), 0, R.parse_order("move side=0 unit=g-army to=1,0"))
    assert "distance" not in said
    for to in ("1,0", "1,2", "0,1", "2,1"):
        after = go(state, f"move side=0 unit=g-army to={to}", "end-turn side=0")
        assert first_there_with_best_play(after) == 1


def test_not_the_last_turn_says_nothing_of_parity():
    state = attrs.evolve(known_army_last_turn((1, 3)), turn=2)
    said = knowledge_for(R).explain(R.view(state, 0), 0, R.parse_order("move side=0 unit=g-army to=1,0"))
    assert "distance" not in said
