"""Nothing a player writes is readable by other accounts (issue 30, point 6).

A hosted game's save holds the join code, the host's half of the seed and
the seed: read by another account it gives a free seat, a way to watch,
and every roll to come.  So the data folder and every folder Skirmish makes
are 0700 and every file 0600 whatever the umask and the home's mode, and
what an older Skirmish left (0755 folders, 0644 files) is tightened when
Skirmish starts.  The last test reads a hosted game's save as a second Unix
account made for the test."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import tempfile
from pathlib import Path

import pytest

from saves import store
from saves.session import GameSession
from tests.saves.helpers import play


@pytest.fixture
def umask_022():
    old = os.umask(0o022)
    yield
    os.umask(old)


@pytest.fixture
def open_home(monkeypatch, umask_022):
    """A home folder any account may enter (0755, as many homes are), with
    Skirmish's data in the platform's default place under it."""
    home = Path(tempfile.mkdtemp(prefix="skirmish-home-", dir="/tmp"))
    os.chmod(home, 0o755)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.delenv("SKIRMISH_DATA_DIR", raising=False)
    yield home
    shutil.rmtree(home, ignore_errors=True)


def modes_under(root: Path) -> dict[str, int]:
    out = {str(root): stat.S_IMODE(os.lstat(root).st_mode)}
    for folder, subfolders, files in os.walk(root):
        for name in subfolders + files:
            path = os.path.join(folder, name)
            out[path] = stat.S_IMODE(os.lstat(path).st_mode)
    return out


def assert_private(root: Path) -> None:
    wrong = {path: oct(mode) for path, mode in modes_under(root).items()
             if mode != (0o700 if os.path.isdir(path) else 0o600)}
    assert not wrong, f"readable by others or not exactly private: {wrong}"


def hosted_save(ruleset_name: str = "spheres_of_war") -> tuple[Path, GameSession]:
    from core.registry import find_ruleset

    game = play(find_ruleset(ruleset_name))
    path = store.new_save_path(game)
    session = GameSession.open(path)
    hosting = {"code": "abcde-fghjk-mnpqr-stuvw", "host": "9" * 64, "commit": "0" * 64, "side": 0}
    session.save(game, {"hosting": hosting})
    session.save(game, {"hosting": hosting})  # a second save: the .bak as well
    return path, session


def test_everything_skirmish_writes_is_private_under_umask_022(open_home):
    path, session = hosted_save()
    try:
        data = store.data_dir()
        assert data.is_relative_to(open_home)
        names = {p.name for p in path.parent.iterdir()}
        assert {path.name, path.name + ".bak", path.name + ".lock", path.name + ".owner"} <= names
        # Every folder Skirmish made on the way (.local, .local/share, skirmish, saves).
        assert_private(open_home / ".local")
    finally:
        session.close()
    assert stat.S_IMODE(os.stat(open_home).st_mode) == 0o755, "the home folder itself is the player's"


def test_a_temporary_file_is_private_even_under_umask_000(tmp_path):
    old = os.umask(0)
    try:
        store.write_new_file(tmp_path / ".x.tmp", b"{}")
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / ".x.tmp").st_mode) == 0o600


def test_an_export_makes_only_its_missing_folders_private(tmp_path, umask_022):
    from core.registry import find_ruleset

    os.chmod(tmp_path, 0o755)
    target = tmp_path / "new" / "deeper" / "game.json"
    store.save_game(play(find_ruleset("spheres_of_war")), target)
    assert stat.S_IMODE(os.stat(tmp_path).st_mode) == 0o755  # was there: left alone
    assert_private(tmp_path / "new")


async def test_what_an_older_skirmish_left_is_tightened_on_start(open_home):
    from tui.app import SkirmishApp

    _path, session = hosted_save()
    session.close()
    data = store.data_dir()
    for folder, _subfolders, files in os.walk(open_home / ".local"):
        os.chmod(folder, 0o755)
        for name in files:
            os.chmod(os.path.join(folder, name), 0o644)
    (data / "saves" / "stray-link").symlink_to("/etc/hostname")  # never followed, never changed
    before = stat.S_IMODE(os.stat("/etc/hostname").st_mode)
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    (data / "saves" / "stray-link").unlink()
    assert_private(data)
    assert stat.S_IMODE(os.stat("/etc/hostname").st_mode) == before


async def test_tightening_keeps_the_owners_programs_runnable(open_home):
    """install.sh puts its virtual environment in the data folder: the
    app's start once took every file to 0600 there, and the next
    ``skirmish`` was refused ("Permission denied").  Other accounts lose
    their rights; the owner keeps its own, execute included."""
    from tui.app import SkirmishApp

    data = store.data_dir()
    program = data / "venv" / "bin" / "tool"
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\necho ran\n", encoding="utf-8")
    os.chmod(program, 0o755)
    app = SkirmishApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    assert stat.S_IMODE(os.stat(program).st_mode) == 0o700
    assert subprocess.run([str(program)], capture_output=True, text=True, check=True).stdout == "ran\n"


# -- as another account ----------------------------------------------------------------

@pytest.fixture
def other_account():
    """A throwaway account of its own name (another test run, or another
    xdist worker, may be making one at the same time)."""
    if os.geteuid() != 0 or shutil.which("useradd") is None:
        pytest.skip("needs root and useradd to make a second account")
    import pwd
    import uuid

    name = f"skp{uuid.uuid4().hex[:8]}"
    subprocess.run(["useradd", "--no-create-home", "--shell", "/usr/sbin/nologin", name],
                   check=True, capture_output=True)
    entry = pwd.getpwnam(name)
    yield entry.pw_uid, entry.pw_gid
    subprocess.run(["userdel", name], check=False, capture_output=True)


def read_as(uid: int, gid: int, path: Path) -> str:
    """What the other account gets trying to read ``path``: "read" or the
    error's name (a forked child that drops to that account)."""
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: stdlib only, then out without running pytest's exit code
        os.close(reader)
        try:
            os.setgroups([])
            os.setgid(gid)
            os.setuid(uid)
            try:
                with open(path, "rb") as handle:
                    handle.read(1)
                answer = "read"
            except OSError as exc:
                answer = type(exc).__name__
            os.write(writer, answer.encode())
        finally:
            os._exit(0)
    os.close(writer)
    answer = os.read(reader, 100).decode()
    os.close(reader)
    os.waitpid(pid, 0)
    return answer


