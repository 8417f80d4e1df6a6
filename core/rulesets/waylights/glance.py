"""Waylights: what a figure's weapon reaches and what a move would give,
for the board (issue 29, "see what a move gives").  Pure functions of the
seat's view; nothing here decides an order (``combat.reaches`` does).

* :func:`weapon_reach`: the cells the wielded weapon could strike from
  where the figure stands (a melee weapon of reach 1: the four cells
  beside it; a longer one: within its reach with nothing solid between;
  a ranged one: within range, seen, and not in full cover).
* :func:`shots_from`: for cells the figure could move to, the enemies it
  could attack from each (the same test as an attack, with the figure
  standing there).
* :func:`cover_sources`: the cover a target has against a shooter and
  where it comes from (terrain on the line of fire beside the target, or
  only part of the target in view).
* :func:`could_strike`: the enemies that could attack a figure on a cell
  in their next turn (from where they stand, after a Move, or after
  readying a weapon: a reload, a change of weapon).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from core.board import Cell, chebyshev, line_cells
from core.rulesets.waylights.combat import cover_level, reaches, side_by_side
from core.rulesets.waylights.movement import reach_entry, sees, step_cells
from core.rulesets.waylights.orders import Move, SplitMove, Step
from core.rulesets.waylights.roster import WEAPONS
from core.rulesets.waylights.rules import attack_dice_refusal
from core.rulesets.waylights.state import Fighter, WaylightsState, rebuild

COVER_WORDS = {0: "none", 1: "light", 2: "medium", 3: "full"}


def _phantom(f: Fighter, cell: Cell) -> Fighter:
    """A stand-in enemy at ``cell`` (only its place matters to reach)."""
    return attrs.evolve(f, id="?", side=1 - f.side, pos=cell)


def weapon_reach(view: WaylightsState, fid: str) -> frozenset[Cell]:
    """The cells (its own apart) where an enemy could be attacked by the
    weapon ``fid`` holds, from where ``fid`` stands."""
    f = view.find(fid)
    if f is None or f.pos is None:
        return frozenset()
    bf, weapon = view.battlefield, f.weapon
    return frozenset(c for c in bf.cells() if c != f.pos and not bf.terrain(c).blocks_move
                     and reaches(view, f, _phantom(f, c), weapon) is None)


def shots_from(view: WaylightsState, fid: str, cells: Iterable[Cell]) -> dict[Cell, tuple[str, ...]]:
    """For each of ``cells`` (where ``fid`` could stand), the enemies still
    up that its wielded weapon could attack from there; cells giving none
    are left out."""
    f = view.find(fid)
    if f is None or f.pos is None:
        return {}
    enemies = [e for e in view.fighters if e.side != f.side and e.up]
    out: dict[Cell, tuple[str, ...]] = {}
    for cell in cells:
        there = attrs.evolve(f, pos=cell)
        hit = tuple(e.id for e in enemies if e.pos != cell and reaches(view, there, e, f.weapon) is None)
        if hit:
            out[cell] = hit
    return out


def cover_sources(view: WaylightsState, shooter: Cell, target: str) -> tuple[int | None, list[str]]:
    """The cover ``target`` has against a shot from ``shooter`` (0 none to
    3 full, None: not in sight) and where it comes from, in words."""
    t = view.find(target)
    if t is None or t.pos is None:
        return None, []
    stand_in = attrs.evolve(t, id="?", side=1 - t.side, pos=shooter)
    level = cover_level(view, stand_in, t)
    if level is None:
        return None, [f"{target} is out of sight"]
    bf = view.battlefield
    why = []
    for cell in line_cells(shooter, t.pos):
        terrain = bf.terrain(cell)
        if cell != shooter and chebyshev(cell, t.pos) <= 1 and terrain.cover:
            why.append(f"{terrain.kind} at {cell[0]},{cell[1]} ({COVER_WORDS[min(terrain.cover, 3)]})")
    frac = sees(view, shooter, t.pos)
    if frac < 1:
        why.append(f"only {round(frac * 100)}% of {target} in view")
    if view.active == target and view.exposed:
        why.append("stepped out of cover this turn (one step less)")
    return level, why


def attacks_after_move(ruleset: Any, view: WaylightsState, f: Fighter,
                       cells: Iterable[Cell] | None = None) -> dict[Cell, tuple[str, ...]]:
    """For the cells a move of ``f`` may end on (or those of ``cells``
    among them), the enemies it could still attack there this turn: only
    with attack dice (0/4 makes no attack), an Action left after the move
    (a Move or Split Move spends one, the step none) and, once it has
    attacked, at the turn's one target ("Sequence", "Attack and Defense")."""
    if attack_dice_refusal(f) is not None:
        return {}
    left = view.max_actions - view.actions
    moves = [o for o in ruleset.legal_orders(view, f.side) if isinstance(o, (Move, SplitMove, Step)) and o.unit == f.id]
    taken = set(view.occupied())
    ends = {o.to for o in moves if o.to not in taken and (left >= 2 or (left >= 1 and isinstance(o, Step)))}
    if cells is not None:
        ends &= set(cells)
    out: dict[Cell, tuple[str, ...]] = {}
    for cell, ids in shots_from(view, f.id, ends).items():
        ids = tuple(i for i in ids if not view.target or i == view.target)
        if ids:
            out[cell] = ids
    return out


