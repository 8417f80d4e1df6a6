"""Platemail: last Round's orders written again with one key (a) on the side's
orders screen, each checked by the rules before it is kept."""

from __future__ import annotations

from core.game import submit
from core.rulesets.platemail.orders import Act, Commit, Write
from core.rulesets.platemail.state import Action, Condition
from tests.tui.test_platemail import SIZE, deployed_game, open_game, open_orders
from tui.app import SkirmishApp
from tui.modals import Handover

A, C = Action, Condition


def _write(side, unit, first, then=None):
    then = then or Act(side, A.DEFEND)
    return Write(side, unit, first, C.HIT, then, then)


def after_round_one():
    """Round 1 resolved: Ann's footman a1 Defended and her knight a3 drank his one
    potion (seed *Potions*: then he has none); her archer a2 wrote nothing."""
    game = deployed_game()
    orders = [
        _write(0, "a1", Act(0, A.DEFEND), Act(0, A.COUNTER, "closest")),
        _write(0, "a3", Act(0, A.USE_ITEM, item="potion")), Commit(0),
        _write(1, "b1", Act(1, A.DEFEND)), Commit(1),
    ]
    for order in orders:
        game = submit(game, order).game
    assert game.state.round == 2 and game.state.char("a3").potions == 0
    return game


def news(app, screen, review) -> str:
    """What ``a`` said, checked where README says news goes: the newest
    line of the log pane (and the orders screen's own news line, which
    covers the board), never a pop-up notification over them."""
    from textual.widgets import Label

    from tests.tui.test_waylights import log_text

    assert not app._notifications, [str(n.message) for n in app._notifications]
    said = " ".join(str(review.query_one("#review-news", Label).render()).split())
    assert said and log_text(screen).endswith(said)  # the log's newest line (wrapped in the pane)
    return said


async def to_board(pilot, screen) -> None:
    """Past the handover and the Round's playback, to the board."""
    for _ in range(6):
        if pilot.app.screen is screen:
            return
        await pilot.press("enter" if isinstance(pilot.app.screen, Handover) else "escape")
        await pilot.pause()
    assert pilot.app.screen is screen


async def test_last_rounds_orders_again_where_the_rules_allow():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, after_round_one())
        await to_board(pilot, screen)
        assert screen.keyboard_side == 0
        review = await open_orders(pilot, 0)
        await pilot.press("a")
        await pilot.pause()
        # a1's orders are kept; a3's potion is refused (none left), with the reason; a2 had none.
        assert set(review.written) == {"a1"}
        assert review.written["a1"].then == Act(0, A.COUNTER, "closest")
        lines = review.lines()
        assert lines[0].startswith("[new]") and "not written yet" in lines[1] and "not written yet" in lines[2]
        shown = news(app, screen, review)
        assert "Last Round's orders again: a1." in shown and "a3: a3 has no potion left." in shown
        # Written already: a second press changes nothing.
        await pilot.press("a")
        await pilot.pause()
        assert set(review.written) == {"a1"}


def after_round_one_then_b2_dead():
    """Round 1 resolved with Ann's archer a2 shooting at b2 and her footman
    a1 Countering the closest hostile; then b2 is dead."""
    import attrs

    from core.rulesets.platemail.state import Status

    game = deployed_game()
    for order in (_write(0, "a1", Act(0, A.DEFEND), Act(0, A.COUNTER, "closest")),
                  _write(0, "a2", Act(0, A.RANGED, "b2")), Commit(0), Commit(1)):
        game = submit(game, order).game
    state = game.state
    dead = tuple(attrs.evolve(c, status=Status.DEAD) if c.id == "b2" else c for c in state.characters)
    game = attrs.evolve(game, state=attrs.evolve(state, characters=dead))
    assert game.state.round == 2 and game.state.char("b2").status is Status.DEAD
    return game


async def test_last_rounds_orders_naming_a_dead_character_are_left_to_write_again():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, after_round_one_then_b2_dead())
        await to_board(pilot, screen)
        review = await open_orders(pilot, 0)
        await pilot.press("a")
        await pilot.pause()
        # a1's orders name a general target: kept.  a2's named b2, now dead: not copied, and said so.
        assert set(review.written) == {"a1"}
        assert "not written yet" in review.lines()[1]
        shown = news(app, screen, review)
        assert "Last Round's orders again: a1." in shown
        assert "a2's orders named b2, who is dead: write them again" in shown
