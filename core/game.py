"""A game in progress: the ruleset's state plus the history the core keeps.

Two ways move a game on, and only two:

* ``submit`` is the checked boundary, the only way a *game* changes.  It
  refuses (``refusal``) an order of a kind the ruleset does not have, any
  order after the end, an order from a side that may not act now (the
  core's own wording, said here and nowhere else), and then whatever the
  ruleset's ``check`` refuses; a refused order leaves the game exactly as
  it was.  A ruleset's ``check`` assumes those first three questions are
  answered: it is asked only about an order of a side that may act in a
  game still going on.  One order is the core's own in every ruleset:
  ``Concede``, which either side may give at any moment of a game going
  on; it ends the game (the other side wins) without touching the state.
  ``Forfeit`` is a concession the server's referee gives for a player who
  left (the core takes it alike; no seat may give it).  A draw by
  agreement is the core's too: ``OfferDraw`` from either side at any
  moment, and the other side's answer to the offer that stands
  (``standing_offer``), ``AgreeDraw`` (the game ends drawn) or
  ``DeclineDraw``; none of them touches the state.
* ``step_unchecked`` is the fast path for searches and random play-outs
  over bare states: it applies an order with no check at all, like
  python-chess's ``Board.push`` beside ``is_legal`` or OpenSpiel's
  ``ApplyAction``.  It is for an order taken from ``legal_orders`` or the
  ruleset's own ``random_order`` for that very state (or one that
  ``refusal`` has just passed); anything else is the caller's bug.

What a side may see is decided in one place, :func:`redact`: the
ruleset's ``view`` (what the other side hides), then what no side may see
removed (the dice seed).  ``Game.view`` is it; every seat, screen, adapter,
replay, wire message and the computer read a side's state through it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from core import registry
from core.board import Battlefield
from core.deployment import DeployAll, deploy_all_refusal
from core.dice import without_seed
from core.events import (
    Conceded,
    DrawAgreed,
    DrawDeclined,
    DrawOffered,
    Event,
    Forfeited,
    GameOver,
    Rolled,
    visible_to,
)
from core.orders import DRAW_ORDERS, AgreeDraw, Concede, DeclineDraw, Forfeit, OfferDraw, Order, OrderSyntaxError
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
    def concession(self) -> Concede | None:
        """The concession that ended the game, if one did: always the last
        order, since nothing is taken after it."""
        last = self.orders[-1] if self.orders else None
        return last if isinstance(last, Concede) else None  # a Forfeit too

    @property
    def agreed_draw(self) -> bool:
        """Whether the game ended by the players agreeing a draw: always
        the last order, since nothing is taken after it."""
        return bool(self.orders) and isinstance(self.orders[-1], AgreeDraw)

    @property
    def outcome(self) -> Outcome | None:
        given = self.concession
        if given is not None:
            return conceded(given, self.players, self.ruleset)
        if self.agreed_draw:
            return agreed(self.orders[-1].side, self.players)
        return self.ruleset.outcome(self.state)

    @property
    def to_act(self) -> frozenset[int]:
        if self.outcome is not None:
            return frozenset()
        return self.ruleset.to_act(self.state)

    def view(self, side: int | None) -> Any:
        """What ``side`` may see of the state now (:func:`redact`)."""
        return redact(self.ruleset, self.state, side)

    def log_for(self, side: int | None) -> tuple[Event, ...]:
        """The events ``side`` may read (None: the neutral onlooker)."""
        return tuple(e for e in self.log if visible_to(e, side))

    def legal_orders(self, side: int):
        rules = self.ruleset
        if self.outcome is not None or side not in rules.to_act(self.state):
            return []
        return list(rules.legal_orders(self.state, side))

    def random_order(self, side: int, rng: Any):
        """A legal order for ``side`` drawn with ``rng`` (``Ruleset.random_order``),
        or None when it has none (the game is over or it is not its turn)."""
        rules = self.ruleset
        if self.outcome is not None or side not in rules.to_act(self.state):
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
    first, second = players
    names = (first, second)
    state, events = rules.setup(options, battlefield, seed, names)
    return Game(
        ruleset_name=rules.name,
        options=options,
        battlefield=battlefield,
        seed=seed,
        players=names,
        state=state,
        log=tuple(events),
    )


def gave_up(given: Concede) -> str:
    """How the player gave the game up: "conceded", or a forfeit's reason
    ("left the game", "stopped playing")."""
    return given.reason if isinstance(given, Forfeit) else "conceded"


def conceded(given: Concede, players: tuple[str, str], rules: Ruleset | None = None) -> Outcome:
    """How a game ends when ``given.side`` concedes (or forfeits): the other
    side wins, except in a game that names no winner (``rules``'
    ``Capabilities.names_winner``: Optio's pre-game), which ends with none
    and says what is left undecided (docs/rulings.md, Conceding)."""
    how = gave_up(given)
    caps = rules.capabilities if rules is not None else None
    if caps is not None and not caps.names_winner:
        left = f"; {caps.conceded_leaves}" if caps.conceded_leaves else "; no winner is named"
        return Outcome(None, f"{players[given.side]} {how}{left}")
    return Outcome(1 - given.side, f"{players[given.side]} {how}")


def concession_effect(rules: Ruleset, players: tuple[str, str], side: int) -> str:
    """What ``side`` conceding would bring, for the question that asks it:
    "Bo wins", or what a game that names no winner leaves undecided."""
    if rules.capabilities.names_winner:
        return f"{players[1 - side]} wins"
    return rules.capabilities.conceded_leaves or "no winner is named"


def agreed(side: int, players: tuple[str, str]) -> Outcome:
    """How a game ends when ``side`` agrees to the other's offer of a draw."""
    return Outcome(None, f"{players[1 - side]} offered a draw and {players[side]} agreed")


def standing_offer(log: Iterable[Event]) -> int | None:
    """The side whose offer of a draw stands (made and not yet answered) in
    ``log``, or None.  The offers and answers are read by every side, so a
    seat's own log tells it as well as the game's."""
    for event in reversed(tuple(log)):
        if isinstance(event, DrawOffered):
            return event.side
        if isinstance(event, (DrawDeclined, DrawAgreed)):
            return None
    return None


def draw_refusal(game: Game | Any, order: Order) -> Rejection | None:
    """Why a draw's order may not be given now, or None (a game going on).
    ``game`` may be a seat's moment (``core.seats.SeatGame``): what it reads,
    the ruleset, the state, the log and the players, every seat holds (the
    offers and answers are no secret)."""
    if order.side not in (0, 1):
        return Rejection("not-a-side", f"There is no side {order.side} to {order.verb}.")
    rules = game.ruleset
    if not rules.capabilities.names_winner:
        return Rejection("no-draw", f"{rules.title} names no winner: there is no draw to agree.")
    if rules.outcome(game.state) is not None:
        return Rejection("game-over", "The game is over.")
    standing, other = standing_offer(game.log), game.players[1 - order.side]
    if isinstance(order, OfferDraw):
        if standing == order.side:
            return Rejection("offer-stands", f"Your offer of a draw stands: {other} has not answered it yet.")
        if standing is not None:
            return Rejection("answer-offer", f"{other} has offered a draw: agree to it or decline it.")
        return None
    if standing != 1 - order.side:
        return Rejection("no-offer", f"{other} has no offer of a draw standing to answer.")
    return None


def refusal(rules: Ruleset, state: Any, order: Order,
            players: tuple[str, str] | None = None) -> Rejection | None:
    """Why ``order`` may not be submitted in ``state``, or None: the whole
    check of the boundary (see the module's docstring), for a bare state.
    ``players`` names the side in the turn refusal (else "Player N").  The
    search asks it of an order found in another sample of hidden facts,
    and a screen of a move it previews.  A concession (``Concede``) is the
    core's, not the ruleset's: either side may give it at any moment of a
    game going on."""
    if isinstance(order, Concede):  # a Forfeit too
        if order.side not in (0, 1):
            return Rejection("not-a-side", f"There is no side {order.side} to {order.verb}.")
        if rules.outcome(state) is not None:
            return Rejection("game-over", "The game is over.")
        return None
    if isinstance(order, DRAW_ORDERS):  # check() asks draw_refusal, which reads the game's log
        return Rejection("needs-game", "A draw is offered and answered in a game, not in a bare state.")
    if not isinstance(order, rules.order_types):
        return Rejection("unknown-order", f"{rules.title} has no order {order.verb!r}")
    if rules.outcome(state) is not None:
        return Rejection("game-over", "The game is over.")
    if order.side not in rules.to_act(state):
        if order.side in (0, 1):
            name = players[order.side] if players is not None else f"Player {order.side + 1}"
        else:
            name = f"side {order.side}"
        return Rejection("not-your-turn", f"It is not {name}'s turn to act.")
    refused = rules.check(state, order)
    if refused is None and isinstance(order, DeployAll):  # with nothing left to place it does nothing
        who = f"{players[order.side]} (side={order.side})" if players is not None else f"side={order.side}"
        return deploy_all_refusal(rules, state, order, who)
    return refused


def check(game: Game, order: Order, rules: Ruleset | None = None) -> Rejection | None:
    """Why ``submit`` would refuse ``order`` now, or None (``refusal`` on the
    game, which may also be over by a concession its state does not show)."""
    if game.concession is not None or game.agreed_draw:
        return Rejection("game-over", "The game is over.")
    if isinstance(order, DRAW_ORDERS):
        return draw_refusal(game, order)
    return refusal(rules or game.ruleset, game.state, order, game.players)


def step_unchecked(rules: Ruleset, state: Any, order: Order) -> tuple[Any, list[Event]]:
    """The state after ``order`` and what happened, with **no check**: the
    fast path of searches and play-outs (python-chess's ``push``, OpenSpiel's
    ``ApplyAction``).  Only for an order taken from ``rules.legal_orders``
    or ``rules.random_order`` for this very ``state``, or one ``refusal``
    has just passed in it; any other order may give a state the rules
    never allow, or raise.  No game's history records it: a game moves on
    only through ``submit``."""
    return rules.apply(state, order)


def submit(game: Game, order: Order) -> Submitted | Rejection:
    """Apply ``order`` if it is legal, or say why not (the game unchanged):
    the checked boundary."""
    rules = game.ruleset
    rejection = check(game, order, rules)
    if rejection is not None:
        return rejection
    if isinstance(order, Concede):  # a Forfeit too
        return _concede(game, order)
    if isinstance(order, DRAW_ORDERS):
        return _draw(game, order)
    state, applied = rules.apply(game.state, order)
    events = tuple(applied)
    outcome = rules.outcome(state)
    # refusal() refused orders after the end, so the game was still going.
    if outcome is not None:
        name = game.players[outcome.winner] if outcome.winner is not None else ""
        events += (GameOver(outcome.winner, name, outcome.reason),)
    # Built directly rather than with attrs.evolve: this runs once per order.
    new = Game(game.ruleset_name, game.options, game.battlefield, game.seed, game.players, state,
               game.orders + (order,), game.log + events)
    return Submitted(new, events)


def _concede(game: Game, order: Concede) -> Submitted:
    """The game ended by ``order``: its state stays as it was (the figures
    where they stood), the concession is its last order."""
    outcome = conceded(order, game.players, game.ruleset)
    said = (Forfeited(order.side, game.players[order.side], order.idle) if isinstance(order, Forfeit)
            else Conceded(order.side, game.players[order.side]))
    name = game.players[outcome.winner] if outcome.winner is not None else ""
    events = (said, GameOver(outcome.winner, name, outcome.reason))
    new = Game(game.ruleset_name, game.options, game.battlefield, game.seed, game.players, game.state,
               game.orders + (order,), game.log + events)
    return Submitted(new, events)


def _draw(game: Game, order: Order) -> Submitted:
    """An offer of a draw or its answer: the state stays as it was; an
    agreement ends the game drawn (nothing is taken after it)."""
    name = game.players[order.side]
    events: tuple[Event, ...]
    if isinstance(order, OfferDraw):
        events = (DrawOffered(order.side, name),)
    elif isinstance(order, DeclineDraw):
        events = (DrawDeclined(order.side, name),)
    else:
        events = (DrawAgreed(order.side, name), GameOver(None, "", agreed(order.side, game.players).reason))
    new = Game(game.ruleset_name, game.options, game.battlefield, game.seed, game.players, game.state,
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


def redact(rules: Ruleset, state: Any, side: int | None) -> Any:
    """The one redaction: ``state`` as ``side`` may see it (None: the
    neutral onlooker).  The ruleset's ``view`` removes what the other side
    hides (orders, positions, kinds); then what no side may see goes, the
    dice roller's seed and any scripted faces (``core.dice.without_seed``),
    which would foretell every roll to come.  The count of rolls stays."""
    return without_seed(rules.view(state, side))


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


def _revealed(game: Game, before: Any, after: Any, side: int) -> bool:
    """Whether going from ``before`` to ``after`` may have shown ``side``
    something hidden from it.  A ruleset that hides nothing (no hidden
    information, no secret orders: its ``Capabilities``) can reveal
    nothing, however the figures change (the mark of the figure whose
    turn it is, a threat, a Match); in one that hides, any change in what
    ``side`` sees of the enemy's figures counts (a secret order carried
    out moves them, a hidden block turned face up shows its kind)."""
    caps = game.ruleset.capabilities
    if not (caps.hidden_information or caps.simultaneous_orders):
        return False
    return _enemy_figures(game, before, side) != _enemy_figures(game, after, side)


def take_back_refusal(game: Game, side: int) -> tuple[Rejection | None, Game | None]:
    """Whether ``side`` may take back its own last order, and the game
    without it.  The rule (the one Wesnoth uses for undo): the last order
    in the history is ``side``'s, the game is not over, no die was rolled
    for it, and it revealed nothing hidden (``_revealed``: in a ruleset
    that hides something, it changed nothing ``side`` sees of the enemy's
    figures).  Since
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
    if _revealed(game, earlier.state, game.state, side):
        return Rejection("revealed", "That order showed you something of the enemy: it stands."), None
    return None, earlier
