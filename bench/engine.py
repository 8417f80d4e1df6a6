"""Engine throughput and save/load times, per ruleset in the registry."""

from __future__ import annotations

import gc
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.games import Tally, battlefield_for, big_battlefield, draws_its_own, every_ruleset, play_random
from bench.stats import speed_probe, summary

LONG_GAME = 300  # orders a "long game" for the save benchmark must reach


def throughput(rules: Any, games: int, first_seed: int = 1, draw: bool = False) -> dict[str, Any]:
    """Complete random legal games from seeds ``first_seed..``: games per
    second, and orders per second counting legal-order generation (or the
    ruleset's own draw, with ``draw``) plus submit (the ruleset's check and
    apply, and the core's bookkeeping)."""
    loads = [os.getloadavg()[0]]
    played = [play_random(rules, seed, draw=draw).tally() for seed in range(first_seed, first_seed + games)]
    loads.append(os.getloadavg()[0])
    return _rates(rules.name, played, loads)


def _rates(name: str, played: list[Tally], loads: list[float], listed: list[Tally] | None = None,
           probes: list[float] | None = None) -> dict[str, Any]:
    """The figures of ``played``; ``listed`` are the same seeds played from
    the whole listing when ``played`` used the ruleset's own draw; ``probes``
    the machine's speed probe (ms) timed before each game."""
    out = _figures(name, played, loads)
    if probes:
        out["probe_ms"] = summary(probes)
    out["draw"] = listed is not None
    if listed is not None:
        plain = _figures(name, listed, loads)
        out["listing"] = {k: plain[k] for k in ("orders", "orders_per_second", "us_per_legal_orders",
                                                 "us_per_submit", "gc_share", "gc_passes")}
    return out


def _figures(name: str, played: list[Tally], loads: list[float]) -> dict[str, Any]:
    games = len(played)
    total_seconds = sum(p.seconds for p in played)
    total_orders = sum(p.orders for p in played)
    per_game_rate = [p.orders / p.seconds for p in played if p.seconds > 0]
    return {
        "ruleset": name,
        "games": games,
        "finished": sum(p.finished for p in played),
        "orders": total_orders,
        "orders_per_game": summary([p.orders for p in played]),
        "games_per_second": games / total_seconds if total_seconds else float("inf"),
        "orders_per_second": total_orders / total_seconds if total_seconds else float("inf"),
        "per_game_orders_per_second": summary(per_game_rate),
        "legal_share": sum(p.legal_seconds for p in played) / total_seconds if total_seconds else 0.0,
        "us_per_legal_orders": 1e6 * sum(p.legal_seconds for p in played) / max(total_orders, 1),
        "us_per_submit": 1e6 * sum(p.submit_seconds for p in played) / max(total_orders, 1),
        # Python's cyclic garbage collector within the timed intervals: its
        # share of the seconds above, and its passes per generation (0, 1, 2)
        "gc_seconds": sum(p.gc_seconds for p in played),
        "gc_share": sum(p.gc_seconds for p in played) / total_seconds if total_seconds else 0.0,
        "gc_passes": [sum(p.gc_passes[g] for p in played) for g in range(3)],
        # the 1-minute load average while this ruleset's games ran (lowest
        # and highest seen): the figure is only comparable at a like load
        "load": [min(loads), max(loads)],
    }


def long_game(rules: Any, want: int = LONG_GAME, seeds: int = 16, cap: int = 1000) -> tuple[Any, str]:
    """A random game of at least ``want`` orders if one can be found (seeds on
    the default battlefield, then on the 40x40 one), else the longest found;
    the second value says which."""
    best = None
    where = ""
    for label, battlefield in (("default", battlefield_for(rules)), ("40x40", big_battlefield())):
        if rules.check_options(rules.default_options(), battlefield) is not None:
            continue
        for seed in range(seeds):
            played = play_random(rules, seed, battlefield, cap=cap)
            if best is None or played.orders > best.orders:
                best, where = played, f"seed {seed}, {label} battlefield"
            if played.orders >= want:
                return played.game, where
    assert best is not None
    return best.game, f"{where} (longest found: random games end sooner)"


def saves(rules: Any, repeats: int, want: int = LONG_GAME) -> dict[str, Any]:
    """Save and load (load replays every order and compares the snapshot)
    of one long game, ``repeats`` times each, in a temporary folder."""
    from saves.store import load_game, save_game

    game, where = long_game(rules, want)
    save_times, load_times = [], []
    with tempfile.TemporaryDirectory(prefix="skirmish-bench-") as folder:
        path = Path(folder) / "long.json"
        for _ in range(repeats):
            gc.collect()  # untimed: no collection owed to earlier work lands in this one
            t0 = time.perf_counter()
            save_game(game, path)
            save_times.append(time.perf_counter() - t0)
        size = path.stat().st_size
        for _ in range(repeats):
            gc.collect()
            t0 = time.perf_counter()
            loaded = load_game(path)
            load_times.append(time.perf_counter() - t0)
        if loaded != game:
            raise RuntimeError(f"{rules.name}: the loaded game differs from the saved one")
    return {
        "ruleset": rules.name,
        "orders": len(game.orders),
        "game": where,
        "bytes": size,
        "save_ms": summary([t * 1000 for t in save_times]),
        "load_ms": summary([t * 1000 for t in load_times]),
        # the first load reads every order's text afresh (later ones find
        # the parsed orders remembered by the ruleset's codec)
        "first_load_ms": load_times[0] * 1000,
    }


def run_throughput(quick: bool, log=print) -> list[dict[str, Any]]:
    """Every ruleset's games, interleaved: one game of each ruleset in turn,
    seed by seed, so a busy moment of the machine hits them alike."""
    games = 2 if quick else 10
    every = every_ruleset()
    # Only the figures are kept, not the games (see ``Tally``).
    played: dict[str, list[Tally]] = {r.name: [] for r in every}
    listed: dict[str, list[Tally]] = {r.name: [] for r in every}
    loads: dict[str, list[float]] = {r.name: [] for r in every}
    probes: dict[str, list[float]] = {r.name: [] for r in every}
    for seed in range(1, games + 1):
        log(f"  engine: seed {seed}/{games}")
        for rules in every:
            loads[rules.name].append(os.getloadavg()[0])
            probes[rules.name].append(speed_probe(1))
            # A ruleset with its own random_order is played with it (the
            # headline figure) and also from the whole listing (its cost).
            if draws_its_own(rules):
                played[rules.name].append(play_random(rules, seed, draw=True).tally())
                listed[rules.name].append(play_random(rules, seed).tally())
            else:
                played[rules.name].append(play_random(rules, seed).tally())
    return [_rates(r.name, played[r.name], loads[r.name], listed[r.name] if draws_its_own(r) else None,
                   probes[r.name]) for r in every]


def run_saves(quick: bool, log=print) -> list[dict[str, Any]]:
    repeats = 2 if quick else 11
    out = []
    for rules in every_ruleset():
        log(f"  saves: {rules.name}")
        out.append(saves(rules, repeats, want=40 if quick else LONG_GAME))
    return out
