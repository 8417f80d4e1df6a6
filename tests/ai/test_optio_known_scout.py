"""Optio: their scout, once face up, is no target, and every reason is true
of what was done.

Seed 003, RULES: only an army or a scout that walks into a square the
opponent holds may scout a block there, and a block once shown stays face
up; so a scout known to be one can do nothing to our blocks but turn one
face up, and a dummy gains nothing by going near it.  The help's *Playing
it well* keeps the army among the dummies.  A tester saw easy walk its
hidden army beside their known scout while three dummies "screened" it by
stepping back, and end the turn saying the army "stays hidden behind its
screen" (the scout walked in next turn and found it); and normal steer its
face-up army and a dummy at their known scout ("army closes on r2"), then
end a turn in which its army moved saying it "holds its ground".
"""

import attrs
import pytest

from core.ai import choose, knowledge_for
from core.ai.search import LEVELS as SEARCH_LEVELS
from core.rulesets.optio.orders import EndTurn, Move
from core.rulesets.optio.ruleset import manhattan
from core.rulesets.optio.state import HOME_ROW, Kind
from tests.ai.test_optio_scout_errand import position
from tests.rulesets.optio.helpers import R

LEVELS = ["easy", "normal", "hard"]
SEEDS = range(4)
A, S, D = Kind.ARMY, Kind.SCOUT, Kind.DUMMY


def easy_game():
    """The tester's easy game, Red's (the computer's) 5th turn: Green's
    scout g6, face up, at 2,3 beside Red's scout r5 (face up: it scouted
    g6); Green's other blocks unseen on Green's home row.  Red's army r3 is
    unseen at 1,4, its dummies at 1,3, 0,3, 3,3 and 4,4."""
    return position({
        "g1": (D, (0, 0), 3, False), "g2": (D, (1, 0), 4, False), "g3": (D, (3, 0), 5, False),
        "g4": (A, (4, 0), 2, False), "g5": (D, None, 0, False), "g6": (S, (2, 3), 30, True),
        "r1": (D, (4, 4), 10, False), "r2": (D, (1, 3), 20, False), "r3": (A, (1, 4), 8, False),
        "r4": (D, (0, 3), 21, False), "r5": (S, (2, 3), 28, True), "r6": (D, (3, 3), 22, False),
    }, turn=10, active=1, first=0)


def normal_game():
    """The tester's normal game (sides swapped, Red moving first), Green's
    (the computer's) 4th turn: Red's scout r2 turned Green's army g2 face up
    and stands, face up, at 0,1; Red's unseen blocks are on the east side
    (its army r1 among them)."""
    return position({
        "g1": (D, (0, 3), 12, False), "g2": (A, (1, 2), 14, True), "g3": (D, (2, 1), 13, False),
        "g4": (D, (3, 1), 11, False), "g5": (D, (4, 0), 6, False), "g6": (S, (2, 0), 5, False),
        "r1": (A, (3, 4), 2, False), "r2": (S, (0, 1), 20, True), "r3": (D, (3, 4), 3, False),
        "r4": (D, (4, 3), 15, False), "r5": (D, None, 0, False), "r6": (D, None, 0, False),
    }, turn=8, active=0, first=1)


def rows_in(pos, side: int) -> int:
    """Rows from ``side``'s home edge (RULES: blocks enter on the row by
    their own edge); -1 off the map."""
    return -1 if pos is None else abs(pos[1] - HOME_ROW[side])


def knowing(level):
    know = knowledge_for(R)
    know.level = SEARCH_LEVELS[level]
    return know


def shortlist(level, state, side):
    view = R.view(state, side)
    return {o.to_text() for o in knowing(level).shortlist(view, side, R.legal_orders(view, side))}


def their_shown_scout(view, side):
    return next((b for b in view.blocks if b.side != side and b.kind is Kind.SCOUT and b.revealed), None)


def check_reason(view, side, order, said):
    """What the reason claims, checked against the position it was given
    in and the order itself."""
    me = view.block(getattr(order, "unit", "")) if isinstance(order, Move) else None
    army = next(b for b in view.blocks if b.side == side and b.kind is Kind.ARMY)
    if " closes on " in said and me is not None and not said.startswith("scout"):
        name, rest = said.split(" closes on ")[1].split(", ", 1)
        target = view.block(name)
        assert target.side != side, said
        assert not target.revealed or target.kind is Kind.ARMY, f"{said}: {name} is known and harmless"
        n = int(rest.split(" ")[0])
        assert manhattan(order.to, target.pos) == n, said
        assert me.pos is None or n < manhattan(me.pos, target.pos), said
    if "screens the army" in said:
        assert me.kind is Kind.DUMMY and not army.revealed and army.pos is not None, said
        assert rows_in(order.to, side) >= rows_in(me.pos, side), f"{said}: it fell back"
        assert rows_in(order.to, side) >= rows_in(army.pos, side), said
    if isinstance(order, EndTurn):
        if "holds its ground" in said:
            assert army.id not in view.moved, f"{said}: the army moved this turn"
        if "out of their half" in said:
            assert rows_in(army.pos, side) <= 2, said
        if "behind its screen" in said:
            assert not army.revealed and army.pos is not None, said
            screens = [rows_in(b.pos, side) for b in view.blocks if b.side == side and not b.revealed
                       and b.id != army.id]
            assert max(screens, default=-1) >= rows_in(army.pos, side), f"{said}: nothing screens it"
            scout = their_shown_scout(view, side)
            assert scout is None or manhattan(scout.pos, army.pos) > 1, f"{said}: beside their scout"


