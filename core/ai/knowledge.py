"""What the search needs to know about one ruleset, with defaults that work
for any ruleset through the shared protocol.

A ruleset's own module (``core/ai/<name>.py``) subclasses :class:`Knowledge`
where the defaults play badly: an evaluation for cut-off play-outs, a
ranking of orders for large menus, extra candidate orders, and a sampler of
what the searching side cannot see (``sample_hidden``).  The ruleset gives
its knowledge through its ``Ruleset.knowledge`` hook; what an order does
(attack, end the turn, deploy...) is its class's ``role``, never its verb.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from core.board import distance_squared
from core.dice import Dice
from core.game import refusal
from core.orders import Order, Role
from core.ruleset import Ruleset

if TYPE_CHECKING:
    from core.ai.search import Level

# Roles of orders that end a turn or do nothing: always kept among the
# candidates.  (Orders of the ATTACK role are tried first.)
QUIET_ROLES = frozenset({Role.END_TURN, Role.READY, Role.QUIET})


def fold_seed(*parts: int) -> int:
    """A 63-bit seed from several integers (splitmix64 over each in turn)."""
    from core.dice import splitmix64

    x = 0x5EED
    for p in parts:
        x = splitmix64(x ^ (int(p) & ((1 << 64) - 1)))
    return x & ((1 << 63) - 1)


class Knowledge:
    """Defaults that read only the shared protocol (``units``, ``outcome``...)."""

    rollout_depth = 8  # orders played at random after the tree before evaluating
    rollout_width = 6  # orders looked at for each play-out step
    wide = 1.0  # scales how many candidates a node keeps
    work_scale = 1.0  # scales the levels' work allowances
    # Per level name, how many times the level's iterations and work this
    # ruleset's search may take, where its moves are cheap enough that the
    # level still thinks within its move-time aim (measured, docs/ai.md).
    deeper: dict[str, float] = {}
    # Levels whose search applies ``shortlist`` at every node of its tree,
    # to the opponent's replies and its own later orders, not only to the
    # order it gives now (measured per ruleset, docs/ai.md).
    tree_shortlist: frozenset[str] = frozenset()
    # Work, in units of about a tenth of a millisecond of this machine's
    # time (measured per ruleset, see docs/ai.md): what an order applied, a
    # listing (per call and per order listed), an order drawn by the
    # ruleset's own draw (``random_order``), an order checked, and a sampled
    # position with its evaluation cost.
    APPLY_COST = 1.0
    LIST_COST = (0.5, 0.01)
    DRAW_COST = 0.3
    CHECK_COST = 0.07
    SAMPLE_COST = 0.5

    def __init__(self, ruleset: Ruleset):
        self.rules = ruleset
        self.draws = getattr(type(ruleset), "random_order", Ruleset.random_order) is not Ruleset.random_order
        self.spent = 0.0  # work done by the current search (see ``spend``)
        self.level: Level | None = None  # the Level searching (set by the search: its lookahead)

    # -- work ----------------------------------------------------------------
    def spend(self, what: str, n: int = 1, order: Order | None = None, state: Any = None) -> None:
        """Count work done by the search: ``n`` orders applied, listed,
        drawn or checked, or positions sampled.  Counted, never timed, so
        a search repeats."""
        if what == "apply":
            self.spent += self.apply_cost(state, order) * n
        elif what == "list":
            self.spent += self.LIST_COST[0] + self.LIST_COST[1] * n
        elif what == "draw":
            self.spent += self.DRAW_COST * n
        elif what == "sample":
            self.spent += self.SAMPLE_COST * n
        else:
            self.spent += self.CHECK_COST * n

    def apply_cost(self, state: Any, order: Order | None) -> float:
        """The work of applying ``order`` to ``state``."""
        return self.APPLY_COST

    def tuned(self, level):
        """``level`` as this ruleset searches it (``deeper``)."""
        scale = self.deeper.get(level.name, 1.0)
        if scale == 1.0:
            return level
        work = None if level.work is None else level.work * scale
        return attrs.evolve(level, iterations=round(level.iterations * scale), work=work)

    # -- hidden information ------------------------------------------------
    def sample_hidden(self, view: Any, side: int, rng: random.Random) -> Any:
        """A whole position consistent with ``view``: here only the dice are
        redrawn (the searcher must not know its future rolls)."""
        return self.reseed(view, rng)

    @staticmethod
    def reseed(state: Any, rng: random.Random) -> Any:
        if hasattr(state, "dice") and isinstance(state.dice, Dice):
            return attrs.evolve(state, dice=Dice(rng.getrandbits(62), 0))
        return state

    # -- evaluation ----------------------------------------------------------
    def strength(self, state: Any, side: int) -> float:
        """How much fight ``side`` has left (figures standing, less wounds)."""
        total = 0.0
        fallen = self.rules.fallen_statuses
        for u in self.rules.units(state):
            if u.side != side or u.pos is None:
                continue
            if u.status.partition(",")[0] in fallen:
                continue
            total += 1.0
        return total

    def position(self, state: Any, side: int) -> float:
        """A small bonus in [-1, 1] for a good position (default: none)."""
        return 0.0

    def evaluate(self, state: Any, side: int) -> float:
        """The chance ``side`` wins from ``state``, as a number in [0, 1]."""
        out = self.rules.outcome(state)
        if out is not None:
            return 0.5 if out.winner is None else (1.0 if out.winner == side else 0.0)
        mine, theirs = self.strength(state, side), self.strength(state, 1 - side)
        lead = (mine - theirs) / max(1.0, mine + theirs)
        score = 0.5 + 0.4 * lead + 0.08 * self.position(state, side)
        return min(0.99, max(0.01, score))

    # -- orders --------------------------------------------------------------
    def shortlist(self, view: Any, side: int, legal: Sequence[Order]) -> list[Order]:
        """The orders worth searching among: all of them unless the
        ruleset's own judgement settles some (Spheres of War's Match
        solver keeps only the best-valued Actions of a Match)."""
        return list(legal)

    def extra_orders(self, state: Any, side: int, legal: Sequence[Order], rng: random.Random) -> list[Order]:
        """Orders worth trying that the ruleset's list leaves out (checked
        before use).  Default: none."""
        return []

    def positions(self, state: Any) -> Where:
        return Where({u.id: (u.side, u.pos) for u in self.rules.units(state)})

    def prior(self, state: Any, order: Order, where: Where) -> float:
        """How promising ``order`` looks before searching (higher first)."""
        role = order.role
        if role is Role.ATTACK:
            return 3.0
        if role in QUIET_ROLES:
            return 0.5
        unit = self.rules.order_unit(order)
        if unit in where.units and where.units[unit][1] is not None:
            cells = self.rules.order_cells(state, order)
            if cells:
                side, here = where.units[unit]
                before, after = where.reach(side, here), where.reach(side, cells[-1])
                if before is not None and after is not None:  # both or neither: the same foes
                    return 1.0 + max(-1.0, min(1.0, (before - after) / 3.0))
        return 1.0

    def candidates(self, state: Any, side: int, legal: Sequence[Order], limit: int,
                   rng: random.Random) -> list[Order]:
        """At most ``limit`` orders to search, best-looking first, always
        keeping one quiet order (pass, end...) when there is one."""
        where = self.positions(state)
        orders = [o for o in legal if not self.redeploys(o, where)]
        orders = (orders or list(legal)) + [o for o in self.extra_orders(state, side, legal, rng)
                                            if refusal(self.rules, state, o) is None]
        if len(orders) <= limit:
            return _unique(orders)
        if len(orders) > 8 * limit:  # huge menus: rank a random share of them
            orders = rng.sample(orders, 8 * limit) + [o for o in orders if o.role in QUIET_ROLES][:1]
        keyed = [(self.prior(state, o, where) + rng.random() * 0.2, i) for i, o in enumerate(orders)]
        keyed.sort(reverse=True)
        picked = [orders[i] for _, i in keyed[:limit]]
        if not any(o.role in QUIET_ROLES for o in picked):
            quiet = [o for o in orders if o.role in QUIET_ROLES]
            if quiet:
                picked[-1] = quiet[0]
        return _unique(picked)

    @staticmethod
    def redeploys(order: Order, where: Where) -> bool:
        """A deployment order that moves a figure already placed: allowed, but
        searching it would let the computer shuffle its figures for ever."""
        if order.role is not Role.DEPLOY:
            return False
        unit = getattr(order, "unit", None)
        return unit in where.units and where.units[unit][1] is not None

    def rollout_sample(self, state: Any, side: int, rng: random.Random) -> list[Order]:
        """A few random legal orders: drawn by the ruleset's own draw where
        it has one (cheaper than listing them all), else from the listing."""
        if self.draws:
            out = []
            for _ in range(self.rollout_width):
                order = self.rules.random_order(state, side, rng)
                self.spend("draw")
                if order is None:
                    break
                out.append(order)
            return out
        legal = self.rules.legal_orders(state, side)
        self.spend("list", len(legal))
        return rng.sample(list(legal), min(self.rollout_width, len(legal)))

    def rollout_order(self, state: Any, side: int, rng: random.Random) -> Order | None:
        """The play-out policy: the best-looking of a few random orders
        (None: no order)."""
        sample = self.rollout_sample(state, side, rng)
        if len(sample) <= 1 or rng.random() < 0.3:
            return sample[0] if sample else None
        where = self.positions(state)
        return max(sample, key=lambda o: self.prior(state, o, where))

    def explain(self, view: Any, side: int, order: Order) -> str:
        """A few words on why this order (added to the search's figure)."""
        return ""


class Where:
    """Where every figure is, and a memo of each cell's distance to the
    nearest enemy of a side (one per ranking, thrown away after)."""

    def __init__(self, units: dict[str, tuple[int, Any]]):
        self.units = units
        self._foes = {s: [p for side, p in units.values() if side != s and p is not None] for s in (0, 1)}
        self._memo: dict[tuple[int, Any], float | None] = {}

    def __contains__(self, unit: object) -> bool:
        return unit in self.units

    def reach(self, side: int, cell: Any) -> float | None:
        key = (side, cell)
        if key not in self._memo:
            foes = self._foes.get(side, [])
            self._memo[key] = math.sqrt(min(distance_squared(cell, f) for f in foes)) if foes else None
        return self._memo[key]


def _unique(orders: list[Order]) -> list[Order]:
    seen, out = set(), []
    for o in orders:
        if o not in seen:
            seen.add(o)
            out.append(o)
    return out
