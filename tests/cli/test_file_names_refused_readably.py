"""A FILE the command line cannot use is refused in one readable line.

A tester found Python tracebacks for a name longer than the system allows
(``OSError: File name too long``, from the check for a file in the saves
folder), for a saves folder with such a name, and for a deleted current
folder; a link that loops was called "no such file"; a name with bytes
that are not UTF-8 was echoed as ``\\udcff``; ``replay -rf.json`` said only
that FILE was missing; and ``host`` of a damaged save without a terminal
said a terminal was needed, where a finished save was refused for what it
is.
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

import tui.__main__ as cli_main
from core.registry import find_ruleset, rulesets
from saves.store import new_save_path, save_game
from tests.saves.helpers import play

ROOT = Path(__file__).resolve().parents[2]
TOO_LONG = "a" * 300 + ".json"  # one part of a path may be 255 bytes (NAME_MAX)
FILE_COMMANDS = ("replay", "load", "watch", "host")


def skirmish(*args: str | bytes, cwd: Path, data: Path) -> subprocess.CompletedProcess:
    """The real command, without a terminal (as a script or a tester's pipe runs it)."""
    env = {k: v for k, v in os.environ.items() if k != "TEXTUAL_DRIVER"}
    env |= {"PYTHONPATH": str(ROOT), "SKIRMISH_DATA_DIR": str(data), "HOME": str(cwd / "home")}  # outside it: folders shown whole
    return subprocess.run([sys.executable, "-m", "tui", *args], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=120)


def refusal(result: subprocess.CompletedProcess, command: str) -> str:
    """The one line a refused FILE gets (exit 1, as for a missing file)."""
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 1 and len(lines) == 1, result.stderr
    assert lines[0].startswith(f"skirmish: cannot {command} "), lines[0]
    return lines[0]


@pytest.mark.parametrize("command", FILE_COMMANDS)
def test_a_name_too_long_for_the_system_is_refused_in_one_line(tmp_path, command):
    line = refusal(skirmish(command, TOO_LONG, cwd=tmp_path, data=tmp_path / "data"), command)
    assert line.endswith(": the name is too long (this system allows 255 bytes between two /, 4096 in all)")
    shown = line.split(" ", 3)[3].split(":", 1)[0]
    assert shown == "a" * 199 + "…"  # cut, and said to be


def test_a_folder_with_a_name_too_long_is_refused_in_one_line(tmp_path):
    line = refusal(skirmish("watch", f"{tmp_path}/{'b' * 300}/x.json", cwd=tmp_path, data=tmp_path / "data"),
                   "watch")
    assert "the name is too long" in line


@pytest.mark.parametrize("command", ["replay", "load"])
def test_a_saves_folder_with_a_name_too_long_is_named_as_the_trouble(tmp_path, command):
    data = tmp_path / ("d" * 300)
    line = refusal(skirmish(command, "missing.json", cwd=tmp_path, data=data), command)
    assert line.startswith(f"skirmish: cannot {command} missing.json: there is no such file in the current "
                           f"folder ({tmp_path}), and the saves folder ({data}/saves) cannot be looked in: "
                           f"the name is too long"), line


def test_a_link_that_loops_is_not_called_missing(tmp_path):
    (tmp_path / "loop.json").symlink_to("loop.json")
    (tmp_path / "gone.json").symlink_to("nowhere.json")
    looped = refusal(skirmish("replay", "loop.json", cwd=tmp_path, data=tmp_path / "data"), "replay")
    assert looped.endswith("loop.json: it, or a folder on the way to it, is a link that never ends "
                           "(a loop of links)"), looped
    inside = refusal(skirmish("load", "loop.json/x.json", cwd=tmp_path, data=tmp_path / "data"), "load")
    assert "a loop of links" in inside
    dangling = refusal(skirmish("watch", "gone.json", cwd=tmp_path, data=tmp_path / "data"), "watch")
    assert dangling.endswith("gone.json: it is a link to a file that is not there"), dangling


def test_a_deleted_current_folder_is_said_to_be_deleted(tmp_path):
    gone = tmp_path / "gone"
    gone.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "TEXTUAL_DRIVER"}
    env |= {"PYTHONPATH": str(ROOT), "SKIRMISH_DATA_DIR": str(tmp_path / "data"), "HOME": str(tmp_path / "home")}
    result = subprocess.run(["sh", "-c", 'cd "$1" && rmdir "$1" && exec "$2" -m tui replay x.json', "sh",
                             str(gone), sys.executable], env=env, capture_output=True, text=True, timeout=120)
    line = refusal(result, "replay")
    assert line == ("skirmish: cannot replay x.json: there is no such file in the current folder (it has been "
                    f"deleted) nor in the saves folder ({tmp_path / 'data' / 'saves'})"), line


