"""When the other player of a finished server game begins a rematch,
the result screen's box says it; no pop-up says it again over the
result's menu (a tester saw one cover its right half for 10 s).  The
server's words go to the game's log instead.  A real server in this
process, the real client; Pilot at 80x24."""

from __future__ import annotations

from tests.tui.test_lobby import SIZE, real_server, settle
from tests.tui.test_lobby_rematch_restart import ann_plays_and_concedes
from tests.tui.test_result_says_the_rematch_the_other_began import next_line
from tui.app import SkirmishApp
from tui.log_pane import LogPane


def toasts(app) -> list[str]:
    return [f"{n.title}: {n.message}" for n in app._notifications]


async def test_the_rematch_bob_began_is_said_in_the_result_box_and_the_log_never_in_a_toast():
    with real_server() as server:
        gid, _ = server.client("ann").create("spheres_of_war", None, ("me", "open"))
        bobs = server.client("bob").join(gid)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            screen = await ann_plays_and_concedes(pilot, app, server, gid)
            result = app.screen
            app._notifications.clear()
            server.client("bob").rematch(gid)
            await settle(pilot, lambda: "asks for a rematch" in next_line(result), 15)
            await pilot.pause(0.5)  # the seat's news has gone round the app
            seat = app.remote_seat
            assert seat.notice == seat.next_reason and getattr(seat, "notices_told", 0) == seat.notices  # handled
            assert not [t for t in toasts(app) if "asks for a rematch" in t], toasts(app)
            logged = "\n".join(line.text for line in screen.query_one(LogPane).lines)
            assert "asks for a rematch" in logged
            bobs.stop()
