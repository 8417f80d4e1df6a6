"""Speed only, no rules: one random legal order without listing them all
(``Ruleset.random_order``, for computer players and the benchmarks).

A turn's listing holds every cell the active figure can Move and Split Move
to (often fifty or more orders, each from a movement search), beside a
handful of attacks, weapon changes, items, steps and the end of the turn.
The draw here picks a kind of order first, by its share, and builds only
that kind, with the same helpers and the same ``check_turn`` filter as
``legal_orders``; a kind with nothing to offer is dropped and another is
drawn, and ending the turn is always there.  So every order it returns is
one the listing holds, every listed order keeps a non-zero chance, and it
draws only from the ``rng`` it is given.

The chances are not those of a uniform choice from the listing (moving is
one kind among others, not nine orders in ten), so games played this way
differ from games played from the listing.
"""

from __future__ import annotations

import random

from core.deployment import DeployAll, Ready

from .combat import reaches
from .movement import step_cells
from .orders import Attack, EndTurn, Finish, Move, SplitMove, Step
from .rules import attack_dice_refusal, attack_terms, check_turn, fixed_passing, other_target, step_refusal
from .state import KO, READY, WaylightsState

READY_SHARE = 0.25  # deployment: declare ready once every figure stands
DEPLOY_ALL_SHARE = 0.25  # deployment: place the rest at once
DEPLOY_TRIES = 16  # random zone cells tried before listing the free ones

# A turn's kinds of order and their shares (normalised over the kinds left).
KINDS = (("move", 30), ("split-move", 15), ("attack", 25), ("finish", 10), ("other", 8), ("step", 5),
         ("end", 7))
KINDS_TOTAL = sum(w for _, w in KINDS)


def random_order(ruleset, state: WaylightsState, side: int, rng: random.Random):
    """A legal order for ``side`` (who is to decide), or None if it has none."""
    from .ruleset import split_orders  # here: ruleset.py imports this module
    if side not in ruleset.to_act(state):
        return None
    if state.phase == "deploy":
        return _deploy(ruleset, state, side, rng)
    if state.pending in ("split", "target-split"):
        if state.pending == "split":
            uid = state.active
        else:
            assert state.attack is not None  # the target splits the dice against an attack
            uid = state.attack.target
        assert uid is not None  # a figure is active while it splits
        # check passes all five for the figure asked (the listing's own
        # orders: 4 attack dice down to 0)
        return rng.choice(split_orders(state.battlefield, side, uid))
    if state.pending == "response":
        return rng.choice(ruleset.legal_orders(state, side))  # a few orders: the listing is cheap
    return _turn(ruleset, state, side, rng)


def _deploy(ruleset, state: WaylightsState, side: int, rng: random.Random):
    """A Deploy of any own figure to a free zone cell, DeployAll while one
    is unplaced, or Ready once all stand."""
    from .ruleset import _zone_deploys  # here: ruleset.py imports this module
    own = state.side_of(side)
    unplaced = any(f.pos is None for f in own)
    if rng.random() < (DEPLOY_ALL_SHARE if unplaced else READY_SHARE):
        return DeployAll(side) if unplaced else Ready(side)
    taken = {f.pos for f in state.fighters if f.pos is not None}
    f = rng.choice(own)
    deploys = _zone_deploys(state.battlefield, side, f.id)
    for _ in range(DEPLOY_TRIES):
        order = rng.choice(deploys)
        if order.at not in taken:
            return order
    free = [o for o in deploys if o.at not in taken]
    if free:
        return rng.choice(free)
    return DeployAll(side) if unplaced else Ready(side)


def _turn(ruleset, state: WaylightsState, side: int, rng: random.Random):
    assert state.active is not None  # a turn has its active figure
    f = state.get(state.active)
    kinds = list(KINDS)
    total = KINDS_TOTAL
    while kinds:
        roll = rng.random() * total
        for i, (kind, weight) in enumerate(kinds):  # noqa: B007  (all three are used after the break)
            roll -= weight
            if roll < 0:
                break
        order = _KIND[kind](ruleset, state, f, side, rng)
        if order is not None:
            return order
        total -= weight
        del kinds[i]
    return EndTurn(side, f.id)  # not reached: "end" always gives an order


def _actions_left(state: WaylightsState) -> bool:
    return state.actions < state.max_actions


def _move(ruleset, state, f, side, rng):
    from .ruleset import move_to  # here: ruleset.py imports this module
    if not _actions_left(state) or f.grappled_by or state.stepped:
        return None
    return move_to(Move, side, f.id, state, f.template.move, rng)


def _split_move(ruleset, state, f, side, rng):
    from .ruleset import move_to  # here: ruleset.py imports this module
    if not _actions_left(state) or f.grappled_by:
        return None
    return move_to(SplitMove, side, f.id, state, f.template.move // 2, rng)


def _attack(ruleset, state, f, side, rng):
    """The attacks on one enemy in reach (enemies tried in random order),
    every listed variant (effect, tension, smash) equally likely."""
    if not _actions_left(state) or attack_dice_refusal(f):
        return None
    enemies = [t for t in state.fighters if t.side != side and t.status == READY]
    rng.shuffle(enemies)
    for t in enemies:
        if reaches(state, f, t, f.weapon) is not None:
            continue
        variants = [Attack(side, f.id, t.id, e, None, p, s) for e in ruleset._effects(state, f, t)
                    for p in ruleset._psi(state, f) for s in ruleset._smash(state, f, t)]
        # check_turn less what passes by construction (t stands in reach)
        variants = [] if other_target(state, f, t) else [o for o in variants if attack_terms(state, f, t, o) is None]
        if variants:
            return rng.choice(variants)
    return None


def _finish(ruleset, state, f, side, rng):
    if not _actions_left(state):
        return None
    orders = [Finish(side, f.id, t.id) for t in state.fighters if t.side != side and t.status == KO]
    orders = [o for o in orders if check_turn(state, f, o) is None]
    return rng.choice(orders) if orders else None


def _other(ruleset, state, f, side, rng):
    """Taking cover, a weapon change, an item or a psi boost."""
    from .ruleset import _fixed_orders  # here: ruleset.py imports this module
    if not _actions_left(state):
        return None
    orders = fixed_passing(state, f, _fixed_orders(state.battlefield, side, f.id, f.kind))
    return rng.choice(orders) if orders else None


def _step(ruleset, state, f, side, rng):
    if step_refusal(state, f):  # what check_turn refuses of a step to one of the step cells
        return None
    orders = [Step(side, f.id, c) for c in step_cells(state, f.id)]
    return rng.choice(orders) if orders else None


def _end(ruleset, state, f, side, rng):
    return EndTurn(side, f.id)


_KIND = {"move": _move, "split-move": _split_move, "attack": _attack, "finish": _finish, "other": _other,
         "step": _step, "end": _end}
