"""Waylights: what the active figure's turn so far says, and the orders
that would undo it, waste an Action or leave one idle ("Sequence": two
Actions and the free step).  Dropped at every level by
``WaylightsKnowledge.shortlist`` (a tester's normal and hard games).

The view keeps where the turn began (``turn_from``), where the figure
stands now, and whether it used the Move action, the step, an attack or a
reload; not each cell it stood on in between.  The rules below keep a
turn going one way (``TurnSoFar``), so that a cell is stood on twice only
in a corner case docs/ai.md names."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from core.ai.waylights_chances import can_wound, worth_attacking
from core.board import Cell, chebyshev
from core.rulesets.waylights.combat import DICE, cover_level
from core.rulesets.waylights.glance import could_strike, shots_from
from core.rulesets.waylights.movement import cost_grid, reachable
from core.rulesets.waylights.orders import Attack, EndTurn, Move, SplitMove, Step
from core.rulesets.waylights.reach import Grid, Reach
from core.rulesets.waylights.ruleset import counter_refusal_for
from core.rulesets.waylights.state import rebuild


def nearest(foes, cell: Cell) -> int:
    """Cells (Chebyshev) from ``cell`` to the nearest of ``foes``."""
    return min(chebyshev(cell, f.pos) for f in foes)


@attrs.frozen
class TurnSoFar:
    """The active figure's turn as the view tells it."""

    start: Cell  # where the turn began
    near_start: int  # cells from the nearest enemy there
    near_now: int  # and where it stands
    moved: bool  # it has moved this turn (a Move, a Split Move, the step)
    walked: bool  # an Action went on a Move or Split Move
    fired: bool  # it shot the launcher in hand, which it can prime again (FIRE | RELOAD)

    @property
    def drew_back(self) -> bool:
        return self.near_now > self.near_start


def turn_so_far(view, me, foes, moved: bool, can_prime: bool) -> TurnSoFar:
    start = view.turn_from if view.turn_from is not None else me.pos
    here = me.pos
    # An Action moved it when it used Move, or stands elsewhere with no
    # attack or reload spent and the step alone cannot explain the way.
    way = abs(here[0] - start[0]) + abs(here[1] - start[1])
    walked = view.moved or (view.actions >= 1 and view.target is None and not view.reloading
                            and here != start and (not view.stepped or way > 1))
    fired = view.target is not None and me.weapon.kind == "launcher" and can_prime
    return TurnSoFar(start, nearest(foes, start), nearest(foes, here), moved, walked, fired)


def one_move(view, me, start: Cell) -> frozenset[Cell]:
    """The cells one Move from ``start`` reaches (where the turn began:
    what its first Move could have ended on)."""
    if start == me.pos:
        there = view
    else:
        there = rebuild(view, fighters=tuple(rebuild(f, pos=start) if f.id == me.id else f for f in view.fighters))
    return frozenset(reachable(there, me.id, me.template.move))


def actions_left_after(view, order) -> int:
    return view.max_actions - view.actions - (0 if isinstance(order, Step) else 1)


def openings(view, me, moves: Iterable) -> set:
    """The moves after which an Action is left to attack someone it could
    not attack from here and would have a chance to wound there
    (``worth_attacking``; the turn's one target, once it has attacked)."""
    if not me.split:
        return set()
    moves = [o for o in moves if actions_left_after(view, o) >= 1]
    if not moves:
        return set()
    there = shots_from(view, me.id, {o.to for o in moves} | {me.pos})
    here = set(there.get(me.pos, ()))
    known: dict[tuple[str, int], bool] = {}  # the chance hangs on the target and its cover alone

    def worth_from(cell: Cell, t: str) -> bool:
        moved_me, target = attrs.evolve(me, pos=cell), view.get(t)
        if not can_wound(view, moved_me, target):
            return False
        key = (t, min(cover_level(view, moved_me, target) or 0, 3) if me.weapon.ranged else 0)
        if key not in known:
            known[key] = worth_attacking(view, moved_me, target)
        return known[key]

    return {o for o in moves
            if any(worth_from(o.to, t) for t in there.get(o.to, ()) if t not in here and view.target in (None, t))}


def free_strike(view, me, legal) -> bool:
    """Whether it may attack now, with a chance to wound, someone who
    cannot counter (MOVE | KICK: it walked up; the Action left strikes)."""
    for o in legal:
        if isinstance(o, Attack) and o.unit == me.id:
            t = view.get(o.target)
            answers = counter_refusal_for(view, o) is None and (t.split is None or t.split < DICE)
            if not answers and worth_attacking(view, me, t):
                return True
    return False


def too_few_to_defend(view, me, attack: int, cell: Cell | None = None) -> tuple[str, ...]:
    """The enemies that could strike ``me`` on ``cell`` (default: where it
    stands) before its next turn (``glance.could_strike``, the reach rule
    the split picker warns a player with), when a split of ``attack`` dice
    keeps too few to defend against them: none at all against one (4/0:
    no defence, no counter), one die against two or more (3/1: the first
    blow meets one die, the second the same one die, and it counters one
    of them at most).  Empty when the split is enough, or nobody reaches."""
    keep = DICE - attack
    if keep >= 2 or me.pos is None:
        return ()
    threats = could_strike(view, me.id, cell)
    return threats if len(threats) > keep else ()


