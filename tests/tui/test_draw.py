"""A draw by agreement from the game screen: ``q`` offers one (``d``), and
the other player answers from ``q`` too (``a`` agrees, asked once more;
``d`` declines); the banner says an offer stands; the computer answers at
once.  Pilot at 80x24, asserting on the games and the screens shown."""

from __future__ import annotations

from core.game import standing_offer
from core.orders import AgreeDraw, DeclineDraw, OfferDraw
from tests.tui.test_computer import wait_for
from tests.tui.test_concede import SIZE, started, words
from tests.tui.test_play import new_game
from tui.app import SkirmishApp
from tui.banner import Banner
from tui.modals import Confirm, LeaveOrConcede
from tui.result import ResultScreen


def banner(screen) -> str:
    return str(screen.query_one(Banner).render())


async def test_hot_seat_one_offers_the_other_declines_then_agrees(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game(pilot)
        await pilot.press("d")  # an order given: the game is under way
        side = screen.conceding_side()
        other = screen.game.players[1 - side]
        await pilot.press("q")
        assert await wait_for(pilot, lambda: isinstance(app.screen, LeaveOrConcede))  # under load: once drawn
        ask = app.screen
        assert f"Or offer {other} a draw: d" in words(ask)
        await pilot.press("d")
        assert await wait_for(pilot, lambda: app.screen is screen and screen.game.orders[-1] == OfferDraw(side))
        assert f"your offer of a draw stands ({other} to answer)" in banner(screen)
        await pilot.press("q")
        assert await wait_for(pilot, lambda: isinstance(app.screen, LeaveOrConcede))
        assert "Your offer of a draw stands" in words(app.screen)
        await pilot.press("escape")
        # The keyboard passes to the other player: q answers the offer.
        await pilot.press("r")  # ready: the other side deploys
        assert await wait_for(pilot, lambda: screen.conceding_side() == 1 - side)
        assert f"⚑ {screen.game.players[side]} offers a draw: q to answer" in banner(screen)
        await pilot.press("q")
        assert await wait_for(pilot, lambda: isinstance(app.screen, LeaveOrConcede))
        assert "offers a draw: a agrees (the game ends drawn), d declines (play on)" in words(app.screen)
        await pilot.press("d")
        assert await wait_for(pilot, lambda: screen.game.orders[-1] == DeclineDraw(1 - side))
        assert standing_offer(screen.game.log) is None
        assert "offers a draw" not in banner(screen)
        # The other player offers in turn; the first, at the keyboard again, agrees.
        await pilot.press("q")
        assert await wait_for(pilot, lambda: isinstance(app.screen, LeaveOrConcede))
        await pilot.press("d")
        assert await wait_for(pilot, lambda: screen.game.orders[-1] == OfferDraw(1 - side))
        for _ in range(400):  # play on (any legal order) until the first player has the keyboard
            at_keys = screen.conceding_side()
            if at_keys == side:
                break
            if app.screen is not screen:
                await pilot.press("enter")  # the other player's rule-13 menu: its first pair
            elif at_keys is not None:
                screen.submit(screen.game.legal_orders(at_keys)[0])
            await pilot.pause(0.05)  # between the sides nobody has the keys: wait
        assert screen.conceding_side() == side and standing_offer(screen.game.log) == 1 - side
        # The first player's turn may open on its own rule-13 menu (two pairs
        # equally close); Enter there would play on, so Esc goes to the board.
        # Under load the menu is up before the loop above sees the board.
        if screen.adapter.prompt_now(screen.game, side, screen.orders):
            assert await wait_for(pilot, lambda: app.screen is not screen)
            await pilot.press("escape")
        assert await wait_for(pilot, lambda: app.screen is screen)
        await pilot.press("q")
        assert await wait_for(pilot, lambda: isinstance(app.screen, LeaveOrConcede))
        await pilot.press("a")
        assert await wait_for(pilot, lambda: isinstance(app.screen, Confirm))
        sure = app.screen
        assert "cannot be taken back" in words(sure)
        await pilot.press("y")
        assert await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        game = screen.local_game()
        assert game.orders[-1] == AgreeDraw(side) and game.outcome.winner is None
        assert "offered a draw" in words(app.screen)


async def test_the_computer_answers_an_offer_at_once(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot, "spheres_of_war", ("normal", "human"))
        await pilot.press("q", "d")
        assert await wait_for(pilot, lambda: DeclineDraw(0) in screen.local_game().orders)
        game = screen.local_game()
        assert standing_offer(game.log) is None and game.outcome is None
        text = " ".join(line.text for line in screen.query_one("#log").lines)
        assert "Bo offers a draw" in text and "Ann declines the draw: the game goes on" in text


async def test_no_draw_is_offered_in_the_optio_pre_game(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot, "optio", ("human", "easy"))
        await pilot.press("q")
        assert isinstance(app.screen, LeaveOrConcede) and "draw" not in words(app.screen)
        await pilot.press("d")  # nothing: no draw to offer
        assert isinstance(app.screen, LeaveOrConcede)
        assert not any(isinstance(o, OfferDraw) for o in screen.local_game().orders)
