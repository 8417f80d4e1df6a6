"""Issue 29, "Fits and words": what players read at 80x24 -- Why? for a
Plasto Latros Doom, the help's Keys, a diceless game's words, ctrl+s and
take-back, the Load list, no lock left behind.  Each test drives the real
screens with Pilot."""

from __future__ import annotations

import re

import pytest

from core.board import Facing
from core.explain import explain
from core.game import Rejection
from core.game import submit as core_submit
from core.registry import rulesets
from core.rulesets.plasto_latros.events import DoomFalls
from core.rulesets.plasto_latros.orders import Move
from tests.rulesets.plasto_latros.helpers import mini, play, position
from tests.tui.test_glance import screen_text
from tui.app import SkirmishApp
from tui.help import help_text
from tui.why import WhyView

SIZE = (80, 24)


def submit(game, order):
    """``core.game.submit``, which must take the order."""
    result = core_submit(game, order)
    assert not isinstance(result, Rejection), result
    return result


def keys_section(name: str) -> str:
    text = help_text(name)
    return text.split("## Keys", 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize("rules", rulesets(), ids=lambda r: r.name)
def test_x_why_is_in_every_rulesets_keys(rules):
    assert re.search(r"^- `x`: Why\?", keys_section(rules.name), re.MULTILINE), rules.name


def test_a_diceless_games_help_never_speaks_of_dice():
    text = help_text("plasto_latros")
    assert re.findall(r"\b(?:dice\w*|die|rolls?|rolled)\b", text, re.IGNORECASE) == []


async def test_why_for_a_doom_names_the_attackers_and_their_cells_without_markdown():
    # "Attacking And Defending": two attackers in contact Doom a mini.  a1
    # ends at 5,4 (b1's front), a2 at 4,5 (b1's side).
    state = position(mini("a1", (5, 2), Facing.S), mini("a2", (1, 5), Facing.E),
                     mini("b1", (5, 5), Facing.N), mini("b3", (0, 9), Facing.N))
    _, events = play(state, Move(0, "a1", (5, 4), Facing.S), Move(0, "a2", (4, 5), Facing.E))
    index = next(i for i, e in enumerate(events) if isinstance(e, DoomFalls))
    why = explain("plasto_latros", events, index)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(WhyView("plasto_latros", "Plasto Latros", why))
        await pilot.pause()
        text = " ".join(str(app.screen.query_one("#why-text").render()).split())
        shown = screen_text(app)
    assert "a1 at 5,4 (in contact)" in text and "a2 at 4,5 (in contact)" in text, text
    assert "*" not in text, text
    assert "a1 at 5,4" in shown  # on screen at 80x24, not only in the widget


async def test_ctrl_s_reports_in_the_log_not_in_a_toast():
    from tests.tui.test_flow import log_text, new, open_game

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, new("spheres_of_war"))
        await pilot.pause()
        app.clear_notifications()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert list(app._notifications) == []  # no toast over the log
        said = log_text(screen)
        path = app.session.path
        assert f"Saved to {path.name}" in said and str(path) not in said, said  # the name whole, the folder apart


async def test_take_back_moves_the_cursor_with_the_figure():
    from tests.tui.test_flow import new, open_game
    from tui.board import BoardView

    game = new("plasto_latros")
    for side in (0, 1):
        game = submit(game, next(o for o in game.legal_orders(side) if o.verb == "deploy-all")).game
        game = submit(game, next(o for o in game.legal_orders(side) if o.verb == "ready")).game
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        side = screen.acting_side()
        move = next(o for o in screen.game.legal_orders(side) if isinstance(o, Move))
        before = screen.game.state.mini(move.unit).pos
        board = screen.query_one(BoardView)
        board.move_cursor(move.to)
        screen.submit(move)
        await pilot.pause()
        assert screen.game.state.mini(move.unit).pos == move.to
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert screen.game.state.mini(move.unit).pos == before
        assert board.cursor == before


async def test_the_load_list_shows_who_won_and_who_played():
    from saves.store import new_save_path, save_game
    from tests.tui.test_result import one_order_from_the_end
    from tui.menu import LoadScreen

    _, _, over = one_order_from_the_end("spheres_of_war")
    save_game(over, new_save_path(over), seats=("human", "hard"))
    ann, bo = over.players
    won = "a draw" if over.outcome.winner is None else f"{over.players[over.outcome.winner]} won"
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, LoadScreen) and app.screen.done:
                break
        shown = " ".join(re.sub("[▊▎]", " ", screen_text(app)).split())  # the list's wrapped rows, read on
    assert f"finished, {won} ·" in shown, shown
    assert f"{ann} v {bo} (computer, hard)" in shown, shown


async def test_no_lock_file_is_left_beside_a_finished_game(data_dir):
    from tests.tui.test_result import one_order_from_the_end, play_to_the_result
    from tui.menu import MainMenu

    before, last, _ = one_order_from_the_end("plasto_latros")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await play_to_the_result(pilot, before, last)
        assert list(data_dir.rglob("*.json.lock")), "the open game holds its lock"
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        assert app.session is None
    assert list(data_dir.rglob("*.lock")) == []
    assert list(data_dir.rglob("*.json")), "the finished game is still saved"


async def optio_at_the_keyboard(pilot, map_seed: int = 1):
    from tests.tui.test_optio import pre_game
    from tui.modals import Handover

    app = pilot.app
    app.start_game(pre_game(map_seed=map_seed))
    await pilot.pause()
    if isinstance(app.screen, Handover):
        await pilot.press("enter")
        await pilot.pause()
    return app.screen


