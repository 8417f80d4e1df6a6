"""The Optio pre-game as a two-sided ruleset with hidden blocks.

Phases: ``scouting`` (turns of several ``move`` orders, any ``scout``
orders, then ``end-turn``), ``closing`` (once both armies are known: one
army ``move`` or a paid ``hold`` a turn), ``template`` (the first army's
player sends ``place-template``), then ``done`` with ``state.result`` set.

What an order does once checked is :mod:`core.rulesets.optio.rules`'s
(``Optio.apply`` hands it on), with the statements checking and describing
share (``manhattan``, ``orthogonal``, ``edge_towards``, ``pays_kudo``),
which are importable from here too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from core.board import Battlefield, Cell, Terrain
from core.dice import Dice, roll
from core.events import Event, Moved, Note, TurnEnded
from core.explain import Ref
from core.memo import Table
from core.options import option_problem
from core.orders import Order
from core.ruleset import Capabilities, Outcome, Rejection, Ruleset, Situation, UnitView
from core.rulesets.optio import rules
from core.rulesets.optio import template as tpl
from core.rulesets.optio.events import BOTH_KNOWN, TIME_UP, ArmiesMet, KudoPaid
from core.rulesets.optio.explain import explain as explain_event
from core.rulesets.optio.generator import generate_map
from core.rulesets.optio.maps import LARGE, SMALL, centre_cell, map_battlefield, map_from_battlefield, on_map
from core.rulesets.optio.orders import ORDER_TYPES, EndTurn, Hold, Move, PlaceTemplate, Scout
from core.rulesets.optio.rules import edge_towards, manhattan, orthogonal, pays_kudo, player_name
from core.rulesets.optio.state import (
    GENERATED,
    HOME_ROW,
    SIDE_NAMES,
    Block,
    Edge,
    FirstPlayer,
    Kind,
    OptioOptions,
    OptioState,
    Phase,
)
from core.values import evolve

if TYPE_CHECKING:
    from core.ai.knowledge import Knowledge

KINDS_IN_HAND = (Kind.ARMY, Kind.SCOUT, Kind.DUMMY, Kind.DUMMY, Kind.DUMMY, Kind.DUMMY)
PREFIX = ("g", "r")
_GLYPH = {Kind.ARMY: "A", Kind.SCOUT: "S", Kind.DUMMY: "D", Kind.UNKNOWN: "?"}


def _coloured(state: OptioState, side: int) -> str:
    """The player's name and the colour of their blocks ("Ann (Green)")."""
    name = player_name(state, side)
    return name if name == SIDE_NAMES[side] else f"{name} ({SIDE_NAMES[side]})"


def _allowed_shifts(state: OptioState) -> frozenset[tuple[int, int]]:
    """The (forward, right) shifts ``tpl.shift_allowed`` accepts at the
    meeting square, kept in the map's memo per square and edge."""
    return state.map.memo.get(("optio.shifts", state.meeting, state.second_edge),
                              lambda: tpl.allowed_shifts(state.map, *state.met))


def _move(moves: Table, side: int, uid: str, to: Cell) -> Move:
    """The Move order, built once per map (orders are frozen values; a
    legal list holds about ten of them): ``moves`` is the map's table."""
    order = moves.get((side, uid, to))
    if order is None:
        order = moves.put((side, uid, to), Move(side, uid, to))
    return order


def _moves_from(moves: Table, block: Block) -> tuple[tuple[Move, ...], tuple[tuple[Cell, Move], ...]]:
    """The Move orders of ``block`` to each square it may move to from where
    it is (``Optio._destinations``), alone and as (square, order) pairs,
    kept in the map's table by block and square."""
    key = (block.side, block.id, block.pos, "from")
    found = moves.get(key)
    if found is None:
        pairs = tuple((c, _move(moves, block.side, block.id, c)) for c in _destinations_of(block.side, block.pos))
        found = moves.put(key, (tuple(o for _, o in pairs), pairs))
    return found


def _destinations_of(side: int, pos: Cell | None) -> list[Cell]:
    if pos is None:
        return [(x, HOME_ROW[side]) for x in range(LARGE)]
    x, y = pos
    return [c for c in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)) if on_map(c)]


