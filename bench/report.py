"""Turn the results of a run into ``docs/performance.md``.

The report is the run's figures (every section down to *Bytes over the
wire*, written afresh), the computer player's table (written when it was
played, else kept from the report it replaces) and the hand-written
findings between ``FINDINGS_START`` and ``FINDINGS_END``, kept as they are.
"""

from __future__ import annotations

from typing import Any

AIMS = {
    "startup": "within 1.3x the minimal Textual app (median ratio)",
    "latency": "key to frame under 16 ms at p99",
    "engine": "at least 20,000 orders/s per ruleset on a quiet machine (10,000 when shared)",
    "saves": "a save under 10 ms (median), every load under 100 ms",
    "wire": "under 200 bytes per cursor move (median)",
}


def _ms(s: dict[str, float], key: str = "median") -> str:
    return f"{s[key]:.1f}"


def _spread(s: dict[str, float], fmt: str = "{:.1f}") -> str:
    return f"{fmt.format(s['p10'])}–{fmt.format(s['p90'])}"


def _load(entry: dict[str, Any]) -> str:
    low, high = entry.get("load", (float("nan"), float("nan")))
    return f"{low:.2f}" if round(low, 2) == round(high, 2) else f"{low:.2f}–{high:.2f}"


def _probe(entry: dict[str, Any]) -> str:
    """The machine's speed probe while a ruleset's games ran (median ms), '–' before it was measured."""
    probe = entry.get("probe_ms")
    return f"{probe['median']:.1f}" if probe else "–"


def _ok(met: bool) -> str:
    return "met" if met else "**missed**"


FINDINGS_START, FINDINGS_END = "<!-- findings:start -->", "<!-- findings:end -->"

INTRO = [
    "What Skirmish costs on one machine, against its aims, and what limits each figure. "
    "Speed is measured here, never asserted in tests.",
    "",
    "`python3 -m bench` (see the README's *Benchmarks*) measures, in a few minutes:",
    "",
    "- **startup**: process start to the main menu's first full frame, beside a minimal Textual app;",
    "- **latency**: a cursor key to the frame it causes, on every ruleset's game screen and a 40x40 board;",
    "- **engine**: orders per second of random legal games, per ruleset;",
    "- **saves**: saving and loading one long game per ruleset;",
    "- **wire**: the bytes a cursor move writes to the terminal.",
    "",
    "`--only NAMES` runs some of them; `--quick` only checks that they run (its figures mean nothing). "
    "`--only strength` plays the computer's games (hours; `--jobs`, `--progress` and `--no-play`, "
    "see `python3 -m bench --help`); `--only calibration` sets the chances the computer's reasons state "
    "against what happened (minutes). A run rewrites the figures below and keeps the hand-written "
    "*Findings* (and the *Computer player* and *Reasons against outcomes* tables when those were not played).",
    "",
]


def _between(text: str, start: str, end: str) -> list[str] | None:
    """The lines of ``text`` between the markers (without them), or None."""
    if start not in text or end not in text.split(start, 1)[1]:
        return None
    return text.split(start, 1)[1].split(end, 1)[0].strip("\n").splitlines()