async def test_the_optio_legend_lists_every_terrain_drawn():
    from core.rulesets.optio.maps import MAP_TERRAIN
    from tui.board import BoardView

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await optio_at_the_keyboard(pilot)
        board = screen.query_one(BoardView)
        drawn = set()
        for y in range(1, board.virtual_size.height):
            line = "".join(seg.text for seg in board.render_line(y))
            drawn |= {g for g in line[4:] if g in MAP_TERRAIN}  # the cells, not the row numbers
        legend = str(screen.query_one("#panel").render()).rsplit("\n", 1)[-1]
    assert {"#", "%", "="} <= drawn  # map 1 draws rock, marsh and road in its squares' pictures
    missing = [g for g in sorted(drawn) if f"{g} {MAP_TERRAIN[g].kind}" not in legend]
    assert missing == [], legend


async def test_the_selected_optio_block_is_marked_where_the_player_looks():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await optio_at_the_keyboard(pilot)
        await pilot.press("tab")
        await pilot.pause()
        chosen = screen.selected
        assert chosen is not None
        shown = screen_text(app)
    assert f"›{chosen} " in shown, shown  # in the list of blocks on screen (it is off the map)


def test_since_your_last_turn_keeps_every_line():
    from core.events import visible_to
    from tests.tui.test_keys import played
    from tui.seat_hooks import since_last_turn

    game = played("optio", 12, seed=4)
    both = [e for e in game.log if visible_to(e, 0) and visible_to(e, 1)]
    assert len(both) > 6
    assert since_last_turn(game, 1, 0) == both


async def test_a_long_since_your_last_turn_is_never_cut_at_80x24():
    from tests.tui.fit import cut_texts
    from tui.modals import Handover

    news = [f"Green's g{n % 6 + 1} enters the large square {n % 5},0 from the north edge of the map"
            for n in range(20)]
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(Handover("Ann", "Green's turn in the Optio pre-game (scouting).", news, why=lambda: None))
        await pilot.pause()
        assert cut_texts(app.screen) == []
        shown = " ".join(screen_text(app).replace("║", " ").split())
        text = str(app.screen.query_one("#handover-news").render())
    assert " ".join(news[-1].split()) in shown  # the newest line, whole
    hidden = 20 - text.count("· ")
    assert hidden > 0 and f"({hidden} earlier lines: x shows them)" in " ".join(text.split())


@pytest.mark.parametrize("rules", rulesets(), ids=lambda r: r.name)
async def test_the_help_contents_leave_the_text_readable_and_take_the_arrow_keys(rules):
    from textual.widgets import Markdown, Tree

    from tui.help import open_help

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        open_help(app, rules.name, rules.title)
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        screen = app.screen
        tree = screen.query_one(Tree)
        contents = tree.parent
        assert contents.display and app.focused is tree  # the arrows move in the contents
        first = tree.cursor_line
        await pilot.press("down", "down")
        assert tree.cursor_line == first + 2
        assert screen.query_one(Markdown).region.width >= 40  # the text beside them stays readable
        assert tree.virtual_size.width <= tree.scrollable_content_region.width  # no heading cut
        await pilot.press("enter")  # goes to that heading
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        assert not contents.display and app.focused is not tree


def handoff_game(name: str):
    """A game of ``name`` deployed on the ground an Optio pre-game chose
    (``battlefield_for``: 32x16 at the scale of two cells a small square)."""
    from core.game import start
    from core.registry import find_ruleset
    from core.rulesets.optio.terrain import battlefield_for
    from tests.tui.test_optio import play_to_template, pre_game

    optio = play_to_template(pre_game())
    while optio.outcome is None:
        optio = submit(optio, optio.legal_orders(min(optio.to_act))[0]).game
    game = start(find_ruleset(name), None, battlefield_for(optio.state.result, name), seed=3, players=("Ann", "Bo"))
    for side in (0, 1):
        game = submit(game, next(o for o in game.legal_orders(side) if o.verb == "deploy-all")).game
        ready = [o for o in game.legal_orders(side) if o.verb == "ready"]
        if ready:
            game = submit(game, ready[0]).game
    return game


@pytest.mark.parametrize("name", ["plasto_latros", "platemail", "waylights"])
async def test_the_optio_handoff_battlefield_keeps_the_panel_readable_at_80x24(name):
    """32x16 in compact cells needs 67 columns: at 80 the panel keeps its
    width and the board shows the part around the cursor, every row of it
    (tests/tui/test_viewport.py walks it)."""
    from textual.widgets import RichLog

    from tests.tui.fit import cut_texts
    from tests.tui.test_glance import open_game
    from tui.board import BoardView

    game = handoff_game(name)
    assert (game.battlefield.width, game.battlefield.height) == (32, 16)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        await pilot.pause()
        board = screen.query_one(BoardView)
        assert screen.query_one("#side").outer_size.width == screen.SIDE_W  # readable, not squeezed
        assert board.max_scroll_x > 0 and board.max_scroll_y == 0, (board.virtual_size, board.size)
        assert board.compact
        assert screen.query_one(RichLog).size.height >= 3  # the newest log lines stay on screen
        assert cut_texts(screen) == []
        cursor = screen.query_one("#cursor")
        assert len(cursor.rows()) <= cursor.size.height  # the cursor line's words all shown
        await pilot.press("z")  # full cells: the panel gets its width back, the board scrolls
        await pilot.pause()
        assert screen.query_one("#side").outer_size.width == screen.SIDE_W and board.max_scroll_x > 0
