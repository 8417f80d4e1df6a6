"""Speed only, no rules: one random legal order without listing them all
(``Ruleset.random_order``, for computer players and the benchmarks).

``legal_orders`` lists every Movement of every mini, each destination in
four facings (about 245 orders a call); a searcher that plays thousands of
random games wants one of them.  The draw here picks a kind of order, then
a mini, then that mini's Movement, computing only what the chosen mini
needs.  It uses the same helpers as ``legal_orders`` (so it returns only
orders the listing holds, which ``check`` accepts: legal by construction,
so a play-out may apply them with ``core.game.step_unchecked``), gives
every listed order a non-zero chance, and draws only from the ``rng`` it
is given.

The chances are not those of a uniform choice from the listing: a turn is
ended with ``Pass`` now and then rather than once in some 250 orders, and
each kind of order (Movement, shot, artifact) gets its own share.
"""

from __future__ import annotations

import random
from collections.abc import Sequence, Set

from core.board import Cell
from core.deployment import Deploy, DeployAll, Ready, check_ready, open_cells

from .combat import destroyers, may_destroy, needed_for, shot_fraction
from .grid import DELTA, FACINGS, Grid, grid, step_cells
from .movement import (
    CELLS_PER_LEVEL,
    _destination_key,
    _destinations,
    _walk,
    blocked_cells,
    climb_limit,
    jump_targets,
    near_bits,
    open_line_map,
    standable,
)
from .orders import Climb, Decline, Destroy, FreeMove, Jump, JumpAttack, Move, Pass, Relocate, Shoot, Stand, Turn
from .rules import own_ids
from .state import Mini, Phase, PlastoState
from .status import free_eligible, movable, statuses

# the members as plain names: an Enum member read from its class costs a lookup
# in Python code each time (hot paths compare phases and kinds several times an order)
_DEPLOY, _FINAL, _OVER, _PLAY = Phase.DEPLOY, Phase.FINAL, Phase.OVER, Phase.PLAY

# Shares of the first choice in a turn of play; a kind with nothing to offer
# passes its turn to the next one, so every order keeps a non-zero chance.
PASS_SHARE = 0.04
SHOOT_SHARE = 0.10
DESTROY_SHARE = 0.05
DECLINE_SHARE = 0.10
DEPLOY_ALL_SHARE = 0.10
N_FACINGS = len(FACINGS)
TURNS = N_FACINGS  # a turn goes to any facing but the current one
CELL_TRIES = 24  # random cells tried for a move or relocation before listing them


def random_order(state: PlastoState, side: int, rng: random.Random):
    """A legal order for ``side`` (who is to act), or None if it has none."""
    phase = state.phase
    if phase is _OVER:
        return None
    if phase is _DEPLOY:
        return _deploy(state, side, rng)
    if state.pending_free:
        return _free(state, side, rng)
    return _play(state, side, rng)


def _deploy(state: PlastoState, side: int, rng: random.Random):
    positions = {m.id: m.pos for m in state.minis}
    own = own_ids(state, side)
    if check_ready(own, positions) is None:
        return Ready(side)
    if rng.random() < DEPLOY_ALL_SHARE:
        return DeployAll(side)
    unplaced = [u for u in own if positions[u] is None]
    free = open_cells(state.battlefield, side, positions)
    if not unplaced or not free:
        return DeployAll(side)
    return Deploy(side, rng.choice(unplaced), rng.choice(free))


def _below(rng: random.Random):
    """``rng``'s own ``_randbelow``, the one rng call of ``rng.choice(seq)``
    (``seq[_randbelow(len(seq))]``), ``randrange(n)`` and each step of
    ``shuffle``: called directly it draws the very same numbers without
    their frames.  An rng of another type is asked through ``choice``."""
    # (CPython's own method of random.Random: not in the typeshed stubs)
    return rng._randbelow if type(rng) is random.Random else (lambda n: rng.choice(range(n)))  # type: ignore[attr-defined]


def _free(state: PlastoState, side: int, rng: random.Random):
    """Decline, or one Movement (a jump attack too) of an eligible mini."""
    if rng.random() < DECLINE_SHARE:
        return Decline(side)
    minis = [m for m in state.on_board() if m.side == side and free_eligible(state, m)]
    if not minis:
        return Decline(side)
    blocked = blocked_cells(state)
    return FreeMove(side, _movement(state, rng.choice(minis), side, blocked, rng, _below(rng), attacks=True))


