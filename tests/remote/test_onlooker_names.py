"""An onlooker that arrives before the joiner learns the joiner's own name
(the host takes it when it left that side's name at "Player 2")."""

from __future__ import annotations

from core.game import start
from core.registry import find_ruleset
from core.seats import Facts
from saves.library import battlefield_named
from tests.remote.helpers import RecordingSeat, wait_until
from tui.remote import fairdice
from tui.remote.host import Host
from tui.remote.rendezvous import new_code


def _host_with_a_default_name() -> Host:
    rules = find_ruleset("optio")
    field = battlefield_named(rules.default_battlefield)
    players = ("Ann", "Player 2")
    half = fairdice.new_half()
    host = Host(Facts(rules.name, rules.default_options(), field, players), 1, new_code(),
                {"host": half, "commit": fairdice.commitment(half)},
                make_game=lambda seed: start(rules, None, field, seed, players))
    host.open()
    return host


def test_an_early_onlooker_gets_the_name_the_joiner_chose():
    host = _host_with_a_default_name()
    seats = []
    try:
        onlooker = RecordingSeat(host.code, role="watch")
        onlooker.follow()  # connects, then waits for the start
        seats.append(onlooker)
        assert wait_until(lambda: onlooker.status == "seed")
        assert onlooker.facts.players == ("Ann", "Player 2")  # all it can know yet
        joiner = RecordingSeat(host.code, name="Zed")
        joiner.start()
        seats.append(joiner)
        assert host.table.game.players == ("Ann", "Zed")
        assert joiner.facts.players == ("Ann", "Zed")
        assert wait_until(lambda: onlooker.facts.players == ("Ann", "Zed"))
    finally:
        for seat in seats:
            seat.stop()
        host.close()
