"""Information-set Monte Carlo tree search over the shared ruleset protocol.

Each iteration samples a whole position consistent with what the searching
side sees (its ``view``), walks the tree of orders keyed by their text
(UCB over the children that are legal in this sample), adds one child,
plays a few orders by the play-out policy and scores the position with the
ruleset's evaluation.

Budgets never read a clock, so the same view, seed and level always give
the same order: a level allows a number of iterations and an amount of
*work* (orders applied, listed, drawn and checked, each weighed by the
ruleset's knowledge, ``Knowledge.spend``).  The search stops at whichever
runs out first, so a position whose orders are many or costly searches
fewer iterations instead of taking longer.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

import attrs

from core.ai.knowledge import Knowledge
from core.game import refusal, step_unchecked
from core.orders import Order

EXPLORE = 0.9
BIAS = 0.3  # progressive bias: the candidates' order (best-looking first) counts while visits are few
MAX_DEPTH = 40  # tree steps in one iteration


@attrs.define(eq=False)
class Node:
    actor: int | None = None
    visits: int = 0
    value: float = 0.0  # summed reward for the searching side
    seen: int = 0  # times this node's order was available (IS-MCTS availability)
    children: dict[str, Node] = attrs.Factory(dict)
    options: dict[str, Order] | None = None  # the candidates found on the first visit


@attrs.frozen
class Level:
    name: str
    iterations: int
    width: int  # candidates kept per node (before the ruleset's scale)
    noise: float = 0.0  # chance of taking a weaker of the best few orders
    work: float | None = None  # work allowance (None: the iterations alone bound the search)
    lookahead: int | None = None  # how far a ruleset's own evaluation may look ahead (None: no bound)
    reads: bool = False  # reads what the opponent's moves say of its hidden pieces (a ruleset's sampler)


# Work allowances, in the units of ``Knowledge.spend`` (about one order
# applied each): high enough that a typical move runs all its iterations,
# low enough that the costliest positions stay within the move-time aims.
# Lookahead: Actions ahead a ruleset's own evaluation may plan (Spheres of
# War's Match solver): easy sees only what a strike at hand is worth,
# normal three Actions ahead, hard to the end of the Match.
LEVELS = {
    "easy": Level("easy", 8, 4, noise=0.5, work=400, lookahead=0),
    "normal": Level("normal", 64, 10, work=2400, lookahead=3),
    "hard": Level("hard", 192, 14, work=7200, reads=True),
}


@attrs.frozen
class Choice:
    order: Order
    reason: str
    visits: int = 0
    value: float = 0.5


def actor_of(rules, state, root_side: int) -> int | None:
    acting = rules.to_act(state) if rules.outcome(state) is None else frozenset()
    if not acting:
        return None
    return root_side if root_side in acting else min(acting)


def search(rules, know: Knowledge, view: Any, side: int, legal: Sequence[Order], level: Level,
           rng: random.Random) -> tuple[Order, Node, dict[str, Order]]:
    """The order to give, the root of the tree, and the root's orders by text.
    The work allowance counts from what ``know`` has spent already on this
    choice (``choose`` resets it, and a ruleset's shortlist spends)."""
    know.level = level
    width = max(2, round(level.width * know.wide))
    root_orders = know.candidates(know.sample_hidden(view, side, rng), side, legal, width, rng)
    # Extra orders the knowledge proposes are kept only if they pass check on the view.
    legal_set = set(legal)
    root_orders = [o for o in root_orders if o in legal_set or refusal(rules, view, o) is None] or list(legal)
    by_text = {o.to_text(): o for o in root_orders}
    root = Node(actor=side)
    if len(by_text) == 1:
        return root_orders[0], root, by_text
    allowance = None if level.work is None else level.work * know.work_scale
    least = min(level.iterations, len(by_text))  # every root order tried once, whatever the work
    for i in range(level.iterations):
        if allowance is not None and i >= least and know.spent >= allowance:
            break
        state = know.sample_hidden(view, side, rng)
        know.spend("sample")
        _iterate(rules, know, root, state, side, by_text, width, rng)
    best = max(by_text, key=lambda t: (root.children[t].visits if t in root.children else -1,
                                       _mean(root.children.get(t))))
    if level.noise and rng.random() < level.noise:
        ranked = sorted(root.children, key=lambda t: -root.children[t].visits)[:3]
        best = rng.choice(ranked)
    return by_text[best], root, by_text


def _mean(node: Node | None) -> float:
    return node.value / node.visits if node and node.visits else 0.0


def _options(rules, know: Knowledge, node: Node, state: Any, actor: int, width: int,
             rng: random.Random) -> dict[str, Order]:
    """The candidates at ``node`` that are legal in this sample.  They are
    found once (listing and ranking are the costly part) and checked on
    later visits; when fewer than two of them pass, the orders are listed
    again and the new candidates added."""
    if node.options is not None:
        know.spend("check", len(node.options))
        here = {t: o for t, o in node.options.items() if refusal(rules, state, o) is None}
        if len(here) >= min(2, len(node.options)):
            return here
    legal = rules.legal_orders(state, actor)
    know.spend("list", len(legal))
    if know.level is not None and know.level.name in know.tree_shortlist:
        legal = know.shortlist(state, actor, legal) or legal
    found = {o.to_text(): o for o in know.candidates(state, actor, legal, width, rng)}
    node.options = {**(node.options or {}), **found}
    return found


def _iterate(rules, know: Knowledge, root: Node, state: Any, side: int, root_orders: dict[str, Order],
             width: int, rng: random.Random) -> None:
    node, path = root, [root]
    depth = 0
    while True:
        actor = actor_of(rules, state, side)
        if actor is None:
            break
        node.actor = actor
        options = dict(root_orders) if node is root else _options(rules, know, node, state, actor, width, rng)
        if not options:
            break
        for text in options:
            child = node.children.get(text)
            if child is not None:
                child.seen += 1
        fresh = [t for t in options if t not in node.children]
        if fresh:
            text = fresh[0]
            state = _apply(rules, know, state, options[text])
            if state is None:
                node.children[text] = Node(visits=1, value=0.0 if actor == side else 1.0, seen=1)
                return
            child = node.children[text] = Node(seen=1)
            path.append(child)
            node = child
            break
        mine = actor == side
        rank = {t: i for i, t in enumerate(options)}
        count = len(options)

        def ucb(t: str) -> float:
            c = node.children[t]
            if not c.visits:
                return math.inf
            mean = c.value / c.visits
            if not mine:
                mean = 1.0 - mean
            bias = BIAS * (1.0 - rank[t] / count) / (c.visits + 1)
            return mean + bias + EXPLORE * math.sqrt(math.log(max(2, c.seen)) / c.visits)

        text = max(options, key=ucb)
        nxt = _apply(rules, know, state, options[text])
        if nxt is None:
            break
        state = nxt
        node = node.children[text]
        path.append(node)
        depth += 1
        if depth > MAX_DEPTH:
            break
    reward = _playout(rules, know, state, side, rng)
    for n in path:
        n.visits += 1
        n.value += reward


def _apply(rules, know: Knowledge, state, order):
    """The state after ``order``, or None when this sample refuses it (the
    order may come from another sample: checked, then the unchecked step)."""
    know.spend("apply", 1, order, state)
    try:
        if refusal(rules, state, order) is not None:
            return None
        return step_unchecked(rules, state, order)[0]
    except Exception:  # a sampled position the ruleset cannot play on  # noqa: BLE001
        return None


def _playout(rules, know: Knowledge, state: Any, side: int, rng: random.Random) -> float:
    for _ in range(know.rollout_depth):
        actor = actor_of(rules, state, side)
        if actor is None:
            break
        order = know.rollout_order(state, actor, rng)
        if order is None:
            break
        know.spend("apply", 1, order, state)
        try:  # drawn for this very state (Knowledge.rollout_order): the unchecked step
            state = step_unchecked(rules, state, order)[0]
        except Exception:  # noqa: BLE001
            break
    return know.evaluate(state, side)
