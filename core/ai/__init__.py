"""The computer player: information-set Monte Carlo tree search.

Pure like the rest of ``core``: no threads, no clock, no global random.
:func:`choose` is given only what a seat gives a person (its side's view,
with the dice roller's seed blanked, and the orders its side may give) plus
its own seed and how many orders were played, which seed the search's own
random numbers.  Its own seed is derived one way from the game's
(:func:`core.dice.computer_seed`) by whoever seats it: the computer never
holds the dice seed, from which every roll to come could be worked out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from core.ai.knowledge import Knowledge, fold_seed
from core.ai.search import LEVELS, Choice, Level, search
from core.dice import computer_seed, without_seed
from core.orders import Order
from core.ruleset import Ruleset

__all__ = ["LEVELS", "Choice", "Level", "choose", "decide", "knowledge_for", "KINDS"]

# Who may sit at a side: a person, or the computer at one of its levels.
KINDS = ("human", "easy", "normal", "hard")


def knowledge_for(rules: Ruleset) -> Knowledge:
    """A fresh knowledge of ``rules`` for one search: the ruleset's own hook."""
    return rules.knowledge()


def choose(rules: Ruleset, view: Any, side: int, legal: Sequence[Order], level: str | Level = "normal",
           seed: int = 0, ply: int = 0) -> Choice:
    """The order ``side`` gives now, and a short reason for the log.

    ``view`` must be ``core.game.redact(rules, state, side)`` (a seat's
    view, ``Game.view``) and ``legal`` the orders
    the side may give; ``seed`` (the computer's own, ``computer_seed`` of
    the game's: never the dice seed) and ``ply`` (orders played so far)
    make the choice reproducible.  A caller that passed the ruleset's bare
    view is forgiven: the last step of the redaction (``without_seed``) is
    applied again before anything reads it."""
    if not legal:
        raise ValueError("the computer was asked to act with no legal order")
    view = without_seed(view)
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
    # No figure from the search: its play-outs end in the ruleset's estimate
    # of a position, not in won or lost games, so a percentage would read
    # as a chance to win that it is not (issue 29: "44% expected" in a game
    # already lost).  The fact that decided the order says why.
    if note:
        why = f"{label}: {note}"
    elif visits:
        why = f"{label}: the best of {len(root.children)} orders its search tried"
    else:
        why = f"{label}: the only sensible order"
    return Choice(order, why, visits, value)


def decide(game, side: int, level: str | Level = "normal") -> Choice:
    """``choose`` for ``side`` of a running :class:`core.game.Game`, given
    only what a seat gives: the side's view (``Game.view``: redacted), its
    orders, the computer's own seed (derived one way from the game's) and
    how many orders were played.  The caller's side of the line: ``choose``
    itself never sees ``game``."""
    return choose(game.ruleset, game.view(side), side, game.legal_orders(side), level,
                  computer_seed(game.seed), len(game.orders))
