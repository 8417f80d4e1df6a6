"""Optio: a dummy already face up decoys nobody, and reasons say so.

Seed 003, RULES: a scouted block is turned over and never hidden again;
dummies may not scout.  So a
face-up dummy can neither pass for the army (decoy) nor hide it (screen).
A tester saw normal and hard move such dummies turn after turn, "dummy
falls back as an army might, a decoy for their scout" and "dummy screens
the army from their scout", and, once all five of Red's other blocks
were face up, the last one (plainly the army) "stays hidden".

Normal and hard now leave a face-up dummy where it is, unless only the
army could otherwise make the turn's one move (a block must move each
turn, RULES: "moves at least one of his blocks").  Easy, the beginner,
may still move one idly; at every level the reason is true of it.
"""

import attrs
import pytest

from core.ai import choose, knowledge_for
from core.ai.search import LEVELS as SEARCH_LEVELS
from core.rulesets.optio.orders import EndTurn, Move
from core.rulesets.optio.state import Kind
from tests.ai.test_optio_scout_errand import position
from tests.rulesets.optio.helpers import R

A, S, D = Kind.ARMY, Kind.SCOUT, Kind.DUMMY
SEEDS = range(4)
UNTRUE = ("decoy for", "screens the army", "stays hidden", "army, unseen", "behind its screen")


def two_shown():
    """Red's (the computer's) 6th turn: Green's scout g6, face up at 2,1,
    turned Red's dummies r2 (1,2) and r4 (2,3) face up in earlier turns.
    Red's army r6 is unseen at 1,4; its dummies r1 (0,3) and r3 (3,3) and
    its scout r5 (4,4) unseen.  Green's other blocks are unseen on its
    home row, g5 off the map."""
    return position({
        "g1": (D, (0, 0), 3, False), "g2": (D, (1, 0), 4, False), "g3": (D, (3, 0), 5, False),
        "g4": (A, (4, 0), 2, False), "g5": (D, None, 0, False), "g6": (S, (2, 1), 30, True),
        "r1": (D, (0, 3), 10, False), "r2": (D, (1, 2), 20, True), "r3": (D, (3, 3), 22, False),
        "r4": (D, (2, 3), 21, True), "r5": (S, (4, 4), 8, False), "r6": (A, (1, 4), 9, False),
    }, turn=10, active=1, first=0)


def all_shown():
    """As ``two_shown``, but every Red block but the army is face up: r6,
    at 1,4, is plainly the army though not yet scouted."""
    state = two_shown()
    return attrs.evolve(state, blocks=tuple(
        attrs.evolve(b, revealed=True) if b.side == 1 and b.id != "r6" else b for b in state.blocks))


def knowing(level):
    know = knowledge_for(R)
    know.level = SEARCH_LEVELS[level]
    return know


def shortlist(level, state, side=1):
    view = R.view(state, side)
    return knowing(level).shortlist(view, side, R.legal_orders(view, side))


def shown_dummy_moves(orders, state):
    return [o for o in orders if isinstance(o, Move) and state.block(o.unit).kind is D
            and state.block(o.unit).revealed]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_face_up_dummy_is_not_moved_while_another_block_can_be(level):
    state = two_shown()
    assert shown_dummy_moves(R.legal_orders(state, 1), state)  # r2 and r4 could move
    assert not shown_dummy_moves(shortlist(level, state), state)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_once_a_block_has_moved_a_face_up_dummy_stays(level):
    moved = attrs.evolve(two_shown(), moved=("r3",))
    kept = shortlist(level, moved)
    assert not shown_dummy_moves(kept, moved)
    assert EndTurn(1) in kept


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_over_a_turn_no_face_up_dummy_moves_and_no_reason_claims_a_decoy(level):
    know = knowing(level)
    for seed in SEEDS:
        state = two_shown()
        for ply in range(8):
            if state.active != 1 or state.result is not None:
                break
            view, legal = R.view(state, 1), R.legal_orders(state, 1)
            order = choose(R, view, 1, legal, level, seed, ply).order
            said = know.explain(view, 1, order)
            assert not shown_dummy_moves([order], state), (seed, order.to_text(), said)
            state, _ = R.apply(state, order)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("unit,to", [("r2", (1, 3)), ("r2", (0, 2)), ("r4", (2, 4)), ("r4", (3, 3))])
def test_a_face_up_dummy_s_move_is_never_called_a_decoy_or_a_screen(level, unit, to):
    """r2 back to 1,3 (it falls back), r2 west to 0,2, r4 back to 2,4, r4
    east to 3,3 (level with the army's screen): each was worded as a decoy
    or a screen."""
    state = two_shown()
    said = knowing(level).explain(R.view(state, 1), 1, Move(1, unit, to))
    assert not any(word in said for word in UNTRUE), said
    assert said == "dummy, face up, moves: a block must move each turn"
    after = attrs.evolve(state, moved=("r3",))
    said = knowing(level).explain(R.view(after, 1), 1, Move(1, unit, to))
    assert said == "dummy, face up, wanders: it decoys nobody now"


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_last_block_unseen_is_not_said_to_stay_hidden(level):
    """Every other Red block face up: r6 is plainly the army."""
    know = knowing(level)
    state = all_shown()
    for moved in ((), ("r2",), ("r6",)):
        view = R.view(attrs.evolve(state, moved=moved), 1)
        said = know.explain(view, 1, EndTurn(1))
        assert not any(word in said for word in UNTRUE), said
        assert said.startswith("army, plainly ours (all else face up), ")
        assert ("has made its step" in said) == (moved == ("r6",)), said
    said = know.explain(R.view(state, 1), 1, Move(1, "r6", (2, 4)))  # across, toward nobody nearer
    assert not any(word in said for word in UNTRUE), said


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_army_is_never_the_only_block_left_to_move(level):
    """Every other Red block face up and nothing moved yet: the turn's one
    move may be made by another block (here the scout, face up), so that
    the army need not move."""
    state = all_shown()
    kept = shortlist(level, state)
    assert any(isinstance(o, Move) and o.unit != "r6" for o in kept), kept
