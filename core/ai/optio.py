"""Optio: blocks move in hidden; the army that reaches the meeting square
first places the battlefield template, and kudo coins are worth keeping.

The sampler deals the kinds still unaccounted for (one army, one scout,
dummies) at random among the opponent's unrevealed blocks."""

from __future__ import annotations

import random
from collections import Counter

import attrs

from core.ai.knowledge import Knowledge
from core.rulesets.optio import template as tpl
from core.rulesets.optio.maps import IMPASSABLE, SIZE
from core.rulesets.optio.orders import Hold, Move, PlaceTemplate, Scout
from core.rulesets.optio.ruleset import KINDS_IN_HAND, manhattan
from core.rulesets.optio.state import Kind, Phase


FARTHEST = 2 * (SIZE - 1)  # the greatest distance between two large squares


def closing_win(distance: int, mine: int, theirs: int) -> bool:
    """Whether the side to move in the closing phase can make sure the other
    army is the one that marches into the meeting square (so its own army
    held the square first and it places the template), with ``mine`` and
    ``theirs`` kudo coins, the armies ``distance`` squares apart.

    A turn is one order: close in (free; at distance 1 it enters the other's
    square and loses), hold (a coin) or step away (a coin, one square
    further).  Coins only fall and distance only falls for free, so the
    game is finite; it is small enough to solve outright."""
    known: dict[tuple[int, int, int], bool] = {}

    def win(d: int, a: int, b: int) -> bool:
        key = (d, a, b)
        if key not in known:
            options = [] if d == 1 else [(d - 1, b, a)]
            if a:
                options.append((d, b, a - 1))
                if d < FARTHEST:
                    options.append((d + 1, b, a - 1))
            known[key] = any(not win(*after) for after in options)
        return known[key]

    return win(distance, mine, theirs)


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

    def shortlist(self, view, side: int, legal):
        """Orders no sensible general gives, dropped before the search (not
        for easy, which plays by feel):

        - in the scouting, the army never walks into a square holding an
          enemy block whose kind is unknown: if that block is their army,
          theirs held the square first and they place the template;
        - in the closing, the orders that win the coin game outright
          (:func:`closing_win`), when there are any."""
        if getattr(self.level, "lookahead", None) == 0 or len(legal) < 2:
            return list(legal)
        if view.phase is Phase.SCOUTING:
            hidden = {b.pos for b in view.blocks
                      if b.side != side and not b.gone and not b.revealed and b.pos is not None}
            army = next((b.id for b in view.blocks if b.side == side and b.kind is Kind.ARMY), None)
            kept = [o for o in legal if not (isinstance(o, Move) and o.unit == army and o.to in hidden)]
            return kept or list(legal)
        if view.phase is Phase.CLOSING:
            winning = [o for o in legal if self._closing_wins(view, side, o)]
            return winning or list(legal)
        return list(legal)

    @staticmethod
    def _closing_wins(view, side: int, order) -> bool:
        """Whether ``order`` leaves the opponent to move in a lost coin game."""
        mine, theirs = view.kudos[side], view.kudos[1 - side]
        here, enemy = view.army(side).pos, view.army(1 - side).pos
        if isinstance(order, Hold):
            return not closing_win(manhattan(here, enemy), theirs, mine - 1)
        if isinstance(order, Move):
            after = manhattan(order.to, enemy)
            if after == 0:
                return False  # marching in: theirs held the square first
            paid = 0 if after < manhattan(here, enemy) else 1
            return not closing_win(after, theirs, mine - paid)
        return False

    def prior(self, state, order, where) -> float:
        if order.verb == "scout":
            return 3.0
        if order.verb == "move":
            return 1.5
        return 1.0

    def explain(self, view, side: int, order) -> str:
        """From the view: what a scout may learn, whom a move comes beside
        or closes on, the coins a hold leaves, and what ground the
        template takes in."""
        if isinstance(order, Scout):
            unknown = [b for b in view.blocks if b.side != side and not b.gone and not b.revealed]
            theirs = [b for b in view.blocks if b.side != side and b.kind is Kind.ARMY]
            if not theirs and unknown:
                return f"learns what {order.target} is; their army is 1 of {len(unknown)} unknown"
            return f"learns what {order.target} is"
        if isinstance(order, Hold):
            left = view.kudos[side] - 1
            return f"pays a kudo coin rather than close in ({left} left)"
        if isinstance(order, Move):
            return self._move(view, side, order)
        if isinstance(order, PlaceTemplate) and view.meeting is not None:
            return template_words(view, order)
        return ""

    @staticmethod
    def _move(view, side: int, order) -> str:
        me = view.block(order.unit)
        if me is None:
            return ""
        kind = me.kind.value
        if view.phase is Phase.CLOSING:
            enemy = view.army(1 - side).pos
            if order.to == enemy:
                return "army marches into theirs: the armies meet"
            return f"army closes in, {manhattan(order.to, enemy)} squares from theirs"
        foes = [b for b in view.blocks if b.side != side and not b.gone and b.pos is not None]
        there = sorted(b.id for b in foes if b.pos == order.to)
        if there:
            unknown = [b for b in there if not view.block(b).revealed]
            if me.kind is not Kind.DUMMY and unknown:
                return f"{kind} comes beside {', '.join(unknown)} to scout"
            return f"{kind} comes beside {', '.join(there)}"
        if not foes:
            return f"{kind} moves up" if me.pos is not None else f"{kind} enters the map"
        near = min(foes, key=lambda b: (manhattan(order.to, b.pos), b.id))
        after = manhattan(order.to, near.pos)
        if me.pos is None or after < manhattan(me.pos, near.pos):
            return f"{kind} closes on {near.id}, {after} square{'s' if after != 1 else ''} away"
        return ""


def template_words(view, order) -> str:
    """The ground the template covers, by kind, and how much of it is rock,
    water or beyond the map (which the shift may only reduce)."""
    origin, w, h = tpl.template_box(view.meeting, view.second_edge, order.forward, order.right)
    counts: Counter = Counter()
    for x, y in tpl.box_cells(origin, w, h):
        counts["off the map" if not (0 <= x < SIZE and 0 <= y < SIZE) else view.map.kind((x, y))] += 1
    blocked = sum(counts[k] for k in IMPASSABLE) + counts["off the map"]
    cover = [f"{counts[k]} {k}" for k in ("woods", "hill", "marsh") if counts[k]]
    where = "centred" if (order.forward, order.right) == (0, 0) else "shifted"
    return f"{where}: {', '.join(cover) or 'open ground'}; {blocked} rock/water/edge"
