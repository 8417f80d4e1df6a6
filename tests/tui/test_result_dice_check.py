"""The dice check of a joined or server's game is on the result screen
where a keyboard player sees it at 80x24.  A tester's server game: the
result's text ended at the luck lines, the check ("Dice checked: …") was
below them, out of the box, and only the mouse wheel brought it up.  Now
it stands under the reason, before each side's lines, and PgUp/PgDn (said
in the hint when the text is taller than its box) scroll the rest.  Pilot
at 80x24, the result screen opened as a finished game's screen opens it
(tui/result_flow.py ``show_result``)."""

from __future__ import annotations

from types import SimpleNamespace

from bench.games import battlefield_for, play_random
from core.registry import find_ruleset
from net.dicecheck import CHECKED_SERVER
from tests.tui.drawn import screen_rows
from tui.app import SkirmishApp
from tui.result import ResultScreen, result_lines, summarise
from tui.result_flow import show_result
from tui.rulesets import adapter_for

SIZE = (80, 24)


def long_result_game():
    """A finished Platemail game with figures left and lost and luck on
    both sides: with the check, more lines than the result's box holds at
    80x24 (its 12 rows)."""
    rules = find_ruleset("platemail")
    game = play_random(rules, 8, battlefield_for(rules), cap=3000).game  # seed 8: both sides lose and keep figures
    assert game.outcome is not None
    result = summarise(game)
    assert all(side.luck is not None and side.left and side.lost for side in result.sides)
    return game


def finished_screen(app, game, fairness: str):
    """What ``show_result`` reads of a game screen whose seat checked the dice."""
    return SimpleNamespace(
        adapter=adapter_for(game.ruleset), game=game, whole_over=lambda: game, computer=None,
        seats=SimpleNamespace(any_seat=SimpleNamespace(fairness=fairness)), single=False,
        local_game=lambda: game, open_modal=lambda modal, then: app.push_screen(modal, then),
        result_chosen=lambda choice: None)


def visible(app) -> str:
    """The screen's text as drawn, the box's borders and padding taken out."""
    rows = [row.strip().strip("║").strip() for row in screen_rows(app)]
    return " ".join(" ".join(rows).split())


async def test_the_dice_check_is_seen_at_80x24_without_scrolling():
    game = long_result_game()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        show_result(finished_screen(app, game, CHECKED_SERVER))
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        assert CHECKED_SERVER in visible(app), visible(app)
        # the rest of the text is below the fold: the keys that bring it up are named, and work
        body = app.screen.query_one("#result-body")
        assert body.max_scroll_y > 0
        assert "PgUp/PgDn" in str(app.screen.query_one("#result-hint").render())
        last = result_lines(summarise(game))[-1].strip()
        assert last not in visible(app)
        await pilot.press("pagedown")
        await pilot.pause()
        assert body.scroll_y > 0 and last in visible(app)
        await pilot.press("pageup")
        await pilot.pause()
        assert body.scroll_y == 0 and CHECKED_SERVER in visible(app)
        assert app.screen.query_one("#result-menu").highlighted is None  # the keys did not move the menu


def test_the_check_comes_before_each_sides_lines():
    game = long_result_game()
    lines = result_lines(summarise(game), checked=CHECKED_SERVER)
    names = [lines.index(line) for line in lines if line.startswith(tuple(f"{n}:" for n in game.players))]
    assert lines.index(CHECKED_SERVER) < min(names)
    assert result_lines(summarise(game)) == [line for line in lines if line != CHECKED_SERVER]


async def test_a_refusal_said_as_the_screen_opens_is_not_overwritten_by_the_page_keys():
    """CI under load: the joiner pressed ``r`` as the result screen opened,
    the refusal was shown, and the page-keys hint (set after the first
    refresh) then wrote over it."""
    game = long_result_game()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = ResultScreen(game, players_only="Only the host chooses what follows.", checked=CHECKED_SERVER)
        app.push_screen(screen)
        await pilot.pause()
        screen.action_pick("rematch")
        assert screen.query_one("#result-body").max_scroll_y > 0
        screen._say_more()  # as if the first refresh came after the key
        assert str(screen.query_one("#result-hint").render()) == "Only the host chooses what follows."
        assert app.screen is screen


async def test_on_a_taller_terminal_the_whole_result_is_shown_and_no_page_keys_are_asked_for():
    """The result's box stayed 12 rows tall whatever the terminal; at 80x40
    it grows to hold the text, and the hint no longer asks for PgUp/PgDn."""
    game = long_result_game()
    app = SkirmishApp()
    async with app.run_test(size=(80, 40)) as pilot:
        show_result(finished_screen(app, game, CHECKED_SERVER))
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        last = result_lines(summarise(game))[-1].strip()
        assert last in visible(app), visible(app)
        assert app.screen.query_one("#result-body").max_scroll_y == 0
        assert "PgUp/PgDn" not in str(app.screen.query_one("#result-hint").render())
        # back to 24 rows: the box shrinks, and the page keys are named again
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert app.screen.query_one("#result-body").max_scroll_y > 0
        assert "PgUp/PgDn" in str(app.screen.query_one("#result-hint").render())
