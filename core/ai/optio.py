"""Optio: blocks move in hidden; the army that reaches the meeting square
first places the battlefield template, and kudo coins are worth keeping.

The sampler deals the kinds still unaccounted for (one army, one scout,
dummies) among the opponent's unrevealed blocks: at random, or, for a
level that reads the opponent (hard), less often the army or the scout to
a block that walked in on one of ours and did not scout.  Most games run
to the scouting's turn limit, where the armies' distance decides the
closing: hard values closings by their solved coin game, and on the last
turn places its army by it (``last_turn``); before then it times the
reveals that end the scouting (``reveal_timing``).  Every level sends its scout
in on the unrevealed block likeliest to be their army (``scout_first``);
the reasons say what an order does and the fact that decides it (the coin
game in the closing, the parity of the armies' distance on the last turn)."""

from __future__ import annotations

import math
import random
from collections import Counter

import attrs

from core.ai import optio_reasons, optio_screen
from core.ai.knowledge import Knowledge, fold_seed
from core.ai.optio_coins import closing_win, closing_winner
from core.rulesets.optio.maps import LARGE
from core.rulesets.optio.orders import Hold, Move, Scout
from core.rulesets.optio.ruleset import KINDS_IN_HAND, manhattan
from core.rulesets.optio.state import HOME_ROW, Kind, Phase

# How much less likely than another unseen block to be the army or the
# scout a block is that walked in on one of ours and did not scout.
DUMMY_ODDS = 0.1


def _likeliest(orders: list, weight) -> list:
    """The orders of the greatest ``weight`` (all of them on a tie)."""
    if not orders:
        return []
    best = max(weight(o) for o in orders)
    return [o for o in orders if math.isclose(weight(o), best)]


def first_army(state) -> int | None:
    """The side whose army got to the meeting square first (it places the template)."""
    if state.result is not None:
        return state.result.placer
    return state.first_army


