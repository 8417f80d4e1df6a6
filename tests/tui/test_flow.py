"""The flow of play at 80x24 (issue 12): news in the log pane, one key to
end the turn in every ruleset, forced rolls given at once, the cursor on
the figure that acts next, ctrl+z, and refusals that say why."""

from __future__ import annotations

import pytest
from textual.widgets import RichLog

from core.deployment import Deploy, Ready
from core.game import start, submit
from core.registry import find_ruleset
from core.rulesets.waylights.orders import Split, Step
from core.rulesets.waylights.state import WaylightsOptions
from saves.library import battlefield_named
from tests.tui.test_computer import wait_for
from tests.tui.test_every_ruleset import battlefield_for
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.flow import fit_pieces
from tui.game_screen import GameScreen
from tui.modals import Confirm, Handover

SIZE = (80, 24)


def new(name: str, seed: int = 3, options=None, battlefield=None):
    rules = find_ruleset(name)
    return start(rules, options, battlefield or battlefield_for(rules), seed=seed, players=("Ann", "Bo"))


async def open_game(pilot, game) -> GameScreen:
    pilot.app.start_game(game)
    await pilot.pause()
    return next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))


async def open_at_the_keyboard(pilot, game) -> GameScreen:
    """``open_game``, past the handover if one shows."""
    screen = await open_game(pilot, game)
    if isinstance(pilot.app.screen, Handover):
        await pilot.press("enter")
    return screen


def log_text(screen: GameScreen) -> str:
    return " ".join(" ".join(line.text for line in screen.query_one(RichLog).lines).split())


def waylights(seed: int = 2, a_at=(5, 4), b_at=(5, 6)):
    options = WaylightsOptions(roster_0="fighter", roster_1="mook")
    game = new("waylights", seed, options, battlefield_named("open-12"))
    for order in (Deploy(0, "a1", a_at), Ready(0), Deploy(1, "b1", b_at), Ready(1)):
        game = submit(game, order).game
    return game


def test_banner_pieces_are_dropped_from_the_end_until_it_fits():
    text = "▶ Annabel to play · Turn 1 · deploying · Spheres of War"
    assert fit_pieces(text, 80) == text
    assert fit_pieces(text, 40) == "▶ Annabel to play · Turn 1 · deploying"
    assert fit_pieces(text, 5) == "▶ Annabel to play"


async def test_handover_news_is_a_log_line_not_a_popup_and_the_log_shows_its_end():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, new("plasto_latros"))
        await pilot.press("d", "r")  # Ann deploys; Bo is next
        await pilot.pause()
        assert screen.acting_side() == 1
        assert not app._notifications  # no toast over the log
        log = screen.query_one(RichLog)
        assert "▶ Bo to play" in log.lines[-1].text
        assert log.scroll_y == log.max_scroll_y  # the newest lines are on screen
        assert screen.submit(Ready(1)) is False  # refused: said in the log, why included
        await pilot.pause()
        assert not app._notifications
        assert "✗ Not allowed:" in log_text(screen).rsplit("▶ Bo to play", 1)[-1]


async def test_p_passes_in_plasto_latros_asking_only_while_movements_are_left():
    game = new("plasto_latros")
    for side in (0, 1):
        for order in [o for o in game.legal_orders(side) if o.verb == "deploy-all"] + [Ready(side)]:
            game = submit(game, order).game
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        side = screen.acting_side()
        assert screen.game.state.movements_left == 2
        await pilot.press("p")
        assert isinstance(app.screen, Confirm)  # Movements are left: asked
        await pilot.press("y")
        await pilot.pause()
        assert screen.acting_side() == 1 - side and screen.game.orders[-1].verb == "pass"


async def test_p_ends_a_waylights_characters_turn_and_the_cursor_is_on_it():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, waylights())
        await pilot.press("enter", "4")  # the hand-over card, then the dice split
        await pilot.pause()
        assert screen.selected == "a1"
        assert screen.query_one(BoardView).cursor == (5, 4)  # the cursor jumped to the figure acting
        await pilot.press("p")
        assert isinstance(app.screen, Confirm)  # Actions are left: asked
        await pilot.press("y")
        await pilot.pause()
        assert screen.game.orders[-1].verb == "end"


async def test_p_ends_an_optio_turn():
    game = new("optio")
    game = submit(game, game.legal_orders(0)[0]).game  # one block moved: the turn may end
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_at_the_keyboard(pilot, game)
        await pilot.press("p")
        assert isinstance(app.screen, Confirm)  # other blocks could still move
        await pilot.press("y")
        await pilot.pause()
        assert screen.local_game().orders[-1].verb == "end-turn"


@pytest.mark.parametrize("name", ["spheres_of_war", "plasto_latros", "platemail", "waylights"])
async def test_p_says_ready_once_every_figure_is_deployed(name):
    game = new(name)
    side = min(game.to_act)
    deploy_all = next(o for o in game.legal_orders(side) if o.verb == "deploy-all")
    game = submit(game, deploy_all).game
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_at_the_keyboard(pilot, game)
        await pilot.press("p")
        await pilot.pause()
        assert not isinstance(app.screen, Confirm)  # placing again is no Action: nothing to ask
        assert screen.local_game().orders[-1].verb == "ready"


async def test_a_sword_refused_on_a_diagonal_enemy_says_why():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        game = waylights(a_at=(5, 4), b_at=(6, 6))
        for order in (Split(0, "a1", 4), Step(0, "a1", (5, 5))):  # a1 steps to 5,5: b1 is diagonal
            game = submit(game, order).game
        screen = await open_game(pilot, game)
        if app.screen is not screen:
            await pilot.press("enter")
        await pilot.pause()
        screen.query_one(BoardView).move_cursor((6, 6))
        await pilot.press("enter")
        await pilot.pause()
        assert "a1 cannot attack b1:" in log_text(screen) and "not diagonally" in log_text(screen)


