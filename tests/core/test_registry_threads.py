"""The ruleset list is filled once however many threads ask for it first
(a tester's server form once listed every ruleset twice: a door's screen
and its connection's thread had both filled the empty list)."""

from __future__ import annotations

import threading
import time

from core import registry


def test_threads_asking_at_once_fill_the_list_once(monkeypatch):
    real = registry._all()

    def slow_all():
        time.sleep(0.05)  # as the first import of every ruleset takes time
        return list(real)

    monkeypatch.setattr(registry, "_CACHE", [])
    monkeypatch.setattr(registry, "_BY_NAME", {})
    monkeypatch.setattr(registry, "_all", slow_all)
    start = threading.Barrier(8)
    seen: list[list[str]] = []

    def ask() -> None:
        start.wait()
        seen.append([r.name for r in registry.rulesets()])
        registry.find_ruleset("waylights")

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    names = [r.name for r in real]
    assert seen == [names] * 8 and [r.name for r in registry.rulesets()] == names
