"""How well the computer plays, and how long it thinks.

Pairings per ruleset: normal against a random player, normal against easy,
hard against normal, and each level against the competent beginner of
``bench/beginner.py`` (an opponent written without ``core.ai``).  Each game is seeded; the stronger player takes side 0
in even games and side 1 in odd ones.  A win counts 1, a draw 1/2; the
interval is Wilson's 95% score interval over the games.  Optio's scouting
game names no winner (it decides where the battle is fought), so there the
side whose army reached the meeting square first, and so places the
battlefield template, is scored as the winner.  Both sides field the same
roster where the options name one per side (Platemail, see ``options_for``).

Every computer move is timed in CPU seconds (``time.process_time``: on a
shared machine the wall clock mostly measures the other processes) for the
move-time table, whose verdict is on the slowest move (the aims are for
every move, not a typical one).
"""

from __future__ import annotations

import json
import math
import os
import random
import time
from pathlib import Path
from typing import Any, Callable

import attrs

from bench.games import battlefield_for
from bench.stats import load_average, summary
from core.ai import choose
from core.dice import computer_seed, without_seed
from core.game import start, submit
from core.registry import find_ruleset, rulesets
from core.ruleset import Rejection

PAIRINGS = (("normal", "random"), ("normal", "easy"), ("hard", "normal"), ("easy", "random"),
            ("easy", "beginner"), ("normal", "beginner"), ("hard", "beginner"), ("hard", "random"))
# Aims: issue 31's for the beginner rows and easy v random; easy v beginner
# has none of its own (it is measured, and must be above a coin's toss).
AIMS = {("normal", "random"): 0.95, ("normal", "easy"): 0.70, ("hard", "normal"): 0.60, ("easy", "random"): 0.90,
        ("easy", "beginner"): 0.50, ("normal", "beginner"): 0.75, ("hard", "beginner"): 0.85,
        ("hard", "random"): 0.95}
