"""Every benchmark runs on tiny sizes without error and reports figures of
the right shape.  No assertion here is about speed: speed is measured by
``python3 -m bench``, never asserted in tests."""

from __future__ import annotations

import json
import math

import pytest

from bench import engine, latency, report, startup, stats, wire
from bench.games import GcMeter, big_battlefield, play_random
from bench.pty_run import MINIMAL, SKIRMISH
from core.registry import find_ruleset


@pytest.fixture()
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(folder))
    return folder


@pytest.fixture(scope="module")
def rules():
    return find_ruleset("spheres_of_war")


def test_percentiles_interpolate_between_ranks():
    values = [10, 20, 30, 40, 50]
    assert stats.median(values) == 30
    assert stats.percentile(values, 0) == 10 and stats.percentile(values, 100) == 50
    assert stats.percentile(values, 10) == pytest.approx(14.0)  # 4 gaps * 0.1 = 0.4 of the way 10->20
    assert stats.percentile([7], 99) == 7
    assert math.isnan(stats.percentile([], 50))
    s = stats.summary([3, 1, 2])
    assert (s["n"], s["median"]) == (3, 2)


def test_first_frame_needs_every_row_in_order():
    partial = b"\x1b[5;17Hmenu\x1b[6;17Hmore"
    rows = b"".join(b"\x1b[%d;1Hrow%d" % (r, r) for r in range(1, 5))
    assert startup.first_frame_end(partial, rows=4) is None
    end = startup.first_frame_end(partial + rows, rows=4)
    assert end == len(partial) + rows.index(b"\x1b[4;1H") + 1
    # a paint that starts again at row 1 before reaching the bottom is partial
    broken = b"\x1b[1;1Ha\x1b[2;1Hb\x1b[1;1H"
    assert startup.first_frame_end(broken, rows=4) is None


def test_visible_text_drops_escape_sequences():
    assert wire.visible_text(b"\x1b[1;1H\x1b[38;5;214mHand\x1b[0m the\x1b]22;default\x07 keyboard") == "Hand the keyboard"


def test_big_battlefield_is_40_by_40_with_zones():
    bf = big_battlefield()
    assert (bf.width, bf.height) == (40, 40)
    assert bf.zone_cells(0) and bf.zone_cells(1)


def test_random_play_is_repeatable(rules):
    a = play_random(rules, 4, cap=30)
    b = play_random(rules, 4, cap=30)
    assert a.game.orders == b.game.orders and a.orders == len(a.game.orders)


def test_engine_throughput_and_saves_run(rules):
    result = engine.throughput(rules, games=1)
    assert result["games"] == 1 and result["finished"] == 1 and result["orders"] > 0
    assert result["orders_per_second"] > 0
    assert len(result["gc_passes"]) == 3 and 0 <= result["gc_share"] <= 1
    saved = engine.saves(rules, repeats=1, want=10)
    assert saved["orders"] >= 10 and saved["bytes"] > 0
    assert saved["save_ms"]["n"] == 1 and saved["load_ms"]["n"] == 1


def test_the_gc_meter_counts_only_the_passes_inside_the_timed_part():
    import gc

    with GcMeter(lambda: 0.0) as meter:
        gc.collect()  # outside: not counted
        meter.inside = True
        gc.collect()
        gc.collect(0)
        meter.inside = False
        gc.collect(1)
    gc.collect()  # after the meter is gone
    assert meter.passes == [1, 0, 1]
    assert meter not in gc.callbacks


def test_the_engine_figures_keep_no_game():
    """The run keeps each game's figures, not the game (nor its log)."""
    import gc

    tally = play_random(find_ruleset("optio"), 3, cap=20).tally()
    assert not any(type(o).__name__ == "Game" for o in gc.get_referents(tally))
    assert tally.orders == 20 and len(tally.gc_passes) == 3


def test_startup_runs_both_apps_on_a_pty(tmp_path):
    for argv in (MINIMAL, SKIRMISH):
        result = startup.run_once(argv, str(tmp_path))
        assert result["seconds"] > 0 and result["rss_mib"] > 1
        assert 0 < result["first_frame_bytes"] <= result["startup_bytes"]


def test_latency_moves_the_cursor_on_the_game_screen(rules, data_dir):
    game = latency.mid_game(rules, big_battlefield(), seed=2)
    ms, settled, screen = latency.measure(game, keys=6, path=latency.BIG_PATH)
    assert screen == "GameScreen" and ms["n"] == settled["n"] == 6
    assert settled["median"] >= ms["median"]  # the last frame of a key comes no sooner than its first


def test_wire_counts_bytes_per_move(rules, tmp_path):
    from saves.store import save_game

    game = latency.mid_game(rules, None, seed=2)
    save = tmp_path / "saves" / "g.json"
    save_game(game, save)
    result = wire.run_case(save, str(tmp_path), moves=2)
    assert result["startup_bytes"] > 0 and len(result["move_bytes"]) == 2
    assert sum(result["move_bytes"]) > 0  # the cursor moves were drawn


