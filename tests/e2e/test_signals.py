"""SIGTERM and SIGHUP save the game in progress and end the app cleanly,
at once (the handlers run on the event loop, no key press needed), and the
next start continues at exactly that point: a choice still to make, or one
side's secret orders half written and still hidden from the other side."""

from __future__ import annotations

import asyncio
import json
import os
import shlex
import shutil
import signal
import sys
import time
from pathlib import Path

import pytest

from core.game import start, submit
from core.registry import find_ruleset
from saves.store import GameSession, list_saves, load_game
from tests.e2e.terminal import ROOT, Tmux, local_command, pid_alive, wait_until
from tests.robustness.hostile import settled
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.modals import ChoiceMenu, Handover


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(folder))
    return folder


def only_save(folder: Path) -> Path:
    saves = list(folder.glob("*.json"))
    assert len(saves) == 1, saves
    return saves[0]


def new_game_in_tmux(command: str, tmp_path: Path) -> tuple[Tmux, Path]:
    """``command`` in a tmux session at 80x24, a new game started from its
    menu (the form's defaults); the session and the saves folder."""
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed")
    env = {"SKIRMISH_DATA_DIR": str(tmp_path / "data"), "PYTHONPATH": str(ROOT), "TERM": "xterm-256color"}
    tmux = Tmux(command, env=env)
    try:
        tmux.wait_for("New game")
        tmux.keys("n")
        tmux.wait_for("Battlefield")
        tmux.keys("C-g")
        tmux.wait_for("to play")
    except BaseException:
        tmux.close()
        raise
    return tmux, tmp_path / "data" / "saves"


@pytest.mark.e2e
def test_sigterm_to_the_real_command_saves_at_that_exact_position(tmp_path):
    tmux, saves = new_game_in_tmux(local_command(), tmp_path)
    try:
        tmux.keys("d")
        tmux.wait_for("deploys at")
        tmux.keys("r")
        assert wait_until(lambda: len(list(saves.glob("*.json"))) == 1
                          and len(json.loads(only_save(saves).read_text())["orders"]) == 2)
        path = only_save(saves)
        before = load_game(path)
        saved = path.read_bytes()
        owner = path.with_name(path.name + ".owner")
        pid = json.loads(owner.read_text())["pid"]
        time.sleep(1.2)  # a rewrite would carry a later saved_at
        os.kill(pid, signal.SIGTERM)  # no key pressed after this
        assert wait_until(lambda: not pid_alive(pid), timeout=20), "SIGTERM did not end the app"
        assert not owner.exists(), "the game was not closed cleanly"
        # Every order was saved as it was given: nothing new, so the file is not written again.
        assert path.read_bytes() == saved
        after = load_game(path)
        assert after.orders == before.orders and after.state == before.state
        with GameSession.open(path):
            pass
    finally:
        tmux.close()


STUCK_THREAD = (
    "import sys, threading; sys.argv = ['skirmish']; "
    # A thread that never ends and is not a daemon: the interpreter would wait
    # for it for ever at exit, as a shutdown stuck on a dead terminal does.
    "threading.Thread(target=threading.Event().wait, name='stuck').start(); "
    "from tui.__main__ import main; main()"
)


@pytest.mark.e2e
def test_sighup_ends_the_real_command_even_when_its_shutdown_hangs(tmp_path):
    """After an SSH drop the process must end, or it keeps the save's lock
    (Continue then finds the game open elsewhere) and its hosting code.  A
    leftover process of that kind was found after a run of the suite."""
    command = "sh -c " + shlex.quote(f"cd {shlex.quote(str(ROOT))} && exec {shlex.quote(sys.executable)} "
                                     f"-c {shlex.quote(STUCK_THREAD)}")
    tmux, saves = new_game_in_tmux(command, tmp_path)
    try:
        assert wait_until(lambda: len(list(saves.glob("*.json"))) == 1)
        owner = only_save(saves).with_name(only_save(saves).name + ".owner")
        pid = json.loads(owner.read_text())["pid"]
        os.kill(pid, signal.SIGHUP)
        assert wait_until(lambda: not pid_alive(pid), timeout=30), "SIGHUP left the process running"
        assert not owner.exists(), "the save's lock was not given back"
    finally:
        tmux.close()


