"""A tiny test-only ruleset with everything a save has to carry: nested
attrs values, cells, an Enum, optional cells, dice in the state, an order
kept inside the state, options with a range and hidden information.

Each side has some figures; on its turn a side has three actions: ``step``
one cell, or ``shoot`` at an enemy within 5 cells (d6, 4+ removes a hit
point), then ``end``.  Losing every figure loses; after ``turn_limit``
turns the game is a draw.  Side 1 does not see side 0's hit points.
"""

from __future__ import annotations

import attrs

from core.board import Battlefield, Facing, distance_squared, neighbours
from core.dice import Dice, roll
from core.events import Defeated, Moved, Note, TurnEnded
from core.explain import Ref, generic_lines
from core.options import option
from core.orders import Order, Role
from core.ruleset import Capabilities, Outcome, Rejection, Ruleset, Situation, UnitView


@attrs.frozen
class TinyOptions:
    turn_limit: int = option(6, "Turn limit", minimum=1, maximum=50)
    figures: int = option(2, "Figures a side", minimum=1, maximum=4)


@attrs.frozen
class Figure:
    id: str
    side: int
    pos: tuple[int, int] | None
    facing: Facing
    hp: int = 2


@attrs.frozen
class Step(Order):
    verb = "step"
    unit: str
    to: tuple[int, int]


@attrs.frozen
class Shoot(Order):
    verb = "shoot"
    role = Role.ATTACK
    unit: str
    target: str


@attrs.frozen
class End(Order):
    verb = "end"
    role = Role.END_TURN


@attrs.frozen
class TinyState:
    figures: tuple[Figure, ...]
    width: int
    height: int
    blocked: tuple[tuple[int, int], ...]
    active: int
    turn: int
    actions: int
    turn_limit: int
    dice: Dice
    last: Step | Shoot | End | None = None


class Tiny(Ruleset):
    name = "tiny"
    title = "Tiny Test Rules"
    summary = "A test-only ruleset: step, shoot, end."
    capabilities = Capabilities(hidden_information=True, dice=("d6",))
    options_type = TinyOptions
    state_type = TinyState
    order_types = (Step, Shoot, End)
    default_battlefield = "open-12"

    # the plug-in's hooks (core/ruleset.py), the plainest answers
    help_page = "tiny.md"  # never shown: the tiny rules are never registered for good
    battlefield_profile = None
    fallen_statuses = frozenset()

    def explain(self, events, index):
        return generic_lines(events[index]), Ref("", "the tiny test rules")

    def knowledge(self):
        from core.ai.knowledge import Knowledge

        return Knowledge(self)

    def check_options(self, options, battlefield: Battlefield):
        if len(battlefield.zone_cells(0)) < options.figures:
            return "Side 0's zone is too small for its figures."
        return None

    def setup(self, options, battlefield, seed, players):
        figures = []
        for side in (0, 1):
            cells = [c for c in battlefield.zone_cells(side) if not battlefield.terrain(c).blocks_move]
            for n in range(options.figures):
                figures.append(Figure(f"{'ab'[side]}{n + 1}", side, cells[n * 3 % len(cells)],
                                      Facing.S if side == 0 else Facing.N))
        blocked = tuple(c for c in battlefield.cells() if battlefield.terrain(c).blocks_move)
        state = TinyState(tuple(figures), battlefield.width, battlefield.height, blocked, 0, 1, 3,
                          options.turn_limit, Dice(seed))
        return state, [Note(f"{players[0]} against {players[1]}")]

    def to_act(self, state):
        return frozenset({state.active})

    def _figure(self, state, unit):
        return next((f for f in state.figures if f.id == unit and f.pos is not None), None)

    def legal_orders(self, state, side):
        out: list[Order] = [End(side)]
        if state.actions == 0 or side != state.active:
            return out
        taken = {f.pos for f in state.figures}
        for f in state.figures:
            if f.side != side or f.pos is None:
                continue
            for cell in neighbours(f.pos):
                if self._open(state, cell) and cell not in taken:
                    out.append(Step(side, f.id, cell))
            for g in state.figures:
                if g.side != side and g.pos is not None and distance_squared(f.pos, g.pos) <= 25:
                    out.append(Shoot(side, f.id, g.id))
        return out

    def _open(self, state, cell):
        x, y = cell
        return 0 <= x < state.width and 0 <= y < state.height and cell not in state.blocked

    def check(self, state, order):
        if isinstance(order, End):
            return None
        if state.actions == 0:
            return Rejection("no-actions", "No actions are left this turn.")
        f = self._figure(state, order.unit)
        if f is None or f.side != order.side:
            return Rejection("not-your-unit", f"{order.unit} is not one of your figures.")
        if isinstance(order, Step):
            if not self._open(state, order.to):
                return Rejection("off-board", "That cell cannot be entered.")
            if max(abs(order.to[0] - f.pos[0]), abs(order.to[1] - f.pos[1])) != 1:
                return Rejection("too-far", "A step is to a touching cell.")
            if any(g.pos == order.to for g in state.figures):
                return Rejection("occupied", "Somebody stands there.")
            return None
        g = self._figure(state, order.target)
        if g is None or g.side == order.side:
            return Rejection("bad-target", "Shoot at an enemy figure.")
        if distance_squared(f.pos, g.pos) > 25:
            return Rejection("out-of-range", "The target is more than 5 cells away.")
        return None

    def apply(self, state, order):
        if isinstance(order, End):
            turn = state.turn + (1 if state.active == 1 else 0)
            state = attrs.evolve(state, active=1 - state.active, actions=3, turn=turn, last=order)
            return state, [TurnEnded(turn)]
        state = attrs.evolve(state, actions=state.actions - 1, last=order)
        if isinstance(order, Step):
            f = self._figure(state, order.unit)
            moved = attrs.evolve(f, pos=order.to, facing=Facing.towards(f.pos, order.to))
            figures = tuple(moved if g.id == f.id else g for g in state.figures)
            return attrs.evolve(state, figures=figures), [Moved(f.id, f.pos, order.to)]
        dice, rolled = roll(state.dice, 1, 6, "a shot", who=order.unit)
        events = [rolled]
        figures = state.figures
        if rolled.total >= 4:
            g = self._figure(state, order.target)
            hurt = attrs.evolve(g, hp=g.hp - 1, pos=g.pos if g.hp > 1 else None)
            if hurt.pos is None:
                events.append(Defeated(g.id, order.unit))
            figures = tuple(hurt if x.id == g.id else x for x in figures)
        return attrs.evolve(state, figures=figures, dice=dice), events

    def outcome(self, state):
        for side in (0, 1):
            if not any(f.side == side and f.pos is not None for f in state.figures):
                return Outcome(1 - side, "the other side has no figures left")
        if state.turn > state.turn_limit:
            return Outcome(None, "the turn limit was reached")
        return None

    def units(self, state):
        return [UnitView(f.id, f.side, f.id, f.pos, "ready" if f.pos else "defeated", f.facing)
                for f in state.figures]

    def situation(self, state):
        return Situation(state.turn, "play", frozenset({state.active}))

    def view(self, state, side):
        if side == 1:
            hidden = tuple(attrs.evolve(f, hp=0) if f.side == 0 else f for f in state.figures)
            return attrs.evolve(state, figures=hidden)
        return state


TINY = Tiny()
