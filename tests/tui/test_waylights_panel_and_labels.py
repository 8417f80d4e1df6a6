"""Waylights at 80x24 as a tester found it: the side panel's figure list
cut "Mook with pistol" to "Mook with pi"; in compact cells the board's
``F1``/``1m`` were tied to the log's ``a1``/``b1`` only in a legend below
the fold; and the shooter's split labels did not say what the seed's split
table says of each split."""

from __future__ import annotations

from core.deployment import Deploy, Ready
from core.game import start, submit
from core.rulesets.waylights.state import WaylightsOptions
from saves.library import battlefield_named
from tests.tui.drawn import screen_rows
from tests.tui.test_waylights import RULES, SIZE, open_game
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.rulesets.waylights_modals import SPLIT_LABELS
from tui.side_panel import SidePanel


def panel_rows(app, screen) -> list[str]:
    """The side panel's part of each screen row, as drawn."""
    region = screen.query_one(SidePanel).region
    return [row[region.x:region.right] for row in screen_rows(app)[region.y:region.bottom]]


def two_a_side():
    """A fighter and an archer against a mook and a mook with a pistol."""
    options = WaylightsOptions(roster_0="fighter,archer", roster_1="mook,thug")
    game = start(RULES, options, battlefield_named("open-12"), seed=2, players=("Ann", "Bo"))
    for order in (Deploy(0, "a1", (5, 4)), Deploy(0, "a2", (4, 4)), Ready(0),
                  Deploy(1, "b1", (5, 7)), Deploy(1, "b2", (4, 7)), Ready(1)):
        game = submit(game, order).game
    assert game.state.get("b2").template.name == "Mook with pistol"
    return game


async def past_the_card(pilot) -> None:
    from tui.rulesets.waylights_modals import HandoverCard, SplitPicker

    for _ in range(3):
        if isinstance(pilot.app.screen, HandoverCard):
            await pilot.press("enter")
        elif isinstance(pilot.app.screen, SplitPicker):
            await pilot.press("2")
        else:
            return
        await pilot.pause()


async def test_the_figure_list_names_a_mook_with_pistol_whole_with_its_wounds():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, two_a_side())
        await past_the_card(pilot)
        ko_at = screen.game.state.get("b2").ko_at
        for _ in range(4):  # scroll the panel down to its figure list
            if any("b2 Mook" in row for row in panel_rows(app, screen)):
                break
            await pilot.press("}")
            await pilot.pause()
        rows = [row for row in panel_rows(app, screen) if "b2 Mook" in row]
        assert rows and f"b2 Mook with pistol w0 KO@{ko_at}" in rows[0], panel_rows(app, screen)


async def test_compact_cells_name_the_ids_at_the_top_of_the_panel():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, two_a_side())
        await past_the_card(pilot)
        board = screen.query_one(BoardView)
        if not board.compact:
            await pilot.press("z")
            await pilot.pause()
        assert board.compact
        # The board draws the fighter a1 as F1 and Bo's mook b1 as 1m (the
        # class letter, then the id's number; number first for Bo's side) ...
        assert screen.game.state.get("a1").template.name == "Fighter"
        assert screen.game.state.get("b1").template.name == "Mook"
        region = board.region
        drawn = [row[region.x:region.right] for row in screen_rows(app)[region.y:region.bottom]]
        assert any("F1" in row for row in drawn) and any("1m" in row for row in drawn)
        # ... and the panel says so where it is seen without scrolling.
        assert any("Board: F1 = a1, 1m = b1" in row for row in panel_rows(app, screen))
        await pilot.press("z")  # full-width cells spell the id out: no such line
        await pilot.pause()
        assert not board.compact
        assert not any("Board:" in row for row in panel_rows(app, screen))


def test_the_shooters_split_labels_mean_what_the_seed_table_gives_each_split():
    """Seed 004, "Attack and Defense" table, ranged column: 4/0 all fire or a
    sniper's concentration; 3/1 rising to fire or one aimed shot; 2/2 fire,
    then into cover; 1/3 a hurried shot; 0/4 keeping down.  Checked by the
    idea each must carry (our own words, never the seed's phrases)."""
    ranged = {n: SPLIT_LABELS[n][1] for n in SPLIT_LABELS}
    assert "fire" in ranged[4] and "marksman" in ranged[4] and "no return fire" in ranged[4]
    assert "shooting" in ranged[3] and "careful shot" in ranged[3]
    assert "shoot" in ranged[2] and "cover" in ranged[2]
    assert "quick shot" in ranged[1]
    assert "head down" in ranged[0] and "no shots" in ranged[0]
    # The old words said the opposite of the table for 2/2 and 1/3.
    assert "steady stance" not in ranged[2] and "ducking" not in ranged[1]
    # Not pasted from the seed: none of its narrative phrases.
    for phrase in ("dakka", "sniper's focus", "launcher blazing", "aimed shot", "take cover", "Snap shot",
                   "Hunkering"):
        assert all(phrase.lower() not in label.lower() for label in ranged.values())


async def test_the_split_menu_names_who_can_reach_the_figure_before_its_next_turn():
    """A split stands until the figure's next turn (seed: a character
    changes its allocation only in its own turn), and every enemy acts
    first: the menu names those who could strike it (the core's
    ``could_strike``, tested against the rules) where 4/0 is offered."""
    from core.rulesets.waylights.glance import could_strike
    from tui.rulesets.waylights_modals import SplitPicker

    game = two_a_side()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        for _ in range(3):
            if isinstance(app.screen, SplitPicker):
                break
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, SplitPicker)
        uid = screen.game.state.active
        reach = could_strike(screen.game.view(screen.game.state.get(uid).side), uid)
        assert reach  # the mook three rows off and the pistol both reach either of Ann's figures
        text = " ".join(" ".join(screen_rows(app)).split())
        assert f"{', '.join(reach)} can reach {uid} before its next turn: 4/0 keeps no dice to defend." in text
