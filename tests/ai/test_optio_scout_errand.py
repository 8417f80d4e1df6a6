"""Optio's computer sends its scout in (seed 003, RULES: an army or scout
that moves into a large square holding an opponent's block may scout it
there; dummies may not).

A tester saw the scout, at easy and normal, stop one square short of the
tester's blocks turn after turn, walk away from the tester's hidden army
next to it, and hunt the tester's scout, already face up.  Every level now,
while the other army is unknown: the scout moves into a square holding
unrevealed enemy blocks when it can (the square likeliest to hold their
army), scouts there, and never walks in on blocks already face up nor away
from every block it has not seen.
"""

import attrs
import pytest

from core.ai import choose, knowledge_for
from core.ai.search import LEVELS as SEARCH_LEVELS
from core.rulesets.optio.events import Scouted
from core.rulesets.optio.state import Edge, Kind, Phase
from tests.rulesets.optio.helpers import R, go, new_state

LEVELS = ["easy", "normal", "hard"]
SEEDS = range(8)
A, S, D = Kind.ARMY, Kind.SCOUT, Kind.DUMMY


def position(spec: dict, turn: int, active: int, first: int = 1):
    """Blocks by id: (kind, square or None, arrived, revealed)."""
    state = new_state(first=first)
    blocks = []
    for b in state.blocks:
        kind, pos, arrived, revealed = spec[b.id]
        blocks.append(attrs.evolve(b, kind=kind, pos=pos, arrived=arrived, revealed=revealed,
                                   entered_from=Edge.home(b.side) if pos is not None else None))
    clock = max(arrived for _, _, arrived, _ in spec.values())
    return attrs.evolve(state, blocks=tuple(blocks), turn=turn, active=active, clock=clock)


def the_testers_game_2(scout_shown: bool = False):
    """The tester's game 2 at the start of Red's 9th turn: Red's scout r5 at
    2,2, beside Green's hidden army g4 at 2,1 and Green's scout g6, face up,
    at 1,2; Red's army r4 is face up at 2,0."""
    return position({
        "g1": (D, (0, 0), 7, False), "g2": (D, (1, 0), 56, False), "g3": (D, (3, 0), 9, False),
        "g4": (A, (2, 1), 57, False), "g5": (D, (4, 0), 11, False), "g6": (S, (1, 2), 30, True),
        "r1": (D, (3, 1), 55, False), "r2": (D, (3, 2), 51, False), "r3": (D, (4, 4), 53, False),
        "r4": (A, (2, 0), 50, True), "r5": (S, (2, 2), 52, scout_shown), "r6": (D, (0, 3), 54, False),
    }, turn=17, active=1)


def chosen(state, side, level, seeds=SEEDS):
    view, legal = R.view(state, side), R.legal_orders(state, side)
    return [choose(R, view, side, legal, level, seed, 0) for seed in seeds]


def shortlist(level, state, side):
    know = knowledge_for(R)
    know.level = SEARCH_LEVELS[level]
    view = R.view(state, side)
    return {o.to_text() for o in know.shortlist(view, side, R.legal_orders(view, side))}


@pytest.mark.parametrize("scout_shown", [False, True])
@pytest.mark.parametrize("level", LEVELS)
def test_the_scout_goes_in_on_the_hidden_block_beside_it(level, scout_shown):
    state = the_testers_game_2(scout_shown)
    into = "move side=1 unit=r5 to=2,1"
    assert into in {o.to_text() for o in R.legal_orders(state, 1)}
    for c in chosen(state, 1, level):
        assert c.order.to_text() == into, c.reason
        assert c.reason == "r5: north to 2,1: scout goes in to scout g4; their army is 1 of 5 unknown"
    state = go(state, into)
    scout = "scout side=1 unit=r5 target=g4"
    for c in chosen(state, 1, level, range(3)):
        assert c.order.to_text() == scout, c.reason
        assert "learns what g4 is" in c.reason
    # The rules: g4 shows itself (Green's army); Red's was known, so the
    # scouting ends and the armies close in.
    after, events = R.apply(state, R.parse_order(scout))
    assert any(isinstance(e, Scouted) and e.target == "g4" and e.target_kind == "army" for e in events)
    assert after.phase is Phase.CLOSING


@pytest.mark.parametrize("level", LEVELS)
def test_the_scout_goes_where_their_army_is_likeliest(level):
    """Beside two squares of hidden Green blocks, two in 2,1 and one in 1,2:
    with nothing else to tell them apart, their army is twice as likely in
    2,1."""
    state = position({
        "g1": (D, (2, 1), 8, False), "g2": (A, (1, 2), 9, False), "g3": (D, (2, 1), 10, False),
        "g4": (S, (4, 0), 11, False), "g5": (D, None, 0, False), "g6": (D, None, 0, False),
        "r1": (A, (4, 4), 1, False), "r2": (S, (2, 2), 2, False), "r3": (D, (0, 4), 3, False),
        "r4": (D, (3, 4), 4, False), "r5": (D, None, 0, False), "r6": (D, None, 0, False),
    }, turn=6, active=1)
    for c in chosen(state, 1, level):
        assert c.order.to_text() == "move side=1 unit=r2 to=2,1", c.reason
        assert c.reason.endswith("scout goes in to scout g1, g3; their army is 1 of 6 unknown")


