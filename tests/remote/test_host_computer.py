"""The computer fills a hosted seat (``skirmish host --computer LEVEL``):
it plays the host's side through the host's seat while the person who
joins over the socket plays the other; the host's terminal looks on as the
neutral onlooker.  A real socket, Pilot at 80x24; asserts on the game, the
save and what each screen offers, never on timing."""

from __future__ import annotations

import asyncio
import threading

from textual.widgets import RichLog

from core.game import start
from core.registry import find_ruleset
from saves.library import battlefield_named
from saves.store import list_saves, load_with_seats, new_save_path, save_game
from tests.remote.helpers import RecordingSeat, showing, until
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.remote.play import HostWaitScreen

SIZE = (80, 24)


def play_joiner(seat, stop: threading.Event, most: int = 6) -> list:
    """The joining person: deploys and readies, else gives its first order."""
    given = []
    while not stop.is_set() and len(given) < most and seat.outcome() is None:
        legal = seat.legal_orders() if seat.side in seat.to_act() else []
        if not legal:
            stop.wait(0.02)
            continue
        order = next((o for o in legal if o.verb in ("deploy-all", "ready")), legal[0])
        result = seat.submit(order)
        if isinstance(result, tuple):
            given.append(order)
    return given


async def _host_and_join(app, pilot):
    assert await until(pilot, lambda: app.host is not None)
    joiner = RecordingSeat(app.host.code)
    await asyncio.to_thread(joiner.start)
    assert await until(pilot, lambda: showing(app, GameScreen))
    return joiner


async def _plays_against_the_joiner(app, pilot, joiner, level: str) -> None:
    screen = app.screen
    assert screen.fixed is None and screen.single  # the host's terminal looks on
    assert screen.computer is not None and screen.computer.plays(0) and not screen.computer.plays(1)
    assert joiner.side == 1
    stop = threading.Event()
    given: list = []
    worker = threading.Thread(target=lambda: given.extend(play_joiner(joiner, stop)), daemon=True)
    worker.start()
    try:
        table = app.host.table
        assert await until(pilot, lambda: sum(o.side == 0 for o in table.game.orders) >= 2
                            and sum(o.side == 1 for o in table.game.orders) >= 2)
        assert screen.orders == []  # nothing for the onlooker's keys
    finally:
        stop.set()
        await asyncio.to_thread(worker.join, 10)
    joiner.stop()
    await pilot.pause(0.2)
    game = app.host.table.game
    assert [o for o in game.orders if o.side == 1][:len(given)] == given  # the joiner's, as given
    saves = list_saves()
    assert len(saves) == 1
    saved, seats = load_with_seats(saves[0].path)
    assert seats == (level, "human")
    # The computer's orders are recorded like a person's.  It may still be
    # giving one (its side's next Action) when the joiner leaves, so the save
    # is read again until it has caught up with the game.
    assert await until(pilot, lambda: load_with_seats(saves[0].path)[0].orders == app.host.table.game.orders)


async def test_host_computer_resumes_a_save_with_the_computer_at_the_hosts_side(data_dir):
    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 3, ("Ann", "Bob"))
    path = new_save_path(game)
    save_game(game, path)
    app = SkirmishApp(host_path=path, host_computer="easy")
    async with app.run_test(size=SIZE) as pilot:
        joiner = await _host_and_join(app, pilot)
        await _plays_against_the_joiner(app, pilot, joiner, "easy")
        # the computer's reason comes before the events of its order
        lines = [strip.text for strip in app.screen.query_one(RichLog).lines]
        reason = next(i for i, line in enumerate(lines) if line.startswith("» Ann (easy): Deploy "))
        deployed = next(i for i, line in enumerate(lines) if " deploys at " in line)
        assert reason < deployed, lines[:8]
        app.stop_hosting()
        app.close_session()
    # Hosting the save again without --computer: its seats say the computer plays.
    app = SkirmishApp(host_path=path)
    async with app.run_test(size=SIZE) as pilot:
        assert await until(pilot, lambda: showing(app, GameScreen))
        assert app.screen.fixed is None and app.screen.computer.plays(0)
        # ...and the computer's reasons of the first run are in its log again.
        assert await until(pilot, lambda: any(strip.text.startswith("» Ann (easy): Deploy ")
                                              for strip in app.screen.query_one(RichLog).lines))
        app.stop_hosting()


async def test_a_new_hosted_game_with_the_computer_at_the_hosts_side(data_dir):
    app = SkirmishApp(host_new=True, host_computer="normal")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+g")  # the new-game form: the first ruleset
        assert await until(pilot, lambda: isinstance(app.screen, HostWaitScreen))
        joiner = await _host_and_join(app, pilot)
        await _plays_against_the_joiner(app, pilot, joiner, "normal")
        app.stop_hosting()
