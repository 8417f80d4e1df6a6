"""The generic ruleset adapter: how the shared game screen shows and asks
about a ruleset.  Every hook has a default that works from the ruleset
protocol alone, so a ruleset without an adapter is fully playable.

Hooks (subclass :class:`RulesetAdapter` and override any of them):

Drawing and words (called on every redraw, keep them cheap):

``unit_label(unit, compact=False) -> str``
    The three board columns for a figure (default: side mark, a letter
    from its id, facing arrow); two with ``compact`` (the board's compact
    cell width).  The two sides' labels must differ in text, not only in
    colour; the board replaces any label two figures share.
``figure_lines(view, unit, side) -> list[str] | None``
    A figure's full stats as plain lines (the first names it and says its
    status; then wounds, defence or Threshold, weapons and ammunition...),
    for the figure list (``f``) and the cursor card.  Drawn from ``view``
    alone, what ``side`` (the side at the keyboard) may see; None: ``side``
    may not list this figure (it is hidden from it).  Default: one line
    from the ``UnitView``.
``describe(game, view, order) -> str``
    A menu label for an order (default ``ruleset.describe_order``).
``panel_lines(game, view, side, selected) -> list[str]``
    Extra side-panel lines below the situation (``selected`` is the
    selected ``UnitView`` or None).  Plain text, no markup.
``banner(game, side) -> str | None``
    Replace the "<name> to play" banner text.

Intercepting orders (each may return a ``ModalScreen`` whose result is an
``Order``, a sequence of ``Order``s submitted in turn, or None to cancel;
returning None from the hook means "use the generic behaviour"):

``prompt(game, side, orders)``
    Called after every redraw while ``side`` is to act and no modal is
    open, with all its legal orders.  Use it when the ruleset must ask
    before anything else (the Spheres of War Match choice).
``choose(game, side, orders, reason)``
    Called when several orders compete: ``reason`` is ``"cell"`` (Enter
    on a cell several orders point at) or ``"menu"`` (the ``o`` key).
    Default: a numbered :class:`tui.modals.ChoiceMenu`.
``confirm(game, side, order)``
    Called before a single order picked on the board (Enter on a cell
    only it points at) is submitted: return a modal to ask first (the
    Waylights attack preview), or None to submit at once.
``commands(game, side) -> list[tuple[str, Callable[[], ModalScreen]]]``
    Extra entries put first in the ``o`` menu, each opening a builder
    modal (a dice split, an IF/ELSE order) that returns orders.

``handover_detail(game, side) -> str``
    A line shown on the handover screen (hidden-information rulesets).

Board geometry (the Optio pre-game draws its operational map):

``battlefield(game, view) -> Battlefield``
    What the board draws (default ``game.battlefield``).
``board_grid(game, view) -> int``
    Draw a boundary every that many cells (default 0: none).
``units(game, view) -> list[UnitView]``
    The figures the screen shows and points at (default ``ruleset.units``).
``picture(game, view, picture) -> Picture``
    The board's picture, finished by the adapter (default: as it is); Optio
    draws its operational map in big cells, a large square each.
``order_cells(game, view, order) -> tuple[Cell, ...]``
    The board cells an order is given on (default ``ruleset.order_cells``).
``after_over(game)``, ``after_over_label(game)``
    A modal opened from the result screen's entry labelled so; a ``Game``
    it returns is started (and autosaved) as the next game.  Default None.
``result_headline(game)``
    The result screen's first words instead of "<name> wins" / "A draw".
``result_sides(game)``
    The result screen's lines on each side instead of the figures left and
    lost and the dice against the average (Optio: where each army stands
    and its kudo coins).  Default None: those lines.

Board marks and adapter keys (Plasto Latros arcs and artifacts):

``cell_marks(game, view, selected) -> dict[Cell, str]``
    Three columns drawn on an empty cell (an artifact); on a lit cell only
    the middle character shows inside the brackets.  Default: none.
``cell_shades(game, view, selected, cursor) -> dict[Cell, str]``
    One-character shade keys ("f" front, "b" back, "r" within reach) for
    cells; the board gives them a background and writes the key in an
    empty cell.  Drawn from ``view`` (the seat's) only.
``cursor_lines(game, view, selected, cursor) -> list[str]``
    What the cursor cell means for the selected figure (its line of
    sight there, who could strike or shoot it there, the cover it would
    have), shown on the cursor card under the side panel; called on
    every cursor move, so keep it cheap.  Default: nothing (a ruleset with
    sight says whether the selected figure sees the cursor cell).
``menu_orders(game, orders) -> list[Order]``
    The orders the ``o`` menu lists (default: all): an adapter whose
    ``offered`` adds orders for the board only (Platemail's Move to every
    reachable cell) leaves them out of the menu.
``keys() -> list[tuple[str, str, str]]``
    Extra screen keys as (keys, footer label, name).  Default: none.
``key(game, side, name, selected, cursor)``
    One of those keys was pressed: return a modal, an ``Order``, a sequence
    of orders (as ``prompt``), or None to just redraw.

The grammar of keys (the same in every ruleset):

``end_turn(game, side, orders) -> (order, question | None) | None``
    What ``p`` gives: end the turn, pass or commit, asking ``question``
    first when it is not None (default: ask only while Actions remain).
``why_not(game, side, selected, other) -> str | None``
    Why the selected figure has no order on the figure under the cursor
    (Enter there): the ruleset's refusal instead of a generic message.
``forced(game, side, orders) -> (order, why) | None``
    An order with no alternative (a defence roll) that the screen gives
    at once, logging ``why``: core's ``Ruleset.forced_order`` (a server's
    referee gives the same order for a player not connected).

Adapters never change state: the screen submits what their modals return
through ``core.game.submit`` and shows any ``Rejection``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from core.orders import Order, Role
from core.ruleset import Ruleset, UnitView
from tui.picture import BOARD_KEY, default_label

# What ``p`` gives is read from each order class's role (core.orders.Role),
# never from its verb: END_TURN ends a turn, READY ends a deployment.


def unit_headline(unit: UnitView, status: str | None = None) -> str:
    """A figure's first line: id, name, status (``status`` instead of the
    view's words), facing, where it stands."""
    facing = f", facing {unit.facing.value}" if unit.facing is not None else ""
    where = f" at {unit.pos[0]},{unit.pos[1]}" if unit.pos is not None else ""
    name = unit.name[:-len(unit.id)].rstrip() if unit.name.endswith(unit.id) else unit.name
    return f"{unit.id} {name}: {status if status is not None else unit.status}{facing}{where}"


