"""What the server's referee does about a player gone or gone quiet
(docs/rulings.md, *Leaving a server game*; the rules themselves are
``net.live.Live``'s: ``claim_refusal``, ``claim_in``, ``idle_warning``):
a claim on the game they left, the orders with no alternative it gives
for them, the warning to a quiet player, and the ``waits`` message that
tells each player's seat the times of both, as numbers.

``waits {present, away, quiet, claim_in, claimed_in}`` goes to each
player's connection at a game under way (never to an onlooker) whenever
something in it may have changed: a player sits or leaves, an order is
taken, drafts are handed in, a chat line is said, the idle warning is
due, a claim is refused, and the game begins.  For the player's opponent:
``present`` (some connection of theirs sits at the game, or the computer
plays them), ``away`` (seconds with no connection at it; 0 while present),
``quiet`` (seconds the game has waited with nothing from them: no order,
drafts or chat), ``claim_in`` (seconds until this player's claim is taken:
0 now; null when none will come as the game stands: it does not wait for
them, the computer plays them, or it waits on them only for an order with
no alternative); and ``claimed_in``, the opponent's claim on this player's
own quiet, once the warning stands (``warn_before``; null before it, and
once they act).  Times still to come are rounded up to the millisecond,
times gone by down: a claim opens where the seat counts it, never sooner.
"""

from __future__ import annotations

import math
from typing import Any

from core.orders import Forfeit
from core.ruleset import Rejection
from net.forced import MAX_IN_A_ROW, absent_words, give_due
from net.live import Live, warn_before
from net.serverwire import MAX_WAIT

MAX_FORCED_IN_A_ROW = MAX_IN_A_ROW  # orders with no alternative given in one go (net/forced.py)


# -- the waits, as numbers ------------------------------------------------------------------
def _gone(seconds: float) -> float:
    """A time gone by for the wire: rounded down to the millisecond, capped."""
    return min(MAX_WAIT, math.floor(max(0.0, seconds) * 1000) / 1000)


def _to_come(seconds: float | None) -> float | None:
    """A time still to come for the wire: rounded up to the millisecond, capped."""
    if seconds is None:
        return None
    return min(MAX_WAIT, math.ceil(max(0.0, seconds) * 1000 - 1e-6) / 1000)


def waits_for(live: Live, side: int, now: float, claim_after: float, idle_after: float) -> dict:
    """The ``waits`` message's fields for the player at ``side`` at ``now``."""
    other = 1 - side
    present = live.present_to(side)
    theirs = live.claim_in(other, now, claim_after, idle_after) if live.person(other) else None
    return {"present": present, "away": 0.0 if present else _gone(live.time_away(other, now)),
            "quiet": _gone(live.time_idle(other, now)),
            "claim_in": _to_come(live.claim_in(side, now, claim_after, idle_after)),
            "claimed_in": _to_come(theirs) if theirs is not None and theirs <= warn_before(idle_after) else None}


def send_waits(live: Live, peer: Any, now: float, claim_after: float, idle_after: float) -> None:
    """Send ``peer`` (a player's connection) its ``waits``, once the game has begun."""
    if live.match is not None and peer.role == "player" and peer.side in (0, 1):
        peer.send_message("waits", **waits_for(live, peer.side, now, claim_after, idle_after))


def tell_waits(live: Live, now: float, claim_after: float, idle_after: float) -> None:
    """Send every player's connection at ``live`` its ``waits`` (under the game's lock)."""
    with live.lock:
        for peer in list(live.peers):
            send_waits(live, peer, now, claim_after, idle_after)


def tell_quiet(games: list[Live], now: float, claim_after: float, idle_after: float) -> None:
    """Send each player of ``games`` its ``Live.idle_warning``, if any, as
    a ``notice``, and its ``waits`` with it (the claim on it now stands)."""
    for live in games:
        with live.lock:
            for side in (0, 1):
                text = live.idle_warning(side, now, idle_after)
                for peer in list(live.peers) if text else ():
                    if peer.role == "player" and peer.side == side:
                        peer.send_message("notice", text=text)
                        send_waits(live, peer, now, claim_after, idle_after)


# -- orders with no alternative, and claims ---------------------------------------------------
def give_forced(live: Live, connected_too: int | None = None) -> int:
    """Give every order with no alternative (``Live.forced_wait``) the
    game waits on from a side with no player connected, and the one it
    waits on now from side ``connected_too`` (a claim met a wait on
    it): nobody waits on an order with nothing to decide
    (docs/rulings.md, *Leaving a server game*).  Under the game's lock,
    never from inside a change's notice.  The players at the game are
    told why (a notice); how many orders were given."""
    left = [connected_too]  # given once, for the first order only

    def may_give(side: int) -> bool:
        return live.person(side) and (not live.seated(side) or side == left[0])

    def give(side: int, order: Any) -> Any:
        assert live.match is not None
        return live.match.submit(live.match.seat(side), order)

    def told(side: int, forced: Any) -> None:
        left[0] = None
        assert live.match is not None
        name = live.match.game.players[side][:32]
        text = (f"› The game waited on {name} only for an order with no alternative: the server gave it. "
                f"{forced.why}" if live.seated(side) else absent_words(name, "the server", forced))
        for peer in list(live.peers):
            if peer.role == "player":
                peer.send_message("notice", text=text[:300])

    with live.lock:
        live.forcing = True  # the notices of these orders start no thread of their own
        try:
            return give_due(lambda: live.match.game if live.match is not None else None, may_give, give, told,
                            MAX_FORCED_IN_A_ROW)
        finally:
            live.forcing = False


def claim(referee: Any, live: Live, peer: Any) -> None:
    """``peer``'s player claims the game its opponent left: once the
    game waits for them and they have had no connection at it for
    ``claim_after`` seconds, or done nothing for ``idle_after``, the
    referee records their ``Forfeit`` (docs/rulings.md, *Leaving a
    server game*).  Refusals say why not, after a ``waits`` that says
    when the claim will be taken."""
    import time

    from net.referee import Refusal

    if peer.side is None or peer.role != "player":
        raise Refusal("onlooker", "Only a player of a game claims it.")
    match = live.match
    if match is None:
        raise Refusal("not-started", "The game has not begun.")
    with live.lock:
        now = time.monotonic()
        refused = live.claim_refusal(peer.side, now, referee.claim_after, referee.idle_after)
        if refused is not None and refused[0] == "forced":  # nobody waits on it: the referee gives it
            given = give_forced(live, 1 - peer.side)
            raise Refusal("forced", refused[1] + (" The server gave it, and the game goes on." if given else ""))
        if refused is not None:
            send_waits(live, peer, now, referee.claim_after, referee.idle_after)
            raise Refusal(*refused)
        # Still connected: the opponent stopped playing rather than left.
        result = match.table.submit(Forfeit(1 - peer.side, idle=live.seated(1 - peer.side)))
    if isinstance(result, Rejection):
        raise Refusal(result.code, result.message)
    peer.send_message("result", ok=True, code="", message="")
