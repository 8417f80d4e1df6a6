"""Hand-built Plasto Latros positions for the tests."""

from __future__ import annotations

import attrs

from core.battlefield_text import parse_battlefield
from core.board import Facing
from core.game import (
    refusal,  # the checked boundary's test: the core's turn check, then the ruleset's
)
from core.rulesets.plasto_latros import RULESET
from core.rulesets.plasto_latros.options import PlastoOptions
from core.rulesets.plasto_latros.state import Mini, Phase, PlastoState

OPEN = """\
name: test open
terrain . grass
zone 0 0,0 9,0
zone 1 0,9 9,9
map
""" + "..........\n" * 10


def field(text: str = OPEN):
    return parse_battlefield(text)


def grid(rows: str, extra: str = "") -> object:
    """A battlefield from map rows, with the usual test glyphs:
    ``.`` ground, ``r`` roof (1), ``R`` tower (2), ``#`` wall, ``*`` scatter."""
    lines = [r for r in rows.strip().splitlines()]
    w, h = len(lines[0]), len(lines)
    head = (
        "name: test grid\n"
        "terrain . ground\n"
        "terrain r roof elevation=1\n"
        "terrain R tower elevation=2\n"
        "terrain # wall elevation=2 blocks_move blocks_sight\n"
        "terrain * scatter blocks_sight\n"
        f"zone 0 0,0 {w - 1},0\n"
        f"zone 1 0,{h - 1} {w - 1},{h - 1}\n"
    )
    return parse_battlefield(head + extra + "map\n" + "\n".join(lines) + "\n")


def mini(unit: str, cell, facing: Facing, shooter: bool = False, prone: bool = False) -> Mini:
    side = 0 if unit.startswith("a") else 1
    return Mini(unit, side, shooter, cell, facing, prone)


def position(*minis: Mini, bf=None, active: int = 0, options: PlastoOptions | None = None, **fields) -> PlastoState:
    bf = bf or field()
    state = PlastoState(options=options or PlastoOptions(), battlefield=bf, players=("Ann", "Bob"),
                        minis=tuple(minis), phase=Phase.PLAY, active=active, features=bf.features)
    return attrs.evolve(state, **fields)


def play(state: PlastoState, *orders):
    """Check and apply each order; every one must be legal.  Returns the
    state and every event."""
    events = []
    for order in orders:
        rejection = refusal(RULESET, state, order, state.players)
        assert rejection is None, f"{order.to_text()} refused: {rejection}"
        state, new = RULESET.apply(state, order)
        events += new
    return state, events


def refused(state: PlastoState, order) -> str:
    rejection = refusal(RULESET, state, order, state.players)
    assert rejection is not None, f"{order.to_text()} was accepted"
    return rejection.message


def marks(state: PlastoState, unit: str) -> str:
    return next(u.markers for u in RULESET.units(state) if u.id == unit)
