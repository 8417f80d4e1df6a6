"""Screen keys added for reading and writing at 80x24: the whole game log
in a modal (L), the log pane and side panel scrolled from the keyboard
([ ] and { }), Enter on a Platemail cell opening the order writer instead
of submitting a sample order, the cursor box, the plain-text banner, and
the signal handlers given back when the app ends."""

from __future__ import annotations

import signal

from textual.containers import VerticalScroll
from textual.widgets import Footer, RichLog

from core.deployment import DeployAll, Ready
from core.game import start, submit
from core.registry import find_ruleset
from core.rulesets.platemail.state import Write
from saves.library import battlefield_named
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.game_screen import GameScreen
from tui.modals import Handover
from tui.rulesets.platemail_menus import KeyMenu
from tui.rulesets.platemail_writer import OrderWriter
from tui.why import EventLog, WhyView

SIZE = (80, 24)


def played(name: str, orders: int, seed: int = 3):
    """A game of ``name`` after ``orders`` random legal orders (deterministic)."""
    from bench.games import battlefield_for, play_random

    rules = find_ruleset(name)
    return play_random(rules, seed, battlefield_for(rules), cap=orders).game


async def game_screen(pilot, game) -> GameScreen:
    app = pilot.app
    app.start_game(game)
    await pilot.pause()
    for _ in range(6):  # past a handover or a playback, as a player would
        if app.screen.query(BoardView):
            break
        await pilot.press("enter" if isinstance(app.screen, Handover) else "escape")
        await pilot.pause()
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


async def test_l_opens_every_event_of_the_game_in_a_list_whose_lines_say_why():
    game = played("spheres_of_war", 40)
    assert len(game.log) > 20  # more than the 6-row pane shows
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await game_screen(pilot, game)
        assert app.screen is screen
        await pilot.press("L")
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, EventLog)
        assert [e.sentence for e in modal.events] == [event.sentence for event in game.log]
        listing = modal.query_one("#event-list")
        assert listing.has_focus and listing.option_count == len(game.log)
        assert listing.highlighted == len(game.log) - 1  # opens on the newest line
        assert listing.max_scroll_y > 0  # it overflows the screen, and scrolls:
        await pilot.press("home")
        await pilot.pause()
        assert listing.highlighted == 0 and listing.scroll_y == 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert listing.scroll_y > 0
        chosen = listing.highlighted
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, WhyView)
        assert app.screen.why.title == game.log[chosen].sentence
        await pilot.press("escape")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.local_game() is game


async def test_x_explains_the_newest_line_and_h_opens_the_rule_in_the_help():
    from tui.help import HelpScreen

    game = played("waylights", 60)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await game_screen(pilot, game)
        await pilot.press("x")  # Why? at once (issue: it took Enter too)
        await pilot.pause()
        why = app.screen
        assert isinstance(why, WhyView)
        assert why.why.title == game.log[-1].sentence
        await pilot.press("h")
        await pilot.pause(0.3)
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen) and help_screen.section == why.why.section
        assert help_screen.go_to_section(), "the help has no heading for the rule"
        await pilot.press("escape")
        await pilot.press("escape")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_brackets_scroll_the_log_pane_and_braces_the_side_panel():
    game = played("waylights", 60)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await game_screen(pilot, game)
        log = screen.query_one("#log", RichLog)
        await pilot.pause()
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y  # at the newest line
        await pilot.press("left_square_bracket")
        await pilot.pause()
        up = log.scroll_y
        assert up < log.max_scroll_y
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert log.scroll_y > up
        side = screen.query_one("#side-scroll", VerticalScroll)
        if side.max_scroll_y > 0:  # the panel overflows its column
            await pilot.press("right_curly_bracket")
            await pilot.pause()
            assert side.scroll_y > 0
            await pilot.press("left_curly_bracket")
            await pilot.pause()
            assert side.scroll_y == 0
        assert screen.local_game() is game  # none of these keys plays anything


