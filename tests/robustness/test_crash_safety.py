"""A process killed (SIGKILL, no clean-up) at a random moment while it
saves leaves the game loadable: the old game or the new one, never a
broken file.  100 kills, seeded, each at a different point of a save."""

from __future__ import annotations

import os
import random
import signal
import time

from core.registry import find_ruleset
from saves.store import GameSession, load_game, save_game
from tests.saves.helpers import play

KILLS = 100


def test_a_hundred_kills_during_saves_always_leave_a_loadable_game(tmp_path):
    rules = find_ruleset("spheres_of_war")
    old = play(rules, seed=4, count=6)
    new = play(rules, seed=4, count=9)
    assert old.orders != new.orders
    path = tmp_path / "saves" / "game.json"
    save_game(old, path)
    # How long one save takes here, to spread the kills over a few saves.
    began = time.perf_counter()
    for game in (new, old, new, old):
        save_game(game, path)
    one_save = (time.perf_counter() - began) / 4
    pick = random.Random(20240607)
    outcomes = {"old": 0, "new": 0}
    for kill in range(KILLS):
        ready_r, ready_w = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: save, save, save... until killed
            try:
                os.close(ready_r)
                with GameSession.open(path) as session:
                    flip = kill % 2
                    os.write(ready_w, b"!")  # saving starts now
                    while True:
                        session.save(new if flip else old)
                        flip = 1 - flip
            finally:
                os._exit(0)
        # Count the delay from the first save, not from the fork: on a busy
        # machine a child can take longer to start than a few saves last.
        os.close(ready_w)
        os.read(ready_r, 1)
        os.close(ready_r)
        time.sleep(pick.uniform(0, 3 * one_save))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status), f"kill {kill}: the saver ended by itself"
        loaded = load_game(path)  # raises if the file is broken
        assert loaded.orders in (old.orders, new.orders), f"kill {kill}: neither game"
        outcomes["old" if loaded.orders == old.orders else "new"] += 1
        # The lock died with the process.
        with GameSession.open(path):
            pass
    # Only the save and its companions are in the folder (temp files may be left).
    names = {p.name for p in path.parent.iterdir()}
    assert names <= {"game.json", "game.json.bak", "game.json.lock", "game.json.owner"} | {
        n for n in names if n.startswith(".game.json.") and n.endswith(".tmp")}
    assert outcomes["old"] > 0 and outcomes["new"] > 0, outcomes