def behind_on_count(view, side: int) -> bool:
    """Whether ``side`` has fewer figures standing than the other: at the
    round limit the side with more standing wins (docs/rulings.md, "Round
    limit"), so keeping away from the enemy cannot change that result;
    only knocking someone out can."""
    up = [0, 0]
    for f in view.fighters:
        if f.status == "ready":
            up[f.side] += 1
    return up[side] < up[1 - side]


def runs_from_cover(view, me, o, near: int, after: int) -> bool:
    """A move that draws back (``after`` cells from the nearest enemy, more
    than ``near``) onto ground of less cover than it stands on, while its
    side is behind on the count the round limit judges (``behind_on_count``):
    running cannot change the result, and leaving cover only exposes it.  A
    tester's last two mooks left a low wall for the open and a corner."""
    if after <= near or me.pos is None or not behind_on_count(view, me.side):
        return False
    bf = view.battlefield
    return bf.terrain(o.to).cover < bf.terrain(me.pos).cover


def idles_afar(view, me, kept, foes, better_cover) -> bool:
    """Whether ending the turn now leaves both Actions unused with nobody in
    reach while a kept move closes on the nearest enemy or ends on better
    cover (``better_cover(here, to)``): a tester's club mook stood a whole
    turn on its deployment cell while its companions advanced.  0/4 is a
    stance held on purpose (no attack to walk up for), not counted."""
    if view.actions or not me.split or not foes or not any(isinstance(o, EndTurn) for o in kept):
        return False
    if shots_from(view, me.id, [me.pos]).get(me.pos):
        return False  # someone in reach: holding is the search's choice
    here = nearest(foes, me.pos)
    return any(isinstance(o, (Move, SplitMove, Step)) and o.unit == me.id
               and (nearest(foes, o.to) < here or better_cover(me.pos, o.to)) for o in kept)


def move_between(view, frm: Cell, to: Cell) -> int:
    """The Move a figure on ``frm`` spends to walk to ``to`` over the
    ground alone (figures left out: the way one could take), by the
    movement rules (a diagonal step costs twice the entered cell's cost):
    what "4 squares" means to a player counting Move, not the king-move
    count.  Unreachable ground: the king-move count."""
    bf = view.battlefield
    grid = bf.memo.entries.get("waylights.bit-grid") or bf.memo.get("waylights.bit-grid",
                                                                      lambda: Grid(bf, cost_grid(bf)))
    reach = Reach(grid, frm, 0)
    low = chebyshev(frm, to)
    for budget in range(low, low * 4 + 8):
        if reach.has(budget, to):
            return budget
    return low


def cover_back(view, me) -> dict[str, int]:
    """The enemies with a ranged weapon in hand that would meet more cover
    were the figure back in it (Cover: a move, step or shot costs a level
    until its turn ends), with the level it gets back."""
    if not view.exposed or me.pos is None:
        return {}
    back = rebuild(view, exposed=False)
    out = {}
    for f in view.fighters:
        if f.side != me.side and f.up and f.weapon.ranged:
            level = cover_level(back, f, me)
            if level:
                out[f.id] = min(level, 3)
    return out


def useless_split(view, me, attack: int, foes) -> bool:
    """A split of 1-3 attack dice with which the figure could wound none of
    the enemies it could attack this turn (within a Move and its weapon's
    span), where some are: 0/4 defends and counters with more dice and
    loses nothing (*Attack and Defense*).  With tension to spend (Psi
    tension) the result may be raised: not counted as useless."""
    if not 0 < attack < DICE or (view.options.psi_tension and me.tension > 0):
        return False
    w = me.weapon
    span = (w.range if w.ranged else w.reach) + me.template.move
    near = [f for f in foes if chebyshev(me.pos, f.pos) <= span]
    if not near:
        return False  # nobody to attack this turn: left to the search (docs/ai.md, "Splits")
    armed = attrs.evolve(me, split=attack)
    return not any(can_wound(view, armed, f) for f in near)


def wasted_move(view, turn: TurnSoFar, o, after: int, first_move: frozenset[Cell] | None,
               strikes_free: bool) -> bool:
    """A move (every level) that undoes the turn or spends an Action for
    what one Move would have given: back toward the enemy after drawing
    back (or away after closing in, ``shortlist``); a second Move or Split
    Move that ends where the turn's first Move could have gone (an Action
    for nothing); a move with the last Action when it walked up to a foe it
    may strike unanswered (MOVE | KICK)."""
    if turn.moved and turn.drew_back and after < turn.near_now:
        return True  # back then forward
    if isinstance(o, (Move, SplitMove)) and turn.walked:
        if first_move is not None and o.to in first_move:
            return True
        if strikes_free and actions_left_after(view, o) == 0:
            return True
    return False


def presses_on(view, me, turn: TurnSoFar, kept, foes) -> bool:
    """Whether ending the turn now would stop half-way: it has closed on
    the enemy this turn, an Action is left, a kept move closes further,
    and an enemy can strike it where it stands anyway (stopping buys no
    safety).  A tester's mook moved up on 0/4 and ended with an Action,
    its reason "holds its ground"."""
    if view.actions >= view.max_actions or not turn.moved or turn.near_now >= turn.near_start:
        return False
    if not any(isinstance(o, EndTurn) for o in kept):
        return False
    closer = any(isinstance(o, (Move, SplitMove, Step)) and nearest(foes, o.to) < turn.near_now for o in kept)
    return closer and bool(could_strike(view, me.id))
