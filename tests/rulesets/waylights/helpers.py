"""Hand-built Waylights positions for the tests."""

from __future__ import annotations

import attrs

from core.battlefield_text import parse_battlefield
from core.dice import Dice
from core.game import (
    refusal,  # the checked boundary's test: the core's turn check, then the ruleset's
)
from core.rulesets.waylights import RULESET
from core.rulesets.waylights.state import WaylightsOptions, WaylightsState, new_fighter

R = RULESET

OPEN = """name: Test field
terrain . open
terrain , brush cover=1
terrain = low-wall cover=2
terrain W window-wall cover=3
terrain # wall blocks_move blocks_sight elevation=2
terrain ~ mud move_cost=2
zone 0 0,0 9,1
zone 1 0,8 9,9
map
..........
..........
..........
..........
..........
..........
..........
..........
..........
..........
"""


def field(rows: list[str] | None = None):
    text = OPEN
    if rows:
        head, _ = OPEN.split("map\n")
        text = head + "map\n" + "\n".join(rows) + "\n"
    return parse_battlefield(text)


def position(figures, active: str, rows=None, options=None, round_=1, pending="", **state_kw) -> WaylightsState:
    """``figures``: (id, side, kind, (x, y), {field: value}) tuples.  Every
    figure has declared a 2/2 split this round unless told otherwise."""
    fighters = []
    for uid, side, kind, pos, *rest in figures:
        kw = dict(split=2, split_round=round_)
        kw.update(rest[0] if rest else {})
        fighters.append(attrs.evolve(new_fighter(uid, side, kind), pos=pos, **kw))
    return WaylightsState(options=options or WaylightsOptions(), battlefield=field(rows), dice=Dice(1),
                          players=("P0", "P1"), fighters=tuple(fighters), phase="battle", round=round_,
                          order=tuple(f.id for f in fighters), index=[f.id for f in fighters].index(active),
                          active=active, pending=pending, **state_kw)


def script(state: WaylightsState, *faces: int) -> WaylightsState:
    return attrs.evolve(state, dice=state.dice.scripted(*faces))


def do(state, text: str):
    """Parse, check (must pass) and apply one order."""
    order = R.parse_order(text)
    why = refusal(R, state, order, state.players)
    assert why is None, why
    return R.apply(state, order)


def rejected(state, text: str) -> str:
    why = refusal(R, state, R.parse_order(text), state.players)
    assert why is not None, f"{text} was accepted"
    return why.code


def rolls(events):
    from core.events import Rolled
    return [e for e in events if isinstance(e, Rolled)]


def results(events):
    from core.rulesets.waylights.events import Resolved
    return [e for e in events if isinstance(e, Resolved)]
