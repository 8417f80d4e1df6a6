"""The Waylights ruleset: setup, the order menus, views and previews (the
rules themselves are in ``rules``, ``combat``, ``movement``, ``turns``...)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress
from typing import TYPE_CHECKING

from core.board import Battlefield, Cell, Terrain
from core.deployment import Deploy, DeployAll, Ready, describe_deployment, open_cells
from core.dice import Dice
from core.events import Event, Note, dice
from core.explain import Ref
from core.orders import Order
from core.ruleset import BattlefieldProfile, Capabilities, Outcome, Rejection, Ruleset, Situation, UnitView
from core.rulesets.waylights import rules
from core.rulesets.waylights.combat import (
    COVER_NAMES,
    EFFECT_COST,
    SMASHABLE,
    Preview,
    attack_preview,
    cover_level,
    reaches,
)
from core.rulesets.waylights.draw import random_order as draw_order
from core.rulesets.waylights.exchange import Exchange, exchange
from core.rulesets.waylights.explain import explain as explain_event
from core.rulesets.waylights.movement import reach_entry, reachable, step_cells
from core.rulesets.waylights.orders import (
    ORDER_TYPES,
    Attack,
    Boost,
    Clip,
    Counter,
    Crystal,
    Defend,
    EndTurn,
    Finish,
    Move,
    Reload,
    Split,
    SplitMove,
    Step,
    TakeCover,
    Wield,
)
from core.rulesets.waylights.resolve import fire
from core.rulesets.waylights.roster import KINDS, PRESETS, parse_roster
from core.rulesets.waylights.state import KO, READY, WaylightsOptions, WaylightsState, new_fighter, rebuild

if TYPE_CHECKING:
    from core.ai.knowledge import Knowledge

__all__ = ["RULESET", "WaylightsRuleset", "attack_preview", "counter_refusal_for", "exchange_for", "preview_order", "Preview"]


def side_keys(options: WaylightsOptions, side: int) -> tuple[str, ...] | str:
    text = getattr(options, f"roster_{side}").strip()
    if text:
        return parse_roster(text)
    team = getattr(options, f"team_{side}")
    return PRESETS[team] if team in PRESETS else f"unknown team {team!r}"


def preview_order(state: WaylightsState, order: Order) -> Preview | None:
    """The exact chances of an ``attack`` order about to be given: the
    attacker's declared attack dice against the target's defence dice (its
    current allocation, or 2/2 if it has yet to declare), after cover, the
    order's tension, effect and smash counted (the target spending none);
    or of a ``defend`` answering the pending attack, its tension counted."""
    on = state.options.psi_tension
    if isinstance(order, Defend) and state.attack is not None:
        p = state.attack
        a, t = state.get(p.attacker), state.get(p.target)
        adice = a.split if a.split is not None else 2
        ddice = 4 - (t.split if t.split is not None else 2)
        return attack_preview(a, t, a.weapon, adice, ddice, 0, psi_on=on, psi=p.psi, psi_d=order.psi,
                              effect=p.effect, smash=p.smash)
    if not isinstance(order, Attack):
        return None
    a, t = state.get(order.unit), state.get(order.target)
    adice = a.split if a.split is not None else 2
    ddice = 4 - (t.split if t.split is not None else 2)
    cover = (cover_level(state, a, t) or 0) if a.weapon.ranged else 0
    return attack_preview(a, t, a.weapon, adice, ddice, min(cover, 3), psi_on=on, psi=order.psi,
                          effect=order.effect, smash=order.smash)


def counter_refusal_for(state: WaylightsState, order: Order) -> Rejection | None:
    """Why the target of an ``attack`` order about to be given could not
    counter it, or None: ``rules.counter_refusal`` (the rule the response
    itself follows) asked of the state as the attack leaves it, the shot
    spent and the shooter stepped out of cover, before any cover roll.  A
    target yet to declare its split may still keep dice to counter with."""
    assert isinstance(order, Attack)
    a, t = state.get(order.unit), state.get(order.target)
    declared = rebuild(fire(state, a.id), exposed=True) if a.weapon.ranged else state
    return rules.counter_refusal(declared, declared.get(a.id), declared.get(t.id))


def exchange_for(state: WaylightsState, order: Order) -> Exchange:
    """The exact chances of an ``attack`` order about to be given if its
    target counters it (``exchange.exchange`` of the state as the attack
    leaves it, as ``counter_refusal_for`` sees it, the cover roll to come),
    or of a ``counter`` answering the pending attack: each order's own
    tension and effect counted."""
    if isinstance(order, Counter) and state.attack is not None:
        p = state.attack
        return exchange(state, p.attacker, p.target, psi=p.psi, effect=p.effect, smash=p.smash is not None,
                        c_psi=order.psi, c_effect=order.effect, c_smash=order.smash is not None)
    assert isinstance(order, Attack)
    a, t = state.get(order.unit), state.get(order.target)
    cover = min(cover_level(state, a, t) or 0, 2) if a.weapon.ranged else 0
    declared = rebuild(fire(state, a.id), exposed=True) if a.weapon.ranged else state
    return exchange(declared, a.id, t.id, cover, psi=order.psi, effect=order.effect, smash=order.smash is not None)


def _zone_deploys(bf: Battlefield, side: int, uid: str) -> tuple[Deploy, ...]:
    """Deploy orders for every cell of a zone where a figure may stand, made
    once per battlefield, side and figure (kept in the battlefield's memo)."""
    return bf.memo.get(("waylights.deploys", side, uid),
                       lambda: tuple(Deploy(side, uid, c) for c in open_cells(bf, side, {})))


def _moves(kind: type, side: int, uid: str, state: WaylightsState, budget: int) -> tuple[Order, ...]:
    """The Move / SplitMove orders of one reachable() answer, in cell order,
    kept beside the answer (answers are shared between states where nobody
    moved)."""
    entry = reach_entry(state, uid)
    key = (kind, side, budget)
    orders = entry.derived.get(key)
    if orders is None:
        made, make = _move_chunks(state, kind, side, uid)
        orders = entry.derived[key] = tuple(entry.grid.gather(entry.reached(budget), made, make))
    return orders


def move_to(kind: type, side: int, uid: str, state: WaylightsState, budget: int, rng) -> Order | None:
    """A Move / SplitMove order drawn from ``_moves`` with ``rng`` (one
    ``rng.choice`` over as many items, so the same draw), building only the
    order drawn."""
    entry = reach_entry(state, uid)
    bits = entry.reached(budget)
    if not bits:
        return None
    i = rng.choice(range(bits.bit_count()))
    return entry.grid.nth(bits, i, *_move_chunks(state, kind, side, uid))


def _move_chunks(state: WaylightsState, kind: type, side: int, uid: str) -> tuple[dict, Callable]:
    """For ``reach.Grid.gather``: the move orders of one figure made so far,
    by the byte of cells they go to, and how to make more.  The orders are
    shared between answers (a figure reaches many of the same cells from
    one place to the next), and one order per cell is shared between the
    bytes that hold it (a cell is in many bytes of cells: each would
    otherwise build its own equal copy for the collector to walk)."""
    table = state.battlefield.memo.table("waylights.move-orders", 1000)
    made = table.get((kind, side, uid))
    if made is None:
        one: dict[Cell, Order] = {}

        def make(cells: tuple[Cell, ...]) -> tuple[Order, ...]:
            out = []
            for c in cells:
                order = one.get(c)
                if order is None:
                    order = one[c] = kind(side, uid, c)
                out.append(order)
            return tuple(out)

        made = table.put((kind, side, uid), ({}, make))
    return made


def split_orders(bf: Battlefield, side: int, uid: str) -> tuple[Split, ...]:
    """The five dice splits of a figure, 4 attack dice down to 0 (made once
    per battlefield, side and figure)."""
    return bf.memo.get(("waylights.splits", side, uid), lambda: tuple(Split(side, uid, n) for n in (4, 3, 2, 1, 0)))


def _fixed_orders(bf: Battlefield, side: int, uid: str, kind: str) -> tuple[Order, ...]:
    """The Actions every turn offers a figure before its check (cover, each
    weapon, the launcher's reload and clip, a crystal, the two boosts), made
    once per battlefield, side, figure and kind (its weapons)."""
    def make() -> tuple[Order, ...]:
        return (TakeCover(side, uid),) + tuple(Wield(side, uid, w) for w in KINDS[kind].weapons) + (
            Reload(side, uid), Clip(side, uid), Crystal(side, uid), Boost(side, uid, "skill"),
            Boost(side, uid, "stat"))
    return bf.memo.get(("waylights.fixed-orders", side, uid, kind), make)


_NOBODY: frozenset[int] = frozenset()
_ONE_SIDE = (frozenset({0}), frozenset({1}))  # to_act's answers, made once


class WaylightsRuleset(Ruleset):
    name = "waylights"
    title = "Waylights: Further Simplified Tactical Resolution System"
    turn_word = "Round"  # each figure has its turn within a round
    summary = "Two Actions a turn, 4 dice split between attack and defence, counterattacks, wounds against Threshold"
    capabilities = Capabilities(sides=2, simultaneous_orders=False, hidden_information=False, dice=("d6", "d4"))
    options_type = WaylightsOptions
    state_type = WaylightsState
    order_types = ORDER_TYPES
    default_battlefield = "wl-crossroads"

    # -- the plug-in (core/ruleset.py): what the rest of Skirmish asks ---------
    help_page = "waylights.md"
    battlefield_profile = BattlefieldProfile(
        2, (), "a small square is 2 x 2 cells (32 x 16); woods and marsh cost double to enter.")
    fallen_statuses = frozenset({"KO", "dead"})

    def terrain_words(self, terrain: Terrain) -> list[str]:
        # Movement (*Sequence*: Move, Split Move, the free step) pays each
        # cell's cost (movement.step_cost) and never enters blocking ground;
        # terrain beside or under a target on the line of fire gives its
        # cover (*Equipment and environment*: combat.cover_level); height and
        # sight-blocking ground shape the line of sight.
        words = ["blocks"] if terrain.blocks_move else ["blocks sight"] if terrain.blocks_sight else []
        if terrain.elevation:
            words.append(f"height {terrain.elevation}")
        if terrain.move_cost > 1 and not terrain.blocks_move:
            words.append(f"costs {terrain.move_cost} movement")
        if terrain.cover:
            words.append(f"{COVER_NAMES[min(terrain.cover, 3)]} cover")
        return words

    def explain(self, events: Sequence[Event], index: int) -> tuple[list[str], Ref]:
        return explain_event(events, index)

    def knowledge(self) -> Knowledge:
        # the computer, imported only when it plays
        from core.ai.waylights import WaylightsKnowledge

        return WaylightsKnowledge(self)

    def check_options(self, options: WaylightsOptions, battlefield: Battlefield) -> str | None:
        for side in (0, 1):
            keys = side_keys(options, side)
            if isinstance(keys, str):
                return f"Player {side + 1}'s roster: {keys}"
            if len(open_cells(battlefield, side, {})) < len(keys):
                return f"Player {side + 1}'s deployment zone has room for fewer than {len(keys)} figures"
        return None

    def setup(self, options, battlefield, seed, players):
        fighters = []
        for side in (0, 1):
            keys = side_keys(options, side)
            assert not isinstance(keys, str), keys
            fighters += [new_fighter(f"{'ab'[side]}{i + 1}", side, k) for i, k in enumerate(keys)]
        state = WaylightsState(options=options, battlefield=battlefield, dice=Dice(seed), players=tuple(players),
                               fighters=tuple(fighters))
        return state, [Note(f"{players[0]} deploys first, then {players[1]}.")]

    def to_act(self, state: WaylightsState) -> frozenset[int]:
        # asked four times an order (core.game and the draw): from the state's memo
        try:
            return state.memo.entries["waylights.to-act"]
        except KeyError:
            side = rules.deciding_side(state)
            return state.memo.get("waylights.to-act", lambda: _NOBODY if side is None else _ONE_SIDE[side])

    def check(self, state: WaylightsState, order: Order) -> Rejection | None:
        return rules.check(state, order)

    def apply(self, state: WaylightsState, order: Order) -> tuple[WaylightsState, list[Event]]:
        return rules.apply(state, order)

    def outcome(self, state: WaylightsState) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(state.winner, state.end_reason)

    # -- legal orders ------------------------------------------------------
    def legal_orders(self, state: WaylightsState, side: int) -> Sequence[Order]:
        if side not in self.to_act(state):
            return []
        if state.phase == "deploy":
            return self._deploy_orders(state, side)
        out: list[Order] = []
        if state.pending in ("split", "target-split"):
            # check accepts all five from the figure asked (it is the one
            # the pending split names, of the deciding side)
            if state.pending == "split":
                uid = state.active
            else:
                assert state.attack is not None  # the target splits against an attack
                uid = state.attack.target
            assert uid is not None  # a figure is active while it splits
            return list(split_orders(state.battlefield, side, uid))
        elif state.pending == "response":
            assert state.attack is not None  # the target responds to an attack
            t = state.get(state.attack.target)
            a = state.get(state.attack.attacker)
            out = [Defend(side, t.id, p) for p in self._psi(state, t)]
            if rules.can_counter(state) is None:
                out += [Counter(side, t.id, e, None, p, s) for e in self._effects(state, t, a)
                        for p in self._psi(state, t) for s in self._smash(state, t, a)]
        else:
            # Every turn order is for the active figure of the deciding side,
            # and Actions are only offered while some are left: the rest of
            # check (the part for the turn) is all that can refuse one.
            # Moves come straight from the reachable cells.
            return self._turn_parts(state, side, True)[0]
        # Everything else is filtered through check so that every listed
        # order passes it.
        return [o for o in out if rules.check(state, o) is None]

    def random_order(self, state: WaylightsState, side: int, rng):
        """One listed order drawn without listing them all (``draw``)."""
        return draw_order(self, state, side, rng)

    def _deploy_orders(self, state, side):
        own = state.side_of(side)
        out: list[Order] = []
        # The same as a Deploy for each figure and each of open_cells(), in
        # that order, from orders made once per battlefield, side and figure.
        taken = {f.pos for f in state.fighters if f.pos is not None}
        bf = state.battlefield
        free = None  # which zone cells are free (the same for every figure of the side)
        for f in own:
            deploys = _zone_deploys(bf, side, f.id)
            if free is None:
                free = [o.at not in taken for o in deploys]
            out += compress(deploys, free)
        if any(f.pos is None for f in own):
            out.append(DeployAll(side))
        else:
            out.append(Ready(side))
        return out

    def _psi(self, state, f):
        return (0, f.tension) if state.options.psi_tension and f.tension > 0 else (0,)

    def _effects(self, state, a, t):
        if not state.options.alternate_damage:
            return (None,)
        return (None,) + tuple(e for e in EFFECT_COST if rules.check_effect(state, e, None, a.weapon, a, t) is None)

    def _smash(self, state, a, t):
        if not state.options.psi_tension or a.tension < 3:
            return (None,)
        return (None,) + tuple(s for s in SMASHABLE if rules.has_item(t, s))

    def _turn_orders(self, state, side):
        moves, rest = self._turn_parts(state, side)
        return moves + rest

    def _turn_parts(self, state, side, checked: bool = False) -> tuple[list[Order], list[Order]]:
        """A turn's candidate orders, (the Moves and Split Moves, which
        check accepts as listed; the rest, in listing order).  ``checked``:
        (every candidate check accepts, in listing order; []), skipping the
        parts of check a candidate passes by how it was made (its target in
        reach, its step cell among the step cells)."""
        f = state.get(state.active)
        u = f.id
        moves: list[Order] = []
        rest: list[Order] = []
        if state.actions < state.max_actions:
            if not f.grappled_by:
                if not state.stepped:  # the step closes the Move action
                    moves += _moves(Move, side, u, state, f.template.move)
                moves += _moves(SplitMove, side, u, state, f.template.move // 2)
            for t in state.fighters:
                if t.side != side and t.status == READY and reaches(state, f, t, f.weapon) is None:
                    attacks = [Attack(side, u, t.id, e, None, p, s) for e in self._effects(state, f, t)
                               for p in self._psi(state, f) for s in self._smash(state, f, t)]
                    if checked:
                        attacks = [] if rules.attack_dice_refusal(f) or rules.other_target(state, f, t) else \
                            [o for o in attacks if rules.attack_terms(state, f, t, o) is None]
                    rest += attacks
                if t.side != side and t.status == KO:
                    order = Finish(side, u, t.id)
                    if not checked or rules.check_turn(state, f, order) is None:
                        rest.append(order)
            fixed = _fixed_orders(state.battlefield, side, u, f.kind)
            rest += rules.fixed_passing(state, f, fixed) if checked else fixed
        if not checked or rules.step_refusal(state, f) is None:
            rest += [Step(side, u, c) for c in step_cells(state, u)]
        rest.append(EndTurn(side, u))
        return (moves + rest, []) if checked else (moves, rest)

    # -- views -------------------------------------------------------------
    def units(self, state: WaylightsState) -> Sequence[UnitView]:
        out = []
        for f in state.fighters:
            status = {READY: "ready", KO: "KO"}.get(f.status, "dead")
            # Every wound counted, beside the count that knocks out: the knocking-out blow may carry more
            # than were left, and each comes off the figure's rolls (the card, the log and watch agree).
            status += f", wounds {f.wounds} (KO at {f.ko_at})"
            if f.split is not None:
                status += f", split {f.split}/{4 - f.split}"
            if state.options.psi_tension:
                status += f", tension {f.tension}"
            marks = ""
            marks += "*" if state.active == f.id else ""
            marks += "G" if f.grappled_by else ""
            marks += "E" if f.entangled else ""
            marks += "P" if f.pierced else ""
            marks += "S" if f.suppressed_by else ""
            marks += "H" if f.shielded_by else ""
            marks += "z" if f.wake_round else ""
            w = f.weapon
            if w.ranged:
                i = f.template.weapons.index(w.name)
                status += f", {w.name} {f.ammo[i]}" + (" primed" if f.primed[i] or w.kind == "thrown" else " unprimed")
            out.append(UnitView(f.id, f.side, f.name, f.pos, status, None, f.template.glyph, marks))
        return out

    def turn_limit_words(self, state: WaylightsState, turn: int) -> str:
        return f"/{state.options.round_limit}"

    def situation(self, state: WaylightsState) -> Situation:
        to_act = self.to_act(state)
        if state.phase == "deploy":
            return Situation(0, "deployment", to_act, f"{state.players[state.deploy_side]} places figures",
                             deploying=True)
        if state.phase == "over":
            # The limit is found when the round after the last one starts:
            # report the last round played, not that one.
            return Situation(min(state.round, state.options.round_limit), "over", to_act, state.end_reason)
        p = state.attack
        detail = f"round {state.round}, {state.active}'s turn, Actions {state.actions}/{state.max_actions}"
        detail += ", step used (no Move)" if state.stepped else (", no step (moved)" if state.moved else ", step free")
        if state.pending == "split":
            detail += f"; {state.active} declares its dice split"
        elif state.pending == "target-split" and p is not None:
            detail += f"; {p.target} is attacked by {p.attacker} and declares its dice split"
        elif state.pending == "response" and p is not None:
            detail += f"; {p.target} chooses: defend or counterattack {p.attacker}"
        return Situation(state.round, state.pending or "actions", to_act, detail)

    def order_cells(self, state: WaylightsState, order: Order):
        target = getattr(order, "target", None)
        if target and state.find(target) and state.get(target).pos:
            return (state.get(target).pos,)
        if isinstance(order, Counter) and state.attack:
            return (state.get(state.attack.attacker).pos,)
        return super().order_cells(state, order)

    def describe_order(self, state: WaylightsState, order: Order) -> str:
        extra = ""
        for name in ("effect", "smash"):
            v = getattr(order, name, None)
            if v:
                extra += f", {'smash ' if name == 'smash' else ''}{v}"
        psi = getattr(order, "psi", 0)
        if psi:
            extra += f", up to {psi} tension"
        if isinstance(order, Split):
            return f"{order.attack} attack / {4 - order.attack} defence"
        if isinstance(order, (Move, SplitMove)):
            budget = state.get(order.unit).template.move // (1 if isinstance(order, Move) else 2)
            cost = reachable(state, order.unit, budget).get(order.to, "?")
            return f"{'Move' if isinstance(order, Move) else 'Split move'} to {order.to[0]},{order.to[1]} (cost {cost})"
        if isinstance(order, Step):
            return f"Free step to {order.to[0]},{order.to[1]}"
        if isinstance(order, Attack):
            return f"Attack {order.target} with the {state.get(order.unit).weapon.name}{extra}"
        if isinstance(order, Defend):
            f = state.get(order.unit)
            return f"Defend with {dice(4 - (f.split or 0))}{extra}"
        if isinstance(order, Counter):
            f = state.get(order.unit)
            return f"Counterattack with the {f.weapon.name} ({dice(4 - (f.split or 0))}), defend with 0{extra}"
        simple = {TakeCover: "Take cover", Reload: "Reload (prime)", Clip: "Replace clip", Crystal: "Healing crystal",
                  EndTurn: "End turn"}
        if type(order) in simple:
            return simple[type(order)]
        if isinstance(order, Wield):
            return f"Change weapon to the {order.weapon}"
        if isinstance(order, Boost):
            return f"Psi boost: +1 {order.what} (5 tension)"
        if isinstance(order, Finish):
            return f"Finish {order.target} (full turn)"
        return describe_deployment(order) or order.to_text()


RULESET = WaylightsRuleset()
