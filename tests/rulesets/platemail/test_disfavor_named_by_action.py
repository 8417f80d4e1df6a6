"""The Disfavor a melee Attack has on a character taking Counter or Fall
Back (seed: Counter, Fall Back: "Melee Attacks on/against you ... with
Disfavor") is named by that Action.  A tester read "Disfavor: a1 is on
guard" when a1 Countered: Platemail has a Guard Action of its own, which
a1 was not taking."""

from __future__ import annotations

from core.events import Rolled

from .helpers import act, order, play, position


def _disfavor_labels(events, who: str) -> list[str]:
    return [label for e in events if isinstance(e, Rolled) and e.who == who and "attack" in e.purpose
            for label, _ in e.modifiers if label.startswith("Disfavor")]


def test_an_attack_on_a_countering_character_says_it_counters():
    state = position([("footman", 0, (5, 5)), ("footman", 1, (5, 6))])
    _, events = play(state, [order(0, "a1", act(0, "counter", "b1")),
                             order(1, "b1", act(1, "full-attack", "a1"))], dice=[10] * 12)
    labels = _disfavor_labels(events, "b1")
    assert labels and labels[0] == "Disfavor: a1 counters"
    assert not any("guard" in label for label in labels)


def test_an_attack_on_a_character_falling_back_says_it_falls_back():
    state = position([("footman", 0, (5, 5)), ("footman", 1, (5, 6))])
    _, events = play(state, [order(0, "a1", act(0, "fall-back", to=(5, 4))),
                             order(1, "b1", act(1, "charge", "a1"))], dice=[10] * 12)
    labels = _disfavor_labels(events, "b1")
    assert labels and labels[0] == "Disfavor: a1 falls back"
