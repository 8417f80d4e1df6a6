"""Spheres of War: who can strike whom, a rules fact shared by the screen
and the computer.

A figure *reaches* another when they touch, or when one Move straight at it
(up to 2 inches, rules 25-26) ends in contact, which strikes (rules 29, 32).
Walls and the other figures block the way as they block a Move.

``threatened`` answers the board's question "where can a strike land on my
figure": the cells within reach of each enemy that could be its opponent
(the figure's Matched opponent in a Match; every placed enemy figure while
deploying), worked out from the seat's view only.
"""

from __future__ import annotations

from core.board import Battlefield, Cell, adjacent, distance_squared
from core.rulesets.spheres_of_war import cache
from core.rulesets.spheres_of_war.movement import blockers_near, destinations_near
from core.rulesets.spheres_of_war.state import Phase, SowState


def reaches(bf: Battlefield, mover: Cell, target: Cell, figures) -> bool:
    """Whether a figure at ``mover`` is in contact with one at ``target``
    or can Move into contact with it in one Action, with the other figures
    at ``figures`` (and walls) in the way."""
    if adjacent(mover, target):
        return True
    if distance_squared(mover, target) > 9:
        return False  # a Move's straight line ends 2 or more cells short (3 across, 1 up is the nearest miss)
    near = blockers_near(bf, mover, (*figures, target))
    return any(bf.in_bounds(d) and adjacent(d, target) for d in destinations_near(bf, mover, target, near))


def reached_from(bf: Battlefield, cell: Cell, cells: list[Cell], placed: list[Cell]) -> list[Cell]:
    """Those of ``cells`` (not ``cell`` itself) a figure at ``cell`` could strike first."""
    return [e for e in cells if e != cell and reaches(bf, cell, e, placed)]


def exposed(bf: Battlefield, cell: Cell, cells: list[Cell], placed: list[Cell]) -> bool:
    """Whether a figure on any of ``cells`` (not ``cell`` itself) could strike one at ``cell`` first."""
    return any(e != cell and reaches(bf, e, cell, placed) for e in cells)


def rows_out_of_reach(bf: Battlefield, side: int) -> tuple[int, ...]:
    """The rows of ``side``'s zone where a figure stands out of reach of
    every cell the other side may deploy on (nobody else placed): where a
    side that deploys first is safe from the first strikes of the side
    deploying after it."""
    def work(b: Battlefield) -> tuple[int, ...]:
        theirs = list(cache.deploy_cells(b, 1 - side))
        rows: dict[int, list[Cell]] = {}
        for cell in cache.deploy_cells(b, side):
            rows.setdefault(cell[1], []).append(cell)
        return tuple(sorted(y for y, cells in rows.items() if not any(exposed(b, c, theirs, []) for c in cells)))
    return cache.per_battlefield(bf, ("rows-out-of-reach", side), work)


def out_of_reach_deployment(view: SowState, side: int) -> dict[str, Cell]:
    """Cells for every figure of ``side`` not yet placed: first where no
    enemy figure could strike it first (out of reach of every enemy figure
    placed and, while the enemy still deploys, of every open cell of its
    zone: rules 6, 16, 25-29), along the front of those cells and spread as
    the zone's own line is; any left over when they run out, along the
    front of the zone (``auto_deploy``).  From the positions alone."""
    from core.deployment import auto_deploy

    bf = view.battlefield
    mine = [u.id for u in view.side_units(side)]
    positions: dict[str, Cell | None] = {u.id: u.pos for u in view.units}
    theirs = [u.pos for u in view.side_units(1 - side) if u.pos is not None]
    placed = [c for c in positions.values() if c is not None]
    enemy = list(theirs)
    if view.phase is Phase.DEPLOY and any(u.pos is None for u in view.side_units(1 - side)):
        taken = set(placed)  # the enemy deploys after: anywhere in its zone
        enemy += [c for c in cache.deploy_cells(bf, 1 - side) if c not in taken]
    safe = [c for c in cache.deploy_cells(bf, side) if c not in set(placed) and not exposed(bf, c, enemy, placed)]
    out = auto_deploy(bf, side, mine, positions, among=safe)
    return out | auto_deploy(bf, side, mine, positions | out)


def threats_to(view: SowState, uid: str) -> list[str]:
    """The enemies that could strike ``uid`` next: its Matched opponent
    during a Match (or its v0.2 locked partner); while deploying, every
    enemy figure already placed; otherwise none."""
    me = view.unit(uid)
    if me is None or me.removed:
        return []
    match = view.match
    if view.phase is Phase.MATCH and match is not None and uid in (match.instigator, match.retaliator):
        return [match.retaliator if uid == match.instigator else match.instigator]
    partner = view.partner(uid)
    if partner is not None:
        return [partner]
    if view.phase is Phase.DEPLOY:
        return [u.id for u in view.units if u.side != me.side and u.on_board]
    return []


def threatened(view: SowState, uid: str) -> dict[Cell, tuple[str, ...]]:
    """Each cell of the battlefield where ``uid``, standing there, would be
    within reach of an enemy of :func:`threats_to` (a strike can land on
    it), with those enemies' ids; the cells left out are out of reach.
    The other figures (``uid`` itself apart) block as they stand."""
    return _threats(view, uid, view.battlefield.cells())


def threats_at(view: SowState, uid: str, cell: Cell) -> tuple[str, ...] | None:
    """The enemies that could strike ``uid`` standing on ``cell`` (empty:
    out of their reach); None when nobody threatens it or it cannot stand there."""
    if not threats_to(view, uid):
        return None
    bf = view.battlefield
    if not bf.in_bounds(cell) or bf.terrain(cell).blocks_move or view.occupied().get(cell, uid) != uid:
        return None
    return _threats(view, uid, [cell]).get(cell, ())


def _threats(view: SowState, uid: str, cells) -> dict[Cell, tuple[str, ...]]:
    bf = view.battlefield
    enemies: list[tuple[str, Cell]] = []
    for e in threats_to(view, uid):
        unit = view.unit(e)
        if unit is not None and unit.pos is not None:
            enemies.append((e, unit.pos))
    if not enemies:
        return {}
    others = [u.pos for u in view.units if u.pos is not None and not u.removed and u.id != uid]
    taken = set(others)
    out: dict[Cell, tuple[str, ...]] = {}
    for cell in cells:
        if cell in taken or bf.terrain(cell).blocks_move:
            continue
        who = tuple(e for e, p in enemies if reaches(bf, p, cell, [o for o in others if o != p]))
        if who:
            out[cell] = who
    return out
