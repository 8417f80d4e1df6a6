"""The Optio pre-game on the shared game screen (seed 003, issue 6).

The board draws the operational map at its own scale: one cell a large
square (:func:`square_battlefield`, 5x5), each drawn eight columns by three
rows: an edge column, then a seven-by-three picture of its 8x8 terrain
(:func:`square_art`, water, rock and road drawn where they cross a patch)
and the blocks in it; the cursor, the coordinates and the panel all count large
squares.  It shows ``view(state, side)`` only: the other player's blocks
show as ``?`` until revealed, so the hot-seat handover keeps identities
apart.  Block labels are three columns: kind (``A`` army, ``S`` scout,
``D`` dummy, ``?`` unknown) and the block's id (``g1``..``g6`` Green,
``r1``..``r6`` Red).  A block is drawn inside its large square at the side
it came in by (:func:`block_slots`: north in the top row, south in the
bottom row, west in the left column and east in the right one, the middle
row for one alone, top and bottom for two); the panel says which side.

A move is given on the destination large square (it lights up for the
selected block).  In the closing an order that pays a kudo coin (a move that
does not close in, a hold) is never a default: the order menu lists the
free moves first, and such an order is asked about once (:class:`tui.rulesets.optio_coins.PayCoin`)
however it is picked: Enter on its square, its menu entry or its digit.

``g`` opens the 8x8 ground of the large square under the cursor
(:mod:`tui.rulesets.optio_ground`): the board only sketches it.

Once the armies meet, the template screen
(:mod:`tui.rulesets.optio_template`) opens for the placer; at the end, the
fight screen (:mod:`tui.rulesets.optio_fight`) starts the battle with
another ruleset on the cut-out.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from core.board import Battlefield, Rect, Zone
from core.orders import Order
from core.ruleset import UnitView
from core.rulesets.optio.maps import LARGE, MAP_TERRAIN, SMALL
from core.rulesets.optio.orders import EndTurn, Hold, Move, Scout
from core.rulesets.optio.ruleset import manhattan, pays_kudo
from core.rulesets.optio.state import HOME_ROW, SIDE_NAMES, Edge, Kind, Phase
from tui.modals import ChoiceMenu
from tui.rulesets.base import RulesetAdapter
from tui.rulesets.optio_coins import ClosingMenu, PayCoin, pay_question
from tui.rulesets.optio_result import template_shift as template_shift  # still importable from here

# A large square on the board: a grid column and seven of art, three rows.
SQUARE_COLS, SQUARE_ROWS = 8, 3
ART_COLS = SQUARE_COLS - 1
# Where a block's three-column label may go in its square, (row, column),
# and the sides of the square each place is next to: a corner is next to
# two, the middle row's places to one.
SLOTS = ((0, 0), (0, 4), (1, 0), (1, 4), (2, 0), (2, 4))
SLOT_SIDES = {(0, 0): {Edge.N, Edge.W}, (0, 4): {Edge.N, Edge.E}, (1, 0): {Edge.W}, (1, 4): {Edge.E},
              (2, 0): {Edge.S, Edge.W}, (2, 4): {Edge.S, Edge.E}}

KIND_WORD = {Kind.ARMY: "army", Kind.SCOUT: "scout", Kind.DUMMY: "dummy", Kind.UNKNOWN: "unknown"}


def _most_common(glyphs) -> str:
    counts = Counter(glyphs)
    return max(counts, key=lambda g: (counts[g], g != "."))


def _square_glyphs(op_map, square: tuple[int, int]) -> list[str]:
    """The glyphs of a large square's 64 small squares."""
    x0, y0 = square[0] * SMALL, square[1] * SMALL
    return [op_map.rows[y0 + dy][x0 + dx] for dy in range(SMALL) for dx in range(SMALL)]


def square_mix(op_map, square: tuple[int, int]) -> list[tuple[str, int]]:
    """(kind, small squares) of a large square, the most first: a hill's
    three heights count as one kind."""
    kinds = Counter(MAP_TERRAIN[g].kind for g in _square_glyphs(op_map, square))
    return sorted(kinds.items(), key=lambda item: (-item[1], item[0] == "open", item[0]))


