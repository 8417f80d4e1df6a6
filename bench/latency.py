"""Input latency: with Pilot at 80x24, the time from a cursor key to the
refreshed frame on the game screen, for a 40x40 battlefield and for each
ruleset's screen mid-game.

Pilot runs the app headless, and headless Textual skips turning a frame
into terminal bytes; the probe wrapped around ``App._display`` does that
step itself (``render_segments``), so a frame costs what it costs on a real
terminal.  A key's latency ends when the first frame after it is ready,
including Textual's own frame pacing (``TEXTUAL_FPS``, 60 by default).
Keys go in through the driver's ``send_message``, as a terminal's keys do
(Pilot's ``press`` adds idle-waits of its own, 40 ms or more a key); after
each frame the loop waits until the screen is quiet, so keys never queue,
and records when the last frame of that key came ("settled").
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
from typing import Any

from bench.games import battlefield_for, big_battlefield, every_ruleset, play_random
from bench.stats import summary

SIZE = (80, 24)
POLL = 0.0002  # how often the driver loop looks for a new frame
QUIET = 0.025  # a key's work is over when no frame follows for this long
PATH = ["right"] * 12 + ["down"] * 12 + ["left"] * 12 + ["up"] * 12
STEP = {"right": (1, 0), "left": (-1, 0), "down": (0, 1), "up": (0, -1)}
OPPOSITE = {"right": "left", "left": "right", "down": "up", "up": "down"}
BIG_PATH = ["right"] * 36 + ["down"] * 36 + ["left"] * 36 + ["up"] * 36


def mid_game(rules: Any, battlefield=None, seed: int = 3):
    """The game halfway through a random legal game from ``seed``."""
    whole = play_random(rules, seed, battlefield)
    return play_random(rules, seed, battlefield, cap=max(whole.orders // 2, 1)).game


def cases(quick: bool) -> list[tuple[str, Any]]:
    out = []
    rulesets = every_ruleset()
    big = big_battlefield()
    for rules in rulesets:  # the 40x40 board with the first ruleset that takes it
        if rules.check_options(rules.default_options(), big) is None:
            out.append((f"40x40 ({rules.name})", mid_game(rules, big)))
            break
    for rules in rulesets:
        out.append((rules.name, mid_game(rules, battlefield_for(rules))))
    return out


async def _drive(game: Any, keys: list[str], screen_name: list[str], settled: list[float]) -> list[float]:
    from textual import events
    from textual.app import App

    from tui.app import SkirmishApp
    from tui.board import BoardView
    from tui.modals import Message

    app = SkirmishApp()
    frames: list[float] = []
    latencies: list[float] = []
    async with app.run_test(size=SIZE) as pilot:
        real = app._display

        def probe(screen, renderable):
            if renderable is not None and not app._batch_count:
                renderable.render_segments(app.console)
                frames.append(time.perf_counter())
            return real(screen, renderable)

        app._display = probe
        app.start_game(game)
        await pilot.pause()
        for _ in range(12):  # pass handover screens, messages, playbacks
            if app.screen.query(BoardView):
                break  # the game screen, or a ruleset's own board screen (a cell picker)
            await pilot.press("escape" if isinstance(app.screen, Message) else "enter")
            await pilot.pause()
        if not app.screen.query(BoardView):
            raise RuntimeError(f"no board on screen but {type(app.screen).__name__}")
        screen_name.append(type(app.screen).__name__)
        board = app.screen.query_one(BoardView)
        board.focus()
        await pilot.pause(0.05)
        moved = 0
        # The board's own cells (Optio's operational map is drawn as its 5x5
        # large squares, not the 40x40 cells of its battlefield).
        field = board.picture.battlefield if board.picture is not None else game.battlefield
        width, height = field.width, field.height
        for key in keys:
            before = board.cursor
            dx, dy = STEP[key]
            x, y = before[0] + dx, before[1] + dy
            if not (0 <= x < width and 0 <= y < height):
                key = OPPOSITE[key]  # bounce off the edge: every key moves the cursor
            count = len(frames)
            event = events.Key(key, None)
            event.set_sender(app)
            t0 = time.perf_counter()
            app._driver.send_message(event)  # as a terminal driver hands over a key
            deadline = t0 + 2.0
            while len(frames) == count and time.perf_counter() < deadline:
                await asyncio.sleep(POLL)
            if len(frames) == count:
                raise RuntimeError(f"no frame within 2 s of {key!r}")
            # then let the screen settle: no new frame for QUIET seconds
            last = len(frames)
            quiet_until = time.perf_counter() + QUIET
            while time.perf_counter() < quiet_until:
                await asyncio.sleep(POLL)
                if len(frames) != last:
                    last = len(frames)
                    quiet_until = time.perf_counter() + QUIET
            latencies.append(frames[count] - t0)
            settled.append(frames[-1] - t0)
            moved += board.cursor != before
        if moved < len(keys) // 2:
            raise RuntimeError(f"the cursor moved on only {moved} of {len(keys)} keys")
    assert isinstance(app, App)
    return latencies


def measure(game: Any, keys: int, path: list[str]) -> tuple[dict[str, Any], dict[str, Any], str]:
    """Key to first frame, key to the last frame before the screen goes quiet
    (both in ms), and the name of the screen whose board took the keys."""
    sequence = [path[i % len(path)] for i in range(keys)]
    with tempfile.TemporaryDirectory(prefix="skirmish-bench-") as folder:
        old = os.environ.get("SKIRMISH_DATA_DIR")
        os.environ["SKIRMISH_DATA_DIR"] = folder
        try:
            screen: list[str] = []
            settled: list[float] = []
            latencies = asyncio.run(_drive(game, sequence, screen, settled))
        finally:
            if old is None:
                os.environ.pop("SKIRMISH_DATA_DIR", None)
            else:
                os.environ["SKIRMISH_DATA_DIR"] = old
    return summary([t * 1000 for t in latencies]), summary([t * 1000 for t in settled]), screen[0]


def run(quick: bool, log=print) -> dict[str, Any]:
    keys = 24 if quick else 1000
    out = []
    for name, game in cases(quick):
        log(f"  latency: {name}")
        path = BIG_PATH if name.startswith("40x40") else PATH
        ms, settle_ms, screen = measure(game, keys, path)
        out.append({"case": name, "orders": len(game.orders), "screen": screen, "ms": ms, "settled_ms": settle_ms})
    return {"keys": keys, "cases": out}
