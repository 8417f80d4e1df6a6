"""Spheres of War's rule-13 menu at 80x24 (pilot), found by a tester: while
the Instigator chose a Match the footer offered ``p Wait``, which only
said that nothing ends the turn; once Esc had closed the menu nothing on
the footer said how to get it back (``o`` listed the orders under another
title); and the help called it a menu it is not titled."""

from __future__ import annotations

from tests.tui.test_keys import played
from tests.tui.test_pass_key import footer_keys
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.help import help_text
from tui.modals import ChoiceMenu

SIZE = (80, 24)


def choosing_a_match():
    """A hot-seat game where the Instigator picks among equally close pairs (rule 13)."""
    game = played("spheres_of_war", 12, 6)
    side = min(game.to_act)
    pairs = [o for o in game.legal_orders(side) if o.verb == "match"]
    assert game.state.phase.value == "choose" and side == game.state.instigator and len(pairs) >= 2
    return game, pairs


async def test_choosing_a_match_the_footer_offers_the_menu_and_no_wait():
    game, pairs = choosing_a_match()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(game)
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, ChoiceMenu) and menu.menu_title.startswith("Rule 13: these pairs are equally close")
        await pilot.press("escape")  # to look at the board first
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        keys = footer_keys(screen)
        assert keys.get("o") == "Match menu", keys  # how to get the menu back
        assert "p" not in keys, keys  # no Wait: nobody is Matched yet
        await pilot.press("p")  # pressed anyway: it says why, and gives nothing
        await pilot.pause()
        assert len(screen.game.orders) == len(game.orders)
        assert "Nothing ends the turn now" in str(screen.query_one("#log").lines[-1].text)
        await pilot.press("o")
        await pilot.pause()
        again = app.screen
        assert isinstance(again, ChoiceMenu) and again.menu_title == menu.menu_title  # the same menu
        assert [value for _label, value in again.choices] == pairs
        await pilot.press("2")  # a digit picks at once, as in the first showing
        await pilot.pause()
        assert screen.game.orders[len(game.orders)] == pairs[1]
        keys = footer_keys(screen)
        assert keys.get("o") == "Orders" and keys.get("p") == "Wait", keys  # the Match is under way


def test_the_help_names_the_rule_13_menu_as_it_is_titled_and_how_to_reopen_it():
    text = " ".join(help_text("spheres_of_war").split())
    assert "Match creation" not in text
    assert "Rule 13: these pairs are equally close" in text
    assert "Match menu" in text  # the footer's name for o while the menu is the question
