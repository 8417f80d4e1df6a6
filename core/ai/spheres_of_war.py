"""Spheres of War: combatants left standing, and the Match being played
valued by ``sow_match``'s solver (to the level's lookahead).  Play-outs
stop when a Match is reached: its value is worked out, not rolled for."""

from __future__ import annotations

from fractions import Fraction

from core.ai.knowledge import Knowledge
from core.ai.sow_deploy import NextTurn, deploy_cells, placement_note, reaches
from core.ai.sow_match import LAST, MatchSolver
from core.board import Cell, adjacent, distance
from core.deployment import Deploy
from core.rulesets.spheres_of_war.actions import DEFEAT_FACES, opponent_of, touching
from core.rulesets.spheres_of_war.actions import actor as acting_in
from core.rulesets.spheres_of_war.orders import ChooseMatch, Fight, Move, Wait
from core.rulesets.spheres_of_war.state import ACTIONS_EACH, Combatant, Phase
from core.rulesets.spheres_of_war.turns import closest_pairs, start_match

FAILS = Fraction(len(DEFEAT_FACES), 6)  # a defence roll fails on 5-6 (rules 33-34)


def exchange(first_roll: int, last: int = 2 * ACTIONS_EACH) -> tuple[Fraction, Fraction]:
    """After a strike, the pair take turns to defend (each roll uses the
    roller's Action, the strike back is free) until a roll fails or the
    Match's Actions run out.  With the first defence roll at Action step
    ``first_roll`` (0-based, ``last`` steps in all): the chance the first
    roller is removed, and the chance the other one is."""
    fall = [Fraction(0), Fraction(0)]
    standing = Fraction(1)
    for n in range(max(0, last - first_roll)):
        fall[n % 2] += standing * FAILS
        standing *= 1 - FAILS
    return fall[0], fall[1]


def _locked_again() -> tuple[Fraction, Fraction]:
    """A pair still in contact when a Match ends meet again next turn in
    contact (v0.2 keeps them Matched; under v0.1f they are the closest pair
    and are Matched first), and the Instigator strikes first where it
    stands: the Retaliator rolls first.  Until one falls, turn after turn:
    (Retaliator falls, Instigator falls)."""
    retaliator, instigator = exchange(1)
    still = 1 - retaliator - instigator
    return retaliator / (1 - still), instigator / (1 - still)


RETALIATOR_LATER, INSTIGATOR_LATER = _locked_again()


def carried(first_roll: int) -> tuple[Fraction, Fraction]:
    """``exchange`` when the game goes on after this turn: both still
    standing at the Match's end stay in contact, and the fight goes on next
    turn with the Instigator striking first.  A defence roll at an even
    step is the Instigator's, so the first roller is the Instigator when
    ``first_roll`` is even."""
    first, other = exchange(first_roll)
    still = 1 - first - other
    if first_roll % 2 == 0:
        return first + still * INSTIGATOR_LATER, other + still * RETALIATOR_LATER
    return first + still * RETALIATOR_LATER, other + still * INSTIGATOR_LATER


# The solver asks for the odds at every strike it considers: worked out
# once, as floats (what the solver computes in), for every first roll.
_EXCHANGE_ODDS = tuple((float(a), float(b)) for a, b in map(exchange, range(2 * ACTIONS_EACH + 1)))
_CARRIED_ODDS = tuple((float(a), float(b)) for a, b in map(carried, range(2 * ACTIONS_EACH + 1)))


def exchange_odds(first_roll: int) -> tuple[float, float]:
    """``exchange`` (to the Match's end), looked up."""
    return _EXCHANGE_ODDS[first_roll]


def carried_odds(first_roll: int) -> tuple[float, float]:
    """``carried`` (the fight goes on next turn), looked up."""
    return _CARRIED_ODDS[first_roll]


def _destination(order) -> Cell | None:
    """Where a Move ends; None for a Wait (the solver's way of saying so)."""
    return order.to if isinstance(order, Move) else None


def _placed(view, side: int, moving: str | None = None) -> tuple[dict[str, Cell], dict[str, Cell], bool]:
    """While deploying: where ``side``'s figures and the enemy's stand (less
    the figure ``moving``), and whether the enemy has figures still to place."""
    mine = {u.id: u.pos for u in view.units if u.side == side and u.pos is not None and u.id != moving}
    theirs = {u.id: u.pos for u in view.units if u.side != side and u.pos is not None}
    return mine, theirs, any(u.pos is None and not u.removed for u in view.units if u.side != side)


