"""The footer's word for ``p`` follows what p gives at this moment
(``RulesetAdapter.end_turn_word``): in Plasto Latros, while a side makes
its Defending Free Movement p declines it, and the footer says
"Decline" (it said "End turn"); once the free Movement is over it says
"End turn" again.  Platemail's p commits the Round's secret orders, and
its footer says "Commit" (it said "End turn", which a Round has no such
thing as).  Every other ruleset keeps its one word.  Pilot at 80x24."""

from __future__ import annotations

from core.board import Facing
from core.registry import find_ruleset
from core.rulesets.plasto_latros.orders import Decline, Move
from tests.tui.test_pass_key import footer_keys
from tests.tui.test_plasto_latros import SIZE, open_game, play, prepared
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.modals import ChoiceMenu, Confirm
from tui.rulesets import ADAPTERS, adapter_for


def bo_owed_a_free_movement():
    """Ann's a1 has just stepped behind Bo's b1 (Attacking And Defending:
    attacked from behind, b1 is Doomed), so Bo is owed the free Movement."""
    game = play(prepared(), Move(0, "a1", (6, 8), Facing.NW))
    assert game.state.doomed == ("b1",) and game.state.pending_free == (1,)
    return game


async def test_during_a_free_movement_the_footer_says_p_declines(tmp_path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, bo_owed_a_free_movement(), tmp_path)
        assert isinstance(app.screen, ChoiceMenu)  # take it or decline
        await pilot.press("1")  # take it on the board
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert footer_keys(screen).get("p") == "Decline"
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and "decline the Defending Free Movement" in app.screen.question
        await pilot.press("y")
        await pilot.pause()
        assert screen.game.orders[-1] == Decline(1)  # what the footer said p gives
        # back to Ann's turn, one Movement left: p passes it
        assert screen.game.state.pending_free == () and screen.game.to_act == {0}
        assert footer_keys(screen).get("p") == "End turn"


async def test_in_an_ordinary_turn_plasto_latros_p_still_says_end_turn(tmp_path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, prepared(), tmp_path)
        await pilot.pause()
        assert footer_keys(screen).get("p") == "End turn"


def test_every_word_a_ruleset_has_for_p_is_one_the_footer_declares():
    """A word with no binding behind it would leave p off the footer."""
    from tui.screen_keys import _END_WORDS

    for adapter in ADAPTERS.values():
        assert {adapter.end_turn_label, *adapter.end_turn_other_words} <= _END_WORDS, adapter
    assert "Decline" in adapter_for(find_ruleset("plasto_latros")).end_turn_other_words


async def test_platemail_footer_says_p_commits_the_rounds_orders():
    from tests.tui.test_platemail import deployed_game
    from tests.tui.test_platemail import open_game as open_platemail

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_platemail(pilot, deployed_game())
        for _ in range(4):  # past the handover to Ann, as she would
            if app.screen is screen:
                break
            await pilot.press("enter")
            await pilot.pause()
        assert app.screen is screen and screen.game.state.stage == "orders"
        assert footer_keys(screen).get("p") == "Commit"
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and app.screen.question.startswith("Commit Ann's orders for Round 1?")
