"""Plasto Latros: minis left (a Doomed one counts half), hundreds of
Movements cut down to those that close on the enemy or face it.

Tactics come before the search (``shortlist``): the game is diceless and
open, so every order's result is certain.  Each order is played on the
view; the most promising are then answered by the enemy's very next order
(its Defending Free Movement, or the first of its next turn's).  An order
that wins material the enemy cannot win back at once (a Doom, a kill, a
lifted Doom) is taken; otherwise the search chooses only among the orders
that leave no mini the enemy's next order Dooms, when there are any.
Hard then answers the first of those with the enemy's next two orders: an
attack, and a second attacker on the mini it struck (a Threat leaves a
Movement, a shot costs none), which Dooms it before its owner may answer.
"""

from __future__ import annotations

from core.ai.knowledge import Knowledge
from core.board import chebyshev, distance_squared, in_front_arc
from core.rulesets.plasto_latros.events import (
    Attacked,
    DoomFalls,
    DoomLifted,
    JumpedOn,
    ShotAt,
)
from core.rulesets.plasto_latros.grid import in_back
from core.rulesets.plasto_latros.orders import (
    Climb,
    FreeMove,
    Move,
    Pass,
    Relocate,
    Stand,
    Turn,
)

# Orders answered by the enemy's next order (the best-looking ones), by
# level: hard answers eight times as many.  In 168 positions of seeded games
# where some order left no mini the enemy's next order Dooms, answering 24
# exposed a mini 28 times, 72 16 times and 192 7 times.  Hard won 48% of 40
# games against normal when both answered 24, 63% of 100 answering 192 (its
# slowest move 1.3 s, aim 3 s), and 50% of 100 when normal answered 72.
CHECKED = {"easy": 24, "normal": 24, "hard": 192}

# Orders hard answers with the enemy's next two orders: an attack (a Threat,
# a pin) and a second attacker on the same mini, which Dooms it before its
# owner may answer (``_paired``); easy and normal answer only the first.
# Over games 0-99 of the strength table's hard against normal (seeds
# 1000-1099), which the 192 answered alone had won 63 of: 69 answering 24
# this way, 68.5 answering 64 (slowest moves 0.8 s and 1.3 s).  Over 400
# games, 256 against 249: a blunder fewer, not a stronger player.
PAIRED = {"hard": 24}


