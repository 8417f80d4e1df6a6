"""Optio's closing as a coin game, solved: once both armies are known,
the side to move closes in (free), holds or steps away (a coin each), and
the army that must march into the other's square loses (the other held
it first and places the template).  Small enough to solve outright for
every distance and count of coins the options allow."""

from __future__ import annotations

import attrs

from core.rulesets.optio.maps import LARGE
from core.rulesets.optio.ruleset import manhattan
from core.rulesets.optio.state import OptioOptions

FARTHEST = 2 * (LARGE - 1)  # the greatest distance between two large squares


def closing_win(distance: int, mine: int, theirs: int) -> bool:
    """Whether the side to move in the closing phase can make sure the other
    army is the one that marches into the meeting square (so its own army
    held the square first and it places the template), with ``mine`` and
    ``theirs`` kudo coins, the armies ``distance`` squares apart.

    A turn is one order: close in (free; at distance 1 it enters the other's
    square and loses), hold (a coin) or step away (a coin, one square
    further).  Coins only fall and distance only falls for free, so the
    game is finite; it is small enough to solve outright, and is solved
    once for every distance and every count of coins the options allow."""
    if distance <= FARTHEST and max(mine, theirs) <= MOST_COINS:
        return (distance, mine, theirs) in _WINNING
    return _solve({}, distance, mine, theirs)


def _solve(known: dict, d: int, a: int, b: int) -> bool:
    key = (d, a, b)
    if key not in known:
        options = [] if d == 1 else [(d - 1, b, a)]
        if a:
            options.append((d, b, a - 1))
            if d < FARTHEST:
                options.append((d + 1, b, a - 1))
        known[key] = any(not _solve(known, *after) for after in options)
    return known[key]


def _winning_positions() -> frozenset[tuple[int, int, int]]:
    known: dict = {}
    return frozenset((d, a, b) for d in range(1, FARTHEST + 1) for a in range(MOST_COINS + 1)
                     for b in range(MOST_COINS + 1) if _solve(known, d, a, b))


MOST_COINS = attrs.fields_dict(OptioOptions)["kudos"].metadata["maximum"]  # the options allow no more
_WINNING = _winning_positions()  # (distance, mover's coins, other's coins) the mover wins


def closing_winner(state) -> int:
    """The side that wins the closing's coin game from ``state`` (a
    position in the closing phase), with both playing it perfectly."""
    mover = state.active
    d = manhattan(state.army(0).pos, state.army(1).pos)
    return mover if closing_win(d, state.kudos[mover], state.kudos[1 - mover]) else 1 - mover