def _main_glyph(op_map, square: tuple[int, int]) -> str:
    """The glyph a large square stands for: of the kind most of it has (the
    heights of a hill together, so a square mostly hills of two heights is
    a hill, not the water beside them), its most common glyph."""
    glyphs = _square_glyphs(op_map, square)
    main = square_mix(op_map, square)[0][0]
    return _most_common(g for g in glyphs if MAP_TERRAIN[g].kind == main)


def map_legend_terrain(terrain):
    """A terrain as the operational map's legend tells it: woods give no
    cover to a block (cover is the battle's, read by its own ruleset), so
    the legend says none; the rest (impassable, heights) the map shows."""
    return attrs.evolve(terrain, cover=0)


def square_battlefield(op_map) -> Battlefield:
    """The operational map at its own scale: one cell a large square, whose
    glyph is the terrain most of it has."""
    rows = tuple("".join(_main_glyph(op_map, (x, y)) for x in range(LARGE)) for y in range(LARGE))
    used = sorted({g for row in rows for g in row} | {g for row in op_map.rows for g in row})
    return Battlefield(
        name=op_map.name, width=LARGE, height=LARGE, rows=rows,
        legend=tuple((g, map_legend_terrain(MAP_TERRAIN[g])) for g in used),
        zones=(Zone(0, (Rect(0, 0, LARGE - 1, 0),)), Zone(1, (Rect(0, LARGE - 1, LARGE - 1, LARGE - 1),))),
        description=op_map.title,
    )


# Ground that runs in lines across the map (a river, a road, a rock wall):
# where one crosses a patch of a square's picture it is drawn over the
# terrain most of the patch has, the first of these that crosses it winning.
LINE_GLYPHS = ("~", "#", "=")


