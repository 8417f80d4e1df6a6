"""What an order's shots will shoot or throw, said by the core before the
Round (``shots.shot_by``, ``shots.order_shots``) so the order writer only
words it.  Each case is checked against the seed and then against the
Round itself:

- Rapid Fire: two Ranged Attacks at the target, with Disfavor; a weapon
  that needs a Use Item to reload between Attacks (either crossbow)
  cannot be used for it.
- Thrown Weapons (Bolo/Net, Dagger, Dart, Javelin): a throw spends what
  it throws (docs/rulings.md, Platemail, Actions), so a Rapid Fire needs
  two of its missile and a character carrying one throws once; a 2nd
  Action finds what the 1st left.
- docs/rulings.md, "Which missile a shot throws": the missile named, else
  the launcher in hand, else the first missile carried."""

from __future__ import annotations

import pytest

from core.events import Note
from core.rulesets.platemail.events import AttackMade
from core.rulesets.platemail.shots import Shot, order_shots, shot_by

from .helpers import act, order, play, position

FOE = ("footman", 1, (5, 6))  # 10 ft away: within every thrown weapon's Range
HIT = 18  # d20s of 18: 18 - 3 (Rapid Fire's Disfavor) = 15 beats the footman's Defense 14 (Ready)


def attacks_by(events, uid: str = "a1") -> list[AttackMade]:
    return [e for e in events if isinstance(e, AttackMade) and e.attacker == uid]


def notes(events) -> list[str]:
    return [e.text for e in events if isinstance(e, Note)]


def rapid_fire(item=None):
    return act(0, "rapid-fire", "b1", item=item)


@pytest.mark.parametrize(("who", "changes", "item", "throws"), [
    ("footman", {}, None, 1),  # its one Javelin, the Sword in hand never thrown
    ("footman", {"carried": ("javelin", "javelin")}, None, 2),
    ("rogue", {"carried": ("dart", "net")}, None, 1),  # the first missile carried: one Dart
    ("rogue", {}, None, 2),  # Dart, Dart (and a Bolo/Net, another kind)
    ("rogue", {}, "net", 1),  # the Bolo/Net named: one carried
    ("rogue", {"wielding": "light-crossbow", "carried": ("dart",), "loaded": True}, "dart", 1),
])
def test_a_rapid_fire_throws_as_many_of_its_missile_as_are_carried_up_to_two(who, changes, item, throws):
    st = position([(who, 0, (5, 4), changes), FOE])
    me = st.char("a1")
    shot = shot_by(me, rapid_fire(item))
    assert shot is not None and shot.thrown and shot.throws == throws
    assert shot.one_throw is (throws == 1) and not shot.nothing_left
    assert shot.carried == me.carried.count(shot.uses)
    # the Round throws exactly so many, each spent
    after, events = play(st, [order(0, "a1", rapid_fire(item))], dice=(HIT, HIT))
    assert len(attacks_by(events)) == throws
    assert after.char("a1").carried.count(shot.uses) == shot.carried - throws


def test_a_rapid_fire_with_a_bow_shoots_it_twice_and_throws_nothing():
    """The archer's Long Bow needs no reload: two shots, no missile spent
    (its carried Dagger stays)."""
    st = position([("archer", 0, (5, 4)), FOE])
    shot = shot_by(st.char("a1"), rapid_fire())
    assert shot == Shot("first", shot.kind, "long-bow", False, 0, 0, "shooting the Long Bow")
    assert not shot.one_throw and not shot.nothing_left
    after, events = play(st, [order(0, "a1", rapid_fire())], dice=(HIT, HIT))
    assert len(attacks_by(events)) == 2 and after.char("a1").carried == st.char("a1").carried


def test_nothing_to_shoot_or_throw_is_said_in_the_logs_words():
    """A knight (Great Sword, no missile): nothing to shoot or throw."""
    st = position([("knight", 0, (5, 4)), FOE])
    shot = shot_by(st.char("a1"), act(0, "ranged-attack", "b1"))
    assert shot is not None and shot.nothing_left and shot.words == "nothing to shoot or throw"
    assert shot_by(st.char("a1"), act(0, "defend")) is None  # no shot at all


def test_a_then_shot_after_the_1st_threw_the_only_javelin_has_nothing_left():
    """The footman's 1st Action throws its one Javelin; the 2nd (THEN and
    ELSE alike) has nothing: the Round's log says it in the same words."""
    st = position([("footman", 0, (5, 4)), FOE])
    written = order(0, "a1", act(0, "ranged-attack", "b1"), then=act(0, "ranged-attack", "b1"))
    first, then, otherwise = order_shots(st.char("a1"), written)
    assert (first.slot, first.uses, first.nothing_left) == ("first", "javelin", False)
    assert then.slot == "then" and then.nothing_left and otherwise.nothing_left
    _, events = play(st, [written], dice=(HIT,))
    assert len(attacks_by(events)) == 1
    assert f"a1 has {then.words}" in notes(events)


def test_a_2nd_action_finds_what_a_1st_rapid_fire_left():
    """The rogue's 1st Rapid Fire throws both Darts; a THEN naming the
    Dart finds none left, an ELSE naming none throws the Bolo/Net."""
    st = position([("rogue", 0, (5, 4)), FOE])
    then_act, else_act = act(0, "ranged-attack", "b1", item="dart"), act(0, "ranged-attack", "b1")
    first, then, otherwise = order_shots(st.char("a1"), order(0, "a1", rapid_fire(), "visible", then_act, else_act))
    assert (first.uses, first.throws) == ("dart", 2)
    assert then.nothing_left and then.words == "no Dart left to throw"
    assert (otherwise.uses, otherwise.throws, otherwise.nothing_left) == ("net", 1, False)
    # IF I can see my target: THEN fires, and the Round finds no Dart for it
    after, events = play(st, [order(0, "a1", rapid_fire(), "visible", then_act, else_act)], dice=(HIT, HIT))
    assert f"a1 has {then.words}" in notes(events) and len(attacks_by(events)) == 2
    assert "dart" not in after.char("a1").carried and "net" in after.char("a1").carried
    # IF I was hit (b1 only Defends): ELSE fires and throws the Bolo/Net
    after, events = play(st, [order(0, "a1", rapid_fire(), "hit", then_act, else_act)], dice=(HIT, HIT, HIT))
    assert len(attacks_by(events)) == 3 and after.char("a1").carried == ("blowgun",)


def test_a_2nd_rapid_fire_with_one_missile_left_is_one_throw():
    """Three Darts: a 1st Rapid Fire throws two, a 2nd Rapid Fire finds
    one: one throw, the Round's last Attack of the rogue."""
    st = position([("rogue", 0, (5, 4), {"carried": ("dart", "dart", "dart")}), FOE])
    written = order(0, "a1", rapid_fire(), then=rapid_fire())
    first, then, _ = order_shots(st.char("a1"), written)
    assert not first.one_throw and then.one_throw and then.carried == 1
    after, events = play(st, [written], dice=(HIT,) * 4)
    assert len(attacks_by(events)) == 3 and after.char("a1").carried == ()


def test_only_the_shots_of_an_order_are_listed():
    st = position([("footman", 0, (5, 4)), FOE])
    assert order_shots(st.char("a1"), order(0, "a1", act(0, "defend"))) == ()
