"""Why? on Platemail's log lines, from a tester's reading (stop 53): a
Favor reason in the order's token ("a3 is prepare-spell"), a 2nd Action
whose THEN and ELSE are one ("IF I was hit or not"), and a shot's Cover
with nothing said of what gave it."""

from __future__ import annotations

from core.events import Rolled
from core.explain import explain
from core.rulesets.platemail.events import ActionTaken, AttackMade

from .helpers import act, order, play, position

ROWS = ["." * 12] * 6 + ["..h........."] + ["." * 12] * 5  # a hedge (cover 1) at 2,6


def _why(events, index):
    return explain("platemail", list(events), index)


def test_favor_against_a_character_preparing_a_spell_is_said_in_words():
    state = position([("spellcaster", 0, (2, 2)), ("footman", 1, (2, 3))])
    _, events = play(state, [order(0, "a1", act(0, "prepare-spell", spell="firebolt")),
                             order(1, "b1", act(1, "full-attack", target="a1"))], dice=[10] * 12)
    roll = next(i for i, e in enumerate(events) if isinstance(e, Rolled) and e.who == "b1")
    assert any("Favor: a1 is" in label for label, _ in events[roll].modifiers)  # (logged "a1 is prepare-spell")
    for index in (roll, next(i for i, e in enumerate(events) if isinstance(e, AttackMade) and e.attacker == "b1")):
        text = "\n".join(_why(events, index).lines)
        assert "a1 is Preparing a spell" in text and "prepare-spell" not in text


def test_a_second_action_with_then_and_else_alike_says_the_if_chose_nothing():
    state = position([("knight", 0, (2, 2)), ("footman", 1, (9, 9))])
    _, events = play(state, [order(0, "a1", act(0, "defend"), "hit", act(0, "defend"), act(0, "defend"))])
    index = next(i for i, e in enumerate(events) if isinstance(e, ActionTaken) and e.unit == "a1"
                 and e.branch == "either")
    text = "\n".join(_why(events, index).lines)
    assert "THEN and ELSE are the same Action, so it is taken whatever the IF (I was hit) finds" in text
    assert "or not" not in text


def test_a_shots_cover_says_what_gives_cover():
    """A label "Cover" alone (a log from before the engine named the source):
    Why? says that it does not name its source and what can give it (senses.sight: half the cell out of view, the target's
    own cell, a Ready Tower Shield), citing Cover and Concealment; a label
    that names its source ("Cover: ...") is read out."""
    state = position([("archer", 0, (2, 2)), ("footman", 1, (2, 6))], ROWS)
    _, events = play(state, [order(0, "a1", act(0, "ranged-attack", target="b1"))], dice=[10] * 12)
    index = next(i for i, e in enumerate(events) if isinstance(e, Rolled) and e.who == "a1")
    label = next(label for label, value in events[index].modifiers if label.startswith("Cover") and value == -2)
    for at in (index, index + 1):  # the roll, and the attack it made
        why = _why(events, at)
        text = "\n".join(why.lines)
        if label == "Cover":
            assert "Cover -2: this line does not name what gave it" in text
            assert "when b1 stands in terrain that gives cover" in text and "Tower Shield" in text
        else:
            assert f"Cover -2 came from: {label.split(': ', 1)[1]}" in text
        assert "Cover and Concealment" in why.cite
    bare = Rolled("1d20", (12,), (("Cover", -2),), 10, "ranged attack on b1", "a2")
    assert "Cover -2: this line does not name what gave it" in "\n".join(_why([bare], 0).lines)
    told = Rolled("1d20", (12,), (("Cover: the wall at 12,3 on the line of sight", -2),), 10,
                  "ranged attack on b1", "a2")
    assert "Cover -2 came from: the wall at 12,3 on the line of sight" in _why([told], 0).lines
