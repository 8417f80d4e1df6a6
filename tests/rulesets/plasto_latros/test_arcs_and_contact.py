"""Facing ("The Minis": four 90-degree parts, sight and attack to the front
only) and base-to-base contact ("Attacking And Defending")."""

import pytest

from core.board import Arc, Facing, arc_of, neighbours
from core.rulesets.plasto_latros.orders import Climb, Move, Turn
from core.rulesets.plasto_latros.state import Attack, Kind

from .helpers import grid, marks, mini, play, position, refused

CENTRE = (4, 4)


@pytest.mark.parametrize("facing", list(Facing))
def test_each_facing_has_three_front_three_back_two_side_cells(facing):
    arcs = {cell: arc_of(CENTRE, facing, cell) for cell in neighbours(CENTRE)}
    dx, dy = facing.delta
    ahead = (CENTRE[0] + dx, CENTRE[1] + dy)
    # By the printed rule the front quarter is centred on the facing: the
    # cell straight ahead and the two beside it; the back is the mirror.
    front = {ahead} | {(CENTRE[0] + facing.turned(t).delta[0], CENTRE[1] + facing.turned(t).delta[1]) for t in (-1, 1)}
    back = {(CENTRE[0] + facing.turned(t).delta[0], CENTRE[1] + facing.turned(t).delta[1]) for t in (3, 4, 5)}
    assert {c for c, a in arcs.items() if a is Arc.FRONT} == front
    assert {c for c, a in arcs.items() if a is Arc.BACK} == back
    assert sum(a in (Arc.LEFT, Arc.RIGHT) for a in arcs.values()) == 2


@pytest.mark.parametrize("facing", list(Facing))
def test_turning_attacks_exactly_the_enemies_in_the_new_front_arc(facing):
    # Enemies on all eight cells around a1; a1 turns to ``facing``.  The
    # three in front (facing and 45 degrees either side) are attacked.
    around = list(neighbours(CENTRE))
    enemies = [mini(f"b{i + 1}", cell, Facing.N) for i, cell in enumerate(around)]
    start = facing.opposite
    state = position(mini("a1", CENTRE, start), *enemies)
    # Attacks made before the turn would be recorded; there are none.
    state, _ = play(state, Turn(0, "a1", facing))
    hit = {state.mini(a.target).pos for a in state.attacks if a.attacker == "a1"}
    expected = {(CENTRE[0] + facing.turned(t).delta[0], CENTRE[1] + facing.turned(t).delta[1]) for t in (-1, 0, 1)}
    assert hit == expected


def test_contact_in_the_front_arc_threatens_the_target_and_locks_both():
    state = position(mini("a1", (2, 2), Facing.E), mini("a2", (0, 0), Facing.S), mini("b1", (5, 2), Facing.W),
                     mini("b2", (9, 9), Facing.N))
    state, _ = play(state, Move(0, "a1", (4, 2), Facing.E))
    assert state.attacks == (Attack(Kind.CONTACT, "a1", "b1"),)
    assert marks(state, "b1") == "TL"  # Threatened, Locked, not Doomed (attacked from its front)
    assert marks(state, "a1") == "L"
    # Locked In Battle: neither may move nor turn.
    assert "Locked" in refused(state, Turn(0, "a1", Facing.N))
    state, _ = play(state, Move(0, "a2", (0, 1), Facing.S))  # the turn passes to b
    assert "Locked" in refused(state, Turn(1, "b1", Facing.N))
    assert "Locked" in refused(state, Move(1, "b1", (6, 2), Facing.E))


def test_ending_next_to_an_enemy_outside_the_front_arc_is_no_attack():
    state = position(mini("a1", (2, 2), Facing.E), mini("b1", (4, 3), Facing.W))
    state, _ = play(state, Move(0, "a1", (4, 2), Facing.N))  # b1 is now straight behind a1
    assert state.attacks == ()
    assert marks(state, "b1") == ""


def test_a_mini_on_a_roof_is_not_in_contact_with_one_below():
    bf = grid("""
.....
.rr..
.....
""")
    state = position(mini("a1", (0, 1), Facing.E), mini("b1", (2, 2), Facing.N), bf=bf)
    # a1 climbs onto the roof at 1,1, facing b1 diagonally below: no contact across height.
    state, _ = play(state, Climb(0, "a1", (1, 1), Facing.SE))
    assert state.attacks == ()
    # Climbing up next to an enemy on the same roof is contact.
    state = position(mini("a1", (0, 1), Facing.E), mini("b1", (2, 1), Facing.W), bf=bf)
    state, _ = play(state, Climb(0, "a1", (1, 1), Facing.E))
    assert state.attacks == (Attack(Kind.CONTACT, "a1", "b1"),)
