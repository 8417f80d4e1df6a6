"""A joined Platemail seat sees a Round once: the host's commit resolves
it, the Round's playback box opens at once, and the log pane already
holds the Round's lines (tui/narrator.py does not play them out first,
0.7 s a line, before the box shows them again).  Under Pilot, real
sockets (as tests/remote/test_blows_remote.py)."""

from __future__ import annotations

from core.game import submit
from core.rulesets.platemail.orders import Commit
from tests.remote.helpers import new_host, showing, until
from tests.tui.test_platemail import SIZE, deployed_game
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.rulesets.platemail_playback import Playback


async def test_a_joined_seat_is_shown_the_round_the_hosts_commit_resolves_in_the_playback_alone(monkeypatch):
    monkeypatch.setattr("tui.narrator.PAUSE", 120.0)  # a line a line would wait out the test
    game = submit(deployed_game(), Commit(1)).game  # Bo (the joiner's side) has committed: everyone Defends
    host = new_host("platemail", remote_side=1, game=game)
    try:
        app = SkirmishApp(join_code=host.code)
        app.narration_pace = "normal"
        async with app.run_test(size=SIZE) as pilot:
            assert await until(pilot, lambda: showing(app, GameScreen))
            screen = app.screen
            host.seat(0).submit(Commit(0))  # the host's commit resolves Round 1
            assert await until(pilot, lambda: showing(app, Playback))
            assert screen.game.state.round == 2
            assert not screen.narrator.busy
            lines = " ".join(" ".join(strip.text.split()) for strip in screen.query_one("#log").lines)
            in_the_box = [event for group in app.screen.groups for event in group]
            assert in_the_box
            for event in in_the_box:
                assert " ".join(event.sentence.split()) in lines, event.sentence
            app.stop_joined()
    finally:
        host.close()
