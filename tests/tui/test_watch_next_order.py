"""Watching a save again: "Next: ..." names the order to come whenever the
view watched reads what it does, and calls it hidden only when it is.  A
tester watched an unfinished Optio save (w in the Load list, → once): the
panel said "Next: an order hidden from this view", and the step showed the
order openly ("Tess's g2 enters at 1,0").  Every Optio event is read by both
sides (docs/rulings.md, Optio, *Which block is which*); a Platemail write is
read by its writer alone (docs/rulings.md, Platemail, *Who has orders is
secret*)."""

from __future__ import annotations

from core.events import visible_to
from tests.tui.test_watch import SIZE, open_watch, played, saved
from tui.app import SkirmishApp
from tui.watch import PUBLIC

HIDDEN = "Next: an order hidden from this view"


async def test_an_unfinished_optio_game_names_every_next_order_in_the_public_view(tmp_path):
    game = played("optio", 40, seed=4)
    assert game.outcome is None
    rules = game.ruleset
    path = saved(tmp_path, game)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        await pilot.press("right")  # the tester's step
        await pilot.pause()
        assert screen.viewer is PUBLIC and screen.index == 1
        for k in range(1, len(game.orders)):
            screen.go(k)
            await pilot.pause()
            here, after = screen.history[k], screen.history[k + 1]
            # what makes the label true: the public view reads all the order did
            made = after.log[len(here.log):]
            assert made and all(visible_to(e, None) for e in made)
            panel = str(screen.query_one("#watch-panel").render())
            assert HIDDEN not in panel, f"position {k}"
            assert f"Next: {rules.describe_order(here.state, game.orders[k])}" in panel, f"position {k}"


async def test_a_finished_optio_game_names_the_other_sides_orders_in_a_sides_view(tmp_path):
    game = played("optio", 3000, seed=4)
    assert game.outcome is not None
    path = saved(tmp_path, game)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        assert screen.viewer == 0
        theirs = next(k for k, order in enumerate(game.orders) if order.side == 1)
        screen.go(theirs)
        await pilot.pause()
        panel = str(screen.query_one("#watch-panel").render())
        assert HIDDEN not in panel
        assert f"Next: {game.ruleset.describe_order(screen.history[theirs].state, game.orders[theirs])}" in panel


async def test_an_unfinished_platemail_game_hides_only_the_writes(tmp_path):
    """A write's one event is its writer's; a commit is in the public log
    ("... commits their orders"), so it is named."""
    game = played("platemail", 30, seed=2)
    assert game.outcome is None
    path = saved(tmp_path, game)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        verbs = {}
        for k, order in enumerate(game.orders):
            screen.go(k)
            await pilot.pause()
            panel = str(screen.query_one("#watch-panel").render())
            verbs.setdefault(order.verb, set()).add(HIDDEN in panel)
        assert verbs["write"] == {True}
        assert verbs["commit"] == {False}
