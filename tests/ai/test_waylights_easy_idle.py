"""Waylights' easy is a beginner, not an idle player (issue 31; a tester's
game against easy), in hand-built positions
(tests/rulesets/waylights/helpers.py):

- (1) it ended turns with its Actions unused while an enemy was a step or
  a move from reach ("Sequence": two Actions a turn and the free step), or
  spent an Action on a sidestep that gave it nothing; besides, in games of
  its own: a side that began with fewer figures kept away all game (it
  took itself to be behind), a Move ended beside an enemy where the blow
  cannot land (diagonally) when another cell would have let it strike,
  and 4/0 with nobody to strike locked it in place (on 4/0 it may not
  walk where an enemy could strike it);
- (2) its archer shot, knocked its target out and ended the turn with an
  Action and the step left and the pneumatic unprimed, saying nobody was
  in reach: the FIRE | RELOAD row of the action table ("Sequence") is
  what it leaves undone; a turn whose Actions are spent says so;
- (3) it shot with 1 die against 3 defence dice, a blow that cannot wound
  ("Damage resolution"), at any level.

Each position is checked by hand against the rules first (reach,
Threshold, the dice sums); normal and hard keep what the strength table
measured, except that no level now makes an attack that cannot wound
(or whose chance its reason would give as 0%).
"""

from __future__ import annotations

from itertools import product

import pytest

from core.ai import choose, knowledge_for
from core.ai.search import LEVELS as LEVEL_TABLE
from core.ai.waylights import can_wound, wounding
from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.combat import DICE, attack_preview
from core.rulesets.waylights.orders import (
    Attack,
    EndTurn,
    Move,
    Reload,
    Split,
    SplitMove,
    Step,
    Wield,
)
from core.rulesets.waylights.roster import KINDS
from core.rulesets.waylights.state import new_fighter
from tests.ai.test_waylights_easy_beginner import kept
from tests.rulesets.waylights.helpers import position

SEEDS = range(10)
ROWS = ["." * 12] * 13  # an open field of 12 columns and 13 rows, for the tester's cells


def chosen(state, side, level="easy"):
    view, legal = R.view(state, side), R.legal_orders(state, side)
    return [choose(R, view, side, legal, level, seed) for seed in SEEDS]


def reason(state, side, order) -> str:
    return knowledge_for(R).explain(R.view(state, side), side, order)


def moves(orders):
    return [o for o in orders if isinstance(o, (Move, SplitMove, Step))]


