"""A draw over the wire: a joiner offers one out of turn, the host's side
sees it standing and agrees, and the game ends drawn for both.  A hostile
joiner's raw lines cannot offer or answer for the host's side, offer twice,
or answer its own offer; an onlooker cannot offer.  A real host on a
private meeting place and real joiners (``tests/remote/helpers.py``)."""

from __future__ import annotations

import json

from core.game import standing_offer
from core.orders import AgreeDraw, OfferDraw
from core.ruleset import Rejection
from net import wire
from tests.remote.helpers import PLAYERS, RecordingSeat, new_host, raw_joiner, wait_until
from tests.remote.test_concede_remote import _started


def _answer(reader) -> dict:
    """The result of the last line sent (the news before it skipped)."""
    told = json.loads(reader.readline())
    while told["type"] != "result":
        told = json.loads(reader.readline())
    return told


def test_a_joiner_offers_a_draw_out_of_turn_and_the_host_agrees():
    game = _started("spheres_of_war")
    assert 1 not in game.to_act  # the joiner (side 1) waits for the host's side
    host = new_host("spheres_of_war", remote_side=1, game=game)
    try:
        onlooker = RecordingSeat(host.code, role="watch")
        onlooker.start()
        assert onlooker.submit(OfferDraw(1)).code == "onlooker"
        sock, reader = raw_joiner(host)
        for text, code in (("offer-draw side=0", "not-your-side"), ("agree-draw side=1", "no-offer")):
            sock.sendall(wire.encode("order", text=text))
            told = _answer(reader)
            assert told["ok"] is False and told["code"] == code, told
        sock.sendall(wire.encode("order", text="offer-draw side=1"))  # its own side, out of turn: taken
        assert _answer(reader)["ok"] is True
        for text, code in (("offer-draw side=1", "offer-stands"), ("agree-draw side=1", "no-offer"),
                           ("decline-draw side=0", "not-your-side")):
            sock.sendall(wire.encode("order", text=text))
            told = _answer(reader)
            assert told["ok"] is False and told["code"] == code, told
        assert standing_offer(host.table.game.log) == 1 and host.table.game.outcome is None
        assert wait_until(lambda: standing_offer(onlooker.events()) == 1)
        # The host's side agrees: the game ends drawn, and everyone is told.
        assert not isinstance(host.table.seat(0).submit(AgreeDraw(0)), Rejection)
        over = host.table.game
        assert over.orders[-2:] == (OfferDraw(1), AgreeDraw(0)) and over.outcome.winner is None
        assert over.outcome.reason == f"{PLAYERS[1]} offered a draw and {PLAYERS[0]} agreed"
        assert wait_until(lambda: onlooker.outcome() is not None)
        assert onlooker.outcome().winner is None
        assert any(e.sentence == f"{PLAYERS[0]} agrees to a draw" for e in onlooker.events())
        sock.close()
        onlooker.stop()
    finally:
        host.close()
