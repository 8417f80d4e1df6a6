"""Playing Spheres of War through the app with key presses, asserting on
the game state the screens hold (never on mocks)."""

from __future__ import annotations

from core.events import Matched, Rolled
from saves.store import list_saves, load_game
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.menu import MainMenu
from tui.modals import ChoiceMenu
from tui.newgame import NewGameScreen

SIZE = (80, 24)


async def new_game(pilot) -> GameScreen:
    await pilot.press("n")
    assert isinstance(pilot.app.screen, NewGameScreen)
    await pilot.press("ctrl+g")
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    return screen


async def deploy_both(pilot, screen: GameScreen) -> None:
    """Both sides in a line along the front of their zones, face to face
    (the order menu's first item: ``d`` keeps a Retaliator out of reach)."""
    first = screen.acting_side()
    for side in (first, 1 - first):
        assert screen.acting_side() == side  # the other side deploys next
        await pilot.press("o")
        menu = pilot.app.screen
        assert isinstance(menu, ChoiceMenu) and menu.choices[0][1].verb == "deploy-all"
        await pilot.press("enter", "r")
    assert screen.game.state.phase.value != "deploy"


async def test_new_game_deploy_choose_match_fight_save_continue(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game(pilot)
        assert screen.game.ruleset_name == "spheres_of_war"
        assert screen.game.state.phase.value == "deploy"
        await deploy_both(pilot, screen)
        await pilot.pause()
        # Face to face, every pair is equally close, so rule 13 asks the
        # Instigator to choose.
        menu = app.screen
        assert isinstance(menu, ChoiceMenu)
        offered = [value for _, value in menu.choices]
        assert len(offered) >= 2 and all(o.verb == "match" for o in offered)
        await pilot.press("down", "enter")  # the second pair
        matched = [e for e in screen.game.log if isinstance(e, Matched)]
        assert (matched[0].first, matched[0].second) == (offered[1].unit, offered[1].opponent)
        # Face to face, every Fight of the Match is forced (a strike in
        # contact, a defence roll): no key is needed, and the log says why.
        for _ in range(40):
            await pilot.pause()
            match = screen.game.state.match
            if match is None or match.number != 1:
                break
        assert screen.game.state.match is None or screen.game.state.match.number != 1
        log_text = "\n".join(str(line) for line in screen.query_one("#log").lines)
        assert "must defend: it rolls a d6" in log_text.replace("\n", " ")
        rolls = [e for e in screen.game.log if isinstance(e, Rolled) and "d6" in e.expression]
        assert rolls, "a Fight rolls a d6 and the roll is in the log"
        assert rolls[0].sentence[:30] in log_text.replace("\n", "")
        if isinstance(app.screen, ChoiceMenu):
            await pilot.press("escape")
        await pilot.press("ctrl+s")
        saved_state, saved_orders = screen.local_game().state, screen.local_game().orders
        saves = list_saves()
        assert len(saves) == 1 and saves[0].problem is None
        assert load_game(saves[0].path).state == saved_state
        await pilot.press("q", "y")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        assert app.session is None  # the lock is released
        await pilot.press("c")
        await pilot.pause()
        back = app.screen if isinstance(app.screen, GameScreen) else app.screen_stack[-2]
        assert isinstance(back, GameScreen)
        assert back.local_game().state == saved_state
        assert back.game.orders == saved_orders


async def test_cursor_deploys_a_figure_where_enter_is_pressed():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game(pilot)
        side = screen.acting_side()
        await pilot.press("tab")  # selects the first figure, cursor to its first legal cell
        uid = screen.selected
        board = screen.query_one("BoardView")
        first = board.cursor
        assert first in board.picture.highlights
        await pilot.press("right", "enter")
        placed = {u.id: u.pos for u in screen.game.ruleset.units(screen.game.state)}
        assert placed[uid] == (first[0] + 1, first[1])
        assert screen.acting_side() == side  # still deploying
        # A refused order is a readable message and changes nothing.
        from core.deployment import Ready

        before = screen.game
        assert screen.submit(Ready(side)) is False
        assert screen.game is before


async def test_autosave_after_every_order_and_quit_asks():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await new_game(pilot)
        await pilot.press("d")
        saves = list_saves()
        assert len(saves) == 1
        assert load_game(saves[0].path).orders == screen.game.orders
        await pilot.press("q")
        await pilot.press("n")  # do not leave
        assert app.screen is screen
