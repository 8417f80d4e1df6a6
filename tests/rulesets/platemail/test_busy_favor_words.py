"""The Favor an Attack gains on a character taking Prepare Spell, Focus
Spell, Rescue or Dazed (seed: each Action's "Attacks ... have Favor" line)
is logged in words, the Action's name, not the order's token ("a1 is
prepare-spell", as a tester read it)."""

from __future__ import annotations

import pytest

from core.events import Rolled
from core.rulesets.platemail.state import Status

from .helpers import act, order, play, position


def _favor_labels(events, who: str) -> list[str]:
    return [label for e in events if isinstance(e, Rolled) and e.who == who and "attack" in e.purpose
            for label, _ in e.modifiers if label.startswith("Favor")]


def test_a_character_preparing_a_spell():
    state = position([("spellcaster", 0, (2, 2)), ("footman", 1, (2, 3))])
    _, events = play(state, [order(0, "a1", act(0, "prepare-spell", spell="firebolt")),
                             order(1, "b1", act(1, "full-attack", "a1"))], dice=[10] * 12)
    assert _favor_labels(events, "b1")[0] == "Favor: a1 is Preparing a spell"


def test_a_character_focusing_a_spell():
    state = position([("spellcaster", 0, (2, 2), {"focus": "binding", "focus_target": "b2"}),
                      ("footman", 1, (2, 3)), ("footman", 1, (9, 9))])
    _, events = play(state, [order(0, "a1", act(0, "focus-spell")),
                             order(1, "b1", act(1, "full-attack", "a1"))], dice=[10] * 12)
    assert _favor_labels(events, "b1")[0] == "Favor: a1 is Focusing a spell"


@pytest.mark.parametrize("carried", [True, False])
def test_a_character_making_a_rescue_whether_or_not_it_carries_anyone(carried):
    """Rescue's Favor is for the rescuer this Action Phase, with an ally
    picked up or not (the words do not say it carries one)."""
    fallen = {"wounds": 4, "status": Status.DYING, "dying_rounds": 3} if carried else {}
    state = position([("footman", 0, (5, 5)), ("footman", 0, (5, 6), fallen), ("archer", 1, (5, 10))])
    after, events = play(state, [order(0, "a1", act(0, "rescue", "a2", to=(5, 2))),
                             order(1, "b1", act(1, "ranged-attack", "a1"))], dice=[2] * 12)  # a miss
    assert _favor_labels(events, "b1")[0] == "Favor: a1 is making a Rescue"
    assert (after.char("a2").pos != (5, 6)) == carried  # picked up and carried, or left where it stood
