"""The Plasto Latros ruleset: checks, menus and views over :mod:`.rules`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from core.board import Battlefield, Cell, Terrain
from core.deployment import Deploy, DeployAll, Ready, check_deploy, check_ready, open_cells
from core.events import Event, Note
from core.explain import Ref
from core.orders import Order
from core.ruleset import BattlefieldProfile, Capabilities, Outcome, Rejection, Ruleset, Situation, UnitView
from core.rulesets.plasto_latros.explain import explain as explain_event

from .combat import (
    can_shoot,
    destroyers,
    may_destroy,
    needed_for,
    shoot_targets,
    shooter_problem,
    shot_fraction,
    target_problem,
)
from .draw import random_order as draw_order
from .events import artifact_name
from .movement import blocked_cells, free_movements, movement_problem, movements_for, relocations, standable
from .options import PlastoOptions
from .orders import (
    ORDER_TYPES,
    Climb,
    Decline,
    Destroy,
    FreeMove,
    Jump,
    JumpAttack,
    Move,
    Movement,
    Pass,
    Relocate,
    Shoot,
    Stand,
    Turn,
)
from .rules import apply_order, own_ids
from .state import Mini, Phase, PlastoState
from .status import free_eligible, jumping, locked, markers, movable, pinned, status_words

if TYPE_CHECKING:
    from core.ai.knowledge import Knowledge

# the members as plain names: an Enum member read from its class costs a lookup
# in Python code each time (hot paths compare phases and kinds several times an order)
_DEPLOY, _FINAL, _OVER, _PLAY = Phase.DEPLOY, Phase.FINAL, Phase.OVER, Phase.PLAY

PHASE_WORDS = {Phase.DEPLOY: "deployment", Phase.PLAY: "play", Phase.FINAL: "final turn", Phase.OVER: "over"}


NOBODY: frozenset[int] = frozenset()
ONE_SIDE = (frozenset({0}), frozenset({1}))  # who acts, built once (to_act runs several times an order)


def unit_ids(side: int, count: int) -> list[str]:
    return [f"{'ab'[side]}{i + 1}" for i in range(count)]


class PlastoLatros(Ruleset):
    name = "plasto_latros"
    title = "Plasto Latros"
    summary = "Diceless: two Movements a turn, facing arcs, Threat, Lock and Doom, free defending moves"
    capabilities = Capabilities(sides=2, simultaneous_orders=False, hidden_information=False, dice=())
    options_type = PlastoOptions
    state_type = PlastoState
    order_types = ORDER_TYPES
    default_battlefield = "pl-open"

    # -- the plug-in (core/ruleset.py): what the rest of Skirmish asks ---------
    help_page = "plasto_latros.md"
    battlefield_profile = BattlefieldProfile(
        2, (), "a small square is 2 x 2 cells (32 x 16); hills keep their levels for climbing and sight; "
        "woods block sight, so the 50% visibility test sees through their edge only.")
    fallen_statuses = frozenset({"removed"})

    def terrain_words(self, terrain: Terrain) -> list[str]:
        # The seed reads ground that stops a Movement (*Movement*), height to
        # climb, hop and jump down from (*Climbing Movement On Terrain*,
        # *Jumping Attacks*) and sight for shots (*Long Range Attacks*: half
        # the target in view); it has no cover levels and no slow ground.
        words = ["blocks"] if terrain.blocks_move else ["blocks sight"] if terrain.blocks_sight else []
        if terrain.elevation:
            words.append(f"height {terrain.elevation}")
        return words

    def explain(self, events: Sequence[Event], index: int) -> tuple[list[str], Ref]:
        return explain_event(events, index)

    def knowledge(self) -> Knowledge:
        # the computer, imported only when it plays
        from core.ai.plasto_latros import PlastoKnowledge

        return PlastoKnowledge(self)

    # -- setup -------------------------------------------------------------
    def check_options(self, options: PlastoOptions, battlefield: Battlefield) -> str | None:
        for side in (0, 1):
            if options.shooters(side) > options.minis:
                return f"Player {side + 1} has more shooters ({options.shooters(side)}) than minis ({options.minis})."
            if len(open_cells(battlefield, side, {})) < options.minis:
                return f"{battlefield.name}: the zone of side {side + 1} has room for fewer than {options.minis} minis."
        if options.goal == "artifacts" and not battlefield.features:
            return f"{battlefield.name} has no artifacts for the artifacts goal."
        return None

    def setup(self, options, battlefield, seed, players):
        minis = tuple(
            Mini(unit, side, i < options.shooters(side))
            for side in (0, 1) for i, unit in enumerate(unit_ids(side, options.minis))
        )
        state = PlastoState(options=options, battlefield=battlefield, players=tuple(players), minis=minis,
                            features=battlefield.features)
        return state, [Note(f"{players[0]} deploys first")]

    def to_act(self, state: PlastoState) -> frozenset[int]:
        if state.phase is _OVER:
            return NOBODY
        if state.pending_free:
            return ONE_SIDE[state.pending_free[0]]
        return ONE_SIDE[state.active]

    def outcome(self, state: PlastoState) -> Outcome | None:
        return None if state.result is None else Outcome(state.result.winner, state.result.reason)

    # -- checking ------------------------------------------------------------
    def check(self, state: PlastoState, order) -> Rejection | None:
        # (the game going on and order.side to act: core.game.refusal's)
        if isinstance(order, (Deploy, DeployAll, Ready)):
            if state.phase is not _DEPLOY:
                return Rejection("not-deploying", "Deployment is over.")
            positions = {m.id: m.pos for m in state.minis}
            own = own_ids(state, order.side)
            if isinstance(order, Deploy):
                return check_deploy(state.battlefield, order.side, own, positions, order)
            if isinstance(order, Ready):
                return check_ready(own, positions)
            return None
        if state.phase is _DEPLOY:
            return Rejection("deploying", "Place your minis first (deploy, then ready).")
        if state.pending_free:
            if isinstance(order, Decline):
                return None
            if isinstance(order, FreeMove):
                return self._check_free(state, order)
            return Rejection("free-movement-pending", "Take the Defending Free Movement (free-move) or decline it.")
        if isinstance(order, (FreeMove, Decline)):
            return Rejection("no-free-movement", "No Defending Free Movement is owed now.")
        if isinstance(order, Movement):  # the commonest order first (the kinds below are disjoint)
            if state.phase is _FINAL:
                return Rejection("final-turn", "In the final turn minis relocate to any free cell.")
            if state.movements_left <= 0:
                return Rejection("no-movements", "Both Movements of this turn are spent.")
            return self._check_movement(state, order, free=False)
        if isinstance(order, Pass):
            return None
        if isinstance(order, Shoot):
            return self._check_shoot(state, order)
        if isinstance(order, Destroy):
            return self._check_destroy(state, order)
        if isinstance(order, Relocate):
            return self._check_relocate(state, order)
        return Rejection("unknown-order", f"Plasto Latros has no order {order.verb!r}.")

    def _own_mini(self, state: PlastoState, side: int, unit: str) -> Mini | Rejection:
        mini = state.mini(unit)
        if mini is None or mini.side != side:
            return Rejection("not-your-unit", f"{unit} is not one of your minis.")
        if mini.pos is None:
            return Rejection("removed", f"{unit} is no longer on the battlefield.")
        return mini

    def _check_movement(self, state: PlastoState, order: Movement, free: bool) -> Rejection | None:
        mini = self._own_mini(state, order.side, order.unit)
        if isinstance(mini, Rejection):
            return mini
        if not movable(state, mini):
            if locked(state, mini.id):
                why = "is Locked In Battle"
            elif pinned(state, mini.id):
                why = "is Pinned"
            elif jumping(state, mini.id):
                why = "is in mid-jump"
            else:
                why = "is under attack"
            who = "A Defending Free Movement needs a mini that is not under attack: " if free else ""
            return Rejection("cannot-move", f"{who}{mini.id} {why}.")
        problem = movement_problem(state, mini, order)
        return Rejection("bad-movement", problem) if problem else None

    def _check_free(self, state: PlastoState, order: FreeMove) -> Rejection | None:
        inner = order.order
        if inner.side != order.side:
            return Rejection("wrong-side", "The free Movement must be made by the same player.")
        # any Movement, a jump attack too (docs/rulings.md, *Defending Free Movement*)
        return self._check_movement(state, inner, free=True)

    def _check_shoot(self, state: PlastoState, order: Shoot) -> Rejection | None:
        mini = self._own_mini(state, order.side, order.unit)
        if isinstance(mini, Rejection):
            return mini
        problem = shooter_problem(state, mini) or target_problem(state, mini, state.mini(order.target))
        return Rejection("cannot-shoot", problem) if problem else None

    def _check_destroy(self, state: PlastoState, order: Destroy) -> Rejection | None:
        feature = next((f for f in state.features if f.id == order.feature), None)
        if feature is None:
            return Rejection("no-artifact", f"There is no standing artifact called {order.feature}.")
        if not may_destroy(state, order.side):
            return Rejection("guardian", "In this scenario your side guards the artifacts.")
        need, have = needed_for(feature), len(destroyers(state, order.side, feature))
        if have < need:
            name = artifact_name(feature.id, feature.kind)
            return Rejection("too-few", f"{name[0].upper()}{name[1:]} needs {need} free minis in contact and facing "
                                        f"it ({have} now).")
        return None

    def _check_relocate(self, state: PlastoState, order: Relocate) -> Rejection | None:
        if state.phase is not _FINAL:
            return Rejection("not-final", "Only the final turn lets a mini go anywhere.")
        mini = self._own_mini(state, order.side, order.unit)
        if isinstance(mini, Rejection):
            return mini
        if order.unit in state.final_moved:
            return Rejection("already-moved", f"{order.unit} has already moved this final turn.")
        if not movable(state, mini):
            return Rejection("cannot-move", f"{order.unit} cannot move.")
        if not standable(state, order.to, blocked_cells(state) - {mini.pos}):
            return Rejection("bad-cell", "The final move goes to a free cell a mini can stand on.")
        return None

    # -- menus -------------------------------------------------------------
    def legal_orders(self, state: PlastoState, side: int) -> Sequence:
        if side not in self.to_act(state):
            return []
        if state.phase is _DEPLOY:
            positions = {m.id: m.pos for m in state.minis}
            ids = own_ids(state, side)
            if check_ready(ids, positions) is None:
                return [Ready(side)]
            out: list[Order] = [DeployAll(side)]
            free = open_cells(state.battlefield, side, positions)
            # Only figures not yet placed are listed, so random play stays bounded.
            out += [Deploy(side, u, c) for u in ids if positions[u] is None for c in free]
            return out
        if state.pending_free:
            out = [Decline(side)]
            blocked = blocked_cells(state)
            for m in state.on_board():
                if m.side == side and free_eligible(state, m):
                    out += free_movements(state, m, side, blocked)
            return out
        out = [Pass(side)]
        own = [m for m in state.on_board() if m.side == side]
        if state.phase is _PLAY and state.movements_left > 0:
            blocked = blocked_cells(state)
            for m in own:
                if movable(state, m):
                    out += movements_for(state, m, side, blocked=blocked)
        if state.phase is _FINAL:
            taken = blocked_cells(state)
            cells = [c for c in state.battlefield.cells() if standable(state, c, taken)]
            for m in own:
                if movable(state, m) and m.id not in state.final_moved:
                    out += relocations(state, side, m.id, cells + [m.pos])
        for m in own:
            if can_shoot(state, m):
                out += [Shoot(side, m.id, t.id) for t in shoot_targets(state, m)]
        if may_destroy(state, side):
            for f in state.features:
                if len(destroyers(state, side, f)) >= needed_for(f):
                    out.append(Destroy(side, f.id))
        return out

    def random_order(self, state: PlastoState, side: int, rng):
        """One legal order drawn without listing every Movement (see draw.py)."""
        if side not in self.to_act(state):
            return None
        return draw_order(state, side, rng)

    # -- views -------------------------------------------------------------
    def units(self, state: PlastoState) -> Sequence[UnitView]:
        out = []
        for m in state.minis:
            role = "shooter" if m.shooter else "warrior"
            glyph = "ab"[m.side].upper() if m.shooter else "ab"[m.side]
            out.append(UnitView(id=m.id, side=m.side, name=f"{role} {m.id}", pos=m.pos,
                                status=status_words(state, m), facing=m.facing if m.pos else None,
                                glyph=glyph, markers=markers(state, m) if m.pos else ""))
        return out

    def turn_limit_words(self, state: PlastoState, turn: int) -> str:
        # Each player's turn counts, but the limits are set in rounds (both
        # players one turn); the safety limit ends the game too.
        limits = [n for n in (state.options.turn_limit, state.options.safety_limit) if n]
        return f" (round {(turn + 1) // 2}/{min(limits)})" if limits else ""

    def situation(self, state: PlastoState) -> Situation:
        to_act = self.to_act(state)
        name = state.players[state.active]
        if state.phase is _OVER:
            detail = state.result.reason if state.result else "the game is over"
        elif state.phase is _DEPLOY:
            detail = f"{name} deploys"
        elif state.phase is _FINAL:
            detail = f"{name}'s final turn: each movable mini may go to any free cell"
        else:
            detail = f"{name}'s turn, {state.movements_left} Movement{'s' if state.movements_left != 1 else ''} left"
        if state.pending_free:
            detail += f"; Defending Free Movement pending for {state.players[state.pending_free[0]]}"
        phase = PHASE_WORDS[state.phase]
        if state.pending_free:
            phase = "defending free movement"
        return Situation(turn=state.turn, phase=phase, to_act=to_act, detail=detail,
                         deploying=state.phase is _DEPLOY)

    def order_unit(self, order) -> str | None:
        if isinstance(order, FreeMove):
            return order.order.unit
        return getattr(order, "unit", None)

    def order_cells(self, state: PlastoState, order) -> tuple[Cell, ...]:
        if isinstance(order, FreeMove):
            return self.order_cells(state, order.order)
        if isinstance(order, (Move, Climb, Jump, Relocate)):
            return (order.to,)
        if isinstance(order, Deploy):
            return (order.at,)
        if isinstance(order, (Shoot, JumpAttack)):
            target = state.mini(order.target)
            return (target.pos,) if target and target.pos else ()
        if isinstance(order, (Turn, Stand)):
            mini = state.mini(order.unit)
            return (mini.pos,) if mini and mini.pos else ()
        if isinstance(order, Destroy):
            return tuple(f.cell for f in state.features if f.id == order.feature)
        return ()

    def describe_order(self, state: PlastoState, order) -> str:
        def at(c):
            return f"{c[0]},{c[1]}"
        if isinstance(order, FreeMove):
            return "Free Movement: " + self.describe_order(state, order.order)
        if isinstance(order, Move):
            return f"{order.unit}: move to {at(order.to)}, face {order.facing.value}"
        if isinstance(order, Turn):
            return f"{order.unit}: turn to face {order.facing.value}"
        if isinstance(order, Climb):
            return f"{order.unit}: climb to {at(order.to)}, face {order.facing.value}"
        if isinstance(order, Jump):
            return f"{order.unit}: jump down to {at(order.to)} (lands prone)"
        if isinstance(order, JumpAttack):
            return f"{order.unit}: jump down on {order.target}"
        if isinstance(order, Stand):
            return f"{order.unit}: stand up facing {order.facing.value}"
        if isinstance(order, Shoot):
            shooter, target = state.mini(order.unit), state.mini(order.target)
            pct = ""
            if shooter and target and shooter.pos and target.pos:
                pct = f" ({round(shot_fraction(state, shooter, target) * 100)}% visible)"
            return f"{order.unit}: shoot at {order.target}{pct}"
        if isinstance(order, Destroy):
            feature = next((f for f in state.features if f.id == order.feature), None)
            return f"destroy {artifact_name(feature.id, feature.kind) if feature else order.feature}"
        if isinstance(order, Relocate):
            return f"{order.unit}: final move to {at(order.to)}, face {order.facing.value}"
        if isinstance(order, Pass):
            if state.phase is _FINAL:
                return "end the final turn"
            return "end the turn" if state.movements_left <= 0 else "pass the rest of the turn"
        if isinstance(order, Decline):
            return "decline the Defending Free Movement"
        if isinstance(order, Deploy):
            return f"{order.unit}: deploy at {at(order.at)}"
        if isinstance(order, DeployAll):
            return "deploy the rest automatically"
        if isinstance(order, Ready):
            return "ready: deployment done"
        return order.to_text()

    # the ruleset's apply is apply_order itself (one call less an order)
    apply = staticmethod(apply_order)


RULESET = PlastoLatros()
