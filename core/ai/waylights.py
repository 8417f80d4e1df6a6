"""Waylights: fighters standing, weighed by the wounds they can still take."""

from __future__ import annotations

from core.ai.knowledge import Knowledge
from core.board import chebyshev
from core.rulesets.waylights.combat import DICE, attack_preview, reaches
from core.rulesets.waylights.orders import Attack, Counter, Defend, Finish, Move, Split, SplitMove, Step
from core.rulesets.waylights.ruleset import preview_order


def dice(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def wounding(p) -> float:
    """The chance a blow does at least one wound (a :class:`Preview`)."""
    return float(p.one_wound + p.two_plus)


class WaylightsKnowledge(Knowledge):
    rollout_depth = 10
    deeper = {"hard": 2.0}  # hard's slowest move was 1.0 s at the plain level (aim 3 s)
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
        """The odds of a blow from the attack dice against the defence dice
        each figure has declared (``attack_preview``, the game's own
        preview), or how a move stands to the nearest enemy."""
        if isinstance(order, Attack):
            a, t = view.get(order.unit), view.get(order.target)
            p = preview_order(view, order)
            adice = a.split if a.split is not None else 2
            ddice = DICE - t.split if t.split is not None else 2
            told = "" if t.split is not None else " if it keeps 2"
            ko = f", {float(p.ko):.0%} KO" if p.ko >= 0.005 else ""
            return f"{dice(adice)} v {ddice}{told}: {wounding(p):.0%} to wound{ko}"
        if isinstance(order, Finish):
            return f"{order.target} is knocked out"
        pending = view.attack
        if isinstance(order, (Defend, Counter)) and pending is not None:
            att, me = view.get(pending.attacker), view.get(order.unit)
            adice = att.split if att.split is not None else 2
            mine = DICE - me.split if me.split is not None else 2
            if isinstance(order, Defend):
                hurt = attack_preview(att, me, att.weapon, adice, mine)
                return f"{dice(mine)} v {adice}: {wounding(hurt):.0%} to be wounded"
            hurt = attack_preview(att, me, att.weapon, adice, 0)
            back = attack_preview(me, att, me.weapon, mine, DICE - adice)
            return (f"{dice(mine)} at {att.id}: {wounding(back):.0%} to wound it, "
                    f"{wounding(hurt):.0%} to be wounded")
        if isinstance(order, Split):
            if view.pending == "target-split" and pending is not None and pending.target == order.unit:
                att, me = view.get(pending.attacker), view.get(order.unit)
                adice = att.split if att.split is not None else 2
                hurt = attack_preview(att, me, att.weapon, adice, DICE - order.attack)
                return f"keeps {DICE - order.attack} to defend v {adice}: {wounding(hurt):.0%} to be wounded"
            if order.attack == 0:  # the rulings: no attack dice, no attack of its own
                return "no attack: all 4 dice to defend or counter"
            if order.attack == DICE:  # and no defence dice, no counter
                return "all 4 dice attack: none to defend or counter"
            return self._in_reach(view, view.get(order.unit))
        if isinstance(order, (Move, SplitMove, Step)):
            me = view.get(order.unit)
            foes = [f for f in view.fighters if f.side != me.side and f.status == "ready" and f.pos is not None]
            if me.pos is None or not foes:
                return ""
            near = min(foes, key=lambda f: (chebyshev(f.pos, order.to), f.id))
            before, after = chebyshev(me.pos, near.pos), chebyshev(order.to, near.pos)
            if after < before:
                return f"closes on {near.id}, {after} cell{'s' if after != 1 else ''} away"
            if after > before:
                return f"draws back from {near.id}, {after} cells away"
        return ""

    @staticmethod
    def _in_reach(view, me) -> str:
        """Whom ``me``'s weapon reaches now (``combat.reaches``), if anyone."""
        if me is None or me.pos is None:
            return ""
        foes = [f.id for f in view.fighters if f.side != me.side and f.status == "ready" and f.pos is not None
                and reaches(view, me, f, me.weapon) is None]
        if not foes:
            return f"nobody in reach of the {me.weapon.name} yet"
        return f"{', '.join(sorted(foes)[:3])} in reach of the {me.weapon.name}"
