"""Waylights: the computer's reasons say what is true of the order they
explain, and four plays a tester saw are gone (log lines "» Bob (normal): …"):

1. an archer, its pneumatic unprimed (3 rounds in the clip), beside a mook
   on 4/0 one wound from its KO: the split's reason said nobody was in
   reach of the pneumatic (it was in range, only unprimed); it then drew
   back and changed to the knife "nobody in reach of the knife from
   here".  A beginner primes and shoots (*Use an item*, then a Fight:
   the two Actions of "Sequence");
2. a split of 1 attack / 3 defence explained by who its club reached,
   then a move away: a split mostly for defence says whom it defends
   against;
3. with Psi tension, a smash bought on a blow that knocks the target out
   anyway (the 3 tension go, the broken item is worth nothing);
4. a Move round the crates onto a low wall, still beside the enemy it
   could strike from where it stood, though no enemy left could shoot
   (*Cover* counts against shots only).

Each position is built by hand (tests/rulesets/waylights/helpers.py) and
the facts a reason states are checked against the rules' own functions
(reach, range, priming), not against the reason's code.
"""

from __future__ import annotations

import attrs
import pytest

from core.ai import choose, knowledge_for
from core.ai.search import LEVELS as LEVEL_TABLE
from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.combat import attack_mods, defence_mods, reaches, threshold, wounds_for
from core.rulesets.waylights.orders import Attack, Move, Reload, Split, SplitMove, Step, Wield
from core.rulesets.waylights.state import WaylightsOptions
from tests.core.test_waylights_could_strike import strikes_by_the_rules
from tests.rulesets.waylights.helpers import position

LEVELS = ["easy", "normal", "hard"]
UNPRIMED = {"primed": (False, False), "ammo": (3, 0)}  # the pneumatic: 3 rounds, not primed


def kept(state, side, level="normal"):
    know = knowledge_for(R)
    know.level = know.tuned(LEVEL_TABLE[level])
    return know.shortlist(R.view(state, side), side, R.legal_orders(state, side))


def reason(state, side, order) -> str:
    return knowledge_for(R).explain(R.view(state, side), side, order)


# -- 1. the archer and the defenceless mook -----------------------------------

# Diagonally beside it: the knife (reach 1, the four cells beside) cannot
# strike it, the pneumatic (range 10) can once primed.
DIAGONAL = [("a3", 0, "archer", (4, 4), {"split": None, **UNPRIMED}),
            ("b2", 1, "mook", (5, 5), {"split": 4, "wounds": 2})]


def test_the_mook_is_in_range_of_the_pneumatic_only_unprimed():
    state = position(DIAGONAL, "a3", pending="split")
    a3, b2 = state.get("a3"), state.get("b2")
    assert reaches(state, a3, b2, a3.weapon) == "the pneumatic is not primed (reload it first)"
    primed = attrs.evolve(a3, primed=(True, False))
    assert reaches(state, primed, b2, primed.weapon) is None
    for attack in (2, 3):  # a split with attack dice says so, not "nobody in reach"; b2 beside it
        # can strike it before its next turn: what its defence dice are for
        assert reason(state, 0, Split(0, "a3", attack)) == (
            f"b2 in range of the pneumatic once primed; {4 - attack} to defend v b2")


def test_a_split_mostly_for_defence_names_whom_it_defends_against():
    state = position(DIAGONAL, "a3", pending="split")
    # b2 (club, reach 1, Move 5) steps beside a3 and strikes next turn
    assert reason(state, 0, Split(0, "a3", 1)) == "keeps 3 to defend: b2 can strike it"
    # out of every enemy's reach for a turn, a split says whom it reaches
    # (6,7): 9.2 cells, within the pneumatic's 10; 7 rows, past the mook's Move 5 and reach 1
    far = position([("a3", 0, "archer", (0, 0), {"split": None, **UNPRIMED}),
                    ("b2", 1, "mook", (6, 7), {"split": 4})], "a3", pending="split")
    assert not strikes_by_the_rules([("a3", 0, "archer", (0, 0)), ("b2", 1, "mook", (6, 7))], "b2", "a3")
    assert reason(far, 0, Split(0, "a3", 1)) == "b2 in range of the pneumatic once primed"


@pytest.mark.parametrize("level", LEVELS)
def test_no_0_4_split_beside_a_defenceless_mook_it_can_shoot(level):
    state = position(DIAGONAL, "a3", pending="split")
    assert any(isinstance(o, Split) and o.attack == 0 for o in R.legal_orders(state, 0))
    assert not any(isinstance(o, Split) and o.attack == 0 for o in kept(state, 0, level))


@pytest.mark.parametrize("level", LEVELS)
def test_it_primes_rather_than_drawing_back(level):
    # the tester's split: 1 attack die, both Actions ahead; one die against
    # no defence dice wounds whatever it rolls (checked below by the mods)
    state = position([("a3", 0, "archer", (4, 4), {"split": 1, **UNPRIMED}),
                      ("b2", 1, "mook", (5, 5), {"split": 4, "wounds": 2})], "a3")
    a3, b2 = state.get("a3"), state.get("b2")
    pneumatic = attrs.evolve(a3, primed=(True, False)).weapon
    least = 1 + sum(v for _, v in attack_mods(a3, pneumatic)) - sum(v for _, v in defence_mods(b2, pneumatic))
    assert wounds_for(least, threshold(b2)) >= 1  # every shot wounds, and b2 is one wound from its KO
    shortlist = kept(state, 0, level)
    assert shortlist == [Reload(0, "a3")]
    assert not any(isinstance(o, (Move, SplitMove, Step, Wield)) for o in shortlist)
    c = choose(R, R.view(state, 0), 0, R.legal_orders(state, 0), level, 0)
    assert c.order == Reload(0, "a3")
    after, _ = R.apply(state, c.order)
    c = choose(R, R.view(after, 0), 0, R.legal_orders(after, 0), level, 0)
    assert c.order == Attack(0, "a3", "b2"), c.reason