def fight_chances(state, first_roll: int) -> tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction] | None]:
    """For the reasons' words, the chances the rules give after a strike,
    each as (the first roller falls, the other falls), the first defence
    roll at Action step ``first_roll``: before this Match's Actions run out
    (rule 35), and, unless this is the last turn, before the game's turn
    limit, the pair (still touching) Matched again each later turn with the
    Instigator striking first where it stands (``_locked_again``).  The
    search values Matches with ``odds_for`` (the fight carried on without
    end); this only says in words what the dice give, turn limit counted."""
    within = exchange(first_roll)
    later = state.options.turn_limit - state.turn
    if later <= 0:
        return within, None
    retaliator, instigator = exchange(1)  # one later turn's Match
    still_each = 1 - retaliator - instigator
    span = (1 - still_each ** later) / (1 - still_each)  # summed over the later turns
    still = 1 - within[0] - within[1]
    first, other = (instigator, retaliator) if first_roll % 2 == 0 else (retaliator, instigator)
    return within, (within[0] + still * first * span, within[1] + still * other * span)


def odds_for(state):
    """The exchange odds for a Match in ``state``: the fight is carried
    over unless this is the last turn."""
    return exchange_odds if state.turn >= state.options.turn_limit else carried_odds


class SpheresKnowledge(Knowledge):
    rollout_depth = 30
    APPLY_COST, LIST_COST, SAMPLE_COST = 0.5, (0.4, 0.005), 0.3  # measured, see Knowledge

    SOLVE_COST = 0.05  # a Match position worked out (about a listing of its Moves)

    def __init__(self, ruleset) -> None:
        super().__init__(ruleset)
        self._solvers: dict[tuple, MatchSolver] = {}
        self._battlefield = None

    def strength(self, state, side: int) -> float:
        return float(sum(1 for u in state.units if u.side == side and not u.removed
                         and (u.pos is not None or state.phase.name == "DEPLOY")))

    def evaluate(self, state, side: int) -> float:
        """The standing count, with the Match in progress counted at its
        expected result: a struck combatant's exchange at its odds, an
        exchange still to come as the solver sees it."""
        out = self.rules.outcome(state)
        if out is not None:
            return 0.5 if out.winner is None else (1.0 if out.winner == side else 0.0)
        mine, theirs = self.strength(state, side), self.strength(state, 1 - side)
        lead = mine - theirs + self.match_value(state, side, mine - theirs)
        score = 0.5 + 0.4 * lead / max(1.0, mine + theirs)
        return min(0.99, max(0.01, score))

    def caution(self, lead: float, state=None, even: bool = False) -> float:
        """How much more an own loss weighs than an enemy's, by the lead in
        figures: ahead, only clearly good exchanges; behind, gamble; level,
        1.5x, or alike for a level that plans to the end (hard) and for a
        Match valued ``even`` (normal's Retaliator).  Near the turn limit a
        side behind takes any chance (``_behind_at_the_end``: normal in the
        last two turns, hard in the last eight; Waiting loses the game at
        the limit), and hard, level in the last two, takes any exchange in
        its favour (a draw is only half a win)."""
        if lead > 0:
            return self.CAUTION_AHEAD
        if state is not None and self._behind_at_the_end(state, lead):
            return self.CAUTION_LAST_BEHIND
        if state is not None and self._near_the_limit(state):
            return 1.0
        if lead == 0:
            return 1.0 if self._plans() or even else self.CAUTION_EVEN
        return self.CAUTION_BEHIND

    CAUTION_LAST_BEHIND = 0.25

    def _plans(self) -> bool:
        """A level that plans to the end of the Match and past it (hard)."""
        return getattr(self.level, "lookahead", 0) is None

    def _retaliator_plans(self, state, side: int) -> bool:
        """Normal plays the Retaliator's Matches as hard does: to the end of
        the Match, level losses weighed alike.  Three Actions ahead, it
        backed away from an Instigator that stepped within its reach (a
        first strike turned down at 1.5x), ran into the board's edge and
        was left a late strike that carries over to the Instigator's first
        strike next turn.  Easy (no lookahead) keeps its own play."""
        return side != state.instigator and getattr(self.level, "lookahead", None) not in (0, None)

    def lookahead(self, state, side: int) -> int | None:
        """How many Actions ahead ``side``'s Match is valued (None: to its end)."""
        return None if self._retaliator_plans(state, side) else getattr(self.level, "lookahead", None)

    def _near_the_limit(self, state) -> bool:
        return self._plans() and state.turn >= state.options.turn_limit - 1

    def _behind_at_the_end(self, state, lead: float) -> bool:
        """Behind in figures near the turn limit, at a level that looks
        ahead: the limit gives the game to the side with more standing (a
        ruling, docs/rulings.md), so a Wait is a sure loss and any fight is
        a chance.  Normal, weighing its losses 0.8x, waited out lost games
        to the limit; it now fights in the last ``NORMAL_BEHIND_TURNS``.
        Hard starts ``HARD_BEHIND_TURNS`` out: a side ahead keeps out of
        reach, so two turns leave few fights to draw level with, and hard,
        level again, stops (docs/ai.md)."""
        window = self.HARD_BEHIND_TURNS if self._plans() else self.NORMAL_BEHIND_TURNS
        return (lead < 0 and getattr(self.level, "lookahead", 0) != 0
                and state.turn > state.options.turn_limit - window)

    NORMAL_BEHIND_TURNS, HARD_BEHIND_TURNS = 2, 8  # hard's measured against normal: docs/ai.md

    CAUTION_AHEAD, CAUTION_EVEN, CAUTION_BEHIND = 3.0, 1.5, 0.8  # measured against random and easy: docs/ai.md

    def match_value(self, state, side: int, lead: float = 0.0) -> float:
        """Expected worth to ``side`` of the Match being played (enemy falls
        less own falls, weighted by ``caution``)."""
        m = state.match
        if state.phase is not Phase.MATCH or m is None:
            return 0.0
        actor = acting_in(state)
        if actor is None:
            return 0.0
        me, them = state.unit(actor), state.unit(opponent_of(m, actor))
        if me is None or them is None or me.pos is None or them.pos is None:
            return 0.0
        mine = m.step % 2 if me.side == side else 1 - m.step % 2
        odds = odds_for(state)
        even = self._retaliator_plans(state, side)
        solver = self._solver(state, actor, them.id, mine, self.caution(lead, state, even),
                              self.caution(-lead, state, even), odds)
        if m.struck is not None:  # the struck one (the actor) rolls first, at this step
            struck_falls, other_falls = odds(m.step)
            return solver.worth(*solver.falls(m.step, struck_falls, other_falls))
        before = solver.expanded
        value = solver.value(me.pos, them.pos, m.step, self.lookahead(state, side))
        self.spent += self.SOLVE_COST * (solver.expanded - before)
        return value

    def shortlist(self, view, side: int, legal):
        """In a Match before any strike, the Actions the solver values best
        (to the level's lookahead): the search then only breaks ties, by
        where the figures stand for the Matches after."""
        lookahead = getattr(self.level, "lookahead", None)
        if view.phase is Phase.DEPLOY:
            return self._deployments(view, side, legal) if lookahead != 0 else list(legal)
        legal = self.safe(view, side, legal)
        lookahead = self.lookahead(view, side)
        m = view.match
        if (lookahead == 0 or view.phase is not Phase.MATCH or m is None or m.struck is not None
                or len(legal) < 2):
            return list(legal)  # easy (no lookahead) searches them all, noise and all
        actor = acting_in(view)
        if actor is None:
            return list(legal)
        me, them = view.unit(actor), view.unit(opponent_of(m, actor))
        if me is None or them is None or me.side != side or me.pos is None or them.pos is None:
            return list(legal)
        lead = self.strength(view, side) - self.strength(view, 1 - side)
        even = self._retaliator_plans(view, side)
        solver = self._solver(view, actor, them.id, m.step % 2, self.caution(lead, view, even),
                              self.caution(-lead, view, even), odds_for(view))
        before = solver.expanded
        scored = [(solver.order_value(me.pos, them.pos, _destination(o), m.step, lookahead), o)
                  for o in legal if isinstance(o, (Move, Wait))]
        self.spent += self.SOLVE_COST * (solver.expanded - before)  # part of the search's allowance
        if len(scored) < len(legal):
            return list(legal)
        best = max(v for v, _ in scored)
        tied = [o for v, o in scored if v >= best - 1e-9]
        if len(tied) < 2:
            return tied
        # Alike against the best replies: keep those that leave the
        # opponent the most ways to go wrong (a step that is safe, but
        # tempts a figure into this one's reach, beats a Wait).
        lures = [(solver.reply_mean(me.pos, them.pos, _destination(o), m.step, lookahead), o) for o in tied]
        top = max(v for v, _ in lures)
        return [o for v, o in lures if v >= top - 1e-9]

    def safe(self, view, side: int, legal):
        """Tactics before search, at every level: a Move off the battlefield
        (rule 27: the figure is out of the game) is never searched unless it
        is the only order.  Easy and normal also never step within the
        opponent's reach (``in_reach``) when Waiting where they stand is
        safe: whoever steps within reach is struck first.  A Move into
        contact is a strike, and kept.  Hard's solver plans those steps
        itself (its Instigator closes in on purpose at a Match's end), and
        so does normal's behind in the last two turns, where Waiting is not
        safe but a sure loss at the turn limit."""
        bf = view.battlefield
        kept = [o for o in legal if not (isinstance(o, Move) and not bf.in_bounds(o.to))]
        if not kept:
            return list(legal)
        m = view.match
        if self._plans() or view.phase is not Phase.MATCH or m is None or m.struck is not None:
            return kept
        if self._behind_at_the_end(view, self.strength(view, side) - self.strength(view, 1 - side)):
            return kept
        actor = acting_in(view)
        if actor is None:
            return kept
        me, them = view.unit(actor), view.unit(opponent_of(m, actor))
        if me is None or them is None or me.side != side or me.pos is None or them.pos is None:
            return kept
        if not any(isinstance(o, Wait) for o in kept) or self.in_reach(view, me, them, me.pos):
            return kept
        return [o for o in kept if not isinstance(o, Move) or adjacent(o.to, them.pos)
                or not self.in_reach(view, me, them, o.to)]

    @staticmethod
    def in_reach(view, me, them, cell) -> bool:
        """Whether ``them`` could strike ``me`` first with ``me`` at
        ``cell``: with the Match's next Action (its own), or, when this is
        the Match's last Action and more turns follow, as the Instigator
        striking first next turn where the pair stand."""
        m = view.match
        if m.step + 1 >= LAST and (view.turn >= view.options.turn_limit or them.side != view.instigator):
            return False
        others = [u.pos for u in view.units if u.pos is not None and not u.removed and u.id not in (me.id, them.id)]
        return reaches(view.battlefield, them.pos, cell, others)

    def _deployments(self, view, side: int, legal):
        """A level that looks ahead (normal, hard) deploys each figure where
        the first turn favours it most (``sow_deploy``), the first such
        cell in the zone's order: play-outs of random deployments cannot
        tell equally good cells apart, so none are searched.  Easy deploys
        as its search finds, within reach or not."""
        deploys = [o for o in legal if isinstance(o, Deploy)]
        if not deploys:
            return list(legal)  # Ready
        unit = deploys[0].unit
        cells = {o.at: o for o in deploys if o.unit == unit}
        mine, theirs, to_come = _placed(view, side)
        self.spent += self.DEPLOY_COST * len(cells)
        best = deploy_cells(view.battlefield, side, view.instigator, list(mine.values()), list(theirs.values()),
                            to_come, list(cells))
        return [cells[best[0]]] if best else list(legal)

    DEPLOY_COST = 2.0  # a cell judged by its first turn (about a few listings of Moves)

    def _solver(self, state, a: str, b: str, mine: int, caution: float, their_caution: float,
                odds=exchange_odds) -> MatchSolver:
        bf = state.battlefield
        if bf is not self._battlefield:
            self._solvers, self._battlefield = {}, bf
        others = frozenset(u.pos for u in state.units
                           if u.pos is not None and not u.removed and u.id not in (a, b))
        plans = odds is carried_odds and getattr(self.level, "lookahead", None) != 0
        key = (others, mine, caution, their_caution, odds, (a, b, frozenset(state.inert)) if plans else None)
        solver = self._solvers.get(key)
        if solver is None:
            after = self._next_turn(state, a, b) if plans else None
            solver = self._solvers[key] = MatchSolver(bf, others, odds, mine, caution, their_caution, after)
        return solver

    @staticmethod
    def _next_turn(state, a: str, b: str):
        """For a level that looks ahead (normal, hard): where the pair end
        it is worth the strikes it leaves the Instigator next turn, the
        closest figures paired first (``NextTurn``).  Ending a Match
        within reach of an Instigator's figure costs a first strike; one
        against a figure still to play its Match this turn costs less (it
        can step out of reach, or in, in its own Match)."""
        bf, inst = state.battlefield, state.instigator
        rest = [u for u in state.units if u.on_board and u.id not in (a, b)]
        instigators = [u.pos for u in rest if u.side == inst]
        retaliators = [u.pos for u in rest if u.side != inst]
        settled = frozenset(u.pos for u in rest if u.id in state.inert)
        retaliator_falls, instigator_falls = carried_odds(1)  # struck first where it stands
        turn = NextTurn(bf, instigators, retaliators, settled)

        def after(i_cell, r_cell):
            n = turn.strikes(i_cell, r_cell)
            return n * instigator_falls, n * retaliator_falls
        return after

    def rollout_order(self, state, side: int, rng):
        """Play on only until a Match is being played: its value is the solver's."""
        if state.phase is Phase.MATCH:
            return None
        return super().rollout_order(state, side, rng)

    def explain(self, view, side: int, order) -> str:
        if isinstance(order, ChooseMatch):
            return self._choice(view, side, order)
        if isinstance(order, Deploy):
            mine, theirs, to_come = _placed(view, side, moving=order.unit)
            return placement_note(view.battlefield, side, view.instigator, order.at, mine, theirs, to_come)
        m = view.match
        if m is None or not isinstance(order, (Fight, Move, Wait)):
            return ""
        uid = order.unit
        other = opponent_of(m, uid)
        me, them = view.unit(uid), view.unit(other)
        if me is None or them is None or me.pos is None or them.pos is None:
            return ""
        if isinstance(order, Fight):
            if m.struck == uid:  # struck: the Fight is the forced defence roll
                now, in_the_end = fight_chances(view, m.step)
                if in_the_end is None:  # the last turn: the fight ends with this Match
                    return f"forced: {float(1 - FAILS):.0%} to hold; {float(now[1]):.0%} to win the exchange"
                return (f"forced: {float(1 - FAILS):.0%} to hold; wins {float(now[1]):.0%} this Match, "
                        f"{float(in_the_end[1]):.0%} in the end")
            return self._strike(view, other, m.step)
        if isinstance(order, Wait):
            return "waits" + self._reach(view, uid, me.pos, them, m.step)
        if not view.battlefield.in_bounds(order.to):
            return ""
        moved = Combatant(me.id, me.side, order.to, me.removed)
        if touching(moved, them):
            return self._strike(view, other, m.step, "moves in and ")
        before, after = distance(me.pos, them.pos), distance(order.to, them.pos)
        reach = self._reach(view, uid, order.to, them, m.step)
        if "within" in reach and self._behind_at_the_end(
                view, self.strength(view, me.side) - self.strength(view, them.side)):
            reach += " (behind as the turn limit nears: a fight is the only chance)"
        if after < before:
            return f"closes to {after:.1f} in of {other}{reach}"
        return f"backs off to {after:.1f} in from {other}{reach}"

    def _choice(self, view, side: int, order: ChooseMatch) -> str:
        """Rule 13: what the search saw in the pair it chose among the
        equally close ones: each pair valued as its play-outs end, the
        moment the Match starts (``evaluate``), and whether the Instigator's
        figure can strike first in it (rules 16, 29). Worked out with
        solvers of its own, so the search's cache and allowance stay as
        they were (the reason never changes what is chosen next)."""
        pairs = closest_pairs(view)
        bf = view.battlefield
        standing = {u.id: u.pos for u in view.units if u.on_board}

        def strikes_first(i: str, r: str) -> bool:
            return reaches(bf, standing[i], standing[r], [c for u, c in standing.items() if u not in (i, r)])

        chosen = (order.unit, order.opponent)
        saved = self._solvers, self._battlefield, self.spent
        self._solvers = {}
        try:
            worth = {(i, r): self.evaluate(start_match(view, i, r, [], "chosen"), side) for i, r in pairs}
            plan = self._first_action(start_match(view, *chosen, [], "chosen"), side)
        finally:
            self._solvers, self._battlefield, self.spent = saved
        mine = worth.get(chosen)
        others = [v for p, v in worth.items() if p != chosen]
        if mine is None or not others:
            valued = "the pair it was offered"
        elif all(abs(v - mine) < 1e-9 for v in others):
            valued = f"the {len(pairs)} equally close pairs are worth alike to it"
        elif all(v <= mine + 1e-9 for v in others):
            valued = f"the Match worth most to it of {len(pairs)} equally close pairs"
        else:
            valued = f"its search's pick of {len(pairs)} equally close pairs"
        first = [p for p in pairs if strikes_first(*p)]
        i, r = chosen
        if chosen in first:
            fact = f"{i} can reach {r} with its first Action and strike first"
            if len(first) == 1:
                fact += ", in no other pair"
            elif len(first) < len(pairs):
                fact += f", as in {len(first)} of the {len(pairs)} pairs"
            else:
                fact += ", as in every pair"
            fact += plan
        else:
            fact = f"{r} is out of {i}'s reach"
            if first:
                fact += f", though {len(first)} of the {len(pairs)} pairs {'is' if len(first) == 1 else 'are'} within reach"
            else:
                fact += ", as in every pair"
        return f"{valued}: {fact}"

    def _first_action(self, start, side: int) -> str:
        """What the reason adds to "can strike first" from the orders this
        level keeps for its figure's first Action in the Match ``start``
        (``shortlist``, as the search will have them): nothing when it keeps
        only the strike, else that it will not strike first, and why, or
        that its search decides (a tester read "strike first" as a promise
        that hard, ahead, then never kept)."""
        m = start.match
        actor = acting_in(start) if m is not None else None
        them = start.unit(opponent_of(m, actor)) if actor is not None else None
        if them is None or them.pos is None:
            return ""
        kept = self.shortlist(start, side, list(self.rules.legal_orders(start, side)))
        strikes = [o for o in kept if isinstance(o, Fight) or (isinstance(o, Move) and adjacent(o.to, them.pos))]
        if strikes and len(strikes) == len(kept):
            return ""
        if strikes:
            return "; its search decides whether it does"
        lead = self.strength(start, side) - self.strength(start, 1 - side)
        caution = self.caution(lead, start)
        if caution > 1:
            standing = "ahead" if lead > 0 else "level"
            return (f"; it will not: {standing}, it counts a loss of its own {caution:g} times an enemy's, "
                    "and at that the first strike does not pay")
        return "; it will not: the strike is worth less to it than keeping its distance"

    @staticmethod
    def _reach(view, mover: str, cell, them, step: int) -> str:
        """Whether the opponent's next Action could bring it into contact
        with a figure at ``cell`` (and so strike first)."""
        if step + 1 >= 2 * ACTIONS_EACH:
            if SpheresKnowledge.in_reach(view, view.unit(mover), them, cell):
                return f": the Match ends within {them.id}'s reach"
            return ": the Match ends"
        others = frozenset(u.pos for u in view.units if u.pos is not None and not u.removed
                           and u.id not in (mover, them.id))
        near = MatchSolver(view.battlefield, others, exchange, 0).moves(them.pos, cell)
        if any(view.battlefield.in_bounds(c) and adjacent(c, cell) for c in near):
            return f", within {them.id}'s reach"
        return f", out of {them.id}'s reach"

    @staticmethod
    def _strike(view, other: str, step: int, how: str = "") -> str:
        """A strike made at Action step ``step``: the defence rolls start at
        the next.  The chance to win is said for this Match and, unless this
        is the last turn, "in the end": with the fight going on in the turns
        left while both stand (``fight_chances``)."""
        now, in_the_end = fight_chances(view, step + 1)
        if in_the_end is None:  # the last turn: the exchange is the whole fight
            if step + 1 >= 2 * ACTIONS_EACH:
                return f"{how}strikes {other} with the last Action: unanswered"
            return f"{how}strikes {other}: {float(now[0]):.0%} to win the exchange"
        if step + 1 >= 2 * ACTIONS_EACH:  # nobody rolls in this Match
            return f"{how}strikes {other}, unanswered: {float(in_the_end[0]):.0%} to win later"
        return f"{how}strikes {other}: wins {float(now[0]):.0%} this Match, {float(in_the_end[0]):.0%} in the end"
