"""A turn whose Movements are spent ends by itself once no shot or artifact
attack is left to declare (docs/rulings.md, *Long range*); after a shot the
log says so and why, where before only "Turn N ends" followed the shot."""

from __future__ import annotations

from core.board import Facing
from core.events import Note
from core.rulesets.plasto_latros.orders import Move, Shoot

from .helpers import mini, play, position


def test_the_last_shot_left_ends_the_turn_and_the_log_says_why():
    # a1 shoots b1, a2 shoots b2 (each in front, in full view; one shot
    # each Pins without Dooming); no Movement left after a1's move: after
    # a2's shot nothing is left to declare
    state = position(mini("a1", (2, 2), Facing.S, shooter=True), mini("a2", (6, 2), Facing.S, shooter=True),
                     mini("b1", (4, 8), Facing.N), mini("b2", (8, 8), Facing.E), movements_left=1)
    state, events = play(state, Move(0, "a1", (2, 1), Facing.S), Shoot(0, "a1", "b1"))
    assert state.active == 0  # a2 still has a shot: the turn waits
    assert not [e for e in events if isinstance(e, Note) and "turn ends" in e.text]
    state, events = play(state, Shoot(0, "a2", "b2"))
    assert state.active == 1  # Bob's turn now
    notes = [e.text for e in events if isinstance(e, Note)]
    assert "No Movement left, no other mini with a target at half in view: Ann's turn ends" in notes, notes
