"""Spheres of War: the value of a Match, worked out exactly.

Until somebody strikes, a Match is a game of perfect information without
chance: only the pair act (rules 14-17), each Action is a Wait or a Move
straight toward or away (rules 25-26), and the other figures stand still.
Once one of them is struck the rest is forced (rule 30: locked, only
Fight), and the chance that each falls is ``exchange``'s.  So the value of
a Match position to the combatant about to act is a small minimax over
the pair's two cells and the Action step, with the exchange odds at its
leaves; a figure that walks off the battlefield is lost (rule 27).

``lookahead`` bounds how many Actions ahead it looks (None: to the end of
the Match); a position past it is worth nothing either way.  The levels
differ in it, so a stronger computer plans further into the Match.
"""

from __future__ import annotations

from core.board import Battlefield, Cell
from core.rulesets.spheres_of_war.movement import destinations_near, walls_near
from core.rulesets.spheres_of_war.state import ACTIONS_EACH

LAST = 2 * ACTIONS_EACH  # Action steps in a Match, both combatants' together


def adjacent(a: Cell, b: Cell) -> bool:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


class MatchSolver:
    """Values of Match positions on one battlefield with the other figures
    at ``others``, to the side that acts on the ``mine`` parity of Action
    steps (0: even, the Instigator's; 1: odd).  A loss of its own weighs
    ``caution`` times an enemy's: above 1 it takes only exchanges that
    favour it clearly (a side ahead need not gamble), below 1 it gambles.
    The answers are kept for the solver's life (one search)."""

    def __init__(self, bf: Battlefield, others: frozenset[Cell], odds, mine: int, caution: float = 1.0) -> None:
        self.bf = bf
        self.others = others
        self.odds = odds  # exchange(first_roll) -> (first roller falls, other falls)
        self.mine = mine
        self.caution = caution
        self.known: dict[tuple[Cell, Cell, int, int], float] = {}
        self.expanded = 0  # positions worked out (the search counts them as work)

    def worth(self, step: int, enemy_falls: float, own_falls: float) -> float:
        """What falls mean to this side; the figures are those of the
        combatant acting at ``step`` and its opponent (enemy_falls: the
        opponent's chance when the actor is ours)."""
        if step % 2 != self.mine:
            enemy_falls, own_falls = own_falls, enemy_falls
        return float(enemy_falls) - self.caution * float(own_falls)

    def strike(self, step: int) -> float:
        """A strike made with Action ``step`` by the one acting: the struck
        one rolls first, at the next step."""
        struck_falls, striker_falls = self.odds(step + 1)
        return self.worth(step, struck_falls, striker_falls)

    def value(self, me: Cell, them: Cell, step: int, lookahead: int | None = None) -> float:
        """Expected worth to this side of the Match from the position with
        the combatant at ``me`` to act with Action ``step`` and its
        opponent at ``them``."""
        left = LAST - step if lookahead is None else min(lookahead, LAST - step)
        return self._value(me, them, step, left)

    def _value(self, me: Cell, them: Cell, step: int, left: int) -> float:
        if step >= LAST or left <= 0:
            return 0.0
        if adjacent(me, them):  # in contact: strike where it stands
            return self.strike(step)
        key = (me, them, step, left)
        found = self.known.get(key)
        if found is not None:
            return found
        self.expanded += 1
        ours = step % 2 == self.mine
        best = self._value(them, me, step + 1, left - 1)  # Wait
        for cell in self.moves(me, them):
            if not self.bf.in_bounds(cell):
                v = self.worth(step, 0.0, 1.0)  # off the battlefield, out of the game
            elif adjacent(cell, them):
                v = self.strike(step)  # moved into contact: the free strike
            else:
                v = self._value(them, cell, step + 1, left - 1)
            if (v > best) if ours else (v < best):
                best = v
        self.known[key] = best
        return best

    def moves(self, me: Cell, them: Cell) -> tuple[Cell, ...]:
        px, py = me
        bf = self.bf
        near = set(walls_near(bf, me))
        for x, y in (*self.others, them):
            if -2 <= x - px <= 2 and -2 <= y - py <= 2 and bf.in_bounds((x, y)):
                near.add((x - px, y - py))
        return destinations_near(bf, me, them, near)
