"""The side panel's hint names keys that open the side's orders (a
tester: "w (or o, 1)" -- but 1 on the board is a keypad key that moves
the cursor; 1 picks the first entry of the o menu).  Each way the hint
names is pressed here and must open the orders screen."""

from __future__ import annotations

import re

from tests.tui.test_platemail import SIZE, deployed_game, open_game
from tui.app import SkirmishApp
from tui.rulesets.platemail_review import SideOrders


def orders_hint(screen) -> str:
    lines = screen.adapter.panel_lines(screen.game, screen.game.view(0), 0, None)
    return next(line for line in lines if "orders & commit" in line)


async def test_every_way_the_hint_names_opens_the_orders():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, deployed_game())
        await pilot.press("enter")  # Ann's handover
        await pilot.pause()
        hint = orders_hint(screen)
        ways = re.fullmatch(r"(\w) \(or ([^)]*)\): orders & commit.*", hint)
        assert ways, hint
        sequences = [[ways.group(1)]] + [part.split(" then ") for part in ways.group(2).split(", ")]
        for keys in sequences:
            assert app.screen is screen
            await pilot.press(*keys)
            await pilot.pause()
            assert isinstance(app.screen, SideOrders), (hint, keys)
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("1")  # alone on the board: the keypad's down-left, never the orders
        await pilot.pause()
        assert app.screen is screen
