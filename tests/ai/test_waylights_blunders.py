"""Waylights: the blunders of issue 31 and a reason that must be true, in
hand-built positions (tests/rulesets/waylights/helpers.py).

No level, easy included, passes up a good shot at a wounded target, puts
in a new clip while the old one holds rounds, moves up and back in one
turn, or declares 4/0 (no dice to defend or counter with, issue 26) where
an enemy could strike it before its next turn.  The chance to wound in a reason is the one
the rules give for what the attacker can see: a target yet to declare its
split chooses it only when attacked ("Attack and Defense"), so the reason
gives the range over the splits it may choose.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from core.ai import choose, knowledge_for
from core.ai.search import LEVELS as LEVEL_TABLE
from core.ai.search import Node, _options
from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.orders import Attack, Clip, Move, Split, SplitMove, Step
from tests.rulesets.waylights.helpers import position

LEVELS = ["easy", "normal", "hard"]
SEEDS = range(8)
FAR = ("b9", 1, "mook", (9, 9))


def chosen(state, side, level):
    view, legal = R.view(state, side), R.legal_orders(state, side)
    return [choose(R, view, side, legal, level, seed) for seed in SEEDS]


def kept(state, side, level="normal"):
    know = knowledge_for(R)
    know.level = LEVEL_TABLE[level]
    return know.shortlist(R.view(state, side), side, R.legal_orders(state, side))


@pytest.mark.parametrize("level", LEVELS)
def test_a_good_shot_at_a_wounded_target_is_taken(level):
    # The archer, primed, five cells from a mook one wound from its KO (3
    # wounds for a mook), in the open; another mook stands far off.
    state = position([("a1", 0, "archer", (2, 2)), ("b1", 1, "mook", (2, 7), {"wounds": 2}), FAR], "a1")
    for c in chosen(state, 0, level):
        assert isinstance(c.order, Attack) and c.order.target == "b1", c.reason


@pytest.mark.parametrize("level", LEVELS)
def test_no_new_clip_while_the_old_one_holds_rounds(level):
    # Unprimed with 2 rounds in the hopper: a reload primes it; a new
    # clip would spend the Action and the turn's step for nothing.
    state = position([("a1", 0, "archer", (2, 2), {"ammo": (2, 0), "primed": (False, False)}),
                      ("b1", 1, "mook", (2, 7), {"wounds": 2}), FAR], "a1")
    legal = R.legal_orders(state, 0)
    assert any(isinstance(o, Clip) for o in legal)
    assert not any(isinstance(o, Clip) for o in kept(state, 0, level))
    empty = position([("a1", 0, "archer", (2, 2), {"ammo": (0, 0), "primed": (False, False)}), FAR], "a1")
    assert any(isinstance(o, Clip) for o in kept(empty, 0, level))  # empty: the clip is what it needs


@pytest.mark.parametrize("level", LEVELS)
def test_no_step_back_after_moving_up(level):
    # The fighter moved up this turn and is now 4 cells from the nearest
    # mook: a move that takes it further away undoes it (a zig-zag).
    state = position([("a1", 0, "fighter", (4, 4)), ("b1", 1, "mook", (4, 8)), ("b2", 1, "mook", (6, 8)), FAR],
                     "a1", moved=True, actions=1, exposed=True)
    legal = R.legal_orders(state, 0)
    back = {o for o in legal if isinstance(o, (Move, SplitMove, Step)) and max(abs(o.to[0] - 4), abs(o.to[1] - 8)) > 4
            and max(abs(o.to[0] - 6), abs(o.to[1] - 8)) > 4}
    assert back
    assert not back & set(kept(state, 0, level))
    # Before moving, backing off stays open to the search (easy backs off
    # only while its side is losing the fight: a figure of its own KO).
    figures = [("a1", 0, "fighter", (4, 4)), ("b1", 1, "mook", (4, 8)), ("b2", 1, "mook", (6, 8)), FAR]
    if level == "easy":
        figures.append(("a2", 0, "fighter", (0, 0), {"status": "ko", "wounds": 4}))
    fresh = position(figures, "a1")
    assert {o for o in R.legal_orders(fresh, 0) if o in back} & set(kept(fresh, 0, level))


@pytest.mark.parametrize("level", LEVELS)
def test_no_split_move_out_and_back(level):
    # A tester's server game: the slinger began its turn at 6,7 beside a2,
    # split-moved to 4,7 beside a1, then split-moved back to 6,7: both
    # Actions for nothing.  A Split Move leaves no ``moved`` flag (that is
    # the Move action's), so the zig-zag rule did not see it; the turn's
    # first cell (``turn_from``) does.
    figures = [("b3", 1, "slinger", (4, 7)), ("a1", 0, "fighter", (4, 8)), ("a2", 0, "fighter", (6, 6)),
               ("a9", 0, "mook", (0, 0))]
    state = position(figures, "b3", actions=1, turn_from=(6, 7))
    legal = R.legal_orders(state, 1)
    back = {o for o in legal if isinstance(o, (Move, SplitMove, Step)) and o.to == (6, 7)}
    assert back
    assert not back & set(kept(state, 1, level))
    further = {o for o in legal if isinstance(o, (Move, SplitMove, Step))
               and min(max(abs(o.to[0] - x), abs(o.to[1] - y)) for x, y in ((4, 8), (6, 6), (0, 0))) > 1}
    assert further and not further & set(kept(state, 1, level))  # moved: no further from them either
    # At the turn's start the same cell is a sidestep that gains no blow
    # and no cover: dropped at every level since a tester's normal and hard
    # games (tests/ai/test_waylights_turn_tactics.py).
    fresh = position(figures, "b3", turn_from=(4, 7))
    assert not {o for o in R.legal_orders(fresh, 1) if isinstance(o, SplitMove) and o.to == (6, 7)} \
        & set(kept(fresh, 1, level))


BESIDE_TWO = [("a1", 0, "slinger", (2, 2), {"split": None}), ("b1", 1, "fighter", (2, 3)),
              ("b2", 1, "fighter", (1, 2)), FAR]


@pytest.mark.parametrize("level", LEVELS)
def test_no_4_0_split_beside_two_swordsmen(level):
    # A sword reaches the four cells beside its holder: both fighters reach
    # the slinger.  On 4/0 each of their attacks meets no defence dice and
    # it cannot counter.
    state = position(BESIDE_TWO, "a1", pending="split")
    assert any(isinstance(o, Split) and o.attack == 4 for o in R.legal_orders(state, 0))
    for c in chosen(state, 0, level):
        assert not (isinstance(c.order, Split) and c.order.attack == 4), c.reason


def test_on_4_0_no_move_ends_beside_two_swordsmen():
    state = position([("a1", 0, "slinger", (2, 0), {"split": 4}), ("b1", 1, "fighter", (2, 3)),
                      ("b2", 1, "fighter", (1, 2)), FAR], "a1")
    legal = R.legal_orders(state, 0)
    assert any(isinstance(o, (Move, SplitMove, Step)) and o.to == (2, 2) for o in legal)
    assert not any(isinstance(o, (Move, SplitMove, Step)) and o.to == (2, 2) for o in kept(state, 0))


def strikes_in_its_turn(figures, foe: str, target: str) -> bool:
    """Played by the rules: whether ``foe``, given its turn (the figures as
    in ``figures``), can attack ``target`` where it stands or after one of
    its legal Moves, Split Moves or steps."""
    state = position(figures, foe)

    def attacks(s) -> bool:
        return any(isinstance(o, Attack) and o.target == target for o in R.legal_orders(s, s.get(foe).side))

    if attacks(state):
        return True
    moves = [o for o in R.legal_orders(state, 1) if isinstance(o, (Move, SplitMove, Step)) and o.unit == foe]
    assert moves
    return any(attacks(R.apply(state, o)[0]) for o in moves)


# b1 stands four cells off: not in reach now, but its turn (a Move, then a
# Fight) comes before a1's next one, and a1's split stands until then.
ONE_MOVE_OFF = [("a1", 0, "slinger", (2, 2), {"split": None}), ("b1", 1, "fighter", (2, 6)), FAR]


@pytest.mark.parametrize("level", LEVELS)
def test_no_4_0_split_where_an_enemy_can_move_up_and_strike_first(level):
    assert strikes_in_its_turn(ONE_MOVE_OFF, "b1", "a1")
    assert not strikes_in_its_turn(ONE_MOVE_OFF, "b9", "a1")
    state = position(ONE_MOVE_OFF, "a1", pending="split")
    assert any(isinstance(o, Split) and o.attack == 4 for o in R.legal_orders(state, 0))
    assert not any(isinstance(o, Split) and o.attack == 4 for o in kept(state, 0, level))


# Nobody can reach a1 before its next turn: the mook, nine rows off, moves 5.
OUT_OF_REACH = [("a1", 0, "archer", (2, 0), {"split": None}), ("b1", 1, "mook", (2, 9))]


def test_a_4_0_split_out_of_every_enemys_reach_stays_open_and_its_reason_says_so():
    assert not strikes_in_its_turn(OUT_OF_REACH, "b1", "a1")
    state = position(OUT_OF_REACH, "a1", pending="split")
    all_in = next(o for o in kept(state, 0) if isinstance(o, Split) and o.attack == 4)
    assert knowledge_for(R).explain(R.view(state, 0), 0, all_in) == (
        "all 4 dice attack: no enemy reaches it before its next turn")
    beside = position(ONE_MOVE_OFF, "a1", pending="split")
    assert knowledge_for(R).explain(R.view(beside, 0), 0, Split(0, "a1", 4)).endswith("none to defend or counter")


# -- the reason's chance, by hand ------------------------------------------


def by_hand(attack_dice: int, defence_dice: int) -> Fraction:
    """The fighter's sword against a mook, worked from the roster and the
    damage resolution: attack = the dice + blade 2 + Strength 1 + sword 2;
    defence = the dice + brawling 1 + Strength 1 (the mook's club, no
    shield or armour); Threshold 2.  A wound needs a margin above the
    Threshold: A + 5 - (D + 2) > 2, that is A >= D."""
    wins = total = 0
    for a in itertools.product(range(1, 7), repeat=attack_dice):
        for d in itertools.product(range(1, 7), repeat=defence_dice):
            total += 1
            wins += sum(a) >= sum(d)
    return Fraction(wins, total)


def test_the_chance_to_wound_a_target_yet_to_split_is_its_range():
    # The mook has had no turn, so it declares its split when attacked:
    # 0 to 4 defence dice.  The fighter attacks on 3/1.
    state = position([("a1", 0, "fighter", (2, 2), {"split": 3}), ("b1", 1, "mook", (2, 3), {"split": None}),
                      FAR], "a1")
    attack = next(o for o in R.legal_orders(state, 0) if isinstance(o, Attack) and o.target == "b1")
    low, high = by_hand(3, 4), by_hand(3, 0)
    assert high == 1 and 0.25 < low < 0.26  # all of it against none; about a quarter against four dice
    note = knowledge_for(R).explain(R.view(state, 0), 0, attack)
    assert note == f"3 dice v 0-4 by its split: {float(low):.0%}-100% to wound if it defends"
    # What the old reason said: the 2/2 guess, far from what a careful mook allows.
    assert f"{float(by_hand(3, 2)):.0%}" not in note


def test_the_chance_to_wound_a_target_that_has_split_is_exact():
    # The mook declared 1/3 on its turn and keeps it: 3 defence dice.  It
    # may counter instead (its club reaches), so the chance is said as the
    # chance if it defends.
    state = position([("a1", 0, "fighter", (2, 2), {"split": 3}), ("b1", 1, "mook", (2, 3), {"split": 1}),
                      FAR], "a1")
    attack = next(o for o in R.legal_orders(state, 0) if isinstance(o, Attack) and o.target == "b1")
    note = knowledge_for(R).explain(R.view(state, 0), 0, attack)
    assert note.startswith(f"3 dice v 3: {float(by_hand(3, 3)):.0%} to wound if it defends")
    # On 4/0 it cannot counter: the chance is the whole story.
    allout = position([("a1", 0, "fighter", (2, 2), {"split": 3}), ("b1", 1, "mook", (2, 3), {"split": 4}),
                       FAR], "a1")
    attack = next(o for o in R.legal_orders(allout, 0) if isinstance(o, Attack) and o.target == "b1")
    assert knowledge_for(R).explain(R.view(allout, 0), 0, attack).startswith("3 dice v 0: 100% to wound")


# -- hard's tree: the same tactics for every order it looks at ----------------


def options_in_tree(state, actor, level):
    """The orders the search weighs for ``actor`` at a node of its tree
    (not the root) in ``state``, searching at ``level``."""
    know = knowledge_for(R)
    know.level = know.tuned(LEVEL_TABLE[level])
    return list(_options(R, know, Node(), state, actor, 14, random.Random(3)).values())


def test_hard_expects_the_good_shot_deeper_in_its_tree():
    # Deeper in hard's tree, the side to act (here side 1's archer, as the
    # opponent's reply) is weighed on the good shots alone, as a beginner
    # would play them; normal's tree weighs what looks best of all orders.
    state = position([("b1", 1, "archer", (2, 2)), ("a1", 0, "mook", (2, 7), {"wounds": 2}),
                      ("a9", 0, "mook", (9, 9))], "b1")
    hard = options_in_tree(state, 1, "hard")
    assert hard and all(isinstance(o, Attack) and o.target == "a1" for o in hard)
    normal = options_in_tree(state, 1, "normal")
    assert any(not isinstance(o, Attack) for o in normal)