class OptioKnowledge(Knowledge):
    rollout_depth = 12
    APPLY_COST, LIST_COST, SAMPLE_COST = 0.45, (0.3, 0.018), 1.4  # measured, see Knowledge

    def sample_hidden(self, view, side: int, rng: random.Random):
        state = self.reseed(view, rng)
        other = 1 - side
        theirs = [b for b in state.blocks if b.side == other]
        left = Counter(KINDS_IN_HAND)
        left.subtract(b.kind for b in theirs if b.kind is not Kind.UNKNOWN)
        if not getattr(self.level, "reads", False):
            pool = [k for k, n in left.items() for _ in range(max(0, n))]
            rng.shuffle(pool)
            dealt = {b.id: pool.pop() if pool else Kind.DUMMY
                     for b in state.blocks if b.side == other and b.kind is Kind.UNKNOWN}
        else:
            dealt = self._deal_reading(view, side, left, rng)
        blocks = tuple(attrs.evolve(b, kind=dealt.get(b.id, Kind.DUMMY))
                       if b.side == other and b.kind is Kind.UNKNOWN else b for b in state.blocks)
        return attrs.evolve(state, blocks=blocks)

    def _deal_reading(self, view, side: int, left: Counter, rng: random.Random) -> dict[str, Kind]:
        """The army and the scout dealt first, each less likely to a block
        that walked in on ours without scouting; dummies to the rest."""
        unknown = [b.id for b in view.blocks if b.side != side and b.kind is Kind.UNKNOWN]
        likely_dummies = self.walked_in_unscouted(view, side)
        dealt: dict[str, Kind] = {}
        for kind in (Kind.ARMY, Kind.SCOUT):
            for _ in range(max(0, left[kind])):
                free = [b for b in unknown if b not in dealt]
                if free:
                    dealt[rng.choices(free, [DUMMY_ODDS if b in likely_dummies else 1.0 for b in free])[0]] = kind
        return dealt

    @staticmethod
    def walked_in_unscouted(view, side: int) -> frozenset[str]:
        """The opponent's unseen blocks that came into a square where one of
        ours stood, itself unseen, and did not scout it: a scout or an army
        would have (a sensible army never walks in on a block it has not
        seen, which might be our army holding the square first), so such a
        block is most likely a dummy.  Read from the view: who stands where,
        and who came into each square later."""
        ours = [b for b in view.blocks if b.side == side and not b.gone and not b.revealed and b.pos is not None]
        out = set()
        for b in view.blocks:
            if b.side == side or b.gone or b.revealed or b.pos is None:
                continue
            if any(o.pos == b.pos and o.arrived < b.arrived for o in ours):
                out.add(b.id)
        return frozenset(out)

    def evaluate(self, state, side: int) -> float:
        score = 0.5 + 0.04 * (state.kudos[side] - state.kudos[1 - side])
        first = first_army(state)
        if first is None and state.phase is Phase.CLOSING and self.level is not None \
                and self.level.lookahead is None:
            # Hard looks to the end of the closing: its coin game is solved.
            first = closing_winner(state)
        if first is not None:
            score += 0.3 if first == side else -0.3
        elif state.phase is Phase.SCOUTING:
            # Own army nearer the middle of the map than theirs.
            score += 0.05 * (self._army_depth(state, side) - self._army_depth(state, 1 - side))
        return min(0.99, max(0.01, score))

    @staticmethod
    def _army_depth(state, side: int) -> int:
        for b in state.blocks:
            if b.side == side and b.kind is Kind.ARMY and b.pos is not None:
                return b.pos[1] if side == 0 else 4 - b.pos[1]
        return 0

    def shortlist(self, view, side: int, legal):
        """Orders no sensible general gives, dropped before the search.
        Every level, even a beginner (easy):

        - in the scouting, the army never walks into a square holding an
          enemy block whose kind is unknown: if that block is their army,
          theirs held the square first and they place the template;
        - in the scouting, a scout of a block already face up, which shows
          only ours (nothing is learnt, and the opponent learns what ours
          is), unless it is our hidden army scouting their known army: the
          armies meet there (docs/rulings.md, *Scouting a block already
          face up*).  Hard also keeps our army's scout of a shown block
          while their army is known elsewhere, which ends the scouting:
          :meth:`reveal_timing` keeps it only where the closing is won;
        - in the scouting, while their army is unknown, the scout goes in:
          when it can move into a square holding unrevealed enemy blocks it
          does (the likeliest square for their army), and once in, it
          scouts the likeliest of them (:meth:`scout_first`); it never
          walks in on blocks already face up (nothing to learn) nor away
          from every unrevealed block on the map;
        - in the closing, only the orders that win the coin game outright
          (:func:`closing_win`), when there are any: a won closing is
          never thrown away;
        - in the scouting but its last two turns, what a beginner knows
          of moving in hidden (``optio_screen.screened``): the unseen army
          never leads its screen, a face-up army does not walk on into
          their half, the scout heads for the unseen block nearest our
          army, a dummy never walks in on blocks all face up, neither the
          army nor a dummy closes on their scout once it is face up (it can
          only reveal), and the unseen army does not step beside it;
        - (normal and hard, every turn of the scouting; easy keeps a
          beginner's idle moves) a dummy already face up decoys nobody and
          screens nothing: it stays, unless only the army could otherwise
          make the turn's one move (``optio_screen.idle_shown_dummies``);
        - placing the template, the shift with the most woods and hill in
          our half against theirs, then the fewest squares of rock, water
          and map edge, then the least shifted
          (``optio_screen.best_ground``): the search weighs no ground.

        Hard also drops:

        - the reveals that end the scouting lost, with the step or the
          reveal that wins it in their place (:meth:`reveal_timing`; with
          their army known, hard's army may walk in on unseen blocks);
        - in the last turn of the scouting, when nothing that turn can
          reveal an army: the army's best step or stay (:meth:`last_turn`);
          in the turn before it, moving last, an army still off the map
          comes on (:meth:`come_on_before_last_turn`)."""
        if len(legal) < 2:
            return list(legal)
        hard = self.level is not None and self.level.lookahead is None
        beginner = self.level is not None and self.level.name == "easy"
        if view.phase is Phase.SCOUTING:
            theirs_known = any(b.side != side and b.kind is Kind.ARMY and b.revealed for b in view.blocks)
            # Hard knows an unseen block cannot be their army once theirs is face up.
            hidden = set() if hard and theirs_known else {
                b.pos for b in view.blocks if b.side != side and not b.gone and not b.revealed and b.pos is not None}
            army = next((b.id for b in view.blocks if b.side == side and b.kind is Kind.ARMY), None)
            kept = [o for o in legal if not (isinstance(o, Move) and o.unit == army and o.to in hidden)
                    and not self._shows_ours_for_nothing(view, side, o, army, hard)
                    and not self._scout_for_nothing(view, side, o, theirs_known)]
            kept = kept or list(legal)
            if hard and army is not None:
                forced, kept = self.reveal_timing(view, side, army, kept)
                if forced:
                    return forced
            first = self.scout_first(view, side, kept)
            if first:
                return first
            kept = optio_screen.screened(view, side, kept, self.army_odds(view, side))
            if hard and view.turn == 2 * view.turn_limit - 2:
                kept = self.come_on_before_last_turn(view, army, kept) or kept
            if hard and view.turn == 2 * view.turn_limit:
                kept = self.last_turn(view, side, army, kept) or kept
            if not beginner:
                kept = optio_screen.idle_shown_dummies(view, side, kept)
            return kept
        if view.phase is Phase.CLOSING:
            winning = [o for o in legal if self._closing_wins(view, side, o)]
            return winning or list(legal)
        if view.phase is Phase.TEMPLATE:  # the search weighs no ground: the ground that suits us
            return optio_screen.best_ground(view, legal, optio_reasons.template_blocked) or list(legal)
        return list(legal)

    def reveal_timing(self, view, side: int, army: str, legal) -> tuple[list, list]:
        """The orders hard must give (empty: no say) and ``legal`` less the
        reveals that lose.  A reveal of the second army ends the scouting
        on the revealer's turn: the other side moves first in the closing
        and, the coins level, wins it exactly at an even distance.  A scout
        whose reveal wins is taken; one whose reveal loses is not, and our
        army, if it has not moved, steps first (a step changes the distance
        by one).  Their army known and ours not: our army goes in on their
        blocks where showing itself wins, else (before the last turn) keeps
        out of their scout's reach at a distance that wins it for them."""
        me = view.block(army)
        if me is None:
            return [], legal
        theirs = next((b for b in view.blocks if b.side != side and b.kind is Kind.ARMY and b.revealed), None)
        endings: dict = {o: self._ending(view, side, me, theirs, o) for o in legal if isinstance(o, Scout)}
        endings = {o: e for o, e in endings.items() if e is not None and e[0] != me.pos}  # met: the search weighs it
        won = [o for o, e in endings.items() if self.reveal_wins(view, side, me.pos, me.arrived, *e)]
        lost = [o for o in endings if o not in won]
        steps = [o for o in legal if isinstance(o, Move) and o.unit == army and army not in view.moved]
        if won:
            return won, legal
        if lost:
            fixes = [o for o in steps
                     if all(self.reveal_wins(view, side, o.to, view.clock + 1, *endings[s]) for s in lost)]
            return fixes, [o for o in legal if o not in lost] or legal
        if theirs is None or me.revealed or theirs.pos is None or me.pos is None:
            return [], legal
        held = {b.pos for b in view.blocks if b.side != side and not b.gone and b.pos is not None}
        entries = [o for o in steps if o.to in held and o.to != theirs.pos
                   and self.reveal_wins(view, side, o.to, view.clock + 1, theirs.pos, theirs.arrived)]
        if entries or not steps or view.turn == 2 * view.turn_limit:
            return entries, legal
        # Their reveal of ours, next turn, leaves us to move first in the closing.
        safe = {o.to for o in steps if self._safe_from_reveal(view, side, o.to, theirs)}
        if self._safe_from_reveal(view, side, me.pos, theirs):
            return [], [o for o in legal if not (isinstance(o, Move) and o.unit == army) or o.to in safe]
        return [o for o in steps if o.to in safe], legal

    @staticmethod
    def _safe_from_reveal(view, side: int, place, theirs) -> bool:
        """Whether our hidden army at ``place`` is safe from a reveal on
        their next turn: none of their blocks that may scout (not their
        army, not a dummy face up) stands a step away, or if one does, the
        closing its reveal starts (we to move first) is ours."""
        if place == theirs.pos:
            return False
        if closing_win(manhattan(place, theirs.pos), view.kudos[side], view.kudos[1 - side]):
            return True
        return not any(manhattan(b.pos, place) == 1 for b in view.blocks
                       if b.side != side and not b.gone and b.pos is not None and b.kind is not Kind.ARMY
                       and not (b.revealed and b.kind is Kind.DUMMY))

    @staticmethod
    def _ending(view, side: int, me, theirs, order) -> tuple[tuple[int, int], int] | None:
        """Their army's square and arrival if ``order`` (a scout) may reveal
        the second army (our army scouting shows itself); else None."""
        target = view.block(order.target)
        if target is None or target.pos is None or not (me.revealed or order.unit == me.id):
            return None
        if theirs is not None:
            return (theirs.pos, theirs.arrived) if order.unit == me.id and not me.revealed else None
        if target.revealed:
            return None  # a block already shown is not their army (theirs is unknown)
        return (target.pos, target.arrived)

    @staticmethod
    def reveal_wins(view, side: int, mine, mine_at: int, theirs, theirs_at: int) -> bool:
        """Whether a reveal on our turn, our army at ``mine`` and theirs at
        ``theirs``, wins: in one square the first there places the
        template; else they move first in the closing."""
        if mine is None or theirs is None:
            return False
        if mine == theirs:
            return mine_at < theirs_at
        return not closing_win(manhattan(mine, theirs), view.kudos[1 - side], view.kudos[side])

    def army_odds(self, view, side: int) -> dict[str, float]:
        """How likely each of the opponent's unrevealed blocks is to be
        their army, as weights (empty once their army is known): alike, or,
        for a level that reads the opponent, a tenth for a block that walked
        in on ours without scouting (the sampler's weights, so the share of
        samples that deal a block the army)."""
        if any(b.side != side and b.kind is Kind.ARMY and b.revealed for b in view.blocks):
            return {}
        reading = getattr(self.level, "reads", False)
        dummies = self.walked_in_unscouted(view, side) if reading else frozenset()
        return {b.id: DUMMY_ODDS if b.id in dummies else 1.0
                for b in view.blocks if b.side != side and not b.gone and not b.revealed}

    def scout_first(self, view, side: int, legal) -> list:
        """The scout's errand (seed 003, RULES: an army or scout that moves
        into a square the opponent holds may scout one block there), while
        their army is unknown: the scout that came in scouts the unrevealed
        block likeliest to be their army; otherwise, if the scout can move
        into a square holding unrevealed enemy blocks, it goes into the
        likeliest one.  Empty when neither is on offer."""
        odds = self.army_odds(view, side)
        scout = next((b for b in view.blocks if b.side == side and b.kind is Kind.SCOUT and not b.gone), None)
        if not odds or scout is None:
            return []
        scouts = [o for o in legal if isinstance(o, Scout) and o.unit == scout.id and o.target in odds]
        if scouts:
            return _likeliest(scouts, lambda o: odds[o.target])
        by_square: dict = {}
        for b in view.blocks:
            if b.id in odds and b.pos is not None:
                by_square[b.pos] = by_square.get(b.pos, 0.0) + odds[b.id]
        entries = [o for o in legal if isinstance(o, Move) and o.unit == scout.id and o.to in by_square]
        return _likeliest(entries, lambda o: by_square[o.to])

    @staticmethod
    def _shows_ours_for_nothing(view, side: int, order, army: str | None, hard: bool) -> bool:
        """A scout of an enemy block already face up: it shows only the
        block that scouts (a tester saw easy's army turn face up to look at
        their scout, known already).  Kept: our army scouting their army
        (the armies meet), and for hard our army scouting another shown
        block while their army is known (the scouting ends; the search
        cannot price what showing a block tells the opponent, but
        ``reveal_timing`` knows whether that closing is won)."""
        if not isinstance(order, Scout):
            return False
        target = view.block(order.target)
        if target is None or not target.revealed:
            return False
        if order.unit != army:
            return True
        if target.kind is Kind.ARMY:
            return False
        theirs_known = any(b.side != side and b.kind is Kind.ARMY and b.revealed for b in view.blocks)
        return not (hard and theirs_known)

    @staticmethod
    def _scout_for_nothing(view, side: int, order, theirs_known: bool) -> bool:
        """A move of our scout that can learn nothing: into a square whose
        enemy blocks are all face up already, or, while their army is
        unknown, one that brings it no nearer any unrevealed enemy block on
        the map (chasing a block already shown)."""
        if not isinstance(order, Move):
            return False
        me = view.block(order.unit)
        if me is None or me.kind is not Kind.SCOUT or me.side != side or me.pos is None:
            return False
        foes = [b for b in view.blocks if b.side != side and not b.gone and b.pos is not None]
        there = [b for b in foes if b.pos == order.to]
        if there:
            return all(b.revealed for b in there)
        unknown = [b.pos for b in foes if not b.revealed]
        if theirs_known or not unknown or me.pos in unknown:  # to scout a block that came in on it, it steps out
            return False
        return not any(manhattan(order.to, p) < manhattan(me.pos, p) for p in unknown)

    @staticmethod
    def come_on_before_last_turn(view, army: str | None, legal) -> list:
        """The turn before the scouting's last, for the side that moves
        last (turn ``2 * turn_limit - 2`` is its): its army, still off the
        map, comes on now (only its entries are left; empty: no say).  On
        the last turn an army off the map can only come onto its home row or
        stay off, and if theirs stays off too the limit brings it on in our
        column: 4 squares apart either way, an even distance, which the
        side moving first in the closing wins.  From the map, a stay or a
        step gives either parity against any square of theirs.  (With a
        short limit, 2 turns each, a tester saw hard keep its army off on
        its first turn and have no say on its last.)"""
        me = view.block(army) if army is not None else None
        if me is None or me.pos is not None or army in view.moved:
            return []
        return [o for o in legal if isinstance(o, Move) and o.unit == army]

    LAST_TURN_SAMPLES = 120

    def last_turn(self, view, side: int, army: str | None, legal) -> list:
        """The scouting's last turn, for the side that moves last: when it
        ends, both armies show themselves and the closing starts, its coin
        game already decided by where the two armies stand.  Where their
        army may be is sampled as the search samples it; each place this
        army could end the turn in (where it is, or a step) is scored by the
        share of samples in which the closing is won, and only the orders
        that keep to the best place are left (moving another block, or
        ending the turn, where staying is best).  Empty (no say) when an
        order this turn could reveal an army by scouting, or this army has
        moved already, or nothing tells the places apart."""
        theirs_known = any(b.side != side and b.kind is Kind.ARMY and b.revealed for b in view.blocks)
        if army is None or army in view.moved or any(  # a scout that may show an army (not ours shows only itself)
                isinstance(o, Scout) and (o.unit == army or not theirs_known) for o in legal):
            return []
        rng = random.Random(fold_seed(view.turn, view.clock, side, len(legal)))
        samples = [self.sample_hidden(view, side, rng) for _ in range(self.LAST_TURN_SAMPLES)]
        self.spend("sample", len(samples))
        here = view.block(army).pos
        steps = {o.to for o in legal if isinstance(o, Move) and o.unit == army}
        stays = any(not (isinstance(o, Move) and o.unit == army) for o in legal)  # another order keeps it here
        places = steps | {here} if stays else steps
        wins = {place: sum(self._limit_won(s, side, army, place) for s in samples) for place in places}
        best = max(wins.values())
        if min(wins.values()) == best:
            return []
        keep = {place for place, n in wins.items() if n == best}
        return [o for o in legal
                if (isinstance(o, Move) and o.unit == army and o.to in keep)
                or (here in keep and not (isinstance(o, Move) and o.unit == army))]

    def _limit_won(self, sample, side: int, army: str, place) -> bool:
        """Whether ``side`` wins when its army ends the last turn at
        ``place`` (its own square, or a step), in a sampled position.  The
        limit brings an army still off the map on at its home edge, in the
        column of the other army (``_turn_limit``: Green's first); armies
        in one square have met, the first there placing the template;
        otherwise the side that moved first in the scouting moves first in
        the closing, whose coin game is then decided."""
        self.spend("apply")
        me, them = sample.block(army), sample.army(1 - side)
        stays = place == me.pos
        mine, mine_at = place, (me.arrived if stays else sample.clock + 1)  # a step now comes after all so far
        theirs, theirs_at = them.pos, them.arrived
        late = 10 ** 9  # coming on at the limit: after every move of the scouting, Green first
        if place is None:
            mine, mine_at = (them.pos[0] if them.pos is not None else LARGE // 2, HOME_ROW[side]), late + side
        if them.pos is None:
            theirs, theirs_at = (place[0] if place is not None else LARGE // 2, HOME_ROW[1 - side]), late + 1 - side
        if mine == theirs:
            return mine_at < theirs_at
        mover = 1 - side
        won = closing_win(manhattan(mine, theirs), sample.kudos[mover], sample.kudos[1 - mover])
        return won if mover == side else not won

    @staticmethod
    def _closing_wins(view, side: int, order) -> bool:
        """Whether ``order`` leaves the opponent to move in a lost coin game."""
        mine, theirs = view.kudos[side], view.kudos[1 - side]
        here, enemy = view.army(side).pos, view.army(1 - side).pos
        if isinstance(order, Hold):
            return not closing_win(manhattan(here, enemy), theirs, mine - 1)
        if isinstance(order, Move):
            after = manhattan(order.to, enemy)
            if after == 0:
                return False  # marching in: theirs held the square first
            paid = 0 if after < manhattan(here, enemy) else 1
            return not closing_win(after, theirs, mine - paid)
        return False

    def prior(self, state, order, where) -> float:
        if order.verb == "scout":
            target = state.block(order.target)
            return 0.5 if target is not None and target.revealed else 3.0  # shown: it only shows ours
        if order.verb == "move":
            return 1.5
        return 1.0

    def explain(self, view, side: int, order) -> str:
        """What ``order`` does and why, in words (``optio_reasons.explain``)."""
        return optio_reasons.explain(self, view, side, order)