def zone_words(battlefield: Any, side: int) -> str:
    """Where ``side``'s deployment zone lies, as its rectangles' corners
    (``0,0-13,1``)."""
    rects = [r for z in battlefield.zones if z.side == side for r in z.rects]
    corners = [f"{min(r.x0, r.x1)},{min(r.y0, r.y1)}-{max(r.x0, r.x1)},{max(r.y0, r.y1)}" for r in rects[:3]]
    return " and ".join(corners) + (" …" if len(rects) > 3 else "")


def deploy_refusal(rules: Ruleset, game: Any, side: int, selected: UnitView | None, cell: Any) -> str | None:
    """Why placing a figure on ``cell`` is refused while ``side`` deploys
    (the selected figure, else the first one still to place), in the
    core's words; an order outside the zone says where the zone lies.
    None when ``side`` is not deploying or nothing refuses it."""
    from core.deployment import Deploy
    from core.game import refusal

    placing = [o for o in game.legal_orders(side) if isinstance(o, Deploy)]
    if not placing:
        return None
    unit = selected.id if selected is not None and selected.side == side else placing[0].unit
    refused = refusal(rules, game.view(side), Deploy(side, unit, tuple(cell)), game.players)
    if refused is None:
        return None
    message = refused.message
    if refused.code == "outside-zone":
        message = f"{message.rstrip('.')}; yours is {zone_words(game.battlefield, side)}."
    return f"{unit} cannot deploy at {cell[0]},{cell[1]}: {message}"


