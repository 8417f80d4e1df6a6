"""The web door's seats: the tabs open at once, in all and per client address.

Each tab is a whole app process, so a tab holds its seat until that process
is gone, not only while its websocket is open: otherwise a client that opens
and closes tabs quickly would hold more app processes than its seats.

A reload closes its tab and opens a new one at once, while the closed tab's
app is still being ended (a fraction of a second, at most the door's quit
wait and kill grace).  So a tab asking for a seat when the cap is reached
only because of tabs being ended waits for them (at most ``wait`` seconds),
one waiting tab for each tab being ended, instead of being refused.

Tabs are counted by client address as one machine has it (``client_address``):
every loopback address (127.0.0.0/8, ::1) is one, an IPv4 address written as
IPv6 (::ffff:a.b.c.d) is that IPv4 address, and an IPv6 address is counted
by its /64 network, which one machine is given whole.
"""

from __future__ import annotations

import asyncio
import ipaddress
from collections import Counter

# Why a tab is refused, as the page shows it (a websocket close's reason:
# at most 123 bytes of UTF-8).
EVERY_SEAT_TAKEN = "Every seat of this web door is taken: try again later."


def client_address(remote: str) -> str:
    """The address a tab's seat is counted by (see the module docstring)."""
    try:
        address = ipaddress.ip_address(remote.split("%")[0])  # a scope (fe80::1%eth0) is no other machine
    except ValueError:
        return remote
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    if address.is_loopback:
        return "loopback"
    if isinstance(address, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def address_full(cap: int) -> str:
    """Why a tab is refused when its address holds ``cap`` tabs already."""
    tabs = "1 tab" if cap == 1 else f"{cap} tabs"
    return f"This address has {tabs} of this web door open already: close one to open another."


class Seat:
    """One tab's seat: its client address, and whether its app is being ended."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.ending = False
        self.given_back = False


class Seats:
    """The seats of the web door's tabs (see the module's docstring)."""

    def __init__(self, total: int, per_address: int, wait: float) -> None:
        self.total = total
        self.per_address = per_address
        self.wait = wait
        self.held = 0
        self.held_by: Counter[str] = Counter()  # client address: its seats
        self.ending = 0
        self.ending_by: Counter[str] = Counter()
        self.waiting = 0
        self.waiting_by: Counter[str] = Counter()
        self._freed: asyncio.Event | None = None  # set (and replaced) each time a seat is given back

    def refusal(self, address: str) -> str | None:
        """Why a tab of ``address`` would be refused a seat now, or None."""
        if self.held >= self.total:
            return EVERY_SEAT_TAKEN
        if self.held_by[address] >= self.per_address:
            return address_full(self.per_address)
        return None

    def _worth_waiting(self, address: str) -> bool:
        """Whether seats being given back would make room for one more waiting tab."""
        if self.held >= self.total and self.waiting >= self.ending:
            return False
        return not (self.held_by[address] >= self.per_address and self.waiting_by[address] >= self.ending_by[address])

    async def take(self, address: str) -> Seat | str:
        """A seat for a tab of ``address``, or why not (a sentence)."""
        address = client_address(address)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.wait
        while (why := self.refusal(address)) is not None:
            left = deadline - loop.time()
            if left <= 0 or not self._worth_waiting(address):
                return why
            if self._freed is None:
                self._freed = asyncio.Event()
            freed = self._freed
            self.waiting += 1
            self.waiting_by[address] += 1
            try:
                await asyncio.wait_for(freed.wait(), left)
            except asyncio.TimeoutError:
                pass
            finally:
                self.waiting -= 1
                self.waiting_by[address] -= 1
                if not self.waiting_by[address]:
                    del self.waiting_by[address]
        self.held += 1
        self.held_by[address] += 1
        return Seat(address)

    def ending_begins(self, seat: Seat) -> None:
        """The tab is closed: its app is being ended (the seat is still held)."""
        if not seat.ending:
            seat.ending = True
            self.ending += 1
            self.ending_by[seat.address] += 1

    def give_back(self, seat: Seat) -> None:
        """The tab's app is gone: its seat is free."""
        if seat.given_back:
            return
        seat.given_back = True
        if seat.ending:
            self.ending -= 1
            self.ending_by[seat.address] -= 1
            if not self.ending_by[seat.address]:
                del self.ending_by[seat.address]
        self.held -= 1
        self.held_by[seat.address] -= 1
        if not self.held_by[seat.address]:
            del self.held_by[seat.address]
        if self._freed is not None:
            self._freed.set()
            self._freed = None
