"""The real command, run as a separate process."""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import core
from core.registry import rulesets

ROOT = Path(__file__).resolve().parents[2]


def skirmish(*args, data_dir=None):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    if data_dir is not None:
        env["SKIRMISH_DATA_DIR"] = str(data_dir)
    return subprocess.run([sys.executable, "-m", "tui", *map(str, args)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_help_names_every_command():
    result = skirmish("--help")
    assert result.returncode == 0
    for word in ("usage: skirmish", "rules", "replay", "continue", "load", "--version"):
        assert word in result.stdout


def test_version():
    result = skirmish("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"skirmish {core.__version__}"


def test_rules_lists_each_ruleset_with_its_summary():
    result = skirmish("rules")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert len(lines) == max(1, len(rulesets()))
    for ruleset in rulesets():
        assert any(line.startswith(ruleset.name) and ruleset.summary in line for line in lines)


def test_help_rules_and_replay_do_not_import_textual(tmp_path):
    code = ("import sys; from tui.__main__ import main; main(['rules']); "
            "print('TEXTUAL' if 'textual' in sys.modules else 'CLEAN')")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=120)
    assert result.stdout.strip().endswith("CLEAN"), result.stdout + result.stderr


def test_an_unknown_command_is_a_usage_error():
    result = skirmish("fly")
    assert result.returncode == 2
    assert "invalid choice" in result.stderr


@pytest.fixture(params=[r.name for r in rulesets()] or [pytest.param("none", marks=pytest.mark.skip)])
def saved_game(request, tmp_path):
    """A save of a few random legal orders, written by the real saves code."""
    from core.registry import find_ruleset
    from saves.store import save_game
    from tests.saves.helpers import play

    game = play(find_ruleset(request.param), seed=5, count=20)
    path = tmp_path / "game.json"
    save_game(game, path)
    return path, game


def test_replay_prints_the_final_position(saved_game):
    path, game = saved_game
    result = skirmish("replay", path)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    rules = game.ruleset
    assert out.startswith(f"ruleset: {rules.name} ({rules.title})\n")
    assert f"turn: {rules.situation(game.state).turn}\n" in out
    if game.to_act:
        side = min(game.to_act)
        assert f"to act: {game.players[side]} (side {side})" in out
    for unit in rules.units(rules.view(game.state, None)):
        where = "off the board" if unit.pos is None else f"at {unit.pos[0]},{unit.pos[1]}"
        assert f"  {unit.id}  side {unit.side}  {where}" in out
        assert unit.status in out


def test_replay_json_has_exactly_the_promised_keys(saved_game):
    path, game = saved_game
    result = skirmish("replay", path, "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"ruleset", "turn", "to_act", "units", "outcome"}
    rules = game.ruleset
    assert data["ruleset"] == rules.name
    assert data["turn"] == rules.situation(game.state).turn
    assert data["to_act"] == sorted(game.to_act)
    views = rules.units(rules.view(game.state, None))
    assert [u["id"] for u in data["units"]] == [u.id for u in views]
    for unit, view in zip(data["units"], views):
        assert set(unit) == {"id", "side", "pos", "facing", "status"}
        assert unit["side"] == view.side
        assert unit["pos"] == (list(view.pos) if view.pos is not None else None)
        assert unit["facing"] == (view.facing.value if view.facing is not None else None)
        assert unit["status"] == view.status
    assert data["outcome"] is None if game.outcome is None else data["outcome"]["reason"] == game.outcome.reason


def test_replay_of_a_finished_game_names_the_winner(tmp_path):
    from core.registry import find_ruleset
    from saves.store import save_game
    from tests.saves.helpers import play

    if not rulesets():
        pytest.skip("no rulesets registered")
    for ruleset in rulesets():
        game = play(find_ruleset(ruleset.name), seed=1, count=3000)
        assert game.outcome is not None, f"{ruleset.name} did not finish in 3000 random orders"
        path = tmp_path / f"{ruleset.name}.json"
        save_game(game, path)
        result = skirmish("replay", path)
        assert result.returncode == 0, result.stderr
        assert game.outcome.reason in result.stdout
        assert "outcome: " in result.stdout
        assert "to act: nobody" in result.stdout
        data = json.loads(skirmish("replay", path, "--json").stdout)
        assert data["outcome"] == {"winner": game.outcome.winner, "reason": game.outcome.reason}


@pytest.mark.parametrize("content, words", [
    (None, "there is no such file"),
    ("{\n \"format_version\": 1,\n", "truncated"),
    ("hello", "not valid JSON"),
    ('{"format_version": 7000}', "made by a newer Skirmish"),
])
def test_replay_of_a_bad_file_fails_with_one_clear_line(tmp_path, content, words):
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    result = skirmish("replay", path)
    assert result.returncode == 1
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"skirmish: cannot replay {path}: ")
    assert words in lines[0]


@pytest.mark.parametrize("args, words", [
    (("replay", ""), "a file name is needed"),  # not "cannot replay .: this is a folder"
    (("load", " "), "a file name is needed"),
    (("serve", "--claim-after", "-5"), "give more than 0 minutes"),  # a game claimed at once
    (("serve", "--idle-after", "0"), "give more than 0 minutes"),
    (("serve", "--claim-after", "nan"), "give more than 0 minutes"),
    (("serve", "--idle-after", "soon"), "not a number of minutes"),
])
def test_garbage_values_are_usage_errors_that_say_what_is_wrong(args, words):
    result = skirmish(*args)
    assert result.returncode == 2 and words in result.stderr, result.stderr


def test_the_app_without_a_terminal_says_so_and_stops(tmp_path):
    """``skirmish load F </dev/null`` ran the full-screen app with no terminal until killed."""
    from core.registry import find_ruleset
    from saves.store import save_game
    from tests.saves.helpers import play

    path = tmp_path / "game.json"
    save_game(play(find_ruleset("spheres_of_war"), seed=5, count=4), path)
    env = {k: v for k, v in os.environ.items() if k != "TEXTUAL_DRIVER"} | {"PYTHONPATH": str(ROOT)}
    for args in (["load", str(path)], []):
        result = subprocess.run([sys.executable, "-m", "tui", *args], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 2 and "needs a terminal" in result.stderr and "ssh -t" in result.stderr


def test_web_names_the_option_that_is_wrong():
    from tui.web import web_command

    for args, said, unsaid in (((99999, 20), "--port", "--max-sessions"), ((8000, 0), "--max-sessions", "--port")):
        err = io.StringIO()
        assert web_command("127.0.0.1", args[0], None, args[1], None, err=err) == 2
        assert said in err.getvalue() and unsaid not in err.getvalue()


def test_load_of_a_missing_file_fails_before_starting_the_app(tmp_path):
    result = skirmish("load", tmp_path / "nope.json")
    assert result.returncode == 1
    assert "there is no such file" in result.stderr


def test_replay_shows_a_game_in_progress_only_as_an_onlooker_sees_it(tmp_path):
    """Issue 11: an unseen skulker's moves and Stealth roll are not printed
    until the game is over; a side's view is refused meanwhile (a save cannot
    tell who reads it), as ``watch`` refuses it."""
    from saves.store import save_game
    from tests.tui.test_platemail import skulked_game

    game, _hedge = skulked_game()
    path = tmp_path / "skulk.json"
    save_game(game, path)
    for side in (1, 0):
        refused = skirmish("replay", path, "--side", side, "--log")
        assert refused.returncode == 1 and refused.stdout == ""
        assert "skulks" not in refused.stderr and "Stealth" not in refused.stderr
    onlooker = json.loads(skirmish("replay", path, "--log", "--json").stdout)
    told = "\n".join(onlooker["log"])
    assert "skulks" not in told and "Stealth" not in told
    assert "b1 deploys at 3,10" in told  # what both sides saw is still shown
    assert skirmish("replay", path, "--side", 5).returncode == 2
