"""Spheres of War's Match solver (core/ai/sow_match.py), checked against
hand-worked Matches of rules 25-37: a Move goes up to 2 inches toward or
away, moving into contact strikes at once, a struck combatant must defend
(5-6 falls) and strikes back, and the Match ends after ten Actions."""

from __future__ import annotations

import random
from fractions import Fraction

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.ai import LEVELS, Level, choose
from core.ai.sow_match import LAST, MatchSolver
from core.ai.spheres_of_war import SpheresKnowledge, carried, exchange
from core.board import Battlefield, Rect, Terrain, Zone, adjacent
from core.game import start, submit
from core.registry import find_ruleset
from core.rulesets.spheres_of_war.orders import Move, Wait

OPEN = Battlefield("open", 12, 12, ("." * 12,) * 12, ((".", Terrain()),),
                   (Zone(0, (Rect(0, 0, 11, 1),)), Zone(1, (Rect(0, 10, 11, 11),))))
THIRD = Fraction(1, 3)


def solver(mine: int = 0, caution: float = 1.0, others=frozenset()) -> MatchSolver:
    return MatchSolver(OPEN, frozenset(others), exchange, mine, caution)


def test_a_strike_with_the_instigators_last_action_risks_nothing():
    # Step 8, 3 cells apart on a row: a 2-inch Move reaches contact; the
    # struck one rolls once, at step 9, and falls on 5-6; its strike back
    # comes with the Match's last Action and goes unanswered.
    s = solver(mine=0)
    assert s.value((2, 5), (5, 5), 8) == pytest.approx(float(THIRD))
    # Worked from the other side (the Retaliator's worth): a third lost.
    assert solver(mine=1).value((2, 5), (5, 5), 8) == pytest.approx(-float(THIRD))


def test_the_retaliators_last_action_strike_goes_unanswered():
    assert solver(mine=1).value((4, 5), (5, 5), 9) == 0.0  # in contact at step 9: nothing follows


LATER_R, LATER_I = Fraction(11605, 19171), Fraction(7566, 19171)  # worked in test_reasons


def test_before_the_last_turn_a_last_action_strike_is_fought_on():
    # The pair still touching when the Match ends meet again next turn in
    # contact, the Instigator striking first (Retaliator falls LATER_R).
    s = MatchSolver(OPEN, frozenset(), carried, 1)
    # The Retaliator in contact at step 9 must strike: nothing now, and next
    # turn it is the one struck first.
    assert s.value((4, 5), (5, 5), 9) == pytest.approx(float(LATER_I - LATER_R))
    # Two cells off, it waits instead of moving in.
    assert s.value((3, 5), (5, 5), 9) == 0.0
    # The Instigator's last-Action strike: a third at once, else fought on.
    inst = MatchSolver(OPEN, frozenset(), carried, 0)
    q = Fraction(2, 3)
    assert inst.value((2, 5), (5, 5), 8) == pytest.approx(float(THIRD + q * LATER_R - q * LATER_I))


def test_out_of_reach_at_the_last_actions_nothing_happens():
    # Six cells apart at step 8: neither can reach the other before the end.
    assert solver(mine=0).value((0, 5), (6, 5), 8) == 0.0


def test_a_strike_made_early_is_worth_the_exchange_odds():
    # In contact at step 0: the Instigator strikes in place; nine defence
    # rolls follow, starting with the struck Retaliator.
    first, second = exchange(1)
    assert solver(mine=0).value((4, 5), (5, 5), 0) == pytest.approx(float(first - second))
    # By hand: the struck one falls on rolls 1, 3, 5, 7, 9, (1/3)(1 + 4/9 +
    # 16/81 + 64/729 + 256/6561) = 11605/19683; the striker on rolls 2, 4,
    # 6, 8, (2/9)(1 + 4/9 + 16/81 + 64/729) = 7566/19683.
    assert first - second == Fraction(11605 - 7566, 19683)