def could_strike(view: WaylightsState, fid: str, cell: Cell | None = None) -> tuple[str, ...]:
    """The enemies of ``fid`` still up that could attack it standing on
    ``cell`` (default: where it stands) in their next turn, whatever each
    does first with its two Actions and the step ("Sequence"): attack from
    where it stands, move then attack, or ready a weapon then attack (a
    reload, or a change of weapon, with the step still open).  A split
    stands until the figure's next turn (seed, *Attack and Defense*), and
    every enemy is taken to have one turn before then (in round 1 the
    initiative roll can give one two, or none: not counted).  The enemies
    find the figure on ``cell`` with its turn over (no longer stepped out
    of cover), and everyone else where they stand now."""
    me = view.find(fid)
    cell = cell if cell is not None else (me.pos if me is not None else None)
    if me is None or cell is None:
        return ()
    there = rebuild(me, pos=cell)
    if cell != me.pos or view.exposed:
        view = rebuild(view, fighters=tuple(there if f.id == fid else f for f in view.fighters), exposed=False)
    return tuple(foe.id for foe in view.fighters
                 if foe.side != me.side and foe.up and _strikes_in_its_turn(view, foe, there))


def _strikes_in_its_turn(view: WaylightsState, foe: Fighter, there: Fighter) -> bool:
    """Whether ``foe``, given its turn in ``view``, can attack ``there``.
    The attack takes an Action; readying the weapon takes the Actions
    ``_ready_weapons`` counts; one left over is a Move (which closes the
    step, and reaches every cell a Split Move and the step do), else only
    the step.  An entangled figure's turn has one Action ("Optional:
    Alternate damage", Entangle); a grappled one cannot move unless the
    grapple ends as the figure, its grappler, moves away from it."""
    cell = there.pos
    assert foe.pos is not None and cell is not None
    actions = 1 if foe.entangled else 2
    free = not foe.grappled_by or (foe.grappled_by == there.id and not side_by_side(foe.pos, cell))
    move = foe.template.move
    stands: dict[int, tuple[Cell, ...]] = {}  # the cells it may attack from, by Actions left to move
    for armed, cost in _ready_weapons(foe):
        left = actions - 1 - cost
        if left < 0:
            continue
        weapon = armed.weapon
        span = weapon.range if weapon.ranged else weapon.reach
        if chebyshev(foe.pos, cell) > span + (move if free else 0):
            continue
        if left not in stands:
            around: tuple[Cell, ...] = ()
            if free and left >= 1:
                around = reach_entry(view, foe.id).cells_within(move)
            elif free:  # a reload or a change of weapon alone keeps the step
                around = tuple(step_cells(view, foe.id))
            stands[left] = (foe.pos,) + around
        for stand in stands[left]:
            if stand != cell and chebyshev(stand, cell) <= span \
                    and reaches(view, rebuild(armed, pos=stand), there, weapon) is None:
                return True
    return False


def _ready_weapons(foe: Fighter) -> list[tuple[Fighter, int]]:
    """Each weapon ``foe`` carries as it would hold it ready to attack (in
    hand, primed), with the Actions that takes: one to change weapon
    (*Change weapon*), one to prime a launcher with rounds in its clip,
    two to put in a new clip and prime it (*Use an item*).  A weapon with
    no ammunition left, or broken, is left out; in hand, a broken weapon
    leaves the fists (the figure's ``weapon``)."""
    names = foe.template.weapons
    out: list[tuple[Fighter, int]] = []
    if not names or foe.weapon.unarmed:
        out.append((foe, 0))
    for i, name in enumerate(names):
        if f"weapon:{name}" in foe.broken:
            continue
        w = WEAPONS[name]
        cost = 0 if i == foe.wielding else 1
        ammo, primed = foe.ammo[i], foe.primed[i]
        if w.kind == "thrown" and ammo <= 0:
            continue
        if w.kind == "launcher" and not primed:
            if ammo <= 0:
                if foe.spares[i] <= 0:
                    continue
                cost, ammo = cost + 1, w.capacity  # a new clip
            cost, primed = cost + 1, True  # and the reload
        out.append((rebuild(foe, wielding=i, ammo=_set(foe.ammo, i, ammo), primed=_set(foe.primed, i, primed)),
                    cost))
    return out


def _set(values: tuple, i: int, value) -> tuple:
    return values[:i] + (value,) + values[i + 1:]
