"""The lobby's help at 80x24: F1 and ? open a page of the lobby's own
(finding an opponent, invitations, claiming, watching), the footer says
so, and x on a game of yours already under way says why it cannot be
withdrawn (the fake client of tests/tui/test_lobby.py)."""

from __future__ import annotations

import pytest

from tests.tui.test_lobby import SIZE, FakeClient, open_lobby, settle
from tui.app import SkirmishApp
from tui.lobby_help import LobbyHelp, lobby_help_text


@pytest.mark.parametrize("key", ["f1", "question_mark"])
async def test_f1_and_question_mark_open_the_lobbys_help_and_esc_comes_back(key):
    client = FakeClient()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await open_lobby(pilot, app, client)
        await pilot.press(key)
        await settle(pilot, lambda: isinstance(app.screen, LobbyHelp))
        await pilot.press("escape")
        await settle(pilot, lambda: app.screen is lobby)


async def test_the_lobbys_footer_shows_help_and_every_key_whole_at_80_columns():
    from textual.widgets import Footer

    client = FakeClient()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await open_lobby(pilot, app, client)
        await pilot.pause()
        keys = [k for k in lobby.query_one(Footer).children if k.region.width > 0]
        assert [k for k in keys if "Help" in str(k.render())]
        for left, right in zip(keys, keys[1:]):  # none under another (the palette's word was over Leave)
            assert left.region.right <= right.region.x, (str(left.render()), str(right.render()))
        assert keys[-1].region.right <= SIZE[0]
        assert any("Leave" in str(k.render()) for k in keys)


def test_the_lobby_help_covers_opponents_invitations_claiming_and_watching():
    text = " ".join(lobby_help_text().split())
    for heading in ("## Finding an opponent", "## Invitations", "## Claiming a game your opponent left",
                    "## Watching"):
        assert heading in text
    claim = text.split("## Claiming")[1].split("## ")[0]
    assert "`q`, then `w`" in claim  # the keys the board takes (tests/tui/test_claim.py)


async def test_x_on_my_game_under_way_says_it_has_begun_not_to_highlight_it():
    client = FakeClient()
    client.add("g1", "waylights", "mine", ("alice", "bob"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await open_lobby(pilot, app, client)
        assert lobby._chosen()[1].id == "g1"
        await pilot.press("x")
        await pilot.pause()
        said = str(lobby.query_one("#status").render())
        assert "highlight it first" not in said
        assert "has begun" in said and "concede" in said
