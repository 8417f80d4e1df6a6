"""A connected player who has gone quiet is warned before the opponent may
claim the game (a tester's Ann lost "Ann stopped playing" with no word
before): once per quiet spell, five minutes ahead (half the time when it
is shorter), and only when there is an opponent who could claim."""

from __future__ import annotations

import time

from core.orders import Concede
from net.live import warn_before
from tests.server.helpers import wait_until


def test_the_quiet_player_is_warned_once_before_a_claim_becomes_possible(server):
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("waylights", None, ("me", "open"))
    hers = ann.resume(gid)
    his = bob.join(gid)
    assert wait_until(lambda: hers.status == "playing" and his.status == "playing")
    referee = server.referee
    live = referee.live[gid]
    quiet = min(live.match.game.to_act)
    seats = {hers.side: hers, his.side: his}
    idle_after = referee.idle_after
    assert warn_before(idle_after) == 300 and warn_before(60) == 30
    start = live.changed_at
    referee.warn_idle(start + idle_after - warn_before(idle_after) - 1)  # not yet
    time.sleep(0.3)
    assert seats[quiet].notice == ""
    referee.warn_idle(start + idle_after - warn_before(idle_after) + 1)
    assert wait_until(lambda: seats[quiet].notice != "")
    other = live.match.game.players[1 - quiet]
    assert seats[quiet].notice == (f"The game has waited 25 minutes for you. If nothing comes from you for "
                                   f"5 minutes more (an order, drafts or a chat line), {other} may claim the "
                                   "game and you lose it.")
    assert seats[1 - quiet].notice == ""
    seats[quiet].notice = ""
    referee.warn_idle(start + idle_after - 10)  # the same quiet spell: told once
    time.sleep(0.3)
    assert seats[quiet].notice == ""
    seats[quiet].submit(Concede(quiet), wait=5)
    assert wait_until(lambda: hers.outcome() is not None)
    referee.warn_idle(time.monotonic() + 10 * idle_after)  # over: nobody is warned
    time.sleep(0.3)
    assert seats[quiet].notice == "" and seats[1 - quiet].notice == ""
    hers.stop()
    his.stop()


def test_against_the_servers_computer_nobody_is_warned(server):
    ann = server.client("Ann")
    gid, _ = ann.create("waylights", None, ("me", "easy"))
    hers = ann.resume(gid)
    assert wait_until(lambda: hers.status == "playing" and hers.may_act())
    server.referee.warn_idle(time.monotonic() + 10 * server.referee.idle_after)
    time.sleep(0.3)
    assert hers.notice == ""
    hers.stop()


def _stated(notice: str) -> tuple[float, float]:
    """The waited and remaining times a warning states, in seconds."""
    import re

    def seconds(words: str) -> float:
        minutes = re.search(r"(\d+) minutes?", words)
        secs = re.search(r"(\d+) seconds?", words)
        return (int(minutes.group(1)) * 60 if minutes else 0) + (int(secs.group(1)) if secs else 0)

    found = re.fullmatch(r"The game has waited (.+?) for you\. If nothing comes from you for (.+?) more .*", notice)
    assert found, notice
    return seconds(found.group(1)), seconds(found.group(2))


def test_the_warning_s_times_are_true_to_when_the_claim_opens(server):
    """`--idle-after 3` warned at 89 s "waited 1 minute ... 2 minutes more" while the claim opened 91 s
    later: the times said must be those of the claim (claim_refusal), for short and long idle times."""
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("waylights", None, ("me", "open"))
    hers, his = ann.resume(gid), bob.join(gid)
    assert wait_until(lambda: hers.status == "playing" and his.status == "playing")
    live = server.referee.live[gid]
    quiet = min(live.match.game.to_act)
    for idle_after in (180.0, 300.0, 420.0, 1800.0):
        # The server looks once a second.  Not 0.0: start + (a - b) - start
        # can come out a hair under a - b in floating point, before the warning.
        for late in (0.001, 0.4, 0.9):
            # The quiet spell began at the last change or at the player's last
            # word (a seat sends its drafts as it comes in, a moment after it plays).
            start = max(live.changed_at, live.active_at.get(quiet, live.changed_at))
            now = start + idle_after - warn_before(idle_after) + late
            live.warned.clear()
            notice = live.idle_warning(quiet, now, idle_after)
            waited, left = _stated(notice)
            assert waited <= now - start < waited + 5, notice  # waited: rounded down
            # the claim is refused a moment before the time said, and open at it (rounded up, by at most 5 s)
            assert live.claim_refusal(1 - quiet, now + left, 0.0, idle_after) is None, notice
            assert live.claim_refusal(1 - quiet, max(now, now + left - 5), 0.0, idle_after) is not None, notice
            if idle_after < 240:
                assert "minute" not in notice  # under two minutes: in seconds
    hers.stop()
    his.stop()
