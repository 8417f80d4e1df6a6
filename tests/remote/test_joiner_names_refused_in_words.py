"""A tester's joiner names were changed without a word: ``--name`` with
Esc, BEL and brackets became "Evil)0;pwn(31mRed Tab", 300 W's were cut
to 40, and the join screen's field stopped at 24 with no message, while
the server refuses such names with a sentence at 24.  Now one rule and
one limit (the server's, net/names.py) hold everywhere, and a refused
name is said, never cleaned or cut.  The join screen under Pilot at
80x24 with a real host in this process; the command as a process."""

from __future__ import annotations

import os
import subprocess
import sys

from core.game import start
from core.registry import find_ruleset
from net.rendezvous import new_code
from net.serverwire import NAME_MAX
from saves.library import battlefield_named
from tests.remote.helpers import showing, until
from tests.remote.test_next_game import _facts, _host
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.remote.play import JoinScreen

SIZE = (80, 24)
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CODE = new_code()  # well formed: nobody hosts it, and the name is refused before that matters


def _join(*name: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "TEXTUAL_DRIVER"} | {"PYTHONPATH": ROOT}
    return subprocess.run([sys.executable, "-m", "tui", "join", CODE, "--name", *name], cwd=ROOT, env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)


def test_join_name_with_terminal_codes_or_too_long_is_refused_in_a_sentence():
    evil = _join("Evil\033]0;pwn\007\033[31mRed\tTab")
    assert evil.returncode == 1
    assert evil.stderr.startswith("skirmish: cannot join with that name: That name holds a control character")
    long = _join("W" * 300)
    assert long.returncode == 1
    assert f"Too long: 300 characters, at most {NAME_MAX}." in long.stderr, long.stderr
    brackets = _join("Ann [red]")
    assert brackets.returncode == 1 and "no brackets" in brackets.stderr, brackets.stderr


async def _type(pilot, field, text: str) -> None:
    field.focus()
    field.value = ""
    for ch in text:
        await pilot.press({" ": "space", "-": "minus", "[": "left_square_bracket",
                           "]": "right_square_bracket"}.get(ch, ch))


async def test_the_join_screen_says_why_a_name_is_refused_and_joins_once_it_is_mended(data_dir):
    rules = find_ruleset("waylights")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 7, ("Ann", "Player 2"))
    host = _host(_facts(game), remote_side=1)  # a new game: the joiner's name replaces "Player 2"
    app = SkirmishApp()
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("j")
            assert await until(pilot, lambda: showing(app, JoinScreen))
            screen = app.screen
            await _type(pilot, screen.query_one("#code"), host.code)
            name = screen.query_one("#name")
            await _type(pilot, name, "Bartholomew Longname Smith")  # 26 characters
            assert name.value == "Bartholomew Longname Smith"  # never stopped at the limit
            await pilot.press("enter")
            status = str(screen.query_one("#status").render())
            assert f"Not joined: Too long: 26 characters, at most {NAME_MAX}." in status, status
            assert app.screen is screen and not host.joined
            await _type(pilot, name, "Bob [red]")
            await pilot.press("enter")
            assert "no brackets" in str(screen.query_one("#status").render())
            await _type(pilot, name, "Bob")
            await pilot.press("enter")
            assert await until(pilot, lambda: showing(app, GameScreen))
            assert app.screen.game.players == ("Ann", "Bob")
            app.joining.cancel()
    finally:
        host.close()
