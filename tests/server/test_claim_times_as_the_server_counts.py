"""What a server seat's banner says of a claim follows the server's own
count (docs/rulings.md, *Leaving a server game*; the server counts in
net/live.py ``claim_refusal``), never opening before it:

- the opponent's time away starts again where the server's does (a
  restarted server counts from taking the game up: a tester's banner said
  "q claims after 1 s" while the server still refused at 56 s of 60);
- an opponent's chat line, or drafts they hand in, ends "quiet too long:
  q to claim" (a tester's claim was refused under it after the opponent
  handed in drafts: the server told nobody of them);
- the server's warning to the quiet player sets when the claim may come,
  no later than the server's own moment, and acting ends it.

Each is the server's ``waits`` message (net/absence.py), in numbers: the
seat no longer reads the times back from the server's sentences.

A real server in this process (one monotonic clock with the seats')."""

from __future__ import annotations

import random
import time
from types import SimpleNamespace

from net.live import warn_before
from tests.server.helpers import play_random, wait_until
from tui.banner import Banner, claim_words, quiet_for


def _waiting_for_bob(server, claim_after: float = 3600.0, idle_after: float = 3600.0):
    """Ann (side 0) and Bob at a Spheres of War game that waits for Bob
    alone, both connected: the game's id and both seats."""
    server.referee.claim_after, server.referee.idle_after = claim_after, idle_after
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    his = bob.join(gid)
    hers = ann.resume(gid)
    play_random([hers, his], random.Random(4), until=lambda: hers.to_act() == frozenset({1}))
    assert wait_until(lambda: his.to_act() == frozenset({1}) and his.may_act())
    return gid, hers, his


def _screen(seat, side: int):
    """What the banner's functions read of a game screen at ``seat``."""
    game = SimpleNamespace(outcome=None, to_act=seat.to_act(), players=seat.facts.players)
    return SimpleNamespace(single=True, fixed=side, game=game, seats=SimpleNamespace(any_seat=seat))


def test_after_a_server_restart_the_time_away_counts_from_where_the_server_s_does(server):
    gid, hers, his = _waiting_for_bob(server, claim_after=3600.0)
    his.stop()
    assert wait_until(lambda: not hers.opponent_present)
    banner, screen = Banner(), _screen(hers, 0)
    assert banner._away_for(screen) is not None  # the banner has seen Bob go
    time.sleep(1.0)
    server.stop()
    server.start()
    assert wait_until(lambda: hers.status == "playing" and not hers.opponent_present and gid in server.referee.live,
                      20)
    assert wait_until(lambda: 1 in server.referee.live[gid].away_since, 5)
    away = banner._away_for(screen)  # also between the welcome and the update that says Bob is away
    server_away = server.referee.live[gid].time_away(1, time.monotonic())
    assert away is not None and away <= server_away + 0.01, (away, server_away)
    assert wait_until(lambda: hers.away_since is not None, 5)  # the update heard
    away = banner._away_for(screen)
    server_away = server.referee.live[gid].time_away(1, time.monotonic())
    # The server counts afresh from taking the game up; the banner counted on from before the restart.
    assert away is not None and away <= server_away + 0.01, (away, server_away)
    # Once the banner invites the claim, the server takes it.
    server.referee.claim_after = hers.claim_after = 1.5
    assert wait_until(lambda: claim_words(hers, banner._away_for(screen)).endswith("q to claim the game)"), 5)
    assert not hasattr(hers.claim(), "code")
    assert wait_until(lambda: hers.outcome() is not None and hers.outcome().winner == 0)
    hers.stop()


def test_the_opponent_s_chat_line_or_drafts_restart_the_quiet_the_banner_counts(server):
    gid, hers, his = _waiting_for_bob(server)
    screen = _screen(hers, 0)
    live = server.referee.live[gid]
    with live.lock:  # the server's clock set on: the game has waited 200 s for Bob
        live.changed_at -= 200.0
        live.active_at.pop(1, None)
        start = live.changed_at
    refused = hers.claim()  # refused (1 hour to wait), after the server's waits: Ann's seat counts as it does
    assert getattr(refused, "code", "") == "present", refused
    assert start <= hers.quiet_since() < start + 200.0  # never sooner than the server's own start
    assert quiet_for(screen) > 0
    # Bob says a line: the server counts his quiet afresh, and so does the banner.
    assert his.say("still thinking")
    assert wait_until(lambda: 1 in live.active_at and hers.quiet_since() >= live.active_at[1])
    assert quiet_for(screen) <= live.time_idle(1, time.monotonic()) + 0.01
    # Bob hands in drafts: the server tells Ann's seat that his quiet starts again (before, it told nobody,
    # and her banner offered a claim the server then refused).
    chatted = live.active_at[1]
    his.put_drafts([{"kind": "sow-note", "side": 1, "written": ["x"]}])
    assert wait_until(lambda: live.active_at[1] > chatted)
    handed_in = live.active_at[1]
    assert wait_until(lambda: hers.quiet_since() >= handed_in)
    assert quiet_for(screen) <= live.time_idle(1, time.monotonic()) + 0.01
    assert hers.claim_at is not None and hers.claim_at >= handed_in + 3600.0  # his claim time moved with it
    hers.stop()
    his.stop()


def test_the_quiet_player_s_seat_knows_when_a_claim_may_come_and_acting_ends_it(server):
    from tui.banner import claim_due_words

    gid, hers, his = _waiting_for_bob(server, idle_after=100.0)
    screen = _screen(his, 1)
    live = server.referee.live[gid]
    assert claim_due_words(screen) == ""
    # The server's clock set on: the game has waited for Bob for 40 seconds of his 100 (warned 50 ahead).
    with live.lock:
        live.changed_at = time.monotonic() - 40.0
    server.referee.warn_idle()
    assert his.claim_due is None
    with live.lock:
        live.changed_at = time.monotonic() - 100.0 + warn_before(100.0) - 0.5
    server.referee.warn_idle()
    assert wait_until(lambda: his.claim_due is not None)
    due = live.changed_at + 100.0  # when the server takes a claim (claim_refusal)
    assert due - 3.0 <= his.claim_due <= due  # never later than the server's own moment
    assert live.claim_refusal(0, due - 0.01, 3600.0, 100.0) is not None
    assert live.claim_refusal(0, due, 3600.0, 100.0) is None
    assert claim_due_words(screen).startswith("⚠ claimable in ") and claim_due_words(screen).endswith(
        " s: act or chat")
    assert his.say("here")
    assert wait_until(lambda: his.claim_due is None)
    assert claim_due_words(screen) == ""
    hers.stop()
    his.stop()
