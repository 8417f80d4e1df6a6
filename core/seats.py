"""Seats: each side's window onto a game, and the table that holds it.

Whoever fills a seat (a person at this keyboard, a person in another
terminal, a program) sees the game only through it.  A :class:`Seat` offers

* ``side`` -- its side (None: the neutral onlooker, who may not act);
* ``facts`` -- what both sides know from the start (ruleset, options,
  battlefield, players' names);
* ``view()`` -- the state as the side may see it (``core.game.redact``:
  the ruleset's ``view``, then the dice seed removed);
* ``to_act()``, ``outcome()`` -- who may act now, and how the game ended;
* ``legal_orders()`` -- the orders the side may give now (empty when it may
  not act);
* ``events()`` -- every event of the game so far that the side may read;
* ``submit(order)`` -- a :class:`Rejection`, or the events the side may
  read of what the order caused;
* ``version`` and ``subscribe(callback)`` -- a counter that goes up on
  every change, and a callback called (with no arguments) after each.

A computer opponent is a loop over these: wait for a change, and when its
side is in ``to_act()`` choose from ``legal_orders()`` and ``submit``.

:class:`Table` holds the :class:`~core.game.Game` and serves local seats;
hot-seat play is one table with two local seats.  A remote seat
(``net.client``) is the same interface over a connection.

:class:`SeatGame` is one moment of a seat, shaped like the parts of a
``Game`` the game screen and the ruleset adapters read (``state`` is the
seat's view, ``log`` its readable events), so drawing code written for a
``Game`` draws from a seat unchanged.
"""

from __future__ import annotations

import abc
from collections.abc import Callable
from typing import Any

import attrs

from core import game as core_game
from core.board import Battlefield
from core.events import Event, visible_to
from core.orders import Forfeit, Order
from core.registry import find_ruleset
from core.ruleset import Outcome, Rejection, Ruleset

Listener = Callable[[], None]


@attrs.frozen
class Facts:
    """What every seat knows from the start of a game."""

    ruleset_name: str
    options: Any
    battlefield: Battlefield
    players: tuple[str, str]

    @property
    def ruleset(self) -> Ruleset:
        return find_ruleset(self.ruleset_name)


@attrs.frozen
class SeatGame:
    """One moment of a seat, read like a ``Game`` by the screen and adapters.

    ``state`` is the seat's view, ``log`` the events it may read, ``orders``
    the orders it may know of (its own, and every order in a ruleset with
    nothing hidden).  ``seed`` is always 0: the dice are the host's.
    """

    facts: Facts
    side: int | None
    state: Any
    log: tuple[Event, ...]
    orders: tuple[Order, ...]
    to_act: frozenset[int]
    outcome: Outcome | None
    legal: tuple[Order, ...]
    version: int = 0
    seed: int = 0

    @property
    def ruleset(self) -> Ruleset:
        return self.facts.ruleset

    @property
    def ruleset_name(self) -> str:
        return self.facts.ruleset_name

    @property
    def options(self) -> Any:
        return self.facts.options

    @property
    def battlefield(self) -> Battlefield:
        return self.facts.battlefield

    @property
    def players(self) -> tuple[str, str]:
        return self.facts.players

    def view(self, side: int | None = None) -> Any:
        """The seat's own view (already redacted: ``core.game.redact``).
        Another side's view is not held by this seat: asking for it is a
        bug, and is refused rather than answered with this seat's."""
        if side != self.side:
            raise ValueError(f"the seat of side {self.side} holds no view of side {side}")
        return self.state

    def log_for(self, side: int | None = None) -> tuple[Event, ...]:
        return self.log

    def legal_orders(self, side: int | None = None) -> list[Order]:
        return list(self.legal) if side == self.side else []


def private_ruleset(rules: Ruleset) -> bool:
    caps = rules.capabilities
    return bool(caps.hidden_information or caps.simultaneous_orders)


