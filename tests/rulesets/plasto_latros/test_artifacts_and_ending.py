"""Artifacts ("Attacking Terrain And Artifacts") and the end of the game
("Ending The Game", the passing rule under "Movement")."""

import pytest

from core.board import Facing
from core.rulesets.plasto_latros import RULESET
from core.rulesets.plasto_latros.options import PlastoOptions
from core.rulesets.plasto_latros.orders import Destroy, Move, Pass, Relocate, Shoot, Turn
from core.rulesets.plasto_latros.state import Phase

from .helpers import grid, marks, mini, play, position, refused

SHRINE = grid("""
..........
..........
..........
..........
..........
""", extra="feature idol artifact-small 2,2\nfeature gate door 7,2\n")


def test_a_small_artifact_falls_to_one_mini_in_contact():
    state = position(mini("a1", (2, 0), Facing.S), mini("b1", (9, 4), Facing.N), bf=SHRINE)
    assert "needs 1" in refused(state, Destroy(0, "idol"))  # not in contact yet
    state, events = play(state, Move(0, "a1", (2, 1), Facing.S), Destroy(0, "idol"))
    assert [f.id for f in state.features] == ["gate"]
    assert state.movements_left == 1  # destroying is free, like any attack


@pytest.mark.parametrize("kind", ["door", "artifact-wall"])
def test_a_door_or_wall_needs_two_minis_in_contact_at_once(kind):
    bf = grid("""
..........
..........
..........
..........
..........
""", extra=f"feature idol artifact-small 2,2\nfeature gate {kind} 7,2\n")
    state = position(mini("a1", (7, 0), Facing.S), mini("a2", (9, 2), Facing.W),
                     mini("b1", (0, 4), Facing.N), bf=bf)
    state, _ = play(state, Move(0, "a1", (7, 1), Facing.S))
    words = {"door": "a door", "artifact-wall": "a wall artifact"}[kind]
    assert refused(state, Destroy(0, "gate")).startswith(f"The gate ({words}) needs 2 free minis")  # not its kind's id
    assert RULESET.describe_order(state, Destroy(0, "gate")) == f"destroy the gate ({words})"
    state, _ = play(state, Move(0, "a2", (8, 2), Facing.W), Destroy(0, "gate"))  # free, after both Movements
    assert [f.id for f in state.features] == ["idol"]


def test_artifacts_goal_the_raider_wins_by_destroying_every_artifact_and_the_guardian_may_not():
    opts = PlastoOptions(goal="artifacts", raider=0)
    state = position(mini("a1", (2, 0), Facing.S), mini("b1", (7, 3), Facing.N),
                     mini("b2", (9, 4), Facing.N), bf=SHRINE, options=opts,
                     features=SHRINE.features[:1])
    state, _ = play(state, Move(0, "a1", (2, 1), Facing.S))
    assert RULESET.outcome(state) is None
    state, _ = play(state, Destroy(0, "idol"))
    assert RULESET.outcome(state).winner == 0
    guard = position(mini("a1", (0, 4), Facing.N), mini("b1", (7, 3), Facing.N), bf=SHRINE, options=opts,
                     active=1)
    assert "guards" in refused(guard, Destroy(1, "gate"))


def test_artifacts_goal_the_guardian_wins_if_one_stands_at_the_end():
    opts = PlastoOptions(goal="artifacts", raider=0)
    state = position(mini("a1", (0, 0), Facing.S), mini("b1", (0, 4), Facing.N), bf=SHRINE, options=opts)
    state, _ = play(state, Pass(0), Pass(1))
    assert RULESET.outcome(state).winner == 1


def test_all_players_passing_in_sequence_ends_the_game():
    state = position(mini("a1", (0, 0), Facing.S), mini("b1", (5, 5), Facing.N))
    state, _ = play(state, Pass(0))
    assert RULESET.outcome(state) is None
    state, _ = play(state, Pass(1))
    assert RULESET.outcome(state).winner is None  # one mini each: a draw
    assert "passed" in RULESET.outcome(state).reason


