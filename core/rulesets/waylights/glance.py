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
  in their next turn (from where they stand, or after a Move).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from core.board import Cell, chebyshev, line_cells
from core.rulesets.waylights.combat import cover_level, reaches
from core.rulesets.waylights.movement import reachable, sees
from core.rulesets.waylights.orders import Move, SplitMove, Step
from core.rulesets.waylights.rules import attack_dice_refusal
from core.rulesets.waylights.state import Fighter, WaylightsState

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
    ``cell`` (default: where it stands) in their next turn, with what they
    wield now: from where they stand, or after a Move (a Move and a Fight
    make one turn, "Sequence").  Every enemy takes its turn before this
    figure's next one, and a split stands until then (seed, *Attack and
    Defense*: a figure sets its split only in its own turn).  Cells are
    taken as the others stand now; a launcher not primed now counts as
    not firing (priming and firing would fill the turn)."""
    me = view.find(fid)
    cell = cell if cell is not None else (me.pos if me is not None else None)
    if me is None or cell is None:
        return ()
    there = attrs.evolve(me, pos=cell)
    out = []
    for foe in view.fighters:
        if foe.side == me.side or not foe.up or foe.pos is None:
            continue
        weapon = foe.weapon
        span = weapon.range if weapon.ranged else weapon.reach
        if chebyshev(foe.pos, cell) > foe.template.move + span:
            continue
        if reaches(view, foe, there, weapon) is None:
            out.append(foe.id)
            continue
        for stand in reachable(view, foe.id, foe.template.move):
            if stand != cell and chebyshev(stand, cell) <= span \
                    and reaches(view, attrs.evolve(foe, pos=stand), there, weapon) is None:
                out.append(foe.id)
                break
    return tuple(out)
