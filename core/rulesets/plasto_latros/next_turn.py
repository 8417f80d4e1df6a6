"""Plasto Latros: what one enemy could do to a mini on a cell in the whole
of its side's next turn, for the glance (:mod:`.glance`).  Pure; no rules
of its own: the Movements are those of :mod:`.movement`.

Read from the seed's *Movement*, *Climbing Movement On Terrain*,
*Attacking And Defending*, *Long Range Attacks* and *Jumping Attacks*:

* a side's turn has two Movements, and one mini may spend both; each ends
  with a facing of the player's choice (a turn in place, or standing a
  prone mini up, is a Movement too), and a jump down lands prone, so it
  needs the second Movement to stand;
* a Movement that ends in contact with an enemy in the front arc attacks it
  and Locks both: a mini that means to move again or shoot faces so that it
  attacks nobody (it can do so only when some facing has no enemy in
  contact in its front arc);
* a contact attack: ending a Movement beside the cell, at its height,
  facing it; a jump attack: a Movement from an adjacent cell at least one
  level higher, facing the cell; a shot (free, any time of the turn): from
  wherever the shooter stands, the cell in its front arc and half or more
  of it in view.

Each enemy is taken alone, with both Movements; every other figure stays
where it stands, the asking mini on the cell (its own cell left open).
"""

from __future__ import annotations

from core.board import RAY_COUNT, Cell

from .grid import FACINGS, FRONT_NEAR, Grid, grid, in_front, open_ray_count, step_cells
from .movement import climb_limit, move_destinations, open_line_map, straight_path_problem
from .state import Mini, PlastoState

NEVER = 3  # more Movements than a turn has
MOVE, CLIMB = "move", "climb"


class EnemyTurn:
    """One enemy's next turn against the asking mini, set up once and asked
    about each cell the asking mini might stand on.

    Set up with the asking mini's own cell left open and no cell taken for
    it; a mini standing on a cell can only take Movements away (it blocks a
    line or an end cell, or meets a mover in contact), so each answer is
    looked for among those of the set-up and checked again with the cell
    taken."""

    def __init__(self, view: PlastoState, enemy: Mini, base: frozenset[Cell], figures: frozenset[Cell],
                 friends: frozenset[Cell]) -> None:
        """``base``: the cells nobody may enter, the asking mini's own cell
        left out; ``figures``: those closing sight, the same left out;
        ``friends``: the cells of the asking mini's side's other minis."""
        assert enemy.pos is not None
        self.view, self.enemy, self.pos = view, enemy, enemy.pos
        self.g: Grid = grid(view.battlefield)
        self.reach = view.options.move_length
        self.limit = climb_limit(view)
        self.base = base
        self.moved = base - {enemy.pos}  # once it has left its cell
        self.figures = figures - {enemy.pos}
        self.friends = friends
        pos = enemy.pos
        # the first Movement: where it stands after it (its own cell: a turn, or standing up)
        self.firsts = {} if enemy.prone else self._from(pos, base)
        onward = [pos] if enemy.prone else list(self.firsts)
        # the second: from each cell the first leaves it free to go on from
        self.preds: dict[Cell, list[tuple[Cell, str]]] = {}
        for p in onward:
            if self.free_facing(p, None):
                for c, how in self._from(p, self.moved if p != pos else base).items():
                    self.preds.setdefault(c, []).append((p, how))
        # a jump down lands prone: the second Movement stands it up
        self.landings = frozenset() if enemy.prone else \
            frozenset(c for c in step_cells(self.g, pos, self.limit)[1] if c not in base)
        costs = {c: 2 for c in (*self.preds, *self.landings)}
        costs.update({c: 1 for c in self.firsts})
        costs[pos] = 1
        self.spots = sorted(costs.items(), key=lambda item: item[1])  # fewest Movements first

    def _from(self, pos: Cell, taken: frozenset[Cell]) -> dict[Cell, str]:
        """Where one straight Movement or one climb takes it from ``pos``
        (``taken``: the cells no one may enter), each with how."""
        mover = Mini(self.enemy.id, self.enemy.side, self.enemy.shooter, pos, self.enemy.facing)
        out = {c: CLIMB for c in step_cells(self.g, pos, self.limit)[0] if c not in taken}
        out.update((c, MOVE) for c in move_destinations(self.view, mover, taken))
        return out

    def free_facing(self, pos: Cell, cell: Cell | None, toward: Cell | None = None) -> bool:
        """Whether, standing on ``pos`` with the asking mini on ``cell``, it
        could face so that it attacks no mini of the asker's side in contact
        (and so stays free to move and shoot), with ``toward`` in its front
        arc when given."""
        elev = self.g.elev
        level = elev[pos]
        x, y = pos
        for f in FACINGS:
            if toward is not None and not in_front(pos, f, toward):
                continue
            for dx, dy in FRONT_NEAR[f._name_]:
                near = (x + dx, y + dy)
                if (near in self.friends or near == cell) and elev.get(near) == level:
                    break
            else:
                return True
        return False

    # -- with the asking mini on a cell ----------------------------------------------
    def attacks(self, cell: Cell) -> dict[str, dict[Cell, int]]:
        """Its attacks on a mini on ``cell``, by kind (``contact``, ``jump``,
        ``shot``): the cell it would attack from and the fewest Movements of
        its turn that takes (0: a shot as it stands)."""
        enemy, g = self.enemy, self.g
        level = g.elev[cell]
        cost = Costs(self, cell)
        found: dict[str, dict[Cell, int]] = {"contact": {}, "jump": {}, "shot": {}}
        for near, there, wall in g.around[cell]:
            if wall:
                continue
            if there == level:
                n = cost.of(near)
                if n < NEVER:
                    found["contact"][near] = n
            elif there > level:
                # a jump attack: one Movement from there, facing the cell
                if near == self.pos and not enemy.prone and in_front(near, enemy.facing, cell):
                    found["jump"][near] = 1
                elif cost.of(near) == 1 and self.free_facing(near, cell, toward=cell):
                    found["jump"][near] = 2
        if enemy.shooter:
            spot = self._shot(cell, cost)
            if spot is not None:
                found["shot"][spot[0]] = spot[1]
        return found

    def _shot(self, cell: Cell, cost: Costs) -> tuple[Cell, int] | None:
        """A cell (fewest Movements first) it could shoot at the cell from,
        and the Movements it takes to stand there facing it."""
        enemy = self.enemy
        if not enemy.prone and in_front(self.pos, enemy.facing, cell) and self._sees(self.pos, cell):
            return self.pos, 0
        later = None
        for s, least in self.spots:
            if later is not None and least == 2:
                break  # none of the rest takes fewer
            if s == cell or not self._sees(s, cell) or not self.free_facing(s, cell, toward=cell):
                continue
            n = cost.of(s)
            if n == least:
                return s, n
            if n < NEVER and later is None:
                later = (s, n)
        return later

    def _sees(self, pos: Cell, cell: Cell) -> bool:
        return open_ray_count(self.g, pos, cell, self.figures) * 2 >= RAY_COUNT


