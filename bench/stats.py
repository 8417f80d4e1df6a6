"""Small statistics and machine facts for the report (no numpy)."""

from __future__ import annotations

import datetime
import os
import platform
import sys
import time
from collections.abc import Sequence


def percentile(values: Sequence[float], p: float) -> float:
    """The ``p``-th percentile (0-100) by linear interpolation."""
    if not values:
        return float("nan")
    data = sorted(values)
    if len(data) == 1:
        return data[0]
    pos = (len(data) - 1) * p / 100.0
    low = int(pos)
    high = min(low + 1, len(data) - 1)
    return data[low] + (data[high] - data[low]) * (pos - low)


def median(values: Sequence[float]) -> float:
    return percentile(values, 50)


def summary(values: Sequence[float]) -> dict[str, float]:
    """Median and the p10-p90 spread, plus p99 and the count."""
    return {
        "n": len(values),
        "median": median(values),
        "p10": percentile(values, 10),
        "p90": percentile(values, 90),
        "p99": percentile(values, 99),
    }


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def machine() -> dict[str, str]:
    try:
        import textual

        textual_version = textual.__version__
    except Exception:  # pragma: no cover - Textual is a dependency
        textual_version = "not installed"
    return {
        "cpu": cpu_model(),
        "cores": str(os.cpu_count()),
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "textual": textual_version,
        "platform": platform.platform(),
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "load": load_average(),
    }


class Stopwatch:
    """``with Stopwatch() as w: ...`` then ``w.seconds``."""

    def __enter__(self) -> Stopwatch:
        self.start = time.perf_counter()
        self.seconds = 0.0
        return self

    def __exit__(self, *exc: object) -> None:
        self.seconds = time.perf_counter() - self.start


def speed_probe(repeats: int = 3) -> float:
    """Milliseconds for a fixed piece of pure-Python work like the engine's
    (tuples, dicts, attribute reads, calls), the best of ``repeats``.

    The load average misses what slows this machine most: it is a virtual
    machine whose host's other guests take CPU time it cannot see (the same
    engine run gave 22,000 orders/s at 14:41 and 13,000 at 14:43 with load
    0.01).  The probe, timed beside the games, says how fast the machine was
    while they ran: about 10.5 ms when it runs at full speed."""

    class Cell:
        __slots__ = ("x", "y")

        def __init__(self, x: int, y: int) -> None:
            self.x, self.y = x, y

    def step(seen: dict, cell: Cell) -> int:
        key = (cell.x, cell.y)
        seen[key] = seen.get(key, 0) + 1
        return seen[key]

    best = float("inf")
    for _ in range(repeats):
        began = time.perf_counter()
        seen: dict = {}
        total = 0
        for i in range(20_000):
            total += step(seen, Cell(i % 37, i % 41))
        best = min(best, time.perf_counter() - began)
    return 1e3 * best
