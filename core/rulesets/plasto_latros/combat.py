"""Attacks: base-to-base contact, long-range shots and artifacts
("Attacking And Defending", "Long Range Attacks", "Attacking Terrain And
Artifacts" in the seed)."""

from __future__ import annotations

from collections.abc import Set

from core.board import RAY_COUNT, Cell, Feature, adjacent

from .events import Attacked
from .grid import FRONT_NEAR, grid, in_front, open_ray_count
from .movement import blocked_cells
from .state import Attack, Kind, Mini, Phase, PlastoState
from .status import jumping, locked, statuses, valid_attacker

# the members as plain names: an Enum member read from its class costs a lookup
# in Python code each time (hot paths compare phases and kinds several times an order)
_CONTACT = Kind.CONTACT

SIGHT_BLOCKING_FEATURES = ("artifact-wall", "door")


def in_contact(state: PlastoState, a: Cell, b: Cell) -> bool:
    """Base-to-base contact: adjacent cells (diagonals too) of the same
    height.  A mini on a roof is not in contact with one below it (a level
    is a mini's height, see the scale in :mod:`.movement`)."""
    bf = state.battlefield
    return adjacent(a, b) and bf.elevation(a) == bf.elevation(b)


def new_contacts(state: PlastoState, mover: Mini, events: list) -> tuple[Attack, ...]:
    """The mover ends a Movement: the attacks it makes on every enemy in
    contact and in its front arc (unless it already attacks that enemy),
    with their events; the caller adds them to the state.  Only the
    mover has changed since ``state`` (it may still hold the mover as it
    was): the attacks, and every other mini, are the same."""
    if mover.pos is None or mover.prone or (state.attacks and mover.id in statuses(state).targeted):
        return ()  # not a valid attacker
    pos, facing, side = mover.pos, mover.facing, mover.side
    elev = grid(state.battlefield).elev
    level = elev[pos]
    x, y = pos
    # The front arc holds three adjacent cells: when no figure stands on
    # one of them at the mover's height, there is no contact to make.
    taken = blocked_cells(state)
    for dx, dy in FRONT_NEAR[facing._name_]:
        cell = (x + dx, y + dy)
        if cell in taken and elev[cell] == level:
            break
    else:
        return ()
    new = []
    for enemy in state.minis:
        there = enemy.pos
        if there is None or enemy.side == side:
            continue
        # in contact: an adjacent cell (diagonals too) at the same height
        if not (-1 <= there[0] - x <= 1 and -1 <= there[1] - y <= 1) or there == pos or elev[there] != level:
            continue
        if not in_front(pos, facing, there):
            continue
        for a in state.attacks:
            if a.attacker == mover.id and a.target == enemy.id and a.kind is _CONTACT:
                break  # this mover attacks it already
        else:
            new.append(Attack(_CONTACT, mover.id, enemy.id))
            events.append(Attacked(mover.id, enemy.id))
    return tuple(new)


def sight_figures(state: PlastoState) -> frozenset[Cell]:
    """Figures stand between shooter and target as blockers, and so do the
    tall artifacts (walls, doors); worked out once per state."""
    memo = state.memo.entries
    found = memo.get("sight-figures")
    if found is None:
        if not state.features:  # then the same cells as blocked_cells: one set for both
            found = memo["sight-figures"] = blocked_cells(state)
            return found
        cells = {m.pos for m in state.minis if m.pos is not None}
        cells.update(f.cell for f in state.features if f.kind in SIGHT_BLOCKING_FEATURES)
        found = memo["sight-figures"] = frozenset(cells)
    return found


