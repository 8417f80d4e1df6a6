"""A joiner whose host stopped read "⚠ Host stopped (game saved): waiting
for it to resume (The host stopped; the game is saved. Stay here: it
rejoins when the host resumes)." (a tester: the same fact twice in one
line).  The log line says it once; a reason the status does not say is
still given."""

from __future__ import annotations

from core.game import start
from core.registry import find_ruleset
from saves.library import battlefield_named
from tests.remote.helpers import RecordingSeat, wait_until
from tests.remote.test_next_game import _facts, _host
from tui.banner import remote_status
from tui.remote.play import STOP_REASON
from tui.seat_hooks import trouble_words


def _stopped_words(reason: str) -> str:
    rules = find_ruleset("waylights")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 7, ("Ann", "Bob"))
    host = _host(_facts(game), remote_side=1, game=game)
    joiner = RecordingSeat(host.code, name="Bob")
    try:
        joiner.start()
        assert wait_until(lambda: joiner.status == "playing")
        host.close(reason)
        assert wait_until(lambda: joiner.status == "host-stopped")
        return trouble_words(joiner, remote_status(joiner), "playing")
    finally:
        joiner.stop()


def test_the_host_stopped_line_says_it_once():
    words = _stopped_words(STOP_REASON)
    assert words == "⚠ Host stopped (game saved): waiting for it to resume."
    assert words.count("stopped") == 1 and words.count("resume") == 1


def test_a_reason_the_status_does_not_say_is_still_given():
    words = _stopped_words("The host's machine is shutting down.")
    assert words == "⚠ Host stopped (game saved): waiting for it to resume (The host's machine is shutting down)."