def test_caution_weighs_own_losses_more():
    first, second = exchange(1)
    assert solver(mine=0, caution=2.0).value((4, 5), (5, 5), 0) == pytest.approx(float(first - 2 * second))


def test_stepping_into_reach_is_avoided():
    # Retaliator to act at step 5, four cells from the Instigator.  Moving
    # toward leaves it 2-3 cells off, where the Instigator strikes first at
    # step 6 (rolls at 7, 8, 9: the Retaliator falls 13/27, the Instigator
    # 2/9).  Waiting or backing off is better for the Retaliator.
    s = solver(mine=1)
    best = s.value((5, 5), (1, 5), 5)
    toward = s.value((1, 5), (3, 5), 6)  # the Instigator to act, two cells off
    assert toward == pytest.approx(-float(Fraction(13, 27) - Fraction(2, 9)))
    assert best > toward


def test_walking_off_the_battlefield_is_a_lost_figure():
    s = solver(mine=0)
    # At the edge with the opponent far: every away Move leaves the field.
    moves = s.moves((0, 5), (8, 5))
    assert any(not OPEN.in_bounds(c) for c in moves)
    assert s.value((0, 5), (8, 5), 0, lookahead=1) == 0.0  # waits or closes, never leaves


def test_no_lookahead_sees_nothing():
    assert solver().value((2, 5), (5, 5), 8, lookahead=0) == 0.0


cells = st.tuples(st.integers(0, 11), st.integers(0, 11))


@settings(max_examples=60, deadline=None)
@given(cells, cells, st.integers(0, LAST - 1), st.integers(0, 4))
def test_with_even_caution_the_match_is_zero_sum(a, b, step, lookahead):
    # One side's gain is the other's loss when losses weigh the same.
    if a == b:
        return
    ours, theirs = solver(mine=step % 2), solver(mine=1 - step % 2)
    assert ours.value(a, b, step, lookahead) == pytest.approx(-theirs.value(a, b, step, lookahead))


def test_figures_block_moves():
    free, blocked = solver(), solver(others={(3, 5)})
    assert (3, 5) in free.moves((2, 5), (8, 5)) and (4, 5) in free.moves((2, 5), (8, 5))
    assert (3, 5) not in blocked.moves((2, 5), (8, 5)) and (4, 5) not in blocked.moves((2, 5), (8, 5))


def _in_match(seed: int, step: int, inst: tuple[int, int], ret: tuple[int, int]):
    """A real game of Spheres of War in its first Match, with the pair put
    at ``inst``/``ret`` and the Match at Action ``step``, the others far."""
    rules = find_ruleset("spheres_of_war")
    game = start(rules, rules.default_options(), OPEN, seed, ("A", "B"))
    rng = random.Random(seed)
    while game.state.match is None:
        side = min(game.to_act)
        game = submit(game, rng.choice(game.legal_orders(side))).game
    state, m = game.state, game.state.match
    spare = iter([(x, y) for y in (0, 11) for x in range(0, 12, 2)])
    units = []
    for u in state.units:
        if u.removed or u.pos is None:
            units.append(u)
            continue
        pos = inst if u.id == m.instigator else ret if u.id == m.retaliator else next(spare)
        units.append(attrs.evolve(u, pos=pos))
    return rules, attrs.evolve(state, units=tuple(units), match=attrs.evolve(m, step=step, struck=None))


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_computer_takes_a_free_last_strike(level):
    rules, state = _in_match(3, 8, (2, 5), (5, 5))
    side = state.unit(state.match.instigator).side
    choice = choose(rules, rules.view(state, side), side, rules.legal_orders(state, side), level, seed=1)
    assert isinstance(choice.order, Move) and choice.order.to in {(4, 4), (4, 5), (4, 6)}, choice.reason