class Seat(abc.ABC):
    """One side's window onto a game (see the module docstring)."""

    side: int | None

    @property
    @abc.abstractmethod
    def facts(self) -> Facts: ...

    @property
    @abc.abstractmethod
    def version(self) -> int: ...

    @abc.abstractmethod
    def view(self) -> Any: ...

    @abc.abstractmethod
    def to_act(self) -> frozenset[int]: ...

    @abc.abstractmethod
    def outcome(self) -> Outcome | None: ...

    @abc.abstractmethod
    def legal_orders(self) -> list[Order]: ...

    @abc.abstractmethod
    def events(self) -> tuple[Event, ...]: ...

    @abc.abstractmethod
    def known_orders(self) -> tuple[Order, ...]: ...

    @abc.abstractmethod
    def submit(self, order: Order) -> Rejection | tuple[Event, ...]: ...

    @abc.abstractmethod
    def subscribe(self, callback: Listener) -> Callable[[], None]:
        """Call ``callback`` after every change; returns an unsubscribe."""

    def submit_at(self, version: int, order: Order) -> Rejection | tuple[Event, ...] | None:
        """``submit`` only if the seat is still at ``version`` (None if the
        game moved on meanwhile): for a player who decided on an earlier
        moment, such as the computer thinking off the interface's thread."""
        if self.version != version:
            return None
        return self.submit(order)

    def may_act(self) -> bool:
        return self.side is not None and self.side in self.to_act()

    def put_drafts(self, drafts: list[dict]) -> bool:
        """Hand the seat's drafts (what its player has written but not
        given: plain JSON dicts, see ``tui/drafts.py``) to whoever keeps the
        game, replacing the seat's earlier ones.  False when this seat
        keeps none (the default; a seat at a :class:`Table` keeps them)."""
        return False

    def snapshot(self) -> SeatGame:
        return SeatGame(self.facts, self.side, self.view(), self.events(), self.known_orders(),
                        self.to_act(), self.outcome(), tuple(self.legal_orders()), self.version)


def wrong_side(seat_side: int | None, order: Order) -> Rejection | None:
    """A seat gives orders for its own side only, and never a forfeit (the
    referee's ruling on a player who left: a player claims the game instead)."""
    if seat_side is None:
        return Rejection("onlooker", "An onlooker cannot give orders.")
    if isinstance(order, Forfeit):
        return Rejection("referees-order", "Only the server's referee records a forfeit: claim the game instead.")
    if getattr(order, "side", None) != seat_side:
        return Rejection("not-your-side", "That order is for the other side.")
    return None


Keeper = Callable[[core_game.Game], "str | None"]


class Table:
    """Holds the game and serves its seats.  ``submit`` is the only way the
    game changes; every change bumps ``version`` and calls the listeners in
    the order they listened (an owner that saves listens first).

    ``keeper`` (the owner's, optional) makes every order durable before
    anyone hears of it: ``keeper(game)`` is called with the game as the
    order would leave it, before the order takes effect, and returns None
    once that game is kept (saved), or a sentence saying why it could not
    be.  Then the order is refused with that sentence (``Rejection`` code
    ``"not-saved"``) and the game stays as it was: no seat is ever shown a
    move that is not kept.  The keeper must not touch the table."""

    def __init__(self, game: core_game.Game) -> None:
        self._game = game
        self._version = 0
        self._listeners: list[Callable[[tuple[Event, ...]], None]] = []
        self._seats: dict[int | None, LocalSeat] = {}
        self.keeper: Keeper | None = None
        self._drafts: dict[int, tuple[dict, ...]] = {}
        self._draft_listeners: list[Callable[[int], None]] = []

    @property
    def game(self) -> core_game.Game:
        """The whole game: for the table's owner (saving), never for a seat."""
        return self._game

    @property
    def version(self) -> int:
        return self._version

    @property
    def facts(self) -> Facts:
        g = self._game
        return Facts(g.ruleset_name, g.options, g.battlefield, (g.players[0], g.players[1]))

    def seat(self, side: int | None) -> LocalSeat:
        if side not in self._seats:
            self._seats[side] = LocalSeat(self, side)
        return self._seats[side]

    def listen(self, callback: Callable[[tuple[Event, ...]], None]) -> Callable[[], None]:
        """``callback(events)`` after every change (all events: for the owner)."""
        self._listeners.append(callback)
        return lambda: self._listeners.remove(callback) if callback in self._listeners else None

    def submit(self, order: Order) -> core_game.Submitted | Rejection:
        result = core_game.submit(self._game, order)
        if isinstance(result, Rejection):
            return result
        problem = self._kept(result.game)
        if problem is not None:
            return Rejection("not-saved", problem)
        self._game = result.game
        self._version += 1
        for callback in list(self._listeners):
            callback(result.events)
        return result

    def _kept(self, game: core_game.Game) -> str | None:
        keeper = self.keeper
        if keeper is None:
            return None
        try:
            return keeper(game)
        except Exception as exc:  # noqa: BLE001 - a keeper that fails has not kept the game
            return f"The game could not be saved ({exc or type(exc).__name__}); the order was not taken."

    # -- drafts: what each seat's player has written but not given --------------
    def put_drafts(self, side: int, drafts: list[dict]) -> None:
        """Keep ``side``'s drafts (replacing its earlier ones) and tell the
        draft listeners; the owner saves them beside the game, never in it."""
        self._drafts[side] = tuple(d for d in drafts if isinstance(d, dict))
        for callback in list(self._draft_listeners):
            callback(side)

    def drafts(self, side: int | None = None) -> list[dict]:
        """The drafts of ``side`` (None: of every side, side 0 first)."""
        sides = sorted(self._drafts) if side is None else [side]
        return [d for s in sides for d in self._drafts.get(s, ())]

    def listen_drafts(self, callback: Callable[[int], None]) -> Callable[[], None]:
        """``callback(side)`` after a seat hands in its drafts."""
        self._draft_listeners.append(callback)
        return lambda: self._draft_listeners.remove(callback) if callback in self._draft_listeners else None

    def replace(self, game: core_game.Game) -> None:
        """Put another game on the table (undo, a reload): a change like any."""
        self._game = game
        self._version += 1
        for callback in list(self._listeners):
            callback(())


