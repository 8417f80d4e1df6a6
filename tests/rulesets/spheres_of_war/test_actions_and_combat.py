"""Rules 14-17 and 28-37: five Actions each, Instigator first, alternating;
contact starts the exchange of strikes and d6 defences; rolls count, strikes do not."""

from core.events import Defeated, Removed, Rolled, Struck
from core.rulesets.spheres_of_war import RULESET
from core.rulesets.spheres_of_war.events import MatchResolved
from core.rulesets.spheres_of_war.orders import Fight, Move, Wait

from .helpers import kinds, play, position

# i1 three inches north of r1; i2 and r2 far away form the second Match.
DUEL = {"i1": (5, 3), "r1": (5, 6), "i2": (0, 0), "r2": (11, 11)}


def test_five_actions_each_instigator_first_then_alternating():
    state, _ = position(DUEL)
    sides = []
    for n in range(10):
        side = next(iter(RULESET.to_act(state)))
        sides.append(side)
        uid = state.match.instigator if side == 0 else state.match.retaliator
        assert RULESET.situation(state).phase == f"Match 1: {uid}'s action {n // 2 + 1} of 5"
        state, events = play(state, Wait(side, uid))
    assert sides == [0, 1] * 5
    assert [e for e in events if isinstance(e, MatchResolved)][0].units == ("i1", "r1")
    assert set(state.inert) == {"i1", "r1"}
    assert state.match.number == 2


def test_only_the_acting_combatant_of_the_match_may_act():
    state, _ = position(DUEL)
    assert RULESET.check(state, Wait(1, "r1")).code == "not-your-turn"
    assert RULESET.check(state, Wait(0, "i2")).code == "not-acting"
    assert RULESET.check(state, Wait(0, "r1")).code == "not-your-unit"
    assert RULESET.check(state, Wait(0, "x9")).code == "unknown-unit"
    assert RULESET.legal_orders(state, 1) == []


def test_moving_into_contact_strikes_at_once_and_the_struck_defends_first():
    state, _ = position(DUEL, dice=(5,))
    state, events = play(state, Move(0, "i1", (5, 5)))
    assert [(e.attacker, e.target) for e in events if isinstance(e, Struck)] == [("i1", "r1")]
    assert not any(isinstance(e, Rolled) for e in events)  # the strike needs no roll
    # The strike was free: the move was the Instigator's first Action, now the Retaliator's first.
    assert RULESET.situation(state).phase == "Match 1: r1's action 1 of 5"
    assert RULESET.legal_orders(state, 1) == [Fight(1, "r1")]
    assert RULESET.describe_order(state, Fight(1, "r1")) == "Defend r1 (roll d6, 5-6 fails)"
    assert RULESET.check(state, Wait(1, "r1")).code == "must-defend"
    assert [u.markers for u in RULESET.units(state) if u.id == "r1"] == ["C!"]
    # Rule 33a: 5 fails; r1 is defeated and removed, i1 is the Winner.
    state, events = play(state, Fight(1, "r1"))
    rolls = [e for e in events if isinstance(e, Rolled)]
    assert [(r.expression, r.total, r.who) for r in rolls] == [("1d6", 5, "r1")]
    assert rolls[0].low_is_good  # the defender wants it low: 5-6 fails (the result's luck reads it so)
    assert [(e.unit, e.by) for e in events if isinstance(e, Defeated)] == [("r1", "i1")]
    assert state.unit("r1").removed and state.unit("r1").pos is None
    assert [e for e in events if isinstance(e, MatchResolved)][0].units == ("i1",)
    assert state.inert == ("i1",)


def test_a_successful_defence_strikes_back_and_the_attacker_must_defend():
    state, _ = position(DUEL, dice=(4, 6))
    state, _ = play(state, Move(0, "i1", (5, 5)))
    # Rule 33b: 1-4 holds and strikes back; rule 34: now A defends, 6 fails.
    state, events = play(state, Fight(1, "r1"))
    assert [(e.attacker, e.target) for e in events if isinstance(e, Struck)] == [("r1", "i1")]
    assert not state.unit("r1").removed
    assert RULESET.situation(state).phase == "Match 1: i1's action 2 of 5"
    state, events = play(state, Fight(0, "i1"))
    assert [(e.unit, e.by) for e in events if isinstance(e, Defeated)] == [("i1", "r1")]
    assert [e.unit for e in events if isinstance(e, Removed)] == ["i1"]
    assert "r1" in state.inert