def cheb(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def squared(a, b) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


# -- (1) idle turns --------------------------------------------------------

# The tester's round 1: Bob's spearman b1 on 3/1 at 10,10, Ann's a2 at 9,8
# and a3 at 10,7; the rest of both sides far off.
SPEAR = [("b1", 1, "spear", (10, 10), {"split": 3}), ("a2", 0, "fighter", (9, 8)), ("a3", 0, "archer", (10, 7)),
         ("a1", 0, "fighter", (1, 1)), ("b2", 1, "archer", (1, 12)), ("b3", 1, "fighter", (4, 12))]


def test_the_spearman_does_not_end_its_turn_a_step_from_two_enemies():
    # The spear reaches 2 (the rulings: within Euclidean 2, no wall between):
    # from 10,10 neither is in reach (5 and 9, squared); the free step to
    # 10,9 puts both in reach (2 and 4) with both Actions left.
    assert squared((10, 10), (9, 8)) == 5 and squared((10, 10), (10, 7)) == 9
    assert squared((10, 9), (9, 8)) == 2 and squared((10, 9), (10, 7)) == 4
    state = position(SPEAR, "b1", rows=ROWS, turn_from=(10, 10))
    legal = R.legal_orders(state, 1)
    assert not any(isinstance(o, Attack) for o in legal) and EndTurn(1, "b1") in legal
    stepped = R.apply(state, Step(1, "b1", (10, 9)))[0]
    assert {o.target for o in R.legal_orders(stepped, 1) if isinstance(o, Attack)} == {"a2", "a3"}
    assert EndTurn(1, "b1") not in kept(state, 1)
    for c in chosen(state, 1):
        assert isinstance(c.order, (Move, SplitMove, Step)), c.reason
        assert "closes on" in c.reason, c.reason


# The tester's Fighter b3, ten cells from a1, split-moved sideways ("still
# 10 cells from a1") and ended its turn with an Action and the step left.
FAR_FIGHTER = [("b3", 1, "fighter", (10, 11), {"split": 3}), ("a1", 0, "fighter", (10, 1)),
               ("a2", 0, "fighter", (1, 0)), ("b2", 1, "mook", (1, 12))]


def test_the_fighter_walks_at_the_enemy_instead_of_a_sidestep():
    state = position(FAR_FIGHTER, "b3", rows=ROWS, turn_from=(10, 11))
    near = cheb((10, 11), (10, 1))
    assert near == 10
    sideways = [o for o in moves(R.legal_orders(state, 1)) if min(cheb(o.to, f) for f in ((10, 1), (1, 0))) == near]
    assert sideways  # the rules allow them
    shortlist = kept(state, 1)
    assert not set(sideways) & set(shortlist)  # open field: no cover, no shot gained
    assert EndTurn(1, "b3") not in shortlist
    assert all(cheb(o.to, (10, 1)) < near for o in moves(shortlist))
    # The same after the sidestep it made: one Action and the step left.
    after = position([("b3", 1, "fighter", (11, 11), {"split": 3})] + FAR_FIGHTER[1:], "b3", rows=ROWS,
                     actions=1, exposed=True, turn_from=(10, 11))
    assert EndTurn(1, "b3") in R.legal_orders(after, 1)
    shortlist = kept(after, 1)
    assert EndTurn(1, "b3") not in shortlist and moves(shortlist)
    for c in chosen(after, 1):
        assert isinstance(c.order, (Move, SplitMove, Step)) and cheb(c.order.to, (10, 1)) < 10, c.reason


# A mook five rows and more from the nearest enemy, nobody in reach of its
# club (the four cells beside it).
FAR_MOOK = [("b1", 1, "mook", (5, 11)), ("a1", 0, "fighter", (5, 2)), ("a2", 0, "fighter", (3, 1)),
            ("b2", 1, "mook", (8, 11))]


def test_the_mook_moves_up_rather_than_end_its_turn_where_it_stands():
    state = position(FAR_MOOK, "b1", rows=ROWS, turn_from=(5, 11))
    assert not any(isinstance(o, Attack) for o in R.legal_orders(state, 1))
    assert reason(state, 1, EndTurn(1, "b1")) == "nobody it may attack in reach of the club"
    assert EndTurn(1, "b1") not in kept(state, 1)
    for c in chosen(state, 1):
        assert isinstance(c.order, (Move, SplitMove, Step)) and cheb(c.order.to, (5, 2)) < 9, c.reason
    # Nor do normal and hard (a tester's hard club mook stood a whole turn on
    # its deployment cell, nobody in reach, both Actions unused).
    for level in ("normal", "hard"):
        assert EndTurn(1, "b1") not in kept(state, 1, level)


def test_easy_still_holds_on_0_4_and_ends_a_turn_whose_actions_are_spent():
    # 0/4 is the defensive stance (the rulings: no attack dice, no attack):
    # holding is what it chose the split for.
    hunker = position([("b1", 1, "mook", (5, 11), {"split": 0})] + FAR_MOOK[1:], "b1", rows=ROWS)
    assert EndTurn(1, "b1") in kept(hunker, 1)
    assert reason(hunker, 1, EndTurn(1, "b1")) == "no attack dice this turn: holds its ground"
    # Both Actions spent (a split move and an attack), the step left: the
    # reason says so, not "nobody it may attack" (its one target is down).
    spent = position([("b1", 1, "mook", (5, 3)), ("a1", 0, "fighter", (5, 2), {"status": "ko", "wounds": 4}),
                      ("a2", 0, "fighter", (3, 1)), ("b2", 1, "mook", (8, 11))], "b1", rows=ROWS,
                     actions=2, exposed=True, target="a1", turn_from=(5, 6))
    assert EndTurn(1, "b1") in kept(spent, 1)
    assert reason(spent, 1, EndTurn(1, "b1")) == "both Actions spent"


# -- (2) FIRE | RELOAD -----------------------------------------------------

# The tester's archer b2 shot a2 out of the fight with its first Action (the
# pneumatic now unprimed, 3 rounds left); a1 stands beside it, a3 within
# range.  Its one target this turn (a2) is down, so it may attack nobody.
FIRED = [("b2", 1, "archer", (5, 6), {"split": 3, "primed": (False, False), "ammo": (3, 0)}),
         ("a1", 0, "fighter", (5, 5)), ("a2", 0, "fighter", (5, 9), {"status": "ko", "wounds": 4}),
         ("a3", 0, "archer", (2, 2)), ("b1", 1, "mook", (9, 11))]


def fired():
    return position(FIRED, "b2", rows=ROWS, actions=1, exposed=True, target="a2", turn_from=(5, 6))


def test_the_archer_reloads_after_its_shot():
    state = fired()
    assert squared((5, 6), (2, 2)) <= 10 ** 2  # a3 within the pneumatic's range of 10, once primed
    legal = R.legal_orders(state, 1)
    assert Reload(1, "b2") in legal and EndTurn(1, "b2") in legal
    assert not any(isinstance(o, Attack) for o in legal)  # unprimed, and a2 was the turn's one target
    # What ending now would say is what stops it: the launcher, not reach.
    assert reason(state, 1, EndTurn(1, "b2")) == "the pneumatic is not primed"
    shortlist = kept(state, 1)
    assert Reload(1, "b2") in shortlist
    assert EndTurn(1, "b2") not in shortlist and not any(isinstance(o, Wield) for o in shortlist)
    for c in chosen(state, 1):
        assert c.order == Reload(1, "b2"), c.reason
    # Primed, both Actions spent (the step still open): the turn ends, saying so.
    primed = R.apply(state, Reload(1, "b2"))[0]
    assert primed.active == "b2" and primed.actions == 2
    assert reason(primed, 1, EndTurn(1, "b2")) == "both Actions spent"


def test_a_change_of_weapon_stays_open_when_it_did_not_shoot_this_turn():
    # The same archer at the start of a turn, its pneumatic unprimed: the
    # knife for a1 beside it is a beginner's choice too.
    state = position(FIRED, "b2", rows=ROWS, turn_from=(5, 6))
    assert Wield(1, "b2", "knife") in kept(state, 1)


# -- (3) a shot that cannot wound ------------------------------------------

# a4, a mook with a pistol on 1/3, beside the archer b2 on 1/3 (3 defence
# dice).  Attack: 1d6 + launcher 1 + Speed 1 + pistol 1 = 1d6 + 3; defence:
# 3d6 + launcher 2 + Focus 1 = 3d6 + 3 (the pneumatic in hand, no shield
# or armour bonus); Threshold 2 + armour 1 = 3.  A wound needs a margin
# above 3: at most 6 + 3 - (3 + 3) = 3.
HOPELESS = [("a4", 0, "thug", (5, 5), {"split": 1}), ("b2", 1, "archer", (5, 6), {"split": 1}),
            ("b1", 1, "mook", (9, 11)), ("a1", 0, "fighter", (0, 0))]


def by_hand_wounds(attack_dice, amod, defence_dice, dmod, threshold) -> int:
    return sum(1 for a in product(range(1, 7), repeat=attack_dice) for d in product(range(1, 7), repeat=defence_dice)
               if sum(a) + amod - (sum(d) + dmod) > threshold)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_level_shoots_a_blow_that_cannot_wound(level):
    assert by_hand_wounds(1, 3, 3, 3, 3) == 0
    state = position(HOPELESS, "a4", rows=ROWS, actions=1, exposed=True, turn_from=(5, 3))
    shot = Attack(0, "a4", "b2")
    assert shot in R.legal_orders(state, 0)
    a, t = state.get("a4"), state.get("b2")
    assert wounding(attack_preview(a, t, a.weapon, 1, 3)) == 0  # the game's own preview agrees
    assert shot not in kept(state, 0, level)
    for c in chosen(state, 0, level):
        assert not isinstance(c.order, Attack), c.reason


def test_holding_beside_an_enemy_it_cannot_wound_says_why():
    state = position(HOPELESS, "a4", rows=ROWS, actions=1, exposed=True, turn_from=(5, 3))
    assert reason(state, 0, EndTurn(0, "a4")) == "holds: the pistol on 1 die cannot wound b2 through 3 defence dice"
    # With 3 attack dice the same blow can wound (18 + 3 - 6 = 15 > 3): the
    # attack stays open.
    three = position([("a4", 0, "thug", (5, 5), {"split": 3})] + HOPELESS[1:], "a4", rows=ROWS)
    assert by_hand_wounds(3, 3, 1, 3, 3) > 0
    assert Attack(0, "a4", "b2") in kept(three, 0, "normal")


def test_no_level_makes_an_attack_its_reason_would_give_as_0_percent():
    # The mook b1 on 2/2 beside the Fighter a1 on 0/4 (4 defence dice).
    # Club: 2d6 + brawling 1 + Strength 1 + club 1 = 2d6 + 3; the Fighter's
    # defence: 4d6 + blade 2 + Strength 1 + shield 1 = 4d6 + 4, Threshold
    # 2 + armour 1 = 3.  A wound needs 2d6 - 4d6 > 4: 84 of 6**6 rolls,
    # about 0.18%, which the reason would round to 0%.
    wins = by_hand_wounds(2, 3, 4, 4, 3)
    assert wins == 84 and wins / 6 ** 6 < 0.005
    state = position([("b1", 1, "mook", (5, 5)), ("a1", 0, "fighter", (5, 6), {"split": 0}),
                      ("a9", 0, "mook", (0, 0))], "b1", rows=ROWS)
    shot = Attack(1, "b1", "a1")
    assert shot in R.legal_orders(state, 1)
    assert reason(state, 1, shot).startswith("2 dice v 4: 0% to wound")
    for level in ("easy", "normal", "hard"):
        assert shot not in kept(state, 1, level)
    assert reason(state, 1, EndTurn(1, "b1")) == "holds: the club on 2 dice has under 1% to wound a1 through 4 defence dice"


def test_can_wound_is_the_previews_answer():
    # can_wound sums the best attack roll against the least defence roll;
    # the game's preview enumerates every die.  They agree on every pair of
    # kinds side by side in the open, for every split.
    kinds = sorted(KINDS)
    for ak, tk in product(kinds, kinds):
        for adice, tsplit in product(range(1, DICE + 1), [None, 0, 2, 3]):
            state = position([("a1", 0, ak, (4, 4), {"split": adice}), ("b1", 1, tk, (4, 5), {"split": tsplit})],
                             "a1")
            a, t = state.get("a1"), state.get("b1")
            least = DICE - tsplit if tsplit is not None else 0
            expected = wounding(attack_preview(a, t, a.weapon, adice, least)) > 0
            assert can_wound(state, a, t) == expected, (ak, tk, adice, tsplit)
    assert new_fighter("x", 0, "thug").weapon.name == "pistol"  # the kinds hold what the cases above assume


# -- (1, continued) a smaller side is not a losing one ---------------------

# Round 1 with the default teams: three of Ann's against four of Bob's, all
# standing.  Easy's Fighter a1 began far off; a beginner walks at them.
SMALLER = [("a1", 0, "fighter", (2, 0)), ("a2", 0, "fighter", (4, 0)), ("a3", 0, "archer", (6, 0)),
           ("b1", 1, "mook", (1, 11)), ("b2", 1, "mook", (3, 11)), ("b3", 1, "slinger", (5, 11)),
           ("b4", 1, "thug", (7, 11))]


def test_a_side_with_fewer_figures_from_the_start_still_walks_at_the_enemy():
    state = position(SMALLER, "a1", rows=ROWS, turn_from=(2, 0))
    foes = [f[3] for f in SMALLER if f[1] == 1]
    near = min(cheb((2, 0), f) for f in foes)
    shortlist = kept(state, 0)
    assert moves(shortlist) and all(min(cheb(o.to, f) for f in foes) < near for o in moves(shortlist))
    assert EndTurn(0, "a1") not in shortlist
    # Losing the fight (a2 knocked out, nobody of theirs) it keeps away, as before.
    losing = position([f if f[0] != "a2" else f[:4] + ({"status": "ko", "wounds": 4},) for f in SMALLER], "a1",
                      rows=ROWS, turn_from=(2, 0))
    assert all(min(cheb(o.to, f) for f in foes) >= near for o in moves(kept(losing, 0)))


# -- (1, continued) a move that ends where it can strike --------------------

# The Fighter a1 with both Actions, three cells from the mook b1.  A sword
# reaches the four cells beside it, not the diagonals (the rulings): a
# Move (one Action) to 4,7, 3,8, 5,8 or round to 4,9 leaves the other for
# the blow; a move to a diagonal cell such as 3,7 comes as near and
# strikes nobody.
WALK_UP = [("a1", 0, "fighter", (4, 5), {"split": 3}), ("b1", 1, "mook", (4, 8)), ("b9", 1, "mook", (11, 12))]


def test_easy_walks_up_to_a_cell_it_can_strike_from():
    state = position(WALK_UP, "a1", rows=ROWS, turn_from=(4, 5))
    beside = {(4, 7), (3, 8), (5, 8), (4, 9)}
    legal = moves(R.legal_orders(state, 0))
    assert {o.to for o in legal} >= beside | {(3, 7), (5, 7)}
    shortlist = moves(kept(state, 0))
    assert shortlist and {o.to for o in shortlist} <= beside
    for c in chosen(state, 0):
        assert isinstance(c.order, (Move, SplitMove, Step)) and c.order.to in beside, c.reason


# -- (1, continued) all out with nobody to strike, and keeping away ---------

# The Fighter a1 nine rows from the only mook: nobody could strike it
# before its next turn (the mook moves 5 and its club reaches the four
# cells beside it), so 4/0 is no danger; but on 4/0 easy may not walk up
# where the mook could strike it, and it has nobody to strike where it
# stands: all four dice on attack leave it nothing to do.
ALL_OUT = [("a1", 0, "fighter", (2, 0), {"split": None}), ("b1", 1, "mook", (2, 9))]


def test_easy_goes_all_out_only_with_someone_to_strike():
    state = position(ALL_OUT, "a1", pending="split")
    assert Split(0, "a1", 4) in R.legal_orders(state, 0)
    assert Split(0, "a1", 4) in kept(state, 0, "normal")  # normal's search weighs it, as before
    assert Split(0, "a1", 4) not in kept(state, 0)
    # An archer in the same place has the mook within its pneumatic's range
    # of 10 (9 cells, the mook's 5 and its club's 1 short of it): it may.
    archer = [("a1", 0, "archer", (2, 0), {"split": None}), ("b1", 1, "mook", (2, 9))]
    assert Attack(0, "a1", "b1") in R.legal_orders(position([archer[0][:4] + ({"split": 4},), archer[1]], "a1"), 0)
    assert Split(0, "a1", 4) in kept(position(archer, "a1", pending="split"), 0)


def test_easy_keeping_away_says_so():
    # Losing the fight: a1 knocked out, a2 alone against two mooks, nobody
    # of theirs down.  Easy keeps away, and its end of turn says why.
    figures = [("a2", 0, "fighter", (5, 4)), ("a1", 0, "fighter", (0, 0), {"status": "ko", "wounds": 4}),
               ("b1", 1, "mook", (5, 8)), ("b2", 1, "mook", (9, 9))]
    state = position(figures, "a2")
    know = knowledge_for(R)
    know.level = LEVEL_TABLE["easy"]
    assert know.explain(R.view(state, 0), 0, EndTurn(0, "a2")) == "keeps its distance while behind, 1 standing against 2"
    assert reason(state, 0, EndTurn(0, "a2")) == "nobody it may attack in reach of the sword"  # other levels
