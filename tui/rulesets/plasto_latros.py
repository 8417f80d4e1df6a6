"""Plasto Latros on the shared game screen.

What it adds to the generic screen (hooks of :mod:`tui.rulesets.base`):

* labels ``a1↑``: side/shooter glyph (a b = warriors, A B = shooters), the
  mini's number, its facing arrow, so every label names its mini as the
  panel and the log do; a mini with state markers keeps its number and
  adds its most serious marker (D P L T _ J), one shape standing for side,
  shooter and facing (``▲1T``), as does a two-digit number (``▲11``); the
  panel lists every marker with its meaning; in compact cells the shape
  comes first too, then the number or marker (``▲1``, ``⇓3``:
  :data:`tui.picture.FACING_SHAPES`);
* ``a`` shades the front (``f``) and back (``b``) arcs of the mini under the
  cursor or the selected one (``core.board.arc_of``), ``a`` again hides them;
* a destination is chosen with the cursor and Enter, then the facing with the
  direction keys (:class:`FacingPicker`); climbing and jumping destinations
  read ``[^]`` / ``[v]`` (``[D]`` where dangerous); ``t`` turns (or stands
  up) the selected mini;
* ``s`` lists the targets of the shooter under the cursor (else of the
  selected one) with the share of each in view, :mod:`.plasto_latros_shoot_key`
  (Enter on a highlighted ``*`` target declares it too);
* the Defending Free Movement opens a banner for the defender, who takes it
  on the board or declines; ``p`` passes the turn (or declines);
* artifacts still standing are drawn ``{X}`` (X: the first letter of their id),
  named with their kind in words on the panel and the cursor card;
* the legend and the cursor line read the terrain in this ruleset's terms
  (no cover levels: sight blocked or not), and a terrain glyph that is also
  a board mark (``*`` a target) is drawn as another (:func:`plasto_field`);
* with a mini selected, each lit destination shows how many enemies could
  attack it there (``[1]``), or ``[D]`` when they would Doom it (two, or one
  in contact from its back arc, or any one where a jump down leaves it
  prone) or the move would leave its side no mini
  able to move (the enemy's final turn), the arcs stay shaded on
  lit cells (``[f]`` ``[b]``), the cursor card names those enemies and the
  arc of the mini each would come from, and the mini's sight to the
  cursor (on a cell no order reaches, why not instead: Enter there says
  the same, :mod:`tui.rulesets.plasto_latros_reasons`); the facing compass
  starts from the mini's facing (a turn in place on nothing, so that a
  stray Enter spends no Movement) and says what
  each facing would attack and Doom (core.rulesets.plasto_latros.glance),
  warns of the enemy's final turn, and whom
  it could then shoot, as the rules' own shot checks decide (none while
  Locked In Battle or out of its side's turn).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from core.board import RAY_COUNT, Arc, Battlefield, Facing, Terrain, arc_of
from core.orders import Order
from core.rulesets.plasto_latros import glance
from core.rulesets.plasto_latros.combat import (
    needed_for,
    shot_fraction,
    sight_figures,
)
from core.rulesets.plasto_latros.events import artifact_name
from core.rulesets.plasto_latros.grid import grid, in_front, open_ray_count
from core.rulesets.plasto_latros.orders import (
    Climb,
    Decline,
    Destroy,
    FreeMove,
    Jump,
    Move,
    Pass,
    Relocate,
    Shoot,
    Stand,
    Turn,
)
from core.rulesets.plasto_latros.state import Phase
from core.rulesets.plasto_latros.status import doom_reason, not_counting
from tui.banner import turn_piece
from tui.picture import BOARD_KEY, FACING_SHAPES
from tui.rulesets.base import RulesetAdapter, unit_headline
from tui.rulesets.plasto_latros_compass import body, facing_notes, stays_put
from tui.rulesets.plasto_latros_deploy import placed_again
from tui.rulesets.plasto_latros_modals import FacingStep, StepMenu
from tui.rulesets.plasto_latros_reasons import (
    final_question,
    game_ending_words,
    no_shot_words,
    prone_doom,
    why_not_on,
    why_not_there,
)
from tui.rulesets.plasto_latros_shoot_key import shoot_key
from tui.warband_models import PlastoModel

FACED = (Move, Climb, Jump, Relocate, Turn, Stand)
MARKER_PRIORITY = "DPLT_J"
MARKER_WORDS = "T threatened · L locked · D doomed · P pinned · _ prone · J jumping"
# A full label with a marker or a two-digit number: the shape first.
# Two rows of the side panel each (a tester read the one long row, cut in
# two, as saying nothing of which side a marked mini is on).
SHAPE_WORDS = ("Marked ▲ side a, ↑ side b", "△ ⇑ shoot; shape = facing")
# Compact cells: the facing drawn in a shape of the mini's own (side, shooter).
FACING_ORDER = list(Facing)
COMPACT_KEY = "▲ side a, ↑ side b, each\npointing the way it faces;\n△ ⇑ shooters (z: wider)"
# A lit cell where the enemies that could attack the selected mini would Doom it
# (any one where it would lie prone: a jump's landing),
# or where moving leaves its side no mini able to move (the enemy's final turn).
DOOM_WORDS = "[D]: Doomed (2, 1 from behind, 1 if prone), or the enemy's final turn"
STEP_HINT = "↑↓ or 1-9 choose · Enter confirm · Esc cancel (… asks for a facing next)"
# Marks this screen draws over cells ("*" a target, "[.]" lit, "{X}" an
# artifact): a terrain glyph that is one of them is drawn as the first of
# SPARE_GLYPHS its battlefield does not use, so each symbol means one thing.
MARK_GLYPHS = frozenset("*[]{}")
# a lit cell keeps its terrain glyph inside the brackets ([-] a lit roof)
LIT_KEY = BOARD_KEY.replace("[.] legal", "[.] legal (glyph kept)")
SPARE_GLYPHS = "%&:;!?$+~'\"=,_"


def at(cell) -> str:
    return f"{cell[0]},{cell[1]}"


def breakers(feature, how: str = "") -> str:
    """How many minis at once break an artifact (combat.needed_for), in
    words: ``2 minis{how} break it``."""
    need = needed_for(feature)
    return f"1 mini{how} breaks it" if need == 1 else f"{need} minis{how} break it"


def plasto_terrain(terrain: Terrain) -> Terrain:
    """A terrain as this ruleset reads it, for the legend and the cursor
    line: no cover levels (a shot needs half the target in view, see
    core.rulesets.plasto_latros.combat), sight-blocking said in words."""
    kind = terrain.kind + (", blocks sight" if terrain.blocks_sight and not terrain.blocks_move else "")
    return Terrain(kind=kind, elevation=terrain.elevation, blocks_move=terrain.blocks_move,
                   blocks_sight=terrain.blocks_sight)


def plasto_field(bf: Battlefield) -> Battlefield:
    """The battlefield as drawn and explained on this screen: the same cells
    and heights, each terrain in this ruleset's words, and no terrain glyph
    that is also a mark of the board (the rules keep the battlefield itself)."""
    used = {g for g, _ in bf.legend} | {g for row in bf.rows for g in row}
    spare = iter(g for g in SPARE_GLYPHS if g not in used)
    glyph = {g: (next(spare, g) if g in MARK_GLYPHS else g) for g, _ in bf.legend}
    rows = tuple("".join(glyph.get(g, g) for g in row) for row in bf.rows)
    legend = tuple((glyph[g], plasto_terrain(t)) for g, t in bf.legend)
    return attrs.evolve(bf, rows=rows, legend=legend)


class PlastoLatrosAdapter(RulesetAdapter):
    warband_model = PlastoModel
    def __init__(self, ruleset) -> None:
        super().__init__(ruleset)
        self.arcs_unit: str | None = None  # whose arcs are shaded (presentation only)
        self.prompted_at: int | None = None  # order count at the last free-Movement banner
        self._field_of: Battlefield | None = None  # the rules' battlefield, and as drawn here
        self._field: Battlefield | None = None

    # -- drawing and words ----------------------------------------------------
    compact_key = COMPACT_KEY
    board_key = LIT_KEY

    def unit_label(self, unit, compact: bool = False) -> str:
        # Full: every label names its mini (the number the panel and the log
        # give it), so two minis never read alike: side letter (capital for a
        # shooter), number, facing arrow (``a1↑``); with a marker, or a number
        # of two digits, one shape stands for side, shooter and facing
        # (tui.picture.FACING_SHAPES) and the number and the most serious
        # marker follow (``▲1T``, ``⇑11``).  Compact: the shape, then the
        # number or marker: facing is what this ruleset turns on, so the
        # narrow board must still show it.
        glyph = (unit.glyph or "?")[:1]
        number = unit.id[1:] or "?"
        marker = next((m for m in MARKER_PRIORITY if m in unit.markers), "")
        shape = None
        if unit.facing is not None:
            shape = FACING_SHAPES[unit.side % 2, glyph.isupper()][FACING_ORDER.index(unit.facing)]
        if compact:
            middle = marker or number[-1]
            return f"{shape or glyph}{middle}"
        if shape is None:
            return f"{glyph}{number}".ljust(3)
        if marker or len(number) > 1:
            return f"{shape}{number}{marker}"[:3]
        return f"{glyph}{number}{unit.facing.arrow}"

    def figure_lines(self, view, unit, side) -> list[str] | None:
        """Warrior or shooter, facing, every marker in words with why a
        Doom falls on it, and a shooter's shot this turn."""
        mini = view.mini(unit.id)
        if mini is None:
            return super().figure_lines(view, unit, side)
        lines = [unit_headline(unit)]
        kind = "Shooter: shoots into its front arc, one target a turn" if mini.shooter else "Warrior: attacks in contact"
        lines.append(kind + (" · prone" if mini.prone else ""))
        why = doom_reason(view, mini) if mini.pos is not None else None
        if why:
            lines.append(f"Doomed: {why}")
        if mini.shooter and mini.id in view.shot_this_turn:
            lines.append("Has shot this turn")
        for a in (a for a in view.attacks if unit.id in (a.attacker, a.target)):
            idle = not_counting(view, a.attacker)  # the rules' word on an attack that stopped counting
            if a.attacker == unit.id:
                lines.append(f"attacks {a.target} ({a.kind.value}" + (f"; not counting: {idle})" if idle else ")"))
            else:
                lines.append(f"attacked by {a.attacker} ({a.kind.value}" + (", not counting)" if idle else ")"))
        return lines

    def battlefield(self, game, view) -> Battlefield:
        """The battlefield in this ruleset's words (:func:`plasto_field`),
        made once a battlefield: the board redraws its header when the
        object changes."""
        bf = game.battlefield
        if self._field is None or self._field_of is not bf:
            self._field_of, self._field = bf, plasto_field(bf)
        return self._field

    def cell_marks(self, game, view, selected) -> dict:
        marks = {f.cell: "{" + (f.id[:1] or "?").upper() + "}" for f in getattr(view, "features", ())}
        if selected is not None and selected.pos is not None:
            bf = game.battlefield
            level = bf.elevation(selected.pos)
            mini = view.mini(selected.id)
            moves, climbs, faced = set(), {}, {}  # faced: each destination's Movement facing as now
            landings: set = set()  # reached only by a jump down: the mini lands prone there
            unjumped: set = set()
            for order in self._orders_of(game, selected.id):
                inner = body(order)
                if isinstance(inner, (Climb, Jump)):
                    climbs[inner.to] = " ^ " if bf.elevation(inner.to) > level else " v "
                (landings if isinstance(inner, Jump) else unjumped).add(getattr(inner, "to", None))
                if isinstance(inner, (Climb, Jump, Move, Relocate)):
                    moves.add(inner.to)
                    if mini is not None and inner.facing is mini.facing:
                        faced[inner.to] = order
            moves -= set(marks)
            marks.update((cell, climbs[cell]) for cell in moves & set(climbs))
            if mini is not None and self.arcs_unit is None:
                # how many enemies could attack it there (facing: the way it faces now), or
                # [D] (winning over a climb's ^ / v): they would Doom it, or the move hands
                # the enemy the final turn; with the arcs shaded (a) the lit cells show them
                for cell, threats in glance.threats_by_cell(view, mini.id, moves, mini.facing).items():
                    # lying prone there (a jump's landing), any one attack Dooms it (rulings, Doom)
                    doom = glance.would_doom(threats) or cell in landings - unjumped
                    if doom or cell not in climbs:
                        marks[cell] = " D " if doom else f" {min(len(threats), 9)} "
                marks.update((cell, " D ") for cell, order in faced.items()
                             if cell in moves and glance.hands_final_turn(view, order))
        return marks

    def _destination(self, game, mini, cell) -> Order | None:
        """The Movement taking ``mini`` to ``cell`` facing as it faces now."""
        return next((o for o in self._orders_of(game, mini.id)
                     if getattr(body(o), "to", None) == cell and getattr(body(o), "facing", None) is mini.facing), None)

    def cursor_lines(self, game, view, selected, cursor) -> list[str]:
        """The selected mini's sight to the cursor (its front arc only: it
        is blind to the rest), and who could attack it standing there, with
        the arc each would come from (facing as it faces now)."""
        if cursor is None or not game.battlefield.in_bounds(cursor):
            return []
        lines = self._artifact_lines(view, cursor)
        mini = view.mini(selected.id) if selected is not None and hasattr(view, "mini") else None
        if mini is None or mini.pos is None:
            return lines
        if cursor != mini.pos:
            if not in_front(mini.pos, mini.facing, cursor):
                lines.append(f"Sight: outside {mini.id}'s front arc (blind there)")
            else:
                seen = open_ray_count(grid(view.battlefield), mini.pos, cursor, sight_figures(view)) / RAY_COUNT
                lines.append(f"Sight {mini.id}→here: {round(seen * 100)}% in view"
                             + (" (a shot needs 50%)" if mini.shooter else ""))
        if (view.at(cursor) is None and not any(f.cell == cursor for f in getattr(view, "features", ()))) \
                or cursor == mini.pos:
            mine = self._orders_of(game, mini.id)
            kinds = {type(body(o)) for o in mine if getattr(body(o), "to", None) == cursor}
            if cursor != mini.pos and not kinds and mine and view.phase in (Phase.PLAY, Phase.FINAL):
                # no order takes it there: no forecast, the rules' reason instead
                why = why_not_there(self.ruleset, game, mini.side, selected, cursor)
                lines.append(why or f"{mini.id} cannot go here now")
                return lines
            # each enemy with the whole of its side's next turn (core...glance)
            threats = glance.threats_at(view, mini.id, cursor, mini.facing)
            prone = mini.prone if cursor == mini.pos else kinds == {Jump}  # a jump down lands prone
            order = self._destination(game, mini, cursor) if cursor != mini.pos else None
            final = glance.hands_final_turn(view, order) if order is not None else None
            if final:
                lines.append(f"Moving here facing {mini.facing.value} leaves no mini of {mini.id}'s side able to move:"
                             f" {final} takes the final turn, its free minis relocating anywhere (Ending The Game)")
            if threats:
                cause = glance.doom_cause(threats)
                if cause is None and prone:  # lying prone, any one attack Dooms it (rulings, Doom)
                    cause = (prone_doom(threats) or "") + (" (t stands it up)" if cursor == mini.pos else "")
                doom = f" — Doomed there: {cause}" if cause else ""
                words = ", ".join(glance.threat_words(t) for t in threats)
                lines.append(f"Here {mini.id} (facing {mini.facing.value}) could be attacked next turn: {words}{doom}")
            elif view.phase is Phase.PLAY and not final:
                lines.append(f"Here no enemy could attack {mini.id} next turn, even with both Movements")
        return lines

    def cell_words(self, game, view, cell) -> str | None:
        """An artifact standing on ``cell``: ``the gate (a door)``."""
        for f in getattr(view, "features", ()):
            if f.cell == cell:
                return artifact_name(f.id, f.kind)
        return None

    def _artifact_lines(self, view, cell) -> list[str]:
        """The artifact standing on ``cell`` (or destroyed there), in words."""
        for f in getattr(view, "features", ()):
            if f.cell == cell:
                return [f"{artifact_name(f.id, f.kind).capitalize()}: {breakers(f, ' in contact, facing it,')}"]
        standing = {f.id for f in getattr(view, "features", ())}
        for f in view.battlefield.features:
            if f.cell == cell and f.id not in standing:
                return [f"{artifact_name(f.id, f.kind).capitalize()} stood here: destroyed"]
        return []

    def cell_shades(self, game, view, selected, cursor) -> dict:
        """The arcs of the mini ``a`` picked; they stay with a mini selected
        (a lit cell in an arc reads ``[f]`` or ``[b]``)."""
        if self.arcs_unit is None:
            return {}
        mini = view.mini(self.arcs_unit)
        if mini is None or mini.pos is None:
            return {}
        shades = {}
        for cell in game.battlefield.cells():
            if cell == mini.pos:
                continue
            arc = arc_of(mini.pos, mini.facing, cell)
            if arc is Arc.FRONT:
                shades[cell] = "f"
            elif arc is Arc.BACK:
                shades[cell] = "b"
        return shades

    def why_idle(self, game, view, unit) -> str | None:
        """What holds a mini that has no order (status.what_holds)."""
        from core.rulesets.plasto_latros.status import what_holds

        return what_holds(view, unit.id)

    def why_not(self, game, side, selected, other) -> str | None:
        """Why the selected mini has no order on the enemy ``other``
        (plasto_latros_reasons.why_not_on)."""
        return why_not_on(self.ruleset, game, side, selected, other)

    def why_nothing_at(self, game, side, selected, cell) -> str | None:
        """Why Enter on ``cell`` gives the selected mini nothing: the rules'
        refusal of the Movement (climb, jump, final relocation) plainly
        meant there, or of placing it there while deploying."""
        if game.view(side).phase is Phase.DEPLOY:
            return super().why_nothing_at(game, side, selected, cell)
        return why_not_there(self.ruleset, game, side, selected, cell)

    def describe(self, game, view, order) -> str:
        if isinstance(order, Pass) and view.phase is Phase.PLAY:
            left = view.movements_left
            return f"pass: end the turn ({left} Movement{'s' if left != 1 else ''} unused)" if left else "end the turn"
        if isinstance(order, Destroy):
            f = next((f for f in view.battlefield.features if f.id == order.feature), None)
            if f is not None:
                return f"destroy {artifact_name(f.id, f.kind)}"
        return super().describe(game, view, order)

    def banner(self, game, side) -> str | None:
        if game.outcome is not None or side is None:
            return None
        state = game.view(side)
        if state.pending_free:
            return self.free_text(game, state.pending_free[0]) + " · p declines"
        name = game.players[side]
        if state.phase is Phase.DEPLOY:
            return None
        if state.phase is Phase.FINAL:
            return f"▶ {name}: FINAL turn — Enter on any free cell · p ends · {turn_piece(game, state, state.turn)}"
        left = state.movements_left
        # The turn before "p passes" (which the panel says too): with long
        # names the banner drops its last pieces, and the limit stays in sight.
        return (f"▶ {name} to play · Movements left {left}/2 · {turn_piece(game, state, state.turn)}"
                " · p passes · Plasto Latros")

    def free_text(self, game, side: int) -> str:
        state = game.state
        doomed = [u for u in state.doomed if state.mini(u) is not None and state.mini(u).side == side]
        who = ", ".join(doomed) or "?"
        noun = "minis" if len(doomed) > 1 else "mini"
        verb = "are" if len(doomed) > 1 else "is"
        return f"⚑ {game.players[side]}: free Movement — your {noun} {who} {verb} Doomed"

    def panel_lines(self, game, view, side, selected) -> list[str]:
        state = view
        lines = []
        plays = side is not None  # an onlooker (no side) is told no keys to give orders with
        if state.phase is Phase.PLAY and not state.pending_free:
            lines.append(f"Movements left: {state.movements_left} of 2" + (" (p: pass)" if plays else ""))
        elif state.phase is Phase.FINAL:
            lines.append("Final turn: pick a mini, Enter on any free cell" if plays else "Final turn")
        if state.pending_free:
            lines.append(self.free_text(game, state.pending_free[0]))
            if plays:
                lines.append("  pick a free mini, Enter on [.]; p: decline")
        if selected is not None and selected.pos is not None:
            mini = state.mini(selected.id)
            if mini is not None and mini.shooter and mini.pos is not None:
                lines += self._shot_lines(game, state, mini)
        units = self.ruleset.units(state)
        marked = [f"{u.id}:{u.markers}" for u in units if u.markers]
        # a shape has no side letter: its key comes before the reminders, in sight at 80x24
        if marked or any(len(u.id) > 2 for u in units if u.pos is not None):
            lines += [*(["Markers: " + " ".join(marked)] if marked else []), *SHAPE_WORDS, MARKER_WORDS]
        if selected is not None and selected.pos is not None:
            lines.append("Enter: [.] move, [^] climb, [v] down/jump,")
            lines.append("  * target, itself: turn/stand (or t)")
        if self.arcs_unit is not None:
            lines.append(f"Arcs of {self.arcs_unit}: f front, b back (a: off)")
        else:
            lines.append("a: shade arcs of mini at cursor")  # one row of the panel
            if selected is not None and selected.pos is not None:
                lines.append("[1]: 1 enemy could attack it")
                lines.append(DOOM_WORDS)
        if MARKER_WORDS not in lines:
            lines.append(MARKER_WORDS)
        for f in getattr(state, "features", ()):
            lines.append(f"{{{f.id[:1].upper()}}} {artifact_name(f.id, f.kind)[4:]} at {at(f.cell)}: {breakers(f)}")
        return lines

    def _shot_lines(self, game, state, mini) -> list[str]:
        shots = [o for o in self._orders_of(game, mini.id) if isinstance(o, Shoot)]
        if mini.id in state.shot_this_turn:
            return [f"{mini.id} has shot this turn"]
        if not shots:
            return [no_shot_words(state, mini)]
        parts = []
        for order in shots:
            target = state.mini(order.target)
            parts.append(f"{order.target} {round(shot_fraction(state, mini, target) * 100)}%")
        return ["Targets (s, or Enter on *): " + ", ".join(parts)]

    # -- intercepting orders ----------------------------------------------------
    def offered(self, game, side: int, orders: list[Order]) -> list[Order]:
        """Until Ready, a placed mini may be placed again (:mod:`.plasto_latros_deploy`)."""
        return [*orders, *placed_again(game.state, side)] if game.state.phase is Phase.DEPLOY else orders

    def _orders_of(self, game, unit: str) -> list[Order]:
        to_act = game.to_act
        if not to_act:
            return []
        return [o for o in game.legal_orders(min(to_act)) if self.ruleset.order_unit(o) == unit]

    def prompt(self, game, side: int, orders: Sequence[Order]) -> Any:
        state = game.view(side)
        if not state.pending_free or state.pending_free[0] != side:
            return None
        if self.prompted_at == len(game.orders):
            return None  # asked once for this order; the board is the player's now
        self.prompted_at = len(game.orders)
        hand = f"Hand the keyboard to {game.players[side]}. " if self.shared_keyboard else ""
        return StepMenu(
            hand + self.free_text(game, side),
            [("Take it: pick a free mini (Tab), Enter on a [.] cell or t to turn it, then point a facing", ()),
             ("Decline the free Movement", Decline(side))],
            hint="1 or Enter: take it on the board · 2: decline · (later: p declines)",
        )

    def choose(self, game, side: int, orders: Sequence[Order], reason: str) -> Any:
        view = game.view(side)
        entries = self.entries(game, view, orders)
        if len(entries) == 1 and isinstance(entries[0][1], FacingStep):
            return entries[0][1].picker()
        title = "Orders" if reason == "menu" else "Which order?"
        return StepMenu(title, entries, hint=STEP_HINT)

    def entries(self, game, view, orders: Sequence[Order]) -> list[tuple[str, Any]]:
        """Menu entries: one per order, except that the eight facings of a
        Movement to one cell make one entry leading to the compass."""
        groups: dict[Any, list[Order]] = {}
        for order in orders:
            inner = body(order)
            if isinstance(inner, FACED):
                key = (isinstance(order, FreeMove), inner.verb, inner.unit, getattr(inner, "to", None))
            else:
                key = order
            groups.setdefault(key, []).append(order)
        out: list[tuple[str, Any]] = []
        for members in groups.values():
            inner = body(members[0])
            if not isinstance(inner, FACED):
                out.append((self.describe(game, view, members[0]), members[0]))
                continue
            label = self.step_label(game, view, members[0])
            choices = {body(o).facing: o for o in members}
            out.append((label + " …", FacingStep(f"{label}: face which way?", choices,
                                                 self.initial_facing(view, inner),
                                                 self.facing_notes(view, inner, choices),
                                                 pointed=not stays_put(view, inner))))
        return out

    def step_label(self, game, view, order: Order) -> str:
        inner = body(order)
        free = "Free Movement: " if isinstance(order, FreeMove) else ""
        unit = inner.unit
        if isinstance(inner, Move):
            text = f"{unit} moves to {at(inner.to)}"
        elif isinstance(inner, Climb):
            mini = view.mini(unit)
            up = mini is not None and game.battlefield.elevation(inner.to) > game.battlefield.elevation(mini.pos)
            text = f"{unit} climbs {'up' if up else 'down'} to {at(inner.to)}"
        elif isinstance(inner, Jump):
            text = f"{unit} jumps down to {at(inner.to)} (lands prone)"
        elif isinstance(inner, Relocate):
            text = (f"{unit} stays put at {at(inner.to)} (its final move)" if stays_put(view, inner)
                    else f"{unit}: final move to {at(inner.to)}")
        elif isinstance(inner, Stand):
            text = f"{unit} stands up"
        else:
            text = f"{unit} turns in place"
        return free + text

    def initial_facing(self, view, inner: Order) -> Facing | None:
        """The compass starts from the way the mini faces now (pointing at
        nothing when that one is not offered: a turn in place, see
        FacingPicker)."""
        mini = view.mini(inner.unit)
        if mini is None:
            return None
        return mini.facing

    def facing_notes(self, view, inner: Order, choices) -> dict:
        return facing_notes(view, inner, choices)

    # -- keys ---------------------------------------------------------------------
    def keys(self) -> list[tuple[str, str, str]]:
        return [("a", "Arcs", "arcs"), ("t", "Turn", "turn"), ("s", "Shoot", "shoot")]

    looking_keys = frozenset({"arcs"})  # shading the arcs gives no order: an onlooker's too

    end_turn_other_words = ("Decline",)

    def end_turn_word(self, game, side) -> str:
        """``p`` declines while this side owes itself the Defending Free Movement."""
        pending = game.view(side).pending_free
        return "Decline" if pending and pending[0] == side else self.end_turn_label

    def end_turn(self, game, side, orders) -> Any:
        """``p``: decline the Defending Free Movement (asking), or pass the
        turn, asking only while Movements are left; in the final turn, end
        it (and the game), asking while a mini could still act."""
        view = game.view(side)
        for order in orders:
            if isinstance(order, Decline):
                return order, f"{game.players[side]}: decline the Defending Free Movement?"
        for order in orders:
            if isinstance(order, Pass):
                if view.phase is Phase.FINAL:
                    return order, final_question(game, side, orders)
                left = view.movements_left if view.phase is Phase.PLAY else 0
                ends = game_ending_words(view, order) if view.phase is Phase.PLAY else None
                if ends:  # the other passed too (seed, Movement): asked even with no Movement left
                    return order, f"{game.players[side]}: {self.describe(game, view, order)}? {ends}."
                return order, (f"{game.players[side]}: {self.describe(game, view, order)}?" if left else None)
        return super().end_turn(game, side, orders)  # deployment: Ready

    def key(self, game, side, name, selected, cursor) -> Any:
        if name == "arcs":
            return self._toggle_arcs(game, selected, cursor)
        if side is None or game.outcome is not None:
            return None
        orders = game.legal_orders(side)
        if name == "shoot":  # the mini under the cursor, else the selected one
            return "It is not your turn." if side not in game.to_act else \
                shoot_key(self, game, side, orders, selected, cursor)
        if selected is None or selected.side != side:
            return f"Select a mini of yours first (Tab, or Enter on it), then {name[0]}."
        if side not in game.to_act:
            return "It is not your turn."
        if name == "turn":
            turns = [o for o in orders if self.ruleset.order_unit(o) == selected.id and isinstance(body(o), (Turn, Stand))]
            return self.choose(game, side, turns, "cell") if turns else f"{selected.id} cannot turn now."
        return None

    def _toggle_arcs(self, game, selected, cursor) -> None:
        if self.arcs_unit is not None:
            self.arcs_unit = None
            return None
        here = game.state.at(cursor) if cursor is not None else None
        if here is not None:
            self.arcs_unit = here.id
        elif selected is not None and selected.pos is not None:
            self.arcs_unit = selected.id
        return None