@pytest.mark.e2e
def test_a_terminal_that_hangs_up_without_a_sighup_still_saves_and_ends_the_app(tmp_path):
    """Started in a session of its own (as ``su -c`` or ``runuser`` do), the
    app gets no SIGHUP when its terminal closes: it reads end-of-file for
    ever.  Two lobbies left so were found burning a core each an hour after
    their tmux sessions had been killed.  The app sees its terminal gone,
    saves and ends, as on a SIGHUP."""
    if shutil.which("setsid") is None:
        pytest.skip("setsid is not installed")
    tmux, saves = new_game_in_tmux("setsid -w " + local_command(), tmp_path)
    closed = False
    try:
        assert wait_until(lambda: len(list(saves.glob("*.json"))) == 1)
        path = only_save(saves)
        owner = path.with_name(path.name + ".owner")
        pid = json.loads(owner.read_text())["pid"]
        assert os.getsid(pid) != os.getsid(tmux.pid)  # a session of its own: no SIGHUP reaches it
        stamp = json.loads(path.read_text())["saved_at"]
        time.sleep(1.2)  # a later saved_at proves the hang-up's own save
        tmux.close()  # the terminal goes
        closed = True
        assert wait_until(lambda: not pid_alive(pid), timeout=30), "the app outlived its terminal"
        assert not owner.exists(), "the save's lock was not given back"
        assert json.loads(path.read_text())["saved_at"] > stamp
    finally:
        if not closed:
            tmux.close()


# -- the same through Pilot, with real signals sent to this process ---------------


def handlers_installed() -> bool:
    return all(signal.getsignal(s) not in (signal.SIG_DFL, signal.SIG_IGN, None)
               for s in (signal.SIGTERM, signal.SIGHUP))


async def send(pilot, sig: int) -> None:
    # Never send a signal nobody handles: it would end the test run itself.
    assert handlers_installed(), "the app did not install its SIGTERM/SIGHUP handlers"
    assert pilot.app.is_running
    os.kill(os.getpid(), sig)
    for _ in range(100):
        await asyncio.sleep(0.02)
        if not pilot.app.is_running:
            break
    assert not pilot.app.is_running, "the app did not exit on the signal"


def spheres_at_match_choice():
    rules = find_ruleset("spheres_of_war")
    from saves.library import battlefield_named

    game = start(rules, None, battlefield_named(rules.default_battlefield), 5, ("Ann", "Bo"))
    for _ in range(4):  # deploy-all and ready, each side
        orders = game.legal_orders(min(game.to_act))
        order = next((o for o in orders if o.verb == "deploy-all"), None) or next(o for o in orders if o.verb == "ready")
        game = submit(game, order).game
    return game


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
async def test_a_signal_saves_a_pending_choice_and_continue_asks_it_again(sig, data_dir):
    game = spheres_at_match_choice()
    assert game.state.match is None and {o.verb for o in game.legal_orders(min(game.to_act))} == {"match"}
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(game)
        await pilot.pause()
        assert isinstance(app.screen, ChoiceMenu)
        offered = [value for _, value in app.screen.choices]
        path = only_save(data_dir / "saves")
        stamp = path.stat().st_mtime_ns
        await send(pilot, sig)
    assert path.stat().st_mtime_ns != stamp, "the signal did not save"
    assert not path.with_name(path.name + ".owner").exists()
    saved = load_game(path)
    assert saved.orders == game.orders and saved.state == game.state

    again = SkirmishApp(continue_latest=True)
    async with again.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert isinstance(again.screen, ChoiceMenu)
        assert [value for _, value in again.screen.choices] == offered
        await pilot.press("2")
        await pilot.pause()
        screen = next(s for s in again.screen_stack if isinstance(s, GameScreen))
        # (a Fight with no alternative may follow at once: it plays itself)
        assert screen.game.orders[len(game.orders)] == offered[1]


