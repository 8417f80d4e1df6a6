"""Every lobby row's end (whose move, the result) is readable at 80x24
(a tester: "#18912e09 Spheres of War: Tactical Fragment 1 · Ann (you) v
Bob · your" -- the list measured the row before its scrollbar came, and
the row, exactly as wide as the list had been, lost its last word).  A
row names its ruleset by its short name, as the banner does, and is
wrapped to leave the scrollbar's cells free."""

from __future__ import annotations

import attrs
import pytest

from tests.tui.drawn import screen_text
from tests.tui.test_lobby import SIZE, FakeClient, open_lobby
from tui.app import SkirmishApp
from tui.lobby_words import entry_words


def with_turn(client, game_id, section, **changes):
    client.entries[game_id] = (section, attrs.evolve(client.entries[game_id][1], **changes))


def test_a_row_names_the_ruleset_by_its_short_name():
    client = FakeClient()
    client.add("18912e09", "spheres_of_war", "mine", ("Ann", "Bob"), you=0)
    with_turn(client, "18912e09", "mine", turn="your move")
    words = entry_words(client.entries["18912e09"][1], "mine")
    assert words == "#18912e09 Spheres of War · Ann (you) v Bob · your move"


@pytest.mark.parametrize("width", range(72, 80))
async def test_the_end_of_a_row_as_wide_as_the_list_shows_once_the_scrollbar_comes(width):
    client = FakeClient()
    client.add("g", "spheres_of_war", "mine", ("Ann", "Bob"), you=0)
    with_turn(client, "g", "mine", turn="your move")
    base = len(entry_words(client.entries.pop("g")[1], "mine"))
    game_id = "g" * (1 + width - base)  # the whole row is ``width`` characters
    client.add(game_id, "spheres_of_war", "mine", ("Ann", "Bob"), you=0)
    with_turn(client, game_id, "mine", turn="your move")
    assert len(entry_words(client.entries[game_id][1], "mine")) == width
    for i in range(30):  # enough rows below for the list to need its scrollbar
        client.add(f"f{i}", "spheres_of_war", "finished", ("Ann", "Bob"), you=0)
        with_turn(client, f"f{i}", "finished", result="Ann won: Bob conceded")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_lobby(pilot, app, client)
        await pilot.pause(0.3)
        shown = " ".join(screen_text(app).replace("▎", " ").replace("▊", " ").split())
        assert f"#{game_id} Spheres of War · Ann (you) v Bob · your move" in shown, shown
