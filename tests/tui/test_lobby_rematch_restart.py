"""A server's game at 80x24 after ``skirmish serve`` was stopped and
started again (its seats come back by themselves): ``r`` on the result
screen still asks for the rematch (the lobby's own connection, dead since
the restart, is made again), and leaving a finished game never says the
connection to the server was lost (the client hung up itself).  A real
server in a process of its own, the real client."""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import tempfile
from pathlib import Path

from tests.server.helpers import ServerProcess, wait_until
from tests.tui.test_lobby import SIZE, ann_at_her_game, real_server, settle
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.modals import Confirm, LeaveOrConcede
from tui.result import ResultScreen


@contextlib.contextmanager
def server_process():
    place = Path(tempfile.mkdtemp(prefix="skrestart", dir="/tmp"))
    place.chmod(0o755)
    running = ServerProcess(place, doors=(pwd.getpwuid(os.getuid()).pw_name,))
    try:
        yield running
    finally:
        running.stop()
        shutil.rmtree(place, ignore_errors=True)


def lost_toasts(app) -> list[str]:
    return [f"{n.title}: {n.message}" for n in app._notifications if "lost" in f"{n.title} {n.message}"
            or "went away" in str(n.message)]


async def ann_concedes(pilot, app) -> None:
    """q, c, y at Ann's board, then the result screen."""
    await pilot.press("q")
    await settle(pilot, lambda: isinstance(app.screen, LeaveOrConcede))
    await pilot.press("c")
    await settle(pilot, lambda: isinstance(app.screen, Confirm))
    await pilot.press("y")
    await settle(pilot, lambda: isinstance(app.screen, ResultScreen), 15)


async def ann_plays_and_concedes(pilot, app, server, gid):
    """Ann opens her game from the lobby and concedes it: her game screen,
    with the result screen over it."""
    await ann_at_her_game(pilot, server, gid)
    await pilot.press("enter")
    await settle(pilot, lambda: isinstance(app.screen, GameScreen), 15)
    screen = app.screen
    await ann_concedes(pilot, app)
    return screen


async def test_r_on_the_result_screen_asks_for_the_rematch_after_the_server_restarted():
    with server_process() as server:
        gid, _ = server.client("ann").create("spheres_of_war", None, ("me", "open"))
        bobs = server.client("bob").join(gid)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await ann_at_her_game(pilot, server, gid)
            await pilot.press("enter")
            await settle(pilot, lambda: isinstance(app.screen, GameScreen), 15)
            seat = app.remote_seat
            server.stop()  # SIGTERM, as a service is stopped
            await settle(pilot, lambda: seat.status in ("lost", "host-stopped"), 15)
            server.start()
            await settle(pilot, lambda: seat.status == "playing", 30)
            assert wait_until(lambda: bobs.status == "playing", 30)
            app._notifications.clear()
            await ann_concedes(pilot, app)
            await pilot.press("r")
            await settle(pilot, lambda: getattr(app.remote_seat, "game_id", gid) != gid, 30)
            assert lobby.client is not None
            assert server.client("bob").lobby().mine[0].id == app.remote_seat.game_id  # the rematch, for both
            await pilot.pause(1.0)
            assert lost_toasts(app) == []
            bobs.stop()


async def test_leaving_a_finished_game_says_nothing_of_a_lost_connection():
    with server_process() as server:
        gid, _ = server.client("ann").create("spheres_of_war", None, ("me", "open"))
        bobs = server.client("bob").join(gid)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await ann_at_her_game(pilot, server, gid)
            await pilot.press("enter")
            await settle(pilot, lambda: isinstance(app.screen, GameScreen), 15)
            await ann_concedes(pilot, app)
            await pilot.press("m")  # back to the lobby
            await settle(pilot, lambda: app.screen is lobby, 15)
            await pilot.pause(1.0)
            assert lost_toasts(app) == []
            bobs.stop()


async def test_an_onlooker_is_not_offered_the_rematch_and_r_says_why():
    from core.orders import Concede
    from net.serverclient import ServerClient
    from tui.lobby import LobbyScreen

    with real_server() as server:
        gid, _ = server.client("ann").create("spheres_of_war", None, ("me", "open"))
        bobs = server.client("bob").join(gid)
        anns = server.client("ann").resume(gid)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = LobbyScreen(lambda: ServerClient.connect(server.socket, "guest:carol"))
            app.push_screen(lobby)
            await settle(pilot, lambda: lobby.lobby is not None and lobby.lobby.live, 15)
            await pilot.press("enter")  # the first game listed: Ann and Bob's, watched
            await settle(pilot, lambda: isinstance(app.screen, GameScreen), 15)
            watched = app.remote_seat
            assert watched.side is None and watched.game_id == gid
            anns.submit(Concede(0), wait=10)
            await settle(pilot, lambda: app.screen.game.outcome is not None, 15)
            await pilot.press("enter")
            await settle(pilot, lambda: isinstance(app.screen, ResultScreen), 10)
            result = app.screen
            assert "rematch" not in [value for _label, value in result.choices]
            await pilot.press("r")
            await pilot.pause(0.5)
            assert app.screen is result and app.remote_seat is watched
            assert "Only the players" in str(result.query_one("#result-hint").render())
            assert lost_toasts(app) == []
            bobs.stop()
            anns.stop()
