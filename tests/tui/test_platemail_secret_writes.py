"""The hot-seat handover after one side commits tells the next player that
it committed, and nothing of which characters it wrote orders for."""

from __future__ import annotations

from tests.tui.test_platemail import SIZE, deployed_game, open_game, write_side_zero
from tui.app import SkirmishApp
from tui.modals import Handover


async def test_the_handover_card_names_no_character_the_other_side_wrote_orders_for():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, deployed_game())
        await pilot.press("enter")  # Ann takes the keyboard
        await write_side_zero(pilot)  # orders for a1 only
        await pilot.press("p", "y")  # Ann commits
        await pilot.pause()
        card = app.screen
        assert isinstance(card, Handover) and card.player == "Bo"
        assert "Ann commits their orders" in card.news
        begun = next(i for i, line in enumerate(card.news) if line.startswith("Both sides have deployed"))
        this_round = card.news[begun + 1:]  # (the news so far also tells where a1 deployed)
        assert this_round == ["Ann commits their orders"]
        await pilot.press("enter")  # Bo takes the keyboard: his log pane has none of it either
        await pilot.pause()
        assert screen.keyboard_side == 1
        assert not [e for e in screen.game.log if "writes orders" in e.sentence]