def _patch_ranges(r: int, c: int) -> tuple[range, range]:
    """The small squares (rows, columns) of picture character (r, c)."""
    return (range(r * SMALL // SQUARE_ROWS, (r + 1) * SMALL // SQUARE_ROWS),
            range(c * SMALL // ART_COLS, (c + 1) * SMALL // ART_COLS))


def crosses(op_map, glyph: str, ys: range, xs: range) -> bool:
    """Whether ``glyph`` runs right across the patch of map rows ``ys`` and
    columns ``xs``: a chain of it (corners touching count) goes from one
    side of the patch to the opposite one and on past at least one of them
    (the map's edge counts as the feature going on), so a lone cell does
    not, and a river's last cell before a ford or a bridge does."""
    size = len(op_map.rows)

    def is_glyph(x: int, y: int) -> bool:
        return 0 <= x < size and 0 <= y < size and op_map.rows[y][x] == glyph

    def outside(x: int, y: int, dx: int, dy: int) -> bool:
        """The feature goes on past the patch's side from (x, y) in (dx, dy)."""
        nx, ny = x + dx, y + dy
        if not (0 <= nx < size and 0 <= ny < size):
            return True
        along = (-1, 0, 1)
        return any(is_glyph(nx + (s if dy else 0), ny + (s if dx else 0)) for s in along)

    cells = {(x, y) for y in ys for x in xs if is_glyph(x, y)}
    for step in ((1, 0), (0, 1)):
        dx, dy = step
        first = {(x, y) for x, y in cells if (x == xs[0] if dx else y == ys[0])}
        seen, todo = set(first), list(first)
        goes_on = any(outside(x, y, -dx, -dy) for x, y in first)
        while todo:
            x, y = todo.pop()
            if (x == xs[-1] if dx else y == ys[-1]) and (goes_on or outside(x, y, dx, dy)):
                return True
            for nx, ny in ((x + i, y + j) for i in (-1, 0, 1) for j in (-1, 0, 1)):
                if (nx, ny) in cells and (nx, ny) not in seen:
                    seen.add((nx, ny))
                    todo.append((nx, ny))
    return False


def square_art(op_map, square: tuple[int, int]) -> tuple[str, ...]:
    """A large square's 8x8 small squares shrunk to seven columns by three
    rows: each character the terrain most of its patch has, unless water,
    rock or road crosses the patch (:func:`crosses`), which is drawn instead,
    so a river reads as unbroken but for its fords and bridges, and a road
    shows even where it is one row of three."""
    x0, y0 = square[0] * SMALL, square[1] * SMALL
    out = []
    for r in range(SQUARE_ROWS):
        line = ""
        for c in range(ART_COLS):
            ys, xs = _patch_ranges(r, c)
            ys, xs = range(y0 + ys.start, y0 + ys.stop), range(x0 + xs.start, x0 + xs.stop)
            line += next((g for g in LINE_GLYPHS if crosses(op_map, g, ys, xs)),
                         None) or _most_common(op_map.rows[y][x] for y in ys for x in xs)
        out.append(line)
    return tuple(out)


def _slot_distance(slot: tuple[int, int], edge: Edge) -> int:
    """How far ``slot`` stands from the ``edge`` side of its square: 0 next
    to it, 2 at the far side."""
    row, col = slot
    return {Edge.N: row, Edge.S: 2 - row, Edge.W: 0 if col == 0 else 2, Edge.E: 0 if col == 4 else 2}[edge]


def block_slots(blocks) -> list[tuple[int, int, Any]]:
    """(row, column, block) for the blocks in one large square, every block
    next to the side it came in by (seed 003 makes the side matter): the
    places are shared out together, so two blocks that came in by the same
    side both stand at it (two from the east: the right column, top and
    bottom; one alone: the middle row).  A corner is next to two sides: one
    is taken that is not another block's way in when there is one.  Only
    when more blocks came in by one side than it has places (never more
    than four blocks: two a side) does one stand farther in, as near to its
    side as the others leave."""
    ordered = sorted(blocks, key=lambda b: (b.side, b.id))[:len(SLOTS)]
    places = _places(tuple(b.entered_from or Edge.home(b.side) for b in ordered))
    return [(slot[0], slot[1], block) for slot, block in zip(places, ordered)]


@functools.cache
def _places(edges: tuple[Edge, ...]) -> tuple[tuple[int, int], ...]:
    """The places of blocks that came in by ``edges`` (see :func:`block_slots`)."""

    def cost(slot: tuple[int, int], index: int) -> int:
        edge = edges[index]
        others = {e for i, e in enumerate(edges) if i != index}
        also = SLOT_SIDES[slot] - {edge}  # the corner's other side, if any
        # Two in by the west (east) side: both ends of its column, which reads
        # as that side; the middle and one corner read as that side and the
        # corner's other one (the tester read a west block at the top as north).
        paired_middle = 2 if not also and edges.count(edge) > 1 else 0
        return 10 * _slot_distance(slot, edge) + len(also) + (2 if also & others else 0) + paired_middle

    # At most six places and four blocks: every way of placing them is tried;
    # the first of the cheapest (SLOTS order) keeps the drawing steady.
    return min(itertools.permutations(SLOTS, len(edges)),
               key=lambda places: sum(cost(slot, i) for i, slot in enumerate(places)))


def block_entry(block) -> str:
    """``g1 army 2,0N*``: id, kind (``?`` unknown), large square and the
    side it came in by (N/E/S/W), ``*`` when revealed; ``off`` off the map."""
    kind = "?" if block.kind is Kind.UNKNOWN else KIND_WORD[block.kind]
    where = "off" if block.pos is None else f"{block.pos[0]},{block.pos[1]}"
    edge = block.entered_from.value if block.pos is not None and block.entered_from else ""
    return f"{block.id} {kind} {where}{edge}{'*' if block.revealed else ''}"


class OptioAdapter(RulesetAdapter):
    board_key = "» a square an order goes to"  # the map marks squares so; no targets, one cell width

    def replay_place_words(self, pos: tuple[int, int]) -> str:
        # The game and its log count the operational map's large squares
        # (8x8 small ones); the small square is only where a block is drawn.
        from core.rulesets.optio.maps import SMALL

        return f" (large square {pos[0] // SMALL},{pos[1] // SMALL})"

    def __init__(self, ruleset) -> None:
        super().__init__(ruleset)
        self._map = None
        self._over = False  # the game last drawn in the panel is over (``panel_lines``)
        self._field = None
        self._art: dict = {}

    # -- board geometry -----------------------------------------------------------
    def battlefield(self, game: Any, view: Any) -> Any:
        # Cached: the board rebuilds its header whenever the battlefield object changes.
        if self._field is None or self._map != view.map:
            self._map, self._field = view.map, square_battlefield(view.map)
            self._art = {(x, y): square_art(view.map, (x, y)) for y in range(LARGE) for x in range(LARGE)}
        return self._field

    def drawn_glyphs(self, field: Any) -> set[str] | None:
        """Every glyph of the squares' pictures: the legend names each
        terrain drawn, not only each square's most common one."""
        if field is not self._field or not self._art:
            return None
        return {g for art in self._art.values() for line in art for g in line}

    def units(self, game: Any, view: Any) -> list[UnitView]:
        """The core's figures, each placed on its large square."""
        squares = {b.id: b.pos for b in view.blocks}
        return [attrs.evolve(u, pos=squares.get(u.id) if u.pos is not None else None)
                for u in self.ruleset.units(view)]

    def picture(self, game: Any, view: Any, picture: Any) -> Any:
        field = self.battlefield(game, view)
        units = {u.id: u for u in self.units(game, view)}
        by_square: dict = {}
        for block in view.blocks:
            if block.pos is not None and not block.gone and block.id in units:
                by_square.setdefault(block.pos, []).append(block)
        stacks = {sq: tuple((r, c, units[b.id]) for r, c, b in block_slots(blocks))
                  for sq, blocks in by_square.items()}
        return attrs.evolve(picture, battlefield=field, units={}, stacks=stacks, art=self._art,
                            cell_size=(SQUARE_COLS, SQUARE_ROWS), grid=0,
                            highlights=frozenset(c for c in picture.highlights if field.in_bounds(c)))

    def order_cells(self, game: Any, view: Any, order: Order) -> tuple:
        if isinstance(order, Move):
            return (order.to,)  # the large square
        cells = super().order_cells(game, view, order)
        return tuple((x // SMALL, y // SMALL) for x, y in cells)

    # -- words ----------------------------------------------------------------------
    def unit_label(self, unit: UnitView, compact: bool = False) -> str:
        return f"{(unit.glyph or '?')[:1]}{unit.id[:2]}"

    # -- g: the ground of the square under the cursor ------------------------------------
    looking_keys = frozenset({"ground"})  # it only shows: offered to onlookers and after the end too

    def keys(self) -> list[tuple[str, str, str]]:
        return [("g", "Ground", "ground")]

    def key(self, game: Any, side: int | None, name: str, selected: Any, cursor: Any) -> Any:
        """``g``: the 8x8 small squares of the large square under the cursor
        (the board draws each as a 7x3 sketch): :mod:`tui.rulesets.optio_ground`."""
        from tui.rulesets.optio_ground import SquareGround, on_the_map

        if name != "ground" or cursor is None:
            return None
        op_map = game.view(side).map if side is not None else game.state.map
        if not on_the_map(cursor):
            return "g shows the ground of a large square: put the cursor on one."
        return SquareGround(op_map, tuple(cursor))

    def cursor_lines(self, game: Any, view: Any, selected: Any, cursor: Any) -> list[str]:
        """What the large square under the cursor holds, every kind of its
        small squares counted (the cursor line names only the main one)."""
        self.battlefield(game, view)
        if self._map is None or not (0 <= cursor[0] < LARGE and 0 <= cursor[1] < LARGE):
            return []
        mix = ", ".join(f"{kind} {n}" for kind, n in square_mix(self._map, cursor))
        return [f"{SMALL * SMALL} small squares: {mix}"]

    def figure_lines(self, view: Any, unit: UnitView, side: int | None) -> list[str] | None:
        """A block's kind (your own, or an enemy's once revealed), its large
        square and the edge it came in by.  An enemy block not yet revealed
        is told by its square alone, ``?`` for its kind (what scouting is
        for: the view hides it), as the board and the panel show it; off
        the map it is not listed (the figures list counts it unseen)."""
        block = view.block(unit.id)
        if block is None:
            return super().figure_lines(view, unit, side)
        if block.kind is Kind.UNKNOWN and block.pos is None:
            return None
        # Short enough for one row each at 80x24, so the card leaves the
        # panel's lists in sight (the cursor line names the large square too).
        where = "off the map" if block.pos is None else f"{block.pos[0]},{block.pos[1]}"
        edge = f", in by {block.entered_from.value}" if block.pos is not None and block.entered_from else ""
        if block.kind is Kind.UNKNOWN:
            return [f"{unit.id} {SIDE_NAMES[block.side]} ?: {where}{edge}", "not revealed: its kind is hidden"]
        # Once the pre-game is over nothing is hidden any more (the final board shows every block).
        over = view.phase is Phase.DONE or self._over
        seen = "revealed to both sides" if block.revealed else \
            "not revealed before the end" if over else "hidden from the enemy"
        return [f"{unit.id} {SIDE_NAMES[block.side]} {KIND_WORD[block.kind]}: {where}{edge}", seen]

    def panel_lines(self, game: Any, view: Any, side: int | None, selected) -> list[str]:
        """Your blocks, then theirs (those known first), each list one line
        of entries two spaces apart, which the panel wraps keeping each
        entry whole: with short entries both lists stay in sight at 80x24,
        above the key."""
        lines = []
        if side is not None:
            # The selected block marked "›" before its entry.
            mine = [("›" if selected is not None and b.id == selected.id else "") + block_entry(b)
                    for b in view.side_blocks(side)]
            theirs = sorted(view.side_blocks(1 - side), key=lambda b: (b.kind is Kind.UNKNOWN, b.pos is None))
            lines.append(f"Yours ({SIDE_NAMES[side]}, from the {'top' if side == 0 else 'bottom'}):")
            lines.append("  ".join(mine))
            lines.append("  ".join(["Theirs: " + block_entry(theirs[0]), *map(block_entry, theirs[1:])])
                         if theirs else "Theirs: none")
        lines.append("(N/E/S/W: the side it came in by; * revealed; ? not known; › selected)")
        self._over = game.outcome is not None or view.phase is Phase.DONE
        if side is not None and not self._over and side not in game.to_act:  # the other player's turn: no keys
            lines.append(waiting_words(view.phase, game.players[1 - side]))
            return lines
        keys = {
            Phase.SCOUTING: "Tab block · Enter in a lit square: move · o: orders (scout, end turn)",
            Phase.CLOSING: ("Enter in a lit square: move the army · o: orders (hold pays a kudo)"
                            if side is None or view.kudos[side] >= 1 else
                            "Enter in a lit square: move the army closer (no kudo coin left to hold)"),
            Phase.TEMPLATE: "o: place the template",
            Phase.DONE: "",
        }[view.phase] if not self._over else ""
        if keys and side is not None:  # an onlooker (no side) has no keys to give orders with
            lines.append(keys)
        return lines

    def handover_detail(self, game: Any, side: int) -> str:
        """What the coming player's turn is, and what is hidden: only the
        scouting keeps blocks face down; once both armies are known every
        other block has left the map, so the board hides nothing."""
        view = game.view(side)
        name = SIDE_NAMES[side]
        if view.phase is Phase.SCOUTING:
            return f"{name}'s turn in the Optio pre-game (scouting). Only you may see your blocks' identities."
        if view.phase is Phase.CLOSING:
            return (f"{name}'s turn in the Optio pre-game (closing in). Both armies are face up and the other "
                    "blocks have left the map: the board hides nothing now.")
        if view.phase is Phase.TEMPLATE and view.meeting is not None:
            x, y = view.meeting
            return (f"{name} places the template in the Optio pre-game: the armies met at {x},{y}, both face "
                    "up; the board hides nothing now.")
        return f"{name}'s turn in the Optio pre-game ({view.phase.value})."

    # -- asking -----------------------------------------------------------------------
    def end_turn(self, game: Any, side: int, orders: Sequence[Order]) -> tuple[Order, str | None] | None:
        """``p`` in the scouting asks in blocks, not orders (a block has an
        order for each square it may reach, and moves one square a turn,
        seed 003): how many blocks could still move this turn, and which,
        and which could still scout."""
        got = super().end_turn(game, side, orders)
        if got is None or got[1] is None:
            return got
        movers = sorted({o.unit for o in orders if isinstance(o, Move)})
        scouts = sorted({o.unit for o in orders if isinstance(o, Scout)})
        left = []
        if movers:
            n = len(movers)
            left.append(f"{n} block{'s' if n != 1 else ''} could still move ({' '.join(movers)})")
        if scouts:
            n = len(scouts)
            left.append(f"{n} block{'s' if n != 1 else ''} could still scout ({' '.join(scouts)})")
        if not left:
            return got
        view = game.view(side)
        return got[0], f"{game.players[side]}: {self.describe(game, view, got[0])}? {'; '.join(left)}."

    def ends_turns_by_key(self, game: Any, side: int) -> bool:
        """Only a scouting turn is ended by ``p``: in the closing each turn
        ends with the army's move or hold (seed 003)."""
        return game.view(side).phase is Phase.SCOUTING

    def why_no_end_turn(self, game: Any, side: int) -> str | None:
        """The rules' own refusal of ending the turn ("Move at least one
        block before ending the turn."; in the closing, turns end by
        themselves)."""
        refused = self.ruleset.check(game.view(side), EndTurn(side))
        return refused.message if refused is not None else None

    def prompt(self, game: Any, side: int, orders: Sequence[Order]) -> Any:
        if game.state.phase is not Phase.TEMPLATE or not orders:
            return None
        from tui.rulesets.optio_template import TemplateScreen

        return TemplateScreen(game, side)

    def choose(self, game: Any, side: int, orders: Sequence[Order], reason: str) -> Any:
        if orders and all(o.verb == "place-template" for o in orders):
            from tui.rulesets.optio_template import TemplateScreen

            return TemplateScreen(game, side)
        view = game.view(side)
        asks = {o: pay_question(view, o, game.players[side]) for o in orders if pays_kudo(view, o)}
        if not asks:
            return self._one_blocks_menu(game, side, view, orders, reason)
        # The free moves first (the highlighted entry one of them), then those that pay.
        listed = sorted(orders, key=lambda o: (o in asks, isinstance(o, Hold)))
        title = ("Orders for " + orders[0].unit) if all(isinstance(o, Move) for o in orders) else "Orders"
        coins = view.kudos[side]
        title += f" ({coins} kudo coin{'s' if coins != 1 else ''} left)"
        return ClosingMenu(title, [(self.describe(game, view, o), o) for o in listed], asks)

    def _one_blocks_menu(self, game: Any, side: int, view: Any, orders: Sequence[Order], reason: str) -> Any:
        """The menu of the selected block's orders (``o``, or Enter on the
        block), titled so: while other blocks have orders too, the title
        says the list is this block's alone and how to see every order
        (None: the screen's own menu and title)."""
        units = {o.unit for o in orders if isinstance(o, (Move, Scout))}
        if reason != "menu" or len(units) != 1:
            return None
        (unit,) = units
        if not any(getattr(o, "unit", unit) != unit for o in game.legal_orders(side)):
            return None  # this block's orders are every order
        title = f"Orders for {unit} only; with no block selected, o lists every order"
        return ChoiceMenu(title, [(self.describe(game, view, o), o) for o in orders])

    # -- why nothing happens ------------------------------------------------------------
    def why_not(self, game: Any, side: int, selected: UnitView, other: UnitView) -> str | None:
        """Enter on another block's square the selected block has no order
        on: why the selected block may not go there (or scout it)."""
        if other.pos is None:
            return None
        why = self._why_not_to(game, side, selected, other.pos, other)
        view = game.view(side)
        if (why is not None and other.side == side and other.id in view.moved
                and self._refusal_code(view, selected, other.pos) == "moved-already"):
            # Only beside the selected block's own "it has moved": then why
            # Enter did not pick the other block either bears on it.
            why += f" ({other.id} has moved this turn too.)"
        return why

    def _refusal_code(self, view: Any, selected: UnitView, square: Any) -> str | None:
        """The rules' code for refusing the selected block's move to ``square``."""
        block = view.block(selected.id)
        if block is None or block.pos == square:
            return None
        refused = self.ruleset.check(view, Move(side=block.side, unit=block.id, to=square))
        return None if refused is None else refused.code

    def why_idle(self, game: Any, view: Any, unit: UnitView) -> str | None:
        """Why a block (none selected) has no order: the enemy's, or moved."""
        block = view.block(unit.id)
        side = min(game.to_act) if game.to_act else None
        if block is None or side is None:
            return None
        if block.side != side:
            return f"it is one of {SIDE_NAMES[block.side]}'s blocks"
        if view.phase is Phase.SCOUTING and block.id in view.moved:
            return "it has moved this turn (a block moves once a turn)"
        return None

    def why_nothing_at(self, game: Any, side: int, selected: UnitView | None, cell: Any) -> str | None:
        why = self._why_not_to(game, side, selected, cell, None) if selected is not None else None
        return why or super().why_nothing_at(game, side, selected, cell)

    def _why_not_to(self, game: Any, side: int, selected: UnitView, square: Any, other: UnitView | None) -> str | None:
        """Why the selected block has no order on ``square`` (seed 003's
        move: one large square, up, down, left or right, once a turn; a
        block comes on at its own edge; at most two of a side a square),
        naming it; None when the rules give no refusal."""
        view = game.view(side)
        block = view.block(selected.id)
        if block is None or block.side != side or view.phase not in (Phase.SCOUTING, Phase.CLOSING):
            return None
        x, y = square
        if not (0 <= x < LARGE and 0 <= y < LARGE):
            return None
        if block.pos == square:  # its own square: only a scout of a block there
            if other is None or other.side == side or view.phase is not Phase.SCOUTING:
                return None
            refused = self.ruleset.check(view, Scout(side=side, unit=block.id, target=other.id))
            return None if refused is None else f"{block.id} cannot scout {other.id}: {_lower(refused.message)}"
        refused = self.ruleset.check(view, Move(side=side, unit=block.id, to=square))
        if refused is None:
            return None
        lead = f"{block.id} cannot {'come on at' if block.pos is None else 'go to'} {x},{y}"
        code = refused.code
        if code == "moved-already":
            return f"{lead}: it has moved this turn, and a block moves once a turn."
        if code == "enter-own-edge":
            home = HOME_ROW[side]
            return (f"{lead}: a block comes onto the map at a square of your own edge, "
                    f"row {home} (the {'top' if home == 0 else 'bottom'}).")
        if code == "one-square" and block.pos is not None:
            bx, by = block.pos
            far = manhattan(block.pos, square)  # moves, as no move is diagonal
            where = (f"diagonally across from {bx},{by} ({far} moves away)" if abs(x - bx) == abs(y - by) == 1
                     else f"{far} large squares from {bx},{by}")
            return f"{lead}: it is {where}, and a block moves one large square a turn, up, down, left or right."
        if code == "stacking":
            return f"{lead}: two of your blocks are there already (at most two a square)."
        return f"{lead}: {_lower(refused.message)}"

    def confirm(self, game: Any, side: int, order: Order) -> Any:
        """Enter on a lit square whose move pays a kudo coin asks first."""
        view = game.view(side)
        if pays_kudo(view, order):
            return PayCoin(pay_question(view, order, game.players[side]), order)
        return None

    def result_headline(self, game: Any) -> str | None:
        # The pre-game has no winner: it ends when the armies meet.
        return "The armies meet" if game.state.result is not None else None

    def result_sides(self, game: Any) -> list[str] | None:
        """Where each army ended, the coins it kept, and the first-move dice
        (``tui.rulesets.optio_result``)."""
        from tui.rulesets.optio_result import sides_at_the_end

        return sides_at_the_end(game)

    def after_over_label(self, game: Any) -> str | None:
        return "Fight the battle on this ground" if game.state.result is not None else None

    def after_over(self, game: Any) -> Any:
        if game.state.result is None:
            return None
        from tui.rulesets.optio_fight import FightScreen

        return FightScreen(game)


def waiting_words(phase: Phase, other: str) -> str:
    """The panel's key line while it is the other player's turn: what they
    are doing, not keys that would do nothing for this player now."""
    doing = {Phase.SCOUTING: "scouts", Phase.CLOSING: "moves their army",
             Phase.TEMPLATE: "places the template"}.get(phase, "acts")
    return f"Waiting: {other} {doing}; your keys wait for your turn"


def _lower(sentence: str) -> str:
    """A sentence of the rules' refusal put after a colon."""
    return sentence[:1].lower() + sentence[1:]
