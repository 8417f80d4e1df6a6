"""Rapid Fire with a crossbow in hand and a missile named, and what a 1st
Action's throw leaves for the 2nd (seed: Rapid Fire, Ranged Attack,
Thrown Weapons; docs/rulings.md, Platemail, "Which missile a shot
throws").

Seed, Rapid Fire: the ban falls on weapons that must be reloaded by a Use
Item from one shot to the next.  A missile thrown from the belt needs no
reloading, and the crossbow plays no part when the order names that
missile: the Rapid Fire is legal and throws it twice."""

from __future__ import annotations

import pytest

from core.rulesets.platemail import RULESET
from core.rulesets.platemail.checks import shot_left_by
from core.rulesets.platemail.events import AttackMade

from .helpers import act, order, play, position, text

FOE = ("footman", 1, (5, 6))  # 10 ft away: within every thrown weapon's Range; Defense 14 while Ready


def crossbow_rogue(bow="light-crossbow", carried=("dart", "dart", "net")):
    return ("rogue", 0, (5, 4), {"wielding": bow, "carried": carried, "loaded": True})


@pytest.mark.parametrize("bow", ["light-crossbow", "heavy-crossbow"])
def test_rapid_fire_naming_a_missile_is_legal_with_a_crossbow_in_hand(bow):
    st = position([crossbow_rogue(bow), FOE])
    assert RULESET.check(st, order(0, "a1", act(0, "rapid-fire", "b1", item="dart"))) is None
    assert RULESET.check(st, order(0, "a1", act(0, "rapid-fire", "b1", item="net"))) is None


def test_rapid_fire_naming_none_with_a_crossbow_is_still_refused_and_says_what_may_be_named():
    st = position([crossbow_rogue(), FOE])
    problem = RULESET.check(st, order(0, "a1", act(0, "rapid-fire", "b1")))
    assert problem is not None and problem.code == "no-rapid-fire"
    assert problem.message == ("a1 cannot Rapid Fire with a Light Crossbow: it needs reloading between shots; "
                               "name a missile to throw (Dart, Bolo/Net).")
    # a crossbowman carrying no missile: refused as before, in the same words
    st = position([("crossbowman", 0, (5, 4)), FOE])
    problem = RULESET.check(st, order(0, "a1", act(0, "rapid-fire", "b1", item=None)))
    assert problem is not None and problem.message == ("a1 cannot Rapid Fire with a Heavy Crossbow: it needs "
                                                       "reloading between shots (a Use Item each time).")


def test_the_rapid_fire_throws_the_named_missile_twice_with_disfavor_and_the_crossbow_stays_loaded():
    """Two d20s of 18: 18 - 3 (Rapid Fire's Disfavor) = 15 beats the
    footman's Defense 14 (10 + Chain Mail 1 + Shield 2 + Sword 1, Ready).
    Both Darts are thrown and spent; the crossbow never shot, so it is
    still loaded."""
    st = position([crossbow_rogue(), FOE])
    st, events = play(st, [order(0, "a1", act(0, "rapid-fire", "b1", item="dart"))], dice=(18, 18))
    shots = [e for e in events if isinstance(e, AttackMade) and e.attacker == "a1"]
    assert [(e.total, e.defense, e.hit) for e in shots] == [(15, 14, True), (15, 14, True)]
    assert st.char("a1").carried == ("net",) and st.char("a1").loaded
    assert st.char("a1").wielding == "light-crossbow"
    assert "needs reloading between shots" not in text(events)


def test_a_rapid_fire_naming_a_missile_carried_once_throws_it_once():
    st = position([crossbow_rogue(), FOE])
    st, events = play(st, [order(0, "a1", act(0, "rapid-fire", "b1", item="net"))], dice=(18,))
    assert len([e for e in events if isinstance(e, AttackMade) and e.attacker == "a1"]) == 1
    assert st.char("b1").entrapped and st.char("a1").carried == ("dart", "dart")


# The 1st Action's shot as the order writer judges a THEN by (checks.shot_left_by)
# and as the Round resolves it: every missile thrown is spent (two d20s of 18: hits,
# nothing else touching the shooter; the footman b1 Defends, out of reach).
@pytest.mark.parametrize(("who", "changes", "first"), [
    ("footman", {}, ("ranged-attack", None)),  # its one Javelin
    ("rogue", {}, ("ranged-attack", "net")),  # the Bolo/Net named, the Darts kept
    ("rogue", {}, ("rapid-fire", None)),  # both Darts
    ("rogue", {"carried": ("dart", "net")}, ("rapid-fire", "dart")),  # one Dart: one throw
    ("archer", {}, ("ranged-attack", "dagger")),  # the Dagger named, the Long Bow in hand
    ("rogue", {"wielding": "light-crossbow", "carried": ("dart", "dart"), "loaded": True},
     ("rapid-fire", "dart")),  # the crossbow stays loaded
    ("crossbowman", {}, ("ranged-attack", None)),  # the crossbow shot: empty
])
def test_shot_left_by_is_what_resolving_the_1st_action_shot_leaves(who, changes, first):
    kind, item = first
    st = position([(who, 0, (5, 4), changes), FOE])
    me = st.char("a1")
    first_act = act(0, kind, "b1", item=item)
    expected = shot_left_by(me, first_act)
    assert (expected.carried, expected.loaded) != (me.carried, me.loaded)  # every case spends something
    after, _ = play(st, [order(0, "a1", first_act)], dice=(18, 18))
    got = after.char("a1")
    assert (got.carried, got.loaded, got.wielding) == (expected.carried, expected.loaded, expected.wielding)


def test_the_orders_words_for_the_2nd_action_count_the_missile_the_1st_threw():
    """The writer counted a 1st Action's throw as spent, the order's own
    words did not: a footman (sword in hand) carrying a Javelin and a Dart
    read "Ranged Attack b1, throwing a Javelin; IF ... THEN Ranged Attack
    b1, throwing a Javelin".  The 2nd Action finds the Dart."""
    footman = ("footman", 0, (5, 4), {"carried": ("javelin", "dart")})
    st = position([footman, FOE])
    first = act(0, "ranged-attack", "b1", item="javelin")
    words = RULESET.describe_order(st, order(0, "a1", first, then=act(0, "ranged-attack", "b1")))
    head, _, second = words.partition("either way")
    assert "Javelin" in head and "Dart" in second, words
    assert "Javelin" not in second, words