# The pairings issue 31 sets aims for, each to be played to FULL_GAMES; the
# others are a first look with aims of our own, played to fewer games.
ISSUE_31 = frozenset({("hard", "normal"), ("easy", "random"), ("normal", "beginner"), ("hard", "beginner")})
TIME_AIMS = {"easy": 1.0, "normal": 1.0, "hard": 3.0}
ORDER_CAP = 3000
FULL_GAMES = 100
QUICK_GAMES = 2


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for a proportion ``score`` of ``n`` trials."""
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def winner_of(game) -> int | None:
    out = game.outcome
    if out is None:
        return None
    if out.winner is None and game.ruleset_name == "optio" and game.state.result is not None:
        return game.state.result.placer
    return out.winner


def options_for(rules) -> Any:
    """The ruleset's default options, with both sides given the same roster
    where the options name one per side (Platemail): its default rosters
    differ, and the first side's wins most games whoever plays it, which
    would hide the difference between two levels."""
    options = rules.default_options()
    if attrs.has(type(options)) and {"roster_0", "roster_1"} <= {f.name for f in attrs.fields(type(options))}:
        options = attrs.evolve(options, roster_1=options.roster_0)
    return options


def play(rules, players: tuple[str, str], seed: int, times: dict[str, list[float]]) -> tuple[int | None, int]:
    """One game; ``players`` by side ('random', 'beginner' or a level).  The
    winner (None: a draw or no end within the cap) and the orders played."""
    from bench.beginner import Beginner

    game = start(rules, options_for(rules), battlefield_for(rules), seed, ("North", "South"))
    rng = random.Random(seed * 7919 + 1)
    beginners = {side: Beginner(rules, seed * 7919 + 2 + side) for side in (0, 1) if players[side] == "beginner"}
    for _ in range(ORDER_CAP):
        if not game.to_act:
            break
        side = min(game.to_act)
        legal = game.legal_orders(side)
        who = players[side]
        if who == "random":
            order = rng.choice(legal)
        elif who == "beginner":
            order = beginners[side].choose(without_seed(game.view(side)), side, legal)
        else:
            began = time.process_time()
            order = choose(rules, without_seed(game.view(side)), side, legal, who, computer_seed(game.seed),
                           len(game.orders)).order
            times.setdefault(who, []).append(time.process_time() - began)
        result = submit(game, order)
        if isinstance(result, Rejection):
            raise RuntimeError(f"{rules.name}: the computer's order {order.to_text()} was refused: {result}")
        game = result.game
    return winner_of(game), len(game.orders)


def play_task(task: tuple[str, str, str, int]) -> dict[str, Any]:
    """One game of a pairing, as a record for the progress file: ``task`` is
    (ruleset, stronger level, weaker player, game number).  The stronger
    player takes side 0 in even games and side 1 in odd ones; seeds are
    1000 + the game number.  A top-level function, so a process pool can
    run it."""
    name, strong, weak, g = task
    rules = find_ruleset(name)
    strong_side = g % 2
    players = (strong, weak) if strong_side == 0 else (weak, strong)
    times: dict[str, list[float]] = {}
    began = time.perf_counter()
    winner, orders = play(rules, players, 1000 + g, times)
    return {"ruleset": name, "strong": strong, "weak": weak, "game": g, "strong_side": strong_side,
            "winner": winner, "orders": orders, "times": times, "seconds": time.perf_counter() - began}


def parse_pairings(text: str) -> tuple[tuple[str, str], ...]:
    """``--pairings``: "easy-random,hard-normal" (empty: every pairing)."""
    known = {f"{strong}-{weak}": (strong, weak) for strong, weak in PAIRINGS}
    asked = [p.strip() for p in text.split(",") if p.strip()]
    unknown = [p for p in asked if p not in known]
    if unknown:
        raise ValueError(f"unknown pairing(s): {', '.join(unknown)} (known: {', '.join(known)})")
    return tuple(known[p] for p in asked)


def tasks(names: list[str], n: int, pairings: tuple[tuple[str, str], ...] = PAIRINGS) -> list[tuple[str, str, str, int]]:
    """Every game to play, game number first, so that a run stopped part
    way has played about as many games of every pairing."""
    return [(name, strong, weak, g) for g in range(n) for name in names for strong, weak in pairings]


def commit_played() -> str:
    """The commit the games are played from (with "+changes" when the work
    tree differs from it), so a row can be replayed from the same code."""
    import subprocess

    root = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True,
                              check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", "core", "bench"],
                               cwd=root, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+changes" if dirty else "")


def read_progress(path: Path | None) -> list[dict[str, Any]]:
    if path is None or not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            out.append(json.loads(line))
        except ValueError:
            continue  # a line cut short by a stopped run: that game is played again
    return out


def run(quick: bool, log: Callable[[str], None] = print, games: int | None = None,
        only: tuple[str, ...] = (), jobs: int = 1, progress: Path | None = None,
        play_games: bool = True, pairings: tuple[tuple[str, str], ...] = ()) -> dict[str, Any]:
    """Play every pairing ``games`` times (``jobs`` processes at once).  With
    ``progress`` each finished game is appended to that JSON-lines file,
    and games already in it are not played again: a long run can be
    stopped and resumed, and the table made from the games played."""
    n = games or (QUICK_GAMES if quick else int(os.environ.get("SKIRMISH_STRENGTH_GAMES", FULL_GAMES)))
    load_before = load_average()
    names = [r.name for r in rulesets() if not only or r.name in only]
    records = [r for r in read_progress(progress) if r["ruleset"] in names and r["game"] < n]
    done = {(r["ruleset"], r["strong"], r["weak"], r["game"]) for r in records}
    todo = [t for t in tasks(names, n, pairings or PAIRINGS) if t not in done] if play_games else []
    commit = commit_played() if todo else ""
    log(f"  {len(done)} games already played, {len(todo)} to play, {jobs} at a time" +
        (f", from {commit}" if commit else ""))
    if progress is not None and progress.exists() and not progress.read_bytes().endswith(b"\n"):
        with progress.open("a", encoding="utf-8") as out:
            out.write("\n")  # a stopped run's last line was cut short: new games start on a line of their own

    def keep(record: dict[str, Any]) -> None:
        record["commit"] = commit
        records.append(record)
        if progress is not None:
            with progress.open("a", encoding="utf-8") as out:
                out.write(json.dumps(record) + "\n")
        log(f"  {record['ruleset']} {record['strong']} v {record['weak']} game {record['game']}: "
            f"winner {record['winner']} (stronger side {record['strong_side']})")

    if jobs <= 1:
        for task in todo:
            keep(play_task(task))
    else:
        from concurrent.futures import ProcessPoolExecutor

        from core.collector import freeze_imports

        with ProcessPoolExecutor(max_workers=jobs, initializer=freeze_imports) as pool:
            for record in pool.map(play_task, todo, chunksize=1):
                keep(record)
    if not todo:  # nothing played: a load figure would say nothing of the games
        return summarise(records, names, None, None)
    return summarise(records, names, load_before, load_average())


def summarise(records: list[dict[str, Any]], names: list[str], load_before: Any, load_after: Any) -> dict[str, Any]:
    """The table's rows (a score per pairing, over the games played) and the
    move times per level and ruleset, from game records."""
    rows, times = [], {}
    for name in names:
        per_ruleset: dict[str, list[float]] = {}
        for strong, weak in PAIRINGS:
            mine = [r for r in records if (r["ruleset"], r["strong"], r["weak"]) == (name, strong, weak)]
            if not mine:
                continue
            score = sum(0.5 if r["winner"] is None else float(r["winner"] == r["strong_side"]) for r in mine)
            draws = sum(r["winner"] is None for r in mine)
            low, high = wilson(score, len(mine))
            rows.append({"ruleset": name, "strong": strong, "weak": weak, "games": len(mine), "score": score,
                         "draws": draws, "low": low, "high": high, "aim": AIMS[(strong, weak)],
                         "seconds": sum(r["seconds"] for r in mine)})
            for r in mine:
                for level, values in r["times"].items():
                    per_ruleset.setdefault(level, []).extend(values)
        for level, values in per_ruleset.items():
            times.setdefault(level, {})[name] = summary(values) | {"max": max(values)}
    commits = sorted({r.get("commit", "unknown") for r in records if r["ruleset"] in names})
    return {"games": max((r["games"] for r in rows), default=0), "rows": rows, "times": times,
            "load_before": load_before, "load_after": load_after, "commits": commits}


def render(result: dict[str, Any]) -> list[str]:
    out = ["## Computer player", "",
           "`python3 -m bench --only strength` (core/ai, see docs/ai.md). Pairings per ruleset, "
           "the games of each in the score column, sides alternating, seeds 1000 up; a win scores 1, a draw 1/2; "
           "95% Wilson interval. Optio's scouting names no winner: the side whose army reached the meeting "
           "square first (it places the template) is scored the winner. The minutes column is the games' own "
           "time added up (several ran at once). " + _provenance(result), "",
           *_coverage(result["rows"]),
           "| ruleset | pairing | score | win rate | 95% interval | aim | | minutes |",
           "|---|---|---|---|---|---|---|---|"]
    for r in result["rows"]:
        rate = r["score"] / r["games"] if r["games"] else 0.0
        verdict = "met" if r["low"] >= r["aim"] else ("not shown" if r["high"] >= r["aim"] else "**missed**")
        mark = "" if (r["strong"], r["weak"]) in ISSUE_31 else " †"
        out.append(f"| {r['ruleset']} | {r['strong']} v {r['weak']}{mark} | {r['score']:g}/{r['games']} "
                   f"({r['draws']} drawn) | {rate:.0%} | {r['low']:.0%}–{r['high']:.0%} | ≥ {r['aim']:.0%} | "
                   f"{verdict} | {r['seconds'] / 60:.1f} |")
    out += ["", "*met*: the whole interval is at or above the aim; *not shown*: the interval straddles it "
            "(more games needed); *missed*: the whole interval is below it. "
            "†: not one of issue 31's pairings, with an aim of our own; most are a first look, played to "
            "fewer games (`--pairings` and `--games` play it on).", "",
            "Move time (CPU seconds per computer move, over every move of the games above; "
            "the verdict is on the slowest move):", "",
            "| level | ruleset | moves | median | p90 | max | aim (every move) | |", "|---|---|---|---|---|---|---|---|"]
    for level in ("easy", "normal", "hard"):
        for name, s in sorted(result["times"].get(level, {}).items()):
            aim = TIME_AIMS[level]
            out.append(f"| {level} | {name} | {s['n']} | {s['median']:.3f} | {s['p90']:.3f} | {s['max']:.3f} | "
                       f"< {aim:g} s | {'met' if s['max'] < aim else '**missed**'} |")
    return out + [""]


def _provenance(result: dict[str, Any]) -> str:
    """The load while the games were played (none given when this run only
    read the records), and the commits they were played from."""
    commits = result.get("commits", [])
    load = (f"Load average {result['load_before']} before, {result['load_after']} after. "
            if result["load_before"] is not None else
            "Made from the games' records alone (this run played none, so no load is given). ")
    return (load + f"Played from commit{'s' if len(commits) != 1 else ''} {', '.join(commits) or 'unknown'} "
            "(each game's own is in its record).")


def _coverage(rows: list[dict[str, Any]]) -> list[str]:
    """A sentence when issue 31's pairings were not all played to
    ``FULL_GAMES`` (one may hold more, where a closer figure was wanted):
    a stopped run's table reads as what it is."""
    counts = [r["games"] for r in rows if (r["strong"], r["weak"]) in ISSUE_31]
    if not counts or min(counts) >= FULL_GAMES:
        return []
    return [f"**A run stopped part way:** {min(counts)} to {max(counts)} games a pairing of issue 31's, where the aim "
            f"is at least {FULL_GAMES}; an interval that straddles its aim says only that more games are needed "
            "(`--progress` with the same file plays on from where it stopped).", ""]


START, END = "<!-- strength:start -->", "<!-- strength:end -->"


def splice(document: str, section: list[str]) -> str:
    """``document`` with its computer-player section replaced (or added before the
    hand-written findings)."""
    from bench.report import splice_section

    return splice_section(document, section, START, END)