class LocalSeat(Seat):
    """A seat at a table in this process."""

    def __init__(self, table: Table, side: int | None) -> None:
        self.table = table
        self.side = side

    @property
    def facts(self) -> Facts:
        return self.table.facts

    @property
    def version(self) -> int:
        return self.table.version

    def view(self) -> Any:
        return self.table.game.view(self.side)

    def to_act(self) -> frozenset[int]:
        return self.table.game.to_act

    def outcome(self) -> Outcome | None:
        return self.table.game.outcome

    def legal_orders(self) -> list[Order]:
        if self.side is None:
            return []
        return self.table.game.legal_orders(self.side)

    def events(self) -> tuple[Event, ...]:
        return self.table.game.log_for(self.side)

    def known_orders(self) -> tuple[Order, ...]:
        game = self.table.game
        if not private_ruleset(game.ruleset) or game.outcome is not None:
            return game.orders
        return tuple(o for o in game.orders if o.side == self.side)

    def submit(self, order: Order) -> Rejection | tuple[Event, ...]:
        refused = wrong_side(self.side, order)
        if refused is not None:
            return refused
        result = self.table.submit(order)
        if isinstance(result, Rejection):
            return result
        return tuple(e for e in result.events if visible_to(e, self.side))

    def subscribe(self, callback: Listener) -> Callable[[], None]:
        return self.table.listen(lambda _events: callback())

    def put_drafts(self, drafts: list[dict]) -> bool:
        if self.side is None:
            return False  # an onlooker writes nothing
        self.table.put_drafts(self.side, drafts)
        return True


class SeatSet:
    """The seats one screen draws from and submits through.

    Hot-seat (``hot_seat``): both sides' local seats at one table, the
    screen switching between them at each handover.  A hosted or joined
    game: the one seat of this terminal (``fixed`` is its side, None for an
    onlooker), the other side's player being elsewhere.
    """

    def __init__(self, seats: dict[int | None, Seat], fixed: int | None = None,
                 table: Table | None = None, hot: bool = False) -> None:
        self.seats = seats
        self.fixed = fixed
        self.table = table
        self._hot = hot

    @classmethod
    def hot_seat(cls, game: core_game.Game) -> SeatSet:
        return cls.at_table(Table(game))

    @classmethod
    def at_table(cls, table: Table) -> SeatSet:
        """Both sides' seats (and the onlooker's) at ``table``: one keyboard."""
        return cls({side: table.seat(side) for side in (0, 1, None)}, None, table, hot=True)

    @property
    def single(self) -> bool:
        """One seat only (a hosted or joined game, or an onlooker's)."""
        return not self.hot

    @property
    def hot(self) -> bool:
        return self._hot

    def seat(self, side: int | None) -> Seat:
        if self.single:
            return self.seats[self.fixed]
        return self.seats.get(side) or self.seats[None]

    @property
    def any_seat(self) -> Seat:
        return self.seats[self.fixed]

    @property
    def version(self) -> int:
        return self.any_seat.version

    def to_act(self) -> frozenset[int]:
        return self.any_seat.to_act()

    def view(self, side: int | None) -> Any:
        return self.seat(side).view()

    def legal_orders(self, side: int | None) -> list[Order]:
        if self.single and side != self.fixed:
            return []
        return self.seat(side).legal_orders() if side is not None else []

    def submit(self, order: Order) -> Rejection | tuple[Event, ...]:
        return self.seat(getattr(order, "side", None)).submit(order)

    def subscribe(self, callback: Listener) -> Callable[[], None]:
        return self.any_seat.subscribe(callback)