class RulesetAdapter:
    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        # Whether two people share this keyboard (hot-seat): only then does
        # a prompt say "hand the keyboard to ..." (the game screen sets it).
        self.shared_keyboard = True

    # The legend's words for what compact labels draw that full ones spell
    # out (None: nothing extra); shown under the legend while cells are narrow.
    compact_key: str | None = None
    board_key = BOARD_KEY  # the legend's last words: the marks this board draws (Optio's map has its own)

    def replay_place_words(self, pos: tuple[int, int]) -> str:
        """What ``skirmish replay`` adds to a figure's cell, when the game
        and its log count places otherwise (Optio's large squares); ""."""
        return ""

    # The footer's word for ``p`` (what ``end_turn`` gives in this ruleset).
    end_turn_label = "End turn"
    # Any other word ``end_turn_word`` may give: the footer declares a key for each.
    end_turn_other_words: ClassVar[tuple[str, ...]] = ()

    # The new-game form's list model of a side's force
    # (``tui/warband_models.py``), None where the force is not chosen.
    warband_model: ClassVar[type | None] = None

    # -- drawing and words ----------------------------------------------------
    def unit_label(self, unit: UnitView, compact: bool = False) -> str:
        return default_label(unit, compact)

    def figure_lines(self, view: Any, unit: UnitView, side: int | None) -> list[str] | None:
        return [unit_headline(unit)]

    def compact_names(self, units: Sequence[UnitView]) -> str | None:
        """One line at the top of the side panel while cells are compact,
        naming a figure of each side by its board label and its id (the
        log's name), where the two differ; None: nothing (the legend's
        ``compact_key`` says the rest)."""
        return None

    def describe(self, game: Any, view: Any, order: Order) -> str:
        try:
            return self.ruleset.describe_order(view, order)
        except Exception:
            return order.to_text()

    def panel_lines(self, game: Any, view: Any, side: int | None, selected: UnitView | None) -> list[str]:
        return []

    def banner(self, game: Any, side: int | None) -> str | None:
        return None

    def handover_detail(self, game: Any, side: int) -> str:
        return ""

    # -- board geometry ---------------------------------------------------------
    def battlefield(self, game: Any, view: Any) -> Any:
        return game.battlefield

    def board_grid(self, game: Any, view: Any) -> int:
        return 0

    def drawn_glyphs(self, field: Any) -> set[str] | None:
        """The terrain glyphs the board draws for ``field``, when not just
        its cells' (the legend lists these); None: its cells'."""
        return None

    def units(self, game: Any, view: Any) -> list[UnitView]:
        return list(self.ruleset.units(view))

    def picture(self, game: Any, view: Any, picture: Any) -> Any:
        return picture

    def order_cells(self, game: Any, view: Any, order: Order) -> tuple:
        return tuple(self.ruleset.order_cells(view, order))

    def offered(self, game: Any, side: int, orders: list[Order]) -> list[Order]:
        """The orders a person is offered on the board: the engine's listing,
        plus any the ruleset accepts but leaves out of it (the computer keeps
        choosing from the listing alone)."""
        return orders

    def menu_orders(self, game: Any, orders: list[Order]) -> list[Order]:
        """The orders the ``o`` menu (and Enter on the selected figure) lists
        among ``orders``: all but those offered on the board only.  Placing
        one figure on a cell of the zone is chosen on the board (a list of
        every free cell is of no use); an adapter leaves out its own others
        (Platemail's Move to every reachable cell)."""
        from core.deployment import Deploy

        return [o for o in orders if not isinstance(o, Deploy)]

    def plays_back(self, game: Any, side: int | None, events: Sequence[Any]) -> bool:
        """Whether ``events``, about to be told to ``side``, are shown next
        by a window of this ruleset's own, paced (Platemail's Round
        playback): then the narrator writes them to the log at once instead
        of playing them out too (tui/narrator.py)."""
        return False

    def after_over(self, game: Any) -> Any:
        return None

    def after_over_label(self, game: Any) -> str | None:
        """The result screen's entry that opens ``after_over`` (None: no entry)."""
        return None

    def result_headline(self, game: Any) -> str | None:
        """The result's first words (default: "<name> wins" or "A draw")."""
        return None

    def result_sides(self, game: Any) -> list[str] | None:
        """The result's lines on each side (default None: figures and luck)."""
        return None

    # -- board marks and adapter keys -------------------------------------------
    def cell_marks(self, game: Any, view: Any, selected: UnitView | None) -> dict:
        return {}

    def cell_shades(self, game: Any, view: Any, selected: UnitView | None, cursor: Any) -> dict:
        return {}

    def cursor_lines(self, game: Any, view: Any, selected: UnitView | None, cursor: Any) -> list[str]:
        return []

    def keys(self) -> list[tuple[str, str, str]]:
        return []

    # The names of :meth:`keys` that only show something (no order, no
    # writing): offered to an onlooker and after the game's end too; the
    # others only to a side still playing (tui/screen_keys.py ``enabled``).
    looking_keys: ClassVar[frozenset[str]] = frozenset()

    def give(self, game: Any, side: int | None, verb: str, orders: Sequence[Order]) -> Any:
        """What a key that gives an order by its verb (``d``: deploy the
        rest, ``r``: ready) gives: the offered order of that verb, or the
        ruleset's own choice of orders (a list), or None."""
        return next((o for o in orders if o.verb == verb), None)

    def key(self, game: Any, side: int | None, name: str, selected: UnitView | None, cursor: Any) -> Any:
        """What a key of :meth:`keys` does: an order (or several) to submit,
        a modal to open, a sentence saying why it does nothing now (shown in
        the log pane), or None (just redraw)."""
        return None

    # -- intercepting orders ----------------------------------------------------
    def prompt(self, game: Any, side: int, orders: Sequence[Order]) -> Any:
        return None

    def drafts_waiting(self, game: Any, side: int, drafts: Sequence[dict]) -> None:
        """``side`` is about to have the keyboard with ``drafts`` from a save
        still to reopen (tui/drafts.py): what they show that side had seen
        before the save (a prompt it had already closed, as Platemail's
        playback of the last Round) need not open again first."""

    def choose(self, game: Any, side: int, orders: Sequence[Order], reason: str) -> Any:
        return None

    def confirm(self, game: Any, side: int, order: Order) -> Any:
        return None

    def commands(self, game: Any, side: int) -> list[tuple[str, Callable[[], Any]]]:
        return []

    # -- the grammar of keys shared by every ruleset -------------------------------
    def end_turn(self, game: Any, side: int, orders: Sequence[Order]) -> tuple[Order, str | None] | None:
        """The order ``p`` gives (end the turn, pass, commit) and the question
        to ask first, or None when nothing ends the turn now.  The default
        asks only while some other order (an Action) remains.  During
        deployment it says Ready (only offered once every figure is placed;
        moving a placed figure again is not an Action, so it does not ask)."""
        ready = next((o for o in orders if o.role is Role.READY), None)
        if ready is not None:
            return ready, None
        ends = [o for o in orders if o.role is Role.END_TURN]
        if not ends:
            return None
        order = ends[0]
        others = [o for o in orders if o.role is not Role.END_TURN]
        if not others:
            return order, None
        view = game.view(side)
        return order, f"{game.players[side]}: {self.describe(game, view, order)}? {len(others)} other order(s) are still possible."

    def end_turn_word(self, game: Any, side: int) -> str:
        """The footer's word for ``p`` now (what it gives ``side`` at this
        moment): ``end_turn_label``, or one of ``end_turn_other_words``."""
        return self.end_turn_label

    def ends_turns_by_key(self, game: Any, side: int) -> bool:
        """Whether ``p`` ends turns at all in this part of the game (while
        it does, the footer offers it even when the rules refuse it now,
        with ``why_no_end_turn``'s words); False: turns end by themselves
        now (Optio's closing), so the footer leaves it out."""
        return True

    def why_no_end_turn(self, game: Any, side: int) -> str | None:
        """Why ``p`` ends nothing now, in the ruleset's words (a refusal of
        its end-of-turn order); None: the generic message."""
        return None

    def why_not(self, game: Any, side: int, selected: UnitView, other: UnitView) -> str | None:
        """Why ``selected`` has no order on ``other`` (an enemy it cannot
        attack, say), in the ruleset's words; None: the generic message."""
        return None

    def why_idle(self, game: Any, view: Any, unit: UnitView) -> str | None:
        """Why ``unit``, a figure of the side to act, has no order now (held
        in a fight, say), in the ruleset's words; None: the generic message."""
        return None

    def cell_words(self, game: Any, view: Any, cell: Any) -> str | None:
        """What stands on ``cell`` besides its terrain and figures (an
        artifact, a door), for the cursor's line; None: the terrain alone."""
        return None

    def why_nothing_at(self, game: Any, side: int, selected: UnitView | None, cell: Any) -> str | None:
        """Why Enter on the empty ``cell`` gives the selected figure no order
        there (too far, its split not declared, outside the zone), in the
        ruleset's words; None: the generic message.  The default answers
        while deploying: the core's refusal of placing the selected figure
        (else the first still to place) there, with where the zone lies."""
        return deploy_refusal(self.ruleset, game, side, selected, cell)

    def forced(self, game: Any, side: int, orders: Sequence[Order]) -> tuple[Order, str] | None:
        """An order with no alternative that the screen gives by itself
        (a defence roll), with the sentence saying why: the ruleset's own
        rule (``Ruleset.forced_order``), while ``orders`` offers it."""
        forced = self.ruleset.forced_order(game.state, side)
        if forced is None or forced.order not in orders:
            return None
        return forced.order, forced.why
