"""News the host sends its peers outside any update (its saves failing,
say) reaches the joiner as printable text only, capped."""

from __future__ import annotations

from core.game import start
from core.registry import find_ruleset
from saves.library import battlefield_named
from tests.remote.helpers import PLAYERS, RecordingSeat, new_host, wait_until


def test_a_notice_reaches_the_joiner_as_printable_text_and_capped():
    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 7, PLAYERS)
    host = new_host("spheres_of_war", remote_side=1, game=game)
    joiner = RecordingSeat(host.code)
    try:
        joiner.start()
        host.announce("\x1b[2J\x1b]0;pwned\x07Saving fails" + "!" * 1000)
        assert wait_until(lambda: "Saving fails" in joiner.notice), joiner.notice
        assert "\x1b" not in joiner.notice and "\x07" not in joiner.notice
        assert len(joiner.notice) <= 300
        assert joiner.status == "playing"  # news, not a reason to hang up
    finally:
        joiner.stop()
        host.close()
