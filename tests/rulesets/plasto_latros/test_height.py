"""Climbing, jumping, prone and jump attacks ("Climbing Movement On
Terrain", "Jumping Attacks"), and straight lines ("Movement")."""

from core.board import Facing
from core.rulesets.plasto_latros import RULESET
from core.rulesets.plasto_latros.options import PlastoOptions
from core.rulesets.plasto_latros.orders import Climb, Decline, FreeMove, Jump, JumpAttack, Move, Stand, Turn

from .helpers import grid, marks, mini, play, position, refused

ROOFS = grid("""
..........
.rr.rr.rR.
.rr..r....
..........
..........
""")


def test_climb_one_level_costs_a_movement():
    state = position(mini("a1", (1, 3), Facing.N), mini("b1", (9, 4), Facing.N), bf=ROOFS)
    state, _ = play(state, Climb(0, "a1", (1, 2), Facing.N))
    assert state.mini("a1").pos == (1, 2) and state.movements_left == 1


def test_climbing_any_height_up_to_one_standard_movement_costs_one_movement():
    """Issue 11, point 7.  Seed: climbing "up or down one Standard Movement
    length" costs one Movement.  On the project's scale a level
    is one cell tall, so a Standard Movement of 4 cells climbs 4 levels."""
    # Ground to the tower (level 2) and back down: one Movement each, standing.
    state = position(mini("a1", (8, 0), Facing.S), mini("b1", (0, 4), Facing.N), bf=ROOFS)
    state, _ = play(state, Climb(0, "a1", (8, 1), Facing.S))
    assert state.mini("a1").pos == (8, 1) and state.movements_left == 1
    state, _ = play(state, Climb(0, "a1", (8, 2), Facing.S))
    assert state.mini("a1").pos == (8, 2) and not state.mini("a1").prone
    # The menu offers the two-level climb as well.
    state = position(mini("a1", (8, 0), Facing.S), mini("b1", (0, 4), Facing.N), bf=ROOFS)
    assert Climb(0, "a1", (8, 1), Facing.S) in RULESET.legal_orders(state, 0)
    # With a Standard Movement of 1 cell, one level is the most.
    short = position(mini("a1", (8, 0), Facing.S), mini("b1", (0, 4), Facing.N), bf=ROOFS,
                     options=PlastoOptions(move_length=1))
    assert "The tower at 8,1 is 2 levels up; a1 climbs at most 1" in refused(short, Climb(0, "a1", (8, 1), Facing.S))
    assert Climb(0, "a1", (8, 1), Facing.S) not in RULESET.legal_orders(short, 0)
    short, _ = play(short, Climb(0, "a1", (7, 1), Facing.S))  # the roof beside it, one level up
    assert short.mini("a1").pos == (7, 1)


def test_straight_moves_stay_on_their_level_and_hop_only_one_cell_gaps():
    state = position(mini("a1", (1, 1), Facing.E), mini("b1", (9, 4), Facing.N), bf=ROOFS)
    # 1,1 -> 4,1 along roofs crossing the one-cell gap at 3,1.
    state2, _ = play(state, Move(0, "a1", (4, 1), Facing.E))
    assert state2.mini("a1").pos == (4, 1)
    # From 2,2 to 5,2: the gap at 3,2 and 4,2 is two cells wide.
    state = position(mini("a1", (2, 2), Facing.E), mini("b1", (9, 4), Facing.N), bf=ROOFS)
    assert "gap" in refused(state, Move(0, "a1", (5, 2), Facing.E))
    # On the ground a roof is in the way.
    state = position(mini("a1", (0, 2), Facing.E), mini("b1", (9, 4), Facing.N), bf=ROOFS)
    assert "blocked" in refused(state, Move(0, "a1", (3, 2), Facing.E))
    # Moving to a different height in a straight move is refused.
    assert "same height" in refused(state, Move(0, "a1", (1, 1), Facing.E))
    # Beyond one Standard Movement.
    state = position(mini("a1", (0, 4), Facing.E), mini("b1", (9, 0), Facing.N), bf=ROOFS)
    assert "4 cells" in refused(state, Move(0, "a1", (5, 4), Facing.E))


def test_jumping_down_leaves_the_mini_prone_until_a_movement_stands_it():
    state = position(mini("a1", (8, 1), Facing.S), mini("b1", (0, 4), Facing.N), bf=ROOFS)
    state, _ = play(state, Jump(0, "a1", (8, 2), Facing.S))  # two levels down
    assert state.mini("a1").prone and marks(state, "a1") == "_"
    assert "prone" in refused(state, Move(0, "a1", (8, 3), Facing.S))
    assert "prone" in refused(state, Turn(0, "a1", Facing.N))
    state, _ = play(state, Stand(0, "a1", Facing.W))
    assert not state.mini("a1").prone and state.mini("a1").facing is Facing.W


def test_a_prone_mini_attacked_is_doomed():
    state = position(mini("a1", (3, 3), Facing.E), mini("b1", (5, 3), Facing.E, prone=True),
                     mini("b2", (0, 0), Facing.N), bf=ROOFS)
    state, _ = play(state, Move(0, "a1", (4, 3), Facing.E))
    assert "D" in marks(state, "b1")


def jump_position():
    # a1 on the roof at 5,1 (level 1) facing south-east; b1 on the ground
    # at 6,2, diagonally below and in a1's front arc.
    return position(mini("a1", (5, 1), Facing.SE), mini("b1", (6, 2), Facing.N),
                     mini("b2", (4, 3), Facing.N), mini("b3", (9, 4), Facing.N), bf=ROOFS)


def test_jump_attack_dooms_and_pins_then_kills_and_the_jumper_lands_prone():
    state, _ = play(jump_position(), JumpAttack(0, "a1", "b1"))
    assert marks(state, "b1") == "DP"
    assert RULESET.to_act(state) == {1}
    state, _ = play(state, Decline(1))
    assert state.mini("b1").pos is None
    assert state.mini("a1").pos == (6, 2) and state.mini("a1").prone


def test_jump_attack_is_stopped_when_the_free_movement_threatens_the_jumper():
    state, _ = play(jump_position(), JumpAttack(0, "a1", "b1"))
    # b2 climbs from the ground at 4,3 onto the roof at 5,2, facing a1 at 5,1.
    state, _ = play(state, FreeMove(1, Climb(1, "b2", (5, 2), Facing.N)))
    assert "T" in marks(state, "a1")
    assert state.mini("b1").pos == (6, 2) and marks(state, "b1") == ""
    assert state.mini("a1").pos == (5, 1) and not state.mini("a1").prone


def test_jump_attack_needs_an_enemy_below_in_the_front_arc():
    state = jump_position()
    assert "below" in refused(state, JumpAttack(0, "a1", "b2"))  # b2 at 4,3 is not adjacent
    flat = position(mini("a1", (5, 3), Facing.E), mini("b1", (6, 3), Facing.W), mini("b2", (0, 0), Facing.N),
                    bf=ROOFS)
    assert "below" in refused(flat, JumpAttack(0, "a1", "b1"))
