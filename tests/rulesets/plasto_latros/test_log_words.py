"""What the log says of passing, of the Defending Free Movement and of a
final-turn relocation that goes nowhere, and what Why? says of them.

*Movement* lets a player pass a whole turn, and *Ending The Game* ends the
game when the players pass their turns one after the other; a turn counts as
passed only when it spent no Movement and declared no shot or artifact attack
(docs/rulings.md, *Ending*).  So ``pass`` after a Movement ends the turn and
is no pass.  The Defending Free Movement (*Attacking And Defending*) is made
out of turn and is none of the turn's two Movements; the log says so.  In the
final turn (*Ending The Game*) a mini relocated to its own cell stays put; it
does not sweep from 2,1 to 2,1."""

from __future__ import annotations

from core.board import Facing
from core.events import Moved, Note
from core.explain import explain
from core.rulesets.plasto_latros.orders import FreeMove, Move, Pass, Relocate, Shoot, Turn
from core.rulesets.plasto_latros.state import Phase

from .helpers import mini, play, position

FREE = "Attacking And Defending (the defender's free Movement)"


def _notes(events) -> list[str]:
    return [e.text for e in events if isinstance(e, Note)]


def _why(events, index) -> tuple[str, str]:
    why = explain("plasto_latros", list(events), index)
    return why.text(), why.cite


def test_pass_after_a_movement_ends_the_turn_and_is_no_pass():
    state = position(mini("a1", (0, 0), Facing.S), mini("a2", (9, 0), Facing.S), mini("b1", (5, 9), Facing.N))
    state, events = play(state, Move(0, "a1", (0, 2), Facing.S), Pass(0))
    assert "Ann ends the turn" in _notes(events) and "Ann passes" not in _notes(events)
    assert state.passes_in_row == 0  # the rules' count agrees: no pass
    index = next(i for i, e in enumerate(events) if isinstance(e, Note) and e.text == "Ann ends the turn")
    text, cite = _why(events, index)
    assert "not a pass" in text and cite == "Ending The Game"


def test_pass_after_a_shot_alone_ends_the_turn():
    # A shot is no Movement, but a turn that declares one is not passed.
    state = position(mini("a1", (5, 0), Facing.S, shooter=True), mini("b1", (5, 9), Facing.N),
                     mini("b2", (0, 9), Facing.N))
    state, events = play(state, Shoot(0, "a1", "b1"), Pass(0))
    assert "Ann ends the turn" in _notes(events) and state.passes_in_row == 0


def test_a_turn_with_nothing_done_passes_and_two_in_a_row_end_the_game():
    state = position(mini("a1", (0, 0), Facing.S), mini("b1", (5, 9), Facing.N))
    state, events = play(state, Pass(0))
    assert _notes(events) == ["Ann passes"] and state.passes_in_row == 1
    index = next(i for i, e in enumerate(events) if isinstance(e, Note) and e.text == "Ann passes")
    text, cite = _why(events, index)
    assert "both players pass" in text and cite == "Ending The Game"
    state, events = play(state, Pass(1))
    assert "Bob passes" in _notes(events) and state.phase is Phase.OVER


def _free_movement():
    # a1 comes at b1 from the front and a2 from its side: b1 is Doomed and
    # Bob is owed a Defending Free Movement, which b2 makes in Ann's turn.
    state = position(mini("a1", (5, 2), Facing.S), mini("a2", (1, 5), Facing.E),
                     mini("b1", (5, 5), Facing.N), mini("b2", (8, 6), Facing.W), mini("b3", (0, 9), Facing.N))
    state, before = play(state, Move(0, "a1", (5, 4), Facing.S), Move(0, "a2", (4, 5), Facing.E))
    return state, before


