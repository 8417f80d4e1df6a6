"""Plasto Latros at 80x24: a mini already placed may be placed again until
its side says Ready (docs/rulings.md, Plasto Latros, *Deployment*: the
rules' deploy check accepts it, as in Spheres of War).  A tester pressed
Enter on a placed mini and read "a3 has no order to give now."."""

from __future__ import annotations

from pathlib import Path

from core.deployment import Deploy, Ready
from core.game import start, submit
from core.rulesets.plasto_latros.options import PlastoOptions
from core.rulesets.plasto_latros.state import Phase
from saves.library import battlefield_named
from tests.tui.test_plasto_latros import SIZE, cursor_to, open_game, play
from tui.app import SkirmishApp
from tui.rulesets.plasto_latros_deploy import placed_again


def _deploying():
    options = PlastoOptions(minis=2, shooters_0=0, shooters_1=0)
    game = start("plasto_latros", options, battlefield_named("pl-open"), seed=1, players=("Ann", "Bo"))
    return play(game, Deploy(0, "a1", (6, 1)), Deploy(0, "a2", (0, 0)))  # both placed: Ready is all that is listed


def _log(screen) -> str:
    return " ".join(str(line.text) for line in screen.query_one("#log").lines)


def test_the_rules_accept_placing_a_placed_mini_again_until_ready():
    game = _deploying()
    assert [o.verb for o in game.legal_orders(0)] == ["ready"]  # the engine lists only Ready
    again = placed_again(game.state, 0)
    assert Deploy(0, "a1", (3, 1)) in again and not any(o.at in ((6, 1), (0, 0)) for o in again)
    for order in again[:5] + again[-5:]:
        assert hasattr(submit(game, order), "game"), order  # each one accepted by the rules
    ready = play(game, Ready(0))
    assert placed_again(ready.state, 0) == [] and placed_again(ready.state, 1) == []  # Bo places his own first


async def test_enter_on_a_placed_mini_then_on_a_free_cell_places_it_again(tmp_path: Path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, _deploying(), tmp_path)
        screen.selected = None
        await cursor_to(pilot, screen, (6, 1))
        await pilot.press("enter")  # on the placed a1: it is selected
        await pilot.pause()
        assert screen.selected == "a1", _log(screen)
        assert "has no order to give now" not in _log(screen)
        await cursor_to(pilot, screen, (3, 1))
        await pilot.press("enter")  # a free cell of the zone: placed there
        await pilot.pause()
        state = screen.game.state
        assert state.mini("a1").pos == (3, 1) and state.phase is Phase.DEPLOY  # Ready is still the player's
        await pilot.press("r")
        await pilot.pause()
        assert screen.game.state.active == 1
