"""The server's lobby (tui/lobby.py) at 80x24, keys only, against a
client that answers like ``net.serverclient.ServerClient`` from games held
in this process (the real server over its socket: tests/e2e/test_server_ssh.py)."""

from __future__ import annotations

import contextlib
import threading
import time

import attrs

from core.game import start
from core.registry import find_ruleset
from core.seats import LocalSeat, Table
from net.lobby_entries import GameEntry, Lobby, Me
from saves.library import battlefield_named
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.lobby import LobbyScreen
from tui.lobby_dialogs import AskLine, ServerGameForm
from tui.lobby_seat import WaitScreen
from tui.newgame import NewGameScreen

SIZE = (80, 24)


class FakeSeat(LocalSeat):
    def __init__(self, table: Table, side: int | None, game_id: str) -> None:
        super().__init__(table, side)
        self.game_id = game_id
        self.code = game_id
        self.status = "playing"
        self.notice = ""
        self.chat: tuple = ()
        self.chat_news: list = []
        self.said: list[str] = []
        self.stopped = False

    def hear(self, *lines) -> None:
        """Lines of chat from the server, each new to this player (as ServerSeat takes them)."""
        self.chat += lines
        self.chat_news += lines
        self.table.replace(self.table.game)  # its subscribers hear of it

    def take_chat_news(self) -> list:
        news, self.chat_news = self.chat_news, []
        return news

    def drafts(self) -> list[dict]:
        return self.table.drafts(self.side)

    def say(self, text: str) -> bool:
        self.said.append(text)
        return True

    def stop(self) -> None:
        self.stopped = True


class FakeClient:
    """Games kept in tables here; every call recorded."""

    def __init__(self, needs_name: bool = False) -> None:
        self.me = Me("uid:alice", "" if needs_name else "alice", needs_name)
        self.calls: list[tuple] = []
        self.tables: dict[str, Table] = {}
        self.entries: dict[str, GameEntry] = {}

    def add(self, game_id: str, ruleset: str, section: str, players=("bob", "open"), you=None) -> Table:
        rules = find_ruleset(ruleset)
        game = start(rules, rules.default_options(), battlefield_named(rules.default_battlefield), seed=7,
                     players=players)
        self.tables[game_id] = Table(game)
        state = {"open": "open", "mine": "playing", "live": "playing", "finished": "over"}[section]
        self.entries[game_id] = (section, GameEntry(game_id, ruleset, "", players, "2026-11-28T05:00", state,
                                                    you=you))
        return self.tables[game_id]

    def set_name(self, name):
        self.calls.append(("set_name", name))
        self.me = Me("uid:alice", name, False)
        return self.me

    def lobby(self):
        parts = {k: tuple(e for s, e in self.entries.values() if s == k) for k in ("open", "mine", "live", "finished")}
        return Lobby(**parts)

    def create(self, ruleset_name, options=None, seats=("me", "open"), battlefield=None):
        self.calls.append(("create", ruleset_name, options, seats, battlefield))
        game_id = f"g{len(self.tables) + 1}"
        self.add(game_id, ruleset_name, "mine", ("alice", "open"))
        return game_id, ("ABCDE-FGHIJ" if "invite" in seats else "")

    def rematch(self, game_id):
        self.calls.append(("rematch", game_id))
        new = f"g{len(self.tables) + 1}"
        self.add(new, self.entries[game_id][1].ruleset, "mine", ("bob", "alice"))
        return new

    def join(self, game_id):
        self.calls.append(("join", game_id))
        return FakeSeat(self.tables[game_id], 1, game_id)

    def resume(self, game_id):
        self.calls.append(("resume", game_id))
        return FakeSeat(self.tables[game_id], 0, game_id)

    def watch(self, game_id):
        self.calls.append(("watch", game_id))
        return FakeSeat(self.tables[game_id], None, game_id)

    def close(self):
        self.calls.append(("close",))


