"""Plasto Latros: who could attack a mini on a cell, from which of its
arcs, and what a facing would attack (issue 29, "see what a move gives").
Pure functions of the seat's view; the other figures stay where they stand
(the asking mini's own cell is left open).

Read from the seed's "Attacking And Defending" and "Long Range Attacks":

* a contact attack is made by a mini that ends a Movement in contact with
  an enemy in its front arc; an enemy free to move (standing, not Locked
  In Battle) could do that to a mini on ``cell`` from any cell beside it,
  at the same height, that it stands on or one Movement reaches (a turn in
  place is a Movement too);
* a long-range attack needs the target in the shooter's front arc and at
  least half of it in view;
* the arc is the defending mini's: one contact attacker in its back arc is
  enough to Doom it (see :mod:`.status`).
"""

from __future__ import annotations

import attrs

from core.board import RAY_COUNT, Arc, Cell, Facing, adjacent, arc_of

from .combat import sight_figures
from .grid import grid, in_front, open_ray_count
from .movement import blocked_cells, move_destinations
from .state import Mini, PlastoState
from .status import locked

# From worst to least: the arc a threat is reported from when it could come from several.
ARC_ORDER = (Arc.BACK, Arc.LEFT, Arc.RIGHT, Arc.FRONT)


@attrs.frozen
class Threat:
    enemy: str
    how: str  # "contact" or "shot"
    arc: Arc  # of the threatened mini, the worst the attack could come from


def would_doom(threats: list[Threat]) -> bool:
    """Whether the enemies that could attack a standing mini on a cell
    (:func:`threats_at`) are enough to Doom it there: two attackers (two
    minis) of either kind, or one in contact from its back arc (*Attacking And
    Defending*; docs/rulings.md, Doom; status._doom_reason judges the
    attacks made)."""
    return len({t.enemy for t in threats}) >= 2 or any(t.how == "contact" and t.arc is Arc.BACK for t in threats)


def _free(view: PlastoState, m: Mini) -> bool:
    """An enemy whose attack could count next turn: on the board, standing,
    not Locked In Battle, and not Doomed (only an un-Doomed attacker's
    attack counts, *Attacking And Defending*; a Doomed one is removed as
    this turn ends unless its Doom is lifted)."""
    return m.pos is not None and not m.prone and not locked(view, m.id) and m.id not in view.doomed


def threats_at(view: PlastoState, uid: str, cell: Cell, facing: Facing) -> list[Threat]:
    """The enemies of ``uid`` that could attack it standing on ``cell``
    facing ``facing``, on their side's turn, each with the worst arc of
    ``uid`` the attack could come from."""
    return threats_by_cell(view, uid, [cell], facing).get(cell, [])


def threats_by_cell(view: PlastoState, uid: str, cells, facing: Facing) -> dict[Cell, list[Threat]]:
    """:func:`threats_at` for each of ``cells`` (those with none left out),
    each enemy's Movement worked out once unless the cell stands in its way."""
    me = view.mini(uid)
    if me is None:
        return {}
    bf = view.battlefield
    reach = view.options.move_length
    base = blocked_cells(view) - {me.pos}
    enemies = [(e, e.pos) for e in view.minis if e.side != me.side and e.pos is not None and _free(view, e)]
    plain = {e.id: move_destinations(view, e, base) for e, _ in enemies}
    figures = (sight_figures(view) - {me.pos}) if me.pos is not None else sight_figures(view)
    g = grid(bf)
    out: dict[Cell, list[Threat]] = {}
    for cell in cells:
        level = bf.elevation(cell)
        found = []
        for e, at in enemies:
            if at == cell:
                continue
            near = max(abs(at[0] - cell[0]), abs(at[1] - cell[1]))
            if near > reach + 1 and not e.shooter:
                continue  # no Movement brings it beside the cell
            # the mini on ``cell`` blocks the enemy's lines only within its reach
            dests = move_destinations(view, e, base | {cell}) if near <= reach else plain[e.id]
            beside = {c for c in dests if adjacent(c, cell) and bf.elevation(c) == level}
            if adjacent(at, cell) and bf.elevation(at) == level:
                beside.add(at)
            beside.discard(cell)
            if beside:
                arcs = {arc_of(cell, facing, c) for c in beside}
                found.append(Threat(e.id, "contact", next(a for a in ARC_ORDER if a in arcs)))
            elif e.shooter and in_front(at, e.facing, cell) and \
                    open_ray_count(g, at, cell, figures) * 2 >= RAY_COUNT:
                found.append(Threat(e.id, "shot", arc_of(cell, facing, at)))
        if found:
            out[cell] = found
    return out


def facing_outcome(view: PlastoState, uid: str, to: Cell, facing: Facing) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What ``uid`` ending a Movement on ``to`` facing ``facing`` would
    attack in contact (each such attack Locks both minis in battle), and,
    a shooter, which enemies it could then target (front arc, half in view)."""
    me = view.mini(uid)
    if me is None:
        return (), ()
    bf = view.battlefield
    level = bf.elevation(to)
    contact = tuple(e.id for e in view.minis
                    if e.side != me.side and e.pos is not None and e.pos != to and adjacent(e.pos, to)
                    and bf.elevation(e.pos) == level and in_front(to, facing, e.pos))
    shots: tuple[str, ...] = ()
    if me.shooter:
        figures = (sight_figures(view) - {me.pos}) | {to}
        shots = tuple(e.id for e in view.minis
                      if e.side != me.side and e.pos is not None and e.pos != to and in_front(to, facing, e.pos)
                      and open_ray_count(grid(bf), to, e.pos, figures) * 2 >= RAY_COUNT)
    return contact, shots
