"""The ways into the server's lobby: the SSH door's identity (the key
OpenSSH says the player logged in with, fingerprinted by ssh-keygen), the
main menu's entry (only when a server's socket is here) and the door's
lobby-only app."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tui.app import SkirmishApp
from tui.cli import door_identity
from tui.lobby import LobbyScreen
from tui.menu import MainMenu

SIZE = (80, 24)
ROOT = Path(__file__).resolve().parents[2]


def key_pair(folder: Path, name: str) -> Path:
    key = folder / name
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    return key


def test_the_door_is_the_key_sshd_exposed(tmp_path):
    key = key_pair(tmp_path, "k")
    kind, blob = Path(f"{key}.pub").read_text().split()[:2]
    auth = tmp_path / "auth"
    auth.write_text(f"publickey {kind} {blob}\n")
    expected = subprocess.run(["ssh-keygen", "-lf", f"{key}.pub", "-E", "sha256"], capture_output=True,
                              text=True, check=True).stdout.split()[1]
    assert door_identity({"SSH_USER_AUTH": str(auth)}) == (f"key:{expected}", "")
    other = key_pair(tmp_path, "other")
    assert door_identity({"SSH_USER_AUTH": str(auth)})[0] != "key:" + subprocess.run(
        ["ssh-keygen", "-lf", f"{other}.pub"], capture_output=True, text=True, check=True).stdout.split()[1]


def test_the_door_refuses_without_a_key(tmp_path):
    identity, why = door_identity({})
    assert identity is None and "ExposeAuthInfo" in why
    auth = tmp_path / "auth"
    auth.write_text("password\n")
    identity, why = door_identity({"SSH_USER_AUTH": str(auth)})
    assert identity is None and "by key only" in why
    auth.write_text("publickey ssh-ed25519 not-a-key\n")
    identity, why = door_identity({"SSH_USER_AUTH": str(auth)})
    assert identity is None and "ssh-keygen could not read the key" in why


def test_skirmish_door_says_why_and_fails_outside_sshd():
    env = {k: v for k, v in os.environ.items() if k != "SSH_USER_AUTH"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-m", "tui", "door"], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 1
    assert "skirmish door: no SSH_USER_AUTH" in done.stderr


def menu_labels(app) -> list[str]:
    from textual.widgets import OptionList

    listing = app.screen.query_one(OptionList)
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


async def test_the_main_menu_offers_the_lobby_only_when_a_server_is_here(tmp_path, monkeypatch):
    where = tmp_path / "socket"
    monkeypatch.setenv("SKIRMISH_SERVER", str(where))
    app = SkirmishApp()
    async with app.run_test(size=SIZE):
        assert isinstance(app.screen, MainMenu)
        assert not any("server" in label for label in menu_labels(app))
    listening = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listening.bind(str(where))
    listening.listen()
    try:
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            assert any("Play on a server" in label for label in menu_labels(app))
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen)
    finally:
        listening.close()


@pytest.mark.parametrize("only", [True, False])
async def test_the_doors_lobby_is_all_the_app_offers(tmp_path, only):
    """Through the door, Esc leaves Skirmish, once asked (never the shared account's
    main menu, its saves or the palette); from the menu it goes back."""
    app = SkirmishApp(lobby=(tmp_path / "no-server", None, only))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        deadline = 50
        while "Cannot reach the server" not in str(lobby.query_one("#status").render()) and deadline:
            await pilot.pause(0.1)
            deadline -= 1
        said = str(lobby.query_one("#status").render())
        # the door's player is not shown the server's socket, which only its operator can use
        assert ("no Skirmish server answers" in said) is (not only) and ("not answering just now" in said) is only
        assert app.ENABLE_COMMAND_PALETTE is (not only)
        app.action_new_game()
        await pilot.pause()
        assert (app.screen is lobby) is only
        if not only:
            return
        await pilot.press("escape", "y")  # asked first (tests/tui/test_lobby_leave_asks.py)
        await pilot.pause()
        assert app.return_code == 0  # the app was told to exit
