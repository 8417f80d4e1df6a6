"""A game the server's referee holds (``Live``): its stored facts, its
match once it has begun, the peers connected to it, and the texts the
referee sends of it (orders, results, options, chat lines)."""

from __future__ import annotations

import json
import threading
from typing import Any

from core import game as core_game
from match import Match


def clean_text(text: str, cap: int) -> str:
    """Printable characters only (no terminal control, no newlines), capped."""
    return "".join(c for c in text if c.isprintable())[:cap].strip()


def result_text(game: core_game.Game) -> str:
    outcome = game.outcome
    if outcome is None:
        return ""
    if outcome.winner is None:
        return f"Draw: {outcome.reason}"[:200]
    return f"{game.players[outcome.winner]} won: {outcome.reason}"[:200]


def options_text(data: Any) -> str:
    if not isinstance(data, dict):
        return ""
    parts = [f"{k.replace('_', ' ')}: {v}" for k, v in data.items() if isinstance(v, (str, int, float, bool))]
    return ", ".join(parts)[:120]


class Live:
    """One game the referee holds: its row's facts, its match once it has
    begun, and the peers connected to it."""

    def __init__(self, gid: str, row: Any, fillers: tuple[str, str]) -> None:
        self.gid = gid
        self.ruleset = row["ruleset"]
        self.options = json.loads(row["options"])
        self.battlefield = json.loads(row["battlefield"])
        self.commit, self.half, self.salt = row["commit_hash"], row["half"], row["salt"]
        self.creator = row["creator"]
        self.fillers = fillers
        self.lock = threading.RLock()
        self.match: Match | None = None
        self.peers: list[Any] = []
        self.texts: list[str] = []  # the game's orders as text, kept as it grows
        self.sides: list[int | None] = []
        self.legal_known: dict[Any, str] = {}
        # When each side's player last had no connection at the game (a
        # monotonic time): kept only while that side has none.  A side held
        # here since the referee took the game up counts from then.
        self.away_since: dict[int, float] = {}

    def seated(self, side: int) -> bool:
        """Some connection plays ``side`` here now."""
        return any(p.role == "player" and p.side == side for p in self.peers)

    def order_texts(self, game: core_game.Game) -> list[str]:
        """The texts of ``game.orders``, each order's made once."""
        orders = game.orders
        if len(orders) < len(self.texts) or (self.texts and orders and len(self.texts) == len(orders)
                                             and orders[-1].to_text() != self.texts[-1]):
            self.texts, self.sides = [], []  # another game on the table: made afresh
        for order in orders[len(self.texts):]:
            self.texts.append(order.to_text())
            self.sides.append(getattr(order, "side", None))
        return self.texts

    def legal_texts(self, orders: list) -> list[str]:
        """Texts of legal orders, remembered by order value for this game
        (most orders stay legal from one moment to the next: hashing one is
        several times cheaper than writing it)."""
        known = self.legal_known
        if len(known) > 5000:
            known.clear()
        out = []
        for order in orders:
            text = known.get(order)
            if text is None:
                text = known[order] = order.to_text()
            out.append(text)
        return out

    def known_texts(self, game: core_game.Game, side: int | None) -> list[str]:
        """What ``side`` may know of the orders (as ``LocalSeat.known_orders``)."""
        from core.seats import private_ruleset

        texts = self.order_texts(game)
        if not private_ruleset(game.ruleset) or game.outcome is not None:
            return list(texts)
        return [t for t, s in zip(texts, self.sides) if s == side]
