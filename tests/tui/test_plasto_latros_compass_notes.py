"""Plasto Latros' facing compass says, for each facing, three things it
left out: the enemy below the mini could jump on next (seed 000, *Jumping
Attacks*: adjacent, lower, in its front arc), the artifact it could break
there (*Attacking Terrain And Artifacts*: a small one alone, a wall or
door with a second mini), and the Doom of its side the Movement lifts (a
free Movement that puts an attacker under attack: *Defending Free
Movement*; docs/rulings.md, Doom is worked out again after every order).
Each is asked of the rules on the position after the Movement."""

from __future__ import annotations

from core.board import Facing
from core.rulesets.plasto_latros.orders import FreeMove, Move
from core.rulesets.plasto_latros.state import Attack, Kind
from tests.rulesets.plasto_latros.helpers import grid, mini, position
from tests.tui.drawn import screen_rows
from tests.tui.test_plasto_latros import SIZE
from tui.app import SkirmishApp
from tui.rulesets.plasto_latros_compass import facing_notes
from tui.rulesets.plasto_latros_modals import FacingPicker

ROOF = grid("""
..........
..........
.rrr......
..........
..........
..........
..........
..........
..........
..........
""")


def notes_of(view, order_of, facings=tuple(Facing)):
    choices = {f: order_of(f) for f in facings}
    inner = next(iter(choices.values()))
    return facing_notes(view, inner.order if isinstance(inner, FreeMove) else inner, choices)


def test_an_enemy_below_in_the_front_arc_is_one_it_can_jump_on_next():
    # a1 walks along the roof (level 1) to its end at 3,2; b1 stands on the street at 4,3
    view = position(mini("a1", (1, 2), Facing.E), mini("b1", (4, 3), Facing.N), mini("b2", (9, 9), Facing.N), bf=ROOF)
    notes = notes_of(view, lambda f: Move(0, "a1", (3, 2), f))
    for facing in (Facing.E, Facing.SE, Facing.S):  # 4,3 in the front arc: a jump attack next
        assert "can jump on b1 next" in notes[facing], notes[facing]
    for facing in (Facing.N, Facing.W, Facing.SW):  # out of it
        assert "jump" not in notes[facing], notes[facing]
    assert "attacks b1" not in notes[Facing.SE]  # a level apart: no contact


def test_an_artifact_in_contact_and_faced_is_one_it_can_break():
    field = grid("\n".join(["." * 10] * 10), extra="feature idol artifact-small 5,5\nfeature gate door 7,5\n")
    view = position(mini("a1", (5, 2), Facing.S), mini("b1", (0, 9), Facing.N), bf=field)
    idol = notes_of(view, lambda f: Move(0, "a1", (5, 4), f))
    assert "can break the idol" in idol[Facing.S]  # a small artifact: one mini breaks it
    assert "idol" not in idol[Facing.N]  # its back to it
    gate = notes_of(view, lambda f: Move(0, "a1", (7, 4), f))
    assert "faces the gate (1 of 2 minis)" in gate[Facing.S]  # a door needs two at once


def test_a_free_movement_that_lifts_the_doom_says_so():
    # b1 attacks a1 from its back: a1 Doomed, Ann owed the free Movement;
    # a2 coming up to b1 puts it under attack, and its attack stops counting
    view = position(mini("a1", (5, 5), Facing.N), mini("b1", (5, 6), Facing.N), mini("a2", (5, 9), Facing.N),
                    mini("b2", (0, 0), Facing.S), attacks=(Attack(Kind.CONTACT, "b1", "a1"),), doomed=("a1",),
                    active=1, pending_free=(0,))
    notes = notes_of(view, lambda f: FreeMove(0, Move(0, "a2", (5, 7), f)))
    assert "attacks b1" in notes[Facing.N] and "lifts a1's Doom" in notes[Facing.N]
    assert "lifts" not in notes[Facing.S]  # b1 not in its front arc: no attack, a1 stays Doomed


async def test_the_compass_with_every_facing_noted_fits_80_by_24():
    """Eight facings each with a long note (an attack, a Doom, a lifted Doom,
    a jump, an artifact): the list scrolls inside the box, whose hint and
    bottom border stay on the screen."""
    note = ("attacks b1 (Locked In Battle); Dooms b1 (from its back); lifts a2's Doom; can jump on b3 next; "
            "can break the idol; back open to b4")
    choices = {f: Move(0, "a1", (5, 5), f) for f in Facing}
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(FacingPicker("a1 moves to 5,5: face which way?", choices, Facing.N,
                                     {f: note for f in Facing}))
        await pilot.pause()
        rows = screen_rows(app)
        assert len(rows) == SIZE[1]
        assert any("a1 moves to 5,5: face which way?" in row for row in rows)
        assert any("arrows hjkl yubn keypad" in row for row in rows)  # the hint, last in the box
        assert any("╰" in row for row in rows) and any("╭" in row for row in rows)  # the whole box
