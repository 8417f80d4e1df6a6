"""The bookkeeping in core.game, with a tiny test-only ruleset: two sides
take turns adding 1, 2 or 3 to a running total; whoever brings it to 10 or
more wins.  Adding also rolls a d6 for the log, so replays must reproduce
the dice."""

from __future__ import annotations

import attrs
import pytest

from core import registry
from core.board import Battlefield, Rect, Terrain, Zone
from core.dice import Dice, roll
from core.events import GameOver, Note
from core.explain import Ref, generic_lines
from core.game import Game, ReplayError, Submitted, replay, start, submit, undo
from core.options import option
from core.orders import Order
from core.ruleset import Outcome, Rejection, Ruleset, Situation, UnitView


@attrs.frozen
class CountOptions:
    target: int = option(10, "Target", minimum=2, maximum=99)


@attrs.frozen
class Add(Order):
    verb = "add"
    n: int


@attrs.frozen
class Shout(Order):  # an order the ruleset does not know
    verb = "shout"


@attrs.frozen
class CountState:
    total: int
    target: int
    active: int
    dice: Dice


class Count(Ruleset):
    name = "count-to-ten"
    title = "Count to Ten"
    summary = "Add 1 to 3; reach the target to win."
    options_type = CountOptions
    state_type = CountState
    order_types = (Add,)
    # the plug-in's hooks (core/ruleset.py), the plainest answers
    help_page = "count-to-ten.md"
    battlefield_profile = None
    fallen_statuses = frozenset()

    def explain(self, events, index):
        return generic_lines(events[index]), Ref("", "counting")

    def knowledge(self):
        from core.ai.knowledge import Knowledge

        return Knowledge(self)

    def check_options(self, options, battlefield):
        return "the target is too small" if options.target < 2 else None

    def setup(self, options, battlefield, seed, players):
        return CountState(0, options.target, 0, Dice(seed)), [Note("Counting starts at 0.")]

    def to_act(self, state):
        return frozenset({state.active})

    def legal_orders(self, state, side):
        return [Add(side, n) for n in (1, 2, 3)]

    def check(self, state, order):
        if not 1 <= order.n <= 3:
            return Rejection("bad-number", "Add 1, 2 or 3.")
        return None

    def apply(self, state, order):
        dice, rolled = roll(state.dice, 1, 6, "luck")
        total = state.total + order.n
        return (attrs.evolve(state, total=total, active=1 - state.active, dice=dice),
                [Note(f"side {order.side} adds {order.n}, making {total}"), rolled])

    def outcome(self, state):
        if state.total >= state.target:
            return Outcome(1 - state.active, f"reached {state.target}")
        return None

    def units(self, state):
        return [UnitView("counter", 0, "Counter", (0, 0))]

    def situation(self, state):
        return Situation(state.total, "count", frozenset({state.active}))


COUNT = Count()
FIELD = Battlefield("tiny", 2, 1, ("..",), ((".", Terrain()),), (Zone(0, (Rect(0, 0, 0, 0),)),))


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    monkeypatch.setattr(registry, "_CACHE", registry.rulesets() + [COUNT])


def new(**kw) -> Game:
    return start(COUNT, kw.pop("options", None), FIELD, kw.pop("seed", 42), ("Ann", "Bob"))


def play(game: Game, *numbers: int) -> Game:
    for n in numbers:
        result = submit(game, Add(min(game.to_act), n))
        assert isinstance(result, Submitted), result
        game = result.game
    return game


def test_start_uses_default_options_and_logs_the_setup():
    game = new()
    assert game.options == CountOptions(10)
    assert game.state == CountState(0, 10, 0, Dice(42))
    assert game.orders == ()
    assert [e.sentence for e in game.log] == ["Counting starts at 0."]
    assert game.to_act == {0}


def test_start_refuses_options_the_ruleset_refuses_and_a_missing_battlefield():
    with pytest.raises(ValueError, match="too small"):
        new(options=CountOptions(1))
    with pytest.raises(ValueError, match="battlefield"):
        start(COUNT, None, None, 1)


def test_an_order_out_of_turn_is_refused_and_changes_nothing():
    game = new()
    result = submit(game, Add(1, 2))
    assert result == Rejection("not-your-turn", "It is not Bob's turn to act.")
    assert game == new()
    assert game.legal_orders(1) == []


def test_the_rulesets_own_refusal_comes_back_and_changes_nothing():
    game = play(new(), 2)
    before = game
    result = submit(game, Add(1, 7))
    assert result == Rejection("bad-number", "Add 1, 2 or 3.")
    assert game == before
    assert game.orders == (Add(0, 2),) and len(game.log) == 3


