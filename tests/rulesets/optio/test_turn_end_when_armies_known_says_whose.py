"""When the second army is revealed the current general's turn ends at once
(docs/rulings.md, seed 003): only that general's half of the round ends, so
the log names them, as every other turn's end in Optio does.  A tester read
"Turn 6 ends (both armies are known)" after Bob's scout, then "Ann's turn 6
ends" two lines on."""

from __future__ import annotations

import attrs

from core.events import TurnEnded
from core.rulesets.optio.events import BOTH_KNOWN

from .helpers import R, new_state, place, with_kinds


def scout_reveals_the_second_army(side: int):
    """``side``'s scout walks into the other's army square and scouts it,
    its own army already known: both armies are known in ``side``'s turn."""
    me, them = ("g", "r") if side == 0 else ("r", "g")
    state = with_kinds(new_state())
    state = place(state, f"{them}-army", (2, 2), arrived=1)
    state = place(state, f"{me}-army", (0, 0) if side == 0 else (4, 4), arrived=2, revealed=True)
    state = place(state, f"{me}-scout", (2, 1) if side == 0 else (2, 3), arrived=3)
    state = attrs.evolve(state, active=side)
    events = []
    to = "2,2"
    for text in (f"move side={side} unit={me}-scout to={to}", f"scout side={side} unit={me}-scout target={them}-army"):
        state, more = R.apply(state, R.parse_order(text))
        events += more
    return state, events


def test_the_turn_that_ends_when_both_armies_are_known_is_the_scouting_players():
    for side, name in ((0, "Ann"), (1, "Bob")):
        state, events = scout_reveals_the_second_army(side)
        ends = [e for e in events if isinstance(e, TurnEnded)]
        assert len(ends) == 1, [e.sentence for e in events]
        (end,) = ends
        assert end.detail == BOTH_KNOWN  # Ruleset.turns_played finds the scouting's end by it
        assert end.sentence == f"{name}'s turn {end.turn} ends (both armies are known)", end.sentence
        assert state.active == 1 - side  # the other general moves next
