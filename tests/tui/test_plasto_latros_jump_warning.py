"""The facing question after a Movement warns of an enemy above that can
jump on the mini (seed 000, *Jumping Attacks*; docs/rulings.md, *Doom*: one
jumper Dooms it).  A jump needs nothing of the mini's facing, so every
facing's line says it.  The tester's Rooftops game: a3 on a tower facing the
street, b1 moved below it, the picker named only a3 as a target (or at b1's
back for some facings) and a3 jumped and killed b1."""

from __future__ import annotations

from core.board import Facing
from core.rulesets.plasto_latros.events import DoomFalls
from core.rulesets.plasto_latros.orders import Climb, JumpAttack, Move, Pass
from tests.rulesets.plasto_latros.helpers import grid, mini, play, position, refused
from tui.rulesets.plasto_latros_compass import facing_notes

# one roof cell (level 1) at 3,2, the street (level 0) all round
ROOF = grid("""
........
........
...r....
........
........
........
""")

WARNING = "a1 can jump on it: Doomed"


def move_notes(view, to):
    choices = {f: Move(1, "b1", to, f) for f in Facing}
    return facing_notes(view, choices[Facing.N], choices)


def test_every_facing_below_a_roof_enemy_warns_of_its_jump():
    view = position(mini("a1", (3, 2), Facing.S), mini("b1", (3, 5), Facing.N), bf=ROOF, active=1)
    notes = move_notes(view, (3, 3))
    assert set(notes) == set(Facing)
    for facing, note in notes.items():
        assert WARNING in note, (facing, note)
    # the warning is the rules' own: b1 moves there facing N (a1 in its
    # front arc but a level up, so no contact), the turn passes, a1 jumps
    # on it: b1 is Doomed, and with no mini of Bob's to answer, removed
    state, events = play(view, Move(1, "b1", (3, 3), Facing.N), Pass(1), JumpAttack(0, "a1", "b1"))
    assert any(isinstance(e, DoomFalls) and e.unit == "b1" for e in events)
    assert state.mini("b1").pos is None


def test_no_jump_warning_where_no_enemy_can_get_above_the_mini():
    # the roof is a single cell: a1 cannot stand above a cell next to 7,5
    view = position(mini("a1", (3, 2), Facing.S), mini("b1", (7, 4), Facing.N), bf=ROOF, active=1)
    notes = move_notes(view, (7, 5))
    assert not any("jump" in note for note in notes.values()), notes


def test_no_jump_warning_for_the_enemy_the_facing_attacks():
    # a1 on the street at 4,3 could climb to the roof at 3,2 and jump on
    # b1 at 3,3; facing E, b1 attacks a1 on arrival, Locking it (seed 000,
    # *Attacking And Defending*): a Locked mini makes no Movement
    spare = (mini("a2", (0, 0), Facing.S), mini("b2", (7, 5), Facing.N))  # the game goes on
    view = position(mini("a1", (4, 3), Facing.W), mini("b1", (3, 5), Facing.N), *spare, bf=ROOF, active=1)
    notes = move_notes(view, (3, 3))
    assert notes[Facing.E].startswith("attacks a1") and "jump" not in notes[Facing.E], notes[Facing.E]
    assert WARNING in notes[Facing.W], notes[Facing.W]
    state, _ = play(view, Move(1, "b1", (3, 3), Facing.E), Pass(1))
    assert "locked" in refused(state, Climb(0, "a1", (3, 2), Facing.S)).lower()
