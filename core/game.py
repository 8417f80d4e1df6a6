"""A game in progress: the ruleset's state plus the history the core keeps.

``submit`` is the only way a state changes.  It refuses orders after the
end, orders from a side that may not act, and whatever the ruleset's own
``check`` refuses; a refused order leaves the game exactly as it was.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from core.board import Battlefield
from core.events import Event, GameOver, Rolled, visible_to
from core.orders import Order, OrderSyntaxError
from core import registry
from core.registry import find_ruleset
from core.ruleset import Outcome, Rejection, Ruleset


@attrs.frozen
class Game:
    ruleset_name: str
    options: Any
    battlefield: Battlefield
    seed: int
    players: tuple[str, str]
    state: Any
    orders: tuple[Order, ...] = ()
    log: tuple[Event, ...] = ()

    @property
    def ruleset(self) -> Ruleset:
        # asked several times an order: find_ruleset's look-up without its call
        found = registry._BY_NAME.get(self.ruleset_name)
        return found if found is not None else find_ruleset(self.ruleset_name)

    @property
    def outcome(self) -> Outcome | None:
        return self.ruleset.outcome(self.state)

    @property
    def to_act(self) -> frozenset[int]:
        rules = self.ruleset
        if rules.outcome(self.state) is not None:
            return frozenset()
        return rules.to_act(self.state)

    def view(self, side: int | None) -> Any:
        return self.ruleset.view(self.state, side)

    def log_for(self, side: int | None) -> tuple[Event, ...]:
        """The events ``side`` may read (None: the neutral onlooker)."""
        return tuple(e for e in self.log if visible_to(e, side))

    def legal_orders(self, side: int):
        rules = self.ruleset
        if rules.outcome(self.state) is not None or side not in rules.to_act(self.state):
            return []
        return list(rules.legal_orders(self.state, side))

    def random_order(self, side: int, rng: Any):
        """A legal order for ``side`` drawn with ``rng`` (``Ruleset.random_order``),
        or None when it has none (the game is over or it is not its turn)."""
        rules = self.ruleset
        if rules.outcome(self.state) is not None or side not in rules.to_act(self.state):
            return None
        return rules.random_order(self.state, side, rng)


@attrs.frozen
class Submitted:
    game: Game
    events: tuple[Event, ...]


def start(
    ruleset: Ruleset | str,
    options: Any = None,
    battlefield: Battlefield | None = None,
    seed: int = 0,
    players: tuple[str, str] = ("Player 1", "Player 2"),
) -> Game:
    """Set up a new game.  Raises ValueError when the options do not fit."""
    rules = find_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    if options is None:
        options = rules.default_options()
    if battlefield is None:
        raise ValueError("a game needs a battlefield")
    problem = rules.check_options(options, battlefield)
    if problem:
        raise ValueError(problem)
    state, events = rules.setup(options, battlefield, seed, tuple(players))
    return Game(
        ruleset_name=rules.name,
        options=options,
        battlefield=battlefield,
        seed=seed,
        players=tuple(players),
        state=state,
        log=tuple(events),
    )


def check(game: Game, order: Order, rules: Ruleset | None = None) -> Rejection | None:
    rules = rules or game.ruleset
    if not isinstance(order, rules.order_types):
        return Rejection("unknown-order", f"{rules.title} has no order {order.verb!r}")
    if rules.outcome(game.state) is not None:
        return Rejection("game-over", "The game is over.")
    if order.side not in rules.to_act(game.state):
        name = game.players[order.side] if order.side in (0, 1) else f"side {order.side}"
        return Rejection("not-your-turn", f"It is not {name}'s turn to act.")
    return rules.check(game.state, order)


def submit(game: Game, order: Order) -> Submitted | Rejection:
    """Apply ``order`` if it is legal, or say why not (the game unchanged)."""
    rules = game.ruleset
    rejection = check(game, order, rules)
    if rejection is not None:
        return rejection
    state, events = rules.apply(game.state, order)
    events = tuple(events)
    outcome = rules.outcome(state)
    # check() refused orders after the end, so the game was still going.
    if outcome is not None:
        name = game.players[outcome.winner] if outcome.winner is not None else ""
        events += (GameOver(outcome.winner, name, outcome.reason),)
    # Built directly rather than with attrs.evolve: this runs once per order.
    new = Game(game.ruleset_name, game.options, game.battlefield, game.seed, game.players, state,
               game.orders + (order,), game.log + events)
    return Submitted(new, events)


class ReplayError(ValueError):
    """An order in a recorded history could not be read or was refused."""

    def __init__(self, index: int, order_text: str, reason: str):
        super().__init__(f"order {index + 1} ({order_text!r}): {reason}")
        self.index = index
        self.order_text = order_text
        self.reason = reason


def replay(
    ruleset: Ruleset | str,
    options: Any,
    battlefield: Battlefield,
    seed: int,
    players: tuple[str, str],
    orders: Iterable[Order | str],
) -> Game:
    """Play a recorded history from the start; every order must be legal."""
    game = start(ruleset, options, battlefield, seed, players)
    rules = game.ruleset
    for index, item in enumerate(orders):
        text = item if isinstance(item, str) else item.to_text()
        try:
            order = rules.parse_order(item) if isinstance(item, str) else item
        except OrderSyntaxError as exc:
            raise ReplayError(index, text, str(exc)) from exc
        result = submit(game, order)
        if isinstance(result, Rejection):
            raise ReplayError(index, text, result.message)
        game = result.game
    return game


def undo(game: Game) -> Game:
    """The game as it was before its last order (replayed from the start)."""
    if not game.orders:
        return game
    return replay(game.ruleset, game.options, game.battlefield, game.seed, game.players, game.orders[:-1])


def _enemy_figures(game: Game, state: Any, side: int) -> frozenset:
    """What ``side`` can see of the other side's figures in ``state``."""
    rules = game.ruleset
    view = rules.view(state, side)
    return frozenset(u for u in rules.units(view) if u.side != side)


def take_back_refusal(game: Game, side: int) -> tuple[Rejection | None, Game | None]:
    """Whether ``side`` may take back its own last order, and the game
    without it.  The rule (the one Wesnoth uses for undo): the last order
    in the history is ``side``'s, the game is not over, no die was rolled
    for it, and it revealed nothing hidden (it changed nothing ``side``
    sees of the enemy's figures: where they are, what they are).  Since
    only the very last order may go, the other side cannot have acted
    since.  Returns (None, earlier game) when allowed, else (reason, None).
    """

    if not game.orders:
        return Rejection("nothing-to-take-back", "There is no order to take back yet."), None
    last = game.orders[-1]
    if last.side != side:
        who = game.players[last.side] if last.side in (0, 1) else "the other side"
        return Rejection("not-yours", f"The last order was {who}'s: you can take back only your own."), None
    if game.outcome is not None:
        return Rejection("game-over", "The game is over: its last order stands."), None
    earlier = undo(game)
    events = game.log[len(earlier.log):]
    if any(isinstance(e, Rolled) for e in events) or getattr(earlier.state, "dice", None) != getattr(game.state, "dice", None):
        return Rejection("dice-rolled", "Dice were rolled for that order: it stands."), None
    # Revealing is judged by what the side sees of the enemy's figures: its
    # own secrets (a Platemail order only its writer reads) reveal nothing.
    if _enemy_figures(game, earlier.state, side) != _enemy_figures(game, game.state, side):
        return Rejection("revealed", "That order showed you something of the enemy: it stands."), None
    return None, earlier
