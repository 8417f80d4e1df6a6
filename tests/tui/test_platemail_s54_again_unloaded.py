"""``a`` (last Round's orders again) and a crossbow emptied by last Round's
shot (a tester, stop 54: the same shot was copied Round after Round while
the log said "b2's Heavy Crossbow is not loaded").  Seed, Ranged Weapons:
Requires Reload.  Such orders are left to write again, as orders naming a
dead target are, and the news says why and what fixes it."""

from __future__ import annotations

from core.game import submit
from core.rulesets.platemail.orders import Act, Commit, Write
from core.rulesets.platemail.state import Action, Condition
from tests.tui.test_platemail import SIZE, open_game, open_orders
from tests.tui.test_platemail_again import news, to_board
from tests.tui.test_platemail_tester51 import game_with
from tui.app import SkirmishApp


def after_a_shot():
    """Round 1 resolved: Ann's crossbowman a2 shot the closest hostile (its
    Heavy Crossbow now empty), her footman a1 Defended."""
    game = game_with("footman,crossbowman,archer", "footman")
    defend = Act(0, Action.DEFEND)
    for order in (Write(0, "a1", defend, Condition.HIT, defend, defend),
                  Write(0, "a2", Act(0, Action.RANGED, "closest"), Condition.HIT, defend, defend),
                  Commit(0), Commit(1)):
        game = submit(game, order).game
    assert game.state.round == 2 and game.state.char("a2").wielding == "heavy-crossbow"
    assert not game.state.char("a2").loaded
    return game


async def test_last_rounds_shot_with_a_crossbow_now_empty_is_left_to_write_again():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, after_a_shot())
        await to_board(pilot, screen)
        review = await open_orders(pilot, 0)
        await pilot.press("a")
        await pilot.pause()
        assert set(review.written) == {"a1"}  # a2's shot is not copied
        assert "not written yet" in review.lines()[1]
        shown = news(app, screen, review)
        assert "Last Round's orders again: a1." in shown
        assert ("a2's orders would shoot nothing (a2's Heavy Crossbow is not loaded: Use Item: reload first): "
                "write them again") in shown