def test_the_normal_computer_keeps_out_of_reach():
    # Retaliator at step 5, four cells off: toward gives the Instigator a
    # strike at step 6 (see test_stepping_into_reach_is_avoided).
    rules, state = _in_match(4, 5, (1, 5), (5, 5))
    side = state.unit(state.match.retaliator).side
    choice = choose(rules, rules.view(state, side), side, rules.legal_orders(state, side), "normal", seed=2)
    assert isinstance(choice.order, Wait) or choice.order.to[0] > 5, choice.reason


def test_the_knowledge_values_a_pending_strike_at_its_odds():
    rules, state = _in_match(5, 4, (4, 5), (5, 5))
    m = state.match
    struck = attrs.evolve(state, match=attrs.evolve(m, step=5, struck=m.retaliator))
    know = SpheresKnowledge(rules)
    know.level = Level("t", 1, 1, lookahead=3)  # not planning to the game's end
    inst_side = state.unit(m.instigator).side
    # The Retaliator rolls at 5, 6, 7, 8, 9 first: in the last turn it falls
    # with exchange(5)[0].  Even on figures, its own loss weighs
    # CAUTION_EVEN times an enemy's.
    last = attrs.evolve(struck, turn=struck.options.turn_limit)
    falls, strikes_back = exchange(5)
    assert know.match_value(last, inst_side) == pytest.approx(float(falls) - know.CAUTION_EVEN * float(strikes_back))
    ahead = float(falls) - know.CAUTION_AHEAD * float(strikes_back)
    assert know.match_value(last, inst_side, lead=1) == pytest.approx(ahead)
    # Before it, both still standing after the five rolls ((2/3)^5) fight on
    # next turn, the Instigator striking first: the Retaliator then falls
    # 11605/19171 and the Instigator 7566/19171 (test_reasons works it out).
    still = Fraction(2, 3) ** 5
    falls, strikes_back = falls + still * Fraction(11605, 19171), strikes_back + still * Fraction(7566, 19171)
    assert know.match_value(struck, inst_side) == pytest.approx(float(falls) - know.CAUTION_EVEN * float(strikes_back))


def test_the_reason_says_whether_the_opponent_can_strike_next():
    rules, state = _in_match(4, 5, (1, 5), (5, 5))
    m = state.match
    side = state.unit(m.retaliator).side
    know = SpheresKnowledge(rules)
    view = rules.view(state, side)
    inst = m.instigator
    # Four cells off: a 2-inch Move leaves the Instigator two short.
    assert know.explain(view, side, Wait(side, m.retaliator)) == f"waits, out of {inst}'s reach"
    # Two cells off after closing: one step brings it into contact.
    assert know.explain(view, side, Move(side, m.retaliator, (3, 5))) == \
        f"closes to 2.0 in of {inst}, within {inst}'s reach"
    assert know.explain(view, side, Move(side, m.retaliator, (7, 5))) == \
        f"backs off to 6.0 in from {inst}, out of {inst}'s reach"
    last = attrs.evolve(state, match=attrs.evolve(m, step=9))
    assert know.explain(rules.view(last, side), side, Wait(side, m.retaliator)) == "waits: the Match ends"


def test_each_side_chooses_by_its_own_caution():
    # The Instigator (the other side) to act at step 6, two cells from our
    # Retaliator, with room behind it.  Weighing losses evenly it strikes at
    # once: rolls at 7, 8, 9, we fall 13/27 and it 2/9.  A very cautious
    # Instigator passes that strike up (its own 2/9 weighs too much) and
    # backs away, which leaves us better off.
    even = MatchSolver(OPEN, frozenset(), exchange, mine=1, caution=1.0, their_caution=1.0)
    assert even.value((5, 5), (7, 5), 6) == pytest.approx(float(Fraction(2, 9) - Fraction(13, 27)))
    wary = MatchSolver(OPEN, frozenset(), exchange, mine=1, caution=1.0, their_caution=100.0)
    assert wary.value((5, 5), (7, 5), 6) > even.value((5, 5), (7, 5), 6)
    # A risk-free strike (the Instigator's last Action) is taken however wary.
    assert wary.value((1, 5), (3, 5), 8) == pytest.approx(-float(THIRD))


