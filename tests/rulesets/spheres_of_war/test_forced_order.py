"""Rule 30 (locked in contact: only Fight), with rules 33-34 (the struck
combatant defends) and 36 (a strike in place): which order a side must
give with no alternative, answered by core (``Ruleset.forced_order``) so
that a server's referee can give it for a player who is not connected,
and the screen gives it for one who is.  Scripted dice throughout."""

from core.rulesets.spheres_of_war import RULESET
from core.rulesets.spheres_of_war.orders import Fight, Move, Wait

from .helpers import play, position

# i1 three inches north of r1: i1 may Wait or Move, a choice.
DUEL = {"i1": (5, 3), "r1": (5, 6), "i2": (0, 0), "r2": (11, 11)}
# i1 already touching r1 as the Match forms: nobody struck yet.
TOUCHING = {"i1": (5, 5), "r1": (5, 6), "i2": (0, 0), "r2": (11, 11)}


def test_no_order_is_forced_while_the_actor_has_a_choice_or_for_the_side_that_waits():
    state, _ = position(DUEL)
    assert len(RULESET.legal_orders(state, 0)) > 1  # Wait and Moves
    assert RULESET.forced_order(state, 0) is None
    assert RULESET.forced_order(state, 1) is None  # not r1's Action


def test_the_struck_combatant_must_defend_and_the_striker_then_waits():
    state, _ = position(DUEL, dice=(3, 6))
    state, _ = play(state, Move(0, "i1", (5, 5)))  # into contact: i1 strikes r1 (rules 28-32)
    forced = RULESET.forced_order(state, 1)
    assert forced is not None and forced.order == Fight(1, "r1")
    assert forced.why == "r1 is struck and must defend: it rolls a d6 (5-6 falls)"
    assert RULESET.forced_order(state, 0) is None
    # A 3 holds (rule 33b): r1 strikes back, and now i1's defence is the forced one.
    state, _ = play(state, forced.order)
    assert RULESET.forced_order(state, 1) is None
    again = RULESET.forced_order(state, 0)
    assert again is not None and again.order == Fight(0, "i1") and again.why.startswith("i1 is struck")
    # A 6 fails (rule 34a): i1 is removed and the Match is over; nothing is forced any more.
    state, _ = play(state, again.order)
    assert state.unit("i1").removed
    assert RULESET.forced_order(state, 0) is None and RULESET.forced_order(state, 1) is None


def test_a_pair_formed_in_contact_must_strike_in_place():
    state, _ = position(TOUCHING)
    assert RULESET.check(state, Wait(0, "i1")).code == "locked"  # rule 30: no alternative
    forced = RULESET.forced_order(state, 0)
    assert forced is not None and forced.order == Fight(0, "i1")
    assert forced.why == "i1 is in contact and must strike (its only order)"


def test_nothing_is_forced_while_deploying():
    state, _ = RULESET.setup(RULESET.default_options(), position(DUEL)[0].battlefield, 1, ("Ann", "Bob"))
    assert RULESET.forced_order(state, 0) is None and RULESET.forced_order(state, 1) is None
