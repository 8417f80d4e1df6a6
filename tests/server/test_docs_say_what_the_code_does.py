"""The README and docs/server.md give the protocol version the software
speaks (they said 3 while it spoke 4), and the server's first log line
counts its games in good English ("serving 1 games")."""

from __future__ import annotations

import re

from net.wire import VERSION
from tests.server.helpers import ROOT, ServerProcess, wait_until


def test_the_docs_give_the_protocol_version_of_net_wire():
    readme = (ROOT / "README.md").read_text()
    said = re.findall(r"same protocol version \((\d+)\)", readme)
    assert said == [str(VERSION)]
    server_doc = (ROOT / "docs" / "server.md").read_text()
    assert re.findall(r'\{"v": (\d+), "type"', server_doc) == [str(VERSION)]


def test_the_server_says_how_many_games_it_serves_in_the_singular_too(place, me_account):
    running = ServerProcess(place, doors=(me_account,))
    try:
        assert wait_until(lambda: "serving" in (place / "serve.log").read_text(), 20)
        assert "serving 0 games on" in (place / "serve.log").read_text()
        running.client("Ann").create("spheres_of_war", None, ("me", "open"))
        running.stop()
        running.start()
        assert wait_until(lambda: "serving 1 game on" in (place / "serve.log").read_text(), 20), \
            (place / "serve.log").read_text()
    finally:
        running.stop()
