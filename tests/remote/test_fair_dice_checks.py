"""The fair-dice check cannot be fooled (issue 30, point 4): it replays the
game and compares the result and the final position as well as the log;
a host that never reveals its half leaves the joiner told "unchecked";
and a joiner that joins again uses its own kept half of the seed (a 0600
file in its own data folder), never the half the host says it gave."""

from __future__ import annotations

import os
import random
import stat

import pytest

from core.events import Rolled
from core.game import start, submit
from core.registry import find_ruleset
from core.seats import Facts
from net import client, fairdice, keep, wire
from net.client import RemoteSeat
from net.host import Host
from saves.library import battlefield_named
from tests.remote.fakehost import FakeHost, read_line
from tests.remote.helpers import PLAYERS, wait_until

RULES = "spheres_of_war"


def _played(seed: int, moves: int | None = None):
    """A game from ``seed``, played by random legal orders to the end (or for ``moves``)."""
    rules = find_ruleset(RULES)
    game = start(rules, None, battlefield_named(rules.default_battlefield), seed, PLAYERS)
    rng = random.Random(seed)
    while game.outcome is None and (moves is None or len(game.orders) < moves):
        game = submit(game, rng.choice(game.legal_orders(min(game.to_act)))).game
    return game


def _update(game, view_of=None, outcome="real") -> bytes:
    rules = game.ruleset
    shown = game if view_of is None else view_of
    out = game.outcome if outcome == "real" else outcome
    return wire.encode("update", version=len(game.orders), view=wire.view_out(rules, shown.view(1)),
                       to_act=sorted(game.to_act), legal=[], events=wire.events_out(rules, game.log_for(1)),
                       orders=[o.to_text() for o in game.orders],
                       outcome=None if out is None else {"winner": out.winner, "reason": out.reason}, present=True)


class Lying:
    """A host that makes the seed fairly with the joiner, then shows it a game
    that did not happen that way, and reveals its half and the orders."""

    def __init__(self, forge: str) -> None:
        self.forge = forge
        self.half = fairdice.new_half()

    def __call__(self, sock, fake) -> None:
        fake.honest_hello(sock)
        rules = find_ruleset(RULES)
        facts = Facts(rules.name, rules.default_options(), battlefield_named(rules.default_battlefield), PLAYERS)
        sock.sendall(wire.encode("welcome", side=1, commit=fairdice.commitment(self.half), started=False,
                                 **wire.facts_out(facts)))
        import json

        joiner = json.loads(read_line(sock, fake.received))["nonce"]
        seed = fairdice.seed_from(self.half, joiner)
        if self.forge == "outcome":  # a few moves, then "game over" in the joiner's favour... or not
            game = _played(seed, moves=6)
            from core.ruleset import Outcome

            sock.sendall(_update(game, outcome=Outcome(0, "Player 2's last figure falls.")))
        elif self.forge == "position":  # the real end and log, but an earlier board
            game = _played(seed)
            sock.sendall(_update(game, view_of=_played(seed, moves=2)))
        else:  # "none": the real end, and no reveal
            game = _played(seed)
            sock.sendall(_update(game))
            fake.listen_forever(sock)
            return
        sock.sendall(wire.encode("reveal", nonce=self.half, joiner=joiner, orders=[o.to_text() for o in game.orders]))
        fake.listen_forever(sock)


@pytest.mark.parametrize("forge, words", [("outcome", "the result"), ("position", "the final position")])
def test_a_forged_end_is_caught_by_the_replay(forge, words):
    fake = FakeHost(Lying(forge))
    seat = RemoteSeat(fake.code)
    try:
        seat.start()
        assert wait_until(lambda: seat.fairness != "")
        assert not seat.fairness.startswith("Dice checked"), seat.fairness
        assert "do not match" in seat.fairness and words in seat.fairness, seat.fairness
        assert seat.whole is None  # a game that does not check out is never shown as the whole game
    finally:
        seat.stop()
        fake.close()


def test_a_host_that_never_reveals_leaves_the_dice_unchecked(monkeypatch):
    monkeypatch.setattr(client, "REVEAL_WAIT", 0.5)
    fake = FakeHost(Lying("none"))
    seat = RemoteSeat(fake.code)
    try:
        seat.start()
        assert wait_until(lambda: seat.outcome() is not None)
        assert wait_until(lambda: seat.fairness != "", timeout=5)
        assert seat.fairness.startswith("Dice unchecked") and "did not reveal" in seat.fairness
    finally:
        seat.stop()
        fake.close()


