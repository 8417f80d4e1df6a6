"""Rules 23-27: Wait, and Moves of up to 2 inches straight toward or away
from the Matched opponent; leaving the board removes the combatant."""

from core.events import Moved, Removed
from core.rulesets.spheres_of_war import RULESET
from core.rulesets.spheres_of_war.movement import destinations
from core.rulesets.spheres_of_war.orders import Fight, Move, Wait

from .helpers import board, kinds, play, position


def moves(state, side=0):
    return {o.to for o in RULESET.legal_orders(state, side) if isinstance(o, Move)}


def test_straight_line_gives_one_or_two_cells_each_way():
    state, _ = position({"i1": (5, 2), "r1": (5, 8)})
    assert moves(state) == {(5, 3), (5, 4), (5, 1), (5, 0)}
    assert Wait(0, "i1") in RULESET.legal_orders(state, 0)


def test_diagonal_line_allows_only_the_diagonal_neighbour():
    # Two diagonal steps would be 2.83 inches, more than 2.
    state, _ = position({"i1": (2, 2), "r1": (5, 5)})
    assert moves(state) == {(3, 3), (1, 1)}


def test_slanted_line_offers_both_cells_the_line_passes_beside():
    # The line from 4,4 to 5,6 passes half-way between 4,5 and 5,5 (0.45 in from each centre).
    state, _ = position({"i1": (4, 4), "r1": (5, 6)})
    assert moves(state) == {(4, 5), (5, 5), (4, 3), (3, 3)}


def test_moves_that_are_sideways_too_long_or_past_the_opponent_are_refused():
    state, _ = position({"i1": (5, 4), "r1": (5, 6)})
    assert RULESET.check(state, Move(0, "i1", (6, 4))).code == "not-direct"
    assert RULESET.check(state, Move(0, "i1", (5, 1))).code == "too-far"
    assert RULESET.check(state, Move(0, "i1", (5, 6))).code == "beyond"
    assert RULESET.check(state, Move(0, "i1", (5, 4))).code == "no-move"
    assert RULESET.check(state, Move(0, "i1", (5, 5))) is None


def test_blocking_terrain_stops_a_move():
    bf = board("............", "............", "............", ".....#......")
    state, _ = position({"i1": (5, 2), "r1": (5, 8)}, bf=bf)
    assert moves(state) == {(5, 1), (5, 0)}
    assert RULESET.check(state, Move(0, "i1", (5, 3))).code == "impassable"
    assert RULESET.check(state, Move(0, "i1", (5, 4))).code == "blocked"


def test_other_figures_block_the_path_and_the_destination():
    # i2 stands right behind i1, on the line away from r1.
    state, _ = position({"i1": (5, 2), "r1": (5, 8), "i2": (5, 1)})
    assert (state.match.instigator, state.match.retaliator) == ("i1", "r1")
    assert moves(state) == {(5, 3), (5, 4)}
    assert RULESET.check(state, Move(0, "i1", (5, 1))).code == "occupied"
    assert RULESET.check(state, Move(0, "i1", (5, 0))).code == "blocked"


def test_a_move_is_applied_and_uses_the_action():
    state, _ = position({"i1": (5, 2), "r1": (5, 8)})
    state, events = play(state, Move(0, "i1", (5, 4)))
    assert state.unit("i1").pos == (5, 4)
    assert [e for e in events if isinstance(e, Moved)][0].to == (5, 4)
    assert RULESET.to_act(state) == {1}
    assert RULESET.situation(state).phase == "Match 1: r1's action 1 of 5"
    assert RULESET.describe_order(state, Move(1, "r1", (5, 6))) == "Move r1 toward i1 to 5,6"
    assert RULESET.describe_order(state, Move(1, "r1", (5, 10))) == "Move r1 away from i1 to 5,10"


def test_moving_off_the_board_removes_the_combatant_and_ends_the_match():
    state, _ = position({"i1": (5, 1), "i2": (10, 2), "r1": (5, 6), "r2": (9, 11)})
    assert (state.match.instigator, state.match.retaliator) == ("i1", "r1")
    assert moves(state) == {(5, 2), (5, 3), (5, 0), (5, -1)}
    label = RULESET.describe_order(state, Move(0, "i1", (5, -1)))
    assert label == "Move i1 away from r1 off the battlefield (removed)"
    assert RULESET.order_cells(state, Move(0, "i1", (5, -1))) == ()
    state, events = play(state, Move(0, "i1", (5, -1)))
    assert state.unit("i1").removed and state.unit("i1").pos is None
    assert "Removed" in kinds(events) and "MatchResolved" in kinds(events)
    assert [e.unit for e in events if isinstance(e, Removed)] == ["i1"]
    # The opponent has had its Match: Inert for the rest of the turn.
    assert state.inert == ("r1",)
    assert (state.match.instigator, state.match.retaliator) == ("i2", "r2")


def test_only_the_nearest_cell_past_the_edge_is_offered():
    state, _ = position({"i1": (5, 0), "r1": (5, 6)})
    assert destinations(state, "i1", "r1")[-1] == (5, -1)
    assert (5, -2) not in moves(state)
    assert RULESET.check(state, Move(0, "i1", (5, -2))).code == "off-board"


def test_a_combatant_in_contact_may_neither_wait_nor_move():
    state, _ = position({"i1": (5, 5), "r1": (5, 6)})
    assert RULESET.legal_orders(state, 0) == [Fight(0, "i1")]
    assert RULESET.check(state, Wait(0, "i1")).code == "locked"
    assert RULESET.check(state, Move(0, "i1", (5, 4))).code == "locked"


def test_fight_needs_contact():
    state, _ = position({"i1": (5, 2), "r1": (5, 8)})
    assert RULESET.check(state, Fight(0, "i1")).code == "not-in-contact"
