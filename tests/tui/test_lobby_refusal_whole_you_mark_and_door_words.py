"""The lobby's words at 80x24 (tui/lobby.py, tui/lobby_words.py):

- a refusal of the connection is read whole, however long (the server's
  own account not the one expected, on a socket path near the 107 bytes
  a Unix socket takes: its last words were under the footer);
- through the door, where Esc leaves Skirmish (after asking if the player
  means to log out), the refusal says Esc leaves, not "Esc: back";
- a player's seat is marked "(you)" in the unfinished games as in the
  finished ones."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from core.orders import Concede
from core.ruleset import Rejection
from tests.server.helpers import Server
from tests.tui.drawn import screen_rows
from tests.tui.test_lobby import SIZE, ann_at_her_game, listed, real_server, settle
from tui.app import SkirmishApp
from tui.lobby import LobbyScreen
from tui.lobby_words import LEAVE_QUESTION


def squeezed(text: str) -> str:
    return "".join(text.split())  # wrapping breaks a long path anywhere


def deep_place() -> Path:
    """A folder whose server socket's path is close to the 107 bytes allowed."""
    top = Path(tempfile.mkdtemp(prefix="sk57", dir="/tmp"))
    place = top / ("d" * (107 - len(str(top)) - len("/x/srv/socket") - 1)) / "x"
    place.mkdir(parents=True)
    for folder in (top, place.parent, place):
        folder.chmod(0o755)
    return place


async def refusal_on_screen(monkeypatch, only: bool) -> tuple[str, list[str]]:
    import pwd

    place = deep_place()
    server = Server(place, doors=(pwd.getpwuid(os.getuid()).pw_name,))
    try:
        assert len(str(server.socket)) >= 100
        # The server runs as an account this client does not take for the server's.
        monkeypatch.setattr("net.serverclient.server_accounts", lambda: {})
        monkeypatch.delenv("SKIRMISH_SERVER_ACCOUNT", raising=False)
        app = SkirmishApp(lobby=(server.socket, "guest:ann", only))
        async with app.run_test(size=SIZE) as pilot:
            lobby: list = []
            await settle(pilot, lambda: bool(lobby.extend(s for s in app.screen_stack
                                                          if isinstance(s, LobbyScreen)) or lobby), 10)
            status = lobby[0].query_one("#status")
            await settle(pilot, lambda: "posing as the server" in str(status.render()), 15)
            await pilot.pause(0.3)
            return str(status.render()), screen_rows(app)
    finally:
        server.stop()
        shutil.rmtree(place.parents[1], ignore_errors=True)


async def test_a_long_refusal_is_read_whole_at_80x24(monkeypatch):
    said, rows = await refusal_on_screen(monkeypatch, only=False)
    assert "SKIRMISH_SERVER_ACCOUNT=" in said and said.endswith("Esc: back.")
    assert len(said) > 4 * 78  # more than the four rows the status line had
    assert squeezed(said) in squeezed("".join(row for row in rows[1:-1]))  # between the title and the footer
    # This Skirmish turned the answer away itself: not "refused by the server".
    assert said.startswith("Not connected: what answers on ")


async def test_through_the_door_the_refusal_says_esc_leaves_as_the_question_does(monkeypatch):
    said, rows = await refusal_on_screen(monkeypatch, only=True)
    assert said.endswith("Esc: leave Skirmish.") and "Esc: back" not in said
    assert "Leave the lobby?" in LEAVE_QUESTION and "ends Skirmish" in LEAVE_QUESTION
    assert squeezed(said) in squeezed("".join(rows[1:-1]))


async def test_your_seat_is_marked_in_your_unfinished_games_as_in_the_finished():
    with real_server() as server:
        gid, _ = server.client("ann").create("spheres_of_war", None, ("me", "open"))
        bobs = server.client("bob").join(gid)
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await ann_at_her_game(pilot, server, gid)
            line = next(line for line in listed(lobby) if f"#{gid}" in line)
            assert "ann (you) v bob" in line, line
            assert bobs.side == 1
            assert not isinstance(bobs.submit(Concede(1), wait=5), Rejection)
            await settle(pilot, lambda: f"finished-{gid}" in lobby.entries, 15)
            listing = lobby.query_one("OptionList")
            finished = next(str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)
                            if listing.get_option_at_index(i).id == f"finished-{gid}")
            assert "ann (you) v bob" in finished, finished
