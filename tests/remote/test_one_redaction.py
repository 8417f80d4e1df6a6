"""One redaction (issue 27): what a side may see is decided once, by
``core.game.redact`` (the ruleset's ``view``, then the dice seed removed),
and every consumer shows exactly that: a local seat and its snapshot, the
``update`` a peer is sent on the wire, the computer's input (seated, and
``decide``), and the replay's printout.  Over random games of every
ruleset, at every position, for every side and the onlooker."""

from __future__ import annotations

import random

import pytest

import core.ai
import core.ai.player
from bench.games import battlefield_for
from core.ai.player import ComputerPlayer
from core.game import redact, start
from core.registry import find_ruleset, rulesets
from core.ruleset import Rejection
from core.seats import Table
from net import wire
from net.authority import Authority
from tui.cli import final_position

NAMES = [r.name for r in rulesets()]
SIDES = (0, 1, None)


class Peer:
    """A peer as the authority sees one, keeping what it is sent."""

    def __init__(self) -> None:
        self.side: int | None = None
        self.role = ""
        self.sent_events = 0
        self.alive = True
        self.updates: list[dict] = []

    def send_message(self, kind: str, **fields) -> None:
        if kind == "update":
            self.updates.append(fields)

    def refuse(self, code: str, message: str) -> None:
        raise AssertionError(f"refused: {code} {message}")

    def finish(self) -> None:
        self.alive = False


def blank(view) -> bool:
    dice = getattr(view, "dice", None)
    return dice is None or (dice.seed == 0 and not dice.script)


@pytest.mark.parametrize("name", NAMES)
def test_every_consumer_shows_the_one_redaction(name, monkeypatch):
    rules = find_ruleset(name)
    seen_by_computer: list = []

    def spy(_rules, view, side, *_args, **_kwargs):
        seen_by_computer.append((side, view))

    monkeypatch.setattr(core.ai.player, "choose", spy)
    monkeypatch.setattr(core.ai, "choose", spy)
    for seed in (3, 8):
        game = start(rules, None, battlefield_for(rules), seed, ("North", "South"))
        authority = Authority(Table(game).facts, 1, "code", {}, game=game)
        player, watcher = Peer(), Peer()
        assert authority.sit(player, "player", "") and authority.sit(watcher, "watch", "")
        pick = random.Random(seed)
        for _ in range(40):
            game = authority.table.game
            for side in SIDES:
                expected = redact(rules, game.state, side)
                assert blank(expected), (name, side)
                seat = authority.seat(side)
                assert seat.view() == expected
                moment = seat.snapshot()
                assert moment.state == expected and moment.view(side) == expected
                assert game.view(side) == expected
                if game.outcome is None:
                    assert final_position(game, side)["units"] == final_position_of(rules, expected)
                if side is not None and side in game.to_act:
                    seen_by_computer.clear()
                    ComputerPlayer(seat, "easy").think(moment)
                    core.ai.decide(game, side, "easy")
                    assert [s for s, _ in seen_by_computer] == [side, side]
                    assert all(v == expected for _, v in seen_by_computer)
            for peer in (player, watcher):
                sent = peer.updates[-1]["view"]
                expected = redact(rules, game.state, peer.side)
                assert sent == wire.view_out(rules, expected)
                assert blank(wire.view_in(rules, sent))
            if not game.to_act:
                break
            side = min(game.to_act)
            order = game.random_order(side, pick)
            assert not isinstance(authority.seat(side).submit(order), Rejection)


def final_position_of(rules, view) -> list:
    return [{"id": u.id, "side": u.side, "pos": list(u.pos) if u.pos is not None else None,
             "facing": u.facing.value if u.facing is not None else None, "status": u.status}
            for u in rules.units(view)]


def test_a_seat_moment_refuses_another_sides_view():
    """``SeatGame.view(side)`` answers for its own side only."""
    rules = find_ruleset("waylights")
    game = start(rules, None, battlefield_for(rules), 5, ("North", "South"))
    moment = Table(game).seat(0).snapshot()
    assert moment.view(0) == redact(rules, game.state, 0)
    with pytest.raises(ValueError):
        moment.view(1)
