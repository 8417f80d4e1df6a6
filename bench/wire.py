"""Bytes over the wire: what the real ``skirmish`` command (``python -m
tui``) writes to an 80x24 pseudo-terminal for the first frame and for each
cursor move -- what an SSH link carries."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

from bench.latency import cases
from bench.pty_run import SKIRMISH, PtyApp
from bench.startup import first_frame_end
from bench.stats import summary

KEYS = {"right": b"\x1b[C", "left": b"\x1b[D", "down": b"\x1b[B", "up": b"\x1b[A"}
# a small square: the cursor comes back where it started, so it rarely meets an edge
LOOP = ["right"] * 3 + ["down"] * 3 + ["left"] * 3 + ["up"] * 3
_ESCAPES = re.compile(rb"\x1b\[[0-9;?<>=$]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]")


def visible_text(data: bytes) -> str:
    return _ESCAPES.sub(b"", data).decode("utf-8", "replace")


def _wait_frame(app: PtyApp, since: int, timeout: float = 30.0) -> int:
    import time

    deadline = time.perf_counter() + timeout
    while True:
        end = first_frame_end(app.output[since:])
        if end is not None:
            return end
        if time.perf_counter() > deadline:
            raise TimeoutError(f"no full frame: {app.output[-300:]!r}")
        app._read_once(0.2)


def run_case(save: Path, data_dir: str, moves: int) -> dict[str, Any]:
    app = PtyApp(SKIRMISH + ["load", str(save)], env={"SKIRMISH_DATA_DIR": data_dir})
    try:
        _wait_frame(app, 0)
        app.settle(0.5)
        startup = len(app.output)
        mark = 0
        for _ in range(8):  # hand the keyboard over, close a playback, as a player would
            text = visible_text(app.output[mark:])
            if "Hand the keyboard" in text:
                key = b"\r"
            elif "Esc close" in text:
                key = b"\x1b"
            else:
                break
            mark = app.send(key)
            app.settle(0.5)
        sizes = []
        for i in range(moves):
            mark = app.send(KEYS[LOOP[i % len(LOOP)]])
            app.settle(0.15)
            sizes.append(len(app.output) - mark)
        screen_text = visible_text(app.output[-4000:])
    finally:
        app.stop()
    return {"startup_bytes": startup, "move_bytes": sizes, "tail": screen_text}


def run(quick: bool, log=print) -> dict[str, Any]:
    from saves.store import save_game

    moves = 6 if quick else 36
    out = []
    with tempfile.TemporaryDirectory(prefix="skirmish-bench-") as folder:
        for name, game in cases(quick):
            log(f"  wire: {name}")
            save = Path(folder) / "saves" / f"{re.sub(r'[^a-z0-9]+', '-', name.lower()).strip('-')}.json"
            save_game(game, save)
            result = run_case(save, folder, moves)
            sizes = result["move_bytes"]
            out.append(
                {
                    "case": name,
                    "load_bytes": result["startup_bytes"],
                    "move_bytes": summary(sizes),
                    "max_move_bytes": max(sizes) if sizes else 0,
                    "silent_moves": sum(1 for s in sizes if s == 0),
                }
            )
    return {"moves": moves, "cases": out}
