"""Byte-level: everything a joiner receives over random games of Platemail
and Optio is built from what its side may know, and holds none of what
``view`` hides from it.

For each update the joiner got, the test rebuilds the message from the
host's filtered data at that version (``view(side)`` without the dice
seed, ``log_for(side)``, ``legal_orders(side)``, the side's own orders)
and compares bytes; then it looks for the secrets themselves in every byte
received: the other side's written Platemail orders (until the Round
resolves) and the kind of every Optio block of the other side not yet
revealed.
"""

from __future__ import annotations

import json
import random

import pytest

from core.rulesets.optio.state import Kind
from net import wire
from saves.convert import converter_for, unstructure
from tests.remote.helpers import RecordingSeat, new_host, wait_until

ORDERS = 70


def _play(ruleset: str, seed: int):
    """A random game between the host's local seat (side 0) and a recording
    joiner (side 1); after each order, what the host then held."""
    host = new_host(ruleset, remote_side=1)
    joiner = RecordingSeat(host.code)
    joiner.start()
    local = host.seat(0)
    rng = random.Random(seed)
    history = [host.table.game]
    try:
        for _ in range(ORDERS):
            if local.outcome() is not None:
                break
            movers = [s for s in (local, joiner) if s.may_act() and s.legal_orders()]
            if not movers:
                assert wait_until(lambda: joiner.host_version == host.table.version)
                continue
            seat = rng.choice(movers)
            result = seat.submit(rng.choice(seat.legal_orders()))
            assert isinstance(result, tuple), result
            assert wait_until(lambda: joiner.host_version == host.table.version)
            history.append(host.table.game)
    finally:
        joiner.stop()
        host.close()
    return history, joiner.received


def _expected_update(game, version: int, sent_before: int) -> dict:
    rules = game.ruleset
    events = game.log_for(1)
    outcome = game.outcome
    own = tuple(o for o in game.orders if o.side == 1) if outcome is None else game.orders
    return {"v": wire.VERSION, "type": "update", "version": version, "view": wire.view_out(rules, game.view(1)),
            "to_act": sorted(game.to_act), "legal": [o.to_text() for o in game.legal_orders(1)],
            "events": wire.events_out(rules, events[sent_before:]), "orders": [o.to_text() for o in own],
            "outcome": None if outcome is None else {"winner": outcome.winner, "reason": outcome.reason},
            "present": True}


def _check_built_from_the_view(history, received) -> None:
    updates = [json.loads(line) for line in received if b'"type":"update"' in line]
    assert len(updates) == len(history), "one update for the start and one for every order"
    sent = 0
    for version, (game, update) in enumerate(zip(history, updates)):
        assert update["version"] == version
        assert update == _expected_update(game, version, sent)
        sent = len(game.log_for(1))


@pytest.mark.parametrize("seed", [1])
def test_platemail_joiner_never_receives_the_other_sides_written_orders(seed):
    history, received = _play("platemail", seed)
    _check_built_from_the_view(history, received)
    blob = b"".join(received)
    for game, line in zip(history, [r for r in received if b'"type":"update"' in r]):
        conv = converter_for(game.ruleset)
        for plan in game.state.plans:
            if plan.side == 0:  # written by the host's side, not yet resolved
                secret = json.dumps(unstructure(conv, plan), separators=(",", ":"), ensure_ascii=False)
                assert secret.encode() not in line
    # the dice seed never travels
    assert str(history[-1].state.dice.seed).encode() not in blob


@pytest.mark.parametrize("seed", [1, 2])
def test_optio_joiner_never_receives_an_unrevealed_enemy_blocks_kind(seed):
    history, received = _play("optio", seed)
    _check_built_from_the_view(history, received)
    updates = [json.loads(r) for r in received if b'"type":"update"' in r]
    for game, update in zip(history, updates):
        for block in game.state.blocks:
            if block.side == 0 and not block.revealed:
                shown = [b for b in update["view"]["blocks"] if b["id"] == block.id]
                assert shown and shown[0]["kind"] == Kind.UNKNOWN.value
                for event in update["events"]:
                    text = json.dumps(event)
                    assert not (block.id in text and block.kind.value in text), text