def render(results: dict[str, Any], machine: dict[str, str], quick: bool, seconds: float,
           previous: str = "") -> str:
    """The report of a run; ``previous`` is the report it replaces, whose
    findings (and computer-player table, when ``results`` has none) are kept."""
    from bench import strength

    out: list[str] = ["# Performance", "", *INTRO]
    if quick:
        out += ["> **Quick run** (`--quick`): tiny sizes, for checking the benchmarks work. "
                "These figures are not representative.", ""]
    out += [
        "## Machine and run",
        "",
        "| | |",
        "|---|---|",
        f"| CPU | {machine['cpu']}, {machine['cores']} cores |",
        f"| Python | {machine['implementation']} {machine['python']} |",
        f"| Textual | {machine['textual']} |",
        f"| platform | {machine['platform']} |",
        f"| date | {machine['date']} |",
        f"| load average at the start | {machine['load']} (the 2 cores were shared with other work) |",
        f"| run took | {seconds:.0f} s |",
        "",
        "Spread is p10–p90 over the repeated runs unless a column says otherwise.",
        "",
    ]
    out += _aims(results)
    if "startup" in results:
        out += _startup(results["startup"])
    if "latency" in results:
        out += _latency(results["latency"])
    if "engine" in results:
        out += _engine(results["engine"])
    if "saves" in results:
        out += _saves(results["saves"])
    if "wire" in results:
        out += _wire(results["wire"])
    from bench import server

    kept_server = _between(previous, server.START, server.END)
    if "server" in results:
        out += ["", server.START, *server.render(results["server"]), server.END, ""]
    elif kept_server is not None:
        out += ["", server.START, *kept_server, server.END, ""]
    kept_strength = _between(previous, strength.START, strength.END)
    if "strength" in results:
        out += ["", strength.START, *strength.render(results["strength"]), strength.END, ""]
    elif kept_strength is not None:
        out += ["", strength.START, *kept_strength, strength.END, ""]
    from bench import calibration

    kept_calibration = _between(previous, calibration.START, calibration.END)
    if "calibration" in results:
        out += ["", calibration.START, *calibration.render(results["calibration"]), calibration.END, ""]
    elif kept_calibration is not None:
        out += ["", calibration.START, *kept_calibration, calibration.END, ""]
    findings = _between(previous, FINDINGS_START, FINDINGS_END)
    if findings is not None:
        out += ["", FINDINGS_START, *findings, FINDINGS_END, ""]
    return "\n".join(out).rstrip() + "\n"


def _aims(results: dict[str, Any]) -> list[str]:
    rows = ["## Aims", "", "| figure | aim | measured | |", "|---|---|---|---|"]
    if "startup" in results:
        r = results["startup"]["ratio"]
        rows.append(f"| startup | {AIMS['startup']} | {r['median']:.2f}x | {_ok(r['median'] <= 1.3)} |")
    if "latency" in results:
        worst = max(results["latency"]["cases"], key=lambda c: c["ms"]["p99"])
        rows.append(
            f"| input latency | {AIMS['latency']} | worst p99 {worst['ms']['p99']:.1f} ms ({worst['case']}) "
            f"| {_ok(worst['ms']['p99'] < 16)} |"
        )
    if "engine" in results:
        slow = min(results["engine"], key=lambda e: e["orders_per_second"])
        every = all(e["orders_per_second"] >= 20_000 for e in results["engine"])
        rows.append(
            f"| engine | {AIMS['engine']} | slowest {slow['orders_per_second']:,.0f}/s ({slow['ruleset']}), "
            f"probe {_probe(slow)} ms | {_ok(every)} |"
        )
    if "saves" in results:
        slow = max(results["saves"], key=lambda s: s["save_ms"]["median"])
        loads = [max(s["load_ms"]["median"], s.get("first_load_ms", 0)) for s in results["saves"]]
        rows.append(
            f"| saves | {AIMS['saves']} | slowest save {slow['save_ms']['median']:.1f} ms ({slow['ruleset']}), "
            f"slowest load {max(loads):.1f} ms | {_ok(slow['save_ms']['median'] < 10 and max(loads) < 100)} |"
        )
    if "wire" in results:
        worst = max(results["wire"]["cases"], key=lambda c: c["move_bytes"]["median"])
        rows.append(
            f"| bytes per cursor move | {AIMS['wire']} | worst {worst['move_bytes']['median']:.0f} B ({worst['case']}) "
            f"| {_ok(worst['move_bytes']['median'] < 200)} |"
        )
    return rows + [""]


