"""What the referee (net/referee.py) sends a peer at a game.

Everything is built from the peer's seat only -- ``view()`` (the one
redaction, :func:`core.game.redact`), ``legal_orders()``, ``events()``,
``known_orders()`` -- and its own side's drafts.  The secret half of the
seed leaves only with the ``reveal``, once the game is over.

The computer's reasons for its orders (``Match.reasons``) are stored with
the game (``pending["reasons"]`` of its save) and sent in ``reasons``
messages, just before the ``update`` with the order they were for: to
every seat at once in a ruleset with nothing secret, and in one with
secrets (hidden information, orders written at the same time) only once
the game is over, as a local game holds them back from the person the
computer plays (``reasons_readable``).
"""

from __future__ import annotations

import json
from typing import Any

from core import game as core_game
from core.events import visible_to
from core.seats import Table, private_ruleset
from match import Match
from net import wire
from net.live import Live, seat_label


def reasons_readable(game: core_game.Game) -> bool:
    """Whether the computer's reasons for ``game``'s orders may go to its
    seats now: at once where nothing is secret; where something is (a
    ruleset with hidden information or orders written at the same time:
    a reason names the secret orders and what its side knows), only once
    the game is over.  Nobody sits at the computer's own side, so no seat
    may read them earlier (tui/computer.py holds them back the same way)."""
    return game.outcome is not None or not private_ruleset(game.ruleset)


def stored_reasons(save: Any) -> Any:
    """The reasons a stored save keeps (``pending["reasons"]``), unchecked
    (``Match`` checks them against the game): None when there are none."""
    try:
        pending = json.loads(save or "{}").get("pending")
    except (ValueError, AttributeError):
        return None
    return pending.get("reasons") if isinstance(pending, dict) else None


def facts(live: Live, names: dict[str, str]) -> dict:
    """The game's public facts: its table's once begun, else what it was made with."""
    if live.match is not None:
        return wire.facts_out(Table(live.match.game).facts)
    labels = [seat_label(names, f)[:60] for f in live.fillers]
    return {"ruleset": live.ruleset, "options": live.options, "battlefield": live.battlefield,
            "players": labels}


def welcome(live: Live, peer: Any, names: dict[str, str], claim_after: float, idle_after: float) -> None:
    peer.send_message("welcome", game=live.gid, side=peer.side, commit=live.commit, salt=live.salt,
                      started=live.match is not None, claim_after=claim_after, idle_after=idle_after,
                      **facts(live, names))


def update(live: Live, peer: Any) -> None:
    """Send ``peer`` what its seat may see now, and nothing more."""
    match = live.match
    if match is None:
        return
    game = match.game
    rules = game.ruleset
    seat = match.seat(peer.side)
    # The events it may read that it has not been sent (seat.events(), read from where it was).
    send_reasons(match, peer)  # before the events of the orders they were for
    log = game.log
    new = tuple(e for e in log[peer.sent_events:] if visible_to(e, peer.side))
    peer.sent_events = len(log)
    outcome = game.outcome
    peer.send_message(
        "update", version=match.version, view=wire.view_out(rules, seat.view()),
        to_act=sorted(seat.to_act()), legal=live.legal_texts(seat.legal_orders()),
        events=wire.events_out(rules, new), orders=live.known_texts(game, peer.side),
        outcome=None if outcome is None else {"winner": outcome.winner, "reason": outcome.reason},
        present=live.present_to(peer.side))
    if outcome is not None:  # the game is over: the seed may be known, and checked
        peer.send_message("reveal", nonce=live.half, joiner=live.salt, orders=live.order_texts(game))


def send_reasons(match: Match, peer: Any) -> None:
    """The computer's reasons ``peer`` may read now and has not been
    sent (``reasons_readable``): each with ``at`` (how many of the whole
    game's events came before its order) and ``seen`` (how many of
    those ``peer``'s own log holds)."""
    game = match.game
    reasons = match.reasons()
    sent = getattr(peer, "sent_reasons", 0)
    if sent > len(reasons):  # the rematch's table: a fresh count
        sent = 0
    if len(reasons) <= sent or not reasons_readable(game):
        return
    before = [0]
    for event in game.log:
        before.append(before[-1] + visible_to(event, peer.side))
    peer.sent_reasons = len(reasons)
    peer.send_message("reasons", reasons=[{"side": r.side, "at": r.at, "seen": before[min(r.at, len(game.log))],
                                           "text": r.text} for r in reasons[sent:]])


def tell_presence(live: Live, moved: Any) -> None:
    """A player came or went: the other side's seats hear it (in an update)."""
    for other in list(live.peers):
        if other is not moved and other.role == "player" and other.side != moved.side:
            update(live, other)


def send_drafts(live: Live, peer: Any) -> None:
    if live.match is None or peer.side is None:
        return
    peer.send_message("drafts", drafts=live.match.table.drafts(peer.side))
