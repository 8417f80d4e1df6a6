"""Orders with no alternative given for a player who is not there: what a
server's referee (net/referee.py) and a host (net/authority.py) share.

The rules say when a side must give an order it has no choice about
(``Ruleset.forced_order``: a Spheres of War defence roll, rules 30,
33-36).  A connected player's own Skirmish gives it, showing the roll;
for a side whose player has no connection, whoever holds the game gives
it, so a game never waits on it (docs/rulings.md, *Leaving a server
game*).  Here: which order the game waits on, the loop that gives each
one due in turn, and the words the players are told."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.orders import Order
from core.ruleset import Forced, Rejection

MAX_IN_A_ROW = 1000  # orders given in one go (both players away, Matches in contact)


def forced_wait(game: Any) -> tuple[int, Forced] | None:
    """The side ``game`` waits on for an order the rules leave it no
    alternative to, with that order; None while every side to act has a
    choice (or there is no game, or it is over)."""
    if game is None or game.outcome is not None:
        return None
    for side in sorted(game.to_act):
        forced = game.ruleset.forced_order(game.state, side)
        if forced is not None:
            return side, forced
    return None


def give_due(game_now: Callable[[], Any], may_give: Callable[[int], bool],
             submit: Callable[[int, Order], Any], told: Callable[[int, Forced], None],
             limit: int = MAX_IN_A_ROW, before: Callable[[int, Forced], None] | None = None) -> int:
    """Give each order with no alternative the game (``game_now()``) waits
    on, while ``may_give(side)`` allows it for its side: ``before(side,
    forced)`` if given (a screen's log line that should come before the
    roll it shows), ``submit(side, order)``, then ``told(side, forced)``.
    Stops at the first wait on a side it may not give for, at a refused
    order (not stored: tried again at the game's next change), or after
    ``limit``.  The caller holds the game's lock.  How many were given."""
    given = 0
    while given < limit:
        due = forced_wait(game_now())
        if due is None or not may_give(due[0]):
            break
        side, forced = due
        if before is not None:
            before(side, forced)
        if isinstance(submit(side, forced.order), Rejection):
            break
        given += 1
        told(side, forced)
    return given


def absent_words(name: str, giver: str, forced: Forced) -> str:
    """What the players at the game are told when ``giver`` ("the
    server", "your Skirmish") gives the only order of ``name``, who is not
    connected."""
    return f"› {name} is not connected: {giver} gives their only order. {forced.why}"


def while_away_words(giver: str, whys: list[str]) -> str:
    """What a player coming back is told of the orders with no
    alternative ``giver`` gave for them while they were away (``whys``:
    the rules' reasons, oldest first; the latest are kept)."""
    if len(whys) == 1:
        return f"While you were away, {giver} gave your only order: {whys[0]}"
    return (f"While you were away, {giver} gave {len(whys)} orders of yours with no alternative; "
            f"the last: {whys[-1]}")
