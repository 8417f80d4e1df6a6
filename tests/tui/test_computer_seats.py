"""Who plays each side carries over: an Optio pre-game played against the
computer hands its seats to the battle on the ground it chose, whose save
remembers them and whose Continue resumes them.  Pilot at 80x24; asserts
on the games, the saves and who the screens let act, never on timing."""

from __future__ import annotations

from core.game import submit
from saves.store import list_saves, load_with_seats
from tests.tui.test_computer import wait_for
from tests.tui.test_optio import game_screen, play_to_template
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.newgame import NewGameScreen
from tui.result import ResultScreen
from tui.rulesets.optio_fight import FightScreen
from tui.rulesets.optio_handoff import PlayOptioFirst
from tui.widgets import Cycler

SIZE = (80, 24)
AGAINST = ("human", "normal")


def finished(game):
    """The pre-game played on by random orders until the template is placed."""
    game = play_to_template(game)
    game = submit(game, game.legal_orders(min(game.to_act))[0]).game
    assert game.outcome is not None and game.state.result is not None
    return game


async def test_an_optio_pre_game_against_the_computer_hands_its_seats_to_the_battle(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        form = app.screen
        assert isinstance(form, NewGameScreen)
        bf = form.query_one("#battlefield", Cycler)
        bf.focus()
        for _ in range(len(bf.values)):
            if isinstance(bf.value, PlayOptioFirst):
                break
            await pilot.press("right")
        assert isinstance(bf.value, PlayOptioFirst)
        form.query_one("#seat1", Cycler).focus()
        await pilot.pause()
        await pilot.press("right", "right")  # side 2: the computer (normal)
        await pilot.press("ctrl+g")
        await pilot.pause()
        pre = game_screen(app)
        assert pre.game.ruleset_name == "optio"
        assert app.seat_kinds == AGAINST
        assert pre.computer is not None and pre.computer.plays(1) and not pre.computer.plays(0)
        assert load_with_seats(list_saves()[0].path)[1] == AGAINST
        # The scouting and template by orders (the test's, for both sides), then the screens.
        done = finished(pre.local_game())
        app.autosave(done)
        pre.game = done
        pre.redraw()
        assert await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.press("e")  # fight the battle on this ground
        await pilot.pause()
        assert isinstance(app.screen, FightScreen)
        await pilot.press("enter")
        await pilot.pause()
        form = app.screen  # the battle's form, pre-filled with who plays each side
        assert isinstance(form, NewGameScreen)
        assert (form.query_one("#seat0", Cycler).value, form.query_one("#seat1", Cycler).value) == AGAINST
        await pilot.press("ctrl+g")
        await pilot.pause()
        battle = game_screen(app)
        assert battle is not pre and battle.game.ruleset_name == "spheres_of_war"
        assert app.seat_kinds == AGAINST
        assert battle.computer is not None and battle.computer.plays(1) and not battle.computer.plays(0)
        saved = [s for s in list_saves() if s.ruleset == "spheres_of_war"]
        assert len(saved) == 1
        assert load_with_seats(saved[0].path)[1] == AGAINST
        # The computer plays the battle: it gives side 1's orders with nobody at the keys.
        if battle.game.state.deploying == 0:
            await pilot.press("d", "r")
        assert await wait_for(pilot, lambda: any(o.side == 1 for o in battle.game.orders))
        app.close_session()
    app = SkirmishApp(continue_latest=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if not any(isinstance(s, GameScreen) for s in app.screen_stack):
            app.action_continue_game()
        assert await wait_for(pilot, lambda: any(isinstance(s, GameScreen) for s in app.screen_stack))
        again = game_screen(app)
        assert again.game.ruleset_name == "spheres_of_war"
        assert app.seat_kinds == AGAINST
        assert again.computer is not None and again.computer.plays(1) and not again.computer.plays(0)


async def test_a_rematch_keeps_the_computer_with_its_player(data_dir):
    """A rematch swaps the players' sides: the computer's player is now side 0."""
    from bench.games import battlefield_for
    from core.game import start
    from core.registry import find_ruleset
    from tui.result import rematch

    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_for(rules), 5, ("Ann", "Bot"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(game, seats=AGAINST)
        await pilot.pause()
        screen = game_screen(app)
        screen.result_chosen("rematch")
        await pilot.pause()
        second = game_screen(app)
        assert second is not screen and second.game.players == ("Bot", "Ann")
        assert second.local_game().seed == rematch(game).seed  # (the computer, now side 0, may have moved)
        assert app.seat_kinds == ("normal", "human")
        assert second.computer.plays(0) and not second.computer.plays(1)
