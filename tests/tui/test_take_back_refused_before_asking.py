"""ctrl+z at one keyboard, on the other player's last order: refused at
once with the true reason, before both players are asked to agree; asked,
and taken back, when the rule allows it.  A tester (Waylights hot seat):
Bob's free step ended his turn; on Ann's turn ctrl+z asked "Take back
Bob's last order ...? both of you should agree", and after y refused it
with "That order showed you something of the enemy" (Waylights hides
nothing)."""

from __future__ import annotations

from tests.core.test_take_back_nothing_hidden import bob_steps_last
from tests.tui.test_flow import SIZE, log_text, open_at_the_keyboard, waylights
from tui.app import SkirmishApp
from tui.modals import Confirm


async def _past_the_cards(pilot, screen) -> None:
    """Esc on the ruleset's hand-over card (a look at the board first)."""
    for _ in range(3):
        if pilot.app.screen is screen:
            return
        await pilot.press("escape")
        await pilot.pause()
    assert pilot.app.screen is screen


async def test_bob_s_step_that_ended_his_turn_is_asked_and_taken_back():
    before, after = bob_steps_last()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_at_the_keyboard(pilot, after)
        await _past_the_cards(pilot, screen)
        assert screen.acting_side() == 0  # Ann's turn
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and "Take back Bob's last order" in app.screen.question
        await pilot.press("y")
        await pilot.pause()
        assert "showed you something" not in log_text(screen)
        assert screen.local_game().orders == before.orders
        assert screen.game.state.get("b1").pos == (5, 8) and screen.acting_side() == 1
        assert "↶ Bob takes back: " in log_text(screen)


async def test_an_order_that_rolled_dice_is_refused_before_the_question():
    """Bo's Ready rolled the round's initiative: ctrl+z on Ann's turn says
    so at once, and asks nobody to agree to what cannot be done."""
    game = waylights()  # Ann's fighter won the initiative Bo's Ready rolled
    assert game.orders[-1].side == 1 and game.to_act == frozenset({0})
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_at_the_keyboard(pilot, game)
        await _past_the_cards(pilot, screen)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.screen is screen  # no question
        assert "✗ Cannot take back: Dice were rolled for that order: it stands." in log_text(screen)
        assert screen.local_game().orders == game.orders



async def test_ctrl_z_on_the_hand_over_card_is_the_board_s_take_back():
    """The card handing Ann the keyboard after Bob's step took ctrl+z and
    did nothing; it now closes and asks, as ctrl+z on the board does."""
    from tui.rulesets.waylights_modals import HandoverCard

    _before, after = bob_steps_last()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_at_the_keyboard(pilot, after)
        for _ in range(3):
            if isinstance(app.screen, HandoverCard):
                break
            await pilot.pause()
        assert isinstance(app.screen, HandoverCard)
        await pilot.press("ctrl+z")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and "Take back Bob's last order" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and screen.local_game().orders == after.orders
