"""Optio: blocks move in hidden; the army that reaches the meeting square
first places the battlefield template, and kudo coins are worth keeping.

The sampler deals the kinds still unaccounted for (one army, one scout,
dummies) at random among the opponent's unrevealed blocks."""

from __future__ import annotations

import random
from collections import Counter

import attrs

from core.ai.knowledge import Knowledge
from core.rulesets.optio.ruleset import KINDS_IN_HAND
from core.rulesets.optio.state import Kind, Phase


def first_army(state) -> int | None:
    """The side whose army got to the meeting square first (it places the template)."""
    if state.result is not None:
        return state.result.placer
    return state.first_army


class OptioKnowledge(Knowledge):
    rollout_depth = 12
    APPLY_COST, LIST_COST, SAMPLE_COST = 0.45, (0.3, 0.018), 1.4  # measured, see Knowledge

    def sample_hidden(self, view, side: int, rng: random.Random):
        state = self.reseed(view, rng)
        other = 1 - side
        theirs = [b for b in state.blocks if b.side == other]
        left = Counter(KINDS_IN_HAND)
        left.subtract(b.kind for b in theirs if b.kind is not Kind.UNKNOWN)
        pool = [k for k, n in left.items() for _ in range(max(0, n))]
        rng.shuffle(pool)
        blocks = []
        for b in state.blocks:
            if b.side == other and b.kind is Kind.UNKNOWN:
                b = attrs.evolve(b, kind=pool.pop() if pool else Kind.DUMMY)
            blocks.append(b)
        return attrs.evolve(state, blocks=tuple(blocks))

    def evaluate(self, state, side: int) -> float:
        score = 0.5 + 0.04 * (state.kudos[side] - state.kudos[1 - side])
        first = first_army(state)
        if first is not None:
            score += 0.3 if first == side else -0.3
        elif state.phase is Phase.SCOUTING:
            # Own army nearer the middle of the map than theirs.
            score += 0.05 * (self._army_depth(state, side) - self._army_depth(state, 1 - side))
        return min(0.99, max(0.01, score))

    @staticmethod
    def _army_depth(state, side: int) -> int:
        for b in state.blocks:
            if b.side == side and b.kind is Kind.ARMY and b.pos is not None:
                return b.pos[1] if side == 0 else 4 - b.pos[1]
        return 0

    def prior(self, state, order, where) -> float:
        if order.verb == "scout":
            return 3.0
        if order.verb == "move":
            return 1.5
        return 1.0

    def explain(self, view, side: int, order) -> str:
        if order.verb == "scout":
            return f"learns what {order.target} is"
        if order.verb == "hold":
            return "pays a kudo coin rather than close in"
        return ""
