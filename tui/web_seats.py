"""The web door's seats: the tabs open at once, in all and per client address.

Each tab is a whole app process, so a tab holds its seat until that process
is gone, not only while its websocket is open: otherwise a client that opens
and closes tabs quickly would hold more app processes than its seats.

A reload closes its tab and opens a new one at once, while the closed tab's
app is still being ended (a fraction of a second, at most the door's quit
wait and kill grace).  So a tab asking for a seat when the cap is reached
only because of tabs being ended waits for them (at most ``wait`` seconds),
one waiting tab for each tab being ended, instead of being refused.

A closed tab's app process is ended here too (``end_app``), whatever
closed the tab, and the door waits for that before it gives the seat back.

Tabs are counted by client address as one machine has it (``client_address``):
every loopback address (127.0.0.0/8, ::1) is one, an IPv4 address written as
IPv6 (::ffff:a.b.c.d) is that IPv4 address, and an IPv6 address is counted
by its /64 network, which one machine is given whole.
"""

from __future__ import annotations

import asyncio
import ipaddress
import signal
import sys
from collections import Counter
from typing import Any

# A closed tab's app is asked to quit and given QUIT_WAIT seconds; then it
# is sent SIGTERM, and KILL_GRACE seconds later SIGKILL (end_app).
QUIT_WAIT = 2.0
KILL_GRACE = 2.0

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


async def end_app(app_service: Any, quit_wait: float = QUIT_WAIT, grace: float = KILL_GRACE,
                  started: bool = True) -> None:
    """End a closed tab's app process, whatever closed the tab, and return
    only once it is gone (its seat is free then, not before).

    textual-serve's ``stop`` asks the app to quit and waits for its output
    to end; it never ends the process itself.  An app whose output nobody
    reads any more (the tab's websocket is closed, so the reader gave up)
    blocks writing a screen bigger than the pipe holds, never reads the
    quit, and would run on with no tab: so after ``quit_wait`` it is sent
    SIGTERM, and ``grace`` later SIGKILL.  An app that has not ``started``
    (shown the tab anything) has nothing to save: asking it to quit would
    wait for it to start first, so it is killed at once.

    The process is signalled only when it has not ended by itself within
    ``quit_wait``: a signal goes through ``subprocess.Popen``, which first
    polls, and so reaps a child that has just exited before asyncio's own
    watcher does (asyncio then logs "Unknown child process pid N" and gives
    it returncode 255).

    Gone means exited (``exited``), and then its pipes are closed: asyncio's
    ``wait`` also waits for its output pipes to end, which never happens
    while output nobody reads fills them (a tab that stopped reading), so
    the seat of such a tab was never given back."""
    process = getattr(app_service, "_process", None)  # AppService keeps its process to itself
    if not started and process is not None and process.returncode is None:
        try:
            process.kill()
        except ProcessLookupError:
            pass

    async def quit_and_wait() -> None:
        await app_service.stop()  # asks it to quit; returns once its output ends
        if process is not None:
            await exited(process)

    try:
        await asyncio.wait_for(asyncio.shield(quit_and_wait()), quit_wait)
    except Exception:  # noqa: BLE001 - a timeout or a broken pipe: the process is ended below either way
        pass
    finally:
        if process is not None:
            await end_process(process, grace)


async def exited(process: Any, poll: float = 0.05) -> None:
    """Until ``process`` has exited (asyncio knows its return code), its
    pipes read to their end or not."""
    waiting = asyncio.ensure_future(process.wait())  # ends once its pipes end too, if ever
    try:
        while process.returncode is None and not waiting.done():
            await asyncio.wait({waiting}, timeout=poll)
    finally:
        waiting.cancel()


async def end_process(process: Any, grace: float = KILL_GRACE) -> None:
    """SIGTERM, then SIGKILL after ``grace`` seconds; returns once it has
    exited, its pipes closed (see ``end_app``: unread output must not keep
    it).  Cancelled meanwhile, it kills at once (a cancelled wait must not
    leave it)."""
    try:
        if process.returncode is None:
            process.terminate()
        try:
            await asyncio.wait_for(exited(process), grace)
        except asyncio.TimeoutError:
            process.kill()
            await exited(process)
    except ProcessLookupError:
        pass
    except asyncio.CancelledError:
        if process.returncode is None:
            try:
                process.kill()
            except ProcessLookupError:
                pass
        raise
    finally:
        transport = getattr(process, "_transport", None)  # asyncio's Process keeps it to itself
        if transport is not None and process.returncode is not None:
            transport.close()  # its pipes, read to their end or not (it has exited: nothing is killed)


def die_with_the_door() -> Any:
    """What a tab's app process runs before its program (``preexec_fn``):
    on Linux, asks the kernel to send it SIGTERM when the door's process
    dies, however it dies (a door killed outright ends no tab itself); None
    elsewhere.  libc is looked up here, in the door: between fork and exec
    only the call is made."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    set_parent_death_signal = 1  # PR_SET_PDEATHSIG

    def ask() -> None:
        prctl(set_parent_death_signal, signal.SIGTERM)

    return ask
