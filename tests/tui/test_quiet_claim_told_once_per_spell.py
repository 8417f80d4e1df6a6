"""The news that a quiet opponent's game may be claimed (tui/claim_news.py)
is told once per quiet spell.  The seat now takes the start of the
opponent's quiet from each of the server's ``waits`` messages, counted
from when it came, so the same start told again (after this player's own
chat line, say) reads a few milliseconds apart: that is no new spell.
A start that moved on because they acted, and that ran out again, is."""

from __future__ import annotations

import time
from types import SimpleNamespace

from tui.claim_news import ClaimNews


class QuietSeat:
    opponent_present = True
    idle_after = 60.0
    claim_after = 300.0
    claim_due = None

    def __init__(self, start: float) -> None:
        self.start = start

    def claim(self):  # a server seat can claim
        raise AssertionError("not called here")

    def quiet_since(self) -> float:
        return self.start


def test_the_same_start_told_again_a_little_later_is_not_told_twice():
    now = time.monotonic()
    seat = QuietSeat(now - 100.0)  # quiet for 100 s of 60
    said: list[str] = []
    screen = SimpleNamespace(single=True, fixed=0, seats=SimpleNamespace(any_seat=seat), say=said.append,
                             game=SimpleNamespace(outcome=None, to_act={1}, players=("Ann", "Bob")),
                             app=SimpleNamespace(screen=None, screen_stack=[]))
    news = ClaimNews()
    news.second(screen, None)
    assert len(said) == 1 and said[0].startswith("Bob has given no order for 1 minute")
    seat.start += 0.004  # the next ``waits`` came 4 ms slower
    news.second(screen, None)
    seat.start -= 0.006
    news.second(screen, None)
    assert len(said) == 1, said
    seat.start = now - 61.0  # Bob acted 39 s after the news, and has been quiet for 61 s since
    news.second(screen, None)
    assert len(said) == 2, said
