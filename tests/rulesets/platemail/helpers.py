"""Hand-built Platemail positions for the tests."""

from __future__ import annotations

import attrs

from core.battlefield_text import parse_battlefield
from core.game import refusal  # the checked boundary's test: the core's turn check, then the ruleset's
from core.rulesets.platemail import RULESET
from core.rulesets.platemail.ruleset import make_character
from core.rulesets.platemail.state import Act, Action, Commit, Condition, PlatemailOptions, Write

OPEN = """name: pm-test
terrain . open
terrain # wall blocks_move blocks_sight cover=3
terrain ^ mound elevation=1
terrain h hedge cover=1
zone 0 0,0 11,1
zone 1 0,10 11,11
map
""" + "\n".join(["." * 12] * 12) + "\n"


def battlefield(rows=None):
    text = OPEN if rows is None else OPEN.split("map\n")[0] + "map\n" + "\n".join(rows) + "\n"
    return parse_battlefield(text)


def position(placements, rows=None, **opts):
    """placements: list of (archetype, side, cell, changes) -> a state in the orders stage."""
    bf = battlefield(rows)
    options = PlatemailOptions(**opts)
    state, _ = RULESET.setup(options, bf, 1, ("North", "South"))
    chars, counts = [], [0, 0]
    for spec in placements:
        key, side, cell = spec[:3]
        changes = spec[3] if len(spec) > 3 else {}
        counts[side] += 1
        c = make_character(side, counts[side], key, options.max_wounds)
        chars.append(attrs.evolve(c, pos=cell, **changes))
    return attrs.evolve(state, characters=tuple(chars), stage="orders")


def act(side, kind, target=None, to=None, spell=None, item=None):
    return Act(side, Action(kind) if isinstance(kind, str) else kind, target, to, spell, item)


def order(side, unit, first, cond="hit", then=None, otherwise=None):
    then = then or act(side, "defend")
    otherwise = otherwise or then
    return Write(side, unit, first, Condition(cond), then, otherwise)


def play(state, writes, dice=()):
    """Apply the writes (checking each), commit both sides, return (state, events)."""
    if dice:
        state = attrs.evolve(state, dice=state.dice.scripted(*dice))
    for w in writes:
        problem = refusal(RULESET, state, w, state.players)
        assert problem is None, problem
        state, _ = RULESET.apply(state, w)
    state, _ = RULESET.apply(state, Commit(0))
    state, events = RULESET.apply(state, Commit(1))
    return state, events


def text(events):
    return "\n".join(e.sentence for e in events)


def char(state, uid):
    return state.char(uid)
