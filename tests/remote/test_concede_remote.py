"""Conceding over the wire: a joiner concedes for its own side only, while
the host's side is to act; the host's game ends with the host's side the
winner and the joiner is told.  Conceding for the other side, or as an
onlooker, is refused and changes nothing.  A real host on a private
meeting place and real joiners (``tests/remote/helpers.py``)."""

from __future__ import annotations

import json

from core.game import start
from core.orders import Concede
from core.registry import find_ruleset
from net import wire
from saves.library import battlefield_named
from tests.remote.helpers import PLAYERS, RecordingSeat, new_host, raw_joiner, wait_until


def _started(ruleset: str):
    rules = find_ruleset(ruleset)
    return start(rules, None, battlefield_named(rules.default_battlefield), 7, PLAYERS)


def test_a_joiner_concedes_for_itself_only_and_the_host_wins():
    game = _started("spheres_of_war")
    assert 1 not in game.to_act  # the joiner (side 1) waits for the host's side
    host = new_host("spheres_of_war", remote_side=1, game=game)
    try:
        onlooker = RecordingSeat(host.code, role="watch")
        onlooker.start()
        assert onlooker.submit(Concede(1)).code == "onlooker"
        # A hostile joiner's raw line conceding for the host's side.
        sock, reader = raw_joiner(host)
        sock.sendall(wire.encode("order", text="concede side=0"))
        answer = json.loads(reader.readline())
        assert answer["type"] == "result" and answer["ok"] is False and answer["code"] == "not-your-side"
        assert host.table.game.outcome is None and host.table.game.orders == game.orders
        sock.sendall(wire.encode("order", text="concede side=1"))  # its own side, out of turn: taken
        told = [json.loads(reader.readline())]  # the news first (the update, the dice revealed), then the answer
        while told[-1]["type"] != "result":
            told.append(json.loads(reader.readline()))
        assert told[-1]["ok"] is True, told[-1]
        assert told[0]["type"] == "update" and told[0]["outcome"] == {"winner": 0, "reason": "Bob conceded"}
        over = host.table.game
        assert over.orders[-1] == Concede(1)
        assert over.outcome.winner == 0 and over.outcome.reason == f"{PLAYERS[1]} conceded"
        # The onlooker is told: the game is over, the host's side won.
        assert wait_until(lambda: onlooker.outcome() is not None)
        assert onlooker.outcome().winner == 0
        assert any(e.sentence == f"{PLAYERS[1]} concedes the game" for e in onlooker.events())
        sock.close()
        onlooker.stop()
    finally:
        host.close()


async def test_a_joined_terminal_concedes_from_its_screen_while_the_host_is_to_act(data_dir):
    from tests.remote.helpers import join_from_the_menu, showing, until
    from tui.app import SkirmishApp
    from tui.modals import LeaveOrConcede
    from tui.result import ResultScreen

    game = _started("spheres_of_war")
    host = new_host("spheres_of_war", remote_side=1, game=game)
    try:
        app = SkirmishApp()
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await join_from_the_menu(pilot, host.code)
            assert screen.fixed == 1 and screen.conceding_side() == 1 and 1 not in screen.game.to_act
            await pilot.press("q")
            assert isinstance(app.screen, LeaveOrConcede)
            await pilot.press("c", "y")
            assert await until(pilot, lambda: showing(app, ResultScreen))
            over = host.table.game
            assert over.orders[-1] == Concede(1) and over.outcome.winner == 0
    finally:
        host.close()