def test_a_pass_after_an_action_does_not_count_towards_the_sequence():
    state = position(mini("a1", (0, 0), Facing.S), mini("b1", (5, 5), Facing.N))
    state, _ = play(state, Pass(0), Turn(1, "b1", Facing.W), Pass(1), Pass(0))
    assert RULESET.outcome(state) is None
    state, _ = play(state, Pass(1))
    assert RULESET.outcome(state) is not None


def test_more_minis_left_wins():
    state = position(mini("a1", (0, 0), Facing.S), mini("a2", (1, 0), Facing.S), mini("b1", (5, 5), Facing.N))
    state, _ = play(state, Pass(0), Pass(1))
    assert RULESET.outcome(state).winner == 0


def test_the_turn_limit_ends_the_game():
    state = position(mini("a1", (0, 0), Facing.S), mini("b1", (5, 5), Facing.N), mini("b2", (6, 5), Facing.N),
                     options=PlastoOptions(turn_limit=1))
    state, _ = play(state, Turn(0, "a1", Facing.E), Pass(0))
    assert RULESET.outcome(state) is None
    state, _ = play(state, Turn(1, "b1", Facing.E), Pass(1))
    assert RULESET.outcome(state).winner == 1
    assert RULESET.outcome(state).reason.startswith("the turn limit of 1 round was reached")


def test_final_turn_when_only_one_player_can_move():
    # b1 is b's only mini; a1 locks it by a frontal attack (no Doom).  a2
    # is free, so after a's turn only a can move: a takes a final turn in
    # which a2 may go anywhere, however far, and b1 then dies.
    state = position(mini("a1", (5, 2), Facing.S), mini("a2", (0, 9), Facing.N), mini("b1", (5, 5), Facing.N))
    state, _ = play(state, Move(0, "a1", (5, 4), Facing.S), Pass(0))
    assert state.phase is Phase.FINAL and state.active == 0
    assert RULESET.situation(state).phase == "final turn"
    assert "cannot move" in refused(state, Relocate(0, "a1", (1, 1), Facing.N))  # a1 is Locked
    assert "relocate" in refused(state, Move(0, "a2", (0, 8), Facing.N))
    state, _ = play(state, Relocate(0, "a2", (5, 6), Facing.N))  # far more than 4 cells, behind b1
    assert "D" in marks(state, "b1")
    assert "already" in refused(state, Relocate(0, "a2", (6, 6), Facing.N))
    state, _ = play(state, Pass(0))
    assert state.mini("b1").pos is None
    assert RULESET.outcome(state).winner == 0


def test_shooting_is_allowed_in_the_final_turn():
    state = position(mini("a1", (5, 2), Facing.S), mini("a2", (3, 9), Facing.N, shooter=True),
                     mini("b1", (5, 5), Facing.N), phase=Phase.FINAL)
    assert RULESET.check(state, Shoot(0, "a2", "b1")) is None


def _back_stab(turn_limit: int):
    """Ann's only mini a1 faces N; Bo's b1 walks up behind it (one contact
    attacker in the back arc Dooms, *Attacking And Defending*) and Bo
    passes: a1 is removed as Bo's turn ends."""
    state = position(mini("a1", (5, 5), Facing.N), mini("b1", (5, 8), Facing.N),
                     options=PlastoOptions(turn_limit=turn_limit))
    state, _ = play(state, Turn(0, "a1", Facing.NE), Pass(0), Move(1, "b1", (5, 6), Facing.N), Pass(1))
    assert state.mini("a1").pos is None
    return RULESET.outcome(state)


def test_a_side_wiped_out_is_named_in_the_reason():
    """*Ending The Game*: more minis left wins; a tester's last mini fell at
    the end of the final round and the reason named only the turn limit."""
    at_limit = _back_stab(turn_limit=1)
    assert at_limit.winner == 1
    assert at_limit.reason == "the turn limit of 1 round was reached, and Ann has no minis left; minis left 0 to 1"
    plain = _back_stab(turn_limit=0)
    assert plain.winner == 1
    assert plain.reason == "Ann has no minis left; minis left 0 to 1"