def _beside(cells) -> frozenset:
    """The cells within one step of any of ``cells``, and they themselves."""
    return frozenset((x + dx, y + dy) for x, y in cells for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def _inner(order):
    """The Movement a Defending Free Movement wraps, else the order itself."""
    return order.order if isinstance(order, FreeMove) else order


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

    # -- tactics before the search ---------------------------------------------
    facts: dict[str, str] = {}  # noqa: RUF012 - replaced, never changed, by each shortlist

    def balance(self, state, side: int) -> float:
        return self.strength(state, side) - self.strength(state, 1 - side)

    def shortlist(self, view, side: int, legal):
        """The orders the search may choose among: the material winners
        that survive the enemy's reply, or else the safe orders (see the
        module's note).  Keeps a fact per kept order for its reason."""
        self.facts = {}
        if view.phase.name == "DEPLOY" or len(legal) < 2:
            return list(legal)
        now = self.balance(view, side)
        where = self.positions(view)
        tried = []
        for i, order in enumerate(legal):
            self.spend("apply", order=order, state=view)
            after, events = self.rules.apply(view, order)
            # Passing removes the Doomed at the turn's end, whoever gives
            # the order: no material won by the order itself.
            gain = 0.0 if order.verb == "pass" else self.balance(after, side) - now
            tried.append((-gain, -self.prior(view, order, where), i, order, after, events))
        tried.sort(key=lambda t: t[:3])
        nets = {}
        checked = CHECKED.get(getattr(self.level, "name", ""), CHECKED["normal"])
        for neg_gain, _, _, order, after, _ in tried[:checked]:
            nets[order] = (-neg_gain, self._answered(after, side) - now)
        best = max(net for _, net in nets.values())
        keep = [o for o, (_, net) in nets.items() if net >= best - 1e-9]
        top_gain = max(gain for gain, _ in nets.values())
        by_order = {t[3]: t for t in tried}
        if top_gain > 0 and any(nets[o][0] > 0 for o in keep):
            winners = [o for o in keep if nets[o][0] > 0]
            for o in winners:
                self.facts[o.to_text()] = self._won(view, side, by_order[o][4], by_order[o][5])
            return self._paired(side, winners, by_order, now, best) or winners
        unsafe = [o for o, (_, net) in nets.items() if net < best - 1e-9]
        if unsafe:
            for o in keep:
                self.facts[o.to_text()] = (f"leaves no mini the enemy's next order Dooms "
                                           f"({len(unsafe)} of the {len(nets)} orders weighed would)")
            return self._paired(side, keep, by_order, now, best) or keep
        return self._paired(side, [t[3] for t in tried[:checked]], by_order, now, best) or list(legal)

    def _paired(self, side: int, orders, by_order, now: float, floor: float) -> list:
        """Hard only: the first of ``orders`` (they come best-looking
        first, each losing ``floor`` to the enemy's next order) answered by
        the enemy's best two orders, an attack and a second attacker on the
        mini it struck.  Those that lose the least to that pair, when some
        lose more; else nothing (keep them all)."""
        paired = PAIRED.get(getattr(self.level, "name", ""), 0)
        if not paired or len(orders) < 2:
            return []
        weighed = orders[:paired]
        nets = {o: self._answered(by_order[o][4], side, pairs=True) - now for o in weighed}
        best = max(nets.values())
        keep = [o for o in weighed if nets[o] >= best - 1e-9]
        if len(keep) == len(weighed):
            return []
        for o in keep:
            text = o.to_text()
            said = self.facts.get(text, "")
            if said and not said.startswith("leaves"):  # a material winner's
                if best >= floor - 1e-9:  # the second order wins nothing back
                    self.facts[text] = said.replace("next order", "next two orders")
            elif best >= -1e-9:
                self.facts[text] = (f"leaves no mini the enemy's next two orders Doom "
                                    f"({len(weighed) - len(keep)} of the {len(weighed)} orders weighed would)")
            else:
                self.facts[text] = f"loses least to the enemy's next two orders (of {len(weighed)} weighed)"
        return keep

    def _answered(self, after, side: int, pairs: bool = False) -> float:
        """The balance once the enemy has given its best next order (its
        free Movement, or its next turn's first order: this side's turn is
        taken to end here, its Doomed minis removed).  With ``pairs``, an
        order that attacks one of this side's minis is followed by the
        enemy's best next order at that mini (``_second``)."""
        if self.rules.outcome(after) is not None:
            return self.balance(after, side)
        if side in self.rules.to_act(after):
            self.spend("apply")
            after, _ = self.rules.apply(after, Pass(side))
        if self.rules.outcome(after) is not None or 1 - side not in self.rules.to_act(after):
            return self.balance(after, side)
        replies = self.rules.legal_orders(after, 1 - side)
        self.spend("list", len(replies))
        near = _beside(m.pos for m in after.minis if m.side == side and m.pos is not None
                       and m.id not in after.destroyed)
        worst = self.balance(after, side)
        followed = set()  # (attacker, minis struck) already followed by a second attacker
        for reply in replies:
            if not self._reaches(after, reply, near):
                continue
            self.spend("apply", order=reply, state=after)
            answered, events = self.rules.apply(after, reply)
            worst = min(worst, self.balance(answered, side))
            if not pairs:
                continue
            struck = frozenset(e.target for e in events if isinstance(e, (Attacked, ShotAt))
                               and after.mini(e.target).side == side)
            # Whether a second attacker Dooms a struck mini hardly depends on
            # where the first one stands: one follow-up per attacker and minis.
            key = (getattr(_inner(reply), "unit", None), struck)
            if struck and key not in followed:
                followed.add(key)
                worst = min(worst, self._second(answered, side, struck))
        return worst

    def _second(self, state, side: int, struck: frozenset) -> float:
        """The balance after the enemy's best next order at a mini of
        ``side`` it has just attacked: a shot costs no Movement, and a
        Threat leaves a Movement for a second attacker, which Dooms the
        mini before its owner may answer."""
        if self.rules.outcome(state) is not None or 1 - side not in self.rules.to_act(state) \
                or side in state.pending_free:
            return self.balance(state, side)
        near = _beside(m.pos for m in state.minis if m.id in struck and m.pos is not None)
        replies = self.rules.legal_orders(state, 1 - side)
        self.spend("list", len(replies))
        worst = self.balance(state, side)
        for reply in replies:
            if not self._reaches(state, reply, near, struck):
                continue
            self.spend("apply", order=reply, state=state)
            answered, _ = self.rules.apply(state, reply)
            worst = min(worst, self.balance(answered, side))
        return worst

    @staticmethod
    def _reaches(state, order, near: frozenset, targets: frozenset | None = None) -> bool:
        """Whether ``order`` could attack one of the minis whose cells
        ``near`` surrounds (``_beside``): a shot or a jump attack (at one of
        ``targets``, when given), or a Movement ending beside one, in
        ``near`` (what else could Doom)."""
        inner = _inner(order)
        if inner.verb in ("shoot", "jump-attack"):
            return targets is None or getattr(inner, "target", None) in targets
        unit = getattr(inner, "unit", None)
        if unit is None:
            return False
        cell = getattr(inner, "to", None)
        if cell is None:
            m = state.mini(unit)
            cell = m.pos if m is not None else None
        return cell in near

    def _won(self, view, side: int, after, events) -> str:
        doomed = [e.unit for e in events if isinstance(e, DoomFalls) and view.mini(e.unit).side != side]
        lifted = [e.unit for e in events if isinstance(e, DoomLifted) and view.mini(e.unit).side == side]
        gone = [m.id for m in view.minis if m.side != side and m.id not in view.destroyed
                and m.id in after.destroyed]
        said = []
        if doomed:
            said.append(f"Dooms {', '.join(doomed)}")
        if gone:
            said.append(f"removes {', '.join(gone)}")
        if lifted:
            said.append(f"lifts the Doom on {', '.join(lifted)}")
        return (" and ".join(said) or "wins material") + ", and the enemy's next order cannot win it back"

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
        fact = getattr(self, "facts", {}).get(order.to_text(), "")
        inner = _inner(order)
        unit = getattr(inner, "unit", None)
        me = view.mini(unit) if unit else None
        if unit is None or me is None or me.pos is None:
            return fact
        after, events = self.rules.apply(view, order)
        said = self._attacks(view, side, unit, events) or self._placing(view, after, side, inner, me)
        return ", ".join(p for p in (said, fact) if p)

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
