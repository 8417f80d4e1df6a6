"""Main menu, rules help, load list, command palette, board scrolling."""

from __future__ import annotations

from textual.app import App
from textual.widgets import MarkdownViewer, OptionList

from core.board import Battlefield, Rect, Terrain, Zone
from core.game import start
from core.registry import find_ruleset
from saves.library import battlefield_named
from saves.store import saves_dir
from tests.robustness.hostile import settled
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.game_screen import GameScreen
from tui.help import HelpScreen, RulesScreen
from tui.menu import LoadScreen, MainMenu
from tui.modals import Handover
from tui.picture import CELL_W, Picture

SIZE = (80, 24)


async def test_rules_pane_from_menu_and_from_the_game():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("enter")
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.ruleset_name == "spheres_of_war"
        assert app.screen.query_one(MarkdownViewer)
        await pilot.press("escape", "escape")
        assert isinstance(app.screen, MainMenu)
        await pilot.press("n", "ctrl+g")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("f1")
        first = app.screen
        assert isinstance(first, HelpScreen)
        viewer = first.query_one(MarkdownViewer)
        viewer.scroll_to(y=12, animate=False)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.press("question_mark")
        # The page is built once and kept: the same screen, where it was left.
        assert app.screen is first
        assert first.query_one(MarkdownViewer).scroll_y == 12
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_load_list_shows_a_broken_save_and_does_not_crash():
    folder = saves_dir()
    folder.mkdir(parents=True)
    (folder / "broken.json").write_text("{not json", encoding="utf-8")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await settled(pilot)  # the list is checked off the interface thread
        assert isinstance(app.screen, LoadScreen)
        options = app.screen.query_one(OptionList)
        text = str(options.get_option_at_index(0).prompt)
        assert "BROKEN" in text and "broken" in text
        await pilot.press("enter")  # opening it is refused with a message
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("escape")
        await pilot.press("c")  # Continue finds nothing playable: a message, still the menu
        await settled(pilot)
        assert isinstance(app.screen, MainMenu)


async def test_command_palette_offers_the_menu():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.press(*"new game")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "NewGameScreen"


def big_battlefield(size: int = 40) -> Battlefield:
    rows = tuple(("." * size) if y % 7 else ("." * (size - 3) + "###") for y in range(size))
    legend = ((".", Terrain()), ("#", Terrain("wall", 2, True, True)))
    zones = (Zone(0, (Rect(0, 0, size - 1, 2),)), Zone(1, (Rect(0, size - 3, size - 1, size - 1),)))
    return Battlefield("big", size, size, rows, legend, zones)


class BoardApp(App):
    def compose(self):
        yield BoardView(id="board")


async def test_board_scrolls_to_keep_the_cursor_on_a_40x40_battlefield():
    app = BoardApp()
    async with app.run_test(size=(60, 20)) as pilot:
        board = app.query_one(BoardView)
        board.show(Picture(battlefield=big_battlefield(), highlights=frozenset({(39, 39)})))
        board.focus()
        await pilot.pause()
        assert board.compact  # 40 cells do not fit at full width: compact by itself; z: full width
        await pilot.press("z")
        assert not board.compact
        for _ in range(45):
            await pilot.press("n")  # diagonal down-right, stops at the edge
        assert board.cursor == (39, 39)
        await pilot.pause()
        assert board.scroll_y > 0 and board.scroll_x > 0
        view_w = board.scrollable_content_region.width
        # The last visible line is the bottom row, ending with the lit cursor cell.
        line = board.render_line(board.scrollable_content_region.height - 1).text
        assert line.startswith("39 ") and "[.]" in line
        assert len(line) == view_w
        await pilot.press("y", "y", "k", "7", "home")
        assert board.cursor == (35, 34)
        header = board.render_line(0).text
        assert "39" in header and " 0 " not in header[:CELL_W + 3]


async def test_handover_hides_the_board_for_a_private_game():
    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_named(rules.default_battlefield), seed=3, players=("Ann", "Bo"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = GameScreen(game)
        screen.private = True  # as for a ruleset with hidden information
        app.push_screen(screen)
        await pilot.pause()
        assert isinstance(app.screen, Handover)
        assert screen.query_one(BoardView).picture is None or screen.query_one(BoardView).picture.hidden
        await pilot.press("enter")
        assert app.screen is screen
        assert screen.keyboard_side == min(game.to_act)
        assert not screen.query_one(BoardView).picture.hidden
        await pilot.press("d", "r")  # the other side is to act: hand over again
        assert isinstance(app.screen, Handover)


async def test_no_color_renders_the_game_screen(monkeypatch, tmp_path):
    monkeypatch.setenv("NO_COLOR", "1")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "ctrl+g", "d", "tab", "right", "down")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        board = screen.query_one(BoardView)
        # The first own figure deployed shows as letters, not only colour.
        placed = [u for u in screen.units if u.pos is not None]
        assert placed
        row = board.render_line(1 + placed[0].pos[1]).text
        assert placed[0].id[-1] in row
        app.save_screenshot(str(tmp_path / "no-color.svg"))  # renders through the monochrome filter


