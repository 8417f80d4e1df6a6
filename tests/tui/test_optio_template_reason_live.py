"""Optio against the computer: when the person's own order makes the armies
meet (a scout reveals an army in its own square, or an army marches in),
the computer places the template at once and that ends the game.  The
template's reason must be in the live log and counted on the result, as
it is when the finished game is loaded.  A tester saw "its 38 orders" and
the log's "» Bob (normal) gives its orders (its reasons are shown when the
game ends)" in place of the template's reason; the save had 39."""

from __future__ import annotations

import random
import time

from core.game import start, submit
from core.registry import find_ruleset
from core.rulesets.optio.state import Phase
from tests.tui.test_computer import SIZE, log_text, wait_for
from tests.tui.test_every_ruleset import battlefield_for
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.result import ResultScreen

OPTIO = find_ruleset("optio")
STAND_IN = "gives its orders (its reasons are shown when the game ends)"


def just_before_the_meeting(seed: int):
    """Random legal orders until the next one (the person's) makes the
    armies meet; that game and that order."""
    game = start(OPTIO, None, battlefield_for(OPTIO), seed=seed, players=("Ann", "Bob"))
    pick = random.Random(seed)
    while True:
        order = pick.choice(game.legal_orders(min(game.to_act)))
        after = submit(game, order).game
        if after.state.phase is Phase.TEMPLATE:
            return game, order
        game = after


async def test_the_template_placed_on_the_persons_meeting_has_its_reason_live(data_dir):
    game, order = just_before_the_meeting(5)
    person = order.side
    placer = 1 - person
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(game, seats=tuple("normal" if s == placer else "human" for s in (0, 1)))
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert await wait_for(pilot, lambda: person in screen.game.to_act and not screen.narrator.busy)
        before = len(screen.computer.held_reasons)  # its reasons so far (none: the person moved last)
        # The person's order, as GameScreen.submit gives it; the computer,
        # woken by it, places the template (and its reason is posted) before
        # the screen redraws after the person's order: the order the tester
        # met.  The loop is held here until the computer's order is in, so
        # its notices wait unread, as they did then.
        with screen.match.lock:
            screen.seats.submit(order)
        for _ in range(6000):
            if screen.game.outcome is not None:
                break
            time.sleep(0.01)
        assert screen.game.outcome is not None
        screen.redraw()
        assert await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.pause(0.3)
        assert screen.game.state.phase is Phase.DONE or screen.game.outcome is not None
        text = str(app.screen.query_one("#result-text").render())
        count = before + 1
        assert f"The computer's reasons for its {count} order{'s' if count != 1 else ''}, kept back" in text, text
        who = f"» {game.players[placer]} (normal)"
        lines = log_text(screen).splitlines()
        template = [line for line in lines if line.startswith(f"{who}: Template")]
        assert len(template) == 1, lines
        assert not any(line.endswith(STAND_IN) for line in lines[lines.index(template[0]):]), lines
        assert not screen.computer.held_reasons