class Costs:
    """The fewest Movements it takes the enemy to end a Movement standing
    on a cell, free to choose its facing, with the asking mini on ``cell``."""

    def __init__(self, turn: EnemyTurn, cell: Cell) -> None:
        self.turn, self.cell = turn, cell
        self._firsts: frozenset[Cell] | None = None

    def firsts(self) -> frozenset[Cell]:
        """Where its first Movement takes it with the cell taken."""
        if self._firsts is None:
            t = self.turn
            self._firsts = frozenset() if t.enemy.prone else frozenset(t._from(t.pos, t.base | {self.cell}))
        return self._firsts

    def of(self, spot: Cell) -> int:
        t, cell = self.turn, self.cell
        if spot == cell:
            return NEVER
        if spot == t.pos:
            return 1  # a turn in place, or standing up
        if spot in t.firsts and spot in self.firsts():
            return 1
        if spot in t.landings:
            return 2  # (the cell it lands on is not the asking mini's)
        for p, how in t.preds.get(spot, ()):
            if p == cell or (p != t.pos and p not in self.firsts()):
                continue
            if max(abs(p[0] - cell[0]), abs(p[1] - cell[1])) == 1 and not t.free_facing(p, cell):
                continue  # whichever way it faces there, it attacks someone
            if how == CLIMB or self._open(p, spot):
                return 2
        return NEVER

    def _open(self, start: Cell, end: Cell) -> bool:
        """Whether the straight line from ``start`` to ``end``, open
        without the asking mini, stays open with it on the cell: it does
        when the cell is none of those the line looks at."""
        t, cell = self.turn, self.cell
        reach = t.reach
        dx, dy = cell[0] - start[0], cell[1] - start[1]
        if not (-reach <= dx <= reach and -reach <= dy <= reach):
            return True  # no line of one Movement looks so far
        seen = open_line_map(t.g, start, reach).get(end)
        if seen is not None and not seen >> ((dx + reach) * (2 * reach + 1) + dy + reach) & 1:
            return True
        taken = (t.moved if start != t.pos else t.base) | {cell}
        return straight_path_problem(t.view, start, end, taken) is None
