"""The p key in the footer says what it gives in the ruleset (Spheres of
War: the Matched figure Waits, not 'End turn'), and is not offered when
nobody at this keyboard can act (watching the computer play itself).
Pilot at 80x24; found by playing as a newcomer."""

from __future__ import annotations

from textual.widgets import Footer

from tests.tui.test_computer import start_with, wait_for
from tests.tui.test_keys import game_screen, played
from tui.app import SkirmishApp

SIZE = (80, 24)


def footer_keys(screen) -> dict[str, str]:
    items = screen.query_one(Footer).query("FooterKey")
    return {item.key: str(item.description) for item in items if item.region.width and item.region.right <= SIZE[0]}


def spheres_at_a_wait():
    """A hot-seat Spheres of War game where the side to act may Wait."""
    for cap in range(20, 80):
        game = played("spheres_of_war", cap)
        if game.outcome is None and any(
                o.verb == "wait" for side in game.to_act for o in game.legal_orders(side)):
            return game
    raise AssertionError("no position with a Wait in reach")


async def test_in_spheres_of_war_the_footer_calls_p_wait():
    game = spheres_at_a_wait()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await game_screen(pilot, game)
        await pilot.pause()
        assert footer_keys(screen).get("p") == "Wait"
        before = len(screen.game.orders)
        await pilot.press("p")
        await pilot.pause()
        assert screen.game.orders[before].verb == "wait"  # and Wait is what p gives


async def test_watching_the_computer_play_itself_offers_no_p(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_with(pilot, (1, 1))  # Spheres of War, computer v computer
        assert screen.computer is not None and screen.computer.watching
        await pilot.press("P")
        await wait_for(pilot, lambda: screen.computer.thinking is None)
        await pilot.pause()
        keys = footer_keys(screen)
        assert "P" in keys and "p" not in keys, keys


def test_spheres_of_war_move_labels_say_which_way_and_when_they_strike():
    """Played: the menu read 'Move r1 to 3,9 (1 Action)' for a Move that
    charged into contact and struck, with no word of toward or away."""
    from core.registry import find_ruleset
    from tui.rulesets import adapter_for

    adapter = adapter_for(find_ruleset("spheres_of_war"))
    struck = 0
    for cap in range(20, 40):  # positions in Matches, one with a Move into contact among them
        game = played("spheres_of_war", cap)
        side = next(iter(game.to_act), None)
        view = game.view(side) if side is not None else None
        if view is None or view.match is None:
            continue
        struck += _check_moves(game, side, view, adapter)
    assert struck


def _check_moves(game, side, view, adapter) -> int:
    match_ = view.match
    struck = 0
    for order in (o for o in game.legal_orders(side) if o.verb == "move"):
        other = match_.retaliator if order.unit == match_.instigator else match_.instigator
        there = view.unit(other).pos
        label = adapter.describe(game, view, order)
        assert f" toward {other} " in label or f" away from {other} " in label, label
        touching = game.battlefield.in_bounds(order.to) and max(
            abs(order.to[0] - there[0]), abs(order.to[1] - there[1])) == 1
        assert (f"contact: strikes {other}" in label) == touching, label
        struck += touching
    return struck


async def test_while_deploying_spheres_of_war_p_says_ready_not_wait():
    """Played: the deployment footer read "p Wait" beside "r Ready"; no
    figure is Matched then, and p says Ready (as r does)."""
    from core.game import Submitted, submit

    game = played("spheres_of_war", 0)
    side = next(iter(game.to_act))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:  # nothing placed yet: no Wait either
        screen = await game_screen(pilot, game)
        await pilot.pause()
        assert "p" not in footer_keys(screen), footer_keys(screen)
    placed = submit(game, next(o for o in game.legal_orders(side) if o.verb == "deploy-all"))
    assert isinstance(placed, Submitted)
    game = placed.game
    assert any(o.verb == "ready" for o in game.legal_orders(side))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await game_screen(pilot, game)
        await pilot.pause()
        keys = footer_keys(screen)
        assert keys.get("r") == "Ready" and "p" not in keys, keys
        before = len(screen.game.orders)
        await pilot.press("p")
        await pilot.pause()
        assert screen.game.orders[before].verb == "ready"