def play_turn(state, level, side, seed):
    """The computer's orders through its turn, each reason checked; the
    position at the end of the turn."""
    know = knowing(level)
    for ply in range(12):
        if state.active != side or state.result is not None:
            break
        view, legal = R.view(state, side), R.legal_orders(state, side)
        order = choose(R, view, side, legal, level, seed, ply).order
        check_reason(view, side, order, know.explain(view, side, order))
        last = state
        state, _ = R.apply(state, order)
    return last, state


@pytest.mark.parametrize("level", LEVELS)
def test_the_unseen_army_does_not_step_out_beside_their_known_scout(level):
    state = easy_game()
    beside = {"move side=1 unit=r3 to=1,3", "move side=1 unit=r3 to=2,4"}  # a square from g6
    assert beside <= {o.to_text() for o in R.legal_orders(state, 1)}
    assert not beside & shortlist(level, state, 1)
    for seed in SEEDS:
        _, after = play_turn(state, level, 1, seed)
        assert manhattan(after.block("r3").pos, after.block("g6").pos) > 1


@pytest.mark.parametrize("level", LEVELS)
def test_neither_the_army_nor_a_dummy_closes_on_their_known_scout(level):
    """Each of these steps comes nearer r2 (0,1) and nearer none of Red's
    unseen blocks (3,4 and 4,3); a step that also comes nearer those is
    kept."""
    state = normal_game()
    chasing = {"move side=0 unit=g2 to=0,2", "move side=0 unit=g2 to=1,1",
               "move side=0 unit=g1 to=0,2", "move side=0 unit=g3 to=1,1", "move side=0 unit=g4 to=2,1"}
    assert chasing <= {o.to_text() for o in R.legal_orders(state, 0)}
    kept = shortlist(level, state, 0)
    assert not chasing & kept
    assert "move side=0 unit=g4 to=3,2" in kept  # nearer r1 and r3


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("make,side", [(easy_game, 1), (normal_game, 0)])
def test_every_reason_over_a_turn_is_true_of_its_order(level, make, side):
    for seed in SEEDS:
        play_turn(make(), level, side, seed)


def explain(state, side, order, level="easy"):
    return knowing(level).explain(R.view(state, side), side, order)


def test_the_end_of_a_turn_the_army_moved_in_does_not_say_it_held_its_ground():
    state = attrs.evolve(normal_game(), moved=("g2",))
    said = explain(state, 0, EndTurn(0))
    assert "holds its ground" not in said
    assert said == "army, face up, stays out of their half after its step"
    unmoved = explain(normal_game(), 0, EndTurn(0))
    assert unmoved == "army, face up, holds its ground out of their half"


def test_the_end_of_a_turn_beside_their_scout_does_not_claim_a_screen():
    state = easy_game()
    state = attrs.evolve(state, blocks=tuple(attrs.evolve(b, pos=(1, 3), arrived=31) if b.id == "r3" else b
                                             for b in state.blocks), clock=31, moved=("r3",))
    said = explain(state, 1, EndTurn(1))
    assert "screen" not in said
    assert said == "army stays hidden, their scout g6 a square away"


def test_the_end_of_a_turn_with_the_army_ahead_of_its_blocks_does_not_claim_a_screen():
    """Red's army r3 moved to 1,2 (two rows out); every other unseen Red
    block stands a row out at most, g6 three squares off."""
    state = easy_game()
    state = attrs.evolve(state, blocks=tuple(attrs.evolve(b, pos=(0, 2), arrived=31) if b.id == "r3" else b
                                             for b in state.blocks), clock=31, moved=("r3",))
    assert manhattan((0, 2), (2, 3)) == 3
    said = explain(state, 1, EndTurn(1))
    assert said == "army stays hidden, no unseen block of ours ahead of it"


def test_a_dummy_falling_back_is_not_said_to_screen_the_army():
    """r2 from 1,3 (a row out) back to 1,4, the army's row: it falls back."""
    said = explain(easy_game(), 1, Move(1, "r2", (1, 4)))
    assert "screens" not in said
    assert said == "dummy falls back as an army might, a decoy for their scout"
    # Sideways a row out, in front of the army: that screens it.
    assert explain(easy_game(), 1, Move(1, "r4", (1, 3))) != "dummy falls back as an army might, a decoy for their scout"


def test_a_dummy_s_reason_names_an_unseen_block_not_their_known_scout():
    """r1 from 4,4 west to 3,4: nearer g6 (3 to 2 squares, face up) and
    g3 at 3,0 (5 to 4, unseen, the nearest unseen block to 3,4)."""
    said = explain(easy_game(), 1, Move(1, "r1", (3, 4)))
    assert said == "dummy closes on g3, 4 squares away"
