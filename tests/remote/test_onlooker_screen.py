"""Issue 29: an onlooker's screen says it is watching and offers no
orders; the host is told when someone watches.  Over real sockets, with the
screens the app builds for each (``Joining.show`` for the onlooker,
``Hosting.play`` for the host)."""

from __future__ import annotations

from tests.remote.helpers import RecordingSeat, new_host, wait_until
from tests.tui.test_glance import screen_text
from tui.app import SkirmishApp
from tui.game_screen import GameScreen

SIZE = (80, 24)


def log_text(screen) -> str:
    return "\n".join(str(line.text) for line in screen.query_one("#log").lines)


async def settle(pilot, check, tries: int = 40) -> bool:
    for _ in range(tries):
        await pilot.pause(0.05)
        if check():
            return True
    return False


async def test_an_onlookers_screen_says_it_is_watching_and_offers_no_orders():
    host = new_host("spheres_of_war")
    seats = []
    try:
        joiner = RecordingSeat(host.code, name="Bo")
        joiner.start()
        seats.append(joiner)
        onlooker = RecordingSeat(host.code, role="watch", name="Cy")
        onlooker.start()
        seats.append(onlooker)
        assert wait_until(lambda: onlooker.status == "playing")
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            app.joining.show(onlooker)
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            banner = str(screen.query_one("#banner").render())
            assert banner.lstrip().startswith("Watching"), banner
            footer = screen_text(app).splitlines()[-1]
            for word in ("Orders", "End turn", "Next", "Deploy", "Ready"):
                assert word not in footer, footer
            for key in ("o", "p", "tab", "enter"):
                await pilot.press(key)
                await pilot.pause()
                assert app.screen is screen  # no menu, no question
            assert "You are watching: this screen gives no orders." in log_text(screen)
            assert onlooker.legal_orders() == []
    finally:
        for seat in seats:
            seat.stop()
        host.close()


async def test_the_host_is_told_when_someone_watches(data_dir):
    host = new_host("spheres_of_war")
    seats = []
    try:
        joiner = RecordingSeat(host.code, name="Bo")
        joiner.start()
        seats.append(joiner)
        assert wait_until(lambda: host.table is not None)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            app.hosting.host = host
            app.seat_kinds = ("human", "human")
            app.hosting.play(None)
            await pilot.pause()
            screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
            onlooker = RecordingSeat(host.code, role="watch", name="Cy")
            onlooker.start()
            seats.append(onlooker)
            assert await settle(pilot, lambda: "Someone is watching this game (1 onlooker)." in log_text(screen)), \
                log_text(screen)
            onlooker.stop()
            assert await settle(pilot, lambda: "Nobody is watching now." in log_text(screen)), log_text(screen)
            app.hosting.host = None
    finally:
        for seat in seats:
            seat.stop()
        host.close()


def _begun(ruleset: str, until):
    """A game of ``ruleset`` between Ann and Bob, random orders given until ``until(game)``."""
    import random

    from core.game import start, submit
    from core.registry import find_ruleset
    from saves.library import battlefield_named
    from tests.remote.helpers import PLAYERS

    rules = find_ruleset(ruleset)
    game = start(rules, None, battlefield_named(rules.default_battlefield), 5, PLAYERS)
    pick = random.Random(5)
    while not until(game):
        assert game.outcome is None
        game = submit(game, pick.choice(game.legal_orders(min(game.to_act)))).game
    return game


async def _onlooker_screen(pilot, host, seats):
    onlooker = RecordingSeat(host.code, role="watch", name="Cy")
    onlooker.start()
    seats.append(onlooker)
    assert wait_until(lambda: onlooker.status == "playing")
    pilot.app.joining.show(onlooker)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen) and screen.onlooker()
    return screen


async def test_a_platemail_onlooker_is_offered_no_writing_key_and_told_both_sides_write():
    """Both sides write their orders at once: the banner names both, and
    the footer offers no w (Write), which an onlooker cannot use."""
    game = _begun("platemail", lambda g: g.state.stage == "orders")
    assert game.to_act == frozenset({0, 1})
    host = new_host("platemail", game=game)
    seats: list = []
    try:
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            screen = await _onlooker_screen(pilot, host, seats)
            banner = str(screen.query_one("#banner").render())
            assert banner.lstrip().startswith("Watching: Ann and Bob to play"), banner
            footer = screen_text(app).splitlines()[-1]
            assert "Write" not in footer, footer
            await pilot.press("w")
            await pilot.pause()
            assert app.screen is screen  # no order writer, no review
    finally:
        for seat in seats:
            seat.stop()
        host.close()


async def test_an_optio_onlookers_panel_tells_no_keys_to_give_orders_with():
    game = _begun("optio", lambda g: g.state.phase.value == "scouting" and any(
        b.pos is not None for b in g.state.side_blocks(0)))
    host = new_host("optio", game=game)
    seats: list = []
    try:
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            screen = await _onlooker_screen(pilot, host, seats)
            from tui.side_panel import SidePanel

            text = screen_text(app) + (screen.query_one(SidePanel).text or "")  # the panel's whole text
            for words in ("Tab block", "Enter in a lit square", "o: orders", "o: place"):
                assert words not in text, text
            assert "Watching" in str(screen.query_one("#banner").render())
    finally:
        for seat in seats:
            seat.stop()
        host.close()
