"""A mini lying prone dies at once from an attack that succeeds (seed,
*Climbing Movement On Terrain*): read as the project reads "instantly
dies" for a jump attack (docs/rulings.md, *Removal*).  Any counting attack
on a prone mini Dooms it; its owner still gets the Defending Free
Movement; once no free Movement is owed, a prone mini still Doomed is
removed there and then, not when the turn ends."""

from core.board import Facing
from core.events import Removed, TurnEnded
from core.rulesets.plasto_latros import RULESET
from core.rulesets.plasto_latros.orders import Decline, FreeMove, Move, Pass, Shoot

from .helpers import mini, play, position


def _removed_before_the_turn_ends(events, unit: str) -> bool:
    """``unit`` was removed, and no turn ended before (or with) it."""
    for event in events:
        if isinstance(event, TurnEnded):
            return False
        if isinstance(event, Removed) and event.unit == unit:
            return True
    return False


def test_contact_on_a_prone_mini_removes_it_at_once_once_the_free_movement_is_declined():
    # b1 lies prone at 5,3; a1 steps up to 4,3 facing it (contact, front arc).
    state = position(mini("a1", (2, 3), Facing.E), mini("b1", (5, 3), Facing.E, prone=True),
                     mini("b2", (9, 9), Facing.N))
    state, events = play(state, Move(0, "a1", (4, 3), Facing.E))
    assert state.mini("b1").pos is not None and RULESET.to_act(state) == {1}  # Bob may answer first
    state, more = play(state, Decline(1))
    assert state.mini("b1").pos is None
    assert _removed_before_the_turn_ends(more, "b1")
    removed = next(e for e in more if isinstance(e, Removed))
    assert removed.reason == "attacked while prone"
    # Ann's turn goes on: her second Movement is still hers, and a1, whose
    # only enemy in contact is gone, is Locked no more and may spend it.
    assert state.active == 0 and state.movements_left == 1 and state.turn == 1
    state, _ = play(state, Move(0, "a1", (4, 5), Facing.S))
    assert state.mini("a1").pos == (4, 5)


def test_a_shot_on_a_prone_mini_removes_it_at_once_when_nobody_can_answer():
    # Bob's only mini lies prone: no mini of his is free to answer, so no
    # free Movement is owed and the shot succeeds as it is declared.
    state = position(mini("a1", (5, 0), Facing.S, shooter=True), mini("b1", (5, 6), Facing.E, prone=True))
    state, events = play(state, Shoot(0, "a1", "b1"))
    assert state.mini("b1").pos is None
    assert _removed_before_the_turn_ends(events, "b1")
    # the game ends when the turn does (Bob has no minis), not before
    assert state.active == 0 and state.movements_left == 2 and state.result is None


def test_a_shot_on_a_prone_mini_removes_it_after_the_free_movement_fails_to_stop_it():
    state = position(mini("a1", (5, 0), Facing.S, shooter=True), mini("b1", (5, 6), Facing.E, prone=True),
                     mini("b2", (9, 9), Facing.N))
    state, _ = play(state, Shoot(0, "a1", "b1"))
    assert state.mini("b1").pos is not None and RULESET.to_act(state) == {1}
    # b2 turns in place: no attacker is put under Threat, the shot still counts
    state, events = play(state, FreeMove(1, Move(1, "b2", (9, 8), Facing.W)))
    assert state.mini("b1").pos is None
    assert _removed_before_the_turn_ends(events, "b1")
    assert state.active == 0 and state.movements_left == 2


def test_a_free_movement_that_threatens_the_shooter_saves_the_prone_mini():
    # a1 shoots the prone b1; b2's free Movement brings it into contact with
    # a1 facing it: a1 is attacked, its shot stops counting, b1 is spared.
    state = position(mini("a1", (5, 0), Facing.S, shooter=True), mini("b1", (5, 6), Facing.E, prone=True),
                     mini("b2", (8, 2), Facing.N))
    state, _ = play(state, Shoot(0, "a1", "b1"))
    state, events = play(state, FreeMove(1, Move(1, "b2", (6, 1), Facing.NW)))
    assert state.mini("b1").pos is not None and "b1" not in state.doomed
    assert not any(isinstance(e, Removed) for e in events)
    state, events = play(state, Pass(0))  # Ann's turn ends: b1 still stands (well, lies)
    assert state.mini("b1").pos is not None and state.active == 1


def test_a_free_movement_that_threatens_the_attacker_in_contact_saves_the_prone_mini():
    # a1 steps into contact with the prone b1; b2 walks up beside a1 and
    # attacks it: a1 is Threatened, so its attack stops counting.
    state = position(mini("a1", (2, 3), Facing.E), mini("b1", (5, 3), Facing.E, prone=True),
                     mini("b2", (3, 6), Facing.N))
    state, _ = play(state, Move(0, "a1", (4, 3), Facing.E))
    state, events = play(state, FreeMove(1, Move(1, "b2", (4, 4), Facing.N)))
    assert state.mini("b1").pos is not None and state.mini("a1").pos is not None
    assert "b1" not in state.doomed and "a1" not in state.doomed  # a1 has one attacker, at its side
    assert state.active == 0 and state.movements_left == 1
    assert not any(isinstance(e, Removed) and e.unit == "b1" for e in events)
