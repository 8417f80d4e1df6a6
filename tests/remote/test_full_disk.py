"""A failing save during a hosted game loses nothing and lies to no one
(issue 30, point 7).

The data folder is a tiny tmpfs, filled up mid-game, with a real joiner
on the real socket.  Before: the save failed on the joiner's connection
thread, its handling touched the app from there (``RuntimeError: no
running event loop``), the thread died and the joiner was dropped; the
orders it had been shown, dice and all, were in no file.  Now every order
is saved before it is taken (``core.seats.Table.keeper``): one that cannot
be saved is refused to whichever seat gave it, with the reason, and the
host is told on its own thread; once space is freed orders are taken
again, and the file replays to exactly what the joiner saw."""

from __future__ import annotations

import asyncio
import errno
import os
import threading

import pytest

from core.game import start
from core.registry import find_ruleset
from core.ruleset import Rejection
from core.seats import Table
from saves import store
from saves.library import battlefield_named
from tests.remote.helpers import RecordingSeat, banner, showing, until
from tests.tmpfs import mounted_tmpfs
from tui.app import SkirmishApp
from tui.game_screen import GameScreen

SIZE = (80, 24)


@pytest.fixture
def tiny_disk(monkeypatch):
    """A 256 KB tmpfs as the data folder (root only; unmounted afterwards)."""
    with mounted_tmpfs("skmdisk", "256k") as folder:
        monkeypatch.setenv("SKIRMISH_DATA_DIR", folder)
        yield folder


def fill(folder: str) -> str:
    """Fill the disk to the last byte; returns the filler's path."""
    path = os.path.join(folder, "filler")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        while True:
            os.write(fd, b"\0" * 512)
    except OSError as exc:
        assert exc.errno == errno.ENOSPC
    finally:
        os.close(fd)
    return path


@pytest.fixture
def thread_deaths(monkeypatch):
    died: list[str] = []
    old = threading.excepthook

    def hook(args) -> None:
        died.append(f"{args.thread.name if args.thread else '?'}: {args.exc_type.__name__}: {args.exc_value}")
        old(args)

    monkeypatch.setattr(threading, "excepthook", hook)
    return died


def deploy_order(orders):
    return next(o for o in orders if o.verb == "deploy-all")


async def test_a_full_disk_mid_game_refuses_orders_drops_nobody_and_loses_nothing(tiny_disk, thread_deaths):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h", "ctrl+g")  # Host, the first ruleset (Spheres of War): host plays side 0
        code = app.screen.code
        joiner = RecordingSeat(code)
        await asyncio.to_thread(joiner.start)
        assert await until(pilot, lambda: showing(app, GameScreen))
        screen = app.screen
        save = app.session.path
        host_seat = app.host.seat(0)
        assert await until(pilot, lambda: host_seat.may_act())

        # -- the host's own order, disk full ------------------------------------------
        filler = fill(tiny_disk)
        order = host_seat.legal_orders()[0]
        assert screen.submit(order) is False
        assert app.host.table.version == 0, "an order that could not be saved was taken"
        await pilot.pause(0.2)
        assert "SAVING FAILS" in banner(app), banner(app)
        # the joiner is told at once, without having to give an order first
        assert await until(pilot, lambda: "cannot save this game" in joiner.notice), joiner.notice
        assert "No space left on device" in joiner.notice
        os.unlink(filler)
        assert screen.submit(order) is True, "space is back: the order is taken"
        assert await until(pilot, lambda: "saves this game again" in joiner.notice), joiner.notice
        for _ in range(10):  # the host's deployment, to the joiner's turn
            if not host_seat.may_act():
                break
            assert screen.submit(host_seat.legal_orders()[0]) is True
        assert await until(pilot, lambda: joiner.may_act())
        await pilot.pause(0.2)
        assert "SAVING FAILS" not in banner(app)

        # -- the joiner's order, disk full --------------------------------------------
        filler = fill(tiny_disk)
        seen = joiner.events()
        order = joiner.legal_orders()[0]
        refused = await asyncio.to_thread(joiner.submit, order)
        assert isinstance(refused, Rejection), refused
        assert refused.code == "not-saved" and "No space left on device" in refused.message, refused
        assert "nothing played so far is lost" in refused.message
        await pilot.pause(0.3)
        assert joiner.events() == seen, "the joiner was shown an order that is in no file"
        assert app.host.joined and joiner.status == "playing", "the joiner was dropped"
        assert "SAVING FAILS" in banner(app), banner(app)
        told = [str(n.message) for n in app._notifications if n.title == "Saving failed"]
        assert told and "No space left on device" in told[-1], "the host was not told why, on its own thread"
        again = await asyncio.to_thread(joiner.submit, order)  # still full: still refused, still connected
        assert isinstance(again, Rejection) and again.code == "not-saved"
        os.unlink(filler)
        taken = await asyncio.to_thread(joiner.submit, order)
        assert isinstance(taken, tuple), taken
        assert await until(pilot, lambda: "SAVING FAILS" not in banner(app)), banner(app)

        # -- a few more orders, then the file against what the joiner saw --------------
        for _ in range(4):
            if host_seat.may_act():
                assert screen.submit(host_seat.legal_orders()[0]) is True
            elif joiner.may_act():
                assert isinstance(await asyncio.to_thread(joiner.submit, joiner.legal_orders()[0]), tuple)
            await pilot.pause(0.1)
        assert await until(pilot, lambda: joiner.host_version == app.host.table.version)
        kept = store.load_game(save)
        assert kept.log_for(1) == tuple(joiner.events()), "the save does not replay to what the joiner saw"
        assert kept.orders == app.host.table.game.orders
        assert app.is_running and app.host.joined
        joiner.stop()
    assert not thread_deaths, thread_deaths


def test_a_table_keeper_that_cannot_keep_refuses_the_order_and_changes_nothing():
    """The rule the hosted game stands on, without sockets: an order whose
    game cannot be kept is refused, the table and its listeners untouched."""
    rules = find_ruleset("spheres_of_war")
    table = Table(start(rules, None, battlefield_named(rules.default_battlefield), 3, ("Ann", "Bob")))
    heard: list = []
    table.listen(heard.append)
    problems = iter(["the disk is full", None])
    table.keeper = lambda game: next(problems)
    order = deploy_order(table.game.legal_orders(0))
    refused = table.seat(0).submit(order)
    assert isinstance(refused, Rejection) and refused.code == "not-saved" and "disk is full" in refused.message
    assert table.version == 0 and heard == [] and table.game.orders == ()
    assert isinstance(table.seat(0).submit(order), tuple)
    assert table.version == 1 and len(heard) == 1

    def broken(game):
        raise OSError(28, "No space left on device")

    table.keeper = broken
    refused = table.seat(0).submit(table.game.legal_orders(0)[0])
    assert isinstance(refused, Rejection) and "No space left on device" in refused.message
    assert table.version == 1