def _play(state: PlastoState, side: int, rng: random.Random):
    """Pass, a Movement (or final relocation), a shot or an artifact
    destroyed: a first kind by its share, then the others in turn when it
    has nothing to offer; Pass is always there."""
    roll = rng.random()
    if roll < PASS_SHARE:
        first = 0
    elif roll < PASS_SHARE + SHOOT_SHARE:
        first = 2
    elif roll < PASS_SHARE + SHOOT_SHARE + DESTROY_SHARE:
        first = 3
    else:
        first = 1
    if first:
        below = _below(rng)
        for kind in _KINDS[first]:
            order = kind(state, side, rng, below)
            if order is not None:
                return order
    return Pass(side)


def _move_kind(state: PlastoState, side: int, rng: random.Random, below):
    # movable() is False for a mini off the battlefield
    if state.phase is _PLAY and state.movements_left > 0:
        # movable(state, m), written out
        busy = statuses(state).busy if state.attacks else ()
        minis = [m for m in state.minis if m.side == side and m.pos is not None and m.id not in busy]
        if not minis:
            return None
        return _movement(state, minis[below(len(minis))], side, blocked_cells(state), rng, below, attacks=True)
    if state.phase is _FINAL:
        minis = [m for m in state.minis if m.side == side and movable(state, m) and m.id not in state.final_moved]
        if not minis:
            return None
        return _relocate(state, rng.choice(minis), side, rng)
    return None


