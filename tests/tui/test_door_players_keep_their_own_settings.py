"""Through the door (one shared account, each player known by their key or
guest identity, docs/server.md *Who is who*) each player's settings are
their own: the pace one player sets with v is not another's, and the
server's new-game form opens on the player's own last game (its ruleset
and that ruleset's options, README *The lobby*), as the local form does."""

from __future__ import annotations

import pytest

from saves.settings import load_pace, remember_pace, settings_path
from tests.tui.test_lobby import SIZE, real_server, settle
from tui import narrator
from tui.app import SkirmishApp
from tui.lobby import LobbyScreen
from tui.lobby_dialogs import AskLine, ServerGameForm
from tui.narrator import PACES, pace_of

OTHER_PACE = "step"  # not the default (tests/tui/conftest.py makes that "instant")


@pytest.fixture
def own_data(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "door-data"))
    return tmp_path


async def test_one_door_players_pace_is_not_anothers(own_data):
    ann = SkirmishApp(lobby=(own_data / "no-server", "key:SHA256:" + "A" * 43, True))
    async with ann.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert remember_pace(OTHER_PACE) is None  # what v does (tui/narrator.py)
    bob = SkirmishApp(lobby=(own_data / "no-server", "key:SHA256:" + "B" * 43, True))
    async with bob.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert load_pace(PACES) is None  # nothing of Ann's
        assert pace_of(bob) == narrator.DEFAULT_PACE != OTHER_PACE
    ann_again = SkirmishApp(lobby=(own_data / "no-server", "key:SHA256:" + "A" * 43, True))
    async with ann_again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert pace_of(ann_again) == OTHER_PACE  # hers is remembered for her next game
    # The door account's own settings (a local `skirmish` of that account) were never touched.
    assert not settings_path().with_name("pace.json").exists()


async def door_form(pilot, app) -> ServerGameForm:
    lobby = None

    def lobby_up() -> bool:
        nonlocal lobby
        lobby = next((s for s in app.screen_stack if isinstance(s, LobbyScreen)), None)
        return lobby is not None and lobby.lobby is not None

    await settle(pilot, lobby_up, 15)
    await pilot.pause(0.3)
    if isinstance(app.screen, AskLine):  # a newcomer's name, asked once
        await pilot.press(*app.lobby[1].split(":")[1].capitalize(), "enter")
        await settle(pilot, lambda: app.screen is lobby and not lobby.needs_name(), 15)
    await pilot.press("n")
    await settle(pilot, lambda: isinstance(app.screen, ServerGameForm), 10)
    await pilot.pause(0.3)
    return app.screen


async def test_the_server_form_opens_on_the_players_own_last_game(own_data):
    with real_server() as server:
        ann = SkirmishApp(lobby=(server.socket, "guest:ann", True))
        async with ann.run_test(size=SIZE) as pilot:
            form = await door_form(pilot, ann)
            while form.ruleset().name != "waylights":
                await pilot.press("right")  # the ruleset's field has the focus
            await pilot.pause(0.3)
            limit = form.query_one(f"#opt-{form.generation}-round_limit")
            limit.focus()
            for _ in range(len(limit.values)):
                if limit.value == 4:
                    break
                await pilot.press("right")
            assert limit.value == 4 != form.ruleset().default_options().round_limit
            form.query_one("#seat1").focus()
            await pilot.press("right", "right")  # open -> invitation -> the computer (easy)
            await pilot.press("ctrl+g")
            await settle(pilot, lambda: not isinstance(ann.screen, (ServerGameForm, LobbyScreen)), 20)
        assert [g for g in server.db.games(("open", "playing"), limit=10)]
        ann = SkirmishApp(lobby=(server.socket, "guest:ann", True))
        async with ann.run_test(size=SIZE) as pilot:
            form = await door_form(pilot, ann)
            assert form.ruleset().name == "waylights"
            assert form.options().round_limit == 4
        bob = SkirmishApp(lobby=(server.socket, "guest:bob", True))
        async with bob.run_test(size=SIZE) as pilot:
            form = await door_form(pilot, bob)  # Ann's last game is hers, not Bob's
            assert form.ruleset().name != "waylights" or form.options().round_limit != 4
