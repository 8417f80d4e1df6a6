"""The log's words for a scout by, or of, a block already face up.

Seed 003, RULES: the scouting block turns its icon up, then the one it
scouts; blocks shown stay face up.  docs/rulings.md (*Scouting a block
already face up*): a block that came in may scout one already shown, and a
block already shown may scout a hidden one.  A tester read "Player 1's g2
shows itself as the scout and scouts r1" for a scout face up since the
turn before: a block already shown does not show itself again.
"""

from __future__ import annotations

import attrs

from core.explain import explain
from core.rulesets.optio.events import Scouted
from core.rulesets.optio.state import Edge

from .helpers import R, new_state, place, with_kinds


def play(state, *texts):
    events = []
    for text in texts:
        state, more = R.apply(state, R.parse_order(text))
        events += more
    return state, events


def scouted(events):
    index = next(i for i, e in enumerate(events) if isinstance(e, Scouted))
    return events[index], explain(R, events, index)


def test_a_scout_already_face_up_scouts_without_showing_itself_again():
    state = with_kinds(new_state())
    state = place(state, "g-scout", (2, 2), arrived=1, revealed=True)  # shown by an earlier scout
    state = place(state, "r-d1", (2, 3), edge=Edge.S, arrived=2)
    state = attrs.evolve(state, clock=2)
    _, events = play(state, "move side=0 unit=g-scout to=2,3", "scout side=0 unit=g-scout target=r-d1")
    event, why = scouted(events)
    assert event.sentence == "Ann's scout g-scout, face up already, scouts r-d1: a dummy"
    assert "shows itself" not in event.sentence
    assert "g-scout was face up already; r-d1 is a dummy, face up from now on" in why.lines
    assert not any(line.startswith("Both are face up from now on") for line in why.lines)


def test_a_hidden_army_scouting_a_block_face_up_shows_only_itself():
    """The tester's turn 6: Red's army came in on Green's scout, face up."""
    state = with_kinds(new_state())
    state = place(state, "g-scout", (2, 3), edge=Edge.N, arrived=1, revealed=True)
    state = place(state, "r-army", (2, 4), arrived=2)
    state = attrs.evolve(state, clock=2, active=1)
    after, events = play(state, "move side=1 unit=r-army to=2,3", "scout side=1 unit=r-army target=g-scout")
    assert after.block("r-army").revealed
    event, why = scouted(events)
    assert event.sentence == "Bob's r-army scouts g-scout, a scout face up already: r-army shows itself as the army"
    assert any("only r-army turned over" in line for line in why.lines)


def test_two_hidden_blocks_both_show_themselves_as_before():
    state = with_kinds(new_state())
    state = place(state, "g-scout", (2, 2), arrived=1)
    state = place(state, "r-d1", (2, 3), edge=Edge.S, arrived=2)
    state = attrs.evolve(state, clock=2)
    _, events = play(state, "move side=0 unit=g-scout to=2,3", "scout side=0 unit=g-scout target=r-d1")
    event, why = scouted(events)
    assert event.sentence == "Ann's g-scout shows itself as the scout and scouts r-d1: a dummy"
    assert "Both are face up from now on: g-scout is the scout, r-d1 is a dummy" in why.lines
