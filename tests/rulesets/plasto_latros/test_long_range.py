"""Long-range attacks ("Long Range Attacks" in the seed)."""

from core.board import Facing, visible_fraction
from core.rulesets.plasto_latros import RULESET
from core.rulesets.plasto_latros.orders import Decline, FreeMove, Move, Pass, Shoot, Turn
from core.rulesets.plasto_latros.state import Phase

from .helpers import grid, marks, mini, play, position, refused


def shooters(**kw):
    # Two shooters on the top edge facing south; b1 far away below them.
    return position(
        mini("a1", (3, 0), Facing.S, shooter=True), mini("a2", (6, 0), Facing.S, shooter=True),
        mini("a3", (0, 0), Facing.E),
        mini("b1", (4, 8), Facing.N), mini("b2", (9, 4), Facing.W), mini("b3", (0, 9), Facing.N), **kw,
    )


def test_one_shot_pins_and_threatens_without_lock_and_costs_no_movement():
    state, _ = play(shooters(), Shoot(0, "a1", "b1"))
    assert marks(state, "b1") == "TP"
    assert state.movements_left == 2
    # The pin lasts until b's own turn begins.
    state, _ = play(state, Pass(0))
    assert state.active == 1 and marks(state, "b1") == ""
    state, _ = play(state, Move(1, "b1", (4, 6), Facing.N))


def test_a_shooter_declares_once_a_turn_and_only_into_its_front_arc():
    state, _ = play(shooters(), Shoot(0, "a1", "b1"))
    assert "already" in refused(state, Shoot(0, "a1", "b2"))
    state = position(mini("a1", (3, 0), Facing.N, shooter=True), mini("b1", (4, 8), Facing.N))
    assert "front arc" in refused(state, Shoot(0, "a1", "b1"))
    assert "not a long-range shooter" in refused(shooters(), Shoot(0, "a3", "b2"))


def test_two_shooters_doom_the_target_and_it_dies_at_the_end_of_the_turn():
    state, _ = play(shooters(), Shoot(0, "a1", "b1"), Shoot(0, "a2", "b1"))
    assert marks(state, "b1") == "TDP"
    assert RULESET.to_act(state) == {1}
    # The Pinned target may not be the one to answer.
    assert "is Pinned" in refused(state, FreeMove(1, Turn(1, "b1", Facing.W)))
    state, _ = play(state, Decline(1), Pass(0))
    assert state.mini("b1").pos is None


def test_the_free_movement_breaks_the_shots_by_threatening_a_shooter():
    state = shooters()
    state = state.replace(mini("b2", (6, 3), Facing.N))
    state, _ = play(state, Shoot(0, "a1", "b1"), Shoot(0, "a2", "b1"))
    # b2 comes up under a2 (6,0) and faces it: a2 is Threatened, its shot stops counting.
    state, _ = play(state, FreeMove(1, Move(1, "b2", (6, 1), Facing.N)))
    assert "T" in marks(state, "a2")
    assert "D" not in marks(state, "b1")
    state, _ = play(state, Pass(0))
    assert state.mini("b1").pos == (4, 8)


def test_a_threatened_shooter_cannot_shoot():
    state = shooters()
    state = state.replace(mini("b2", (6, 3), Facing.N))
    state, _ = play(state, Shoot(0, "a1", "b1"), Shoot(0, "a2", "b1"))
    state, _ = play(state, FreeMove(1, Move(1, "b2", (6, 1), Facing.N)), Pass(0))
    # Now b's turn; a's next turn a2 is still in contact with b2 (Locked, Threatened).
    state, _ = play(state, Pass(1))
    assert "under attack" in refused(state, Shoot(0, "a2", "b3"))


def test_under_half_visible_is_cover():
    bf = grid("""
..........
..........
..........
..........
....*.....
..........
..........
..........
..........
..........
""")
    state = position(mini("a1", (4, 0), Facing.S, shooter=True), mini("b1", (4, 7), Facing.N),
                     mini("b2", (9, 9), Facing.N), bf=bf)
    # The scatter at 4,4 sits right on the line: nothing of b1 can be seen.
    assert "cover" in refused(state, Shoot(0, "a1", "b1"))
    # A figure in between blocks sight the same way (ruling).
    state = position(mini("a1", (4, 0), Facing.S, shooter=True), mini("a2", (4, 3), Facing.S),
                     mini("b1", (4, 7), Facing.N), mini("b2", (9, 9), Facing.N))
    assert "cover" in refused(state, Shoot(0, "a1", "b1"))


def test_the_fifty_percent_line():
    bf = grid("""
..........
..........
..........
..........
..........
..........
..........
..........
..........
..........
""")
    # Find, on the open grid with one blocking figure, a target that is
    # exactly half visible and one that is less: the rule is 50% or more.
    shooter, blocker = (0, 0), (2, 2)
    half = less = None
    for cell in bf.cells():
        if cell in (shooter, blocker):
            continue
        f = visible_fraction(bf, shooter, cell, [blocker])
        if f == 0.5 and half is None:
            half = cell
        if 0 < f < 0.5 and less is None:
            less = cell
    assert half and less
    for target, ok in ((half, True), (less, False)):
        facing = Facing.towards(shooter, target)
        state = position(mini("a1", shooter, facing, shooter=True), mini("a2", blocker, Facing.S),
                         mini("b1", target, Facing.N), bf=bf)
        assert (RULESET.check(state, Shoot(0, "a1", "b1")) is None) is ok
        assert state.phase is Phase.PLAY


def test_a_turn_with_no_movements_left_waits_while_a_shot_is_still_possible():
    state = shooters()
    state, _ = play(state, Move(0, "a3", (0, 1), Facing.E), Move(0, "a3", (0, 2), Facing.E))
    assert state.active == 0 and state.movements_left == 0
    state, _ = play(state, Shoot(0, "a1", "b1"), Shoot(0, "a2", "b1"))
    assert RULESET.to_act(state) == {1}  # Doom: b answers first
    state, _ = play(state, Decline(1))
    # Both shooters have declared: nothing free is left, so the turn ends.
    assert state.active == 1 and state.mini("b1").pos is None
