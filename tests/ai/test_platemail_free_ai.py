"""Platemail: the computer frees an entrapped ally beside it (seed 002,
weapon properties: Bolo/Net entraps on a hit; an entrapped character is
Not Ready and cannot move until freed by a Use Item Action, by whoever
stands within reach: docs/rulings.md, Platemail, Use Item).

Hand-built positions (tests/rulesets/platemail/helpers.py): a Knight a1
beside its Archer a2, caught in a net; a Footman b1 far off (nothing for
the Knight to strike, nobody near the Archer) or four squares from the
Archer (within a Charge of it)."""

from __future__ import annotations

import pytest

from core.ai import choose
from core.board import chebyshev
from core.rulesets.platemail import RULESET as R
from core.rulesets.platemail.orders import Act, Write
from core.rulesets.platemail.state import Action
from tests.rulesets.platemail.helpers import act, order, play, position

A = Action
FREE_A2 = Act(0, A.USE_ITEM, "a2", item="free")
CASES = [(level, seed) for level in ("easy", "normal") for seed in range(3)] + [("hard", 0)]


def netted(footman_at=(5, 11), knight_at=(5, 2)):
    return position([("knight", 0, knight_at), ("archer", 0, (5, 3), {"entrapped": True}),
                     ("footman", 1, footman_at)])


def written(state, level, seed, ply=0):
    choice = choose(R, R.view(state, 0), 0, R.legal_orders(state, 0), level, seed, ply)
    assert isinstance(choice.order, Write), choice.reason
    return choice


@pytest.mark.parametrize(("level", "seed"), CASES)
def test_with_nothing_better_to_do_the_knight_frees_the_netted_archer(level, seed):
    state = netted()
    knight, footman = state.char("a1"), state.char("b1")
    # What the reason will say, checked from the position: the Knight's great sword
    # reaches nobody within a Charge (3 squares and a blow), it shoots nothing, and
    # the Footman is no nearer the Archer.
    assert chebyshev(knight.pos, footman.pos) > 4 and chebyshev(state.char("a2").pos, footman.pos) > 4
    assert knight.carried == ("flail",) and not knight.spells
    choice = written(state, level, seed)
    assert choice.order.unit == "a1" and choice.order.first == FREE_A2, choice.reason
    assert choice.reason.endswith("frees a2 from the net: no enemy to strike or shoot"), choice.reason
    # The order does what it says: a2 is free when the Round is over.
    after, _ = play(state, [choice.order], dice=[10] * 30)
    assert not after.char("a2").entrapped


def test_the_archer_freed_by_the_knight_does_not_free_itself_too():
    state = netted()
    state, _ = R.apply(state, written(state, "normal", 0).order)
    choice = written(state, "normal", 0, 1)
    assert choice.order.unit == "a2"
    first = choice.order.first
    assert not (first.kind is A.USE_ITEM and first.item == "free"), choice.reason


def test_an_archer_an_enemy_threatens_is_freed_first_and_the_reason_says_who_threatens():
    from core.ai.platemail import suited
    from core.ai.platemail_reasons import explain_write

    state = netted(footman_at=(5, 7))  # four squares from the Archer: within a Charge of it
    orders = suited(state, state.char("a1"))
    assert orders[0].first == FREE_A2 and orders[0].otherwise == Act(0, A.GUARD, "a2")
    assert explain_write(R.view(state, 0), orders[0]).startswith("frees a2 from the net: b1 is 4 squares from it")


def test_no_freeing_with_an_enemy_beside_the_knight_or_the_archer_already_free():
    from core.ai.platemail import suited

    beside = netted(footman_at=(4, 1))  # beside the Knight: it fights
    assert not [w for w in suited(beside, beside.char("a1")) if w.first == FREE_A2]
    free = position([("knight", 0, (5, 2)), ("archer", 0, (5, 3)), ("footman", 1, (5, 11))])
    assert not [w for w in suited(free, free.char("a1")) if w.first.item == "free"]
    # An Archer whose own order frees itself is left to it.
    state, _ = R.apply(netted(), order(0, "a2", act(0, "use-item", "self", item="free")))
    assert not [w for w in suited(state, state.char("a1")) if w.first == FREE_A2]