def platemail_half_written():
    """Both sides deployed; side 0 has written orders for some figures
    but not committed; side 1 has written nothing."""
    rules = find_ruleset("platemail")
    from tests.tui.test_every_ruleset import battlefield_for

    game = start(rules, None, battlefield_for(rules), 3, ("Ann", "Bo"))
    for _ in range(40):
        if not any(o.verb == "write" for o in game.legal_orders(0)):
            side = min(game.to_act)
            orders = game.legal_orders(side)
            order = next((o for o in orders if o.verb == "deploy-all"), None) or \
                next(o for o in orders if o.verb == "ready")
            game = submit(game, order).game
            continue
        break
    writes = [o for o in game.legal_orders(0) if o.verb == "write"]
    assert writes, "Platemail never reached its orders stage"
    game = submit(game, writes[0]).game
    return game, writes[0]


async def test_sighup_keeps_half_written_secret_orders_hidden_from_the_other_side(data_dir):
    game, written = platemail_half_written()
    rules = game.ruleset
    assert game.state.committed == (False, False)
    assert written in game.orders
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(game)
        await pilot.pause()
        await send(pilot, signal.SIGHUP)
    path = only_save(data_dir / "saves")
    saved = load_game(path)
    assert saved.orders == game.orders and saved.state == game.state
    # Side 0's orders are there for side 0, and not in side 1's view.
    mine, theirs = rules.view(saved.state, 0), rules.view(saved.state, 1)
    assert any(getattr(p, "unit", None) == written.unit for p in mine.plans if getattr(p, "side", 0) == 0)
    assert not any(getattr(p, "side", None) == 0 for p in theirs.plans)
    assert written.to_text() not in repr(theirs)

    again = SkirmishApp(continue_latest=True)
    async with again.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        # Hidden information: the board stays covered until someone takes the keyboard.
        assert isinstance(again.screen, Handover)
        screen = next(s for s in again.screen_stack if isinstance(s, GameScreen))
        assert screen.local_game().orders == game.orders
        await pilot.press("enter")
        await pilot.pause()
        if screen.keyboard_side == 1:
            assert not any(getattr(p, "side", None) == 0 for p in screen.view_state.plans)
    assert [s.problem for s in list_saves()] == [None]


# -- drafts: typed but not yet submitted (tui/drafts.py) ---------------------------


def platemail_at_orders():
    """Both sides deployed and ready: side 0 is to write its orders."""
    rules = find_ruleset("platemail")
    from tests.tui.test_every_ruleset import battlefield_for

    game = start(rules, None, battlefield_for(rules), 3, ("Ann", "Bo"))
    while not any(o.verb == "write" for o in game.legal_orders(0)):
        orders = game.legal_orders(min(game.to_act))
        game = submit(game, next((o for o in orders if o.verb == "deploy-all"), None)
                      or next(o for o in orders if o.verb == "ready")).game
    return game


async def open_side_orders(pilot):
    from tui.rulesets.platemail_review import SideOrders

    app = pilot.app
    assert isinstance(app.screen, Handover)
    await pilot.press("enter")
    await pilot.press("w")
    await pilot.pause()
    assert isinstance(app.screen, SideOrders)
    return app.screen


