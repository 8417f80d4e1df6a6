"""Plasto Latros: minis left (a Doomed one counts half), hundreds of
Movements cut down to those that close on the enemy or face it."""

from __future__ import annotations

from core.ai.knowledge import Knowledge
from core.board import distance_squared


class PlastoKnowledge(Knowledge):
    rollout_depth = 3  # listing Movements is costly: evaluate sooner
    wide = 1.4
    APPLY_COST, LIST_COST, DRAW_COST, SAMPLE_COST = 1.6, (0.6, 0.008), 0.35, 0.5  # measured, see Knowledge

    def strength(self, state, side: int) -> float:
        total = 0.0
        for m in state.minis:
            if m.side != side or m.id in state.destroyed:
                continue
            if m.pos is None and state.phase.name != "DEPLOY":
                continue
            total += 0.5 if m.id in state.doomed else 1.0
        return total

    def position(self, state, side: int) -> float:
        """Facing the nearest enemy is good (a mini is struck from behind)."""
        from core.board import in_front_arc

        mine = [m for m in state.minis if m.side == side and m.pos is not None]
        foes = [m for m in state.minis if m.side != side and m.pos is not None]
        if not mine or not foes:
            return 0.0
        good = 0
        for m in mine:
            near = min(foes, key=lambda f: distance_squared(f.pos, m.pos))
            good += 1 if in_front_arc(m.pos, m.facing, near.pos) else -1
        return good / len(mine)

    def prior(self, state, order, where) -> float:
        inner = getattr(order, "order", None)  # a Defending Free Movement wraps one
        if inner is not None:
            return super().prior(state, inner, where)
        if order.verb in ("shoot", "jump-attack", "destroy"):
            return 3.0
        if order.verb in ("turn", "stand"):
            return 1.1
        return super().prior(state, order, where)

    def candidates(self, state, side: int, legal, limit: int, rng):
        """While Movements are left, passing is not searched: a short
        play-out cannot see what standing still gives away (the other
        side's free shots, or the end of the game when both sides pass), so
        a side that can still move or shoot does."""
        if state.phase.name == "PLAY" and not state.pending_free and state.movements_left > 0:
            acting = [o for o in legal if o.verb != "pass"]
            if acting:
                legal = acting
        return super().candidates(state, side, legal, limit, rng)

    def explain(self, view, side: int, order) -> str:
        if order.verb == "shoot":
            return f"{order.target} in the line of fire"
        if order.verb == "pass":
            return "nothing better this turn"
        return ""