def _startup(s: dict[str, Any]) -> list[str]:
    rows = [
        "## Startup",
        "",
        f"Process start to the first full frame (every row 1–24 painted) on an 80x24 pty, "
        f"{s['repeats']} runs each, interleaved; each app's own peak memory is read from outside "
        "(`VmHWM` in /proc/PID/status, after it has settled, just before SIGTERM; not `ru_maxrss`, which on "
        "Linux carries the forking harness's peak). Aim: " + AIMS["startup"] + ".",
        "",
        "| app | first frame, median s | p10–p90 s | peak RSS MiB | bytes to first frame | bytes until idle |",
        "|---|---|---|---|---|---|",
    ]
    for name, label in (("skirmish", "`python -m tui` (main menu)"), ("minimal", "minimal Textual app (Header, Static, Footer)")):
        r = s[name]
        rows.append(
            f"| {label} | {r['seconds']['median']:.3f} | {_spread(r['seconds'], '{:.3f}')} | "
            f"{r['rss_mib']['median']:.1f} | {r['first_frame_bytes']['median']:.0f} | {r['startup_bytes']['median']:.0f} |"
        )
    ratio = s["ratio"]
    rows += ["", f"Ratio Skirmish / minimal, paired runs: median **{ratio['median']:.2f}x** "
             f"(p10–p90 {_spread(ratio, '{:.2f}')}).", ""]
    return rows