@pytest.mark.parametrize("where", ["here", "saves folder"])
def test_a_folder_this_account_may_not_look_in_is_said_so(tmp_path, monkeypatch, capsys, where):
    """EACCES from a folder on the way (root may look in any, so the
    system's answer is played here)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))
    closed = tmp_path / "closed" if where == "here" else tmp_path / "data"
    real_stat = os.stat

    def stat(path, *args, **kwargs):
        if str(os.path.abspath(path)).startswith(f"{closed}/"):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", stat)
    given = "closed/x.json" if where == "here" else "x.json"
    assert cli_main.main(["replay", given]) == 1
    err = capsys.readouterr().err.strip()
    denied = "permission denied: this account may not look in a folder on the way to it"
    if where == "here":
        assert err == f"skirmish: cannot replay closed/x.json: {denied}", err
    else:
        assert err == (f"skirmish: cannot replay x.json: there is no such file in the current folder ({tmp_path}), "
                       f"and the saves folder ({tmp_path / 'data' / 'saves'}) cannot be looked in: {denied}"), err


def test_bytes_that_are_not_utf8_are_shown_escaped(tmp_path):
    missing = skirmish("replay", b"\xff\xfe.json", cwd=tmp_path, data=tmp_path / "data")
    line = refusal(missing, "replay")
    assert line.startswith("skirmish: cannot replay \\xff\\xfe.json: there is no such file"), line
    (tmp_path / os.fsdecode(b"\xff.json")).write_text("hello")  # there, and no save: the loader's refusal
    broken = refusal(skirmish("replay", b"\xff.json", cwd=tmp_path, data=tmp_path / "data"), "replay")
    assert broken.startswith("skirmish: cannot replay \\xff.json: ") and "not valid JSON" in broken, broken
    assert "\\udc" not in missing.stderr + broken


def test_a_newline_or_an_escape_in_a_name_cannot_break_the_line(tmp_path):
    line = refusal(skirmish("load", "a\x1b[2Jb\nc.json", cwd=tmp_path, data=tmp_path / "data"), "load")
    assert line.startswith("skirmish: cannot load a\\x1b[2Jb\\nc.json: there is no such file"), line


@pytest.mark.parametrize("command", FILE_COMMANDS)
def test_a_name_read_as_an_option_says_how_to_write_it(tmp_path, command):
    result = skirmish(command, "-rf.json", cwd=tmp_path, data=tmp_path / "data")
    assert result.returncode == 2, result.stderr  # a usage error, as argparse's own
    last = result.stderr.strip().splitlines()[-1]
    assert last == (f"skirmish {command}: error: -rf.json is no option of {command}; if it is a file, "
                    "write ./-rf.json or -- -rf.json (a name starting with - is read as an option)"), last


def test_both_ways_of_writing_such_a_name_open_it(tmp_path):
    save_game(play(find_ruleset("spheres_of_war"), seed=5, count=6), tmp_path / "-rf.json")
    for args in (["--", "-rf.json"], ["./-rf.json"], ["--json", "--", "-rf.json"]):
        result = skirmish("replay", *args, cwd=tmp_path, data=tmp_path / "data")
        assert result.returncode == 0 and "spheres_of_war" in result.stdout, (args, result.stderr)


def test_options_and_their_short_forms_are_still_options(tmp_path):
    """Only what the command does not know is said to be a file name."""
    save_game(play(find_ruleset("spheres_of_war"), seed=5, count=6), tmp_path / "game.json")
    result = skirmish("replay", "--js", "--side=1", "game.json", cwd=tmp_path, data=tmp_path / "data")
    assert result.returncode == 0 and result.stdout.lstrip().startswith("{"), result.stderr


@pytest.mark.parametrize("players", [("-rf", "--"), ("-", "Bob"), ("", "-x-")])
def test_names_the_game_writes_never_start_with_a_dash(tmp_path, players):
    """So the game never gives a player a name the command line reads as an option."""
    for ruleset in rulesets():
        game = play(find_ruleset(ruleset.name), seed=1, count=0, players=players)
        name = new_save_path(game, tmp_path).name
        assert not name.startswith("-") and name.endswith(".json"), name


@pytest.mark.parametrize("command", ["host", "load", "watch"])
def test_a_damaged_save_is_refused_for_what_it_is_before_a_terminal_is_asked_for(tmp_path, command):
    (tmp_path / "damaged.json").write_text('{\n "format_version": 1,\n')
    line = refusal(skirmish(command, "damaged.json", cwd=tmp_path, data=tmp_path / "data"), command)
    assert line.startswith(f"skirmish: cannot {command} damaged.json: ") and "truncated" in line, line
