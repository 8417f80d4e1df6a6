"""The referee's guests (``guest:NAME``, most of them browser tabs of
``skirmish web``): cheap to make up, so kept on a shorter leash than
players with an account or a key (docs/server.md, *Limits*).

- A guest is written to the store only once it names itself or plays
  (makes or joins a game): a tab opened and closed leaves no row behind.
  Until then what its hello said is kept here, while it has a connection.
- Who has a connection to the server, and since when a player has had
  none (the referee hears of every connection: ``me`` as it comes in,
  ``leave`` as it goes).
- Guests' games waiting for an opponent have a server-wide cap of their
  own (``caps.MAX_GUEST_WAITING``), far below the one on all: past it,
  the waiting game of the guest away longest gives way to the new one, and
  a guest's waiting game is withdrawn once its maker has had no connection
  for ``caps.GUEST_GONE_AFTER`` (a joiner would only wait for someone who
  has gone).

Every method is called under the referee's lock.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable
from typing import Any

from net import caps


def is_guest(pid: str) -> bool:
    return pid.startswith("guest:")


class Guests:
    """Connections by player, and the guests not stored yet (see the module)."""

    def __init__(self) -> None:
        self.connections: Counter[str] = Counter()
        self.gone_since: dict[str, float] = {}  # players with no connection, since when (monotonic)
        self.unstored: dict[str, tuple[str, str, str, bool]] = {}  # guest: (kind, who, name, named)
        self.started = time.monotonic()  # nobody had a connection before the referee started

    def unstored_guest(self, pid: str, kind: str, first: tuple[str, str, bool], names: dict[str, str]) -> bool:
        """Whether ``pid``, saying hello (``first``: who, name, named), is a
        guest the store does not hold yet: then kept here, not stored, and
        counted as connected."""
        if kind != "guest" or pid in names:
            return False
        self.unstored[pid] = (kind, *first)
        self.came(pid)
        return True

    def known_names(self, names: dict[str, str]) -> dict[str, str]:
        """``names`` (the stored players') with those of the guests kept here:
        a guest connected now keeps its name from others, stored or not."""
        if not self.unstored:
            return names
        return {**names, **{pid: held[2] for pid, held in self.unstored.items()}}

    def came(self, pid: str) -> None:
        self.connections[pid] += 1
        self.gone_since.pop(pid, None)

    def went(self, pid: str, now: float | None = None) -> None:
        """One of ``pid``'s connections closed."""
        if not pid or self.connections[pid] <= 0:
            self.connections.pop(pid, None)
            return
        self.connections[pid] -= 1
        if self.connections[pid]:
            return
        del self.connections[pid]
        if self.unstored.pop(pid, None) is None:  # a guest never stored has no games to withdraw
            self.gone_since[pid] = time.monotonic() if now is None else now

    def away_for(self, pid: str, now: float) -> float:
        """Seconds ``pid`` has had no connection to the server (0 while it has one)."""
        if self.connections[pid] > 0:
            return 0.0
        return now - self.gone_since.get(pid, self.started)

    def store(self, db: Any, names: dict[str, str], pid: str) -> None:
        """Write the guest ``pid`` to the store if it is not there yet (it
        names itself, or plays)."""
        held = self.unstored.pop(pid, None)
        if held is None:
            return
        kind, who, name, named = held
        row = db.player(pid, kind, who, names.get(pid) or name, named)
        names[pid] = row["name"]

    # -- guests' waiting games -------------------------------------------------------
    def waiting(self, live: dict[str, Any]) -> list[Any]:
        """The games a guest made that wait for an opponent."""
        return [game for game in live.values() if game.match is None and is_guest(game.creator or "")]

    def room_for(self, referee: Any, pid: str, seats: Iterable[str], now: float | None = None) -> caps.Refused | None:
        """Why the guest ``pid`` may not make one more game waiting for an
        opponent now, or None.  When guests' waiting games reach their cap,
        the one whose maker has been away longest is withdrawn to make room;
        only when every maker is connected is the new one refused."""
        if not is_guest(pid) or not any(s in ("open", "invite") for s in seats):
            return None
        now = time.monotonic() if now is None else now
        waiting = self.waiting(referee.live)
        if len(waiting) < caps.MAX_GUEST_WAITING:
            return None
        away = [(self.away_for(game.creator, now), game) for game in waiting]
        longest, game = max(away, key=lambda pair: pair[0])
        if longest <= 0 or not self._withdraw(referee, game):
            return caps.guests_full()
        return None

    def withdraw_absent(self, referee: Any, now: float | None = None) -> None:
        """Withdraw every guest's waiting game whose maker has had no
        connection for ``caps.GUEST_GONE_AFTER``; forget when players went
        who have no such game (called every second by ``skirmish serve``)."""
        now = time.monotonic() if now is None else now
        with referee.lock:
            for game in self.waiting(referee.live):
                if self.away_for(game.creator, now) >= caps.GUEST_GONE_AFTER:
                    self._withdraw(referee, game)
            makers = {game.creator for game in self.waiting(referee.live)}
            for pid in [pid for pid in self.gone_since if pid not in makers]:
                del self.gone_since[pid]

    @staticmethod
    def _withdraw(referee: Any, game: Any) -> bool:
        from net.referee import Refusal

        try:
            referee.withdraw(game.creator, game.gid)
        except Refusal:  # begun or gone meanwhile
            return False
        return True