def test_another_account_cannot_read_a_hosted_games_save(open_home, other_account):
    path, session = hosted_save()
    try:
        assert "abcde-fghjk-mnpqr-stuvw" in path.read_text()  # the secret is there to be read
        uid, gid = other_account
        assert read_as(uid, gid, open_home / "probe-ok") in ("FileNotFoundError",)  # the home is open
        for each in (path, path.with_name(path.name + ".bak"), path.with_name(path.name + ".owner")):
            assert read_as(uid, gid, each) == "PermissionError", each
    finally:
        session.close()


async def test_another_account_cannot_read_the_save_of_a_game_hosted_from_the_menu(open_home, other_account,
                                                                                  monkeypatch):
    """The same, with the save the app itself writes for a hosted game
    (a real joiner on the real socket)."""
    import asyncio

    from tests.remote.helpers import RecordingSeat, showing, until
    from tui.app import SkirmishApp
    from tui.game_screen import GameScreen

    meeting = tempfile.mkdtemp(prefix="skm", dir="/tmp")
    monkeypatch.setenv("SKIRMISH_RENDEZVOUS", meeting + "/m")
    uid, gid = other_account
    app = SkirmishApp()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("h", "ctrl+g")  # Host, the first ruleset
            code = app.screen.code
            joiner = RecordingSeat(code)
            await asyncio.to_thread(joiner.start)
            assert await until(pilot, lambda: showing(app, GameScreen))
            save = app.session.path
            assert code in save.read_text(), "a hosted game's save holds its join code"
            try:
                assert read_as(uid, gid, save) == "PermissionError"
                assert read_as(uid, gid, save.parent / "probe") == "PermissionError"  # not even the folder
                assert_private(open_home / ".local")
            finally:
                joiner.stop()
    finally:
        shutil.rmtree(meeting, ignore_errors=True)
