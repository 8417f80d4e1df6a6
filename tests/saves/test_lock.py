"""One process per game: a second process is refused, naming the holder,
and gets in once the holder has died (the OS drops the lock)."""

import os
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from saves.store import GameLocked, GameSession, SaveError

ROOT = Path(__file__).resolve().parents[2]

HOLD = textwrap.dedent("""
    import sys, time
    from saves.store import GameSession
    session = GameSession.open(sys.argv[1])
    print("holding", flush=True)
    time.sleep(120)
""")

TRY = textwrap.dedent("""
    import sys
    from saves.store import GameLocked, GameSession
    try:
        with GameSession.open(sys.argv[1]):
            print("got it")
    except GameLocked as exc:
        print(exc)
        sys.exit(3)
""")


def _python(code, path, **kw):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-c", code, str(path)], env=env, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def test_a_second_process_is_refused_then_gets_in_after_the_holder_dies(tmp_path):
    path = tmp_path / "game.json"
    holder = _python(HOLD, path)
    try:
        assert holder.stdout.readline().strip() == "holding"
        second = _python(TRY, path)
        out, err = second.communicate(timeout=60)
        assert second.returncode == 3, err
        assert str(path) in out
        assert "already open in another Skirmish" in out
        assert f"process {holder.pid} on {socket.gethostname()}" in out
        # and this process is refused too
        with pytest.raises(GameLocked) as caught:
            GameSession.open(path)
        assert caught.value.holder.startswith(f"process {holder.pid}")
        assert isinstance(caught.value, SaveError)
    finally:
        holder.kill()  # dies without cleaning up, as a crash would
        holder.wait(timeout=60)
    third = _python(TRY, path)
    out, err = third.communicate(timeout=60)
    assert third.returncode == 0, out + err
    assert out.strip() == "got it"


def test_a_session_saves_releases_and_can_be_reopened(tiny, tmp_path):
    from saves.store import load_game
    from tests.saves.helpers import play
    from tests.saves.tiny_rules import TINY

    path = tmp_path / "game.json"
    game = play(TINY, count=3)
    with GameSession.open(path) as session:
        session.save(game, pending={"x": 1})
        assert session.load() == game
        assert session.load_with_pending() == (game, {"x": 1})
    assert not session.is_open
    with pytest.raises(SaveError, match="closed"):
        session.save(game)
    with GameSession.open(path) as again:
        assert again.is_open
    assert load_game(path) == game
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")) == ["game.json"]


def _saved(path: Path) -> Path:
    from core.game import start
    from core.registry import find_ruleset
    from saves.library import battlefield_named
    from saves.store import save_game

    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 3)
    save_game(game, path)
    save_game(game, path)  # the second save keeps the first as the backup
    return path


def test_deleting_a_save_removes_it_and_its_backup_but_never_a_game_open_elsewhere(tmp_path):
    from saves.session import delete_save

    path = _saved(tmp_path / "game.json")
    backup = tmp_path / "game.json.bak"
    assert backup.is_file()
    holder = _python(HOLD, path)
    try:
        assert holder.stdout.readline().strip() == "holding"
        before = path.read_bytes()
        with pytest.raises(GameLocked) as caught:
            delete_save(path)
        assert caught.value.holder.startswith(f"process {holder.pid}")
        assert path.read_bytes() == before and backup.is_file()
    finally:
        holder.kill()
        holder.wait(timeout=30)
    delete_save(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # the save, its backup, the lock and owner files


def test_deleting_a_planted_link_removes_the_link_only(tmp_path):
    from saves.session import delete_save

    kept = _saved(tmp_path / "elsewhere.json")
    before = kept.read_bytes()
    (tmp_path / "saves").mkdir()
    link = tmp_path / "saves" / "game.json"
    link.symlink_to(kept)
    delete_save(link)
    assert not link.is_symlink() and kept.read_bytes() == before
