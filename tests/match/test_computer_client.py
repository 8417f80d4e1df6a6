"""The computer as a client of the match (``match/computer.py``): it fills
a seat like a person elsewhere, on its own thread, with no screen."""

from __future__ import annotations

import sys
import time

import pytest

from bench.games import battlefield_for
from core.ai import Level
from core.dice import computer_seed
from core.game import start
from core.registry import find_ruleset, rulesets
from match import Match
from match.computer import ComputerClient

TINY = Level("tiny", 3, 4)


def new(name: str, seed: int = 11):
    rules = find_ruleset(name)
    return start(rules, None, battlefield_for(rules), seed=seed, players=("North", "South"))


class Saver:
    def __init__(self) -> None:
        self.orders: list[int] = []

    def __call__(self, game, pending, kinds) -> None:
        self.orders.append(len(game.orders))


@pytest.mark.parametrize("name", [r.name for r in rulesets()])
def test_two_computers_play_a_match_to_its_end_with_no_screen(name):
    saver, said = Saver(), []
    match = Match(new(name), kinds=(TINY, TINY), saver=saver)
    match.subscribe(lambda n: said.append(n) if n.kind == "computer" else None)
    match.start_computers()
    try:
        assert match.wait(lambda: match.game.outcome is not None, timeout=240), \
            f"{name}: no end after {len(match.game.orders)} orders"
    finally:
        match.close()
    played = len(match.game.orders)
    assert played > 0
    # the saver received every order: a save after each one, in order
    assert sorted(set(saver.orders)) == list(range(1, played + 1))
    # each order came with the computer's reason, told before it was taken
    reasons = [n for n in said if n.reason.startswith("why: ")]
    assert len(reasons) == played and all(n.reason[5:].strip() for n in reasons)
    assert not any(n.reason.startswith(("error", "refused")) for n in said)


def test_it_plays_as_the_computer_with_its_own_seed_never_the_dice_seed(monkeypatch):
    seen = []
    import core.ai.player as player

    real = player.ComputerPlayer.__init__

    def spy(self, seat, level="normal", seed=0):
        seen.append(seed)
        real(self, seat, level, seed)

    monkeypatch.setattr(player.ComputerPlayer, "__init__", spy)
    game = new("plasto_latros", seed=77)
    match = Match(game, kinds=("human", TINY))
    client = ComputerClient(match, 1, TINY).start()
    try:
        while 1 not in match.game.to_act:
            side = min(match.game.to_act)
            match.seat(side).submit(match.seat(side).legal_orders()[0])
        assert match.wait(lambda: client.moves >= 1, timeout=60)
    finally:
        client.stop(wait=5)
    assert seen and set(seen) == {computer_seed(77)} and computer_seed(77) != 77


def _human_turns_until_computer(match):
    while 1 not in match.game.to_act:
        side = min(match.game.to_act)
        match.seat(side).submit(match.seat(side).legal_orders()[0])


def test_paused_it_waits_and_a_step_plays_one_move():
    match = Match(new("optio"), kinds=(TINY, TINY))
    client0, client1 = (ComputerClient(match, s, TINY) for s in (0, 1))
    for c in (client0, client1):
        c.pause()
        c.start()
    try:
        time.sleep(0.5)
        assert match.game.orders == ()
        client = client0 if 0 in match.game.to_act else client1
        client.step()
        assert match.wait(lambda: len(match.game.orders) >= 1, timeout=60)
        time.sleep(0.5)
        assert len(match.game.orders) == 1  # one move only: still paused
        for c in (client0, client1):
            c.resume()
        assert match.wait(lambda: len(match.game.orders) >= 3, timeout=60)
    finally:
        for c in (client0, client1):
            c.stop(wait=5)


def test_held_it_waits_until_released():
    match = Match(new("plasto_latros"), kinds=("human", TINY))
    client = ComputerClient(match, 1, TINY)
    client.hold()
    client.start()
    try:
        _human_turns_until_computer(match)
        count = len(match.game.orders)
        time.sleep(0.5)
        assert len(match.game.orders) == count  # held: what it did last is still being shown
        client.release()
        assert match.wait(lambda: len(match.game.orders) > count, timeout=60)
    finally:
        client.stop(wait=5)


def test_a_stale_thought_is_never_submitted_and_stop_ends_the_thread():
    match = Match(new("plasto_latros"), kinds=("human", TINY))
    client = ComputerClient(match, 1, TINY).start()
    client.stop(wait=5)
    assert not client._thread.is_alive()
    _human_turns_until_computer(match)
    count = len(match.game.orders)
    time.sleep(0.3)
    assert len(match.game.orders) == count  # stopped: it plays no more


def test_a_headless_match_imports_no_textual():
    """Played in a fresh interpreter: two computers to the end, and not a
    module of Textual or of the screens loaded."""
    import subprocess

    code = (
        "import sys\n"
        "from tests.match.test_computer_client import new, TINY\n"
        "from match import Match\n"
        "m = Match(new('waylights'), kinds=(TINY, TINY)); m.start_computers()\n"
        "assert m.wait(lambda: m.game.outcome is not None, timeout=120)\n"
        "m.close()\n"
        "print(','.join(x for x in sys.modules if x.split('.')[0] in ('textual', 'tui')) or 'clean')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=200)
    assert out.stdout.strip() == "clean"
