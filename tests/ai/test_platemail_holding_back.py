"""Platemail: hard goes to a side that holds back in its deployment zone.

A newcomer's side that only ever wrote Defend orders stayed where it was
deployed; hard expected it to come (its guesses of the other side's orders
are an active player's) and stood off: its archer loosed Rapid Fire from
45 feet (beyond the long bow's 30, so -2 and the volley's Disfavor) for
twelve Rounds, and its knight Defended in its own zone with nobody within
reach (docs/ai.md, Platemail, *Against a side that holds back*).

The positions are on the tests' open field (zones: rows 0-1 and 10-11),
Round 3, nobody hurt: side 1 Defends in its zone, side 0 (the computer) is
still in its own.
"""

from __future__ import annotations

import attrs
import pytest

from core.ai import choose
from core.ai.platemail_targets import harm_if_defending, holding_back
from core.rulesets.platemail import RULESET as R
from core.rulesets.platemail.orders import Write
from core.rulesets.platemail.senses import Work
from core.rulesets.platemail.state import Action, Condition
from tests.rulesets.platemail.helpers import position

THEIRS = [("footman", 1, (2, 10)), ("archer", 1, (6, 10)), ("knight", 1, (10, 10))]


def _round(state, n=3):
    return attrs.evolve(state, round=n)


def _written(state, seed: int) -> tuple[Write, str]:
    choice = choose(R, R.view(state, 0), 0, R.legal_orders(state, 0), "hard", seed, 0)
    assert isinstance(choice.order, Write)
    return choice.order, choice.reason


def test_holding_back_is_read_from_the_board():
    state = _round(position([("archer", 0, (6, 1)), *THEIRS]))
    assert holding_back(state, 1)
    assert not holding_back(attrs.evolve(state, round=2), 1)  # one Round in the zone says little
    moved = attrs.evolve(state, characters=tuple(
        attrs.evolve(c, pos=(6, 8)) if c.id == "b2" else c for c in state.characters))
    assert not holding_back(moved, 1)  # one has come out of its zone
    hurt = attrs.evolve(state, characters=tuple(
        attrs.evolve(c, wounds=1) if c.id == "a1" else c for c in state.characters))
    assert not holding_back(hurt, 1)  # it has wounded someone: it fights
    near = attrs.evolve(state, characters=tuple(
        attrs.evolve(c, pos=(6, 7)) if c.id == "a1" else c for c in state.characters))
    assert not holding_back(near, 1)  # fought in its own zone, within a Charge: not holding back


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hard_walks_its_archer_into_range_of_a_side_that_holds_back(seed):
    # The enemy archer stands 9 squares (45 ft) off, past the long bow's 30 ft Range.
    # Before, hard loosed Rapid Fire from there; now it walks 3 squares in and shoots
    # in its 2nd Action if the archer is then within Range (30 ft).
    state = _round(position([("archer", 0, (6, 1)), ("footman", 0, (5, 0)), ("knight", 0, (7, 0)), *THEIRS]))
    write, reason = _written(state, seed)
    assert write.first.kind is Action.MOVE and write.first.target == "b2"
    assert write.condition is Condition.IN_RANGE and write.then.kind is Action.RANGED
    assert "closes on b2, 9 squares off" in reason  # the reason says what it does, and how far


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hard_does_not_stand_defending_where_nobody_comes(seed):
    # Its knight, 9 squares from the nearest enemy, Defended in its zone Round after
    # Round; a Defend wards off only melee blows, and nobody comes to strike.
    state = _round(position([("knight", 0, (7, 1)), ("archer", 0, (6, 0)), ("footman", 0, (5, 0)), *THEIRS]))
    write, _ = _written(state, seed)
    assert write.first.kind is not Action.DEFEND
    assert write.first.kind is Action.MOVE


def test_an_aimed_arrow_passes_half_plate_a_plain_one_does_not():
    # Seed, Aim: Favor (+3) and +1 Penetration; the long bow's 2 becomes 3 and meets
    # the knight's Absorb 3.  Knight Defending: Ready, Defense 10 + 2 (half plate) = 12.
    # Plain: only a natural 20 (2 wounds, Penetration 3) gets through: 0.05 * 2.
    # Aimed: d20 + 3 beats 12 on 10-20 (11 in 20): 0.50 * 1, and the 20's 2 wounds.
    state = position([("archer", 0, (6, 4)), ("knight", 1, (6, 8))])
    work = Work(state)
    archer, knight = state.characters
    assert harm_if_defending(work, archer, knight, Action.RANGED) == pytest.approx(0.05 * 2)
    assert harm_if_defending(work, archer, knight, Action.RANGED, aimed=True) == pytest.approx(0.50 + 0.05 * 2)
