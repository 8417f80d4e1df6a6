"""The real ``skirmish`` command in tmux at 80x24, for every ruleset: a
short game (small limits, played by the core up to its last order and
saved) is continued, finished by keys (hand-over, ``p`` and its question,
Optio's template), shows the result screen, and ``r`` starts the rematch
with the players' sides swapped."""

from __future__ import annotations

import random
import shutil
import time

import attrs
import pytest

from core.game import start, submit
from core.registry import rulesets
from tests.e2e.terminal import ROOT, Tmux, local_command
from tests.tui.test_every_ruleset import battlefield_for

pytestmark = pytest.mark.e2e

# Last orders the keys below can give: p gives the end verbs, a forced
# Fight gives itself, Enter on Optio's template screen places it.
KEYED = {"pass", "end", "end-turn", "commit", "decline", "wait", "fight", "place-template"}
SHORT = {"turn_limit": 3, "round_limit": 1, "minis": 2}


def short_options(rules):
    options = rules.default_options()
    fields = {f.name for f in attrs.fields(type(options))}
    changes = {k: v for k, v in SHORT.items() if k in fields}
    return attrs.evolve(options, **changes)


def one_key_from_the_end(rules):
    """A short game one order from its end, where that order is one the
    keys give (searched over seeds; each game is played by the core)."""
    for seed in range(40):
        try:
            game = start(rules, short_options(rules), battlefield_for(rules), seed=seed, players=("Ann", "Bo"))
        except ValueError:
            game = start(rules, None, battlefield_for(rules), seed=seed, players=("Ann", "Bo"))
        pick = random.Random(seed)
        while True:
            orders = game.legal_orders(min(game.to_act))
            order = pick.choice(orders)
            after = submit(game, order).game
            if after.outcome is None:
                game = after
                continue
            if order.verb in KEYED and (order.verb != "fight" or len(orders) == 1):
                return game
            break
    raise AssertionError(f"no short {rules.name} game ends on a keyed order")


@pytest.fixture
def data(tmp_path, monkeypatch):
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed")
    folder = tmp_path / "data"
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(folder))
    return folder


def finish_by_keys(tmux: Tmux, timeout: float = 40.0) -> str:
    """Press what the screen asks for until the result screen shows."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        shown = tmux.screen()
        if "Rematch: same options" in shown:
            return shown
        if "Hand the keyboard" in shown or "board stays hidden" in shown:
            tmux.keys("Enter", pause=0.6)
        elif "y / Enter: yes" in shown:
            tmux.keys("y", pause=0.6)
        elif "Template" in shown or "template" in shown:
            tmux.keys("Enter", pause=0.6)
        elif "to play" in shown or "Turn" in shown or "Round" in shown:
            tmux.keys("p", pause=0.6)
        else:
            time.sleep(0.3)
    raise AssertionError(f"the result screen never showed:\n{tmux.screen()}")


@pytest.mark.parametrize("rules", rulesets(), ids=lambda r: r.name)
def test_a_short_game_to_its_result_then_rematch(rules, data):
    from saves.store import new_save_path, save_game

    game = one_key_from_the_end(rules)
    save_game(game, new_save_path(game))
    # PYTHONPATH: this checkout's code, even where an installed copy is first.
    env = {"SKIRMISH_DATA_DIR": str(data), "TERM": "xterm-256color", "PYTHONPATH": str(ROOT)}
    tmux = Tmux(local_command(), env=env)
    try:
        tmux.wait_for("New game")
        tmux.keys("c")  # Continue: the unfinished game
        shown = finish_by_keys(tmux)
        lines = shown.splitlines()
        assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
        assert "Game over:" in shown and f"{rules.turn_word}s played:" in shown
        assert "Ann:" in shown and "Bo:" in shown
        # Figures left and lost; an Optio pre-game says where each army ended and its coins.
        assert ("kudo coin" in shown and "luck" not in shown) if rules.name == "optio" else " left, " in shown
        tmux.keys("r")
        shown = tmux.wait_for("Bo", timeout=20)
        deadline = time.monotonic() + 20
        while "Rematch" in shown and time.monotonic() < deadline:
            time.sleep(0.3)
            shown = tmux.screen()
        assert "Rematch" not in shown
        # The rematch: Bo now plays the first side (named first wherever asked).
        assert "Hand the keyboard to Bo" in shown or "Bo to play" in shown or "Bo" in shown.splitlines()[0]
        if "Hand the keyboard" in shown:
            tmux.keys("Enter")
        if "Template" in tmux.screen():  # an Optio pre-game never opens on its template
            tmux.keys("Escape")
        tmux.wait_for("to play")
        tmux.keys("q")
        tmux.wait_for("Leave this game?")
        tmux.keys("y")
        tmux.wait_for("Continue")
    finally:
        tmux.close()
    from saves.store import list_saves

    saves = list_saves(data / "saves")
    assert any(s.over for s in saves) and any(s.players == ("Bo", "Ann") for s in saves)