async def settle(pilot, until, seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not until() and time.monotonic() < deadline:
        await pilot.pause(0.05)
    assert until(), "the screen did not get there in time"


async def open_lobby(pilot, app, client) -> LobbyScreen:
    lobby = LobbyScreen(lambda: client)
    app.push_screen(lobby)
    await settle(pilot, lambda: lobby.lobby is not None)
    return lobby


def listed(lobby: LobbyScreen) -> list[str]:
    from textual.widgets import OptionList

    listing = lobby.query_one(OptionList)
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


async def test_the_lobby_lists_each_kind_of_game_and_enter_opens_the_right_door():
    client = FakeClient()
    client.add("g1", "waylights", "open")
    client.add("g2", "spheres_of_war", "live", ("carol", "dave"))
    client.add("g3", "platemail", "finished", ("carol", "dave"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await open_lobby(pilot, app, client)
        lines = listed(lobby)
        text = "\n".join(lines)
        assert "alice" in str(lobby.query_one("#who").render())
        for words in ("Your unfinished games (0)", "Waiting for an opponent (1)", "Being played (1)",
                      "Finished (1)", "#g1 Waylights", "bob v open · waiting since 2026-11-28 05:00", "carol v dave"):
            assert words in text
        # The first game that can be opened is highlighted: the open one, joined by Enter.
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        assert client.calls[-1] == ("join", "g1")
        assert app.remote_seat.side == 1
        # Leaving the game comes back to the lobby, not to the main menu.
        await pilot.press("q")
        await pilot.press("y")
        await settle(pilot, lambda: app.screen is lobby)
        assert app.remote_seat is None
        await pilot.press("down", "enter")
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        assert client.calls[-1] == ("watch", "g2")
        assert app.screen.seats.fixed is None


async def test_a_first_login_is_asked_for_a_name():
    client = FakeClient(needs_name=True)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        lobby = LobbyScreen(lambda: client)
        app.push_screen(lobby)
        await settle(pilot, lambda: isinstance(app.screen, AskLine))
        await pilot.press(*"Zoë", "enter")
        await settle(pilot, lambda: ("set_name", "Zoë") in client.calls)
        await settle(pilot, lambda: "Zoë" in str(lobby.query_one("#who").render()))


async def test_a_new_game_on_the_server_names_who_fills_each_seat():
    client = FakeClient()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_lobby(pilot, app, client)
        await pilot.press("n")
        await settle(pilot, lambda: isinstance(app.screen, ServerGameForm))
        form = app.screen
        await pilot.pause()
        rules = form.ruleset()
        assert [form.query_one(f"#seat{i}").value for i in (0, 1)] == ["me", "open"]
        # Seat 2 by invitation: right twice from "open".
        form.query_one("#seat1").focus()
        await pilot.press("right")
        await pilot.press("ctrl+g")
        await settle(pilot, lambda: any(c[0] == "create" for c in client.calls))
        made = next(c for c in client.calls if c[0] == "create")
        assert made[1] == rules.name and made[3] == ("me", "invite")
        assert isinstance(made[2], rules.options_type) and made[4] is not None
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        assert client.calls[-1] == ("resume", "g1")


async def test_the_form_refuses_a_game_without_me():
    client = FakeClient()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_lobby(pilot, app, client)
        await pilot.press("n")
        await settle(pilot, lambda: isinstance(app.screen, ServerGameForm))
        form = app.screen
        form.query_one("#seat0").focus()
        await pilot.press("right")  # "open to anyone": nobody of the two is me
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, ServerGameForm)
        assert "yours" in str(form.query_one("#problem").render())
        assert not any(c[0] == "create" for c in client.calls)


async def test_a_game_waiting_for_its_opponent_shows_the_code_and_begins_by_itself():
    client = FakeClient()
    table = client.add("g1", "waylights", "mine")
    seat = FakeSeat(table, 0, "g1")
    seat.waiting = True
    FakeSeat.version = property(lambda self: -1 if getattr(self, "waiting", False) else self.table.version)
    try:
        client.resume = lambda game_id: seat
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await open_lobby(pilot, app, client)
            lobby.code = "ABCDE-FGHIJ"
            await pilot.press("enter")
            await settle(pilot, lambda: isinstance(app.screen, WaitScreen))
            assert "ABCDE-FGHIJ" in str(app.screen.query_one("Static").render())
            seat.waiting = False
            # The opponent sat down: the seat tells its subscribers (on its reader's thread).
            threading.Thread(target=table.replace, args=(table.game,)).start()
            await settle(pilot, lambda: isinstance(app.screen, GameScreen))
    finally:
        del FakeSeat.version


async def test_drafts_go_to_the_server_and_come_back_on_resume():
    """Platemail orders written but not committed are handed to the seat
    (the server keeps them) and reopen when the game is resumed."""
    from tests.tui.test_platemail import deployed_game
    from tui.rulesets.platemail_review import SideOrders

    client = FakeClient()
    table = client.add("g1", "platemail", "mine", ("alice", "bob"))
    table.replace(deployed_game())
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_lobby(pilot, app, client)
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("o", "1")  # the orders screen of this side
        await settle(pilot, lambda: isinstance(app.screen, SideOrders))
        await pilot.press("enter")  # the highlighted character: a1
        await pilot.press("m", "l")  # Move, to a location picked on the board
        await pilot.press("down", "down", "down", "enter")
        await pilot.press("r", "d", "a", "c")  # IF reached THEN Defend ELSE Full Attack the closest
        await settle(pilot, lambda: isinstance(app.screen, SideOrders) and app.screen.written)
        # Within a moment the seat holds it, without a save or a key.
        await settle(pilot, lambda: bool(table.drafts(0) and table.drafts(0)[0].get("written")))
        kept = table.drafts(0)
        assert kept[0]["side"] == 0 and any(text.startswith("Write") or "a1" in text for text in kept[0]["written"])
        assert not table.drafts(1)
    # A new terminal resumes: the draft opens again where it was left.
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_lobby(pilot, app, client)
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, SideOrders))
        assert any("a1: Move to 2,4" in line for line in app.screen.lines())


