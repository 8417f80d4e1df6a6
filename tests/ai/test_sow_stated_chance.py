"""The chance a Spheres of War reason states for a strike, checked against
the dice themselves: every face of every defence roll played through the
engine (rules 29-37: 5-6 fails and removes the roller, 1-4 holds and strikes
back, each roll one of the roller's Actions).  A tester met it here: i1
waited while r1 closed in, and r1 steps into contact with its third Action
(Action step 5), each of them with two Actions left.

Played out, r1 wins this Match 13/27 of the time (48%): i1 falls on its
first or second roll.  Both still stand when the Match's Actions run out
with (2/3)^4; then the pair, still touching, are Matched again next turn,
i1 (the Instigator) strikes first where it stands and the fight goes on,
turn after turn, until one falls or the turn limit ends the game
(docs/rulings.md, "Running out of Actions", "A Match that starts in
contact").  Counted to the turn limit, r1 wins 56%.  The reason once said
"56% to win the exchange", the exchange being this Match's (rule 35); it
now states both figures, each as what it is, and so does i1's forced
defence."""

from __future__ import annotations

from fractions import Fraction

import attrs

from core.ai import knowledge_for
from core.dice import Dice
from core.events import Rolled
from core.rulesets.spheres_of_war import RULESET
from core.rulesets.spheres_of_war.orders import Move, Wait
from core.rulesets.spheres_of_war.state import Phase
from tests.rulesets.spheres_of_war.helpers import play, position


def _at_step_five():
    """r1 about to act with Action step 5, one Move from contact with i1."""
    state, _ = position({"i1": (5, 3), "r1": (5, 6)})
    state, _ = play(state, Wait(0, "i1"), Wait(1, "r1"), Wait(0, "i1"), Wait(1, "r1"), Wait(0, "i1"))
    assert state.match.step == 5 and state.turn == 1
    return state


def _key(state) -> tuple:
    return (state.phase, state.turn, state.match, state.units, state.inert, state.paired, state.locked)


def _forced(state):
    """The one order the rules leave (a struck combatant must defend; a pair
    in contact may only Fight: rules 28-30), and whose it is."""
    orders = [(side, o) for side in (0, 1) for o in RULESET.legal_orders(state, side)]
    assert len(orders) == 1, orders
    return orders[0][1]


def _play_out(state, loser: str, match_only: bool) -> Fraction:
    """The chance that ``loser`` is removed before its opponent, every face of every roll
    tried through the engine (equal positions merged, their chances added):
    to the end of this Match, or to the end of the game."""
    turn = state.turn
    live = {_key(state): (state, Fraction(1))}
    won = Fraction(0)
    while live:
        after: dict = {}
        for state, p in live.values():
            order = _forced(state)
            tries = []
            for face in range(1, 7):
                scripted = attrs.evolve(state, dice=Dice(state.dice.seed, state.dice.draws, (face,)))
                new, events = RULESET.apply(scripted, order)
                tries.append(new)
                if not any(isinstance(e, Rolled) for e in events):
                    tries = [new] * 6  # no roll: one outcome
                    break
            for new in tries:
                share = p / 6
                gone = {u.id for u in new.units if u.removed}
                if "i1" in gone or "r1" in gone:
                    won += share if loser in gone else 0
                    continue
                if new.phase is Phase.OVER or (match_only and (new.turn != turn or new.match is None
                                                                or new.match.step == 0)):
                    continue  # both stand: nobody has won it
                old = after.get(_key(new))
                after[_key(new)] = (new, share + (old[1] if old else 0))
        live = after
    return won


def test_the_strike_states_the_chance_for_this_match_and_in_the_end():
    state = _at_step_five()
    strike = Move(1, "r1", (5, 4))
    struck, _ = play(state, strike)
    assert struck.match.struck == "i1"
    this_match = _play_out(struck, "i1", match_only=True)
    assert this_match == Fraction(13, 27)  # 1/3 + (2/3)^2 (1/3): i1's rolls at steps 6 and 8
    in_the_end = _play_out(struck, "i1", match_only=False)
    assert round(float(this_match) * 100) == 48 and round(float(in_the_end) * 100) == 56
    know = knowledge_for(RULESET)
    reason = know.explain(RULESET.view(state, 1), 1, strike)
    assert reason == "moves in and strikes i1: wins 48% this Match, 56% in the end"


def test_the_forced_defence_states_the_chance_for_this_match_and_in_the_end():
    state = _at_step_five()
    struck, _ = play(state, Move(1, "r1", (5, 4)))
    # i1 defends at step 6: it wins if r1 falls, at step 7 or 9 (2/9 + 8/81).
    this_match = _play_out(struck, "r1", match_only=True)
    assert this_match == Fraction(26, 81)
    in_the_end = _play_out(struck, "r1", match_only=False)
    know = knowledge_for(RULESET)
    reason = know.explain(RULESET.view(struck, 0), 0, _forced(struck))
    assert reason == (f"forced: 67% to hold; wins {float(this_match):.0%} this Match, "
                      f"{float(in_the_end):.0%} in the end")
    assert (round(float(this_match) * 100), round(float(in_the_end) * 100)) == (32, 44)
