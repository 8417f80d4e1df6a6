"""Startup: process start to the first full frame of the main menu, measured
from outside on a pty (80x24), beside a minimal Textual app; the peak memory
of each app read from outside (its /proc status, just before it is stopped).

Not ``ru_maxrss``: on Linux a child's rusage keeps the high-water mark of the
process it was forked from, so both apps read as the harness's own peak."""

from __future__ import annotations

import tempfile
import time
from typing import Any

from bench.pty_run import MINIMAL, SKIRMISH, PtyApp
from bench.stats import summary

ROWS = 24


def first_frame_end(data: bytes, rows: int = ROWS) -> int | None:
    """The byte offset where the first full-screen paint ends: a cursor move
    to row 1 followed, in order, by moves to every row down to ``rows``
    (Textual paints a whole screen that way; partial updates skip rows)."""
    start = 0
    while True:
        first = data.find(b"\x1b[1;1H", start)
        if first < 0:
            return None
        pos = first
        for row in range(2, rows + 1):
            nxt = data.find(b"\x1b[%d;1H" % row, pos)
            if nxt < 0:
                return None
            # another paint starting at row 1 in between: this one was partial
            again = data.find(b"\x1b[1;1H", pos + 1, nxt)
            if again >= 0:
                break
            pos = nxt
        else:
            return pos + 1
        start = again


def time_at(app: PtyApp, offset: int) -> float:
    """When the byte at ``offset`` of the output arrived."""
    seen = 0
    for when, chunk in app.reads:
        seen += len(chunk)
        if seen > offset:
            return when
    raise ValueError("offset beyond the output")


def run_once(argv: list[str], data_dir: str, timeout: float = 30.0) -> dict[str, Any]:
    app = PtyApp(argv, env={"SKIRMISH_DATA_DIR": data_dir})
    try:
        deadline = time.perf_counter() + timeout
        end = None
        while end is None:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"{argv}: no full frame in {timeout}s: {app.output[-300:]!r}")
            app._read_once(0.2)
            end = first_frame_end(app.output)
        seconds = time_at(app, end) - app.started
        app.settle(0.3)
        startup_bytes = len(app.output)
    finally:
        app.stop()
    return {"seconds": seconds, "rss_mib": app.peak_mib, "first_frame_bytes": end, "startup_bytes": startup_bytes}


def run(quick: bool, log=print) -> dict[str, Any]:
    repeats = 2 if quick else 10
    results: dict[str, list[dict[str, Any]]] = {"skirmish": [], "minimal": []}
    with tempfile.TemporaryDirectory(prefix="skirmish-bench-") as folder:
        for i in range(repeats):
            # interleaved, so a busy moment hits both alike
            for name, argv in (("minimal", MINIMAL), ("skirmish", SKIRMISH)):
                results[name].append(run_once(argv, folder))
            log(f"  startup: run {i + 1}/{repeats}")
    out: dict[str, Any] = {"repeats": repeats}
    for name, runs in results.items():
        out[name] = {
            "seconds": summary([r["seconds"] for r in runs]),
            "rss_mib": summary([r["rss_mib"] for r in runs]),
            "first_frame_bytes": summary([r["first_frame_bytes"] for r in runs]),
            "startup_bytes": summary([r["startup_bytes"] for r in runs]),
        }
    ratios = [s["seconds"] / m["seconds"] for s, m in zip(results["skirmish"], results["minimal"])]
    out["ratio"] = summary(ratios)
    return out