def test_an_order_of_another_ruleset_is_refused():
    result = submit(new(), Shout(0))
    assert isinstance(result, Rejection) and result.code == "unknown-order"
    assert "shout" in result.message


def test_history_and_log_grow_with_each_order():
    game = new()
    result = submit(game, Add(0, 3))
    assert isinstance(result, Submitted)
    after = result.game
    assert after.orders == (Add(0, 3),)
    assert after.log[: len(game.log)] == game.log
    assert after.log[len(game.log):] == result.events
    assert result.events[0].sentence == "side 0 adds 3, making 3"
    assert result.events[1].sentence.startswith("rolls 1d6 for luck: ")
    assert after.state.total == 3 and after.state.dice.draws == 1
    assert after.to_act == {1}


def test_the_winning_order_adds_game_over_and_then_everything_is_refused():
    game = play(new(), 3, 3, 3)  # 9: Ann, Bob, Ann
    result = submit(game, Add(1, 1))  # Bob makes 10 and wins
    assert isinstance(result, Submitted)
    over = result.game
    assert result.events[-1] == GameOver(1, "Bob", "reached 10")
    assert result.events[-1].sentence == "Game over: Bob wins (reached 10)"
    assert over.outcome == Outcome(1, "reached 10")
    assert over.to_act == frozenset()
    assert over.legal_orders(0) == [] and over.legal_orders(1) == []
    for order in (Add(0, 1), Add(1, 1)):
        refused = submit(over, order)
        assert refused == Rejection("game-over", "The game is over.")
    assert sum(isinstance(e, GameOver) for e in over.log) == 1


def test_replay_from_text_or_orders_gives_the_same_game_and_log():
    game = play(new(), 1, 2, 3, 1)
    texts = [o.to_text() for o in game.orders]
    assert texts[0] == "add side=0 n=1"
    again = replay("count-to-ten", game.options, FIELD, 42, ("Ann", "Bob"), texts)
    assert again == game
    assert [e.sentence for e in again.log] == [e.sentence for e in game.log]
    assert replay(COUNT, game.options, FIELD, 42, ("Ann", "Bob"), game.orders) == game


def test_a_different_seed_gives_different_dice_in_the_log():
    a = play(new(seed=1), 1, 1, 1, 1, 1, 1)
    b = play(new(seed=2), 1, 1, 1, 1, 1, 1)
    rolls = lambda g: [e.sentence for e in g.log if "luck" in e.sentence]  # noqa: E731
    assert rolls(a) != rolls(b)


def test_undo_takes_back_the_last_order_only():
    one = play(new(), 2)
    two = play(one, 3)
    assert undo(two) == one
    assert undo(one) == new()
    assert undo(new()) == new()


def test_a_bad_history_raises_replay_error_naming_the_order():
    with pytest.raises(ReplayError) as caught:
        replay(COUNT, CountOptions(), FIELD, 42, ("Ann", "Bob"), ["add side=0 n=1", "add side=0 n=1"])
    assert caught.value.index == 1
    assert caught.value.order_text == "add side=0 n=1"
    assert "not Ann's turn" in caught.value.reason
    assert str(caught.value).startswith("order 2 ('add side=0 n=1'): ")

    with pytest.raises(ReplayError) as caught:
        replay(COUNT, CountOptions(), FIELD, 42, ("Ann", "Bob"), ["add side=0 n=9"])
    assert caught.value.index == 0 and caught.value.reason == "Add 1, 2 or 3."

    with pytest.raises(ReplayError) as caught:
        replay(COUNT, CountOptions(), FIELD, 42, ("Ann", "Bob"), ["add side=0 n=1", "jump side=1"])
    assert caught.value.index == 1 and "unknown order 'jump'" in caught.value.reason


def test_random_order_draws_a_legal_order_as_a_choice_from_the_listing_would():
    import random

    from bench.games import battlefield_for
    from core.registry import rulesets

    for rules in rulesets():
        game = start(rules, None, battlefield_for(rules), 3, ("North", "South"))
        for _ in range(30):
            if not game.to_act:
                break
            side = min(game.to_act)
            legal = game.legal_orders(side)
            drawn = game.random_order(side, random.Random(len(game.orders)))
            if type(rules).random_order is Ruleset.random_order:  # the default: a choice from the listing
                assert drawn == random.Random(len(game.orders)).choice(legal)
            else:  # a ruleset's own draw (Plasto Latros): a listed order, the same for the same rng
                assert drawn in legal and drawn == game.random_order(side, random.Random(len(game.orders)))
            game = submit(game, drawn).game
        for side in (0, 1):
            if side not in game.to_act:
                assert game.random_order(side, random.Random(0)) is None
