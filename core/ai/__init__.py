"""The computer player: information-set Monte Carlo tree search.

Pure like the rest of ``core``: no threads, no clock, no global random.
:func:`choose` is given only what a seat gives a person (its side's view
and the orders its side may give) plus the game's seed and how many orders
were played, which seed the search's own random numbers.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from core.ai.knowledge import Knowledge, fold_seed
from core.ai.search import LEVELS, Choice, Level, search
from core.orders import Order
from core.ruleset import Ruleset

__all__ = ["LEVELS", "Choice", "Level", "choose", "decide", "knowledge_for", "KINDS"]

# Who may sit at a side: a person, or the computer at one of its levels.
KINDS = ("human", "easy", "normal", "hard")


def knowledge_for(rules: Ruleset) -> Knowledge:
    from core.ai import optio, plasto_latros, platemail, spheres_of_war, waylights

    table = {
        "spheres_of_war": spheres_of_war.SpheresKnowledge,
        "plasto_latros": plasto_latros.PlastoKnowledge,
        "platemail": platemail.PlatemailKnowledge,
        "waylights": waylights.WaylightsKnowledge,
        "optio": optio.OptioKnowledge,
    }
    return table.get(rules.name, Knowledge)(rules)


def choose(rules: Ruleset, view: Any, side: int, legal: Sequence[Order], level: str | Level = "normal",
           seed: int = 0, ply: int = 0) -> Choice:
    """The order ``side`` gives now, and a short reason for the log.

    ``view`` must be ``rules.view(state, side)`` and ``legal`` the orders
    the side may give; ``seed`` and ``ply`` (orders played so far) make the
    choice reproducible."""
    if not legal:
        raise ValueError("the computer was asked to act with no legal order")
    know = knowledge_for(rules)
    lvl = know.tuned(LEVELS[level] if isinstance(level, str) else level)
    rng = random.Random(fold_seed(seed, ply, side, lvl.iterations))
    know.level, know.spent = lvl, 0.0
    legal = know.shortlist(view, side, legal) or list(legal)  # its work counts in the allowance
    order, root, _ = search(rules, know, view, side, legal, lvl, rng)
    node = root.children.get(order.to_text())
    visits = node.visits if node else 0
    value = node.value / node.visits if node and node.visits else 0.5
    label = rules.describe_order(view, order)
    note = know.explain(view, side, order)
    if visits:
        why = f"{label}: {note + ', ' if note else ''}{value:.0%} expected over {visits} play-outs"
    else:
        why = f"{label}: {note or 'the only sensible order'}"
    return Choice(order, why, visits, value)


def decide(game, side: int, level: str | Level = "normal") -> Choice:
    """``choose`` for ``side`` of a running :class:`core.game.Game`, given
    only what a seat gives: the side's view, its orders, the game's seed
    and how many orders were played."""
    return choose(game.ruleset, game.view(side), side, game.legal_orders(side), level, game.seed, len(game.orders))