async def test_chat_in_a_server_game():
    client = FakeClient()
    client.add("g1", "waylights", "mine", ("alice", "bob"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_lobby(pilot, app, client)
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        seat = app.remote_seat
        await pilot.press("c")
        await settle(pilot, lambda: isinstance(app.screen, AskLine))
        await pilot.press(*"gl hf", "enter")
        await settle(pilot, lambda: seat.said == ["gl hf"])
        # A line from the other player is shown in the log pane, stripped of anything that is not text.
        line = attrs.make_class("Line", ["who", "at", "text"])
        seat.hear(line("bob\x1b[31m", "05:00", "you too\x07"))
        await settle(pilot, lambda: any("Chat · bob[31m: you too" in text for text in log_lines(app.screen)))


def log_lines(screen) -> list[str]:
    from tui.log_pane import LogPane

    return [strip.text for strip in screen.query_one(LogPane).lines]


async def test_r_asks_for_a_rematch_of_a_finished_game_of_mine_only():
    client = FakeClient()
    client.add("g1", "spheres_of_war", "finished", ("carol", "dave"))
    client.add("g2", "spheres_of_war", "finished", ("alice", "bob"), you=0)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await open_lobby(pilot, app, client)
        assert lobby._chosen()[1].id == "g1"
        await pilot.press("r")  # not a game of mine: only a word of help
        await pilot.pause()
        assert not any(c[0] == "rematch" for c in client.calls)
        await pilot.press("down", "r", "y")  # r asks first: it makes a game the other is told of
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        assert ("rematch", "g2") in client.calls and client.calls[-1] == ("resume", "g3")


async def test_the_lobby_connects_again_after_the_server_went_away(monkeypatch):
    monkeypatch.setattr("tui.lobby.REFRESH_EVERY", 0.2)
    first, second = FakeClient(), FakeClient()
    second.add("g1", "waylights", "open")
    made = [first, second]

    def gone():
        raise OSError("the server closed the connection")

    first.lobby = gone
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        lobby = LobbyScreen(lambda: made.pop(0))
        app.push_screen(lobby)
        await settle(pilot, lambda: lobby.client is second and lobby.lobby is not None)
        assert ("close",) in first.calls
        assert any("#g1" in line for line in listed(lobby))


async def test_against_a_real_server_a_game_with_the_computer_begins_and_the_computer_moves(tmp_path):
    """The lobby with the real client over a real socket (a server in this
    process): Spheres of War against the computer (easy), which the server
    plays; the game begins at once and the computer's moves reach the board."""
    import os
    import pwd
    import shutil
    import tempfile
    from pathlib import Path

    from core.ruleset import Rejection
    from net.serverclient import ServerClient
    from tests.server.helpers import Server

    place = Path(tempfile.mkdtemp(prefix="sklobby", dir="/tmp"))
    place.chmod(0o755)
    server = Server(place, doors=(pwd.getpwuid(os.getuid()).pw_name,))
    try:
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = LobbyScreen(lambda: ServerClient.connect(server.socket, "guest:ann"))
            app.push_screen(lobby)
            await settle(pilot, lambda: lobby.lobby is not None, 15)
            await pilot.press("n")
            await settle(pilot, lambda: isinstance(app.screen, ServerGameForm))
            form = app.screen
            await pilot.pause()
            rules = form.ruleset()
            assert rules.name == "spheres_of_war"  # a fresh data folder's form opens on the first ruleset
            form.query_one("#seat1").focus()
            for _ in range(2):
                await pilot.press("right")  # open -> invitation -> the computer (easy)
            assert form.query_one("#seat1").value == "easy"
            await pilot.press("ctrl+g")
            await settle(pilot, lambda: isinstance(app.screen, GameScreen), 30)
            seat = app.remote_seat
            assert seat.side == 0 and seat.facts.ruleset_name == rules.name
            # Ann deploys until it is the other side's turn; the computer, on the server, answers.
            def computer_moved() -> bool:
                return any(o.side == 1 for o in seat.known_orders())

            for _ in range(40):
                if computer_moved():
                    break
                legal = seat.legal_orders()
                if legal:
                    # Waits for the answer as long as a loaded machine needs: the server
                    # and its computer share this process (and its GIL) with the test.
                    assert not isinstance(seat.submit(legal[0], wait=15), Rejection)
                await pilot.pause(0.1)
            await settle(pilot, computer_moved, 30)
    finally:
        server.stop()
        shutil.rmtree(place, ignore_errors=True)


@contextlib.contextmanager
def real_server():
    """A server in this process on a private folder, stopped and removed after."""
    import os
    import pwd
    import shutil
    import tempfile
    from pathlib import Path

    from tests.server.helpers import Server

    place = Path(tempfile.mkdtemp(prefix="sklobby", dir="/tmp"))
    place.chmod(0o755)
    server = Server(place, doors=(pwd.getpwuid(os.getuid()).pw_name,))
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(place, ignore_errors=True)


async def ann_at_her_game(pilot, server, gid: str) -> LobbyScreen:
    """Ann's lobby on the real ``server``, her game ``gid`` highlighted."""
    from net.serverclient import ServerClient

    lobby = LobbyScreen(lambda: ServerClient.connect(server.socket, "guest:ann"))
    pilot.app.push_screen(lobby)
    await settle(pilot, lambda: lobby.lobby is not None and lobby.lobby.mine, 15)
    listing = lobby.query_one("OptionList")
    listing.highlighted = next(i for i in range(listing.option_count)
                               if listing.get_option_at_index(i).id == f"mine-{gid}")
    return lobby


async def test_x_withdraws_a_waiting_game_of_mine_from_a_real_server_after_asking(tmp_path):
    from tui.modals import Confirm

    with real_server() as server:
        gid, _ = server.client("ann").create("waylights", None, ("me", "open"))
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await ann_at_her_game(pilot, server, gid)
            assert any(f"#{gid}" in line and "waiting for an opponent" in line for line in listed(lobby))
            await pilot.press("x")
            assert isinstance(app.screen, Confirm) and "for good" in str(app.screen.question)
            await pilot.press("n")
            assert server.db.game(gid) is not None
            await pilot.press("x", "y")
            await settle(pilot, lambda: not lobby.lobby.mine, 15)
            assert server.db.game(gid) is None
            assert not any(f"#{gid}" in line for line in listed(lobby))


async def test_a_seat_waiting_in_another_terminal_says_its_game_was_withdrawn(tmp_path):
    with real_server() as server:
        gid, _ = server.client("ann").create("optio", None, ("me", "open"))
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await ann_at_her_game(pilot, server, gid)
            await pilot.press("enter")
            await settle(pilot, lambda: isinstance(app.screen, WaitScreen), 15)
            server.client("ann").withdraw(gid)  # Ann, from another terminal
            await settle(pilot, lambda: "withdrew" in str(app.screen.query_one("Static").render()), 15)
            await pilot.press("escape")
            await settle(pilot, lambda: app.screen is lobby)


async def test_the_server_form_offers_no_pre_game_first_and_no_ground_from_this_machines_saves():
    """On a server an Optio game is made by itself (its result screen asks
    for the battle), so the form never offers "play an Optio pre-game first",
    nor the last local pre-game's ground; Optio itself keeps its maps."""
    client = FakeClient()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_lobby(pilot, app, client)
        await pilot.press("n")
        await settle(pilot, lambda: isinstance(app.screen, ServerGameForm))
        form = app.screen
        await pilot.pause()
        ruleset = form.query_one("#ruleset")
        ruleset.focus()
        seen: dict[str, list[str]] = {}
        for _ in ruleset.values:
            await pilot.pause()
            seen[form.ruleset().name] = list(form.query_one("#battlefield").labels)
            await pilot.press("right")
        assert len(seen) == 5
        for name, labels in seen.items():
            assert labels, name
            assert not any("Optio" in label for label in labels), (name, labels)
        assert any("40x40" in label for label in seen["optio"]), seen["optio"]
    # The local form, for contrast, offers the pre-game first (so the label
    # looked for above is the one a local game shows).
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await settle(pilot, lambda: isinstance(app.screen, NewGameScreen))
        local = app.screen
        await pilot.pause()
        assert local.ruleset().name != "optio"
        assert "Play an Optio pre-game first" in local.query_one("#battlefield").labels
