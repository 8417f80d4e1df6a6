"""Waylights: fighters standing, weighed by the wounds they can still take."""

from __future__ import annotations

from core.ai.knowledge import Knowledge


class WaylightsKnowledge(Knowledge):
    rollout_depth = 10
    APPLY_COST, LIST_COST, DRAW_COST, SAMPLE_COST = 0.8, (0.7, 0.02), 0.16, 0.5  # measured, see Knowledge

    def strength(self, state, side: int) -> float:
        total = 0.0
        for f in state.fighters:
            if f.side != side or f.status != "ready":
                continue
            if state.phase != "deploy" and f.pos is None:
                continue
            total += 0.4 + 0.6 * max(0, f.ko_at - f.penalty) / max(1, f.ko_at)
        return total

    def prior(self, state, order, where) -> float:
        if order.verb == "split":  # more attack dice for an attacker in reach
            return 1.0 + 0.2 * order.attack
        if order.verb in ("reload", "take-cover"):
            return 1.4
        return super().prior(state, order, where)

    def explain(self, view, side: int, order) -> str:
        target = getattr(order, "target", None)
        if target:
            for f in view.fighters:
                if f.id == target and f.wounds:
                    return f"{target} already has {f.wounds} wound(s)"
        if order.verb == "split":
            return f"{order.attack} dice to attack, {4 - order.attack} to defend"
        return ""
