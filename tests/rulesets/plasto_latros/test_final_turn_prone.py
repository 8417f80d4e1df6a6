"""A prone mini in the final turn (*Ending The Game*, *Climbing Movement On
Terrain*; docs/rulings.md, *Ending*): its relocation stands it up as part of
it, and the log and the shot refusal say so."""

from __future__ import annotations

from core.board import Facing
from core.events import Moved, Note
from core.explain import explain
from core.rulesets.plasto_latros.combat import shooter_problem
from core.rulesets.plasto_latros.orders import Move, Pass, Relocate
from core.rulesets.plasto_latros.state import Phase

from .helpers import mini, play, position


def test_the_hand_built_position_is_a_final_turn_with_a2_prone():
    state = position(mini("a1", (5, 2), Facing.S), mini("a2", (0, 5), Facing.N, prone=True),
                     mini("b1", (5, 5), Facing.N))
    state, _ = play(state, Move(0, "a1", (5, 4), Facing.S), Pass(0))
    assert state.phase is Phase.FINAL and state.active == 0 and state.mini("a2").prone


def test_a_prone_mini_relocated_stands_and_the_log_says_so():
    state = position(mini("a1", (5, 2), Facing.S), mini("a2", (0, 5), Facing.N, prone=True),
                     mini("b1", (5, 5), Facing.N))
    state, _ = play(state, Move(0, "a1", (5, 4), Facing.S), Pass(0))
    state, events = play(state, Relocate(0, "a2", (6, 6), Facing.W))
    (moved,) = [e for e in events if isinstance(e, Moved)]
    assert moved.sentence == "a2 stands and sweeps from 0,5 to 6,6"
    assert not state.mini("a2").prone
    # standing at 6,6 facing W, b1 at 5,5 is in its front arc: the attack follows the standing
    assert any("a2 attacks b1" in getattr(e, "sentence", "") for e in events)
    why = explain("plasto_latros", list(events), events.index(moved))
    assert why.cite == "Ending The Game" and "stands up as part of its relocation" in why.text()


def test_a_prone_mini_relocated_to_its_own_cell_stands_there():
    state = position(mini("a1", (5, 2), Facing.S), mini("a2", (0, 5), Facing.N, prone=True),
                     mini("b1", (5, 5), Facing.N))
    state, _ = play(state, Move(0, "a1", (5, 4), Facing.S), Pass(0))
    state, events = play(state, Relocate(0, "a2", (0, 5), Facing.E))
    notes = [e.text for e in events if isinstance(e, Note) and e.text.startswith("a2 ")]
    assert notes == ["a2 stands and stays put at 0,5, facing E"]
    assert not state.mini("a2").prone
    why = explain("plasto_latros", list(events), events.index(next(e for e in events if isinstance(e, Note)
                                                                    and e.text.startswith("a2 "))))
    assert "stays where it is, now facing E" in why.text() and "stands up" in why.text()


def test_a_standing_mini_relocated_still_just_sweeps():
    state = position(mini("a1", (5, 2), Facing.S), mini("a2", (0, 5), Facing.N), mini("b1", (5, 5), Facing.N))
    state, _ = play(state, Move(0, "a1", (5, 4), Facing.S), Pass(0))
    state, events = play(state, Relocate(0, "a2", (8, 8), Facing.W))
    (moved,) = [e for e in events if isinstance(e, Moved)]
    assert moved.sentence == "a2 sweeps from 0,5 to 8,8"


def test_the_shot_refusal_of_a_prone_mini_in_the_final_turn_says_relocating_stands_it():
    state = position(mini("a1", (5, 2), Facing.S), mini("a2", (0, 5), Facing.N, shooter=True, prone=True),
                     mini("b1", (5, 5), Facing.N))
    assert shooter_problem(state, state.mini("a2")) == "a2 lies prone and cannot attack."  # a play turn
    state, _ = play(state, Move(0, "a1", (5, 4), Facing.S), Pass(0))
    assert state.phase is Phase.FINAL
    problem = shooter_problem(state, state.mini("a2"))
    assert problem is not None and "cannot attack" not in problem and "relocating it stands it up" in problem
