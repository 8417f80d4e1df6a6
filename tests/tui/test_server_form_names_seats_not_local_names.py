"""A tester who had once hosted a local game as "Ann" opened the server's
new-game form (Waylights) and read "Players' side ◀ Ann ▶" and "◀ Player
2 ▶": the form has no name fields, so the local form's remembered names
stood in.  Here the choices say the seats: "me" and "my opponent", as
the seats stand.  A real server in this process, the real client, 80x24."""

from __future__ import annotations

from core.registry import find_ruleset
from saves.settings import remember
from tests.tui.test_door_players_keep_their_own_settings import door_form, own_data  # noqa: F401 - a fixture
from tests.tui.test_lobby import SIZE, real_server
from tests.tui.test_newgame_names_the_players import option_field
from tui.app import SkirmishApp


async def test_the_server_forms_players_side_says_me_and_my_opponent(own_data):  # noqa: F811
    rules = find_ruleset("waylights")
    assert remember(rules, rules.default_options(), ("Ann", "Player 2"), None) is None  # a local game's names
    with real_server() as server:
        app = SkirmishApp(lobby=(server.socket, "guest:t62ann", False))  # an account of its own
        async with app.run_test(size=SIZE) as pilot:
            form = await door_form(pilot, app)
            assert form.ruleset().name == "waylights"
            side = option_field(form, "players_side")
            assert side.labels == ["me", "my opponent"]
            assert "Ann" not in str(side.render()) and "◀ me ▶" in str(side.render())
            for seat, wanted in (("#seat1", "me"), ("#seat0", "open")):  # the sides swapped
                field = form.query_one(seat)
                field.focus()
                for _ in range(len(field.values)):
                    if field.value == wanted:
                        break
                    await pilot.press("right")
                assert field.value == wanted
            await pilot.pause(0.3)
            assert option_field(form, "players_side").labels == ["my opponent", "me"]
