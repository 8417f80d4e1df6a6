"""Waylights' easy plays like a beginner (issue 31): what a tester saw it
do in computer-against-computer games, each in a hand-built position
(tests/rulesets/waylights/helpers.py), and a reason for every order that
says what the order does instead of "the best of N orders its search
tried".

- (b) a split move sideways and a Move back to where the turn began: a
  zig-zag, two Actions for nothing ("Sequence": two Actions a turn);
- (c) a reload (priming the launcher, *Use an item*) and then a change of
  weapon in the same turn: the prime is wasted;
- (d) a counterattack (which defends with no dice, "Attack and Defense")
  that trades a small chance to wound the attacker for a much larger
  chance to be wounded.

Normal and hard kept their own shortlists until a tester's normal and
hard games showed the same sidestep for nothing and the same cover taken
for nothing: those two are dropped at every level now
(tests/ai/test_waylights_turn_tactics.py).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from core.ai import choose, knowledge_for
from core.ai.search import LEVELS as LEVEL_TABLE
from core.rulesets.waylights import RULESET as R
from core.rulesets.waylights.exchange import exchange
from core.rulesets.waylights.orders import Attack, Counter, Defend, Move, SplitMove, Step, TakeCover, Wield
from tests.rulesets.waylights.helpers import do, position

SEEDS = range(8)


def kept(state, side, level="easy"):
    know = knowledge_for(R)
    know.level = LEVEL_TABLE[level]
    return know.shortlist(R.view(state, side), side, R.legal_orders(state, side))


def chosen(state, side, level="easy"):
    view, legal = R.view(state, side), R.legal_orders(state, side)
    return [choose(R, view, side, legal, level, seed) for seed in SEEDS]


def cheb(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


# -- (b) a sidestep and back -------------------------------------------------

# a2, a Fighter (sword, move 6), has split-moved one cell sideways from
# 6,4 to 5,4: the mook b1 at 5,8 is four cells (Chebyshev) from both, and
# a sword reaches only the four cells beside it, so nobody is in reach
# from either.  Two against two: level.
SIDESTEPPED = [("a2", 0, "fighter", (5, 4)), ("a1", 0, "fighter", (0, 0)),
               ("b1", 1, "mook", (5, 8)), ("b2", 1, "mook", (9, 9))]


def sidestepped():
    return position(SIDESTEPPED, "a2", actions=1, exposed=True)


def test_easy_does_not_step_back_to_where_its_turn_began():
    state = sidestepped()
    back = [o for o in R.legal_orders(state, 0) if isinstance(o, (Move, SplitMove, Step)) and o.to == (6, 4)]
    assert back  # the rules allow it: a Move of one cell
    assert cheb((6, 4), (5, 8)) == cheb((5, 4), (5, 8)) == 4
    moves = [o for o in kept(state, 0) if isinstance(o, (Move, SplitMove, Step))]
    assert moves  # moving on toward the mook stays open
    for o in moves:  # and every move left comes nearer the nearest enemy
        assert min(cheb(o.to, f) for f in ((5, 8), (9, 9))) < 4, o
    for c in chosen(state, 0):
        if isinstance(c.order, (Move, SplitMove, Step)):
            assert c.order.to != (6, 4), c.reason
            assert cheb(c.order.to, (5, 8)) < 4, c.reason


def test_normal_and_hard_drop_the_sidestep_back_too():
    # A move no nearer the nearest enemy that brings no blow and no better
    # cover (the field is open) is an Action for nothing at every level.
    state = sidestepped()
    for level in ("normal", "hard"):
        assert not any(isinstance(o, Move) and o.to == (6, 4) for o in kept(state, 0, level))


def test_easy_keeps_away_while_behind_and_presses_on_while_level():
    # One move of a turn that closes and the next that draws back (or the
    # other way round) is a zig-zag the view cannot see (it does not say
    # where the turn began); easy keeps one way for the whole turn.
    # Behind is losing the fight (a figure of its own KO, none of theirs),
    # not a smaller side: alone against two from the start, it presses on.
    level = position(SIDESTEPPED, "a2")
    behind = position([SIDESTEPPED[0], SIDESTEPPED[1][:4] + ({"status": "ko", "wounds": 4},)] + SIDESTEPPED[2:], "a2")
    smaller = position(SIDESTEPPED[:1] + SIDESTEPPED[2:], "a2")  # a2 alone against two
    for o in kept(smaller, 0):
        if isinstance(o, (Move, SplitMove, Step)):
            assert min(cheb(o.to, f) for f in ((5, 8), (9, 9))) <= 4, o
    for state, away_ok in ((level, False), (behind, True)):
        for o in kept(state, 0):
            if isinstance(o, (Move, SplitMove, Step)):
                gap = min(cheb(o.to, f) for f in ((5, 8), (9, 9)))
                assert (gap >= 4) if away_ok else (gap <= 4), o


# -- (c) a reload, then a change of weapon -----------------------------------

# a3, an Archer, has primed its pneumatic this turn (one Action left); the
# Fighter b1 stands beside it (its knife reaches it: orthogonally
# adjacent), all four dice to defend, so no shot is a good one.
# The mook b2 in the far corner is out of the pneumatic's range of 10.
PRIMED = [("a3", 0, "archer", (0, 0), {"primed": (True, False), "ammo": (3, 0)}),
          ("b1", 1, "fighter", (0, 1), {"split": 0}), ("b2", 1, "mook", (9, 9))]


def test_easy_does_not_change_weapon_after_priming():
    state = position(PRIMED, "a3", actions=1, reloading="reload")
    assert any(isinstance(o, Wield) and o.weapon == "knife" for o in R.legal_orders(state, 0))
    assert not any(isinstance(o, Wield) for o in kept(state, 0))
    for c in chosen(state, 0):
        assert not isinstance(c.order, Wield), c.reason
    # The same change of weapon without a prime this turn stays open.
    fresh = position(PRIMED, "a3", actions=1)
    assert any(isinstance(o, Wield) and o.weapon == "knife" for o in kept(fresh, 0))


def test_easy_changes_weapon_only_to_one_that_reaches_an_enemy():
    # Nobody within the knife's reach: wielding it would be an Action for
    # nothing, and wielding the pneumatic back the next one a zig-zag.
    far = position([PRIMED[0], ("b1", 1, "fighter", (0, 5), {"split": 0}), ("b2", 1, "mook", (9, 9))], "a3")
    assert any(isinstance(o, Wield) for o in R.legal_orders(far, 0))
    assert not any(isinstance(o, Wield) for o in kept(far, 0))


def test_easy_takes_cover_only_when_it_stepped_out_with_both_actions_left():
    # Cover lost by stepping out counts only against shots in the figure's
    # own turn (the rulings, Cover): at the start of a turn taking cover
    # changes nothing.
    start = position(PRIMED, "a3")
    assert not any(isinstance(o, TakeCover) for o in R.legal_orders(start, 0))  # the rules refuse it now
    assert not any(isinstance(o, TakeCover) for o in kept(start, 0))
    # On open ground, with nobody to shoot it, there is no cover to go
    # back into: the Action buys nothing (dropped at every level).
    stepped = position(PRIMED, "a3", stepped=True, exposed=True)
    assert not any(isinstance(o, TakeCover) for o in kept(stepped, 0))
    # On brush (light cover under it), the slinger b2 in sight with its
    # stones, stepped out with both Actions left (the pneumatic to prime):
    # the cover counts against a counter shot while it acts.
    brush = [",........."] + ["." * 10] * 9
    unprimed = PRIMED[0][:4] + ({"primed": (False, False), "ammo": (3, 0)},)
    covered = position([unprimed, PRIMED[1], ("b2", 1, "slinger", (4, 0))], "a3", rows=brush,
                       stepped=True, exposed=True)
    assert any(isinstance(o, TakeCover) for o in kept(covered, 0))


# -- (d) a counterattack that trades badly -----------------------------------

# The tester's b1: a Mook (club) on 2/2 attacked by a1, a Fighter on 3/1
# with its sword.  Worked from the roster, "Attack and Defense", "Damage
# resolution" and the rulings' order of resolution (melee: both blows
# rolled, the better Timing's lands first):
# - the sword: 3d6 + blade 2 + strength 1 + sword 2 = 3d6 + 5, against
#   the mook's defence of brawling 1 + strength 1 = 2 plus its dice, and
#   its Threshold 2 (a wound above 2, two above 4, three, its KO, above 6);
# - defending with its 2 dice, it is wounded when 3d6 + 5 - (2d6 + 2) > 2;
# - countering, it defends with none: 3d6 + 3 > 2 always wounds, and
#   3d6 + 3 > 6 (3d6 of 4 or more, 215/216) knocks it out; the Fighter's
#   Timing 2 beats the mook's 0, so its blow lands first and the club's is
#   lost;
# - the club's blow, 2d6 + brawling 1 + strength 1 + club 1 = 2d6 + 3,
#   against 1d6 + blade 2 + strength 1 + shield 1 = 1d6 + 4 and Threshold
#   3 (2 + padded armour): a wound when 2d6 - 1d6 > 4.
ATTACKED = [("a1", 0, "fighter", (4, 4), {"split": 3}), ("b1", 1, "mook", (4, 5), {"split": 2}),
            ("b2", 1, "mook", (9, 9)), ("a2", 0, "fighter", (0, 0))]


def attacked():
    state = do(position(ATTACKED, "a1"), "attack side=0 unit=a1 target=b1")[0]
    assert state.pending == "response"
    assert any(isinstance(o, Counter) for o in R.legal_orders(state, 1))  # the rules allow a counter
    return state


def by_hand():
    """(wounded defending, wounded countering, counter wounds a1)."""
    d6 = range(1, 7)
    defended = Fraction(sum(1 for r in product(d6, repeat=5) if sum(r[:3]) + 5 - (r[3] + r[4] + 2) > 2), 6 ** 5)
    sword = [sum(r) for r in product(d6, repeat=3)]
    ko_first = Fraction(sum(1 for a in sword if a + 3 > 6), len(sword))
    club = Fraction(sum(1 for a, b, d in product(d6, repeat=3) if a + b + 3 - (d + 4) > 3), 216)
    return defended, Fraction(1), (1 - ko_first) * club


def test_the_counter_trades_badly_by_the_rules():
    defended, countered, wounds_a1 = by_hand()
    assert wounds_a1 == Fraction(1, 576) and round(float(defended), 2) == 0.85
    x = exchange(attacked(), "a1", "b1")
    assert (x.target_wound, x.attacker_wound) == (countered, wounds_a1)
    assert wounds_a1 < countered - defended  # the counter costs more than it can give
    # The reason gives the exchange's chances, not the club's blow alone
    # (37.5%, as if it always landed).
    state = attacked()
    said = knowledge_for(R).explain(R.view(state, 1), 1, Counter(1, "b1"))
    assert said == "2 dice at a1: 0% to wound it, 100% to be wounded"


def test_easy_defends_rather_than_make_a_losing_counter():
    state = attacked()
    assert all(isinstance(o, Defend) for o in kept(state, 1))
    for c in chosen(state, 1):
        assert isinstance(c.order, Defend), c.reason
    # Normal's and hard's menus are left as they were: the counter can
    # wound, so the all-level rule (hopeless_counter) keeps it.
    for level in ("normal", "hard"):
        assert any(isinstance(o, Counter) for o in kept(state, 1, level))


# -- (a) every reason says what the order does -------------------------------


def test_no_waylights_reason_falls_back_on_the_search():
    # The orders a tester saw with "the best of N orders its search tried":
    # each now says what it does, in facts the board shows.
    know = knowledge_for(R)
    side = sidestepped()
    view = R.view(side, 0)
    said = {o: know.explain(view, 0, o) for o in R.legal_orders(side, 0)}
    assert all(said.values()), [o for o, s in said.items() if not s]
    assert said[TakeCover(0, "a2")] == "no cover from any shooter here: it changes nothing"  # open ground
    sideways = next(o for o in said if isinstance(o, SplitMove) and o.to == (4, 4))
    assert said[sideways] == "sidesteps, still 4 squares, 5 Move from b1"  # a diagonal (2), three straight
    start = position(PRIMED, "a3")
    v = R.view(start, 0)
    assert know.explain(v, 0, TakeCover(0, "a3")) == "not out of cover this turn: it changes nothing"
    assert know.explain(v, 0, Wield(0, "a3", "knife")) == "b1 in reach of the knife"
    for seed in SEEDS:
        c = choose(R, view, 0, R.legal_orders(side, 0), "easy", seed)
        assert "orders its search tried" not in c.reason, c.reason
    # A move that brings an enemy within reach says so.
    step_in = position([("a2", 0, "fighter", (5, 4)), ("b1", 1, "mook", (4, 5))], "a2")
    beside = next(o for o in R.legal_orders(step_in, 0) if isinstance(o, Step) and o.to == (4, 4))
    assert know.explain(R.view(step_in, 0), 0, beside) == "brings b1 in reach of the sword"
    assert not any(isinstance(o, Attack) for o in R.legal_orders(step_in, 0))  # diagonal: not yet