def _movement(state: PlastoState, mini: Mini, side: int, blocked: Set[Cell], rng: random.Random, below,
              attacks: bool):
    """One of ``movements_for(state, mini, side, attacks)``: a prone mini
    stands up; a standing one turns (to any other facing), climbs or jumps
    (each cell in every facing), jump-attacks, or moves in a straight line.  Each
    turn, climb, jump and attack is equally likely; straight moves share the
    weight of half the cells in reach, and their destination is drawn by
    trying random cells in reach (every open one equally likely) before
    listing them all."""
    unit = mini.id
    if mini.prone:
        return Stand(side, unit, FACINGS[below(N_FACINGS)])
    # _steps, written out
    g = grid(state.battlefield)
    reach = state.options.move_length
    assert mini.pos is not None  # a mini that moves stands on the battlefield
    climbs: Sequence[Cell]
    jumps: Sequence[Cell]
    climbs, jumps, lower = step_cells(g, mini.pos, reach // CELLS_PER_LEVEL)  # climb_limit(state)
    if climbs:
        climbs = [c for c in climbs if c not in blocked]
    if jumps:
        jumps = [c for c in jumps if c not in blocked]
    targets = jump_targets(state, mini) if attacks and lower else []
    offsets = _disc(state, reach)
    turns = TURNS - 1
    steps = len(FACINGS) * (len(climbs) + len(jumps))
    pick = below(turns + steps + len(targets) + 2 * len(offsets))  # rng.randrange
    if pick >= turns + steps + len(targets):
        cell = _straight_destination(state, g, reach, mini, blocked, offsets, rng, below)
        if cell is not None:
            return Move(side, unit, cell, FACINGS[below(N_FACINGS)])
        pick = below(turns + steps + len(targets))  # nowhere to go straight
    if pick < turns:
        return Turn(side, unit, [f for f in FACINGS if f is not mini.facing][pick])
    pick -= turns
    if pick >= steps:
        return JumpAttack(side, unit, targets[pick - steps].id)
    index, facing = divmod(pick, len(FACINGS))
    if index < len(climbs):
        return Climb(side, unit, climbs[index], FACINGS[facing])
    return Jump(side, unit, jumps[index - len(climbs)], FACINGS[facing])


def _steps(state: PlastoState, mini: Mini, blocked: Set[Cell]):
    """``climb_destinations`` and ``jump_destinations`` in one pass over the
    adjacent cells, and whether any of them lies lower (else no jump attack
    is possible: its target stands on a lower adjacent cell)."""
    climbs, jumps, below = step_cells(grid(state.battlefield), mini.cell, climb_limit(state))
    return ([c for c in climbs if c not in blocked] if climbs else climbs,
            [c for c in jumps if c not in blocked] if jumps else jumps, below)


def _disc(state: PlastoState, reach: int) -> tuple[Cell, ...]:
    """The offsets a straight Movement of ``reach`` cells may end at."""
    entries = state.battlefield.memo.entries
    found = entries.get(("plasto_latros.disc", reach))
    if found is None:
        found = state.battlefield.memo.get(("plasto_latros.disc", reach), lambda: tuple(
            (dx, dy) for dy in range(-reach, reach + 1) for dx in range(-reach, reach + 1)
            if (dx or dy) and dx * dx + dy * dy <= reach * reach))
    return found


def _straight_destination(state: PlastoState, g: Grid, reach: int, mini: Mini, blocked: Set[Cell], offsets,
                          rng: random.Random, below):
    """A random cell a straight Movement of ``mini`` (``reach`` cells, on the
    grid ``g``) may end at, or None: random cells in reach are tried with the
    test of the listing (a free cell on the mini's level with an open line),
    then every one is listed."""
    pos = mini.pos
    assert pos is not None  # a mini that moves stands on the battlefield
    x, y = pos
    lines = open_line_map(g, pos, reach)
    near = None
    count = len(offsets)
    for _ in range(CELL_TRIES):
        dx, dy = offsets[below(count)]
        cell = (x + dx, y + dy)
        # the line is open when it is open on the bare battlefield (the cells
        # of ``lines``, each a free cell on the mini's level) and no figure
        # or artifact stands on a cell it looks at, or walked again when one
        # does (see _open_lines)
        seen = lines.get(cell)
        if seen is None or cell in blocked:
            continue
        if near is None:
            near = near_bits(pos, reach, blocked)  # leaves out pos
        if not near & seen or _walk(g, blocked - {pos}, g.elev[pos], pos, cell) is None:
            return cell
    found = _destinations(g, _destination_key(state, mini, blocked))
    return rng.choice(found) if found else None


def _relocate(state: PlastoState, mini: Mini, side: int, rng: random.Random):
    """Any free cell a mini can stand on, or its own, in any facing: random
    cells are tried first (each free cell equally likely), then listed."""
    bf = state.battlefield
    taken = blocked_cells(state) - {mini.pos}
    facing = rng.choice(FACINGS)
    for _ in range(CELL_TRIES):
        cell = (rng.randrange(bf.width), rng.randrange(bf.height))
        if standable(state, cell, taken):
            return Relocate(side, mini.id, cell, facing)
    cells = [c for c in bf.cells() if standable(state, c, taken)]
    return Relocate(side, mini.id, rng.choice(cells), facing)


def _shoot_kind(state: PlastoState, side: int, rng: random.Random, below):
    # the side's minis that can_shoot and the enemies on the battlefield,
    # in the order of the minis, in one pass (can_shoot written out)
    shot = state.shot_this_turn
    known = statuses(state) if state.attacks else None
    shooters, enemies = [], []
    for m in state.minis:
        if m.pos is None:
            continue
        if m.side != side:
            enemies.append(m)
        elif m.shooter and not m.prone and m.id not in shot and (
                known is None or (m.id not in known.targeted and m.id not in known.locked
                                  and m.id not in known.jumping)):
            shooters.append(m)
    if not shooters:
        return None
    # shooters and targets in random order, the first pair that may shoot:
    # every pair keeps a chance, and sight is traced only until one is found
    for i in range(len(shooters) - 1, 0, -1):  # rng.shuffle(shooters), written out
        j = below(i + 1)
        shooters[i], shooters[j] = shooters[j], shooters[i]
    last = len(enemies) - 1
    for m in shooters:
        for i in range(last, 0, -1):  # rng.shuffle(enemies)
            j = below(i + 1)
            enemies[i], enemies[j] = enemies[j], enemies[i]
        (x, y), (fx, fy) = m.cell, DELTA[m.facing._name_]
        for target in enemies:
            # can_target(state, m, target), written out: in the front arc
            # (grid.in_front), then at least half of it seen
            there = target.pos
            assert there is not None  # only minis on the battlefield are listed
            tx, ty = there[0] - x, there[1] - y
            dot = fx * tx + fy * ty
            if dot > 0 and -dot <= fx * ty - fy * tx <= dot and shot_fraction(state, m, target) >= 0.5:
                return Shoot(side, m.id, target.id)
    return None


def _destroy_kind(state: PlastoState, side: int, rng: random.Random, below):
    if not may_destroy(state, side):
        return None
    ready = [f for f in state.features if len(destroyers(state, side, f)) >= needed_for(f)]
    return Destroy(side, rng.choice(ready).id) if ready else None


# The kinds of order tried in turn, by the first one drawn (1 a Movement,
# 2 a shot, 3 an artifact): the drawn one, then the others in that order.
_KINDS = {1: (_move_kind, _shoot_kind, _destroy_kind), 2: (_shoot_kind, _move_kind, _destroy_kind),
          3: (_destroy_kind, _move_kind, _shoot_kind)}