def _latency(lat: dict[str, Any]) -> list[str]:
    rows = [
        "## Input latency",
        "",
        f"Pilot at 80x24, {lat['keys']} cursor keys per case (a path that bounces off the edges), time from the "
        "key to the first frame after it, the frame turned into terminal bytes as a real driver would. "
        "Mid-game: half way through a random game from seed 3. *Settled*: the key to the last frame it "
        "caused (a move can paint the board first and the side panel in a later frame). Aim: " + AIMS["latency"] + ".",
        "",
        "| case | orders played | screen | median ms | p10–p90 ms | p99 ms | | settled: median ms | settled p99 ms |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for c in lat["cases"]:
        m = c["ms"]
        rows.append(
            f"| {c['case']} | {c['orders']} | {c['screen']} | {_ms(m)} | {_spread(m)} | {m['p99']:.1f} | {_ok(m['p99'] < 16)} "
            f"| {_ms(c['settled_ms'])} | {c['settled_ms']['p99']:.1f} |"
        )
    return rows + [""]


def _engine(engine: list[dict[str, Any]]) -> list[str]:
    rows = [
        "## Engine throughput",
        "",
        "Complete random legal games on each ruleset's default battlefield, seeds 1..N, the rulesets "
        "interleaved (one game of each in turn); the load column is the 1-minute load average while they ran, and "
        "the probe column the median time of a fixed piece of pure-Python work timed before each game "
        "(`bench.stats.speed_probe`: about 10.5 ms when this virtual machine runs at full speed; its host's other "
        "guests can slow it by half with the load average near 0). Every order is "
        "`game.legal_orders(side)` and a random choice from it, then `core.game.submit` (check, apply, outcome, "
        "bookkeeping); where a ruleset overrides `Ruleset.random_order` (marked *), the order is "
        "`game.random_order(side, rng)` instead, which draws one legal order without listing them all, and "
        "the µs column is that draw. Those rulesets are also played from the whole listing, in the table below. "
        "The GC columns are Python's cyclic garbage collector within the timed intervals: its share of the "
        "measured time and its passes by generation (0/1/2); the run keeps only each game's figures, and "
        "the collector runs with Python's default settings, as in the app; as the app does after its imports, "
        "the objects the imports made are frozen first (`core.collector.freeze_imports`), so full passes skip them. "
        "Aim: " + AIMS["engine"] + ".",
        "",
        "| ruleset | games | orders/game (median) | games/s | orders/s | per-game orders/s p10–p90 "
        "| µs legal orders (* random_order) | µs submit | GC share | GC passes | load (1 min) | probe ms | |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for e in engine:
        star = " *" if e.get("draw") else ""
        rows.append(
            f"| {e['ruleset']}{star} | {e['games']} ({e['finished']} ended) | {e['orders_per_game']['median']:.0f} | "
            f"{e['games_per_second']:.2f} | {e['orders_per_second']:,.0f} | "
            f"{_spread(e['per_game_orders_per_second'], '{:,.0f}')} | {e['us_per_legal_orders']:,.0f} | "
            f"{e['us_per_submit']:,.0f} | {_gc(e)} | {_load(e)} | {_probe(e)} | {_ok(e['orders_per_second'] >= 20_000)} |"
        )
    listed = [e for e in engine if e.get("listing")]
    if listed:
        rows += [
            "",
            "The same seeds played from the whole listing (`game.legal_orders(side)`), for the rulesets marked *:",
            "",
            "| ruleset | orders | orders/s | µs legal orders | µs submit | GC share | GC passes |",
            "|---|---|---|---|---|---|---|",
        ]
        for e in listed:
            plain = e["listing"]
            rows.append(f"| {e['ruleset']} | {plain['orders']} | {plain['orders_per_second']:,.0f} | "
                        f"{plain['us_per_legal_orders']:,.0f} | {plain['us_per_submit']:,.0f} | {_gc(plain)} |")
    return rows + [""]


def _gc(e: dict[str, Any]) -> str:
    """The GC share and passes columns ('–' for results measured before they were)."""
    if "gc_share" not in e:
        return "– | –"
    return f"{e['gc_share']:.1%} | {'/'.join(str(n) for n in e['gc_passes'])}"


def _saves(saves: list[dict[str, Any]]) -> list[str]:
    rows = [
        "## Saves",
        "",
        "One long random game per ruleset, saved (`saves.store.save_game`: JSON, fsync, .bak, atomic "
        "replace) and loaded (`load_game`: parse, structure, replay of every order, snapshot check) "
        "in a temporary folder. Each save and load starts from a collected heap (`gc.collect()`, untimed), "
        "as one does in a fresh `skirmish load`: otherwise a full collection owed to the engine run "
        "before it (about 90 ms over that run's heap) lands in whichever load comes next. "
        "Aim: " + AIMS["saves"] + ".",
        "",
        "| ruleset | orders | game | file bytes | save median ms | p10–p90 | load median ms | p10–p90 | first load ms | |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for s in saves:
        rows.append(
            f"| {s['ruleset']} | {s['orders']} | {s['game']} | {s['bytes']:,} | {_ms(s['save_ms'])} | "
            f"{_spread(s['save_ms'])} | {_ms(s['load_ms'])} | {_spread(s['load_ms'])} | "
            f"{s.get('first_load_ms', float('nan')):.1f} | {_ok(s['save_ms']['median'] < 10 and s.get('first_load_ms', 0) < 100)} |"
        )
    return rows + [""]


def _wire(wire: dict[str, Any]) -> list[str]:
    rows = [
        "## Bytes over the wire",
        "",
        f"The real command, `python -m tui load SAVE`, on an 80x24 pty (size set with `TIOCSWINSZ`): bytes "
        f"until the loaded game screen is idle, then {wire['moves']} cursor moves (a 3x3 square path), "
        "bytes read after each until 150 ms of quiet. The main menu's first frame is in *Startup*. "
        "Aim: " + AIMS["wire"] + ".",
        "",
        "| case | bytes to the game screen | per move median | p10–p90 | max | moves that wrote nothing | |",
        "|---|---|---|---|---|---|---|",
    ]
    for c in wire["cases"]:
        m = c["move_bytes"]
        rows.append(
            f"| {c['case']} | {c['load_bytes']:,} | {m['median']:.0f} | {_spread(m, '{:.0f}')} | "
            f"{c['max_move_bytes']} | {c['silent_moves']} | {_ok(m['median'] < 200)} |"
        )
    return rows + [""]


def splice_section(document: str, section: list[str], start: str, end: str) -> str:
    """``document`` with the section between the markers ``start`` and
    ``end`` replaced by ``section`` (or added before the hand-written
    findings): a run of only the benchmarks run when named keeps the rest."""
    block = "\n".join([start, *section, end])
    if start in document and end in document:
        head, rest = document.split(start, 1)
        return head + block + rest.split(end, 1)[1]
    if FINDINGS_START in document:
        head, rest = document.split(FINDINGS_START, 1)
        return head.rstrip() + "\n\n" + block + "\n\n" + FINDINGS_START + rest
    return document.rstrip() + "\n\n" + block + "\n"
