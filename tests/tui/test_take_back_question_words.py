"""ctrl+z at one keyboard asks before taking back the other player's last
order, and words it as it was given.  A tester: Ann turned a mini (one
Movement), ended the turn with a Movement unused, and on Bob's turn ctrl+z
asked "Take back Ann's last order (pass: end the turn (2 Movements
unused))?": the pass was worded on the state after it (Bob's fresh turn)."""

from __future__ import annotations

from core.board import Facing
from core.deployment import DeployAll, Ready
from core.game import submit
from core.rulesets.plasto_latros.orders import Pass, Turn
from tests.tui.test_flow import SIZE, new, open_at_the_keyboard
from tui.app import SkirmishApp
from tui.modals import Confirm


async def test_the_take_back_question_counts_the_movements_of_the_turn_the_pass_ended():
    game = new("plasto_latros")
    for order in (DeployAll(0), Ready(0), DeployAll(1), Ready(1)):
        game = submit(game, order).game
    a1 = game.state.get("a1")
    turned = next(f for f in Facing if f is not a1.facing)
    for order in (Turn(0, "a1", turned), Pass(0)):  # one Movement spent, one left unused
        game = submit(game, order).game
    assert game.state.active == 1 and game.state.movements_left == 2
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_at_the_keyboard(pilot, game)
        await pilot.pause()
        assert screen.acting_side() == 1
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        question = app.screen.question
        assert "Take back Ann's last order" in question
        assert "1 Movement unused" in question and "2 Movements" not in question
