"""Why? on a prone mini's removal says what became of the Defending Free
Movement its Doom owed (seed 000, *Attacking And Defending*, *Climbing
Movement On Terrain*; docs/rulings.md, *Removal*): declined, made without
putting an attacker under Threat or Doom, or none owed.  It said "No free
Movement was owed, or the one made left an attack on it counting" even
after the player had declined it."""

from core.board import Facing
from core.events import Removed
from core.rulesets.plasto_latros.explain import explain
from core.rulesets.plasto_latros.orders import Decline, FreeMove, Move, Shoot, Turn

from .helpers import mini, play, position


def why_removed(events, unit: str) -> list[str]:
    index = next(i for i, e in enumerate(events) if isinstance(e, Removed) and e.unit == unit)
    return explain(events, index)[0]


def test_a_declined_free_movement_is_said_as_declined():
    # b1 lies prone at 5,3; a1 steps up to 4,3 facing it; Bob declines
    state = position(mini("a1", (2, 3), Facing.E), mini("b1", (5, 3), Facing.E, prone=True),
                     mini("b2", (9, 9), Facing.N))
    state, first = play(state, Move(0, "a1", (4, 3), Facing.E))
    state, then = play(state, Decline(1))
    lines = why_removed(first + then, "b1")
    assert lines[-1].startswith("Bob declined the free Movement"), lines
    assert "No free Movement was owed" not in " ".join(lines)


def test_a_free_movement_made_that_stops_nothing_is_said_as_made():
    state = position(mini("a1", (5, 0), Facing.S, shooter=True), mini("b1", (5, 6), Facing.E, prone=True),
                     mini("b2", (9, 9), Facing.N))
    state, first = play(state, Shoot(0, "a1", "b1"))
    state, then = play(state, FreeMove(1, Turn(1, "b2", Facing.W)))
    lines = why_removed(first + then, "b1")
    assert lines[-1].startswith("Bob's free Movement (with b2) left an attack on b1 counting"), lines


def test_no_mini_free_to_answer_is_said_so():
    state = position(mini("a1", (5, 0), Facing.S, shooter=True), mini("b1", (5, 6), Facing.E, prone=True))
    state, events = play(state, Shoot(0, "a1", "b1"))
    lines = why_removed(events, "b1")
    assert lines[-1] == "Bob had no mini free to make the free Movement: the attack counted at once", lines
