"""What follows a hosted game, over real sockets: the host begins the next
game (a rematch with the sides swapped, Optio's battle) with the same code;
the joiner's seat hears ``next`` and a new seat on that code follows into
it, with a new seed from two new halves that the joiner checks at its end.
And the joiner's own name replaces the form's default for its side."""

from __future__ import annotations

import json
import random
import socket

from core.game import redact, start, submit
from core.registry import find_ruleset
from core.seats import Facts
from net import fairdice, wire
from net.host import Host, joiner_name
from net.rendezvous import new_code
from saves.library import battlefield_named
from tests.remote.helpers import RecordingSeat, raw_hello, wait_until


def _finished(ruleset: str, players: tuple[str, str], seed: int = 7):
    """A game of ``ruleset`` played to its end by random orders."""
    rules = find_ruleset(ruleset)
    game = start(rules, None, battlefield_named(rules.default_battlefield), seed, players)
    rng = random.Random(seed)
    while game.outcome is None:
        side = min(game.to_act)
        order = game.random_order(side, rng) or rng.choice(game.legal_orders(side))
        game = submit(game, order).game
    return game


def _host(facts: Facts, remote_side: int = 1, game=None) -> Host:
    rules = facts.ruleset
    half = fairdice.new_half()
    host = Host(facts, remote_side, new_code(), {"host": half, "commit": fairdice.commitment(half)}, game=game,
                make_game=lambda seed: start(rules, facts.options, facts.battlefield, seed, facts.players))
    host.open()
    return host


def _facts(game) -> Facts:
    return Facts(game.ruleset_name, game.options, game.battlefield, tuple(game.players))


def _play_out(host: Host, joiner: RecordingSeat, rng: random.Random) -> None:
    """Both seats give random legal orders until the game ends: the host's
    through its own seat, the joiner's over the socket."""
    mine = host.seat(1 - joiner.side)
    for _ in range(5000):
        game = host.table.game
        if game.outcome is not None:
            return
        side = min(game.to_act)
        if side == joiner.side:
            version = host.table.version
            assert wait_until(lambda: joiner.host_version == version and side in joiner.to_act())
            order = game.random_order(side, rng) or rng.choice(joiner.legal_orders())
            assert isinstance(joiner.submit(order), tuple)
        else:
            order = game.random_order(side, rng) or rng.choice(mine.legal_orders())
            assert isinstance(mine.submit(order), tuple)
    raise AssertionError("the game did not end")


def test_a_rematch_follows_on_the_same_code_with_sides_swapped_and_a_new_fair_seed():
    ended = _finished("spheres_of_war", ("Ann", "Bob"))
    host = _host(_facts(ended), remote_side=1, game=ended)
    joiner = follow = None
    try:
        joiner = RecordingSeat(host.code, name="Bob")
        joiner.start()
        assert joiner.side == 1 and joiner.outcome() is not None
        first_commit = joiner.commit
        # The host begins the rematch: the players change sides, and so does the joiner.
        rules = ended.ruleset
        facts = Facts(rules.name, ended.options, ended.battlefield, ("Bob", "Ann"))
        half = fairdice.new_half()
        host.next_game(facts, 0, {"code": host.code, "host": half, "commit": fairdice.commitment(half)},
                       lambda seed: start(rules, ended.options, ended.battlefield, seed, ("Bob", "Ann")))
        assert wait_until(lambda: joiner.status == "next")
        assert host.table is None and not host.joined
        assert json.loads(joiner.received[-1])["type"] == "next"
        # The old seat keeps the old game as it ended.
        assert joiner.facts.players == ("Ann", "Bob") and joiner.outcome() is not None

        follow = RecordingSeat(host.code, name="Bob")
        follow.follow()
        assert wait_until(lambda: follow.version >= 0)
        assert follow.side == 0 and follow.facts.players == ("Bob", "Ann")
        assert follow.commit == fairdice.commitment(half) != first_commit
        game = host.table.game
        assert game.seed == fairdice.seed_from(half, follow._half)
        assert game.players == ("Bob", "Ann") and not game.orders
        assert follow.view() == redact(game.ruleset, game.state, 0)
        # Played to its end, the joiner checks the new seed's every roll.
        _play_out(host, follow, random.Random(3))
        assert wait_until(lambda: follow.fairness != "")
        assert follow.fairness.startswith("Dice checked"), follow.fairness
    finally:
        for seat in (joiner, follow):
            if seat is not None:
                seat.stop()
        host.close()


def test_a_joiner_away_when_the_next_game_begins_finds_it_on_its_return():
    ended = _finished("spheres_of_war", ("Ann", "Bob"))
    host = _host(_facts(ended), game=ended)
    joiner = None
    try:
        joiner = RecordingSeat(host.code)
        joiner.start()
        # The line drops (the host hangs up on the joiner), then the host goes on.
        with host.lock:
            host.player.close()
        assert wait_until(lambda: joiner.status == "lost")
        rules = ended.ruleset
        half = fairdice.new_half()
        host.next_game(_facts(ended), 1, {"host": half, "commit": fairdice.commitment(half)},
                       lambda seed: start(rules, ended.options, ended.battlefield, seed, ended.players))
        # Its retry finds another game on the code: the seat says so and
        # gives no half (the game waits for the seat that follows).
        assert wait_until(lambda: joiner.status == "next")
        assert host.table is None and joiner.outcome() is not None
    finally:
        if joiner is not None:
            joiner.stop()
        host.close()


