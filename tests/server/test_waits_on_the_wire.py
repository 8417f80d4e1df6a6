"""The server's ``waits`` message (net/absence.py): each player's seat is
told in numbers how long its opponent has been away or quiet, when its
own claim will be taken and, once the server's warning stands, when the
opponent's claim on its own quiet will be.  Before, the seat read those
times back from the server's English sentences (a reworded notice broke
the countdown), and drafts handed in were told to nobody, so the banner
offered a claim the server refused.

- the claim time a seat takes from a ``waits`` is the server's own
  moment: the referee refuses a claim just before it and takes it then
  (times given as ``now``: no clock is waited on);
- a real claim is refused while the seat says it is not open yet, and
  taken once it says it is (the server's clock set on, not waited for);
- a hostile server's ``waits`` (wrong keys or types, a negative time) is
  refused as any malformed message is, and a time past ``MAX_WAIT``
  capped; a client sending ``waits`` is refused, the connection going on.

A real server in this process (one monotonic clock with the seats')."""

from __future__ import annotations

import io
import json
import random
import socket
import time

import pytest

from core.ruleset import Rejection
from net import serverwire
from net.absence import waits_for
from net.serverseat import ServerSeat
from tests.server.helpers import play_random, wait_until
from tests.server.test_forced_roll_given_by_the_referee import _bobs_figure_struck

CLAIM_AFTER, IDLE_AFTER = 60.0, 100.0


def _waiting_for_bob(server, claim_after: float = CLAIM_AFTER, idle_after: float = IDLE_AFTER):
    """Ann (side 0) and Bob at a Spheres of War game that waits for Bob alone, both connected."""
    server.referee.claim_after, server.referee.idle_after = claim_after, idle_after
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("spheres_of_war", None, ("me", "open"))
    his = bob.join(gid)
    hers = ann.resume(gid)
    play_random([hers, his], random.Random(4), until=lambda: hers.to_act() == frozenset({1}))
    assert wait_until(lambda: his.to_act() == frozenset({1}) and his.may_act())
    return gid, hers, his


def _told(live, side: int, now: float, claim_after: float = CLAIM_AFTER, idle_after: float = IDLE_AFTER):
    """A seat (not connected: nothing else reaches it) told the server's
    ``waits`` for ``side`` at ``now``, as if it came at once."""
    with live.lock:
        message = serverwire.decode(serverwire.encode("waits", **waits_for(live, side, now, claim_after, idle_after)),
                                    serverwire.SERVER_MESSAGES, serverwire.SERVER_MAX)
    seat = ServerSeat(None, "guest:x", live.gid)  # type: ignore[arg-type]
    seat._take_waits(message, now=now)
    return seat


def _refused_before_and_taken_at(live, side: int, at: float) -> None:
    refused = live.claim_refusal(side, at - 0.01, CLAIM_AFTER, IDLE_AFTER)
    assert refused is not None and refused[0] in ("present", "too-soon"), refused
    assert live.claim_refusal(side, at, CLAIM_AFTER, IDLE_AFTER) is None


def test_the_claim_time_a_seat_is_told_is_the_server_s_own_moment(server):
    gid, hers, his = _waiting_for_bob(server)
    live = server.referee.live[gid]
    now = time.monotonic() + 7.3  # any moment of the server's clock
    # Bob connected, quiet since the game last changed: the idle rule.
    seat = _told(live, 0, now)
    assert seat.away_since is None
    assert seat.claim_at is not None and seat.claim_at > now
    _refused_before_and_taken_at(live, 0, seat.claim_at)
    assert seat.quiet_since() <= now and abs(seat.quiet_since() - live.changed_at) < 0.002
    # Bob's drafts (a change the opponent's Skirmish cannot see) move it.
    with live.lock:
        live.active_at[1] = now - 2.0
    moved = _told(live, 0, now)
    assert moved.claim_at is not None and moved.claim_at > seat.claim_at
    _refused_before_and_taken_at(live, 0, moved.claim_at)
    # Bob gone: the sooner of his time away and his quiet.
    his.stop()
    assert wait_until(lambda: 1 in live.away_since)
    for away in (5.0, 50.0):
        with live.lock:
            live.away_since[1] = now - away
        gone = _told(live, 0, now)
        assert gone.away_since is not None and abs((now - gone.away_since) - away) < 0.002
        assert gone.claim_at is not None
        _refused_before_and_taken_at(live, 0, gone.claim_at)
    # A claim already open is told 0; Bob's own seat, waited for, is told nothing to claim.
    assert _told(live, 0, now + 1000.0).claim_at == now + 1000.0
    assert _told(live, 1, now).claim_at is None
    hers.stop()


def test_no_claim_time_while_the_game_waits_on_an_order_with_no_alternative(server):
    gid, hers, his, struck = _bobs_figure_struck(server, claim_after=3600.0, idle_after=3600.0)
    live = server.referee.live[gid]
    now = time.monotonic()
    seat = _told(live, 0, now, 3600.0, 3600.0)
    assert seat.claim_at is None  # none comes of it, however long
    assert live.claim_refusal(0, now + 10_000.0, 3600.0, 3600.0)[0] == "forced"
    # Nor is Bob warned that a claim on his quiet may come.
    with live.lock:
        live.changed_at = now - 3500.0
        live.active_at.pop(1, None)
    assert _told(live, 1, now, 3600.0, 3600.0).claim_due is None
    hers.stop()
    his.stop()


