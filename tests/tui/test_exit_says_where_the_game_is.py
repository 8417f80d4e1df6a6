"""When Skirmish ends after a game (q then y, a signal), it prints one line
in the terminal: where the game was saved and how to go on with it
(``skirmish continue``).  Nothing was printed, and a player who quit did
not know where the game went.  Nothing is printed when no game was open."""

from __future__ import annotations

import signal

from tests.robustness.hostile import settled
from tui import app as app_module
from tui.app import SkirmishApp
from tui.game_screen import GameScreen

SIZE = (80, 24)


async def test_q_then_yes_leaves_a_line_naming_the_save_and_continue(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "ctrl+g")  # a new game with the form's choices
        await settled(pilot)
        assert any(isinstance(s, GameScreen) for s in app.screen_stack)
        path = app.session.path
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    words = app.saves.exit_words()
    assert words.count("\n") == 0 and path.name in words and "skirmish continue" in words, words
    assert f"skirmish load {path.stem}" in words, words  # a name the saves folder holds


async def test_a_signal_leaves_the_line_too(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "ctrl+g")
        await settled(pilot)
        path = app.session.path
        app.signals.on_signal(signal.SIGTERM)
        await pilot.pause()
    assert path.name in app.saves.exit_words() and "skirmish continue" in app.saves.exit_words()


async def test_no_game_no_line(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.saves.exit_words() == ""


def test_run_app_prints_the_line(monkeypatch, capsys, tmp_path):
    save = tmp_path / "g.json"
    save.write_text("{}")

    def run(self) -> None:  # the app as it ends after a game left in ``save``
        self.saves.left_in = (save, False)

    monkeypatch.setattr(app_module.SkirmishApp, "run", run)
    assert app_module.run_app() == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "g.json" in out and "skirmish continue" in out, out
