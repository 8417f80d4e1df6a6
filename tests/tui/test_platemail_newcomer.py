"""What a newcomer met playing Platemail against the computer: deploying
on any open cell of the zone, the key the help names for committing, and
the turn count on the result screen."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

from core.game import start
from core.registry import find_ruleset
from saves.library import battlefield_named
from tests.tui.test_platemail import deployed_game, open_game
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.game_screen import GameScreen
from tui.modals import Confirm, Handover
from tui.rulesets.platemail_gists import GISTS
from tui.rulesets.platemail_review import SideOrders

SIZE = (80, 24)
HELP = Path(__file__).resolve().parents[2] / "tui" / "help" / "platemail.md"


def new_game():
    rules = find_ruleset("platemail")
    return start(rules, None, battlefield_named(rules.default_battlefield), seed=4, players=("Ann", "Bo"))


async def past_handover(pilot) -> None:
    if isinstance(pilot.app.screen, Handover):
        await pilot.press("enter")
        await pilot.pause()


async def test_a_figure_deploys_on_any_open_cell_of_its_zone_not_only_the_first_four():
    game = new_game()
    listed = [o for o in game.ruleset.legal_orders(game.state, 0) if o.verb == "deploy"]
    target = (10, 1)  # yard, in side 0's zone (the two top rows), not among the listed cells
    assert target not in {o.at for o in listed}
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        await past_handover(pilot)
        assert isinstance(app.screen, GameScreen)
        screen.query_one(BoardView).move_cursor(target)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.game.state.char("a1").pos == target


async def test_the_key_the_help_names_for_committing_in_the_orders_screen_asks_to_commit():
    found = re.search(r"`(\w)`\s+commits\s+them", HELP.read_text())
    assert found, "the help names the commit key of the orders screen"
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, deployed_game())
        await past_handover(pilot)
        await pilot.press("w")
        assert isinstance(app.screen, SideOrders)
        await pilot.press(found.group(1))
        await pilot.pause()
        assert isinstance(app.screen, Confirm)


async def test_a_move_asks_where_or_toward_whom_and_a_neighbour_is_one_cell_away():
    from core.deployment import Deploy, DeployAll, Ready
    from core.game import submit
    from tui.rulesets.platemail_menus import KeyMenu

    game = new_game()
    for order in (Deploy(0, "a1", (2, 1)), Deploy(0, "a2", (3, 1)), DeployAll(0), Ready(0), DeployAll(1), Ready(1)):
        game = submit(game, order).game
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, game)
        await past_handover(pilot)
        await pilot.press("w", "enter", "m")  # a1's writer: Move
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, KeyMenu)
        assert menu.menu_title.endswith("Move — where, or toward whom?")
        labels = [label for _, label, _ in menu.entries]
        assert any(label.startswith("a2 ") and label.endswith("(1 cell = 5 ft)") for label in labels), labels


async def test_f1_while_writing_orders_opens_the_help_and_esc_comes_back_to_the_writer():
    from tui.help import HelpScreen
    from tui.rulesets.platemail_menus import KeyMenu

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, deployed_game())
        await past_handover(pilot)
        await pilot.press("w")
        review = app.screen
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.ruleset_name == "platemail"
        assert app.screen.section.startswith("Writing orders")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is review
        await pilot.press("enter")  # a1's writer: its first menu
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, KeyMenu)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is menu


async def test_the_action_menu_says_what_the_highlighted_action_does():
    """Played: the Action menu listed names and (R)/(NR) only; what a Counter
    or an Aim does meant leaving for the help.  The line under the list
    follows the highlight, in full, at 80x24."""
    from textual.widgets import Label, OptionList

    from tui.rulesets.platemail_menus import KeyMenu

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, deployed_game())
        await past_handover(pilot)
        await pilot.press("w", "enter")  # a1's writer: the 1st Action
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, KeyMenu)
        detail = menu.query_one("#key-detail", Label)
        first = str(detail.render())
        assert first.startswith("Move up to 15 ft"), first
        options = menu.query_one(OptionList)
        labels = [label for _, label, _ in menu.entries]
        options.highlighted = next(i for i, label in enumerate(labels) if label.startswith("Counter"))
        await pilot.pause()
        counter = str(detail.render())
        assert "one melee Attack on an adjacent enemy" in counter and "Disfavor" in counter, counter
        # Two rows, inside the screen, and every gist fits them whole.
        assert detail.region.height == 2 and detail.region.bottom <= SIZE[1]
        width = detail.region.width
        assert all(len(textwrap.wrap(gist, width)) <= 2 for gist in GISTS.values()), width