def test_optios_battle_is_hosted_on_the_same_code_with_the_same_seats():
    from tui.rulesets.optio_fight import fight_game

    pre = _finished("optio", ("Ann", "Bob"), seed=4)
    assert pre.state.result is not None
    host = _host(_facts(pre), game=pre)
    seats = []
    try:
        seats.append(RecordingSeat(host.code))
        seats[0].start()
        onlooker = RecordingSeat(host.code, role="watch")
        onlooker.start()
        seats.append(onlooker)
        battle = fight_game(pre, find_ruleset("spheres_of_war"))
        half = fairdice.new_half()
        host.next_game(_facts(battle), 1, {"host": half, "commit": fairdice.commitment(half)},
                       lambda seed: start(battle.ruleset, battle.options, battle.battlefield, seed, battle.players))
        assert wait_until(lambda: seats[0].status == "next" and onlooker.status == "next")
        # The onlooker follows first and waits for the start; the joiner's half starts it.
        watcher = RecordingSeat(host.code, role="watch")
        watcher.follow()
        seats.append(watcher)
        assert wait_until(lambda: watcher.status == "seed")
        assert host.table is None and watcher.version < 0
        follow = RecordingSeat(host.code)
        follow.follow()
        seats.append(follow)
        assert wait_until(lambda: follow.version >= 0 and watcher.version >= 0)
        game = host.table.game
        assert game.ruleset_name == "spheres_of_war" and game.battlefield == battle.battlefield
        assert follow.side == 1 and follow.facts.players == ("Ann", "Bob")
        assert watcher.side is None and watcher.view() == redact(game.ruleset, game.state, None)
    finally:
        for seat in seats:
            seat.stop()
        host.close()


def _new_facts(players: tuple[str, str]) -> Facts:
    rules = find_ruleset("spheres_of_war")
    return Facts(rules.name, rules.default_options(), battlefield_named(rules.default_battlefield), players)


def test_the_joiners_name_replaces_the_default_name_of_its_side_before_the_first_order():
    host = _host(_new_facts(("Ann", "Player 2")))
    seat = None
    try:
        seat = RecordingSeat(host.code, name="Zoë")
        seat.start()
        assert seat.facts.players == ("Ann", "Zoë")
        assert host.table.game.players == ("Ann", "Zoë") and host.facts.players == ("Ann", "Zoë")
        assert seat.view() == redact(host.table.game.ruleset, host.table.game.state, 1)
    finally:
        if seat is not None:
            seat.stop()
        host.close()


def test_a_name_the_host_chose_or_a_bad_name_is_kept_out():
    facts = _new_facts(("Ann", "Player 2"))
    assert joiner_name(_new_facts(("Ann", "Bob")), 1, "Zoë").players == ("Ann", "Bob")  # the host named it
    assert joiner_name(facts, 1, "").players == ("Ann", "Player 2")
    assert joiner_name(facts, 1, "Ann").players == ("Ann", "Player 2")  # two Anns would be one
    assert joiner_name(facts, 1, "\x1b[2J\u202eEve[b]").players == ("Ann", "(2JEve(b)")  # no escape left
    assert joiner_name(_new_facts(("Player 1", "Bob")), 0, "Zoë").players == ("Zoë", "Bob")
    # A game already begun keeps its names, whoever joins.
    ended = _finished("spheres_of_war", ("Ann", "Player 2"))
    host = _host(_facts(ended), game=ended)
    seat = None
    try:
        seat = RecordingSeat(host.code, name="Zoë")
        seat.start()
        assert seat.facts.players == ("Ann", "Player 2")
    finally:
        if seat is not None:
            seat.stop()
        host.close()


def test_before_the_start_only_the_joiners_own_half_starts_the_game():
    host = _host(_new_facts(("Ann", "Player 2")))
    socks = []

    def connect(role: str):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(str(host.path))
        sock.settimeout(10)
        socks.append(sock)
        assert raw_hello(sock, host.code, role, "x")["type"] == "welcome"
        reader = sock.makefile("rb")
        return sock, reader

    try:
        watch, watch_reader = connect("watch")
        watch.sendall(wire.encode("nonce", nonce=fairdice.new_half()))  # not the onlooker's to give
        assert json.loads(watch_reader.readline())["code"] == "not-now"
        player, reader = connect("player")
        for line in (wire.encode("order", text="end-turn side=1"), wire.encode("nonce", nonce="00" * 31),
                     wire.encode("nonce", nonce="AB" * 32)):
            player.sendall(line)
            assert json.loads(reader.readline())["code"] == "not-now"
        assert host.table is None
        half = fairdice.new_half()
        player.sendall(wire.encode("nonce", nonce=half))
        assert json.loads(reader.readline()) == {"v": wire.VERSION, "type": "seed", "status": "agreed"}
        seed = host.table.game.seed
        assert seed == fairdice.seed_from(host.hosting["host"], half)
        assert json.loads(watch_reader.readline())["type"] == "update"  # the onlooker sees the start
        assert json.loads(reader.readline())["type"] == "update"
        player.sendall(wire.encode("nonce", nonce=fairdice.new_half()))  # a second half changes nothing
        assert json.loads(reader.readline())["code"] == "not-now"
        assert host.table.game.seed == seed and host.table.game.players == ("Ann", "x")
    finally:
        for sock in socks:
            sock.close()
        host.close()
