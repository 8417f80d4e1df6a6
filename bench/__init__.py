"""Skirmish benchmarks: ``python3 -m bench [--quick]`` measures this machine
and writes ``docs/performance.md``.  Speed is measured here, never asserted
in tests (``tests/bench`` only checks that every benchmark runs)."""
