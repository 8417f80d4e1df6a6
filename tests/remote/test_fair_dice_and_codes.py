"""The seed both seats make, the check the joiner runs at the end, and the
join code's meeting place."""

from __future__ import annotations

import os
import stat

from core.game import start
from core.registry import find_ruleset
from core.seats import Facts
from net import fairdice, rendezvous, wire
from saves.library import battlefield_named
from tests.remote.helpers import PLAYERS, RecordingSeat, new_host, wait_until


def test_the_seed_needs_both_halves_and_the_commitment_binds_the_host():
    host_half, joiner_half = fairdice.new_half(), fairdice.new_half()
    seed = fairdice.seed_from(host_half, joiner_half)
    assert seed != fairdice.seed_from(host_half, fairdice.new_half())
    assert seed != fairdice.seed_from(fairdice.new_half(), joiner_half)
    assert 0 <= seed < 2 ** 63
    commit = fairdice.commitment(host_half)
    assert fairdice.matches(host_half, commit)
    assert not fairdice.matches(fairdice.new_half(), commit)
    assert not fairdice.is_half("00" * 31) and not fairdice.is_half("zz" * 32)


def test_a_hosted_game_is_seeded_from_both_halves():
    host = new_host("spheres_of_war")
    try:
        seat = RecordingSeat(host.code)
        seat.start()
        assert host.table.game.seed == fairdice.seed_from(host.hosting["host"], seat._half)
        seat.stop()
    finally:
        host.close()


def _finished_game(seed: int):
    import random

    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_named(rules.default_battlefield), seed, PLAYERS)
    rng = random.Random(seed)
    from core.game import submit

    while game.outcome is None:
        side = min(game.to_act)
        game = submit(game, rng.choice(game.legal_orders(side))).game
    return game


def _joiner_that_saw(game, commit: str, half: str) -> RecordingSeat:
    seat = RecordingSeat("aaaaa-aaaaa-aaaaa-aaaaa")
    seat.side, seat.commit, seat._half = 1, commit, half
    seat._facts = Facts(game.ruleset_name, game.options, game.battlefield, game.players)
    seat._events = list(game.log_for(1))
    seat._outcome = game.outcome
    seat._view = wire.view_in(game.ruleset, wire.view_out(game.ruleset, game.view(1)))  # as the wire gave it
    return seat


def test_the_joiner_checks_the_dice_when_the_game_ends():
    host_half, joiner_half = fairdice.new_half(), fairdice.new_half()
    honest = _finished_game(fairdice.seed_from(host_half, joiner_half))
    reveal = {"nonce": host_half, "joiner": joiner_half, "orders": [o.to_text() for o in honest.orders]}
    seat = _joiner_that_saw(honest, fairdice.commitment(host_half), joiner_half)
    seat._check_dice(reveal)
    assert seat.fairness.startswith("Dice checked")
    # a host that revealed another half than it promised
    seat = _joiner_that_saw(honest, fairdice.commitment(fairdice.new_half()), joiner_half)
    seat._check_dice(reveal)
    assert "does not match" in seat.fairness
    # a host that rolled from a seed of its own choosing
    rigged = _finished_game(12345)
    seat = _joiner_that_saw(rigged, fairdice.commitment(host_half), joiner_half)
    seat._check_dice({**reveal, "orders": [o.to_text() for o in rigged.orders]})
    assert "do not match" in seat.fairness


def test_codes_and_the_meeting_place():
    code = rendezvous.new_code()
    assert rendezvous.normal_code(code.upper().replace("-", " ")) == code
    assert rendezvous.normal_code("abc") is None and rendezvous.normal_code(code + "-aaaaa") is None
    assert rendezvous.normal_code(code.replace(code[0], "0")) is None  # 0 is not in the alphabet
    path = rendezvous.socket_path(code, create=True)
    place = rendezvous.meeting_place()
    assert stat.S_IMODE(place.stat().st_mode) == 0o1733  # enter and write, not list
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o711
    assert code not in str(path)


def test_a_meeting_place_others_can_list_is_refused():
    import pytest

    if os.getuid() != 0:
        pytest.skip("needs root to give the folder to another account")
    place = rendezvous.meeting_place()
    place.mkdir(mode=0o700)
    os.chmod(place, 0o1733)
    os.chown(place, 12345, -1)  # another account's: it could list it and plant a false game
    for create in (True, False):  # neither hosting nor joining goes there
        with pytest.raises(rendezvous.RendezvousError, match="another account"):
            rendezvous.socket_path(rendezvous.new_code(), create=create)
    os.chown(place, 0, -1)
    os.chmod(place, 0o1777)  # root's, but listable by anyone
    with pytest.raises(rendezvous.RendezvousError, match="listed"):
        rendezvous.socket_path(rendezvous.new_code(), create=True)
    os.chmod(place, 0o733)  # writable by anyone but not sticky
    with pytest.raises(rendezvous.RendezvousError, match="delete"):
        rendezvous.socket_path(rendezvous.new_code(), create=True)
    os.chmod(place, 0o1733)
    assert rendezvous.socket_path(rendezvous.new_code(), create=True).parent.parent == place


def test_host_stopping_tells_the_joiner_which_waits_and_rejoins_a_resumed_host():
    host = new_host("spheres_of_war")
    seat = RecordingSeat(host.code)
    seat.start()
    game, hosting = host.table.game, host.hosting
    seen = seat.version
    host.close("saved and stopped")
    assert wait_until(lambda: seat.status == "host-stopped")
    assert seat.reason == "saved and stopped" and seat.legal_orders() == []
    from net.host import Host

    again = Host(host.facts, 1, host.code, hosting, game=game)
    again.open()
    try:
        assert wait_until(lambda: seat.status == "playing" and again.joined)
        # the welcome comes before the update that brings the events again
        assert wait_until(lambda: seat.events() == game.log_for(1))
        # the resumed host counts its versions from 0 again; the seat's own never goes back,
        # so a screen never mistakes the new game for a picture it already drew
        assert again.table.version == 0 and seat.version > seen
    finally:
        seat.stop()
        again.close()


def test_the_host_saves_each_move_before_anyone_is_shown_it():
    host = new_host("spheres_of_war")
    seat = RecordingSeat(host.code)
    seat.start()
    seen_at_save = []
    host.saver = lambda: seen_at_save.append((host.table.version, seat.host_version))
    try:
        local = host.seat(0)
        for _ in range(3):  # whoever may act: the host's own orders and the joiner's alike
            mover = local if local.may_act() else seat
            assert isinstance(mover.submit(mover.legal_orders()[0]), tuple)
            assert wait_until(lambda: seat.host_version == host.table.version)
        assert [v for v, _ in seen_at_save] == [1, 2, 3]
        assert all(shown < saved for saved, shown in seen_at_save)
    finally:
        seat.stop()
        host.close()
