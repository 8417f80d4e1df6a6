"""The facing compass lists every facing offered, the safe ones too (a
tester standing a mini up saw seven facings each "back open to ..." and the
eighth, the only safe one, missing), and at 80x24 its box covers as little
of the board as it can: the compass sits beside its words."""

from __future__ import annotations

from core.board import Facing
from core.rulesets.plasto_latros.orders import Move, Turn
from tests.rulesets.plasto_latros.helpers import mini, position
from tests.tui.drawn import screen_rows
from tests.tui.test_plasto_latros import SIZE
from tui.app import SkirmishApp
from tui.rulesets.plasto_latros_compass import facing_notes
from tui.rulesets.plasto_latros_modals import FacingPicker


def _notes(view, unit, facings):
    choices = {f: Turn(0, unit, f) for f in facings}
    return facing_notes(view, next(iter(choices.values())), choices), choices


def test_a_facing_with_nothing_to_note_says_it_is_safe():
    # b1 is 9 rows away, beyond the two Movements of Bo's turn (4 cells
    # each, seed 000 *Movement*): no facing of a1 attacks or is attacked
    view = position(mini("a1", (0, 0), Facing.S), mini("b1", (9, 9), Facing.N))
    notes, _ = _notes(view, "a1", (Facing.E, Facing.SE))
    assert notes[Facing.E] == "safe: attacks nothing, no enemy can attack it next turn", notes


def test_a_facing_whose_back_no_enemy_reaches_says_so_when_others_are_open():
    # b1 at 5,8 reaches a1 (5,5) on every side with its two Movements;
    # the facings that turn a1's back to 5,4's row are still reached, but
    # every facing must be in the notes, and one that names no danger says
    # it is safe in words rather than leave it out
    view = position(mini("a1", (5, 5), Facing.N), mini("b1", (5, 8), Facing.N))
    notes, choices = _notes(view, "a1", [f for f in Facing if f is not Facing.N])
    assert set(notes) == set(choices)
    assert all(note for note in notes.values())
    for note in notes.values():
        assert "back open to" in note or note.startswith("safe: ") or "attacks" in note, note


def test_the_list_shows_every_facing_the_safe_ones_too():
    view = position(mini("a1", (0, 0), Facing.S), mini("b1", (9, 9), Facing.N))
    facings = [f for f in Facing if f is not Facing.S]
    notes, choices = _notes(view, "a1", facings)
    picker = FacingPicker("a1 turns: face which way?", choices, Facing.S, notes)
    lines = picker._outcomes().splitlines()
    assert len(lines) == 7 and all("safe: attacks nothing" in line for line in lines), lines


async def test_the_compass_box_is_small_at_80_by_24():
    notes = {f: "safe: attacks nothing, no enemy can attack it next turn" for f in Facing}
    choices = {f: Move(0, "a1", (5, 5), f) for f in Facing}
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(FacingPicker("a1 moves to 5,5: face which way?", choices, Facing.N, notes))
        await pilot.pause()
        await pilot.pause()
        rows = screen_rows(app)
        top = next(i for i, row in enumerate(rows) if "╭" in row)
        bottom = next(i for i, row in enumerate(rows) if "╰" in row)
        # border 2; beside the compass the title, the pointed facing's line
        # (wrapped once) and the hint; 8 facings.  Drawn under the compass, 17.
        assert bottom - top + 1 <= 14, "\n".join(rows)
        assert sum(" safe: attacks nothing" in row for row in rows) == 8 + 1  # and the pointed line


def test_the_final_turn_compass_speaks_of_no_next_turn():
    """In the final turn no enemy turn follows (*Ending The Game*): a tester
    read "safe: attacks nothing, no enemy can attack it next turn" there."""
    from core.rulesets.plasto_latros.orders import Relocate
    from core.rulesets.plasto_latros.state import Phase
    from tests.tui.test_plasto_latros_doom_and_final import final_turn

    view = final_turn().state
    assert view.phase is Phase.FINAL
    for to in ((0, 0), (0, 5)):  # staying put, and far from Bo's minis (5,7 and 4,7)
        choices = {f: Relocate(0, "a2", to, f) for f in Facing}
        notes = facing_notes(view, choices[Facing.S], choices)
        assert set(notes) == set(Facing)
        for note in notes.values():
            assert "next turn" not in note and "safe" not in note, note
            assert note == "attacks nothing (no enemy turn follows the final one)", note
