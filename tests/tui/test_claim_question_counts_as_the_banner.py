"""q's claim question counts the opponent's quiet as the banner does
(``tui.banner.quiet_start``): a chat line of theirs restarts it.  Before,
the question measured from the game's last change, so after the opponent
chatted it could say the wait was over while the banner (and the server)
did not."""

from __future__ import annotations

import time
from types import SimpleNamespace

from core.registry import find_ruleset
from tui.flow import claiming


class QuietSeat:
    """A server seat as ``claiming`` reads it: the game changed 100 s ago,
    the opponent chatted 10 s ago (``quiet_since``), 60 s to claim."""

    opponent_present = True
    idle_after = 60.0
    claim_after = 300.0

    def __init__(self) -> None:
        now = time.monotonic()
        self.changed_at = now - 100.0
        self.chatted_at = now - 10.0

    def claim(self):  # a server seat can claim
        raise AssertionError("not called here")

    def quiet_since(self) -> float:
        return self.chatted_at


def test_the_question_counts_from_their_last_chat_line_not_the_last_order():
    screen = SimpleNamespace(single=True, seats=SimpleNamespace(any_seat=QuietSeat()),
                             game=SimpleNamespace(to_act={1}, players=("Ann", "Bob"),
                                                  ruleset=find_ruleset("waylights")))
    words = claiming(screen, 0)
    assert words.startswith("Bob is connected; the game has waited 10 s"), words
    assert "You may claim it once it has waited 1 min" in words
