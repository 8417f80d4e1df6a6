"""The protocol every ruleset implements, and the values it speaks in.

A ruleset writes the rules (setup, who acts, legal orders, check, apply,
outcome, views); :mod:`core.game` keeps the bookkeeping (history, log,
refusing orders out of turn or after the end).

The :class:`Ruleset` object is also the single plug-in: everything the rest
of Skirmish asks about a ruleset (its Why? explanations, the computer's
knowledge of it with its sampler of what a side cannot see, the battlefield
an Optio pre-game cuts for it, its help page, which statuses mean a figure
is out of the fight, and, on its order classes, each order's
:class:`core.orders.Role`) it answers itself.  Those hooks are abstract: a
ruleset that leaves one out cannot be made at all, instead of playing on
with a silent default.  Nothing else keeps a table keyed by a ruleset's
name; :mod:`core.registry` is the one list of them.
"""

from __future__ import annotations

import abc
import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from core.board import Battlefield, Cell, Facing, Terrain
from core.events import Event
from core.orders import DRAW_ORDERS, Concede, Forfeit, Order, OrderCodec

if TYPE_CHECKING:  # only the types: core draws nothing from the global random,
    import random  # and a ruleset's module never imports the computer player

    from core.ai.knowledge import Knowledge
    from core.explain import Ref

@attrs.frozen
class Rejection:
    """An order refused: a short code for programs, a sentence for people."""

    code: str
    message: str

    def __str__(self) -> str:
        return self.message


@attrs.frozen
class Forced:
    """An order a side must give now because it has no other (a Spheres of
    War defence roll): nobody has anything to decide, so whoever holds the
    game may give it (the screen at once, a server's referee for a player
    not connected) and nobody waits on it (docs/rulings.md, *Leaving a
    server game*).  ``why`` says so in the ruleset's words, for the log."""

    order: Order
    why: str


@attrs.frozen
class Outcome:
    """How a game ended.  ``winner`` is a side, or None for a draw."""

    winner: int | None
    reason: str


@attrs.frozen
class Capabilities:
    """What kind of game a ruleset is, as data the TUI and tests read."""

    sides: int = 2
    simultaneous_orders: bool = False
    hidden_information: bool = False
    dice: tuple[str, ...] = ()
    # False where a game names no winner (Optio's pre-game): no draw to agree,
    # and a concession names no winner either (docs/rulings.md, Conceding).
    names_winner: bool = True
    # Where no winner is named: what a game given up leaves, for the outcome
    # of a concession ("Ann conceded; <this>").
    conceded_leaves: str = ""


@attrs.frozen
class BattlefieldProfile:
    """How an Optio pre-game's cut-out becomes this ruleset's battlefield
    (issue 6's hand-off, ``core/rulesets/optio/terrain.py``): how many cells
    each small square becomes, each way, and what a map kind means here
    where it differs from the base terrain (``docs/optio-maps.md``)."""

    scale: int  # battlefield cells per small square, each way
    terrain: tuple[tuple[str, Terrain], ...] = ()  # map kind -> terrain, over the base
    note: str = ""  # the docs' words on this scale


@attrs.frozen
class UnitView:
    """One figure as the board, the side panel and ``skirmish replay`` see it."""

    id: str
    side: int
    name: str
    pos: Cell | None
    status: str = "ready"
    facing: Facing | None = None
    glyph: str = ""
    markers: str = ""  # short letters for states, readable without colour


@attrs.frozen
class Situation:
    """Where the game stands, in words."""

    turn: int
    phase: str
    to_act: frozenset[int]
    detail: str = ""
    deploying: bool = False  # the figures are being set up: no turn has begun

    def heading(self, turn_word: str, sep: str = " · ") -> str:
        """Where the game stands, as a header says it: ``Round 2 · actions``,
        or while deploying ``Deployment · before Round 1`` in every ruleset
        (their counters stand at 0 or 1 then: neither is a turn played)."""
        if self.deploying:
            return f"Deployment{sep}before {turn_word} 1"
        return f"{turn_word} {self.turn}{sep}{self.phase}"

    def turn_words(self, turn_word: str) -> str:
        """The turn alone (``Round 2``), ``Deployment`` while deploying."""
        return "Deployment" if self.deploying else f"{turn_word} {self.turn}"


