"""What a tester playing Platemail at 80x24 found (stop 57): the ``o``
menu naming a commit key that does nothing, the order writer sitting on
the side's orders box, the log pane giving away a Round under its
playback, orders the writer took without a word though they would do
nothing, the side panel's internal words for an IF, and menu keys that did
nothing silently."""

from __future__ import annotations

import re

from core.game import submit
from core.rulesets.platemail.state import Act, Action, Commit, Condition, Write
from tests.tui.drawn import screen_rows, screen_text
from tests.tui.test_platemail import SIZE, deployed_game, open_game
from tests.tui.test_platemail_tester51 import entry, writer_for
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.modals import ChoiceMenu, Confirm
from tui.rulesets import adapter_for
from tui.rulesets.platemail_menus import CellPicker, KeyMenu
from tui.rulesets.platemail_playback import Playback
from tui.rulesets.platemail_review import SideOrders
from tui.rulesets.platemail_writer import OrderWriter

# Two box borders drawn one on the other (a box's corner on another's side or corner).
CLASH = re.compile(r"[╭╮╰╯][╭╮╰╯│]|[│╭╮╰╯][╭╮╰╯]")


def choices(app) -> list[str]:
    screen = app.screen
    assert isinstance(screen, ChoiceMenu), screen
    return [str(label) for label, _ in screen.choices]


# -- 1. the key the o menu names commits ------------------------------------------------------------


async def test_the_key_the_o_menu_names_for_committing_commits():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, deployed_game())
        await pilot.press("enter")  # Ann's handover
        await pilot.press("o")
        first = next(label for label in choices(app) if "orders" in label and "commits" in label)
        key = re.search(r"(\S+) commits", first).group(1)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press(key)  # on the board
        await pilot.pause()
        assert isinstance(app.screen, Confirm), f"{key!r} did nothing on the board"
        assert "Commit Ann's orders for Round 1?" in app.screen.question
        await pilot.press("n")
        await pilot.press("w")  # the review: the same key
        assert isinstance(app.screen, SideOrders)
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, Confirm)


# -- 2. the writer over the side's orders box --------------------------------------------------------


async def test_the_writer_opened_from_the_review_sits_on_no_border_and_names_side_and_round():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, deployed_game())  # Ann: a1 Footman, a2 Archer, a3 Knight
        await pilot.press("enter", "w")
        review = app.screen
        assert isinstance(review, SideOrders)
        for downs, name in ((2, "Knight (a3) at 13,1"), (0, "Footman (a1) at 2,1")):
            review.query_one("#review-list").highlighted = downs
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, KeyMenu)
            rows = screen_rows(app)
            assert not [row for row in rows if CLASH.search(row)], "\n".join(rows)
            assert f"Ann, Round 1 (secret): Orders for {name}" in "\n".join(rows)
            await pilot.press("escape")  # the 1st Action's menu: Escape cancels the writer
            await pilot.pause()
            assert app.screen is review
            assert "Ann: orders for Round 1 (secret until both commit)" in screen_text(app)


# -- 3. the log pane under the playback --------------------------------------------------------------


async def test_the_log_pane_under_a_playback_keeps_the_rounds_results_until_its_end():
    game = deployed_game()
    for order in (Commit(0), Commit(1)):
        game = submit(game, order).game
    ends = "Round 1 ends"
    assert any(ends in e.sentence for e in game.log)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        await pilot.press("enter")  # Ann's handover: the playback opens
        await pilot.pause()
        playback = app.screen
        assert isinstance(playback, Playback) and playback.shown == 1
        assert ends not in screen_text(app)
        await pilot.press("right")
        assert ends not in screen_text(app)
        await pilot.press("a")  # every step: the end reached, the log may show it
        await pilot.pause()
        assert ends in screen_text(app)
        await pilot.press("left")
        await pilot.pause()
        assert ends not in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and ends in screen_text(app)


# -- 4. orders that would do nothing -----------------------------------------------------------------