def test_report_renders_every_section(rules):
    fake = stats.summary([1.0, 2.0])
    results = {
        "engine": [engine.throughput(rules, games=1)],
        "saves": [{"ruleset": "x", "orders": 1, "game": "seed 0", "bytes": 10, "save_ms": fake, "load_ms": fake}],
        "startup": {"repeats": 2, "skirmish": {k: fake for k in ("seconds", "rss_mib", "first_frame_bytes", "startup_bytes")},
                    "minimal": {k: fake for k in ("seconds", "rss_mib", "first_frame_bytes", "startup_bytes")}, "ratio": fake},
        "latency": {"keys": 2, "cases": [{"case": "x", "orders": 1, "screen": "GameScreen", "ms": fake, "settled_ms": fake}]},
        "wire": {"moves": 2, "cases": [{"case": "x", "load_bytes": 5, "move_bytes": fake, "max_move_bytes": 2, "silent_moves": 0}]},
    }
    text = report.render(results, stats.machine(), quick=True, seconds=1.0)
    for heading in ("## Aims", "## Startup", "## Input latency", "## Engine throughput", "## Saves", "## Bytes over the wire"):
        assert heading in text
    assert "Quick run" in text


def test_peak_memory_is_the_childs_own_not_the_harnesses():
    """A child that holds ~40 MiB, started by a harness that holds ~150 MiB:
    its peak is read as its own.  (``ru_maxrss`` of the same child reads the
    harness's peak, which is how both apps once showed 137.2 MiB.)"""
    import sys

    from bench.pty_run import PtyApp

    ballast = bytearray(150 << 20)
    ballast[::4096] = b"x" * len(ballast[::4096])  # touch every page: resident
    child = "b = bytearray(40 << 20); b[::4096] = b'y' * len(b[::4096]); print('ready', flush=True); input()"
    app = PtyApp([sys.executable, "-c", child])
    try:
        app.wait_for([b"ready"], timeout=30)
    finally:
        app.stop()
    del ballast
    assert 40 <= app.peak_mib < 120, app.peak_mib
    assert app.max_rss_mib >= 150  # what the old column showed


def test_strength_interval_and_report_section():
    from bench import strength

    low, high = strength.wilson(95, 100)  # the textbook Wilson interval for 95 of 100
    assert (round(low, 3), round(high, 3)) == (0.888, 0.978)
    assert strength.wilson(0, 0) == (0.0, 1.0)
    result = {"games": 2, "load_before": "1.00", "load_after": "2.00",
              "rows": [{"ruleset": "spheres_of_war", "strong": "easy", "weak": "random", "games": 2,
                        "score": 1.5, "draws": 1, "low": 0.2, "high": 0.97, "aim": 0.90, "seconds": 60}],
              "times": {"normal": {"spheres_of_war": {"n": 3, "median": 0.1, "p10": 0.05, "p90": 0.2,
                                                      "p99": 0.3, "max": 0.4}}}}
    section = strength.render(result)
    assert any("1.5/2 (1 drawn)" in line and "not shown" in line for line in section)
    assert any("A run stopped part way:** 2 to 2 games a pairing of issue 31's" in line for line in section)
    full = {**result, "rows": [{**result["rows"][0], "games": 100}]}
    assert not any("stopped part way" in line for line in strength.render(full))
    # A first look (a pairing issue 31 sets no aim for) is marked, and its
    # few games do not make the run read as stopped.
    look = {**result["rows"][0], "strong": "normal", "weak": "easy", "games": 14, "aim": 0.70}
    with_look = strength.render({**full, "rows": [*full["rows"], look]})
    assert any("| normal v easy † | 1.5/14" in line for line in with_look)
    assert not any("stopped part way" in line for line in with_look)
    document = "# Performance\n\nother figures\n"
    once = strength.splice(document, section)
    assert once.startswith(document.rstrip()) and strength.START in once
    assert strength.splice(once, section) == once  # replaced, not added twice


def test_strength_plays_a_game_with_the_computer():
    from bench import strength
    from core.ai import Level

    times: dict = {}
    winner, orders = strength.play(find_ruleset("spheres_of_war"), ("random", Level("tiny", 2, 3)), 3, times)
    assert orders > 0 and winner in (0, 1, None)
    assert len(times[Level("tiny", 2, 3)]) > 0