DRAFT_AT = {
    # one character's orders written (Defend; IF reached THEN Defend ELSE Defend), not committed
    "orders-written": ("enter", "d", "r", "d", "d"),
    # half-way through the writer: the 1st Action chosen, the IF condition still to choose
    "writer-half-way": ("down", "enter", "d"),
}


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
@pytest.mark.parametrize("where", list(DRAFT_AT))
async def test_a_signal_keeps_platemail_drafts_hidden_and_continue_reopens_them(where, sig, data_dir):
    from tui.rulesets.platemail_review import SideOrders
    from tui.rulesets.platemail_writer import OrderWriter

    game = platemail_at_orders()
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(game)
        await pilot.pause()
        review = await open_side_orders(pilot)
        await pilot.press(*DRAFT_AT[where])
        await pilot.pause()
        written = dict(review.written)
        writer = next((s for s in app.screen_stack if isinstance(s, OrderWriter)), None)
        if where == "orders-written":
            assert len(written) == 1 and writer is None
        else:
            assert not written and writer is not None and writer.acts["first"] is not None
            unit, first = writer.unit, writer.acts["first"]
        await send(pilot, sig)
    path = only_save(data_dir / "saves")
    data = json.loads(path.read_text())
    saved = load_game(path)
    # Kept beside the game, never in it: no order, no log line, nothing in either view.
    assert saved.orders == game.orders and saved.state == game.state
    assert [d["side"] for d in data["pending"]["drafts"]] == [0]
    for order in written.values():
        assert order.to_text() in data["pending"]["drafts"][0]["written"]
        assert all(order.to_text() not in e.sentence for e in saved.log)
        assert order.unit not in repr([p for p in saved.ruleset.view(saved.state, 1).plans])

    again = SkirmishApp(continue_latest=True)
    async with again.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        # Nothing of the draft shows before its own side takes the keyboard.
        assert isinstance(again.screen, Handover)
        assert not any(isinstance(s, (SideOrders, OrderWriter)) for s in again.screen_stack)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        review = next(s for s in again.screen_stack if isinstance(s, SideOrders))
        assert review.side == 0 and review.written == written
        if where == "writer-half-way":
            writer = next(s for s in again.screen_stack if isinstance(s, OrderWriter))
            assert writer.unit == unit and writer.acts["first"] == first and writer.step == 1


# Both signals run the same handler: each ruleset gets one, both are covered.
EVERY_RULESET = [("spheres_of_war", signal.SIGHUP), ("plasto_latros", signal.SIGTERM), ("optio", signal.SIGHUP),
                 ("platemail", signal.SIGTERM), ("waylights", signal.SIGHUP)]


@pytest.mark.parametrize("name, sig", EVERY_RULESET, ids=[f"{n}-{s.name}" for n, s in EVERY_RULESET])
async def test_a_signal_with_the_orders_menu_open_loses_nothing_in_every_ruleset(name, sig, data_dir):
    """Every ruleset: a few orders in, the orders menu open over the board;
    the signal saves, and Continue comes back to the same game with the
    same side to act (a choice still to make is asked again)."""
    from tests.saves.helpers import play

    game = play(find_ruleset(name), seed=2, count=6, players=("Ann", "Bo"))
    assert game.to_act
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(game)
        await pilot.pause()
        if isinstance(app.screen, Handover):
            await pilot.press("enter")
            await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        if not screen.modal_open:
            await pilot.press("o")
            await pilot.pause()
        assert app.screen is not screen, "a menu is open over the board"
        await send(pilot, sig)
    saved = load_game(only_save(data_dir / "saves"))
    assert saved.orders == game.orders and saved.state == game.state

    again = SkirmishApp(continue_latest=True)
    async with again.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        screen = next(s for s in again.screen_stack if isinstance(s, GameScreen))
        assert screen.local_game().orders == game.orders and screen.game.to_act == game.to_act


def waylights_at_a_split():
    """Deployed and ready: the first figure's turn opens with its dice split."""
    from saves.library import battlefield_named

    rules = find_ruleset("waylights")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 2, ("Ann", "Bo"))
    while not (game.state.phase == "battle" and game.state.pending == "split"):
        orders = game.legal_orders(min(game.to_act))
        game = submit(game, next(o for o in orders if o.verb in ("deploy-all", "ready"))).game
    return game


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
async def test_a_signal_keeps_the_waylights_dice_split_highlighted_but_not_confirmed(sig, data_dir):
    from tui.rulesets.waylights_modals import SplitPicker

    game = waylights_at_a_split()
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(game)
        await pilot.pause()
        await pilot.press("enter")  # the handover card
        picker = app.screen
        assert isinstance(picker, SplitPicker)
        await pilot.press("down")
        chosen = picker.rows[picker.cursor][1]
        assert picker.cursor != picker.selectable[min(2, len(picker.selectable) - 1)], "moved off the default"
        await send(pilot, sig)
    saved = load_game(only_save(data_dir / "saves"))
    assert saved.orders == game.orders, "highlighting is not choosing"

    again = SkirmishApp(continue_latest=True)
    async with again.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("enter")  # the handover card
        picker = again.screen
        assert isinstance(picker, SplitPicker)
        assert picker.rows[picker.cursor][1] == chosen