async def test_a_shot_with_no_reload_between_is_warned_in_the_news_as_it_is_written():
    """b2 (Heavy Crossbow, loaded): Ranged Attack a2; IF my target is down
    THEN Defend ELSE Ranged Attack a2: the ELSE shot finds it empty (seed:
    Ranged Weapons, Requires Reload)."""
    game = deployed_game()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, game)
        review = SideOrders(game, 1)
        app.push_screen(review)
        await pilot.pause()
        review.query_one("#review-list").highlighted = 1  # b2
        await pilot.press("enter", "r", "2", "d", "d", "r", "2")
        await pilot.pause()
        assert app.screen is review
        assert "b2: Ranged Attack a2" in review.lines()[1]
        news = str(review.query_one("#review-news").render())
        assert "b2's orders would shoot nothing (b2's Heavy Crossbow is not loaded" in news
        assert "reload first" in news


async def test_a_first_reload_with_nothing_to_reload_is_refused_with_the_reason():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, deployed_game(), 0, "a1")  # Footman: Sword
        await pilot.press("t")
        key, label, value = entry(app, "reload")
        assert value is None and label == "reload — a1's Sword needs no reloading: nothing to reload."
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, KeyMenu) and "Use Item — which?" in app.screen.menu_title


async def test_a_first_full_attack_or_guard_out_of_reach_is_warned_on_the_list_and_in_the_log():
    """a1 at 2,1: b1 stands 9 cells away (Full Attack does not move), a2
    6 cells (a Guard moves 3 and guards beside its ally; seed: Guard)."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        game = deployed_game()
        screen = await open_game(pilot, game)
        await pilot.press("enter")
        pilot.app.push_screen(OrderWriter(game, 0, "a1"))
        await pilot.pause()
        await pilot.press("a")
        label = entry(app, "b1 ")[1]
        assert label.endswith("— warning: b1 is 9 cells (45 ft) away now: a Full Attack does not move, "
                              "it strikes only an adjacent enemy"), label
        await pilot.press("escape", "g")
        label = entry(app, "a2 ")[1]
        assert label.endswith("— warning: a2 is 6 cells (30 ft) away now: a Guard moves 3 cells (15 ft) at "
                              "most, and guards only beside its ally"), label
        await pilot.press("escape", "a", "1")  # Full Attack b1 (the hostile list numbers b1 1)
        await pilot.press("h", "d", "d")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen is screen
        await pilot.pause()
        assert "a1's 1st Action, Full Attack b1: b1 is 9 cells (45 ft) away now" in screen_text(app)


async def test_a_fall_back_picker_lights_only_cells_it_keeps():
    """a1 at 2,1; the nearest hostile b1 at 2,10: 2,2 (reachable, nearer
    b1) is replaced by the game, so it is not lit; the title says why."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        game = deployed_game()
        await writer_for(pilot, game, 0, "a1")
        await pilot.press("b", "l")
        picker = app.screen
        assert isinstance(picker, CellPicker)
        lit = picker.picture.highlights
        assert lit and (2, 2) not in lit and (2, 0) in lit
        assert all(abs(x - 2) ** 2 + (y - 10) ** 2 > 81 for x, y in lit)
        assert "lit: further from the nearest hostile (others are replaced)" in picker.title_text


# -- 7. the side panel's IF words ------------------------------------------------------------------


def test_the_side_panel_says_an_if_in_the_writers_words():
    game = deployed_game()
    write = Write(0, "a1", Act(0, Action.DEFEND), Condition.ENEMY_ADJACENT, Act(0, Action.FULL_ATTACK, "closest"),
                  Act(0, Action.DEFEND))
    game = submit(game, write).game
    adapter = adapter_for(game.ruleset)
    lines = adapter.panel_lines(game, game.view(0), 0, None)
    line = next(line for line in lines if line.startswith(" a1 "))
    assert "IF an enemy is adjacent: Full Attack closest NR / Defend R" in line and "enemy-adjacent" not in line


# -- 9. keys that do nothing say why ------------------------------------------------------------------


async def test_a_key_not_in_the_menu_or_greyed_says_why():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, deployed_game(), 0, "a3")  # the Knight: nothing to shoot
        menu = app.screen
        assert isinstance(menu, KeyMenu)
        await pilot.press("j")
        await pilot.pause()
        assert app.screen is menu
        assert str(menu.query_one("#key-hint").render()) == "j: no entry here has that key"
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is menu
        assert str(menu.query_one("#key-hint").render()) == \
            "r: Ranged Attack (R) cannot be chosen: a3 has nothing to shoot or throw."