def test_in_a_match_only_the_best_valued_actions_are_searched():
    # The Instigator to act at step 0, two cells from the Retaliator: a Move
    # into contact strikes first (the Retaliator falls 61%, the Instigator
    # 39%); anything else leaves the Retaliator in reach to strike first.
    rules, state = _in_match(6, 0, (5, 5), (3, 5))
    side = state.unit(state.match.instigator).side
    know = SpheresKnowledge(rules)
    know.level = Level("t", 1, 1, lookahead=3)
    kept = know.shortlist(rules.view(state, side), side, rules.legal_orders(state, side))
    assert kept and all(isinstance(o, Move) and adjacent(o.to, (3, 5)) for o in kept)
    # Easy looks no Actions ahead: it searches every order, with its noise.
    easy = SpheresKnowledge(rules)
    easy.level = LEVELS["easy"]
    legal = rules.legal_orders(state, side)
    assert easy.shortlist(rules.view(state, side), side, legal) == legal
    # The Retaliator four cells off at step 5 (test_stepping_into_reach_is_avoided):
    # no Move that ends within the Instigator's reach is kept.
    rules, state = _in_match(4, 5, (1, 5), (5, 5))
    side = state.unit(state.match.retaliator).side
    kept = know.shortlist(rules.view(state, side), side, rules.legal_orders(state, side))
    assert kept and all(isinstance(o, Wait) or o.to[0] >= 5 for o in kept)


def test_a_retaliator_takes_a_favourable_exchange_when_the_counts_are_level():
    # The Retaliator to act at step 1, two cells from the Instigator, the
    # counts level.  Striking now it falls 0.41 and the Instigator 0.59
    # (fought on next turn); weighing its own loss 1.5x, as normal does as
    # the Instigator, that is not worth it, and it backs off out of reach.
    # Hard, and normal as the Retaliator, play for the figures they expect
    # to be left, weighing both losses alike while the counts are level (a
    # draw is only half a win, and backing off runs into the edge): it
    # strikes.
    rules, state = _in_match(6, 1, (5, 5), (3, 5))
    side = state.unit(state.match.retaliator).side
    assert state.options.turn_limit == 20
    for level in ("normal", "hard"):
        for turn in (1, 19):
            late = attrs.evolve(state, turn=turn)
            know = SpheresKnowledge(rules)
            know.level = LEVELS[level]
            kept = know.shortlist(rules.view(late, side), side, rules.legal_orders(late, side))
            assert kept and all(isinstance(o, Move) and adjacent(o.to, (5, 5)) for o in kept), (level, turn)
            assert know.caution(0, late, even=know.lookahead(late, side) is None) == 1.0
    know.level = LEVELS["normal"]
    assert know.caution(0, state) == 1.5  # the Instigator's


def test_hard_will_not_end_a_match_within_the_instigators_reach():
    # The Retaliator's last Action (step 9), four cells below the
    # Instigator's figure: out of its reach.  Stepping 1 or 2 toward it ends
    # the Match 3 or 2 cells off, and next turn the Instigator acts first and
    # strikes from there (rules 16, 28).  Looking no further than the
    # Match, every Action is worth nothing; normal (since issue 31) and hard
    # value where the pair stand for next turn and keep none of those steps.
    rules, state = _in_match(6, 9, (5, 8), (5, 4))
    side = state.unit(state.match.retaliator).side
    legal = rules.legal_orders(state, side)
    toward = {o for o in legal if isinstance(o, Move) and o.to in ((5, 5), (5, 6))}
    assert len(toward) == 2
    kept = {}
    for level in ("normal", "hard"):
        know = SpheresKnowledge(rules)
        know.level = LEVELS[level]
        kept[level] = set(know.shortlist(rules.view(state, side), side, legal))
    for level in ("normal", "hard"):
        assert kept[level] and not toward & kept[level]
