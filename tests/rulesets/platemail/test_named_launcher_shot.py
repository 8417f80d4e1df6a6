"""A 1st Action that names the launcher in hand (``Act.item`` the
crossbow's key) shoots that launcher: the 2nd Action finds the crossbow
empty (seed: Ranged Weapons, Requires Reload), as it does when the order
names no missile, and the writer's check says so.  Before, naming it read
as "no Light Crossbow left to throw" and left the crossbow loaded, so a
second shot was written without a warning."""

from __future__ import annotations

from core.rulesets.platemail.actions import missile_words
from core.rulesets.platemail.checks import shooting_weapon, shot_left_by, unloaded_shot
from core.rulesets.platemail.state import Action

from .helpers import act, position


def _rogue():
    """A rogue with a loaded Light Crossbow in hand and Darts carried."""
    st = position([("rogue", 0, (5, 4), {"wielding": "light-crossbow", "carried": ("dart", "dart"),
                                          "loaded": True}), ("footman", 1, (5, 8))])
    return st.char("a1")


def test_naming_the_crossbow_in_hand_is_shooting_it():
    me = _rogue()
    assert shooting_weapon(me, "light-crossbow") is None  # the launcher, as with nothing named
    assert missile_words(me, "light-crossbow") == "shooting the Light Crossbow"


def test_a_named_crossbow_shot_empties_it_for_the_second_action():
    me = _rogue()
    for item in (None, "light-crossbow"):
        first = act(0, "ranged-attack", "b1", item=item)
        assert shot_left_by(me, first).loaded is False, item
        assert unloaded_shot(me, Action.RANGED, first) == \
            "a1's Light Crossbow is not loaded once the 1st Action has shot it", item


def test_a_named_dart_is_still_thrown_and_the_crossbow_stays_loaded():
    me = _rogue()
    after = shot_left_by(me, act(0, "ranged-attack", "b1", item="dart"))
    assert after.loaded is True and after.carried == ("dart",)
