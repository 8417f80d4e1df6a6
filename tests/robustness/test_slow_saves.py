"""One slow file in the save folder (the checks are bounded, but a big
valid game still takes a while, and a disk can stall) never freezes the
app: the Load list and Continue check files off the interface thread, one
at a time with a time limit, and keys, quitting and signals still work."""

from __future__ import annotations

import signal
import threading
import time

import pytest

from core.registry import find_ruleset
from saves import listing, store
from saves.store import save_game
from tests.e2e.test_signals import send
from tests.robustness.hostile import RULESET, good_save, settled
from tests.saves.helpers import play
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.menu import LoadScreen, MainMenu
from tui.modals import Confirm


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))
    saves = tmp_path / "data" / "saves"
    saves.mkdir(parents=True)
    return saves


@pytest.fixture
def stall(monkeypatch):
    """Checking a file named ``slow*`` stalls until the test lets it go
    (what a stalled disk or a very long game does to the check)."""
    release = threading.Event()
    real = listing.summarise

    def summarise(path):
        if path.name.startswith("slow"):
            release.wait(60)
        return real(path)

    monkeypatch.setattr(listing, "summarise", summarise)
    yield release
    release.set()


def files(folder, newest_slow: bool):
    slow = good_save(folder / "slow.json")
    game = play(find_ruleset(RULESET), seed=7, count=4)
    good = folder / "good.json"
    save_game(game, good)
    now = time.time()
    older, newer = (good, slow) if newest_slow else (slow, good)
    import os

    os.utime(older, (now - 100, now - 100))
    os.utime(newer, (now, now))
    return slow, good


async def test_the_load_list_answers_keys_while_a_file_is_still_being_checked(folder, stall):
    slow, good = files(folder, newest_slow=False)
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        for _ in range(40):
            await pilot.pause(0.05)
            if app.screen.summaries:
                break
        screen = app.screen
        assert isinstance(screen, LoadScreen) and not screen.done
        assert [s.path for s in screen.summaries] == [good]  # listed before the slow one is done
        await pilot.press("escape")  # keys still work
        assert isinstance(app.screen, MainMenu)
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")


async def test_continue_opens_the_newest_good_game_without_reading_older_files(folder, stall):
    slow, good = files(folder, newest_slow=False)
    app = SkirmishApp(continue_latest=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot, timeout=10)
        assert any(isinstance(s, GameScreen) for s in app.screen_stack)
        assert app.session.path == good


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
async def test_a_signal_during_a_stalled_continue_ends_the_app(folder, stall, sig):
    files(folder, newest_slow=True)
    app = SkirmishApp(continue_latest=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        assert app.scanning
        await pilot.press("ctrl+q")  # the interface answers meanwhile
        assert isinstance(app.screen, Confirm)
        await send(pilot, sig)


def test_one_file_that_takes_too_long_is_listed_as_skipped(folder, stall):
    slow, good = files(folder, newest_slow=True)
    started = time.monotonic()
    summary = store.summarise_within(slow, seconds=0.5)
    assert time.monotonic() - started < 30
    assert summary.problem and "took more than" in summary.problem
    assert store.summarise_within(good, seconds=30).problem is None


async def test_continue_says_when_the_newest_save_is_damaged_before_opening_an_older_one(folder):
    """A save cut short (a crash, a full disk) newer than the last good one:
    Continue still opens the good one, but says the newest is damaged and
    why, and leaves that file as it was (it had opened the older game in
    silence)."""
    import os

    game = play(find_ruleset(RULESET), seed=7, count=4)
    good = folder / "good.json"
    save_game(game, good)
    cut = folder / "newer.json"
    cut.write_bytes(good.read_bytes()[:200])
    before = cut.read_bytes()
    now = time.time()
    os.utime(good, (now - 100, now - 100))
    os.utime(cut, (now, now))
    app = SkirmishApp(continue_latest=True)
    notes: list[str] = []
    real = app.notify
    app.notify = lambda message, *a, **k: (notes.append(str(message)), real(message, *a, **k))[1]
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot, timeout=10)
        assert app.session.path == good
    said = [n for n in notes if "newer" in n]
    assert said and "cannot be opened" in said[0] and "good" in said[0]
    assert cut.read_bytes() == before
