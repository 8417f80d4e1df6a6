"""What a checked Optio order does (seed 003, RULES; our tie-break at the
turn limit is docs/rulings.md's), and the statements of the rules that
checking, applying and describing an order share: the distance between
large squares, the side a block comes in by, and when an order costs a
kudo coin.  ``Optio`` (``ruleset.py``) checks, lists and describes
orders and hands each checked one to :func:`apply`."""

from __future__ import annotations

from core.board import Cell
from core.events import Event, Moved, Note, Removed
from core.orders import Order
from core.rulesets.optio import template as tpl
from core.rulesets.optio.events import (
    ARMY_HELD,
    ARMY_MOVED,
    BOTH_KNOWN,
    TIME_UP,
    ArmiesMet,
    KudoPaid,
    Scouted,
    TemplatePlaced,
    TurnPassed,
)
from core.rulesets.optio.maps import LARGE
from core.rulesets.optio.orders import EndTurn, Hold, Move, PlaceTemplate, Scout
from core.rulesets.optio.state import HOME_ROW, SIDE_NAMES, Block, Edge, Kind, OptioState, Phase
from core.values import evolve


def manhattan(a: Cell, b: Cell) -> int:
    """Large squares to move between two squares (no diagonal moves)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def pays_kudo(state: OptioState, order: Order) -> bool:
    """Whether ``order`` costs its side a kudo coin (RULES, the closing):
    a Hold, or in the closing an army's Move that does not bring it nearer
    the enemy army (sideways and away both count).  The one statement of
    the rule: checking, applying, describing and the screen ask it."""
    if isinstance(order, Hold):
        return True
    if not isinstance(order, Move) or state.phase is not Phase.CLOSING:
        return False
    block = state.block(order.unit)
    if block is None or block.pos is None:
        return False
    enemy = state.army(1 - order.side).cell  # closing in: both armies are on the map
    return manhattan(order.to, enemy) >= manhattan(block.pos, enemy)


def orthogonal(a: Cell, b: Cell) -> bool:
    return manhattan(a, b) == 1


def edge_towards(square: Cell, other: Cell) -> Edge:
    """The side of ``square`` that faces the neighbouring ``other``."""
    d = (other[0] - square[0], other[1] - square[1])
    return {(0, -1): Edge.N, (1, 0): Edge.E, (0, 1): Edge.S, (-1, 0): Edge.W}[d]


def player_name(state: OptioState, side: int) -> str:
    return state.players[side] or SIDE_NAMES[side]


def _replace(state: OptioState, *blocks: Block) -> OptioState:
    return evolve(state, blocks=_replaced(state, *blocks))


def _replaced(state: OptioState, *blocks: Block) -> tuple[Block, ...]:
    """``state.blocks`` with each of ``blocks`` in place of the one of its id."""
    if len(blocks) == 1:
        (block,) = blocks
        uid = block.id
        return tuple([block if b.id == uid else b for b in state.blocks])
    new = {b.id: b for b in blocks}
    return tuple(new.get(b.id, b) for b in state.blocks)


def _next_turn(state: OptioState) -> OptioState:
    return evolve(state, turn=state.turn + 1, active=1 - state.active, moved=(), may_scout=(), scouted=())


def apply(state: OptioState, order: Order) -> tuple[OptioState, list[Event]]:
    """The state after ``order`` (``Optio.check`` accepted it) and the
    events it gives."""
    events: list[Event] = []
    if isinstance(order, Move):
        state = _apply_move(state, order, events)
    elif isinstance(order, Scout):
        unit, target = state.get(order.unit), state.get(order.target)
        shown = (unit.revealed, target.revealed)  # face up before: not shown again in the log
        unit, target = evolve(unit, revealed=True), evolve(target, revealed=True)
        state = _replace(state, unit, target)
        state = evolve(state, scouted=state.scouted + (unit.id,))
        events.append(Scouted(player_name(state, order.side), unit.id, unit.kind.value, target.id, target.kind.value,
                              unit_was_shown=shown[0], target_was_shown=shown[1]))
        if state.army(0).revealed and state.army(1).revealed:
            state = _end_scouting(state, events)
    elif isinstance(order, EndTurn):
        moved = len(state.moved)
        events.append(TurnPassed(state.round, f"{moved} block{'s' if moved != 1 else ''} moved",
                                 who=player_name(state, order.side)))
        state = _next_turn(state)
        if state.turn > 2 * state.turn_limit:
            state = _turn_limit(state, events)
    elif isinstance(order, Hold):
        state = _pay(state, order.side, "hold the army where it is", events)
        events.append(TurnPassed(state.round, ARMY_HELD, who=player_name(state, order.side)))
        state = _next_turn(state)
    elif isinstance(order, PlaceTemplate):
        placer = order.side
        result = tpl.cut(state.map, *state.met, 1 - placer, placer,
                         order.forward, order.right)
        state = evolve(state, result=result, phase=Phase.DONE)
        events.append(TemplatePlaced(player_name(state, placer), order.forward, order.right, result.origin))
    return state, events


def _pay(state: OptioState, side: int, why: str, events: list[Event]) -> OptioState:
    kudos = list(state.kudos)
    kudos[side] -= 1
    events.append(KudoPaid(player_name(state, side), kudos[side], why))
    return evolve(state, kudos=tuple(kudos))


def _apply_move(state: OptioState, order: Move, events: list[Event]) -> OptioState:
    block = state.get(order.unit)
    enemy_army = state.army(1 - order.side) if state.phase is Phase.CLOSING else None
    if pays_kudo(state, order):
        state = _pay(state, order.side, "keep away from the enemy army", events)
    edge = Edge.home(block.side) if block.pos is None else edge_towards(order.to, block.pos)
    clock = state.clock + 1
    moved = evolve(block, pos=order.to, entered_from=edge, arrived=clock)
    blocks = _replaced(state, moved)
    who = f"{player_name(state, order.side)}'s {block.id}"
    events.append(Moved(who, block.pos, order.to, "enters at" if block.pos is None else "moves"))
    # state.at(order.to) after the move, of the other side
    held = [b for b in blocks if b.pos == order.to and not b.gone and b.side != order.side]
    if held and state.phase is Phase.SCOUTING:
        # Every block that comes in beside the opponent is listed, whatever it is,
        # so the list itself gives nothing away.
        state = evolve(state, blocks=blocks, clock=clock, moved=state.moved + (block.id,),
                       may_scout=state.may_scout + (block.id,))
        events.append(Note(f"{block.id} comes in by the {edge.word} side of a square "
                           f"{player_name(state, 1 - order.side)} holds"))
    else:
        state = evolve(state, blocks=blocks, clock=clock, moved=state.moved + (block.id,))
    if enemy_army is not None:
        if order.to == enemy_army.pos:
            return _meet(state, order.side, events)
        events.append(TurnPassed(state.round, ARMY_MOVED, who=player_name(state, order.side)))
        return _next_turn(state)
    return state


def _end_scouting(state: OptioState, events: list[Event], next_active: int | None = None) -> OptioState:
    """Both armies are known: every other block leaves the map."""
    gone, never_on = [], []
    for b in state.blocks:
        if b.kind is not Kind.ARMY and not b.gone:
            gone.append(evolve(b, gone=True, pos=None))
            if b.pos is None:
                never_on.append(b.id)
            else:
                events.append(Removed(b.id, "both armies are known", where="map"))
    if never_on:  # never brought on: not "removed from the map", they stay off it
        ids = ", ".join(never_on[:-1]) + " and " + never_on[-1] if len(never_on) > 1 else never_on[0]
        events.append(Note(f"{ids} stay{'s' if len(never_on) == 1 else ''} off the map: both armies are known"))
    state = _replace(state, *gone)
    a0, a1 = state.army(0), state.army(1)
    if a0.pos == a1.pos:
        second = 0 if a0.arrived > a1.arrived else 1
        return _meet(state, second, events)
    if next_active is None:  # the scouting turn ends at once
        # One general's turn ends, not the round: "Bob's turn 6 ends (both armies are known)".
        events.append(TurnPassed(state.round, BOTH_KNOWN, who=player_name(state, state.active)))
        state = _next_turn(state)
    return evolve(state, phase=Phase.CLOSING)


def _turn_limit(state: OptioState, events: list[Event]) -> OptioState:
    """Our tie-break: scouting time is up.  Both armies show themselves;
    an army still off the map comes on at its home edge, in the column
    nearest the enemy army (the middle one if that is off the map too)."""
    events.append(Note(TIME_UP))
    armies = []
    clock = state.clock
    for side in (0, 1):
        army = state.army(side)
        if army.pos is None:
            other = state.army(1 - side).pos
            column = other[0] if other is not None else LARGE // 2
            clock += 1
            army = evolve(army, pos=(column, HOME_ROW[side]), entered_from=Edge.home(side), arrived=clock)
            events.append(Moved(f"{player_name(state, side)}'s {army.id}", None, army.pos, "enters at"))
        armies.append(evolve(army, revealed=True))
    state = evolve(_replace(state, *armies), clock=clock)
    return _end_scouting(state, events, next_active=state.active)


def _meet(state: OptioState, second: int, events: list[Event]) -> OptioState:
    army = state.army(second)
    first = 1 - second
    assert army.entered_from is not None  # it came into the square it met in
    events.append(ArmiesMet(army.cell, player_name(state, first), player_name(state, second), army.entered_from.word))
    return evolve(state, phase=Phase.TEMPLATE, meeting=army.pos, first_army=first,
                  second_edge=army.entered_from, active=first, moved=(), may_scout=(), scouted=())
