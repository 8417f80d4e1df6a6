"""Nothing a side may not see reaches its seat (issue 28): every byte a
Platemail player's connection receives before the game ends is recorded;
the other side's drafts, its orders and the dice seed (or the server's
secret half of it) are never among them."""

from __future__ import annotations

import json
import random

from net import fairdice, serverwire
from net.serverseat import ServerSeat
from tests.server.helpers import wait_until

MARK = "ann-secret-draft-7f3a"


class RecordingSeat(ServerSeat):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lines: list[bytes] = []

    def _read(self):
        line = self._reader.readline(serverwire.SERVER_MAX + 2)
        if not line:
            return None
        self.lines.append(line)
        return serverwire.decode(line, serverwire.SERVER_MESSAGES, serverwire.SERVER_MAX)


def test_the_other_sides_drafts_orders_and_the_seed_never_reach_a_seat_before_the_end(server):
    ann, bob = server.client("Ann"), server.client("Bob")
    gid, _ = ann.create("platemail", None, ("me", "open"))
    bob.join(gid)
    a = ann.resume(gid)
    b = RecordingSeat(server.socket, "guest:Bob", gid)
    b.start()
    live = server.referee.live[gid]
    seed, half = live.match.game.seed, live.half
    assert fairdice.commitment(half) == b.commit  # committed from the start
    rng = random.Random(11)
    rounds_with_drafts = 0

    def write_drafts() -> bool:
        nonlocal rounds_with_drafts
        if a.may_act():
            a.put_drafts([{"kind": "platemail-orders", "side": 0, "round": rounds_with_drafts,
                           "written": [MARK], "writer": None}])
            rounds_with_drafts += 1
        return False

    while a.outcome() is None:  # Ann writes a draft whenever she may act, and both play at random
        write_drafts()
        for seat in (a, b):
            if seat.may_act() and seat.legal_orders():
                seat.submit(rng.choice(seat.legal_orders()), wait=5)
        assert wait_until(lambda: a.may_act() or b.may_act() or a.outcome() is not None, 10)
    assert rounds_with_drafts > 5
    assert wait_until(lambda: b.fairness != "")
    assert wait_until(lambda: a.drafts() and a.drafts()[0]["written"] == [MARK]) or a.outcome() is not None
    before_end = []
    for line in b.lines:
        message = json.loads(line)
        if message["type"] == "reveal":
            break
        before_end.append((message, line.decode()))
    assert len(before_end) > 20
    assert sum(bool(m.get("orders")) for m, _ in before_end) > 5  # Bob's own orders are there
    for message, text in before_end:
        assert MARK not in text
        assert half not in text and str(seed) not in text
        if message["type"] == "update" and message["outcome"] is None:
            assert all(" side=1" in order or order.startswith("side=1") for order in message["orders"]), message["orders"]
        if message["type"] == "drafts":
            assert all(d.get("side") == 1 for d in message["drafts"])