def test_every_per_side_option_is_labelled_with_its_own_player():
    """Options kept per side (``..._0``, ``..._1``) read "Player 1's ..." and
    "Player 2's ..." in the form: Platemail's rosters once read "Player 2's
    roster" for the first player (its labels counted sides from 1)."""
    from core.options import describe_options
    from core.registry import rulesets
    from tui.newgame import option_label

    checked = 0
    for rules in rulesets():
        for info in describe_options(rules.options_type):
            if info.name.endswith(("_0", "_1")):
                player = int(info.name[-1]) + 1
                assert f"Player {player}'s" in option_label(info), (rules.name, info.name, option_label(info))
                checked += 1
    assert checked >= 4  # Waylights' teams and rosters, Platemail's rosters


async def test_d_in_the_load_list_deletes_a_save_after_asking_and_refuses_one_open_here():
    from saves.session import GameSession
    from saves.store import save_game
    from tui.modals import Confirm

    folder = saves_dir()
    folder.mkdir(parents=True)
    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 3)
    kept, gone = folder / "kept.json", folder / "gone.json"
    save_game(game, kept)
    save_game(game, gone)  # the newer: listed first
    (folder / "broken.json").write_text("{not json", encoding="utf-8")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await settled(pilot)
        listing = app.screen.query_one(OptionList)
        assert "BROKEN" in str(listing.get_option_at_index(0).prompt)
        await pilot.press("down")  # gone.json
        await pilot.press("d")
        assert isinstance(app.screen, Confirm) and "cannot be brought back" in str(app.screen.question)
        await pilot.press("n")  # not after all
        assert gone.is_file() and isinstance(app.screen, LoadScreen)
        await pilot.press("d", "y")
        assert not gone.exists() and kept.is_file()
        assert listing.option_count == 2
        # A game open in some process (here this one) is refused and left as it was.
        with GameSession.open(kept):
            await pilot.press("end", "d", "y")  # kept.json, the last
            assert kept.is_file() and listing.option_count == 2
        # A broken file can go too, once its player asks.
        await pilot.press("home", "d", "y")
        assert not (folder / "broken.json").exists() and listing.option_count == 1
        await pilot.press("home", "d", "y")  # the last one: the list says so
        assert not kept.exists()
        assert [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)] \
            == ["No saved games left."]
        await pilot.press("d", "w", "enter")  # nothing highlighted to delete, watch or open: nothing happens
        assert isinstance(app.screen, LoadScreen)


async def test_load_list_names_each_saves_file_so_copies_of_one_game_read_apart():
    """Two copies of one game read alike but for their file's name, which
    ``d`` (delete) needs: each row ends with it."""
    import shutil

    from core.registry import find_ruleset
    from saves.store import save_game
    from tests.saves.helpers import play

    folder = saves_dir()
    folder.mkdir(parents=True)
    save_game(play(find_ruleset("spheres_of_war"), seed=4, count=4), folder / "first.json")
    shutil.copy(folder / "first.json", folder / "copy-of-first.json")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await settled(pilot)
        options = app.screen.query_one(OptionList)
        rows = sorted(" ".join(str(options.get_option_at_index(i).prompt).split()) for i in range(2))
        assert rows[0].endswith("· copy-of-first") and rows[1].endswith("· first"), rows


def test_the_load_list_says_deployment_not_round_0(data_dir):
    """A save made while the figures were being set up reads "deployment"
    in the load list (Waylights' counter stands at 0 then, Platemail's at
    1: neither is a turn played); one made later names its turn."""
    from core.game import start, submit
    from core.registry import find_ruleset
    from saves.library import battlefield_named
    from saves.listing import summarise
    from saves.store import new_save_path, save_game

    rules = find_ruleset("waylights")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 5, ("Ann", "Bo"))
    setting_up = new_save_path(game)
    save_game(game, setting_up)
    while game.ruleset.situation(game.state).deploying:
        side = min(game.to_act)
        game = submit(game, next(o for o in game.legal_orders(side) if o.verb in ("deploy-all", "ready"))).game
    playing = new_save_path(game)
    save_game(game, playing)
    early, later = LoadScreen._text(summarise(setting_up)), LoadScreen._text(summarise(playing))
    assert " · deployment · " in early and "Round 0" not in early, early
    assert " · round 1 · " in later, later


def test_the_load_list_never_calls_a_finished_optio_pre_game_a_draw(data_dir):
    """Optio's pre-game names no winner (its result: where the armies
    meet); the load list says it is finished, not "a draw"."""
    import random

    from core.game import start, submit
    from core.registry import find_ruleset
    from saves.library import battlefield_named
    from saves.listing import summarise
    from saves.store import new_save_path, save_game

    rules = find_ruleset("optio")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 2, ("Ann", "Bo"))
    rng = random.Random(2)
    while game.outcome is None and game.to_act:
        side = min(game.to_act)
        game = submit(game, rng.choice(game.legal_orders(side))).game
    assert game.outcome is not None and game.outcome.winner is None
    path = new_save_path(game)
    save_game(game, path)
    text = LoadScreen._text(summarise(path))
    assert text.startswith("finished · Optio"), text
    assert "draw" not in text