async def test_cursor_box_follows_the_cursor_and_says_who_stands_there():
    game = played("spheres_of_war", 10)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await game_screen(pilot, game)
        board = screen.query_one(BoardView)
        unit = next(u for u in screen.units if u.pos is not None)
        board.move_cursor(unit.pos)
        await pilot.pause()
        text = screen.query_one("#cursor").text
        assert text.startswith(f"Cursor {unit.pos[0]},{unit.pos[1]}:")
        assert unit.id in screen.query_one("#cursor-unit").text
        panel = str(screen.query_one("#panel").render())
        assert "Cursor" not in panel
        x, y = unit.pos
        empty = next((c, r) for r in range(game.battlefield.height) for c in range(game.battlefield.width)
                     if (c, r) not in {u.pos for u in screen.units})
        board.move_cursor(empty)
        await pilot.pause()
        text = screen.query_one("#cursor").text
        assert text.startswith(f"Cursor {empty[0]},{empty[1]}:")
        # the figure's card is gone (a line about the selected figure's reach may name it)
        card = screen.query_one("#cursor-unit").text.splitlines()
        assert not any(line.startswith(f"{unit.id} ") for line in card)
        assert str(screen.query_one("#panel").render()) == panel  # the rest of the panel stays


async def test_banner_shows_player_names_as_plain_text():
    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 5, ("[b]Ann[/b]", "Bo [red]"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await game_screen(pilot, game)
        banner = str(screen.query_one("#banner").render())
        side = screen.acting_side()
        # the name as the game keeps it, brackets and all, then the rest of the line
        assert f"{screen.game.players[side]} to play" in banner and "Turn" in banner


def deployed_platemail():
    rules = find_ruleset("platemail")
    game = start(rules, None, battlefield_named(rules.default_battlefield), seed=4, players=("Ann", "Bo"))
    for order in (DeployAll(0), Ready(0), DeployAll(1), Ready(1)):
        game = submit(game, order).game
    return game


async def test_platemail_enter_on_a_lit_cell_opens_the_writer_with_that_first_action():
    game = deployed_platemail()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await game_screen(pilot, game)
        await pilot.press("tab")
        unit = screen.selected
        assert unit is not None and unit.startswith("a")
        board = screen.query_one(BoardView)
        me = screen.unit_view(unit).pos
        lit = sorted(c for c in board.picture.highlights if c != me and c[0] == me[0] and c[1] > me[1])
        assert lit, "no lit cell below the selected character"
        cell = lit[0]
        samples = [o for o in screen.orders if isinstance(o, Write) and o.unit == unit
                   and cell in screen.adapter.order_cells(screen.game, screen.view_state, o)]
        assert samples
        board.move_cursor(cell)
        await pilot.press("enter")
        await pilot.pause()
        # Nothing was submitted: the writer asks for the rest of the orders.
        assert screen.local_game() is game
        writer = next(s for s in app.screen_stack if isinstance(s, OrderWriter))
        assert writer.unit == unit
        firsts = {o.first for o in samples}
        if len(firsts) == 1:
            assert writer.acts["first"] == samples[0].first
            assert isinstance(app.screen, KeyMenu) and "IF condition" in app.screen.menu_title
            await pilot.press("r", "d", "d")  # IF reached THEN Defend ELSE Defend
            await pilot.pause()
            plan = screen.game.state.plan(unit)
            assert plan is not None and plan.first == samples[0].first
            assert plan.condition.value == "reached"
        else:
            assert isinstance(app.screen, KeyMenu) and "1st Action" in app.screen.menu_title


async def test_footer_at_80_columns_shows_help_and_the_ruleset_keys():
    game = played("plasto_latros", 30)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await game_screen(pilot, game)
        await pilot.pause()
        footer = screen.query_one(Footer)
        items = list(footer.query("FooterKey"))
        shown = {item.key for item in items if item.region.width and item.region.right <= SIZE[0]}
        for key in ("f1", "q", "a", "s", "o"):
            assert key in shown, shown


async def test_signal_handlers_are_given_back_when_the_app_ends():
    before = (signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGHUP))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert signal.getsignal(signal.SIGTERM) != before[0]  # the app's own handler, while it runs
    assert (signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGHUP)) == before


async def test_the_banner_counts_rounds_where_the_rules_count_rounds():
    """Waylights and Platemail count Rounds (their logs and options say so);
    the banner and panel use the same word, the other rulesets say Turn."""
    for name, word in (("waylights", "Round"), ("platemail", "Round"), ("plasto_latros", "Turn")):
        rules = find_ruleset(name)
        game = start(rules, None, battlefield_named(rules.default_battlefield), 5, ("Ann", "Bo"))
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            screen = await game_screen(pilot, game)
            banner = str(screen.query_one("#banner").render())
            # the game starts deploying: "Deployment · before Round 1" (tests/tui/test_deployment_heading.py)
            assert f" · before {word} 1 · " in banner, banner
            assert str(screen.query_one("#panel").render()).startswith(f"Deployment, before {word} 1"), name
