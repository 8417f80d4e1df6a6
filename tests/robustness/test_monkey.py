"""Monkey test: seeded random key presses on every screen (main menu, new
game, load, rules, and the game screen of every registered ruleset).  No
key sequence may end the app with an unhandled exception or put an
"internal error" in the game log.  Reproducible: the seed is in the test id.

Keys come two ways: pressed one at a time (Pilot waits for the app after
each), and in bursts of several keys in one frame, as a fast typist, a
paste or one SSH packet delivers them (nothing waits in between; screens
still opening or closing get keys meant for the next one).  Among the keys
are the replacement character and Latin-1 letters: what the input driver
hands on for bytes that are not UTF-8 (tests/e2e/test_bad_bytes.py)."""

from __future__ import annotations

import os
import random

import pytest

from core.game import start
from core.registry import rulesets
from tests.tui.test_every_ruleset import battlefield_for
from tui.app import SkirmishApp
from tui.game_screen import GameScreen


class MonkeyApp(SkirmishApp):
    """The real app, except that a "yes, quit" keeps it running (the
    quit path, autosave included, still runs), so one run covers every key."""

    exits = 0

    def exit(self, *args, **kwargs) -> None:
        self.exits += 1

# 300 keys a screen in CI (a key costs ~0.1 s in Pilot, which waits for the
# app after each; 1,000 took a large share of CI's 15 minutes).  For a long
# run: SKIRMISH_MONKEY_KEYS=5000 pytest tests/robustness/test_monkey.py
KEYS_PER_SCREEN = int(os.environ.get("SKIRMISH_MONKEY_KEYS", "300"))
BATCH = 10  # keys sent before waiting for the screen to settle
BURSTS = 0.4  # the share of batches sent as one burst
REPEATED = ("enter", "enter", "1", "2", "space", "escape", "y", "n")

KEYS = (
    list("abcdefghijklmnopqrstuvwxyz0123456789") + [
        "enter", "escape", "tab", "shift+tab", "space", "backspace", "delete", "up", "down", "left",
        "right", "home", "end", "pageup", "pagedown", "ctrl+s", "f1", "question_mark", "ctrl+p",
        "ctrl+q", "enter", "enter", "escape", "up", "down", "left", "right",
        "replacement_character", "é", "ÿ",
    ]
)


async def burst(pilot, keys) -> None:
    """All of ``keys`` in one go, as one read from the terminal delivers them."""
    from textual import events

    app = pilot.app
    for key in keys:
        char = key if len(key) == 1 else {"enter": "\r", "space": " ", "escape": "\x1b", "tab": "\t",
                                          "replacement_character": "\ufffd"}.get(key)
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)
    await pilot.pause()


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))
    # "Write the game to a file I name" takes whatever the keys typed, relative
    # to the working folder: keep those files out of the checkout.
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))


def internal_errors(app) -> list[str]:
    found = []
    for screen in app.screen_stack:
        if isinstance(screen, GameScreen):
            found += [str(line) for line in screen.query_one("#log").lines if "internal error" in str(line)]
    return found


# The keys that open and close screens anywhere in the stack (the palette,
# the quit question, help, the menus' letters, Esc and the answers), pressed
# densely: ctrl+p, ctrl+q, ctrl+p once opened a second palette under the
# quit question and ended the app (DuplicateIds), a sequence the full
# alphabet above reaches too seldom to find.
STACK_KEYS = ["ctrl+p", "ctrl+q", "ctrl+p", "ctrl+q", "escape", "escape", "enter", "y", "n", "f1",
              "question_mark", "ctrl+s", "n", "l", "r", "down", "tab", "q"]


async def monkey(pilot, seed: int, setup=None, alphabet=KEYS) -> None:
    app = pilot.app
    pick = random.Random(seed)
    for count in range(0, KEYS_PER_SCREEN, BATCH):
        if setup is not None and count % 150 == 0:
            await setup(pilot)
        keys = [pick.choice(alphabet) for _ in range(BATCH)]
        if pick.random() < BURSTS:
            # Half the bursts repeat one key, as key repeat or typing "12" does.
            if pick.random() < 0.5:
                keys = [pick.choice(REPEATED)] * pick.randint(2, 4) + keys[: BATCH // 2]
            await burst(pilot, keys)
        else:
            await pilot.press(*keys)
        assert app.is_running, f"the app ended after key {count} ({keys}), seed {seed}"
        assert len(app.screen_stack) >= 2, f"the main menu was popped after key {count} ({keys}), seed {seed}"
        assert_lock_follows_the_game(app, f"after key {count} ({keys}), seed {seed}")
    await pilot.pause()
    assert not internal_errors(app), internal_errors(app)


def assert_lock_follows_the_game(app, where: str) -> None:
    """The game's lock is held while its screen is open, and only then."""
    playing = any(isinstance(s, GameScreen) for s in app.screen_stack)
    holding = app.session is not None and app.session.is_open
    assert not holding or playing, f"the lock is still held with no game on screen {where}"


SCREENS = {"main-menu": "", "new-game": "n", "load": "l", "rules": "r"}


@pytest.mark.parametrize("name", list(SCREENS), ids=lambda n: f"{n}-seed{len(n)}")
async def test_random_keys_on_the_menus(name):
    app = MonkeyApp()
    async with app.run_test(size=(80, 24)) as pilot:
        if SCREENS[name]:
            await pilot.press(SCREENS[name])

        async def back_to(pilot):
            if len(app.screen_stack) <= 2 and SCREENS[name]:
                await pilot.press(SCREENS[name])

        await monkey(pilot, seed=len(name), setup=back_to)


@pytest.mark.parametrize("rules", rulesets(), ids=lambda r: f"{r.name}-seed{len(r.name)}")
async def test_random_keys_on_every_game_screen(rules):
    app = MonkeyApp()
    async with app.run_test(size=(80, 24)) as pilot:

        async def in_a_game(pilot):
            if not any(isinstance(s, GameScreen) for s in app.screen_stack):
                game = start(rules, None, battlefield_for(rules), seed=11, players=("Ann", "Bo"))
                app.start_game(game)
                await pilot.pause()

        await in_a_game(pilot)
        await monkey(pilot, seed=len(rules.name), setup=in_a_game)


@pytest.mark.parametrize("where", ["main-menu", "game"], ids=lambda w: f"{w}-seed{len(w)}")
async def test_screen_opening_keys_across_the_stack(where):
    """Palette, quit, help and menu keys over whatever screens they stack:
    no pair of overlays may collide (one palette at most, one quit question)."""
    from textual.command import CommandPalette

    app = MonkeyApp()
    rules = rulesets()[0]
    async with app.run_test(size=(80, 24)) as pilot:

        async def setup(pilot):
            if where == "game" and not any(isinstance(s, GameScreen) for s in app.screen_stack):
                app.start_game(start(rules, None, battlefield_for(rules), seed=11, players=("Ann", "Bo")))
                await pilot.pause()

        await setup(pilot)
        await monkey(pilot, seed=len(where), setup=setup, alphabet=STACK_KEYS)
        assert sum(isinstance(s, CommandPalette) for s in app.screen_stack) <= 1
