"""An onlooker that arrives before the joiner learns the joiner's own name
(the host takes it when it left that side's name at "Player 2")."""

from __future__ import annotations

from tests.remote.helpers import RecordingSeat, new_host, wait_until


def test_an_early_onlooker_gets_the_name_the_joiner_chose():
    host = new_host("optio", players=("Ann", "Player 2"))  # the joiner's own name may stand
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