def test_the_free_movement_is_logged_as_such_and_why_explains_it():
    state, before = _free_movement()
    state, events = play(state, FreeMove(1, Move(1, "b2", (6, 4), Facing.W)))
    log = before + events
    sentences = [e.sentence for e in events]
    assert sentences[:2] == ["Bob takes the Defending Free Movement with b2", "b2 moves from 8,6 to 6,4"]
    index = next(i for i, e in enumerate(log) if isinstance(e, Moved) and e.unit == "b2")
    text, cite = _why(log, index)
    assert "Each turn has two Movements" not in text
    assert "Bob's Defending Free Movement" in text and "not one of the turn's two Movements" in text
    assert cite == FREE
    text, cite = _why(log, index - 1)
    assert "owed a Defending Free Movement" in text and cite == FREE


def test_the_free_movement_line_is_a_whole_sentence_and_old_logs_still_explain():
    """A tester read "Bob takes the Defending Free Movement with b2:" as a
    cut-off sentence (in the log, Why? and the L window): it ends without
    a colon now.  A log saved before, with the colon, is still explained."""
    state, before = _free_movement()
    state, events = play(state, FreeMove(1, Move(1, "b2", (6, 4), Facing.W)))
    taken = next(e for e in events if isinstance(e, Note) and "Defending Free Movement" in e.text)
    assert not taken.sentence.endswith(":") and not taken.text.endswith(":")
    old = [Note(e.text + ":") if e is taken else e for e in before + events]
    index = next(i for i, e in enumerate(old) if isinstance(e, Moved) and e.unit == "b2")
    text, cite = _why(old, index)
    assert "Bob's Defending Free Movement" in text and cite == FREE


def test_a_free_movement_that_only_turns_is_explained_as_one():
    state, before = _free_movement()
    state, events = play(state, FreeMove(1, Turn(1, "b2", Facing.N)))
    log = before + events
    index = next(i for i, e in enumerate(log) if isinstance(e, Note) and e.text.startswith("b2 turns"))
    assert log[index - 1].sentence == "Bob takes the Defending Free Movement with b2"
    text, cite = _why(log, index)
    assert "Bob's Defending Free Movement" in text and cite == FREE


def test_an_ordinary_movement_still_says_it_is_one_of_two():
    state = position(mini("a1", (0, 0), Facing.S), mini("b1", (5, 9), Facing.N))
    state, events = play(state, Move(0, "a1", (0, 2), Facing.S))
    index = next(i for i, e in enumerate(events) if isinstance(e, Moved))
    assert "Each turn has two Movements" in _why(events, index)[0]


def _final_turn():
    # b1, Bob's only mini, is Locked by a1's frontal attack; after Ann's turn
    # only Ann can move: her final turn.
    state = position(mini("a1", (5, 2), Facing.S), mini("a2", (0, 9), Facing.N), mini("b1", (5, 5), Facing.N))
    state, _ = play(state, Move(0, "a1", (5, 4), Facing.S), Pass(0))
    assert state.phase is Phase.FINAL
    return state


def test_a_relocation_to_its_own_cell_stays_put():
    state, events = play(_final_turn(), Relocate(0, "a2", (0, 9), Facing.E))
    assert not any(isinstance(e, Moved) for e in events)  # nothing went anywhere
    (line,) = [e for e in events if isinstance(e, Note) and e.text.startswith("a2 ")]
    assert line.text == "a2 stays put at 0,9, facing E"
    assert state.mini("a2").pos == (0, 9) and state.mini("a2").facing is Facing.E
    text, cite = _why(events, events.index(line))
    assert "stays where it is, now facing E" in text and "final turn" in text and cite == "Ending The Game"


def test_a_relocation_elsewhere_still_sweeps_and_why_names_the_final_turn():
    state, events = play(_final_turn(), Relocate(0, "a2", (5, 6), Facing.N))
    (moved,) = [e for e in events if isinstance(e, Moved)]
    assert moved.sentence == "a2 sweeps from 0,9 to 5,6"
    text, cite = _why(events, events.index(moved))
    assert "final turn" in text and "Each turn has two Movements" not in text and cite == "Ending The Game"
