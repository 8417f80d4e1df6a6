"""The hosting side: an :class:`~net.authority.Authority` (the table, who
sits where, what each seat is sent) reached through a
:class:`~net.unix.UnixTransport` (the socket the other seat, and any
onlookers, connect to).  Nothing but what a seat may see ever leaves this
process: a joiner's update is built from its seat's ``view()`` (the one
redaction, :func:`core.game.redact`), ``legal_orders()`` and ``events()``.

When a game is over the host may begin the next one (:meth:`Host.next_game`:
a rematch, Optio's battle) with the same code: everyone connected is told
``next`` and hung up on, and connects again to that game, whose seed the
two seats make afresh.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from core.seats import Facts
from net.authority import DEFAULT_NAME, MAX_NAME, Authority, GuardedSeat, joiner_name
from net.unix import AlreadyHosted, UnixTransport, peer_account, remove_socket_file

__all__ = ["DEFAULT_NAME", "MAX_NAME", "AlreadyHosted", "GuardedSeat", "Host", "joiner_name", "peer_account",
           "remove_socket_file"]


class Host(Authority):
    """The authority of one hosted game, served over a Unix socket
    (``open()`` to listen, ``close()`` to stop).  See :class:`Authority`
    for ``game``, ``make_game`` and ``hosting``."""

    def __init__(self, facts: Facts, remote_side: int, code: str, hosting: dict,
                 game: Any = None, make_game: Callable[[int], Any] | None = None,
                 watchers: bool = True, table_for: Callable[[Any], Any] | None = None,
                 lock: Any = None) -> None:
        super().__init__(facts, remote_side, code, hosting, game, make_game, watchers, table_for, lock)
        self.transport = UnixTransport(self)

    def open(self) -> Path:
        return self.transport.open()

    def close(self, reason: str = "The host has stopped.") -> None:
        """Tell everyone connected why, and stop listening."""
        self.transport.close(reason)

    @property
    def closed(self) -> bool:
        return self.transport.closed

    @property
    def path(self) -> Path | None:
        return self.transport.path

    @property
    def pending(self) -> set:
        return self.transport.pending

    @property
    def dropped(self) -> deque[str]:
        return self.transport.dropped
