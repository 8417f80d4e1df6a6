"""``python3 -m bench --only server`` runs: simulated players play against a
real server process, and the report has its section."""

from __future__ import annotations

from bench import report, server


def test_the_server_bench_plays_games_and_reports_them():
    result = server.run(False, log=lambda _: None, levels=(4,), seconds=2.0, thinks=(0.0,))
    (row,) = result["levels"]
    assert row["games"] == 4 and row["orders"] > 10
    assert row["round_trip_ms"]["median"] > 0 and row["per_game_kib"] != 0
    assert result["client_rss_mib"] > 5
    machine = {k: "x" for k in ("cpu", "cores", "implementation", "python", "textual", "platform", "date", "load")}
    text = report.render({"server": result}, machine, True, 1.0)
    assert "## The server under load" in text and "| flat out | 4 |" in text
