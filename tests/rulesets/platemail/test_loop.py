"""Write / commit / resolve, view hiding, rejected orders, random play."""

import random

import attrs
import pytest

from core.battlefield_text import parse_battlefield
from core.game import start, submit
from core.registry import find_ruleset
from core.ruleset import Rejection
from core.rulesets.platemail import RULESET
from core.rulesets.platemail.state import Commit

from .helpers import act, order, position


def test_registered_with_capabilities():
    rules = find_ruleset("platemail")
    assert rules.capabilities.simultaneous_orders and rules.capabilities.hidden_information


def test_both_sides_write_then_the_second_commit_resolves_two_phases():
    st = position([("footman", 0, (5, 4)), ("footman", 1, (5, 8))])
    assert RULESET.to_act(st) == frozenset({0, 1})
    w0 = order(0, "a1", act(0, "move", to=(5, 5)))
    st, _ = RULESET.apply(st, w0)
    st, _ = RULESET.apply(st, Commit(0))
    assert RULESET.to_act(st) == frozenset({1})
    assert RULESET.check(st, w0) is not None  # orders cannot change once committed
    st, events = RULESET.apply(st, Commit(1))
    assert st.round == 2 and st.plans == () and st.committed == (False, False)
    assert st.char("a1").pos == (5, 5)
    assert [e.phase for e in events if type(e).__name__ == "PhaseBegan"] == [1, 2]


def test_view_hides_the_other_sides_orders_until_resolution():
    st = position([("footman", 0, (5, 4)), ("footman", 1, (5, 8))])
    a, _ = RULESET.apply(st, order(0, "a1", act(0, "charge", "b1")))
    b, _ = RULESET.apply(st, order(0, "a1", act(0, "fall-back")))
    a, _ = RULESET.apply(a, Commit(0))
    b, _ = RULESET.apply(b, Commit(0))
    # Side 1 (and a neutral onlooker) sees the same thing whatever side 0 wrote.
    assert RULESET.view(a, 1) == RULESET.view(b, 1)
    assert RULESET.view(a, None) == RULESET.view(b, None)
    assert RULESET.view(a, 1).plans == ()
    # Side 0 still sees its own orders.
    assert RULESET.view(a, 0).plans == a.plans
    assert RULESET.view(a, 0) != RULESET.view(b, 0)
    # Nothing listed for side 1 depends on side 0's secret orders either.
    assert RULESET.legal_orders(a, 1) == RULESET.legal_orders(b, 1)


def test_rejected_orders_are_values_and_change_nothing():
    st = position([("footman", 0, (5, 4)), ("archer", 1, (5, 8))])
    bad = [
        order(0, "b1", act(0, "defend")),  # not yours
        order(0, "a1", act(0, "charge")),  # no target
        order(0, "a1", act(0, "clash")),  # involuntary
        order(0, "a1", act(0, "prepare-spell", spell="firebolt")),  # footman knows none
        order(0, "a1", act(0, "move")),  # nowhere to go
        order(0, "a1", act(0, "guard", "b1")),  # guarding an enemy
        order(0, "a1", act(0, "use-item", item="juggle")),
        order(0, "a1", act(0, "release-spell", "closest")),  # nothing prepared
        order(0, "a1", act(0, "move", to=(40, 40))),
        order(0, "a1", act(1, "defend")),  # nested side mismatch
        act(0, "defend"),  # a bare Action
    ]
    for o in bad:
        before = st
        problem = RULESET.check(st, o)
        assert isinstance(problem, Rejection), o.to_text()
        assert problem.message and st == before


def test_text_forms_round_trip():
    w = order(0, "a1", act(0, "charge", "closest"), "reached", act(0, "full-attack", "closest"),
              act(0, "use-item", item="swap:javelin"))
    assert RULESET.parse_order(w.to_text()) == w
    assert "IF I reached my target" in RULESET.describe_order(None, w)


def test_a_second_action_the_same_either_way_reads_without_then_and_else():
    guard = act(0, "guard", "a2")
    same = order(0, "a1", guard, "hit", guard, guard)
    text = RULESET.describe_order(None, same)
    assert text == "a1: Guard a2 (R); either way (IF I was hit or not): Guard a2 (R)", text
    assert "THEN" not in text and "ELSE" not in text
    differ = order(0, "a1", guard, "hit", guard, act(0, "defend"))
    assert "IF I was hit THEN Guard a2 (R) ELSE Defend" in RULESET.describe_order(None, differ)


def test_deployment_then_orders():
    bf = parse_battlefield(open("saves/data/battlefields/pm-yard.txt").read())
    game = start("platemail", None, bf, 3)
    for side in (0, 1):
        for o in RULESET.legal_orders(game.state, side)[:1]:
            game = submit(game, o).game
        ready = [o for o in game.legal_orders(side) if o.verb == "ready"]
        game = submit(game, ready[0]).game
    assert game.state.stage == "orders" and all(c.pos for c in game.state.characters)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_legal_play_reaches_the_end(seed):
    rng = random.Random(seed)
    bf = parse_battlefield(open("saves/data/battlefields/pm-yard.txt").read())
    opts = attrs.evolve(RULESET.default_options(), round_limit=5,
                        roster_0="footman,archer,knight,rogue", roster_1="crossbowman,spellcaster,rogue,footman")
    game = start("platemail", opts, bf, seed)
    for _ in range(3000):
        if game.outcome is not None:
            break
        side = rng.choice(sorted(game.to_act))
        legal = game.legal_orders(side)
        assert legal
        o = rng.choice(legal)
        assert RULESET.parse_order(o.to_text()) == o
        result = submit(game, o)
        assert not isinstance(result, Rejection), (o.to_text(), result)
        game = result.game
    assert game.outcome is not None


def test_a_game_ended_by_the_round_limit_reports_the_last_round_played_as_its_turn():
    """The result screen's "Rounds played" and the banner read situation().turn:
    12 Rounds played is Round 12, not the Round that never began."""
    st = position([("footman", 0, (1, 1)), ("footman", 1, (14, 10))])
    st = attrs.evolve(st, options=attrs.evolve(st.options, round_limit=2))
    for round_ in (1, 2):
        assert RULESET.situation(st).turn == round_
        st, _ = RULESET.apply(st, Commit(0))
        st, _ = RULESET.apply(st, Commit(1))
    assert st.stage == "over" and "Round limit (2)" in st.reason
    assert RULESET.situation(st).turn == 2