# Whose turn it is (to_act), each answer built once.
_ONLY = (frozenset({0}), frozenset({1}))
_NOBODY: frozenset[int] = frozenset()


class Optio(Ruleset):
    name = "optio"
    title = "Optio terrain pre-game"
    summary = "Hidden army, scout and dummy blocks on a 5x5 map decide where the battle is fought"
    capabilities = Capabilities(sides=2, hidden_information=True, dice=("d6",), names_winner=False,
                                conceded_leaves="no battlefield is chosen, so no battle follows on this map")
    options_type = OptioOptions
    state_type = OptioState
    order_types = ORDER_TYPES

    # -- the plug-in (core/ruleset.py): what the rest of Skirmish asks ---------
    help_page = "optio.md"
    battlefield_profile = None  # the pre-game is played on its own map, never on a cut-out
    fallen_statuses = frozenset({"off map"})

    # The pre-game is played for this ground: only its moves ignore it.
    idle_ground_words = "for the battle, not the scouting"

    def terrain_words(self, terrain: Terrain) -> list[str]:
        # Blocks move by the map's squares, not its cells: no cover or slow
        # ground counts in the pre-game (the battle's ruleset reads them on
        # the ground it cuts); the map shows what cannot be crossed and the
        # heights, as its legend does (tui/rulesets/optio.py).
        words = ["blocks"] if terrain.blocks_move else []
        if terrain.elevation:
            words.append(f"height {terrain.elevation}")
        return words

    def explain(self, events: Sequence[Event], index: int) -> tuple[list[str], Ref]:
        return explain_event(events, index)

    def knowledge(self) -> Knowledge:
        # the computer, imported only when it plays
        from core.ai.optio import OptioKnowledge

        return OptioKnowledge(self)

    # -- setup ---------------------------------------------------------------
    def check_options(self, options: OptioOptions, battlefield: Battlefield) -> str | None:
        problem = option_problem(options)
        if problem:
            return problem
        if options.map_name != GENERATED:
            m = map_from_battlefield(battlefield)
            if m is None or m.name != options.map_name:
                return (f"The operational map {options.map_name!r} must be given as the game's battlefield "
                        f"(saves.maps.map_battlefield), or choose '{GENERATED}'.")
        return None

    def setup(self, options, battlefield, seed, players):
        if options.map_name == GENERATED:
            opmap = generate_map(options.map_seed)
        else:
            opmap = map_from_battlefield(battlefield)
            if opmap is None or opmap.name != options.map_name:
                raise ValueError(self.check_options(options, battlefield) or "not an operational map")
        dice = Dice(seed)
        events: list[Event] = []
        blocks = []
        for side in (0, 1):
            kinds = list(KINDS_IN_HAND)
            for i in range(len(kinds) - 1, 0, -1):  # a fair shuffle: ids say nothing of kinds
                dice, face = dice.face(i + 1)
                kinds[i], kinds[face - 1] = kinds[face - 1], kinds[i]
            blocks += [Block(f"{PREFIX[side]}{n + 1}", side, k) for n, k in enumerate(kinds)]
        names = tuple(players)
        who = (names[0] or SIDE_NAMES[0], names[1] or SIDE_NAMES[1])
        if options.first_player is FirstPlayer.ROLL:
            first, ties, why = 0, 0, ""
            for _ in range(20):  # ties throw again
                dice, a = roll(dice, 1, 6, "the first move", who=who[0])
                dice, b = roll(dice, 1, 6, "the first move", who=who[1])
                events += [a, b]
                if a.total != b.total:
                    first = 0 if a.total > b.total else 1
                    high, low = (a.total, b.total) if first == 0 else (b.total, a.total)
                    again = f" after {ties} tied throw{'s' if ties != 1 else ''}" if ties else ""
                    why = f"having rolled {high} against {who[1 - first]}'s {low}{again}"
                    break
                ties += 1
            why = why or f"since all {ties} throws tied"
        else:
            first = 0 if options.first_player is FirstPlayer.PLAYER_1 else 1
            why = "as chosen for this game"
        state = OptioState(dice=dice, map=opmap, players=names, blocks=tuple(blocks),
                           kudos=(options.kudos, options.kudos), turn_limit=options.turn_limit,
                           first=first, active=first)
        # Who moves first and why, in so many words (issue 29), and which
        # colour each player is.
        events.append(Note(f"Map: {opmap.title}. {who[first]} moves first, {why}. "
                           f"{_coloured(state, 0)} enters from the top edge, {_coloured(state, 1)} from the bottom."))
        return state, events

    # -- whose turn ----------------------------------------------------------
    def to_act(self, state: OptioState) -> frozenset[int]:
        # Asked several times for each order: the answers are constants.
        return _NOBODY if state.phase is Phase.DONE else _ONLY[state.active]

    def outcome(self, state: OptioState) -> Outcome | None:
        if state.phase is not Phase.DONE or state.result is None:
            return None
        r = state.result
        where = f"{r.meeting[0]},{r.meeting[1]}"
        return Outcome(None, f"{state.players[r.placer]}'s army held square {where} first and placed the "
                             f"template: the battle is fought there, on {r.map_name}")

    # -- legal orders --------------------------------------------------------
    def _destinations(self, state: OptioState, block: Block) -> list[Cell]:
        return _destinations_of(block.side, block.pos)

    def legal_orders(self, state: OptioState, side: int) -> Sequence[Order]:
        """Only orders ``check`` accepts, built directly (the conditions of
        ``_check_move``, ``_check_scout`` and the rest, worked out once per
        call instead of checking every candidate again); the same list, in
        the same order, as filtering every candidate through ``check`` (a
        test compares the two)."""
        if state.phase is Phase.DONE or side != state.active:  # side not in self.to_act(state)
            return []
        out: list[Order] = []
        moves = state.map.memo.table("optio.moves", 4096)
        if state.phase is Phase.SCOUTING:
            own_at: dict[Cell, int] = {}  # stacking (rule: at most two of a side's blocks a square)
            for b in state.blocks:
                if b.side == side and not b.gone and b.pos is not None:
                    own_at[b.pos] = own_at.get(b.pos, 0) + 1
            full = {c for c, n in own_at.items() if n >= 2}
            moved = state.moved
            first: dict[str, Block] = {}  # what state.block(id) finds: the first block of that id
            for b in state.blocks:
                if first.setdefault(b.id, b) is b and b.side == side and not b.gone and b.id not in moved:
                    orders, pairs = _moves_from(moves, b)
                    out += [o for c, o in pairs if c not in full] if full else orders
            targets = state.side_blocks(1 - side)
            for uid in state.may_scout:
                block = state.block(uid)
                if (block is None or block.side != side or block.gone or block.kind is Kind.DUMMY
                        or uid in state.scouted):
                    continue
                for b in targets:
                    t = state.block(b.id)
                    if (t is not None and t.side != side and not t.gone and t.pos == block.pos
                            and not (t.revealed and block.revealed)):
                        out.append(Scout(side, uid, b.id))
            if state.moved:
                out.append(EndTurn(side))
        elif state.phase is Phase.CLOSING:
            army = state.army(side)
            if state.block(army.id) is army and not army.gone:
                may_pay = state.kudos[side] >= 1  # a move that does not close costs a coin
                enemy = state.army(1 - side).cell  # closing in: both armies are on the map
                here = manhattan(army.cell, enemy)
                out += [_move(moves, side, army.id, c) for c in self._destinations(state, army)
                        if may_pay or manhattan(c, enemy) < here]
            if state.kudos[side] >= 1:
                out.append(Hold(side))
        elif state.phase is Phase.TEMPLATE:
            allowed = _allowed_shifts(state)
            out += [PlaceTemplate(side, f, r) for f in tpl.SHIFTS for r in tpl.SHIFTS if (f, r) in allowed]
        return out

    # -- checking ------------------------------------------------------------
    def check(self, state: OptioState, order: Order) -> Rejection | None:
        # (the game going on and order.side to act: core.game.refusal's)
        if isinstance(order, Move):
            return self._check_move(state, order)
        if isinstance(order, Scout):
            return self._check_scout(state, order)
        if isinstance(order, EndTurn):
            if state.phase is not Phase.SCOUTING:
                return Rejection("wrong-phase", "Turns end by themselves once both armies are known.")
            if not state.moved:
                return Rejection("must-move", "Move at least one block before ending the turn.")
            return None
        if isinstance(order, Hold):
            if state.phase is not Phase.CLOSING:
                return Rejection("wrong-phase", "Holding with a kudo coin comes once both armies are known.")
            if state.kudos[order.side] < 1:
                return Rejection("no-kudos", "You have no kudo coins left: your army must close in.")
            return None
        if isinstance(order, PlaceTemplate):
            if state.phase is not Phase.TEMPLATE:
                return Rejection("wrong-phase", "The template is placed once the armies share a square.")
            if order.forward not in tpl.SHIFTS or order.right not in tpl.SHIFTS:
                return Rejection("too-far", "The template shifts at most one small square each way.")
            if (order.forward, order.right) not in _allowed_shifts(state):
                return Rejection("more-impassable", "That shift takes in more impassable ground or map edge "
                                                    "than the centred template.")
            return None
        return Rejection("unknown-order", f"Optio has no order {order.verb!r}.")

    def _check_move(self, state: OptioState, order: Move) -> Rejection | None:
        block = state.block(order.unit)
        if block is None or block.side != order.side or block.gone:
            return Rejection("not-your-block", f"{order.unit} is not one of your blocks on the map.")
        if state.phase is Phase.TEMPLATE:
            return Rejection("wrong-phase", "The armies have met; only the template remains.")
        if state.phase is Phase.CLOSING and block.kind is not Kind.ARMY:
            return Rejection("army-only", "Only the armies are left.")
        if state.phase is Phase.SCOUTING and block.id in state.moved:
            return Rejection("moved-already", f"{block.id} has already moved this turn.")
        if block.pos is None:
            if order.to not in self._destinations(state, block):
                return Rejection("enter-own-edge", "Blocks come onto the map on a large square of your own edge.")
        elif not on_map(order.to):
            return Rejection("off-map", "Blocks stay on the 5x5 map.")
        elif not orthogonal(block.pos, order.to):
            return Rejection("one-square", "A block moves one large square, and never diagonally.")
        if state.phase is Phase.SCOUTING:
            own = [b for b in state.at(order.to) if b.side == order.side]
            if len(own) >= 2:
                return Rejection("stacking", "At most two of your blocks may share a large square.")
        if pays_kudo(state, order) and state.kudos[order.side] < 1:
            return Rejection("must-close", "With no kudo coins left your army must move closer to the enemy army.")
        return None

    def _check_scout(self, state: OptioState, order: Scout) -> Rejection | None:
        if state.phase is not Phase.SCOUTING:
            return Rejection("wrong-phase", "Scouting is over: both armies are known.")
        block = state.block(order.unit)
        if block is None or block.side != order.side or block.gone:
            return Rejection("not-your-block", f"{order.unit} is not one of your blocks on the map.")
        if block.kind is Kind.DUMMY:
            return Rejection("dummy-cannot-scout", "Dummy blocks cannot scout.")
        if block.id not in state.may_scout:
            return Rejection("not-just-entered", "A block scouts only in the turn it moves into a square "
                                                 "the opponent holds.")
        if block.id in state.scouted:
            return Rejection("scouted-already", f"{block.id} has already scouted this turn.")
        target = state.block(order.target)
        if target is None or target.side == order.side or target.gone or target.pos != block.pos:
            return Rejection("no-target", f"{order.target} is not an opponent's block in {block.id}'s square.")
        if target.revealed and block.revealed:
            return Rejection("nothing-to-show", f"{block.id} and {order.target} both show what they are already: "
                                                "scouting would change nothing.")
        return None

    # -- applying ------------------------------------------------------------
    def apply(self, state: OptioState, order: Order) -> tuple[OptioState, list[Event]]:
        return rules.apply(state, order)

    # -- what a side may see -------------------------------------------------
    def view(self, state: OptioState, side: int | None) -> OptioState:
        hidden = tuple(
            b if b.revealed or b.side == side else evolve(b, kind=Kind.UNKNOWN) for b in state.blocks
        )
        # The dice seed (which would let the kinds' shuffle be worked out
        # again) is removed for every side by core.game.redact.
        return evolve(state, blocks=hidden)

    # -- the screen ----------------------------------------------------------
    def units(self, state: OptioState) -> Sequence[UnitView]:
        out = []
        for b in state.blocks:
            if b.gone:
                continue
            kind = "block" if b.kind is Kind.UNKNOWN else b.kind.value
            status = "off map" if b.pos is None else ("revealed" if b.revealed else "hidden")
            out.append(UnitView(id=b.id, side=b.side, name=f"{SIDE_NAMES[b.side]} {kind} {b.id}",
                                pos=display_cell(state, b), status=status, glyph=_GLYPH[b.kind],
                                markers="R" if b.revealed else ""))
        return out

    def side_summaries(self, state: OptioState) -> list[str]:
        """A line on each side for a pre-game's result that names no meeting
        (given up, or not over): its kudo coins, its blocks on the map and
        off it, and those face up by kind.  A pre-game has no figures lost
        or left; nothing hidden is named."""
        lines = []
        for side in (0, 1):
            blocks = [b for b in state.blocks if b.side == side and not b.gone]
            on = sum(1 for b in blocks if b.pos is not None)
            coins = state.kudos[side]
            words = [f"{coins} kudo coin{'' if coins == 1 else 's'} left",
                     f"{on} block{'' if on == 1 else 's'} on the map"
                     + (f", {len(blocks) - on} off it" if len(blocks) > on else "")]
            shown = [f"{b.kind.value} {b.id}" for b in blocks if b.revealed and b.kind is not Kind.UNKNOWN]
            words.append("face up: " + ", ".join(shown) if shown else "none face up")
            lines.append(f"{player_name(state, side)}: " + "; ".join(words))
        return lines

    def turn_limit_words(self, state: OptioState, turn: int) -> str:
        # the limit is the scouting's: once the armies close it is spent
        return f"/{state.turn_limit}" if state.phase is Phase.SCOUTING else ""

    def turns_played(self, state: OptioState, log: Sequence[Event], played: int) -> tuple[int, str]:
        """Scouting turns, then closing turns (each general's closing move
        ends a turn too): a game that ran out its 15 scouting turns and
        closed in for two more reads "17 (15 scouting, 2 closing in)", not
        a bare 17 against a limit of 15.  When the limit itself brought the
        armies together, the counter stands at the turn after the limit, of
        which nothing was played: 15."""
        end = next((i for i, e in enumerate(log)
                    if (isinstance(e, Note) and e.text == TIME_UP) or isinstance(e, ArmiesMet)
                    or (isinstance(e, TurnEnded) and e.detail == BOTH_KNOWN)), None)
        if end is None or state.phase is Phase.SCOUTING:
            return played, ""
        marker = log[end]
        if isinstance(marker, ArmiesMet):  # met as they showed themselves: every turn was scouting
            return played, ""
        scouting = marker.turn if isinstance(marker, TurnEnded) else state.turn_limit
        closed = any(isinstance(e, KudoPaid) or (isinstance(e, Moved) and e.frm is not None) for e in log[end + 1:])
        if not closed:
            return scouting, ""
        return played, f"{scouting} scouting, {played - scouting} closing in"

    def situation(self, state: OptioState) -> Situation:
        who = player_name(state, state.active)
        kudos = f"kudos {SIDE_NAMES[0]} {state.kudos[0]}, {SIDE_NAMES[1]} {state.kudos[1]}"
        if state.phase is Phase.SCOUTING:
            detail = (f"{who} to move (scouting turn {state.round} of {state.turn_limit}); "
                      f"{len(state.moved)} block(s) moved; {kudos}")
        elif state.phase is Phase.CLOSING:
            if state.kudos[state.active] >= 1:
                detail = f"{who} must close in or pay a kudo coin; {kudos}"
            else:  # no coin to offer: say so, never "pay a kudo coin"
                detail = f"{who} has no kudo coin left and must close in; {kudos}"
        elif state.phase is Phase.TEMPLATE:
            detail = f"{who}'s army was there first: place the template"
        else:
            outcome = self.outcome(state)
            detail = outcome.reason if outcome is not None else ""
        return Situation(turn=state.round, phase=state.phase.value, to_act=self.to_act(state), detail=detail)

    def order_cells(self, state: OptioState, order: Order) -> tuple[Cell, ...]:
        """Small squares of the 40x40 operational battlefield: a move points
        at the destination's centre, a scout at its target's block, a
        template placement at the template's centre."""
        if isinstance(order, Move):
            return (centre_cell(order.to),)
        if isinstance(order, Scout):
            target = state.block(order.target)
            cell = display_cell(state, target) if target is not None else None
            return (cell,) if cell is not None else ()
        if isinstance(order, PlaceTemplate) and state.meeting is not None:
            (x0, y0), w, h = tpl.template_box(*state.met, order.forward, order.right)
            return (x0 + w // 2, y0 + h // 2),
        return ()

    def describe_order(self, state: OptioState, order: Order) -> str:
        if isinstance(order, Move):
            block = state.block(order.unit)
            x, y = order.to
            if block is None or block.pos is None:
                return f"{order.unit}: enter at {x},{y}"
            direction = edge_towards(block.pos, order.to).word if orthogonal(block.pos, order.to) else "?"
            text = f"{order.unit}: {direction} to {x},{y}"
            return text + (" (pays a kudo coin)" if pays_kudo(state, order) else "")
        if isinstance(order, Scout):
            return self._describe_scout(state, order)
        if isinstance(order, EndTurn):
            return "End the turn"
        if isinstance(order, Hold):
            return "Hold the army (pays a kudo coin)"
        if isinstance(order, PlaceTemplate):
            return f"Template: forward {order.forward:+d}, right {order.right:+d}"
        return order.to_text()

    @staticmethod
    def _describe_scout(state: OptioState, order: Scout) -> str:
        """What the scout will show, from what ``state`` (a side's view)
        knows: a target already face up shows nothing new, only the block
        that scouts; an army showing itself beside the other army meets it,
        and with the other army known elsewhere ends the scouting."""
        unit, target = state.block(order.unit), state.block(order.target)
        text = f"{order.unit} scouts {order.target}"
        if target is None or not target.revealed:
            return text
        if unit is not None and unit.kind is Kind.ARMY:
            if target.kind is Kind.ARMY:
                return f"{text}, the army already shown: {order.unit} shows itself and the armies meet here"
            if any(b.side != order.side and b.kind is Kind.ARMY and b.revealed for b in state.blocks):
                return f"{text}, already shown: {order.unit} shows itself and both armies are known"
        return f"{text}, already shown: only {order.unit} shows what it is"


def display_cell(state: OptioState, block: Block) -> Cell | None:
    """Where a block is drawn on the 40x40 map: inside its large square,
    just in from the side it came in by, Green's two slots left of (or
    above) Red's so that four blocks never overlap."""
    if block.pos is None or block.gone:
        return None
    mates = sorted(b.id for b in state.at(block.pos) if b.side == block.side)
    slot = mates.index(block.id) if block.id in mates else 0
    along = 2 + slot + 2 * block.side
    edge = block.entered_from or Edge.home(block.side)
    dx, dy = {Edge.N: (along, 1), Edge.S: (along, SMALL - 2), Edge.W: (1, along), Edge.E: (SMALL - 2, along)}[edge]
    return (block.pos[0] * SMALL + dx, block.pos[1] * SMALL + dy)


def operational_battlefield(state: OptioState) -> Battlefield:
    """The 40x40 operational map as a battlefield, for the shared board."""
    return map_battlefield(state.map)


def template_cells(state: OptioState, order: PlaceTemplate) -> tuple[Cell, ...]:
    """Every small square a placement would cover (on or off the map)."""
    if state.meeting is None:
        return ()
    return tuple(tpl.box_cells(*tpl.template_box(*state.met, order.forward, order.right)))


RULESET = Optio()
