"""Plasto Latros: minis left (a Doomed one counts half), hundreds of
Movements cut down to those that close on the enemy or face it."""

from __future__ import annotations

from core.ai.knowledge import Knowledge
from core.board import chebyshev, distance_squared, in_front_arc
from core.rulesets.plasto_latros.events import Attacked, DoomFalls, DoomLifted, JumpedOn, ShotAt
from core.rulesets.plasto_latros.grid import in_back
from core.rulesets.plasto_latros.orders import Climb, FreeMove, Move, Relocate, Stand, Turn


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
        """What the order does, found by playing it on the view (the game
        is diceless and open: the view is the whole position): the attack
        it makes and the Doom that falls, or how it stands to the nearest
        enemy afterwards -- facing it, behind it, out of its front arc,
        higher than before, closer."""
        inner = order.order if isinstance(order, FreeMove) else order
        unit = getattr(inner, "unit", None)
        me = view.mini(unit) if unit else None
        if me is None or me.pos is None:
            return ""
        after, events = self.rules.apply(view, order)
        return self._attacks(view, side, unit, events) or self._placing(view, after, side, inner, me)

    @staticmethod
    def _attacks(view, side: int, unit: str, events) -> str:
        doom = {e.unit: e.reason for e in events if isinstance(e, DoomFalls)}
        lifted = [e.unit for e in events if isinstance(e, DoomLifted) and view.mini(e.unit).side == side]
        for e in events:
            if isinstance(e, Attacked) and e.attacker == unit:
                t, me = view.mini(e.target), view.mini(unit)
                arc = " from its back arc" if t.pos and in_back(t.pos, t.facing, me.pos) else ""
                return f"attacks {e.target}{arc}: " + ("Doom" if e.target in doom else "Threat, both Locked")
            if isinstance(e, ShotAt) and e.shooter == unit:
                return f"pins {e.target} at long range" + (": Doom" if e.target in doom else "")
            if isinstance(e, JumpedOn) and e.jumper == unit:
                return f"jumps down on {e.target}: Pinned" + (", Doom" if e.target in doom else "")
        if lifted:
            return f"lifts the Doom on {', '.join(lifted)}"
        return ""

    @staticmethod
    def _placing(view, after, side: int, order, me) -> str:
        now = after.mini(me.id)
        foes = [m for m in view.minis if m.side != side and m.pos is not None and m.id not in view.destroyed]
        if now is None or now.pos is None or not foes:
            return ""
        near = min(foes, key=lambda f: (distance_squared(f.pos, now.pos), f.id))
        if isinstance(order, (Turn, Stand)):
            if in_front_arc(now.pos, now.facing, near.pos) and not (
                    not me.prone and in_front_arc(me.pos, me.facing, near.pos)):
                return f"turns to face {near.id}"
            return ""
        if not isinstance(order, (Move, Climb, Relocate)):
            return ""
        if in_back(near.pos, near.facing, now.pos) and not in_back(near.pos, near.facing, me.pos):
            return f"gets behind {near.id}, into its back arc"
        if in_front_arc(near.pos, near.facing, me.pos) and not in_front_arc(near.pos, near.facing, now.pos):
            return f"moves out of {near.id}'s front arc"
        up, was = view.battlefield.elevation(now.pos), view.battlefield.elevation(me.pos)
        if up > was:
            return f"climbs to height {up}, above {near.id}" if up > view.battlefield.elevation(near.pos) \
                else f"climbs to height {up}"
        before, after_d = chebyshev(me.pos, near.pos), chebyshev(now.pos, near.pos)
        if after_d < before:
            return f"closes on {near.id}, {after_d} cell{'s' if after_d != 1 else ''} away"
        return ""