def test_strength_progress_file_is_resumed_and_summed(tmp_path, monkeypatch):
    """Finished games go to the progress file; a second run plays only what
    is missing, and the scores count a draw as a half."""
    from bench import strength

    played: list = []

    def fake_game(task):  # the computer's games are slow: the bookkeeping is what is tested here
        name, strong, weak, g = task
        played.append(task)
        winner = None if g == 2 else (g % 2 if strong == "normal" else 1 - g % 2)
        return {"ruleset": name, "strong": strong, "weak": weak, "game": g, "strong_side": g % 2,
                "winner": winner, "orders": 5, "times": {strong: [0.1 * (g + 1)]}, "seconds": 1.0}

    progress = tmp_path / "games.jsonl"
    monkeypatch.setattr(strength, "play_task", fake_game)
    strength.run(False, log=lambda _: None, games=2, only=("optio",), progress=progress)
    assert len(played) == 2 * len(strength.PAIRINGS)
    with progress.open("a", encoding="utf-8") as out:
        out.write('{"cut short')  # a run killed mid-line
    result = strength.run(False, log=lambda _: None, games=3, only=("optio",), progress=progress)
    assert len(played) == 3 * len(strength.PAIRINGS)  # only game 2 of each pairing was new
    rows = {(r["strong"], r["weak"]): r for r in result["rows"]}
    assert rows[("normal", "random")]["games"] == 3
    assert rows[("normal", "random")]["score"] == 2.5 and rows[("normal", "random")]["draws"] == 1
    assert rows[("hard", "normal")]["score"] == 0.5  # it lost both decided games
    assert abs(result["times"]["normal"]["optio"]["max"] - 0.3) < 1e-9
    again = strength.run(False, log=lambda _: None, games=3, only=("optio",), progress=progress,
                         play_games=False)
    assert again["rows"] == result["rows"]
    assert again["load_before"] is None  # nothing played: no load to speak of
    assert any("records alone" in line for line in strength.render(again))


def test_strength_plays_only_the_pairings_asked_and_names_the_commit(tmp_path, monkeypatch):
    """``--pairings`` narrows a run (a long run can play the costly pairings
    in their own process); every record names the commit it was played
    from, and the table names the commits of its games."""
    from bench import strength

    played: list = []

    def fake_game(task):
        name, strong, weak, g = task
        played.append((strong, weak))
        return {"ruleset": name, "strong": strong, "weak": weak, "game": g, "strong_side": g % 2,
                "winner": 0, "orders": 5, "times": {}, "seconds": 1.0}

    monkeypatch.setattr(strength, "play_task", fake_game)
    monkeypatch.setattr(strength, "commit_played", lambda: "abc1234")
    progress = tmp_path / "games.jsonl"
    chosen = strength.parse_pairings("easy-random, hard-normal")
    assert chosen == (("easy", "random"), ("hard", "normal"))
    result = strength.run(False, log=lambda _: None, games=2, only=("optio",), progress=progress, pairings=chosen)
    assert sorted(set(played)) == [("easy", "random"), ("hard", "normal")] and len(played) == 4
    records = [json.loads(line) for line in progress.read_text(encoding="utf-8").splitlines()]
    assert {r["commit"] for r in records} == {"abc1234"}
    assert result["commits"] == ["abc1234"]
    assert any("Played from commit abc1234" in line for line in strength.render(result))
    with pytest.raises(ValueError, match="unknown pairing.*easy-hard"):
        strength.parse_pairings("easy-hard")


def test_report_keeps_the_hand_written_findings_and_the_last_strength_table():
    """A run rewrites the figures and keeps what it did not measure: the
    findings always, the computer player's table unless it was played; the
    report as it stands in docs/ keeps its findings through a render."""
    from pathlib import Path

    from bench import strength

    fake = stats.summary([1.0, 2.0])
    results = {"saves": [{"ruleset": "x", "orders": 1, "game": "seed 0", "bytes": 10, "save_ms": fake, "load_ms": fake}]}
    findings = "## Findings\n\nWhy the figures are what they are."
    previous = "\n".join(["# Performance", "", "## Saves", "old figures", "", strength.START, "## Computer player",
                          "old table", strength.END, "", report.FINDINGS_START, findings, report.FINDINGS_END, ""])
    text = report.render(results, stats.machine(), quick=False, seconds=1.0, previous=previous)
    assert "old figures" not in text and "## Saves" in text
    assert text.index(strength.START) < text.index("old table") < text.index(report.FINDINGS_START)
    assert f"{report.FINDINGS_START}\n{findings}\n{report.FINDINGS_END}" in text
    assert report.render(results, stats.machine(), quick=False, seconds=1.0, previous=text) == text
    # the strength table played this time replaces the old one, the findings stay after it
    played = {"games": 1, "load_before": "0", "load_after": "0", "rows": [], "times": {}}
    again = report.render(results | {"strength": played}, stats.machine(), quick=False, seconds=1.0, previous=text)
    assert "old table" not in again and again.index(strength.START) < again.index(report.FINDINGS_START)
    # a strength-only run splices its table in before the findings
    spliced = strength.splice(previous.replace(strength.START, "").replace(strength.END, "").replace(
        "## Computer player\nold table\n", ""), ["## Computer player", "new table"])
    assert spliced.index("new table") < spliced.index(report.FINDINGS_START)
    current = (Path(__file__).resolve().parents[2] / "docs" / "performance.md").read_text(encoding="utf-8")
    kept = report.render(results, stats.machine(), quick=False, seconds=1.0, previous=current)
    assert current.split(report.FINDINGS_START, 1)[1] == kept.split(report.FINDINGS_START, 1)[1]
