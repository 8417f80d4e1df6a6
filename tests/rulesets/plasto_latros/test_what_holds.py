"""What holds a mini that has no order: Enter on a Locked mini said only
"a6 has no order to give now." (a tester); the board now says what holds
it, from the rules' own statuses (status.what_holds)."""

from __future__ import annotations

import attrs

from core.board import Facing
from core.rulesets.plasto_latros.orders import Move
from core.rulesets.plasto_latros.state import Attack, Kind
from core.rulesets.plasto_latros.status import movable, what_holds

from .helpers import mini, play, position, refused


def test_a_locked_mini_is_held_in_battle_with_its_partner_and_a_free_one_by_nothing():
    state = position(mini("a1", (2, 2), Facing.E), mini("a2", (0, 0), Facing.S), mini("b1", (5, 2), Facing.W),
                     mini("b2", (9, 9), Facing.N))
    assert what_holds(state, "a1") is None and movable(state, state.mini("a1"))
    state, _ = play(state, Move(0, "a1", (4, 2), Facing.E))
    assert "Locked" in refused(state, Move(0, "a1", (4, 3), Facing.E))  # the rules hold it
    assert what_holds(state, "a1") == "Locked In Battle with b1"
    assert what_holds(state, "b1") == "Locked In Battle with a1"
    assert what_holds(state, "a2") is None


def test_a_shot_pins_and_a_doom_is_named():
    state = position(mini("a1", (2, 2), Facing.E, shooter=True), mini("a2", (2, 6), Facing.E, shooter=True),
                     mini("b1", (8, 4), Facing.W))
    pinned = attrs.evolve(state, attacks=(Attack(Kind.SHOT, "a1", "b1"),))
    assert not movable(pinned, pinned.mini("b1"))
    assert what_holds(pinned, "b1") == "Pinned by a1's shot"
    doomed = attrs.evolve(state, attacks=(Attack(Kind.SHOT, "a1", "b1"), Attack(Kind.SHOT, "a2", "b1")))
    assert what_holds(doomed, "b1") == "Doomed"  # two attackers (docs/rulings.md, Doom)
