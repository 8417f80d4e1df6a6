"""``python3 -m bench [--quick] [--only NAMES] [--out PATH] [--json PATH]``

Runs every benchmark on this machine and writes the table to
``docs/performance.md``.  ``--quick`` uses tiny sizes (seconds, for checking
that the benchmarks run); the full run takes several minutes.  The
computer player's strength table runs only when named (``--only strength``,
100 games a pairing unless ``--games`` says otherwise): several hours;
``--jobs 2`` plays two games at once and ``--progress FILE`` keeps every
finished game, so a run can be stopped, resumed, or turned into the table
with ``--no-play``.  ``--only calibration`` (minutes, also only when
named) sets the chances the computer's reasons state against what
happened (``bench/calibration.py``).  A run of only the strength table
(or the calibration) replaces that section
of the report and keeps the rest; any other run rewrites the figures and
keeps the hand-written findings (``bench/report.py``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from bench import calibration, engine, latency, report, server, startup, strength, wire
from bench.stats import machine
from core.collector import freeze_imports

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = {
    "engine": engine.run_throughput,
    "saves": engine.run_saves,
    "startup": startup.run,
    "latency": latency.run,
    "wire": wire.run,
    "strength": strength.run,
    "server": server.run,
    "calibration": calibration.run,
}
# Run only when named: strength (hours), server (a server process and its clients), calibration (minutes).
ONLY_WHEN_NAMED = ("strength", "server", "calibration")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m bench", description="Measure Skirmish on this machine.")
    parser.add_argument("--quick", action="store_true", help="tiny sizes: check that every benchmark runs")
    parser.add_argument("--only", default=",".join(n for n in BENCHMARKS if n not in ONLY_WHEN_NAMED),
                        help="comma-separated: " + ", ".join(BENCHMARKS) + " (strength, server and calibration "
                             "only when named)")
    parser.add_argument("--out", default=str(ROOT / "docs" / "performance.md"), help="the Markdown report ('-': stdout)")
    parser.add_argument("--games", type=int, help="games per pairing for the strength table (default 100), "
                                                  "games per ruleset for the calibration (default 64)")
    parser.add_argument("--jobs", type=int, default=1, help="strength table: games played at once (processes)")
    parser.add_argument("--progress", help="strength table: a JSON-lines file of finished games, appended to "
                                           "and resumed from (stop the run any time; the table is made from it)")
    parser.add_argument("--no-play", action="store_true",
                        help="strength table: play nothing, make the table from the games in --progress")
    parser.add_argument("--rulesets", default="", help="strength table and calibration: only these rulesets "
                                                       "(comma-separated)")
    parser.add_argument("--pairings", default="", help="strength table: only these pairings, comma-separated "
                                                       "(e.g. easy-random,hard-normal)")
    parser.add_argument("--calibration-log", help="calibration: write every game and every chance here "
                                                  "(JSON lines)")
    parser.add_argument("--json", dest="json_path", help="also write the raw results as JSON here")
    parser.add_argument("--from-json", dest="from_json", help="measure nothing: render the report from a --json file")
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.only.split(",") if n.strip()]
    unknown = [n for n in names if n not in BENCHMARKS]
    if unknown:
        parser.error(f"unknown benchmark(s): {', '.join(unknown)}")

    def log(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    # As the app does after its imports (tui/__main__.py): what the imports
    # made is frozen, so full collections during the games skip it.
    freeze_imports()

    if args.from_json:
        saved = json.loads(Path(args.from_json).read_text(encoding="utf-8"))
        facts, results, quick, seconds = saved["machine"], saved["results"], saved["quick"], saved["seconds"]
    else:
        facts = machine()
        began = time.perf_counter()
        results = {}
        for name in BENCHMARKS:
            if name in names:
                log(f"{name}...")
                if name == "strength":
                    only = tuple(n for n in args.rulesets.split(",") if n)
                    progress = Path(args.progress) if args.progress else None
                    try:
                        pairings = strength.parse_pairings(args.pairings)
                    except ValueError as exc:
                        parser.error(str(exc))
                    results[name] = strength.run(args.quick, log=log, games=args.games, only=only,
                                                 jobs=args.jobs, progress=progress, play_games=not args.no_play,
                                                 pairings=pairings)
                elif name == "calibration":
                    only = tuple(n for n in args.rulesets.split(",") if n)
                    where = Path(args.calibration_log) if args.calibration_log else None
                    results[name] = calibration.run(args.quick, log=log, games=args.games, only=only,
                                                    log_path=where)
                else:
                    results[name] = BENCHMARKS[name](args.quick, log=log)
        quick, seconds = args.quick, time.perf_counter() - began
    out_path = Path(args.out) if args.out != "-" else None
    if set(results) <= set(ONLY_WHEN_NAMED) and out_path is not None and out_path.exists():
        # Only benchmarks run when named were measured: splice their sections, keep the rest of the report.
        text = out_path.read_text(encoding="utf-8")
        for name, module in (("strength", strength), ("server", server), ("calibration", calibration)):
            if name in results:
                text = module.splice(text, module.render(results[name]))
    else:
        # The findings, and the strength table when it was not played, are kept.
        old = out_path.read_text(encoding="utf-8") if out_path is not None and out_path.exists() else ""
        text = report.render(results, facts, quick, seconds, previous=old)
    if args.out == "-":
        sys.stdout.write(text)
    else:
        Path(args.out).write_text(text, encoding="utf-8")
        log(f"wrote {args.out}")
    if args.json_path:
        figures = {"machine": facts, "results": results, "quick": quick, "seconds": seconds}
        Path(args.json_path).write_text(json.dumps(figures, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