def test_the_exchange_repeats_until_the_actions_run_out_counting_rolls_not_strikes():
    # The author's example counts 1-1, 2-2 ...: each roll is one of the roller's five Actions.
    state, _ = position(DUEL, dice=(1, 2, 3, 4, 1, 2, 3, 4, 1))
    state, _ = play(state, Move(0, "i1", (5, 5)))  # i1 action 1, strike free
    # Nine defences follow: r1's actions 1-5 and i1's actions 2-5, alternating.
    order = [(1, "r1"), (0, "i1")] * 4 + [(1, "r1")]
    for n, (side, uid) in enumerate(order):
        assert state.match.step == n + 1
        state, events = play(state, Fight(side, uid))
    # Retaliator's action 5 was its last defence; it struck back but i1 has no Action left.
    resolved = [e for e in events if isinstance(e, MatchResolved)]
    assert resolved and resolved[0].units == ("i1", "r1")
    assert "unanswered" in resolved[0].detail
    assert not state.unit("i1").removed and not state.unit("r1").removed
    assert state.dice.script == ()  # exactly nine rolls were made
    assert state.match.number == 2


def test_late_contact_leaves_the_last_strike_unanswered():
    """Rule 35: the exchange stops once "all remaining Actions have been used
    up". r1's fifth Action is a defence that holds and strikes back; i1 has
    no Action left to defend with (rule 33: an Action Test; rule 36: rolls
    count), so no roll is made and nobody falls."""
    state, _ = position(DUEL, dice=(2,))
    for _ in range(4):
        state, _ = play(state, Wait(0, "i1"), Wait(1, "r1"))
    state, _ = play(state, Move(0, "i1", (5, 5)))  # i1's fifth Action
    draws = state.dice.draws
    state, events = play(state, Fight(1, "r1"))  # r1's fifth, holds and strikes back
    assert [(e.attacker, e.target) for e in events if isinstance(e, Struck)] == [("r1", "i1")]
    assert [e.total for e in events if isinstance(e, Rolled)] == [2]  # r1's roll only
    assert state.dice.draws == draws + 1 and state.dice.script == ()
    assert not any(isinstance(e, (Defeated, Removed)) for e in events)
    resolved = [e for e in events if isinstance(e, MatchResolved)]
    assert resolved and resolved[0].units == ("i1", "r1") and "unanswered" in resolved[0].detail
    assert set(state.inert) == {"i1", "r1"}
    assert not state.unit("i1").removed and not state.unit("r1").removed


def test_a_retaliator_striking_with_the_matchs_last_action_removes_nobody():
    """Rule 35: "all remaining Actions have been used up"; rule 33a removes
    only a defender who fails the roll. r1 closes with its fifth Action, the
    Match's last: its strike is made, i1 cannot defend, no die is rolled and
    both stand, touching, Inert for the turn."""
    state, _ = position(DUEL)
    for _ in range(4):
        state, _ = play(state, Wait(0, "i1"), Wait(1, "r1"))
    state, _ = play(state, Wait(0, "i1"))
    draws = state.dice.draws
    state, events = play(state, Move(1, "r1", (5, 4)))  # into contact with i1 at 5,3
    assert [(e.attacker, e.target) for e in events if isinstance(e, Struck)] == [("r1", "i1")]
    assert state.dice.draws == draws and not any(isinstance(e, Rolled) for e in events)
    assert not any(isinstance(e, (Defeated, Removed)) for e in events)
    resolved = [e for e in events if isinstance(e, MatchResolved)]
    assert resolved and resolved[0].units == ("i1", "r1") and "unanswered" in resolved[0].detail
    assert not state.unit("i1").removed and state.unit("r1").pos == (5, 4)
    assert set(state.inert) == {"i1", "r1"}


def test_a_match_formed_in_contact_opens_with_the_instigators_strike():
    # Ruling: with nobody struck yet, the first Fight is a strike in place (one Action, no roll).
    state, _ = position({"i1": (5, 5), "r1": (5, 6)}, dice=(3,))
    assert RULESET.describe_order(state, Fight(0, "i1")) == "Strike r1 with i1"
    assert RULESET.order_cells(state, Fight(0, "i1")) == ((5, 6),)
    draws = state.dice.draws
    state, events = play(state, Fight(0, "i1"))
    assert kinds(events) == ["Struck"] and state.dice.draws == draws
    assert state.match.struck == "r1" and state.match.step == 1
    state, events = play(state, Fight(1, "r1"))
    assert [e.total for e in events if isinstance(e, Rolled)] == [3]
    assert state.match.struck == "i1"


def test_a_retaliator_moving_into_contact_is_the_attacker():
    state, _ = position(DUEL, dice=(6,))
    state, _ = play(state, Wait(0, "i1"), Move(1, "r1", (5, 4)))
    assert state.match.struck == "i1"
    state, events = play(state, Fight(0, "i1"))
    assert [(e.unit, e.by) for e in events if isinstance(e, Defeated)] == [("i1", "r1")]
