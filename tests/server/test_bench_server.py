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


def test_a_run_of_only_the_server_keeps_the_rest_of_the_report():
    document = "# Performance\n\n## Engine\n\nfigures\n\n" + report.FINDINGS_START + "\nnotes\n" + report.FINDINGS_END + "\n"
    result = {"levels": [], "idle_server_mib": 1.0, "client_rss_mib": 2.0}
    once = server.splice(document, server.render(result))
    assert "## Engine\n\nfigures" in once and "notes" in once and once.index(server.START) < once.index("notes")
    assert server.splice(once, server.render(result)) == once  # replaced, not added again
    again = report.render({}, {k: "x" for k in ("cpu", "cores", "implementation", "python", "textual",
                                                 "platform", "date", "load")}, False, 1.0, previous=once)
    assert "## The server under load" in again  # a run of the others keeps it
