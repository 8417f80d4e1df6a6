"""The Optio pre-game in the TUI and its hand-off to the other rulesets:
the operational map, hidden identities across the hot-seat handover, the
template placed by keys, "Fight this battle with...", and the new-game
form's battlefield sources.  Asserts on the games the screens hold and on
the saves, never on mocks."""

from __future__ import annotations

import random
import re

import attrs

from core.game import start, submit
from core.registry import find_ruleset
from core.rulesets.optio import template as tpl
from core.rulesets.optio.generator import generate_map
from core.rulesets.optio.maps import SMALL, map_battlefield
from core.rulesets.optio.state import Kind, Phase
from core.rulesets.optio.terrain import battlefield_for, opened_glyph, profile_of
from saves.store import list_saves, load_game
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.game_screen import GameScreen
from tui.modals import ChoiceMenu, Handover
from tui.newgame import NewGameScreen
from tui.result import ResultScreen
from tui.rulesets.optio import template_shift
from tui.rulesets.optio_fight import FightScreen
from tui.rulesets.optio_handoff import PlayOptioFirst
from tui.rulesets.optio_template import TemplateScreen, shift_on_map
from tui.widgets import Cycler

SIZE = (80, 24)
OPTIO = find_ruleset("optio")


def pre_game(seed: int = 4, map_seed: int = 1):
    options = attrs.evolve(OPTIO.default_options(), map_seed=map_seed, turn_limit=2, kudos=0)
    return start(OPTIO, options, map_battlefield(generate_map(map_seed)), seed=seed, players=("Ann", "Bo"))


def play_to_template(game, seed: int = 3):
    """Random legal orders (as the menus offer them) until the armies meet."""
    pick = random.Random(seed)
    for _ in range(500):
        if game.state.phase is Phase.TEMPLATE:
            return game
        game = submit(game, pick.choice(game.legal_orders(min(game.to_act)))).game
    raise AssertionError("the armies never met")


def game_screen(app) -> GameScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))


async def new_game_form(pilot, ruleset_name: str):
    """New game from the main menu, the ruleset chosen by keys: the form."""
    await pilot.press("n")
    form = pilot.app.screen
    ruleset = form.query_one("#ruleset", Cycler)
    while ruleset.value != ruleset_name:
        ruleset.focus()
        await pilot.press("right")
        await pilot.pause()
    return form


async def place_template_by_keys(pilot) -> tuple[int, int]:
    """On the template screen: shift by an arrow (the preview follows it);
    a shift the rules refuse stays refused and is taken back, and the next
    arrow is tried, until one is allowed (the form's game has a seed of its
    own, so which shift the ground allows varies); Enter.  Returns the
    (forward, right) the screen showed."""
    screen = pilot.app.screen
    assert isinstance(screen, TemplateScreen)
    for arrow, back in (("right", "left"), ("left", "right"), ("up", "down"), ("down", "up")):
        await pilot.press(arrow)
        moved = (screen.forward, screen.right)
        assert moved != (0, 0), "an arrow shifts the template"
        state = screen.view_state
        expected_rows = tpl.cut(state.map, state.meeting, state.second_edge, 1 - screen.side, screen.side,
                                *moved).rows
        preview = str(screen.query_one("#tpl-preview").render())
        assert "\n".join(" ".join(r) for r in expected_rows) in preview  # the live preview follows the shift
        if screen.allowed:
            break
        assert "NOT ALLOWED" in str(screen.query_one("#tpl-status").render())
        await pilot.press("enter")  # refused: the screen stays
        assert pilot.app.screen is screen
        await pilot.press(back)
        assert (screen.forward, screen.right) == (0, 0)
    chosen = (screen.forward, screen.right)
    assert screen.allowed
    await pilot.press("enter")
    await pilot.pause()
    return chosen


