"""Why? on a block entering the map reads as a sentence: its first line is
the log's own "Bob's r-d1 enters at 1,4", not "went from off the board to
1,4 (enters at)" (a tester: the trailing "(enters at)" read as broken).
A block moving between squares keeps its "went from ... to ..." line."""

from __future__ import annotations

from core.events import Moved
from core.explain import generic_lines

from .helpers import go, new_state, with_kinds
from .test_why_closing_and_turn_limit import played, why_of


def test_why_on_an_entry_starts_with_the_entry_in_words():
    state = go(with_kinds(new_state(first=1)))
    state, events = played(state, "move side=1 unit=r-d1 to=1,4")
    why = why_of(events, "Bob's r-d1 enters at 1,4")
    assert why.lines[0] == "Bob's r-d1 enters at 1,4"
    assert not any("off the board" in line or "(enters at)" in line for line in why.lines), why.lines
    _, events = played(state, "end-turn side=1", "move side=0 unit=g-d1 to=3,0", "end-turn side=0",
                       "move side=1 unit=r-d1 to=1,3")
    why = why_of(events, "Bob's r-d1 moves from 1,4 to 1,3")
    assert why.lines[0] == "Bob's r-d1 went from 1,4 to 1,3 (moves)"


def test_a_figure_leaving_the_board_is_said_the_same_way():
    # Spheres of War, rule 27: a combatant may Move off the board.
    assert generic_lines(Moved("i2", (0, 3), None)) == ["i2 moves off the battlefield from 0,3"]
