"""The Spheres of War ruleset object: the protocol glue over the rule modules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from core.board import Battlefield, Cell, Terrain, distance
from core.deployment import (
    Deploy,
    DeployAll,
    Ready,
    auto_deploy,
    check_deploy,
    check_ready,
    describe_deployment,
    open_cells,
)
from core.dice import Dice, roll
from core.events import THE_GAME, Event, Note, Placed
from core.explain import Ref
from core.options import option_problem
from core.orders import Order
from core.ruleset import BattlefieldProfile, Capabilities, Forced, Outcome, Rejection, Ruleset, Situation, UnitView
from core.rulesets.spheres_of_war.explain import explain as explain_event
from core.values import evolve

from . import actions, cache, movement
from .orders import ORDER_TYPES, ChooseMatch, DeployOutOfReach, Fight, Move, Wait
from .reach import out_of_reach_deployment, rows_out_of_reach
from .state import ACTIONS_EACH, TEAM_SIZE, Combatant, Phase, SowOptions, SowState
from .turns import closest_pairs, form_next, start_match, start_turn

if TYPE_CHECKING:
    from core.ai.knowledge import Knowledge


_TO_ACT = "spheres_of_war.to_act"  # the state memo key of who acts in a Match
UNMATCHED = "unMatched"  # a figure's status in no Match and not Inert: the rules' word (rule 11)


class SpheresOfWar(Ruleset):
    name = "spheres_of_war"
    title = "Spheres of War: Tactical Fragment 1"
    summary = "Five combatants a side; Matches between the closest opposed pair, five Actions each, d6 defend and strike back"
    capabilities = Capabilities(sides=2, simultaneous_orders=False, hidden_information=False, dice=("d6",))
    options_type = SowOptions
    state_type = SowState
    order_types = ORDER_TYPES
    default_battlefield = "open-12"

    # -- the plug-in (core/ruleset.py): what the rest of Skirmish asks ---------
    help_page = "spheres_of_war.md"
    battlefield_profile = BattlefieldProfile(
        # The printed rules know no cover and no slow ground (rules 25-36): woods
        # and marsh are open ground here; water and rock still block.
        1, (("woods", Terrain("woods")), ("marsh", Terrain("marsh"))),
        "1 cell = 1 inch; a small square is an inch, so the field is 16 x 8 inches. "
        "Woods and marsh are open ground: the rules have no cover or slow ground (Matches go by distance).")
    fallen_statuses = frozenset({"removed"})

    def terrain_words(self, terrain: Terrain) -> list[str]:
        # Rules 25-27 know walls a Move cannot cross and nothing else: no
        # cover, no slow ground, and no rule reads height or sight (Matches
        # go by distance), so any other ground is open ground.
        if terrain.blocks_move:
            return ["blocks"]
        if terrain.cover or terrain.move_cost > 1 or terrain.blocks_sight or terrain.elevation:
            return ["open ground"]
        return []

    def explain(self, events: Sequence[Event], index: int) -> tuple[list[str], Ref]:
        return explain_event(events, index)

    def knowledge(self) -> Knowledge:
        # the computer, imported only when it plays
        from core.ai.spheres_of_war import SpheresKnowledge

        return SpheresKnowledge(self)

    # -- setup -------------------------------------------------------------
    def check_options(self, options: SowOptions, battlefield: Battlefield) -> str | None:
        problem = option_problem(options)
        if problem:
            return problem
        for side in (0, 1):
            if len(open_cells(battlefield, side, {})) < TEAM_SIZE:
                return f"{battlefield.name} needs {TEAM_SIZE} open cells in side {side}'s deployment zone."
        return None

    def setup(self, options: SowOptions, battlefield: Battlefield, seed: int, players: tuple[str, str]):
        dice = Dice(seed)
        events: list[Event] = []
        if options.instigator == "first":
            instigator = 0
        elif options.instigator == "second":
            instigator = 1
        else:  # rule 7: flip a coin; 1 (heads) makes the first player the Instigator
            dice, rolled = roll(dice, 1, 2, f"the coin flip (1: {players[0]} is the Instigator, 2: {players[1]} is)",
                                who=THE_GAME)
            events.append(rolled)
            instigator = rolled.total - 1
        units = tuple(
            Combatant(f"{'i' if side == instigator else 'r'}{n}", side)
            for side in (0, 1) for n in range(1, TEAM_SIZE + 1))
        state = SowState(options=options, battlefield=battlefield, players=(players[0], players[1]),
                         instigator=instigator, units=units, dice=dice)
        for side in (0, 1):
            role = state.role(side)
            events.append(_note(f"{players[side]} is the {role} ({'white' if role == 'Instigator' else 'black'}), "
                                f"combatants {', '.join(u.id for u in state.side_units(side))}"))
        return state, events

    # -- whose turn ----------------------------------------------------------
    def to_act(self, state: SowState) -> frozenset[int]:
        # Asked several times for each order (the core's check and the
        # ruleset's own): the answers are built once, as constants.
        phase = state.phase
        if phase is Phase.DEPLOY:
            return _ONLY[state.deploying]
        if phase is Phase.CHOOSE:
            return _ONLY[state.instigator]
        return state.memo.get(_TO_ACT, _actor_side, state)

    def forced_order(self, state: SowState, side: int) -> Forced | None:
        # In contact, a Fight is the only Action (rule 30): a defence roll or a strike.
        if state.phase is not Phase.MATCH:
            return None
        return actions.forced_action(state, side)

    def legal_orders(self, state: SowState, side: int) -> Sequence[Order]:
        # ``side not in to_act(state)`` asked phase by phase: in a Match
        # legal_actions asks whether the actor is ``side``'s.
        phase = state.phase
        if phase is Phase.MATCH:
            return actions.legal_actions(state, side)
        if phase is Phase.OVER or side != (state.deploying if phase is Phase.DEPLOY else state.instigator):
            return []
        if phase is Phase.DEPLOY:
            positions = _positions(state, side)
            todo = [u for u, c in positions.items() if c is None]
            if not todo:
                return [Ready(side)]
            # Only unplaced figures are listed so random play finishes deploying;
            # moving a placed figure again is still accepted by check.  Same list
            # as Deploy(side, u, c) for u in todo for c in open_cells(...), the
            # orders built once per battlefield.
            taken = {c for c in positions.values() if c is not None}
            out: list[Order] = [DeployAll(side)]
            for u in todo:
                orders, index = _deploy_orders(state.battlefield, side, u)
                # every order of the zone, less those onto a taken cell
                drop = sorted((index[c] for c in taken if c in index), reverse=True)
                if drop:
                    kept = list(orders)
                    for i in drop:
                        del kept[i]
                    out += kept
                else:
                    out += orders
            return out
        return [ChooseMatch(side, i, r) for i, r in closest_pairs(state)]

    def check(self, state: SowState, order: Order) -> Rejection | None:
        # (the game going on and order.side to act: core.game.refusal's)
        if isinstance(order, (Deploy, DeployAll, DeployOutOfReach, Ready)):
            if state.phase is not Phase.DEPLOY:
                return Rejection("wrong-phase", "Deployment is over.")
            positions = _positions(state, order.side)
            if isinstance(order, Deploy):
                if positions.get(order.unit) == order.at:
                    return Rejection("already-there", f"{order.unit} already stands at {order.at[0]},{order.at[1]}.")
                if order.unit in positions and order.at in cache.deploy_cell_set(state.battlefield, order.side) \
                        and order.at not in {u.pos for u in state.units if u.id != order.unit}:
                    return None  # what check_deploy finds, without rebuilding the zone
                return check_deploy(state.battlefield, order.side, list(positions), _all_positions(state), order)
            if isinstance(order, Ready):
                return check_ready(list(positions), positions)
            if None not in positions.values():
                return Rejection("nothing-to-place", "Every figure is already placed; choose ready.")
            return None
        if isinstance(order, ChooseMatch):
            if state.phase is not Phase.CHOOSE:
                return Rejection("wrong-phase", "There is no Match to choose now: the next one forms by itself.")
            if (order.unit, order.opponent) not in closest_pairs(state):
                pairs = "; ".join(f"{i} against {r}" for i, r in closest_pairs(state))
                return Rejection("not-closest", f"Only the equally closest pairs can be Matched (rules 12-13): {pairs}.")
            return None
        if isinstance(order, (Wait, Move, Fight)):
            if state.phase is Phase.DEPLOY:
                return Rejection("wrong-phase", "Deploy your combatants first.")
            if state.phase is Phase.CHOOSE:
                return Rejection("wrong-phase", "Choose the next Match first (rule 13).")
            return actions.check_action(state, order)
        return Rejection("unknown-order", f"{self.title} has no order {order.verb!r}.")

    def apply(self, state: SowState, order: Order) -> tuple[SowState, list[Event]]:
        events: list[Event] = []
        if isinstance(order, Deploy):
            state = _place(state, order.unit, order.at, events)
        elif isinstance(order, DeployAll):
            for uid, cell in auto_deploy(state.battlefield, order.side, list(_positions(state, order.side)),
                                         _all_positions(state)).items():
                state = _place(state, uid, cell, events)
        elif isinstance(order, DeployOutOfReach):
            for uid, cell in out_of_reach_deployment(state, order.side).items():
                state = _place(state, uid, cell, events)
        elif isinstance(order, Ready):
            events.append(_note(f"{state.players[order.side]} has deployed"))
            if state.deploying == 0:
                state = evolve(state, deploying=1)
            else:
                state = start_turn(state, events)
                if state.phase is not Phase.OVER:
                    state = form_next(state, events)
        elif isinstance(order, ChooseMatch):
            state = start_match(state, order.unit, order.opponent, events, "chosen by the Instigator (rule 13)")
        else:
            assert isinstance(order, (Wait, Move, Fight))  # check lets no other order through
            state, events = actions.apply_action(state, order)
        return state, events

    def outcome(self, state: SowState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        return Outcome(state.winner, state.over_reason)

    # -- what the screen shows -------------------------------------------------
    def units(self, state: SowState) -> Sequence[UnitView]:
        out = []
        m = state.match
        for u in state.units:
            role = state.role(u.side)
            markers = ""
            if u.removed:
                status = "removed"
            elif u.id in state.inert:
                status, markers = "Inert", "z"  # the rules' capitalised term (rule 19)
            elif m is not None and u.id in (m.instigator, m.retaliator):
                other = actions.opponent_of(m, u.id)
                status, markers = ("in combat", "C") if actions.in_contact(state, u.id, other) else ("Matched", "M")
                if m.struck == u.id:
                    markers += "!"
            elif u.pos is None:
                status = "not placed"  # still to deploy
            else:
                status = UNMATCHED  # free to be Matched (rules 11, 20)
            if status == UNMATCHED and state.partner(u.id) is not None:
                status, markers = "in combat", "L"
            out.append(UnitView(id=u.id, side=u.side, name=f"{role} {u.id[1:]}",
                                pos=None if u.removed else u.pos, status=status,
                                glyph=u.id[0].upper(), markers=markers))
        return out

    def turn_limit_words(self, state: SowState, turn: int) -> str:
        return f"/{state.options.turn_limit}"

    def situation(self, state: SowState) -> Situation:
        to_act = self.to_act(state)
        if state.phase is Phase.DEPLOY:
            side = state.deploying
            # Name the rows the battlefield's zone really offers: rule 6 says
            # within 6 inches, but a map's zone may be narrower.
            rows = sorted({c[1] for c in cache.deploy_cells(state.battlefield, side)}) or [0]
            safe = _out_of_reach(state, side)
            if safe:  # kept to three lines of the side panel: the legend stays in sight below it
                return Situation(state.turn, "deploying", to_act,
                                 f"{state.players[side]} ({state.role(side)}) deploys in rows {rows[0]}-{rows[-1]} "
                                 f"({safe}: out of reach of the Instigator, deploying next)", deploying=True)
            return Situation(state.turn, "deploying", to_act,
                             f"{state.players[side]} ({state.role(side)}) places combatants in their deployment zone, "
                             f"rows {rows[0]}-{rows[-1]}", deploying=True)
        if state.phase is Phase.OVER:
            return Situation(state.turn, "game over", frozenset(), state.over_reason)
        if state.phase is Phase.CHOOSE:
            pairs = ", ".join(f"{i}-{r}" for i, r in closest_pairs(state))
            return Situation(state.turn, "choosing a Match", to_act,
                             f"{state.players[state.instigator]} (Instigator) picks one of the equally close pairs: {pairs}")
        m = state.current  # neither deploying, choosing nor over: a Match is played
        uid = actions.actor(state)
        assert uid is not None  # a Match always has its actor
        k = actions.action_number(m)
        phase = f"Match {m.number}: {uid}'s action {k} of {ACTIONS_EACH}"
        other = actions.opponent_of(m, uid)
        if m.struck == uid:
            detail = f"{uid} was struck by {other} and must defend (d6, 5-6 fails)"
        elif actions.in_contact(state, uid, other):
            detail = f"{uid} is locked in combat with {other} and strikes"
        else:
            detail = f"{uid} may wait or move toward or away from {other}"
        return Situation(state.turn, phase, to_act, f"{m.instigator} against {m.retaliator}; {detail}")

    def order_cells(self, state: SowState, order: Order) -> tuple[Cell, ...]:
        if isinstance(order, ChooseMatch):
            found = (state.unit(u) for u in (order.opponent, order.unit))
            return tuple(c.pos for c in found if c is not None and c.pos is not None)
        if isinstance(order, Move) and not state.battlefield.in_bounds(order.to):
            return ()  # leaving the board: nothing on the board to point at (menu only)
        if isinstance(order, Fight) and state.match is not None:
            other = state.unit(actions.opponent_of(state.match, order.unit))
            return (other.pos,) if other is not None and other.pos is not None else ()
        return super().order_cells(state, order)

    def describe_order(self, state: SowState, order: Order) -> str:
        if isinstance(order, ChooseMatch):
            a, b = state.unit(order.unit), state.unit(order.opponent)
            if a is not None and b is not None and a.pos and b.pos:
                return (f"Match {order.unit} ({a.pos[0]},{a.pos[1]}) against {order.opponent} "
                        f"({b.pos[0]},{b.pos[1]}), {distance(a.pos, b.pos):.1f} in")
            return f"Match {order.unit} against {order.opponent}"
        if isinstance(order, Wait):
            return f"Wait ({order.unit})"
        if isinstance(order, DeployOutOfReach):
            return "Deploy the rest out of the enemy's reach"
        mover = state.unit(order.unit) if isinstance(order, Move) else None
        if isinstance(order, Move) and state.match is not None and mover is not None and mover.on_board:
            other = actions.opponent_of(state.match, order.unit)
            them = state.unit(other)
            if them is None or not them.on_board:
                return order.to_text()
            way = movement.direction(state, order.unit, other, order.to)
            if not state.battlefield.in_bounds(order.to):
                return f"Move {order.unit} {way} {other} off the battlefield (removed)"
            return f"Move {order.unit} {way} {other} to {order.to[0]},{order.to[1]}"
        if isinstance(order, Fight):
            m = state.match
            if m is not None and m.struck == order.unit:
                return f"Defend {order.unit} (roll d6, 5-6 fails)"
            other = actions.opponent_of(m, order.unit) if m is not None else "the opponent"
            return f"Strike {other} with {order.unit}"
        return describe_deployment(order) or order.to_text()


# Whose turn it is, each answer built once (to_act).
_ONLY = (frozenset({0}), frozenset({1}))
_NOBODY: frozenset[int] = frozenset()


def _actor_side(state: SowState) -> frozenset[int]:
    uid = actions.actor(state)
    if uid is None:
        return _NOBODY
    return _ONLY[state.get(uid).side]


def _note(text: str) -> Event:
    return Note(text)


def _out_of_reach(state: SowState, side: int) -> str:
    """For a Retaliator whose enemy deploys after it, the rows where the
    Instigator cannot strike it first in turn 1 (rules 6, 16, 25-29); a line
    at the zone's front stands one Move from the Instigator's zone."""
    if side == state.instigator or state.deploying != 0:  # side 0 deploys first, side 1 next
        return ""
    safe = rows_out_of_reach(state.battlefield, side)
    if len(safe) < 2:
        return f"row {safe[0]}" if safe else ""
    if safe == tuple(range(safe[0], safe[-1] + 1)):
        return f"rows {safe[0]}-{safe[-1]}"
    return f"rows {', '.join(map(str, safe))}"


def _positions(state: SowState, side: int) -> dict[str, Cell | None]:
    return {u.id: u.pos for u in state.side_units(side)}


def _deploy_orders(bf: Battlefield, side: int, uid: str) -> tuple[tuple[Deploy, ...], dict[Cell, int]]:
    """The Deploy orders of ``uid`` onto each open cell of the zone in zone
    order, and where each cell's order stands in them."""
    def build(b: Battlefield) -> tuple[tuple[Deploy, ...], dict[Cell, int]]:
        cells = cache.deploy_cells(b, side)
        return tuple(Deploy(side, uid, c) for c in cells), {c: i for i, c in enumerate(cells)}
    return cache.per_battlefield(bf, ("deploy-orders", side, uid), build)


def placed_again(state: SowState, side: int) -> list[Deploy]:
    """While ``side`` deploys: a Deploy of each figure it has placed onto
    each open cell of its zone.  ``check`` accepts them (a placement is not
    final until Ready, docs/rulings.md); ``legal_orders`` leaves them out so
    random play finishes deploying, and a board offers them from here."""
    if state.phase is not Phase.DEPLOY or side != state.deploying:
        return []
    positions = _positions(state, side)
    taken = {c for c in positions.values() if c is not None}
    out: list[Deploy] = []
    for uid, cell in positions.items():
        if cell is not None:
            orders, _ = _deploy_orders(state.battlefield, side, uid)
            out += [o for o in orders if o.at not in taken]
    return out


def _all_positions(state: SowState) -> dict[str, Cell | None]:
    return {u.id: u.pos for u in state.units}


def _place(state: SowState, uid: str, cell: Cell, events: list[Event]) -> SowState:
    events.append(Placed(uid, cell))
    return state.with_unit(evolve(state.unit(uid), pos=cell))


RULESET = SpheresOfWar()