async def test_play_optio_first_from_the_form_then_fight_with_another_ruleset(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        form = app.screen
        assert isinstance(form, NewGameScreen)
        assert form.query_one("#ruleset", Cycler).value == "spheres_of_war"
        bf = form.query_one("#battlefield", Cycler)
        bf.focus()
        for _ in range(len(bf.values)):  # the last source: play an Optio pre-game first
            if isinstance(bf.value, PlayOptioFirst):
                break
            await pilot.press("right")
        assert isinstance(bf.value, PlayOptioFirst)
        assert "Optio pre-game" in bf.labels[bf.index]
        await pilot.press("ctrl+g")
        await pilot.pause()
        screen = game_screen(app)
        assert screen.game.ruleset_name == "optio"
        assert list_saves()[0].ruleset == "optio"  # the pre-game is saved like any game
        # The board draws the operational map at its own scale: 5x5 large squares.
        if isinstance(app.screen, Handover):
            await pilot.press("enter")
        board = screen.query_one(BoardView)
        assert (board.picture.battlefield.width, board.picture.battlefield.height) == (5, 5)
        assert board.picture.cell_size is not None
        # Drive the scouting and closing by orders, then the rest by keys.
        game = play_to_template(screen.local_game())
        app.autosave(game)
        screen.game = game
        screen.keyboard_side = None
        screen.redraw()
        await pilot.pause()
        assert isinstance(app.screen, Handover)
        await pilot.press("enter")
        await pilot.pause()
        chosen = await place_template_by_keys(pilot)
        result = screen.game.state.result
        assert result is not None and (result.forward, result.right) == chosen
        assert isinstance(app.screen, ResultScreen)  # game over: the battle is fought at ...
        assert app.screen.result.headline == "The armies meet"  # not "a draw"
        # Each side's line says where its army ended and the coins it kept;
        # no blocks left or lost, no luck from the one roll for who moves first.
        text = str(app.screen.query_one("#result-text").render())
        placer = app.screen.game.players[result.placer]
        x, y = result.meeting
        # The shift in the placer's frame, then which way that was on the map.
        where = template_shift(*chosen)
        on_map = shift_on_map(*chosen, result.second_edge)
        assert on_map or chosen == (0, 0)  # an arrow shifted it, unless the ground allows no shift
        shown = f"{where}, that is {on_map} on the map" if on_map else where
        assert f"{placer}: army held square {x},{y} first and placed the template ({shown})" in text
        assert f"marched in by the {result.second_edge.word} side" in text
        # The form starts a game of its own seed, so the coins kept vary: "1
        # kudo coin left" is as right as "3 kudo coins left".
        assert re.search(r"\d+ kudo coins? left", text) and "luck" not in text and "left:" not in text
        await pilot.press("e")  # its own entry: fight the battle on this ground
        await pilot.pause()
        fight = app.screen
        assert isinstance(fight, FightScreen)
        assert fight.choices[0].name == "spheres_of_war"  # the ruleset chosen in the form comes first
        assert "\n".join(" ".join(r) for r in result.rows) in str(fight.query_one("#fight-field Static").render())
        await pilot.press("enter")
        await pilot.pause()
        # The battle's form, pre-filled: the ruleset, and the ground the pre-game chose.
        form = app.screen
        assert isinstance(form, NewGameScreen) and form.query_one("#ruleset", Cycler).value == "spheres_of_war"
        assert form.query_one("#battlefield", Cycler).value == battlefield_for(result, "spheres_of_war")
        await pilot.press("ctrl+g")
        await pilot.pause()
        battle = game_screen(app)
        assert battle is not screen and battle.game.ruleset_name == "spheres_of_war"
        expected = battlefield_for(result, "spheres_of_war")
        field = battle.game.battlefield
        assert (field.width, field.height) == (16, 8) == (expected.width, expected.height)
        assert field.rows == expected.rows
        # Spheres of War: one cell a small square, as the template cut it, but
        # for blocking ground opened so the zones reach each other (the form's
        # game has a seed of its own: some maps need a ford, most do not).
        profile = profile_of(find_ruleset("spheres_of_war"))
        for got, cut in zip(field.rows, result.rows, strict=True):
            assert all(g == c or g == opened_glyph(profile, c) for g, c in zip(got, cut, strict=True)), (got, cut)
        assert battle.game.players == ("Player 1", "Player 2")
        saved = [s for s in list_saves() if s.ruleset == "spheres_of_war"]
        assert len(saved) == 1 and load_game(saved[0].path).battlefield == field


async def test_only_the_newest_saved_pre_game_result_is_a_battlefield_source_in_the_form(data_dir):
    """The ordinary form offers the newest finished pre-game's ground, named
    as such, and no other: finishing pre-games does not add a
    "generated-NNNN" entry each (a tester's list grew from 9 to 10)."""
    import os

    from saves.store import new_save_path, save_game

    def finished_pre_game(map_seed: int):
        game = play_to_template(pre_game(map_seed=map_seed))
        game = submit(game, OPTIO.legal_orders(game.state, game.state.active)[0]).game
        assert game.outcome is not None
        return game

    older, newer = finished_pre_game(1), finished_pre_game(2)
    assert battlefield_for(older.state.result, "plasto_latros").rows != \
        battlefield_for(newer.state.result, "plasto_latros").rows
    path = new_save_path(older)
    save_game(older, path)
    os.utime(path, (1_000_000_000, 1_000_000_000))  # saved long before the other
    save_game(newer, new_save_path(newer))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await new_game_form(pilot, "plasto_latros")
        bf = form.query_one("#battlefield", Cycler)
        grounds = [label for label in bf.labels if "Optio pre-game's ground" in label]
        assert grounds == ["The last Optio pre-game's ground (Ann v Bo, 32x16)"]
        assert not any("generated" in label or "Optio save" in label for label in bf.labels)
        bf.focus()
        for _ in range(len(bf.values)):
            if bf.labels[bf.index] == grounds[0]:
                break
            await pilot.press("right")
        assert bf.labels[bf.index] == grounds[0]
        await pilot.press("ctrl+g")
        await pilot.pause()
        battle = game_screen(app)
        assert battle.game.ruleset_name == "plasto_latros"
        expected = battlefield_for(newer.state.result, "plasto_latros")
        assert (battle.game.battlefield.width, battle.game.battlefield.height) == (32, 16)
        assert battle.game.battlefield.rows == expected.rows


def screen_text(screen: GameScreen) -> str:
    board = screen.query_one(BoardView)
    labels = " ".join(board.picture.labels.values())
    panel = str(screen.query_one("#panel").render())
    return labels + "\n" + panel


async def test_one_side_never_sees_the_others_unrevealed_blocks():
    game = pre_game(seed=8, map_seed=5)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(game)
        await pilot.pause()
        screen = game_screen(app)
        seen = set()
        for _ in range(14):
            if isinstance(app.screen, Handover):
                # Nothing of the last player's view shows behind the handover.
                picture = screen.query_one(BoardView).picture
                assert picture is None or picture.hidden
                await pilot.press("enter")
                await pilot.pause()
            if screen.game.state.phase is not Phase.SCOUTING:
                break
            side = screen.keyboard_side
            seen.add(side)
            state = screen.game.state
            text = screen_text(screen)
            for block in state.blocks:
                if block.gone:
                    continue
                label = screen.adapter.unit_label(next(u for u in screen.units if u.id == block.id))
                if block.side == side or block.revealed:
                    assert label[0] == {"army": "A", "scout": "S", "dummy": "D"}[block.kind.value]
                    assert label in text
                else:
                    assert label == f"?{block.id}"
                    assert f"{block.id} {block.kind.value}" not in text
                    assert f"{block.kind.value[0].upper()}{block.id}" not in text
            assert all(b.kind is Kind.UNKNOWN for b in screen.view_state.blocks
                       if b.side != side and not b.revealed)
            # Move every block of this side once (by orders), then end the turn by the menu.
            mover = random.Random(len(state.blocks) + state.turn)
            for _ in range(3):
                moves = [o for o in screen.orders if o.verb == "move"]
                if moves:
                    assert screen.submit(mover.choice(moves))
            await pilot.pause()
            end = [o for o in screen.orders if o.verb == "end-turn"]
            assert screen.submit(end[0])
            await pilot.pause()
        assert seen == {0, 1}


async def test_with_a_generated_map_the_form_offers_only_that_map():
    """The pre-game is played on its operational map, not on a shipped
    battlefield: with the map generated, the Battlefield row offers only
    the map its seed draws, and the game starts on it."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await new_game_form(pilot, "optio")
        seed = form.query_one(f"#opt-{form.generation}-map_seed")
        seed.value = "4"
        await pilot.pause()
        bf = form.query_one("#battlefield", Cycler)
        assert bf.labels == ["the map drawn from seed 4 (40x40)"]
        assert bf.value.rows == generate_map(4).rows
        await pilot.press("ctrl+g")
        await pilot.pause()
        game = game_screen(app).game
        assert game.state.map.rows == generate_map(4).rows and game.battlefield.rows == generate_map(4).rows


async def test_a_blank_or_wordy_map_seed_is_refused_not_played_as_seed_1():
    """A tester cleared the map seed and the game began on seed 1 without a
    word: a whole-number field that holds no whole number is refused."""
    from tui.newgame import NewGameScreen

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await new_game_form(pilot, "optio")
        seed = form.query_one(f"#opt-{form.generation}-map_seed")
        for typed in ("", "seven", "3-"):
            seed.value = typed
            await pilot.pause()
            await pilot.press("ctrl+g")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen), typed
            said = str(form.query_one("#problem").render())
            assert "must be a whole number" in said, (typed, said)
        seed.value = "-4"  # a negative seed is a seed
        await pilot.pause()
        assert "whole number" not in str(form.query_one("#problem").render())


async def test_the_form_starts_optio_on_a_shipped_map_and_the_board_draws_it():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form = await new_game_form(pilot, "optio")
        choice = form.query_one(f"#opt-{form.generation}-map_name", Cycler)
        choice.focus()
        while choice.value != "river-crossing":
            await pilot.press("right")
        await pilot.pause()
        bf = form.query_one("#battlefield", Cycler)
        assert bf.value is not None and bf.value.name == "river-crossing"  # only that map fits
        assert bf.labels == ["map river-crossing (40x40)"]
        await pilot.press("ctrl+g")
        await pilot.pause()
        screen = game_screen(app)
        assert screen.game.ruleset_name == "optio" and screen.game.state.map.name == "river-crossing"
        if isinstance(app.screen, Handover):
            await pilot.press("enter")
        board = screen.query_one(BoardView)
        # One cell a large square, its glyph the terrain most of its 8x8 small squares have.
        op_map = screen.game.state.map
        for y in range(5):
            for x in range(5):
                patch = [op_map.rows[y * SMALL + dy][x * SMALL + dx] for dy in range(SMALL) for dx in range(SMALL)]
                assert patch.count(board.picture.battlefield.rows[y][x]) == max(patch.count(g) for g in set(patch))
        # Tab takes the first block (off the map: the cursor goes to a square it may enter).
        await pilot.press("tab")
        block = screen.selected
        assert screen.game.state.block(block).pos is None and board.cursor in board.picture.highlights
        # A move is given on its (lit) large square.
        moves = [o for o in screen.orders if o.verb == "move" and o.unit == block]
        target = moves[-1].to
        assert target in board.picture.highlights
        board.move_cursor(target)
        await pilot.press("enter")
        await pilot.pause()
        moved = screen.game.state.block(block)
        assert moved.pos == target


def test_the_result_says_which_way_the_template_was_shifted():
    # forward/right as the placer faces the second army's side (template.py)
    assert template_shift(0, 0) == "centred"
    # the shift the rules allow is one small square (seed 003), not a large square of the map
    assert template_shift(1, 0) == "one small square forward"
    assert template_shift(-1, 0) == "one small square back"
    assert template_shift(0, 1) == "one small square right"
    assert template_shift(1, -1) == "one small square forward and one left"


async def test_the_orders_menu_offers_a_hidden_army_the_scout_of_their_revealed_army():
    """Seed: scouting may "reveal another army" in the square; the menu of a
    hidden army that walked in on Red's known army offers that scout (not
    only "End the turn"), says the armies meet, and picking it meets them."""
    from core.rulesets.optio.state import Edge
    from tests.rulesets.optio.helpers import place, with_kinds

    game = pre_game(seed=8, map_seed=5)
    state = with_kinds(game.state)
    state = place(state, "r-army", (2, 2), edge=Edge.S, arrived=1, revealed=True)
    state = place(state, "g-army", (2, 1), arrived=2)
    game = attrs.evolve(game, state=attrs.evolve(state, clock=2, active=0, first=0))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(game)
        await pilot.pause()
        screen = game_screen(app)
        if isinstance(app.screen, Handover):
            await pilot.press("enter")
            await pilot.pause()
        assert screen.keyboard_side == 0
        move = next(o for o in screen.orders if o.to_text() == "move side=0 unit=g-army to=2,2")
        assert screen.submit(move)
        await pilot.pause()
        screen.selected = None
        await pilot.press("o")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, ChoiceMenu)
        labels = {value.to_text(): label for label, value in menu.choices}
        scout = "scout side=0 unit=g-army target=r-army"
        assert scout in labels and "end-turn side=0" in labels
        assert "armies meet" in labels[scout]
        index = [value.to_text() for _, value in menu.choices].index(scout)
        await pilot.press(*["down"] * index, "enter")
        await pilot.pause()
        state = screen.game.state
        assert state.phase is Phase.TEMPLATE and state.meeting == (2, 2) and state.first_army == 1


async def test_p_before_any_block_has_moved_says_what_the_rules_ask():
    """A scouting turn ends only after a block has moved; ``p`` before that
    says so in the rules' words, not "give the order asked for"."""
    from tests.tui.test_flow import log_text

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(pre_game())
        await pilot.pause()
        screen = game_screen(app)
        if isinstance(app.screen, Handover):
            await pilot.press("enter")
            await pilot.pause()
        assert screen.game.state.phase is Phase.SCOUTING and not screen.game.state.moved
        before = len(screen.game.orders)
        await pilot.press("p")
        await pilot.pause()
        assert "Move at least one block before ending the turn." in log_text(screen)
        assert len(screen.game.orders) == before  # nothing was given
