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

from core.board import Battlefield, Cell, adjacent
from core.rulesets.spheres_of_war.movement import blockers_near, destinations_near
from core.rulesets.spheres_of_war.state import ACTIONS_EACH

LAST = 2 * ACTIONS_EACH  # Action steps in a Match, both combatants' together
END_WORK = 2  # a Match's end valued by ``after`` costs about two positions' work (profiled)


class MatchSolver:
    """Values of Match positions on one battlefield with the other figures
    at ``others``, to the side that acts on the ``mine`` parity of Action
    steps (0: even, the Instigator's; 1: odd).

    Each side weighs a loss of its own ``caution`` times an enemy's (its
    own figure: ``caution`` for this side, ``their_caution`` for the
    other); above 1 a side takes only exchanges that favour it clearly,
    below 1 it gambles.  Each chooses what is best for itself (backward
    induction), so with both at 1 the Match is zero-sum and this is plain
    minimax.  The answers are kept for the solver's life (one search)."""

    def __init__(self, bf: Battlefield, others: frozenset[Cell], odds, mine: int,
                 caution: float = 1.0, their_caution: float = 1.0, after=None) -> None:
        self.bf = bf
        self.others = others
        self.odds = odds  # exchange(first_roll) -> (first roller falls, other falls)
        self.mine = mine
        self.caution = caution
        self.their_caution = their_caution
        self.known: dict[tuple[Cell, Cell, int, int], tuple[float, float]] = {}
        self.expanded = 0  # positions worked out (the search counts them as work)
        # after(instigator's cell, retaliator's cell) -> (Instigator's figures
        # that fall, Retaliator's) expected from where the pair end the Match
        # (None: the end is worth nothing either way).
        self.after = after
        self._ends: dict[tuple[Cell, Cell], tuple[float, float]] = {}

    def falls(self, step: int, actor_falls: float, opponent_falls: float) -> tuple[float, float]:
        """(own falls, enemy falls) to this side, from the chances of the
        combatant acting at ``step`` and its opponent."""
        if step % 2 == self.mine:
            return float(actor_falls), float(opponent_falls)
        return float(opponent_falls), float(actor_falls)

    def worth(self, own_falls: float, enemy_falls: float) -> float:
        return enemy_falls - self.caution * own_falls

    def strike(self, step: int) -> tuple[float, float]:
        """A strike made with Action ``step`` by the one acting: the struck
        one rolls first, at the next step."""
        struck_falls, striker_falls = self.odds(step + 1)
        return self.falls(step, striker_falls, struck_falls)

    def value(self, me: Cell, them: Cell, step: int, lookahead: int | None = None) -> float:
        """Expected worth to this side of the Match from the position with
        the combatant at ``me`` to act with Action ``step`` and its
        opponent at ``them``."""
        left = LAST - step if lookahead is None else min(lookahead, LAST - step)
        return self.worth(*self._falls(me, them, step, left))

    def _falls(self, me: Cell, them: Cell, step: int, left: int) -> tuple[float, float]:
        if step >= LAST:
            return self._end(me, them, step)
        if left <= 0:
            return (0.0, 0.0)
        if adjacent(me, them):  # in contact: strike where it stands
            return self.strike(step)
        key = (me, them, step, left)
        found = self.known.get(key)
        if found is not None:
            return found
        self.expanded += 1
        if step % 2 == self.mine:
            def score(f):  # this side's worth
                return f[1] - self.caution * f[0]
        else:
            def score(f):  # the other side's own worth
                return f[0] - self.their_caution * f[1]
        best = self._after(me, them, None, step, left)  # Wait
        top = score(best)
        for cell in self.moves(me, them):
            f = self._after(me, them, cell, step, left)
            v = score(f)
            if v > top:
                best, top = f, v
        self.known[key] = best
        return best

    def _end(self, me: Cell, them: Cell, step: int) -> tuple[float, float]:
        """The Match is over: what the pair's places are worth next turn.
        At the last step (even) ``me`` is the Instigator's figure."""
        if self.after is None:
            return (0.0, 0.0)
        found = self._ends.get((me, them))
        if found is None:
            self.expanded += END_WORK
            found = self._ends[(me, them)] = self.after(me, them)
        return self.falls(step, *found)

    def _after(self, me: Cell, them: Cell, to: Cell | None, step: int, left: int) -> tuple[float, float]:
        """(own falls, enemy falls) after the actor at ``me`` Waits (``to``
        None) or Moves to ``to``."""
        if to is None:
            return self._falls(them, me, step + 1, left - 1)
        if not self.bf.in_bounds(to):
            return self.falls(step, 1.0, 0.0)  # off the battlefield, out of the game
        if adjacent(to, them):
            return self.strike(step)  # moved into contact: the free strike
        return self._falls(them, to, step + 1, left - 1)

    def order_value(self, me: Cell, them: Cell, to: Cell | None, step: int,
                    lookahead: int | None = None) -> float:
        """Worth to this side (which acts at ``step``) of Waiting (``to``
        None) or Moving to ``to``, looking ``lookahead`` Actions ahead."""
        left = LAST - step if lookahead is None else min(lookahead, LAST - step)
        return self.worth(*self._after(me, them, to, step, left))

    def reply_mean(self, me: Cell, them: Cell, to: Cell | None, step: int,
                   lookahead: int | None = None) -> float:
        """Worth to this side of Waiting (``to`` None) or Moving to ``to``,
        averaged over every reply the opponent has, each valued as the
        solver values the position after it.  Between Actions worth the
        same against the best reply, this prefers the one that leaves the
        opponent the most ways to go wrong.  A strike, a walk off the
        battlefield or the Match's last Action leaves no reply to average."""
        left = LAST - step if lookahead is None else min(lookahead, LAST - step)
        cell = me if to is None else to
        struck_or_off = to is not None and (not self.bf.in_bounds(to) or adjacent(to, them))
        if struck_or_off or step + 1 >= LAST or left <= 1:
            return self.order_value(me, them, to, step, lookahead)
        replies = [None, *(c for c in self.moves(them, cell) if self.bf.in_bounds(c))]
        return sum(self.worth(*self._after(them, cell, r, step + 1, left - 1)) for r in replies) / len(replies)

    def moves(self, me: Cell, them: Cell) -> tuple[Cell, ...]:
        return destinations_near(self.bf, me, them, blockers_near(self.bf, me, (*self.others, them)))
