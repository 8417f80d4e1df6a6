"""Optio's part of the hidden-information conformance test
(tests/conformance/test_hidden_information.py): two states one side cannot
tell apart -- the other side's unrevealed blocks with their kinds shuffled."""

from __future__ import annotations

import random

import attrs

from core.rulesets.optio.state import OptioState, Phase

OPTIONS = None


def twins(state: OptioState, side: int, rng: random.Random, moving: bool):
    if state.phase is not Phase.SCOUTING:
        return None
    secret = [b for b in state.blocks if b.side != side and not b.revealed and not b.gone]
    kinds = [b.kind for b in secret]
    shuffled = kinds[:]
    rng.shuffle(shuffled)
    if len(set(kinds)) < 2 or shuffled == kinds:
        return None
    new = dict(zip((b.id for b in secret), shuffled))
    blocks = tuple(attrs.evolve(b, kind=new[b.id]) if b.id in new else b for b in state.blocks)
    return state, attrs.evolve(state, blocks=blocks)


def other_side_orders(game, side: int):
    return game.legal_orders(side)


def extra_lines(game, side: int) -> list[str]:
    return []


def random_order(game, side: int, rng: random.Random):
    return None
