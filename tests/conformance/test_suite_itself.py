"""The conformance suite checked against the test-only ruleset: it passes
a well-behaved ruleset and catches broken ones."""

import pytest

from core import registry
from tests.conformance.test_random_games import play_and_check
from tests.saves.tiny_rules import Step, Tiny


class ListsAnIllegalOrder(Tiny):
    name = "tiny-lists-illegal"

    def legal_orders(self, state, side):
        return [*super().legal_orders(state, side), Step(side, "a1", (-5, -5))]


class NeverEnds(Tiny):
    name = "tiny-never-ends"

    def outcome(self, state):
        return None


class LosesOffBoardCheck(Tiny):
    name = "tiny-no-bounds"

    def check(self, state, order):
        if isinstance(order, Step) and not (0 <= order.to[0] < state.width and 0 <= order.to[1] < state.height):
            return None
        return super().check(state, order)


def _with(monkeypatch, ruleset):
    monkeypatch.setattr(registry, "_CACHE", registry.rulesets() + [ruleset])
    return ruleset


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_well_behaved_ruleset_passes(monkeypatch, seed):
    game = play_and_check(_with(monkeypatch, Tiny()), seed, seed * 7)
    assert game.outcome is not None


@pytest.mark.parametrize("broken, complaint", [
    (ListsAnIllegalOrder(), "is refused"),
    (NeverEnds(), "no outcome after 3000"),
    (LosesOffBoardCheck(), "off the board"),
])
def test_a_broken_ruleset_fails(monkeypatch, broken, complaint):
    with pytest.raises((AssertionError, pytest.fail.Exception), match=complaint):
        play_and_check(_with(monkeypatch, broken), 1, 1)