def generic_terrain_words(terrain: Terrain) -> list[str]:
    """:meth:`Ruleset.terrain_words` read off the battlefield's generic
    fields alone, as no ruleset in particular would (a legend drawn for no
    ruleset)."""
    words = []
    if terrain.blocks_move:
        words.append("blocks")
    if terrain.elevation:
        words.append(f"height {terrain.elevation}")
    if terrain.cover:
        words.append(f"cover {terrain.cover}")
    return words


class Ruleset(abc.ABC):
    """One ruleset.  Subclass it in ``core/rulesets/<name>/``, answer every
    abstract method (the rules, then the plug-in's hooks at the end of this
    class) and add the instance to the list in :mod:`core.registry`."""

    name: ClassVar[str]  # the id used in saves and on the command line
    title: ClassVar[str]
    summary: ClassVar[str]  # one line for ``skirmish rules``
    capabilities: ClassVar[Capabilities] = Capabilities()
    options_type: ClassVar[type]
    state_type: ClassVar[type]
    order_types: ClassVar[tuple[type[Order], ...]]
    # The shipped battlefield (by name) a new game offers first.
    default_battlefield: ClassVar[str] = "open-12"
    # What the printed rules call the unit Situation.turn counts ("Round"
    # where the rules count Rounds): the banner, panel and result use it.
    turn_word: ClassVar[str] = "Turn"

    @functools.cached_property
    def codec(self) -> OrderCodec:
        # Every ruleset reads a concession, a forfeit and the draw's orders too
        # (core.game takes them, not the ruleset).
        return OrderCodec((*self.order_types, Concede, Forfeit, *DRAW_ORDERS))

    def parse_order(self, text: str) -> Order:
        return self.codec.parse(text)

    def default_options(self) -> Any:
        return self.options_type()

    def check_options(self, options: Any, battlefield: Battlefield) -> str | None:
        """A reason these options or this battlefield cannot be played, or None."""
        return None

    @abc.abstractmethod
    def setup(
        self, options: Any, battlefield: Battlefield, seed: int, players: tuple[str, str]
    ) -> tuple[Any, list[Event]]:
        """The opening state and whatever happened while setting up."""

    @abc.abstractmethod
    def to_act(self, state: Any) -> frozenset[int]:
        """The sides that may submit an order now (two for simultaneous orders)."""

    @abc.abstractmethod
    def legal_orders(self, state: Any, side: int) -> Sequence[Order]:
        """Every order ``side`` could submit now (for menus, hints and computer players)."""

    def random_order(self, state: Any, side: int, rng: random.Random) -> Order | None:
        """One legal order for ``side``, drawn with ``rng`` (a seeded
        ``random.Random`` the caller owns; core keeps no global random), or
        None when ``side`` has none.  Computer players and the benchmarks
        use it.  This default draws uniformly from :meth:`legal_orders`, so
        the same ``rng`` state gives the same order as
        ``rng.choice(legal_orders(...))``; a ruleset may override it with a
        draw that does not list every order, provided every order it returns
        is legal by construction (a play-out applies it with
        ``core.game.step_unchecked``; ``submit`` checks it in full, like any
        other order)."""
        legal = self.legal_orders(state, side)
        return rng.choice(legal) if legal else None

    def forced_order(self, state: Any, side: int) -> Forced | None:
        """The order ``side`` must give now when the rules leave it no
        other (``Forced``), or None: it has a choice, or nothing to give.
        Only a ruleset whose rules force an order answers it (one legal
        order alone is not enough: a Ready or a commit is still the
        player's to give when they choose).  Default None."""
        return None

    @abc.abstractmethod
    def check(self, state: Any, order: Order) -> Rejection | None:
        """Why ``order`` is illegal now, or None when it may be applied.

        The core asks it (``core.game.refusal``, ``submit``) only after its
        own checks: the order is one of ``order_types``, the game is not
        over and ``order.side`` is in ``to_act``; so a ruleset repeats none
        of those, and whoever asks it directly has answered them.  The answer depends on the order's value alone (an
        equal order gets the same answer, whatever object it is) and the
        check changes nothing (its memo may learn derived facts, see
        ``core.memo``)."""

    @abc.abstractmethod
    def apply(self, state: Any, order: Order) -> tuple[Any, list[Event]]:
        """The state after a checked order, and what happened (a search's
        unchecked step calls it directly: ``core.game.step_unchecked``)."""

    @abc.abstractmethod
    def outcome(self, state: Any) -> Outcome | None:
        """How the game ended, or None while it goes on."""

    @abc.abstractmethod
    def units(self, state: Any) -> Sequence[UnitView]:
        """Every figure, for the board and the replay printout."""

    def turn_limit_words(self, state: Any, turn: int) -> str:
        """What a heading puts after the turn's number: the game's limit, in
        the units its options set it in (``"/12"``), or ``""`` for none."""
        return ""

    def turns_played(self, state: Any, log: Sequence[Event], played: int) -> tuple[int, str]:
        """The result's count of turns played (``played``, worked out the
        same way for every ruleset) and words on what they were, where a
        ruleset's turns are of more than one kind; ``(played, "")`` here."""
        return played, ""

    @abc.abstractmethod
    def situation(self, state: Any) -> Situation:
        """Turn, phase and who acts, for the banner and the replay printout."""

    # -- hooks for the shared game screen (defaults work for any ruleset) --
    def order_unit(self, order: Order) -> str | None:
        """The figure an order acts with, if any (selects it on the board)."""
        return getattr(order, "unit", None)

    def order_cells(self, state: Any, order: Order) -> tuple[Cell, ...]:
        """Cells an order points at (destination, target's cell) for
        highlighting and for choosing the order by moving the cursor there."""
        cells = []
        for name in ("to", "at", "cell", "dest", "destination"):
            value = getattr(order, name, None)
            if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
                cells.append(value)
        return tuple(cells)

    def describe_order(self, state: Any, order: Order) -> str:
        """A short label for menus, in the ruleset's own words."""
        return order.to_text()

    def view(self, state: Any, side: int | None) -> Any:
        """The state with what ``side`` may not see removed (None: a neutral
        onlooker, who sees only what both sides may see)."""
        return state

    # What the new-game form says of ground whose terrain_words are empty
    # (woods where these rules give woods nothing to do).
    idle_ground_words: ClassVar[str] = "no effect in these rules"

    def terrain_words(self, terrain: Terrain) -> list[str]:
        """What ``terrain`` does in this ruleset, in a few short words for
        the board's legend and the new-game form ("blocks", "height 1");
        empty when it plays as open ground.  This default reads the
        battlefield's generic fields; a ruleset whose rules read terrain
        otherwise says only what its own rules do with it."""
        return generic_terrain_words(terrain)

    def feature_words(self, kind: str) -> str:
        """What a battlefield feature of ``kind`` (a door) does in this
        ruleset, in a few words for the new-game form; empty: nothing (the
        ground under it is named as any other)."""
        return ""

    # -- the plug-in: what the rest of Skirmish asks of a ruleset ------------
    # Every hook is abstract, so a ruleset missing one fails when it is made
    # (``TypeError: Can't instantiate abstract class ...``), never later.  A
    # data hook is answered with a plain class attribute (``help_page =
    # "platemail.md"``), a behaviour with a method.
    @property
    @abc.abstractmethod
    def help_page(self) -> str:
        """The file of this ruleset's in-app help in ``tui/help/`` (the TUI
        reads it; its ``## `` headings are the sections a Why? names)."""

    @property
    @abc.abstractmethod
    def battlefield_profile(self) -> BattlefieldProfile | None:
        """How an Optio pre-game's ground is cut for this ruleset's battle,
        or None for a ruleset never fought on it (Optio itself)."""

    @property
    @abc.abstractmethod
    def fallen_statuses(self) -> frozenset[str]:
        """The words of :attr:`UnitView.status` (up to its first comma) for
        a figure out of the fight though it may still lie on the board; the
        computer's default reckoning of strength leaves them out."""

    @abc.abstractmethod
    def explain(self, events: Sequence[Event], index: int) -> tuple[list[str], Ref]:
        """Why ``events[index]`` happened: the working lines and the rule
        (``core/rulesets/<name>/explain.py``; :func:`core.explain.explain`
        puts the answer together)."""

    @abc.abstractmethod
    def knowledge(self) -> Knowledge:
        """A fresh :class:`core.ai.knowledge.Knowledge` for this ruleset: the
        computer's evaluation, its ranking of orders and its sampler of the
        hidden information (``sample_hidden``).  Import the knowledge module
        inside the method: importing a ruleset never imports the computer."""