async def test_ctrl_z_takes_back_a_deployment_and_refuses_once_the_other_side_acted():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, new("plasto_latros"))
        await pilot.press("tab", "enter")  # deploy the first figure where the cursor went
        await pilot.pause()
        assert len(screen.game.orders) == 1
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert screen.game.orders == ()
        assert "↶ Ann takes back:" in log_text(screen)
        await pilot.press("d", "r")  # Ann deploys and is ready: Bo acts next
        await pilot.press("tab", "enter")
        await pilot.pause()
        assert screen.acting_side() == 1 and screen.game.orders[-1].side == 1
        await pilot.press("ctrl+z")  # Bo takes back his own deployment
        await pilot.pause()
        assert screen.local_game().orders[-1].verb == "ready" and screen.local_game().orders[-1].side == 0
        await pilot.press("ctrl+z")  # Ann's "ready" too, both players sitting here: asked first
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and "Take back Ann's last order" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert screen.local_game().orders[-1].verb == "ready"
        await pilot.press("ctrl+z", "y")
        await pilot.pause()
        assert screen.local_game().orders[-1].side == 0 and screen.local_game().orders[-1].verb != "ready"
        assert "↶ Ann takes back: " in log_text(screen) and screen.acting_side() == 0


async def test_hot_seat_spheres_of_war_takes_back_the_other_player_s_move():
    """Every Action of a Match passes the keyboard, so a player could never
    take back a Move of their own (a tester's 'ctrl+z can never work')."""
    game = new("spheres_of_war")
    for side in (0, 1):  # each figure on its own back row, out of reach: a Match of Moves
        placed: set[str] = set()
        while True:
            spots = [o for o in game.legal_orders(side) if isinstance(o, Deploy) and o.unit not in placed]
            if not spots:
                break
            spot = min(spots, key=lambda o: (o.at[1] if side == 0 else -o.at[1], o.at[0]))
            placed.add(spot.unit)
            game = submit(game, spot).game
        game = submit(game, Ready(side)).game
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        if await wait_for(pilot, lambda: app.screen is not screen, tries=20):
            await pilot.press("enter")  # the rule-13 menu: its first pair
        assert await wait_for(pilot, lambda: app.screen is screen and screen.acting_side() is not None)
        mover = screen.acting_side()
        move = next(o for o in screen.local_game().legal_orders(mover) if o.verb == "move")
        screen.submit(move)
        assert await wait_for(pilot, lambda: screen.acting_side() == 1 - mover)
        before = len(screen.local_game().orders)
        await pilot.press("ctrl+z")
        assert await wait_for(pilot, lambda: isinstance(app.screen, Confirm))
        await pilot.press("y")
        assert await wait_for(pilot, lambda: len(screen.local_game().orders) == before - 1)
        assert screen.acting_side() == mover
        assert f"↶ {screen.game.players[mover]} takes back:" in log_text(screen)



async def test_forced_defence_rolls_need_no_key_and_the_log_says_why():
    game = new("spheres_of_war")
    for side in (0, 1):
        game = submit(game, next(o for o in game.legal_orders(side) if o.verb == "deploy-all")).game
        game = submit(game, Ready(side)).game
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        if screen.game.state.match is None:  # several equal pairs: the Instigator picks one
            await pilot.press("1")
        for _ in range(30):
            await pilot.pause()
            if screen.game.state.match is None or screen.game.state.match.number != 1:
                break
        text = log_text(screen)
        assert "is struck and must defend: it rolls a d6" in text
        assert "rolls 1d6 for defence" in text


def test_no_platemail_menu_under_the_commit_key_uses_that_key():
    """p commits (the end-turn key everywhere); the order writer's nested
    menus must not give p another meaning (c used to commit and, one menu
    deeper, to Charge)."""
    import inspect

    from tui.rulesets import platemail_writer
    from tui.rulesets.platemail_review import SideOrders

    assert any(b.key == "p" and b.action == "commit" for b in SideOrders.BINDINGS)
    from tui.rulesets import platemail_keys

    keys = [*platemail_keys.KIND_KEYS.values(), *platemail_keys.CONDITION_KEYS.values(),
            *platemail_keys.GENERAL_KEYS.values()]
    assert "p" not in keys
    assert '("p",' not in inspect.getsource(platemail_writer)


async def test_tab_to_the_next_figure_to_deploy_keeps_the_cursor_near_where_it_was():
    """Deploying, Tab to the next figure off the board puts the cursor on
    the lit cell nearest it, not on the zone's first corner (a tester,
    placing Waylights figures, was sent back to 0,0 each time)."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, new("waylights"))
        board = screen.query_one(BoardView)
        await pilot.press("tab")
        await pilot.pause()
        lit = board.picture.highlights
        far = max(lit, key=lambda c: (c[0], -c[1]))  # the zone's far right end
        board.move_cursor(far)
        await pilot.press("enter")  # the first figure placed there
        await pilot.pause()
        assert len(screen.game.orders) == 1
        await pilot.press("tab")  # the next figure off the board
        await pilot.pause()
        lit = board.picture.highlights
        x, y = board.cursor
        assert board.cursor in lit
        nearest = min(max(abs(c[0] - far[0]), abs(c[1] - far[1])) for c in lit)
        assert max(abs(x - far[0]), abs(y - far[1])) == nearest, (board.cursor, far)