def _host_of_finished_game(claimed_joiner_half: str, joiner_half: str):
    host_half = fairdice.new_half()
    game = _played(fairdice.seed_from(host_half, joiner_half))
    assert game.outcome is not None
    hosting = {"host": host_half, "commit": fairdice.commitment(host_half), "joiner": claimed_joiner_half}
    facts = Facts(game.ruleset_name, game.options, game.battlefield, game.players)
    from net.rendezvous import new_code

    host = Host(facts, 1, new_code(), hosting, game=game)
    host.open()
    return host


@pytest.mark.parametrize("kept, words", [
    ("same", "Dice checked"),  # this joiner gave that half, and kept it
    (None, "cannot be made"),  # joined from elsewhere, or its file is gone
    ("other", "not the one you gave"),  # the host claims a half this joiner never gave
])
def test_a_joiner_that_joins_again_checks_with_its_own_kept_half(kept, words):
    half = fairdice.new_half()
    claimed = fairdice.new_half()  # the half the host says the joiner gave, and rolled from
    host = _host_of_finished_game(claimed, claimed)
    seat = RemoteSeat(host.code)
    try:
        if kept == "same":
            keep.remember_half(host.code, host.hosting["commit"], claimed)
        elif kept == "other":
            keep.remember_half(host.code, host.hosting["commit"], half)
        seat.start()  # a new process's seat: it never gave a half itself
        assert wait_until(lambda: seat.fairness != "")
        assert words in seat.fairness, seat.fairness
        assert seat.fairness.startswith("Dice checked") == (kept == "same")
    finally:
        seat.stop()
        host.close()


def test_the_joiners_half_is_kept_where_only_it_can_read_it(data_dir):
    from tests.remote.helpers import new_host

    host = new_host(RULES)
    seat = RemoteSeat(host.code)
    try:
        seat.start()
        path = keep.path_for(host.code)
        assert stat.S_IMODE(path.stat().st_mode) == 0o600 and path.stat().st_uid == os.getuid()
        assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
        assert host.code not in path.name
        assert keep.half_for(host.code, host.hosting["commit"]) == seat._half == host.hosting["joiner"]
        assert keep.load(host.code)["host_uid"] == os.getuid()  # the account that hosted it, for later joins
        # a file that is not the joiner's own is not trusted
        if os.getuid() == 0:
            os.chown(path, 12345, -1)
            assert keep.half_for(host.code, host.hosting["commit"]) is None
    finally:
        seat.stop()
        host.close()


def _onlookers_check(game, host_half: str, reveal: dict):
    from net.dicecheck import check_dice

    facts = Facts(game.ruleset_name, game.options, game.battlefield, game.players)
    return check_dice(facts, None, fairdice.commitment(host_half), None, reveal, game.log_for(None),
                      game.outcome, game.view(None), onlooker=True)


def test_an_onlooker_is_not_fooled_by_a_host_that_lies_in_its_reveal():
    """An onlooker gave no half of the seed, so it takes the joiner's as the
    host reveals it; the rest it checks as the joiner does: a host's half
    that breaks its promise, or orders that do not replay to what the
    onlooker was shown, are caught, and no whole game is kept.  The halves
    are fixed: a random game whose only roll was the coin for the
    Instigator replayed alike from another joiner's half one time in two
    (a CI run saw it), so this one is known to hold fights."""
    host_half, joiner_half, other_half = "1" * 64, "2" * 64, "3" * 64
    game = _played(fairdice.seed_from(host_half, joiner_half))
    assert sum(isinstance(e, Rolled) for e in game.log) >= 5  # dice beyond the coin: another seed shows
    orders = [o.to_text() for o in game.orders]
    said, whole = _onlookers_check(game, host_half, {"nonce": host_half, "joiner": joiner_half, "orders": orders})
    assert said.startswith("Dice checked") and "only the joiner can check" in said and whole == game
    # Another host half than the one promised.
    said, whole = _onlookers_check(game, host_half, {"nonce": fairdice.new_half(), "joiner": joiner_half,
                                                     "orders": orders})
    assert "does not match what it promised" in said and whole is None
    # A joiner's half the game was not rolled from: the replay differs from what was shown.
    said, whole = _onlookers_check(game, host_half, {"nonce": host_half, "joiner": other_half,
                                                     "orders": orders})
    assert not said.startswith("Dice checked") and whole is None
    # Orders cut short: the replay ends elsewhere.
    said, whole = _onlookers_check(game, host_half, {"nonce": host_half, "joiner": joiner_half,
                                                     "orders": orders[:-3]})
    assert "do not match" in said and whole is None
