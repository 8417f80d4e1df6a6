"""The order writer at 80x24: Use Item, free, offers the player's own
character and each ally by name ("free a2 from the net"), says of each
why it would free nobody (``checks.free_problem``, the resolution's own
test), and the order written frees the ally (seed, weapon properties:
Entraps; docs/rulings.md, Platemail, Use Item)."""

from __future__ import annotations

import pytest

from core.rulesets.platemail.orders import Act
from core.rulesets.platemail.state import Action
from tests.tui.drawn import screen_rows
from tests.tui.test_platemail import SIZE, deployed_game
from tests.tui.test_platemail_tester53 import changed, label, menu, writer_for
from tui.app import SkirmishApp
from tui.rulesets.platemail_menus import KeyMenu
from tui.rulesets.platemail_writer import OrderWriter


@pytest.fixture(autouse=True)
def instant_blows(monkeypatch):
    monkeypatch.setattr("tui.narrator.DEFAULT_PACE", "instant")


def netted_game():
    """Ann's a1 (Footman, 2,1) with her archer a2 netted beside it at 3,1;
    her a3 (13,1) free, far off."""
    return changed(deployed_game(), a2={"entrapped": True, "pos": (3, 1)})


def writer(app) -> OrderWriter:
    return next(s for s in app.screen_stack if isinstance(s, OrderWriter))


async def test_a_player_frees_the_netted_archer_beside_the_footman():
    game = netted_game()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, game, "a1")
        await pilot.press("t", "f")  # Use Item; free someone entrapped
        await pilot.pause()
        assert isinstance(app.screen, KeyMenu) and app.screen.menu_title == "a1: Use Item — free whom from the net?"
        assert label(app, "free myself") == "free myself from the net — warning: a1 is not entrapped"
        assert label(app, "free a2") == "free a2 from the net (Archer)"
        assert label(app, "free a3") == "free a3 from the net (Knight) — warning: a3 is not entrapped"
        # Every entry is whole on a row of the 80x24 screen, its key before it.
        rows = screen_rows(app)
        for key, text, _ in menu(app):
            assert any(f"{key}  {text}" in row for row in rows), (text, rows)
        key = next(k for k, _, value in menu(app) if value == "a2")
        await pilot.press(key)
        await pilot.pause()
        draft = writer(app)
        assert draft.acts["first"] == Act(0, Action.USE_ITEM, "a2", item="free")
        assert "1st: Use Item: free a2 from the net (R)" in draft.draft_text()
        assert "free a2 from the net" in " ".join(screen_rows(app))


async def test_a_second_action_freeing_the_one_the_first_frees_is_warned():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, netted_game(), "a1")
        await pilot.press("t", "f")
        key = next(k for k, _, value in menu(app) if value == "a2")
        await pilot.press(key, "h", "t", "f")  # ...; IF I was hit; THEN Use Item, free
        await pilot.pause()
        assert label(app, "free a2") == "free a2 from the net (Archer) — warning: the 1st Action frees a2"


async def test_an_entrapped_character_that_frees_itself_first_is_told_so_in_its_2nd_action():
    game = changed(netted_game(), a1={"entrapped": True})
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, game, "a1")
        await pilot.press("t", "f")
        assert label(app, "free myself") == "free myself from the net"
        assert label(app, "free a2") == "free a2 from the net (Archer)"
        await pilot.press("s", "h", "t", "f")  # itself; IF I was hit; THEN Use Item, free
        await pilot.pause()
        assert label(app, "free myself") == "free myself from the net — warning: the 1st Action frees a1"
        assert label(app, "free a2") == "free a2 from the net (Archer)"
