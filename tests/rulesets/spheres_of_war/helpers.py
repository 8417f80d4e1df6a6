"""Hand-built positions for the Spheres of War tests.

``position`` skips deployment: it puts the named combatants where asked
(the rest are off the table), starts turn 1 and forms the first Match the
way the engine does after both sides are ready.  With the default options the
first player (side 0) is the Instigator, so ``i*`` ids are side 0 and ``r*``
ids side 1.
"""

from __future__ import annotations

import attrs

from core.battlefield_text import parse_battlefield
from core.game import (
    refusal,  # the checked boundary's test: the core's turn check, then the ruleset's
)
from core.rulesets.spheres_of_war import RULESET
from core.rulesets.spheres_of_war.state import Phase, SowOptions
from core.rulesets.spheres_of_war.turns import form_next, start_turn

PLAYERS = ("Ann", "Bob")


def board(*rows: str) -> object:
    """A 12x12 battlefield (zones: side 0 rows 0-5, side 1 rows 6-11); ``rows``
    replaces the top rows of the map, ``#`` being a wall."""
    grid = list(rows) + ["." * 12] * (12 - len(rows))
    text = ("name: Test Field\nterrain . open\nterrain # wall blocks_move blocks_sight\n"
            "zone 0 0,0 11,5\nzone 1 0,6 11,11\nmap\n" + "\n".join(grid) + "\n")
    return parse_battlefield(text)


OPEN = board()


def options(**kw) -> SowOptions:
    kw.setdefault("instigator", "first")
    return SowOptions(**kw)


def position(placements: dict, *, bf=OPEN, locked=(), dice=(), **opts):
    state, _ = RULESET.setup(options(**opts), bf, 7, PLAYERS)
    units = tuple(attrs.evolve(u, pos=placements.get(u.id), removed=u.id not in placements)
                  for u in state.units)
    state = attrs.evolve(state, units=units, phase=Phase.MATCH, locked=tuple(locked),
                         dice=state.dice.scripted(*dice))
    events: list = []
    state = start_turn(state, events)
    if state.phase is not Phase.OVER:
        state = form_next(state, events)
    return state, events


def play(state, *orders):
    """Check and apply each order (each must be legal); all the events."""
    events = []
    for order in orders:
        rejection = refusal(RULESET, state, order, state.players)
        assert rejection is None, f"{order.to_text()} refused: {rejection}"
        state, new = RULESET.apply(state, order)
        events.extend(new)
    return state, events


def kinds(events) -> list[str]:
    return [type(e).__name__ for e in events]
