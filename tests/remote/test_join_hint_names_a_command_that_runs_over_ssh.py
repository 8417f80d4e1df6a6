"""A tester hosting over ``ssh -t`` read "skirmish join CODE" in the wait
box and in the "not connected" line; over ssh ``skirmish`` (install.sh
puts it in ~/.local/bin) is not on sshd's default PATH, so the command
did not run as written (README says so).  Now the hint names the
executable that runs: "~/.local/bin/skirmish join CODE" when the running
one is there.  Pilot at 80x24, hosting from the menu (a real host in
this process)."""

from __future__ import annotations

import sys

from tests.remote.helpers import until
from tui.app import SkirmishApp
from tui.command_word import command_word
from tui.remote.hosting import absent_words
from tui.remote.play import HostWaitScreen

SIZE = (80, 24)


def _installed(tmp_path, monkeypatch):
    """This process as install.sh's ~/.local/bin/skirmish of an account whose home is ``tmp_path``."""
    script = tmp_path / ".local" / "bin" / "skirmish"
    script.parent.mkdir(parents=True)
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr(sys, "argv", [str(script)])


async def test_the_wait_box_names_the_installed_path(data_dir, tmp_path, monkeypatch):
    _installed(tmp_path, monkeypatch)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h", "ctrl+g")  # Host, the first ruleset
        assert await until(pilot, lambda: isinstance(app.screen, HostWaitScreen))
        code = app.screen.code
        shown = " ".join(str(app.screen.query_one("#code").render()).split())
        assert f"~/.local/bin/skirmish join {code}" in shown, shown
    assert absent_words("Bob", code).endswith(f"over ssh -t to it: ~/.local/bin/skirmish join {code}).")


def test_a_skirmish_outside_the_home_is_named_by_its_path(tmp_path, monkeypatch):
    script = tmp_path / "opt" / "skirmish"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\n")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setattr(sys, "argv", [str(script)])
    assert command_word() == str(script)


async def test_a_long_path_is_not_wrapped_between_join_and_the_code(data_dir, tmp_path, monkeypatch):
    """A clean clone at a long path ran the CI's tests from ".../.venv/bin/skirmish":
    the box wrapped its command after "join", so a copied command lost its code.
    The command now breaks with a shell continuation before "join"."""
    script = tmp_path / ("a-folder-with-a-long-name-" * 2) / "bin" / "skirmish"
    script.parent.mkdir(parents=True)
    script.write_text("#!/bin/sh\n")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setattr(sys, "argv", [str(script)])
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h", "ctrl+g")
        assert await until(pilot, lambda: isinstance(app.screen, HostWaitScreen))
        code = app.screen.code
        lines = str(app.screen.query_one("#code").render()).splitlines()
    assert lines[-2:] == [f"  {script} \\", f"    join {code}"], lines
