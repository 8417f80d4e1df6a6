"""Spheres of War: combatants left standing; Matches that pair a strong
combatant with a lone enemy first."""

from __future__ import annotations

from core.ai.knowledge import Knowledge


class SpheresKnowledge(Knowledge):
    rollout_depth = 30
    APPLY_COST, LIST_COST, SAMPLE_COST = 0.5, (0.4, 0.005), 0.3  # measured, see Knowledge

    def strength(self, state, side: int) -> float:
        return float(sum(1 for u in state.units if u.side == side and not u.removed
                         and (u.pos is not None or state.phase.name == "DEPLOY")))

    def explain(self, view, side: int, order) -> str:
        if order.verb == "fight":
            return "in reach, strikes now"
        if order.verb == "match":
            return f"pairs {order.unit} with {order.opponent}"
        return ""
