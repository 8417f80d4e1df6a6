"""A batch of orders a screen closed with, refused part way (the game
screen's ``submit_result``): the orders before the refused one are given,
the refused one and those after it are not sent, and what was written is
not lost with the closed screen: Platemail's orders screen opens again
holding the orders not given, its news line saying why, and p commits them.
Before, everything after the refused order was simply gone."""

from __future__ import annotations

from textual.widgets import Label

from core.rulesets.platemail.orders import Commit
from tests.tui.test_platemail import deployed_game, open_game, open_orders
from tui.app import SkirmishApp
from tui.rulesets.platemail_review import SideOrders

SIZE = (80, 24)
NO_SUCH_TARGET = ("write side=0 unit=a2 first=(act side=0 kind=charge target=zz to=- spell=- item=-) "
                  "condition=reached then=(act side=0 kind=full-attack target=closest to=- spell=- item=-) "
                  "otherwise=(act side=0 kind=defend target=- to=- spell=- item=-)")


def log_text(screen) -> str:
    return "\n".join(str(line.text) for line in screen.query_one("#log").lines)


async def test_the_orders_after_a_refused_one_come_back_on_the_orders_screen():
    game = deployed_game()
    rules = game.ruleset
    first, third = ([o for o in rules.legal_orders(game.state, 0) if o.verb == "write" and o.unit == unit][0]
                    for unit in ("a1", "a3"))
    refused = rules.parse_order(NO_SUCH_TARGET)
    assert rules.check(game.view(0), refused) is not None  # the rules refuse it (an unknown target)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        await pilot.press("enter")  # the handover: Ann's turn
        review = await open_orders(pilot, 0)
        review.dismiss([first, refused, third, Commit(0)])  # as p would, with a2's order refused
        await pilot.pause()
        await pilot.pause()
        assert "no character or general target called 'zz'" in log_text(screen)
        state = screen.game.view(0)
        assert state.plan("a1") == first  # given before the refusal
        assert state.plan("a3") is None and screen.game.state.committed == (False, False)  # not sent
        # The orders screen is back with a3's orders still written (a2's, refused, is not kept).
        reopened = app.screen
        assert isinstance(reopened, SideOrders) and reopened is not review
        assert sorted(reopened.written) == ["a3"] and reopened.written["a3"] == third
        news = str(reopened.query_one("#review-news", Label).render())
        assert "kept here" in news and "the log says why" in news, news
        await pilot.press("p", "y")  # committed as the player meant it
        await pilot.pause()
        whole = screen.local_game()
        assert whole.state.committed == (True, False)
        assert [o for o in whole.orders if o.verb == "write"] == [first, third]
