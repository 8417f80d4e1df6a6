"""``a`` (last Round's orders again) says the warnings the writer gives
the same orders written afresh (a tester: a footman's "ELSE Ranged
Attack" was copied after its only Javelin was thrown, and the summary
said only "Last Round's orders again: a1.").  Seed, Thrown Weapons: a
throw spends the missile; a 2nd Action is not refused for it (the 1st
Phase may change things), so it is written, with a warning."""

from __future__ import annotations

from core.game import submit
from core.rulesets.platemail.orders import Act, Commit, Write
from core.rulesets.platemail.state import Action, Condition
from tests.tui.test_platemail import SIZE, open_game, open_orders
from tests.tui.test_platemail_again import news, to_board
from tests.tui.test_platemail_tester51 import game_with
from tui.app import SkirmishApp
from tui.rulesets.platemail_notes import order_warnings

ELSE_THROW = Write(0, "a1", Act(0, Action.DEFEND), Condition.HIT, Act(0, Action.DEFEND),
                   Act(0, Action.RANGED, "closest"))


def after_the_throw():
    """Round 1 resolved: Ann's footman a1 Defended, was not hit, and its
    ELSE threw its only Javelin at the closest hostile."""
    game = game_with("footman", "footman")
    assert game.state.char("a1").carried.count("javelin") == 1
    for order in (ELSE_THROW, Commit(0), Commit(1)):
        game = submit(game, order).game
    assert game.state.round == 2 and "javelin" not in game.state.char("a1").carried
    return game


def test_a_then_or_else_shot_with_nothing_left_to_throw_is_warned_as_written():
    game = after_the_throw()
    view = game.view(0)
    said = order_warnings(view, view.char("a1"), ELSE_THROW)
    assert said == ["a1's ELSE Action, Ranged Attack: nothing to shoot or throw"]
    fresh = game_with("footman", "footman").view(0)  # the Javelin still carried: nothing to say
    assert order_warnings(fresh, fresh.char("a1"), ELSE_THROW) == []


async def test_last_rounds_orders_again_carry_the_writers_warnings():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, after_the_throw())
        await to_board(pilot, screen)
        review = await open_orders(pilot, 0)
        await pilot.press("a")
        await pilot.pause()
        assert set(review.written) == {"a1"}  # allowed: copied, as before
        shown = news(app, screen, review)
        assert shown.startswith("Last Round's orders again: a1.")
        assert "a1's ELSE Action, Ranged Attack: nothing to shoot or throw." in shown