def test_hard_reads_a_block_that_walked_in_without_scouting_as_a_dummy():
    """g1 came into 2,1, where Red's hidden r3 stood, and did not scout: a
    scout or an army would have, so hard takes it for a dummy and sends its
    scout on g2 at 1,2 instead."""
    state = position({
        "g1": (D, (2, 1), 8, False), "g2": (A, (1, 2), 6, False), "g3": (D, (0, 0), 5, False),
        "g4": (S, (4, 0), 4, False), "g5": (D, None, 0, False), "g6": (D, None, 0, False),
        "r1": (A, (4, 4), 1, False), "r2": (S, (2, 2), 2, False), "r3": (D, (2, 1), 3, False),
        "r4": (D, (3, 4), 7, False), "r5": (D, None, 0, False), "r6": (D, None, 0, False),
    }, turn=6, active=1)
    know = knowledge_for(R)
    assert know.walked_in_unscouted(R.view(state, 1), 1) == {"g1"}
    assert shortlist("hard", state, 1) == {"move side=1 unit=r2 to=1,2"}
    # The levels that do not read the opponent find the two squares alike.
    assert shortlist("normal", state, 1) == {"move side=1 unit=r2 to=1,2", "move side=1 unit=r2 to=2,1"}


def chase_position():
    """Red's scout r5 at 2,2 with Green's scout g6 face up beside it at 1,2
    and a Green dummy face up at 2,3; Green's hidden blocks stand at 0,0
    and 4,0, out of reach this turn."""
    return position({
        "g1": (D, (0, 0), 7, False), "g2": (A, (4, 0), 8, False), "g3": (D, (2, 3), 9, True),
        "g4": (D, None, 0, False), "g5": (D, None, 0, False), "g6": (S, (1, 2), 10, True),
        "r1": (A, (4, 4), 1, False), "r2": (D, (3, 4), 2, False), "r3": (D, (0, 4), 3, False),
        "r4": (D, None, 0, False), "r5": (S, (2, 2), 4, False), "r6": (D, None, 0, False),
    }, turn=8, active=1)


@pytest.mark.parametrize("level", LEVELS)
def test_the_scout_never_chases_a_block_already_face_up(level):
    state = chase_position()
    into_g6 = "move side=1 unit=r5 to=1,2"  # nothing left to learn there
    into_g3 = "move side=1 unit=r5 to=2,3"  # nor there, and away from every hidden block
    legal = {o.to_text() for o in R.legal_orders(state, 1)}
    assert {into_g6, into_g3} <= legal
    kept = shortlist(level, state, 1)
    assert into_g6 not in kept and into_g3 not in kept
    # Towards the hidden blocks: kept.
    assert {"move side=1 unit=r5 to=2,1", "move side=1 unit=r5 to=3,2"} <= kept
    for c in chosen(state, 1, level):
        assert c.order.to_text() not in (into_g6, into_g3), c.reason


def test_the_scout_s_reason_names_a_block_not_yet_seen():
    """North to 2,1 brings the scout to 3 squares from g2 (and from g1); g6,
    face up, would be nearer, but there is nothing to learn from it.  Of
    the two unseen blocks, g2 (4,0) is the one nearest Red's army (4,4):
    4 squares, g1 at 0,0 being 8 (the scout is bound for it:
    optio_screen.scout_target)."""
    state = chase_position()
    know = knowledge_for(R)
    said = know.explain(R.view(state, 1), 1, R.parse_order("move side=1 unit=r5 to=2,1"))
    assert said == "scout closes on g2, 3 squares away, nearest our army"


def test_with_their_army_known_the_scout_is_not_sent_in():
    """Their army face up (g1 at 0,0 here, g4 a hidden dummy): nothing left
    to find, so going in on g4 is not forced (the search weighs it among
    the rest)."""
    kinds = {"g1": (Kind.ARMY, True), "g4": (Kind.DUMMY, False)}
    state = the_testers_game_2()
    state = attrs.evolve(state, blocks=tuple(
        attrs.evolve(b, kind=kinds[b.id][0], revealed=kinds[b.id][1]) if b.id in kinds else b
        for b in state.blocks))
    kept = shortlist("normal", state, 1)
    assert "move side=1 unit=r5 to=2,1" in kept and len(kept) > 1