def test_a_change_of_weapon_says_what_the_new_weapon_is_for():
    # Three rows off the mook: the knife reaches it after a Move (6)
    state = position([("a3", 0, "archer", (5, 2), {"split": 1, **UNPRIMED}),
                      ("b2", 1, "mook", (5, 5), {"split": 4, "wounds": 2})], "a3")
    words = reason(state, 0, Wield(0, "a3", "knife"))
    assert words == "b2 in reach of the knife after a Move"
    # Beyond a Move and the knife's reach (9 cells, Move 6): no "nobody in
    # reach" that argues against the order; it is for a counter
    far = position([("a3", 0, "archer", (0, 0), {"split": 1, **UNPRIMED}),
                    ("b2", 1, "mook", (9, 9), {"split": 4})], "a3")
    assert reaches(far, far.get("a3"), far.get("b2"), far.get("a3").weapon) == "b2 is beyond the pneumatic's range of 10"
    assert reason(far, 0, Wield(0, "a3", "knife")) == "nobody a Move away: the knife to counter with"


# -- 3. no smash on a blow that knocks the target out anyway -------------------

PSI = WaylightsOptions(psi_tension=True)


def smash_position(target: dict, attack: int):
    return position([("a1", 0, "fighter", (4, 4), {"split": attack, "tension": 4}),
                     ("b4", 1, "thug", (4, 5), target)], "a1", options=PSI)


def test_no_smash_when_every_valid_hit_knocks_the_target_out():
    state = smash_position({"split": 4, "wounds": 2}, 4)
    a1, b4 = state.get("a1"), state.get("b4")
    # 4 attack dice (4 at least) against none: every roll wounds, and one wound is b4's KO
    least = 4 + sum(v for _, v in attack_mods(a1, a1.weapon)) - sum(v for _, v in defence_mods(b4, a1.weapon))
    assert wounds_for(least, threshold(b4)) >= 1 and b4.wounds + 1 >= b4.ko_at
    smashes = [o for o in R.legal_orders(state, 0) if isinstance(o, Attack) and o.smash]
    assert smashes  # the rules offer it (Psi tension: without the option no smash is ever listed)
    plain = position([("a1", 0, "fighter", (4, 4), {"split": 4, "tension": 4}),
                      ("b4", 1, "thug", (4, 5), {"split": 4, "wounds": 2})], "a1")
    assert not any(isinstance(o, Attack) and o.smash for o in R.legal_orders(plain, 0))
    for level in LEVELS:
        assert not any(o.smash for o in kept(state, 0, level) if isinstance(o, Attack)), level


def test_a_smash_stays_where_the_blow_cannot_knock_out():
    # 1 attack die against 3 defence dice: the best margin is 6 - 3 plus the
    # mods, short of the 7 that deals a fresh b4 its three wounds (KO), and
    # a wound is in reach (a margin above the Threshold of 2)
    state = smash_position({"split": 1}, 1)
    a1, b4 = state.get("a1"), state.get("b4")
    best = 6 + sum(v for _, v in attack_mods(a1, a1.weapon)) - 3 - sum(v for _, v in defence_mods(b4, a1.weapon))
    assert 1 <= wounds_for(best, threshold(b4)) < b4.ko_at - b4.wounds
    smashes = [o for o in R.legal_orders(state, 0) if isinstance(o, Attack) and o.smash]
    assert smashes and set(smashes) <= set(kept(state, 0, "normal"))


# -- 4. no walk onto cover nobody can shoot through ----------------------------


def cover_position(shooter: str):
    rows = ["." * 10] * 10
    rows = [r if y != 5 else "...=......" for y, r in enumerate(rows)]  # a low wall at 3,5
    return position([("a2", 0, "fighter", (4, 4), {"split": 2}),
                     ("b1", 1, "mook", (4, 5), {"split": 0}),  # 4 defence dice: no good shot
                     ("b3", 1, shooter, (9, 9), {"split": 2, "status": "ko"} if shooter == "thug" else
                      {"split": 2})], "a2", rows=rows)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_no_sidestep_onto_cover_when_no_enemy_can_shoot(level):
    state = cover_position("thug")  # the only shooter knocked out
    a2, b1 = state.get("a2"), state.get("b1")
    assert reaches(state, a2, b1, a2.weapon) is None  # it can strike now
    onto = [o for o in R.legal_orders(state, 0) if isinstance(o, (Move, SplitMove, Step)) and o.to == (3, 5)]
    assert onto and state.battlefield.terrain((3, 5)).cover == 2
    assert not set(onto) & set(kept(state, 0, level))
    # with a slinger up (stones to throw), the wall counts: the move stays
    shot_at = cover_position("slinger")
    assert {getattr(o, "to", None) for o in kept(shot_at, 0, level)} & {(3, 5)}


def test_a_sidestep_onto_a_wall_claims_no_cover_nobody_can_shoot_through():
    state = cover_position("thug")
    onto = next(o for o in R.legal_orders(state, 0) if isinstance(o, (Move, SplitMove, Step)) and o.to == (3, 5))
    assert reason(state, 0, onto) == "sidesteps, still 1 square, 1 Move from b1"
    assert reason(cover_position("slinger"), 0, onto) == "onto low-wall: medium cover, 1 square, 1 Move from b1"
