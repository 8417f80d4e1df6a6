"""Nothing cut at 80x24: every screen and modal of every ruleset, walked
the way a player meets them (main menu, the new-game form with that
ruleset chosen, the game screen mid-game with its menus, the adapters'
modals, the whole log, the rules help with its Contents open, the result
screen), and the battlefield an Optio pre-game hands over, each checked
with :func:`tests.tui.fit.cut_texts` -- the footer's keys included."""

from __future__ import annotations

import random

import pytest

from core.game import start, submit
from core.registry import rulesets
from tests.tui.fit import cut_texts, settled_cuts
from tests.tui.test_every_ruleset import battlefield_for
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.game_screen import GameScreen
from tui.modals import Handover
from tui.result import ResultScreen

SIZE = (80, 24)


def test_the_checker_finds_a_cut_banner():
    """The checker itself: it must see what the issue saw."""
    import asyncio

    async def run():
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            rules = rulesets()[0]
            app.start_game(start(rules, None, battlefield_for(rules), seed=1, players=("Ann", "Bo")))
            screen = app.screen
            assert await settled_cuts(pilot, lambda: app.screen) == []
            screen.query_one("#banner").update("Game over — Ann wins: a turn starts and only Ann (Instigator) has "
                                               "combatants left on the battlefield")
            # On a loaded machine the banner's new words may take more than one pause to be laid out.
            for _ in range(20):
                await pilot.pause(0.1)
                if any("#banner" in p for p in cut_texts(screen)):
                    break
            assert any("#banner" in p for p in cut_texts(screen))

    asyncio.run(run())


def test_the_checker_finds_a_footer_key_cut_off_or_overlapping():
    import asyncio

    from textual.app import App
    from textual.binding import Binding
    from textual.widgets import Footer

    crowd = [Binding(key, f"notify('{key}')", f"A long description {key}") for key in "abcdefgh"]

    class Crowded(App):
        BINDINGS = crowd

        def compose(self):
            yield Footer()

    async def run():
        app = Crowded()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            return cut_texts(app.screen)

    problems = asyncio.run(run())
    assert any("cut off" in p or "overlap" in p for p in problems), problems


class Walk:
    def __init__(self, app, pilot) -> None:
        self.app = app
        self.pilot = pilot
        self.problems: dict[str, list[str]] = {}

    async def check(self, where: str) -> None:
        cut = await settled_cuts(self.pilot, lambda: self.app.screen)
        screen = self.app.screen
        if cut:
            self.problems.setdefault(f"{where} {type(screen).__name__}", cut)

    async def press(self, where: str, *keys: str) -> None:
        for key in keys:
            await self.pilot.press(key)
            await self.check(f"{where} after {key}")

    async def back_to(self, screen) -> None:
        for _ in range(8):
            if self.app.screen is screen or isinstance(self.app.screen, ResultScreen):
                return
            await self.pilot.press("escape")
            await self.check("closing")


@pytest.mark.parametrize("rules", rulesets(), ids=lambda r: r.name)
async def test_every_screen_and_modal_fits_at_80x24(rules):
    app = SkirmishApp()
    pick = random.Random(7)
    async with app.run_test(size=SIZE) as pilot:
        walk = Walk(app, pilot)
        await walk.check("main menu")
        await walk.press("form", "n")
        cycler = app.screen.query_one("#ruleset")
        cycler.set_index(cycler.values.index(rules.name))
        await walk.check(f"form for {rules.name}")
        app.pop_screen()
        game = start(rules, None, battlefield_for(rules), seed=5, players=("Annabel Longname", "Bo"))
        app.start_game(game)
        await walk.check("game start")
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        for step in range(6):
            top = app.screen
            if isinstance(top, ResultScreen) or screen.game.outcome is not None:
                break
            if isinstance(top, Handover):
                await walk.press("handover", "enter")
                continue
            if top is not screen:  # a modal the adapter opened: look, then take its first choice
                await walk.press(f"step {step}", "1")
                if app.screen is top:
                    await walk.press(f"step {step}", "enter")
                if app.screen is top:
                    await walk.back_to(screen)
                continue
            if step == 1:  # the menus a player opens from the board (once: help is slow to draw)
                # The rules help of each ruleset, with its Contents open.
                menus = (("o", "1", "enter"), ("L",), ("enter",), ("f1", "t"))
                for keys in menus:
                    await walk.press(f"step {step} keys {keys}", *keys)
                    await walk.back_to(screen)
            if not screen.orders:
                await pilot.pause()
                continue
            screen.submit(pick.choice(screen.orders))
            await walk.check(f"step {step} after an order")
        # The rest of the game by the core, then its last order on screen.
        game = screen.local_game()
        while game.outcome is None:
            order = pick.choice(game.legal_orders(min(game.to_act)))
            after = submit(game, order).game
            if after.outcome is not None:
                break
            game = after
        if screen.game.outcome is None:
            screen.game = game
            screen.keyboard_side = None
            screen.redraw()
            await pilot.pause()
            if isinstance(app.screen, Handover):
                await pilot.press("enter")
            await walk.back_to(screen)
            if screen.game.outcome is None:
                screen.submit(order)
        await walk.check("the end")
        assert isinstance(app.screen, ResultScreen)
        await walk.press("result", "b", "L")
    unique = sorted({(where.split()[-1], problem) for where, cut in walk.problems.items() for problem in cut})
    assert unique == []


@pytest.mark.parametrize("name", ["plasto_latros", "platemail", "waylights"])
async def test_the_optio_handoff_battlefield_fits_at_80x24(name):
    """The 32x16 ground an Optio pre-game hands over, its board, panel,
    menus and footer, as every shipped battlefield."""
    from tests.tui.test_fits_and_words import handoff_game

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        walk = Walk(app, pilot)
        app.start_game(handoff_game(name))
        await walk.check("hand-off game start")
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        if isinstance(app.screen, Handover):
            await walk.press("handover", "enter")
        board = screen.query_one(BoardView)
        # the panel keeps its width; the board scrolls sideways (tests/tui/test_viewport.py)
        assert screen.query_one("#side").outer_size.width == screen.SIDE_W
        assert board.max_scroll_y == 0, (board.virtual_size, board.size)  # every row
        for keys in (("tab",), ("o",), ("f",), ("L",)):
            await walk.press(f"keys {keys}", *keys)
            await walk.back_to(screen)
    unique = sorted({(where.split()[-1], problem) for where, cut in walk.problems.items() for problem in cut})
    assert unique == []


@pytest.mark.parametrize("rules", rulesets(), ids=lambda r: r.name)
async def test_every_rulesets_help_fits_with_its_contents_open(rules):
    from tui.help import open_help

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        walk = Walk(app, pilot)
        open_help(app, rules.name, rules.title)
        await walk.check(f"{rules.name} help")
        await walk.press(f"{rules.name} help", "t", "down", "enter", "t")
    unique = sorted({(where.split()[-1], problem) for where, cut in walk.problems.items() for problem in cut})
    assert unique == []
