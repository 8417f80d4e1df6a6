"""An onlooker (``skirmish join --watch CODE``) is told when the joiner's
line drops and when the joiner is back, as the host's log is (a tester
killed the joiner's terminal: the host's log said "Bob is not connected",
the onlooker's said nothing and just waited).  An onlooker who comes while
the joiner is away is told at once; before the game begins and after its
end nothing is said (nobody waits for the joiner then), nor when another
terminal of the joiner's account takes the seat over.  Real sockets."""

from __future__ import annotations

import time

from core.orders import Concede
from tests.remote.helpers import RecordingSeat, new_host, wait_until


def notices(seat) -> list[str]:
    import json

    return [json.loads(line)["text"] for line in seat.received if json.loads(line).get("type") == "notice"]


def test_the_onlooker_hears_the_joiner_drop_and_come_back():
    host = new_host("spheres_of_war")
    try:
        joiner = RecordingSeat(host.code, name="Bob")
        joiner.start()
        watcher = RecordingSeat(host.code, role="watch")
        watcher.start()
        assert wait_until(lambda: host.table is not None and watcher.version >= 0)
        assert notices(watcher) == []  # the joiner is here: nothing to say
        joiner.stop()  # the joiner's terminal is killed
        assert wait_until(lambda: watcher.notice == "Bob is not connected: the game waits for them to join again.")
        assert watcher.status == "playing"  # still watching
        late = RecordingSeat(host.code, role="watch")  # comes while Bob is away: told at once
        late.start()
        assert wait_until(lambda: late.notice.startswith("Bob is not connected"))
        back = RecordingSeat(host.code, name="Bob")
        back.start()
        assert wait_until(lambda: watcher.notice == "Bob is connected: the game goes on.")
        assert wait_until(lambda: late.notice == "Bob is connected: the game goes on.")
        assert back.notice == ""  # the joiner is told nothing of itself
        for seat in (back, late, watcher):
            seat.stop()
    finally:
        host.close("done")


def test_nothing_is_said_before_the_game_nor_after_its_end():
    host = new_host("spheres_of_war")
    try:
        joiner = RecordingSeat(host.code, name="Bob")
        joiner.start()
        watcher = RecordingSeat(host.code, role="watch")
        watcher.start()
        assert wait_until(lambda: host.table is not None and watcher.version >= 0)
        host.seat(0).submit(Concede(0))  # the game ends
        assert wait_until(lambda: watcher.outcome() is not None)
        joiner.stop()
        assert wait_until(lambda: not host.joined)
        again = RecordingSeat(host.code, name="Bob")
        again.start()
        assert wait_until(lambda: host.joined)
        again.stop()
        assert wait_until(lambda: not host.joined)
        assert notices(watcher) == []
        watcher.stop()
    finally:
        host.close("done")


def test_a_takeover_by_the_joiners_own_account_says_nothing_to_onlookers():
    host = new_host("spheres_of_war")
    try:
        joiner = RecordingSeat(host.code, name="Bob")
        joiner.start()
        watcher = RecordingSeat(host.code, role="watch")
        watcher.start()
        assert wait_until(lambda: host.table is not None and watcher.version >= 0)
        other = RecordingSeat(host.code, name="Bob")  # the same account, from another terminal
        other.start()
        assert wait_until(lambda: joiner.status == "moved" and host.player is not None)
        assert wait_until(lambda: host.joined)
        time.sleep(0.3)
        assert notices(watcher) == []  # Bob never went
        for seat in (other, joiner, watcher):
            seat.stop()
    finally:
        host.close("done")


async def test_the_onlookers_screen_says_it_in_the_log():
    """The tester's onlooker: the screen's log says the joiner went (and came
    back), as the host's does; the banner still says it is watching."""
    from tests.remote.test_onlooker_screen import log_text, settle
    from tui.app import SkirmishApp
    from tui.remote.play import SeatNews

    host = new_host("spheres_of_war")
    seats = []
    try:
        joiner = RecordingSeat(host.code, name="Bob")
        joiner.start()
        seats.append(joiner)
        onlooker = RecordingSeat(host.code, role="watch", name="Cy")
        onlooker.start()
        seats.append(onlooker)
        assert wait_until(lambda: onlooker.status == "playing")
        app = SkirmishApp()
        async with app.run_test(size=(80, 24)) as pilot:
            app.joining.show(onlooker)  # as Joining.done shows a seat that joined, and hears its news
            onlooker.subscribe(lambda: app.post_message(SeatNews(onlooker)))
            await pilot.pause()
            screen = app.screen
            joiner.stop()
            assert await settle(pilot, lambda: "Bob is not connected" in log_text(screen), tries=200), \
                log_text(screen)
            back = RecordingSeat(host.code, name="Bob")
            back.start()
            seats.append(back)
            assert await settle(pilot, lambda: "Bob is connected: the game goes on." in log_text(screen), tries=200)
            assert str(screen.query_one("#banner").render()).lstrip().startswith("Watching")
            app.joining.seat = None  # the seats are stopped below
    finally:
        for seat in seats:
            seat.stop()
        host.close("done")
