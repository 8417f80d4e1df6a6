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
