"""The facing question after a Movement says that a shot declared this
turn still stands (a shot lasts until the turn ends, docs/rulings.md,
*Long Range Attacks*): it said "attacks nothing" while the panel said
"attacks b1 (shot)" and b1 stayed Doomed."""

from __future__ import annotations

from core.board import Facing
from core.rulesets.plasto_latros.orders import Move
from core.rulesets.plasto_latros.state import Attack, Kind
from tests.rulesets.plasto_latros.helpers import mini, position
from tui.rulesets.plasto_latros import PlastoLatrosAdapter


def test_a_shooter_that_moves_after_its_shot_is_told_the_shot_stands():
    view = position(mini("a1", (2, 8), Facing.N, shooter=True), mini("a2", (9, 9), Facing.N),
                    mini("b1", (2, 2), Facing.S), mini("b2", (9, 0), Facing.S),
                    attacks=(Attack(Kind.SHOT, "a1", "b1"),))
    adapter = PlastoLatrosAdapter.__new__(PlastoLatrosAdapter)
    choices = {f: Move(0, "a1", (0, 8), f) for f in (Facing.N, Facing.W)}
    notes = adapter.facing_notes(view, Move(0, "a1", (0, 8), Facing.N), choices)
    # b1 out of its front arc; with both Movements of Bo's turn (seed 000,
    # *Movement*) b1 comes down to 2,6 and then beside a1's back (1,8)
    assert notes[Facing.W] == "back open to b1 (its shot at b1 stands)", notes
    assert all(notes[f].endswith("(its shot at b1 stands)") for f in choices), notes
