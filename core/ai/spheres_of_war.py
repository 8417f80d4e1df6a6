"""Spheres of War: combatants left standing; Matches that pair a strong
combatant with a lone enemy first."""

from __future__ import annotations

from fractions import Fraction

from core.ai.knowledge import Knowledge
from core.board import distance
from core.rulesets.spheres_of_war.actions import DEFEAT_FACES, opponent_of, touching
from core.rulesets.spheres_of_war.orders import ChooseMatch, Fight, Move
from core.rulesets.spheres_of_war.state import ACTIONS_EACH, Combatant

FAILS = Fraction(len(DEFEAT_FACES), 6)  # a defence roll fails on 5-6 (rules 33-34)


def exchange(first_roll: int, last: int = 2 * ACTIONS_EACH) -> tuple[Fraction, Fraction]:
    """After a strike, the pair take turns to defend (each roll uses the
    roller's Action, the strike back is free) until a roll fails or the
    Match's Actions run out.  With the first defence roll at Action step
    ``first_roll`` (0-based, ``last`` steps in all): the chance the first
    roller is removed, and the chance the other one is."""
    fall = [Fraction(0), Fraction(0)]
    standing = Fraction(1)
    for n in range(max(0, last - first_roll)):
        fall[n % 2] += standing * FAILS
        standing *= 1 - FAILS
    return fall[0], fall[1]


class SpheresKnowledge(Knowledge):
    rollout_depth = 30
    APPLY_COST, LIST_COST, SAMPLE_COST = 0.5, (0.4, 0.005), 0.3  # measured, see Knowledge

    def strength(self, state, side: int) -> float:
        return float(sum(1 for u in state.units if u.side == side and not u.removed
                         and (u.pos is not None or state.phase.name == "DEPLOY")))

    def explain(self, view, side: int, order) -> str:
        if isinstance(order, ChooseMatch):
            return f"{order.unit} takes the first Action against {order.opponent}"
        m = view.match
        if m is None or not isinstance(order, (Fight, Move)):
            return ""
        uid = order.unit
        other = opponent_of(m, uid)
        me, them = view.unit(uid), view.unit(other)
        if me is None or them is None or me.pos is None or them.pos is None:
            return ""
        if isinstance(order, Fight):
            if m.struck == uid:  # struck: the Fight is the forced defence roll
                _, win = exchange(m.step)
                return (f"forced: {float(1 - FAILS):.0%} to survive and strike back, "
                        f"{float(win):.0%} to win")
            return self._strike(other, m.step)
        if not view.battlefield.in_bounds(order.to):
            return ""
        moved = Combatant(me.id, me.side, order.to, me.removed)
        if touching(moved, them):
            return self._strike(other, m.step, "moves in and ")
        before, after = distance(me.pos, them.pos), distance(order.to, them.pos)
        if after < before:
            return f"closes to {after:.1f} in of {other}"
        return f"backs off to {after:.1f} in from {other}"

    @staticmethod
    def _strike(other: str, step: int, how: str = "") -> str:
        """A strike made at Action step ``step``: the defence rolls start at the next."""
        if step + 1 >= 2 * ACTIONS_EACH:
            return f"{how}strikes {other} with the last Action: unanswered"
        win, _ = exchange(step + 1)
        return f"{how}strikes {other}: {float(win):.0%} to win the exchange"