def test_a_claim_is_refused_while_the_seat_says_not_yet_and_taken_once_it_says_open(server):
    gid, hers, his = _waiting_for_bob(server, claim_after=3600.0, idle_after=7200.0)
    live = server.referee.live[gid]
    his.stop()
    assert wait_until(lambda: hers.away_since is not None and hers.claim_at is not None)
    assert hers.claim_at > time.monotonic()  # not yet, says the seat
    refused = hers.claim()
    assert isinstance(refused, Rejection) and refused.code == "too-soon"
    assert hers.claim_at > time.monotonic()
    with live.lock:  # the server's clock set on: Bob away for an hour
        live.away_since[1] -= 3600.0
    assert hers.say("anyone there?")  # a chat line: the server tells both seats their waits again
    assert wait_until(lambda: hers.claim_at is not None and hers.claim_at <= time.monotonic())
    assert not isinstance(hers.claim(), Rejection)
    assert wait_until(lambda: hers.outcome() is not None and hers.outcome().winner == 0)
    hers.stop()


def test_a_quiet_opponent_s_claim_opens_where_the_seat_says_and_not_before(server):
    gid, hers, his = _waiting_for_bob(server, claim_after=3600.0, idle_after=3600.0)
    live = server.referee.live[gid]
    with live.lock:  # the server's clock set on: the game has waited 30 minutes for Bob
        live.changed_at -= 1800.0
        live.active_at.pop(1, None)
    refused = hers.claim()
    assert isinstance(refused, Rejection) and refused.code == "present"
    assert hers.claim_at is not None and hers.claim_at > time.monotonic()  # told with the refusal
    with live.lock:
        live.changed_at -= 1800.0
    assert hers.say("still there?")
    assert wait_until(lambda: hers.claim_at is not None and hers.claim_at <= time.monotonic())
    assert not isinstance(hers.claim(), Rejection)
    assert wait_until(lambda: hers.outcome() is not None and hers.outcome().winner == 0)
    hers.stop()
    his.stop()


GOOD = {"present": False, "away": 12.5, "quiet": 30, "claim_in": 47.5, "claimed_in": None}


def _line(**fields) -> bytes:
    body = {"v": serverwire.VERSION, "type": "waits", **fields}
    return json.dumps(body).encode() + b"\n"


@pytest.mark.parametrize("fields", [
    {k: v for k, v in GOOD.items() if k != "quiet"},  # a key missing
    {**GOOD, "extra": 1},  # a key too many
    {**GOOD, "away": "12"}, {**GOOD, "claim_in": True}, {**GOOD, "present": 1},  # wrong types
    {**GOOD, "quiet": None},  # only the claims may be null
    {**GOOD, "away": [1]}, {**GOOD, "claimed_in": {"s": 1}},
])
def test_a_waits_with_the_wrong_keys_or_types_is_refused(fields):
    with pytest.raises(serverwire.WireError):
        serverwire.decode(_line(**fields), serverwire.SERVER_MESSAGES, serverwire.SERVER_MAX)


def test_no_infinity_or_nan_passes_as_a_time():
    for number in ("1e999", "-1e999", "NaN", "Infinity", "-Infinity"):
        line = _line(**GOOD).replace(b'"away": 12.5', b'"away": ' + number.encode())
        with pytest.raises(serverwire.WireError):  # NaN and Infinity by the reader, 1e999 (infinity) as no time
            serverwire.waits_in(serverwire.decode(line, serverwire.SERVER_MESSAGES, serverwire.SERVER_MAX))


def test_a_negative_time_is_refused_and_one_too_long_capped():
    for name in ("away", "quiet", "claim_in", "claimed_in"):
        message = serverwire.decode(_line(**{**GOOD, name: -0.5}), serverwire.SERVER_MESSAGES, serverwire.SERVER_MAX)
        with pytest.raises(serverwire.WireError):
            serverwire.waits_in(message)
    huge = serverwire.decode(_line(**{**GOOD, "claim_in": 10 ** 400, "away": 1e308}), serverwire.SERVER_MESSAGES,
                             serverwire.SERVER_MAX)
    waits = serverwire.waits_in(huge)
    assert waits.claim_in == serverwire.MAX_WAIT and waits.away == serverwire.MAX_WAIT


def _seat_reading(lines: bytes) -> ServerSeat:
    """A seat whose server sent ``lines`` (then hung up), read to the end on this thread."""
    seat = ServerSeat(None, "guest:x", "g")  # type: ignore[arg-type]
    seat.side, seat.retry, seat.status = 0, False, "playing"
    seat._reader = io.BytesIO(lines)
    seat._run()
    return seat


def test_a_hostile_server_s_waits_stops_the_seat_with_a_reason_and_never_crashes_it():
    before = time.monotonic()
    capped = _seat_reading(_line(**{**GOOD, "claim_in": 1e300}))
    assert capped.status == "lost"  # read, then the server hung up
    assert capped.claim_at is not None and capped.claim_at >= before + serverwire.MAX_WAIT
    assert capped.away_since is not None and capped.away_since <= time.monotonic() - 12.5
    for bad in (_line(**{**GOOD, "away": -3}), _line(**{**GOOD, "claim_in": "soon"}), _line(**GOOD)[:-3] + b"\n",
                _line(**GOOD).replace(b'"quiet": 30', b'"quiet": 1e999')):
        seat = _seat_reading(_line(**GOOD) + bad)
        assert seat.status == "broken" and "cannot" in seat.reason, (bad, seat.status, seat.reason)


def test_a_client_sending_waits_is_refused_and_its_connection_goes_on(server):
    raw = socket.socket(socket.AF_UNIX)
    raw.connect(str(server.socket))
    reader = raw.makefile("rb")
    raw.sendall(serverwire.encode("hello", identity="guest:Mal"))
    assert json.loads(reader.readline())["type"] == "me"
    raw.sendall(_line(**GOOD))
    assert json.loads(reader.readline())["type"] == "refused"
    raw.sendall(serverwire.encode("ping"))
    assert json.loads(reader.readline())["type"] == "pong"
    raw.close()