def shot_fraction(state: PlastoState, shooter: Mini, target: Mini, figures: Set[Cell] | None = None) -> float:
    """The visible share of ``target`` from ``shooter``; ``figures`` is
    :func:`sight_figures` when the caller already has it.  The rays measure
    levels and cells in one unit and stand each figure one level tall: the
    height scale of :mod:`.movement`."""
    here, there = shooter.pos, target.pos
    assert here is not None and there is not None  # both on the battlefield
    own = sight_figures(state)
    if figures is None or figures is own:
        # the state's own figures: each pair of cells is traced once per
        # state (and the states after it where nothing moved, see rebuild)
        memo = state.memo.entries
        seen = memo.get("sight")
        if seen is None:
            seen = memo["sight"] = {}
        key = (here, there)
        count = seen.get(key)
        if count is None:
            count = seen[key] = open_ray_count(grid(state.battlefield), here, there, own)
        return count / RAY_COUNT
    return open_ray_count(grid(state.battlefield), here, there, figures) / RAY_COUNT


def shooter_problem(state: PlastoState, mini: Mini) -> str | None:
    if not mini.shooter:
        return f"{mini.id} is not a long-range shooter."
    if mini.pos is None:
        return f"{mini.id} is not on the battlefield."
    if mini.id in state.shot_this_turn:
        return f"{mini.id} has already declared a target this turn."
    if mini.prone and state.phase is Phase.FINAL and mini.id not in state.final_moved:
        # the final turn's relocation stands it up (docs/rulings.md, *Ending*)
        return f"{mini.id} lies prone: relocating it stands it up, and then it may shoot."
    if mini.prone:
        return f"{mini.id} lies prone and cannot attack."
    if not valid_attacker(state, mini.id):
        return f"{mini.id} is itself under attack: its shots would not count."
    if locked(state, mini.id):
        return f"{mini.id} is Locked In Battle."
    if jumping(state, mini.id):
        return f"{mini.id} is in mid-jump."
    return None


def target_problem(state: PlastoState, shooter: Mini, target: Mini | None,
                   figures: Set[Cell] | None = None) -> str | None:
    if target is None or target.pos is None or target.side == shooter.side:
        return "The target must be an enemy on the battlefield."
    if not in_front(shooter.cell, shooter.facing, target.pos):
        return f"{target.id} is not in {shooter.id}'s front arc."
    seen = shot_fraction(state, shooter, target, figures)
    if seen < 0.5:
        return f"{target.id} is in cover: only {round(seen * 100)}% of it can be seen (50% needed)."
    return None


def can_shoot(state: PlastoState, mini: Mini) -> bool:
    """``shooter_problem(state, mini) is None``, without wording a refusal."""
    if not mini.shooter or mini.pos is None or mini.prone or mini.id in state.shot_this_turn:
        return False
    if not state.attacks:
        return True
    known = statuses(state)
    unit = mini.id
    return unit not in known.targeted and unit not in known.locked and unit not in known.jumping


def can_target(state: PlastoState, shooter: Mini, target: Mini) -> bool:
    """``target_problem(state, shooter, target) is None``, without wording
    a refusal."""
    here, there = shooter.pos, target.pos
    assert here is not None  # a shooter stands on the battlefield
    return (there is not None and target.side != shooter.side and in_front(here, shooter.facing, there)
            and shot_fraction(state, shooter, target) >= 0.5)


def shoot_targets(state: PlastoState, shooter: Mini) -> list[Mini]:
    return [m for m in state.minis if can_target(state, shooter, m)]


def needed_for(feature: Feature) -> int:
    """A small artifact falls to one mini; walls, doors and anything else
    tough need two in contact at once."""
    return 1 if feature.kind == "artifact-small" else 2


def destroyers(state: PlastoState, side: int, feature: Feature) -> list[Mini]:
    """The side's minis able to take part: in contact with the artifact,
    facing it, free to act (valid attacker, not Locked, not in mid-jump)."""
    return [
        m for m in state.on_board()
        if m.side == side and m.pos is not None and in_contact(state, m.pos, feature.cell)
        and in_front(m.pos, m.facing, feature.cell)
        and valid_attacker(state, m.id) and not locked(state, m.id) and not jumping(state, m.id)
    ]


def may_destroy(state: PlastoState, side: int) -> bool:
    if state.options.goal == "artifacts":
        return side == state.options.raider
    return True
