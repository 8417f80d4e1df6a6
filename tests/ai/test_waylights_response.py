"""Waylights: the computer defends rather than make a counterattack that
cannot wound when defending gives it a better chance to stay up (a
tester's game: a normal computer's wounded pistol mook countered a
Fighter's sword with one die, "0% to wound it, 100% to be wounded").

The numbers, worked from the printed rules ("Attack and Defense", "Damage
resolution") and the roster, not from the engine:

- a2, Fighter on 3/1, attacks with the sword: 3d6 + blade 2 + strength 1
  + sword 2 = 3d6 + 5, at least 8.
- b4, Mook with pistol on 3/1 with 2 of its 3 wounds, Threshold 2: one
  more wound knocks it out.  Defending with its one die: 1d6 + launcher 1
  + speed 1 - 2 wounds = 1d6, at most 6.  The result is at least 8 - 6 =
  2, glancing only for three 1s against a 6 (1 in 1296), else a wound:
  KO 1295/1296.  Countering, it defends with 0 dice: at least 8 - 0 = 8
  > 2, KO for certain.
- Its counter: 1d6 + launcher 1 + speed 1 + pistol 1 - 2 = 1d6 + 1, at
  most 7, against a2's one defence die, 1d6 + blade 2 + strength 1 +
  shield 1, at least 5: a result of at most 2, never above a2's Threshold
  3 (2 + padded armour 1).  The counter cannot wound.
"""

from __future__ import annotations

import pytest

from core.ai import choose, knowledge_for
from core.ai.search import LEVELS as LEVEL_TABLE
from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.orders import Counter, Defend
from tests.rulesets.waylights.helpers import do, position

FAR = ("b9", 1, "mook", (9, 9))


def attacked(thug: dict):
    state = position([("a2", 0, "fighter", (4, 4), dict(split=3)), ("b4", 1, "thug", (4, 5), thug), FAR], "a2")
    state = do(state, "attack side=0 unit=a2 target=b4")[0]
    assert state.pending == "response"
    assert any(isinstance(o, Counter) for o in R.legal_orders(state, 1))  # the rules allow a counter
    return state


def kept(state, level):
    know = knowledge_for(R)
    know.level = LEVEL_TABLE[level]
    return know.shortlist(R.view(state, 1), 1, R.legal_orders(state, 1))


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_counter_that_cannot_wound_when_defending_is_safer(level):
    state = attacked(dict(split=3, wounds=2))
    assert all(isinstance(o, Defend) for o in kept(state, level))
    for seed in range(8):
        c = choose(R, R.view(state, 1), 1, R.legal_orders(state, 1), level, seed)
        assert isinstance(c.order, Defend), c.reason


def test_a_counter_that_can_wound_stays_a_choice():
    # Unhurt on 1/3: its counter, 3d6 + 3, can beat a2's 1d6 + 4 by more
    # than 3 (18 - 5 = 13): the counter may pay, so it is searched.
    state = attacked(dict(split=1))
    assert any(isinstance(o, Counter) for o in kept(state, "normal"))
