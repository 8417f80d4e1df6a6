"""The facing compass of a jump down (not a jump attack): the mini lands
prone, and a prone mini attacks nothing (seed 000, *Climbing Movement On
Terrain*; docs/rulings.md, Plasto Latros: a prone mini never counts), so
no facing may claim an attack; and lying prone, any one enemy able to
attack it Dooms it, whichever way it faces (docs/rulings.md, *Doom*)."""

from __future__ import annotations

from core.board import Facing
from core.rulesets.plasto_latros.orders import Jump
from core.rulesets.plasto_latros.state import Attack, Kind
from tests.rulesets.plasto_latros.helpers import grid, mini, position
from tui.rulesets.plasto_latros_compass import facing_notes

# a roof (level 1) down the column x=5; the street (level 0) around it
ROOF = grid("""
..........
..........
.....r....
.....r....
..........
..........
..........
..........
..........
..........
""")


def jump_notes(view, to):
    choices = {f: Jump(0, "a1", to, f) for f in Facing}
    return facing_notes(view, choices[Facing.N], choices)


def test_a_jump_down_beside_an_enemy_attacks_nothing_and_warns_of_the_doom_every_way():
    # the tester's Rooftops steps: a1 on the roof at 5,3; b1 on the street at 4,4
    view = position(mini("a1", (5, 3), Facing.N), mini("b1", (4, 4), Facing.N), bf=ROOF)
    notes = jump_notes(view, (4, 3))
    for facing, note in notes.items():
        assert "attacks" not in note, (facing, note)  # lying prone, it attacks no one
        assert "Locked" not in note, (facing, note)
        assert "lands prone: Doomed by any one of b1" in note, (facing, note)


def test_a_jump_down_with_no_enemy_near_still_says_it_lands_prone():
    # b1, far off, is Locked In Battle with a2: it cannot come to attack a1
    view = position(mini("a1", (5, 3), Facing.N), mini("a2", (0, 8), Facing.S), mini("b1", (0, 9), Facing.N),
                    attacks=(Attack(Kind.CONTACT, "a2", "b1"),), bf=ROOF)
    notes = jump_notes(view, (4, 3))
    assert all(note.startswith("lands prone") and "Doomed" not in note for note in notes.values()), notes
