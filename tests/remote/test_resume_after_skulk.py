"""A hosted Platemail game in which the rogues skulk goes on, is saved by the
host after every order, and can be hosted again from that save and joined
(issue 26: a Skulk's event, read by one side only, could not be sent, so
the Round never reached the joiner, and after ``skirmish host FILE`` the
joiner heard "the host did not send the game").

Over real sockets, as the app does it: the host saves before every update
(``Host.saver``, with the hosting facts in ``pending`` as
``Hosting.pending`` keeps them), and resuming builds a ``Host``
from the loaded game and the saved code, as ``Hosting.resume`` does.
"""

from __future__ import annotations

import attrs
import pytest

from core.game import start, submit
from core.registry import find_ruleset
from core.seats import Facts
from net import fairdice
from net.host import Host
from net.rendezvous import new_code
from saves.library import battlefield_named
from saves.store import load_for_play, save_game
from tests.remote.census import RULESETS, played
from tests.remote.helpers import RecordingSeat, wait_until

ROSTERS = {"roster_0": "knight,archer,rogue", "roster_1": "footman,rogue,spellcaster"}
ROGUES = {0: "a3", 1: "b2"}
HOST_SIDE = 0


def _facts() -> Facts:
    rules = find_ruleset("platemail")
    options = attrs.evolve(rules.default_options(), **ROSTERS)
    return Facts(rules.name, options, battlefield_named(rules.default_battlefield), ("Ann", "Bob"))


def _host(facts: Facts, hosting: dict, game=None) -> Host:
    rules = facts.ruleset
    host = Host(facts, 1 - HOST_SIDE, hosting["code"], hosting, game=game,
                make_game=lambda seed: start(rules, facts.options, facts.battlefield, seed, facts.players))
    host.open()
    return host


def _skulk(seat, side: int):
    """The side's rogue's written orders: Skulk first."""
    for order in seat.legal_orders():
        text = order.to_text()
        if text.startswith(f"write side={side} unit={ROGUES[side]} first=(act side={side} kind=skulk"):
            return order
    raise AssertionError(f"side {side}: no Skulk order for {ROGUES[side]} among the legal orders")


def _verb(seat, verb: str):
    return next(o for o in seat.legal_orders() if o.verb == verb)


def _give(seat, order) -> None:
    result = seat.submit(order)
    assert isinstance(result, tuple), f"{order.to_text()} refused: {result}"


def _synced(host: Host, joiner) -> bool:
    return wait_until(lambda: joiner.host_version == host.table.version)


def _round_of_skulks(host: Host, joiner, last: int) -> None:
    """Both rogues skulk, and both sides commit, ``last`` committing last
    (the commit that resolves the Round)."""
    mine = host.seat(HOST_SIDE)
    seats = {HOST_SIDE: mine, 1 - HOST_SIDE: joiner}
    for side in (0, 1):
        assert _synced(host, joiner)
        _give(seats[side], _skulk(seats[side], side))
    assert _synced(host, joiner)
    _give(seats[1 - last], _verb(seats[1 - last], "commit"))
    assert _synced(host, joiner)
    _give(seats[last], _verb(seats[last], "commit"))
    assert _synced(host, joiner)


def test_a_hosted_game_with_skulks_goes_on_and_resumes_from_its_save(tmp_path):
    path = tmp_path / "hosted.json"
    facts = _facts()
    half = fairdice.new_half()
    hosting = {"code": new_code(), "host": half, "commit": fairdice.commitment(half), "side": HOST_SIDE}
    host = _host(facts, hosting)
    host.saver = lambda: save_game(host.table.game, path, pending={"hosting": dict(host.hosting)})
    joiner = RecordingSeat(hosting["code"], name="Bob")
    try:
        joiner.start()
        assert joiner.side == 1 and wait_until(lambda: host.table is not None)
        mine = host.seat(HOST_SIDE)
        # deploy, each side in its turn: all its characters, then ready
        while host.table.game.state.stage == "deploy":
            assert _synced(host, joiner)
            side = min(host.table.game.to_act)
            seat = mine if side == HOST_SIDE else joiner
            verbs = {o.verb for o in seat.legal_orders()}
            _give(seat, _verb(seat, "deploy-all" if "deploy-all" in verbs else "ready"))
        # Round 1: the host's commit resolves it (this raised in the host's own submit)
        _round_of_skulks(host, joiner, last=HOST_SIDE)
        played = host.table.game
        assert played.state.round == 2
        secret_to_joiner = [e for e in played.log if e.seen_by == frozenset({1})]
        assert any(ROGUES[0] in e.sentence for e in secret_to_joiner), "the host's rogue's Skulk told the joiner nothing"
        # the joiner holds exactly what its side may read, and may write its orders
        assert joiner.events() == played.log_for(1)
        assert joiner.legal_orders()
    finally:
        joiner.stop()
        host.close()

    # ``skirmish host FILE``: the saved game, hosted again with its code
    game, pending, _seats = load_for_play(path)
    assert game == played
    assert any(e.seen_by is not None for e in game.log)
    saved = pending["hosting"]
    assert saved["code"] == hosting["code"] and saved["joiner"]
    again = _host(Facts(game.ruleset_name, game.options, game.battlefield, tuple(game.players)), saved, game=game)
    rejoined = RecordingSeat(saved["code"], name="Bob")
    try:
        rejoined.start()  # raised "the host did not send the game"
        assert rejoined.side == 1
        assert rejoined.events() == game.log_for(1)
        assert rejoined.view() is not None and rejoined.legal_orders()
        # Round 2: now the joiner's commit resolves it, in the host's socket thread
        _round_of_skulks(again, rejoined, last=1)
        assert again.table.game.state.round == 3 or again.table.game.outcome is not None
        assert rejoined.events() == again.table.game.log_for(1)
        assert any(e.seen_by == frozenset({0}) and ROGUES[1] in e.sentence for e in again.table.game.log)
    finally:
        rejoined.stop()
        again.close()


@pytest.mark.parametrize("name", [r.name for r in RULESETS])
def test_a_saved_hosted_game_of_every_ruleset_can_be_joined_again(name, tmp_path):
    """Half-way through a random game (Platemail's with skulks, Optio's with
    hidden blocks): saved as the host saves it, hosted from the file, joined."""
    game = played(name)[-1]
    if name == "platemail":
        assert any(e.seen_by is not None for e in game.log)
    partial = start(game.ruleset, game.options, game.battlefield, game.seed, game.players)
    for order in game.orders[:len(game.orders) // 2]:
        partial = submit(partial, order).game
    path = tmp_path / "hosted.json"
    half = fairdice.new_half()
    hosting = {"code": new_code(), "host": half, "commit": fairdice.commitment(half),
               "joiner": fairdice.new_half(), "side": HOST_SIDE}
    save_game(partial, path, pending={"hosting": hosting})

    loaded, pending, _seats = load_for_play(path)
    saved = pending["hosting"]
    host = _host(Facts(loaded.ruleset_name, loaded.options, loaded.battlefield, tuple(loaded.players)), saved,
                 game=loaded)
    joiner = RecordingSeat(saved["code"])
    try:
        joiner.start(timeout=5.0)
        assert joiner.events() == partial.log_for(1)
        assert joiner.to_act() == partial.to_act
        assert [o.to_text() for o in joiner.legal_orders()] == [o.to_text() for o in partial.legal_orders(1)]
    finally:
        joiner.stop()
        host.close()
