"""Plasto Latros through the app, by key presses only, asserting on the game
state the screen holds: a Doom, the defender's free Movement (which Dooms
the attacker in turn), the attacker declining, and the removal at the end
of the turn.  Also the arcs shading, the facing compass, shots with their
visible share, the final turn, and ``skirmish replay --json``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from textual.widgets import RichLog

from core.board import Arc, Facing, arc_of
from core.deployment import Deploy, Ready
from core.events import Removed
from core.game import Game, start, submit
from core.rulesets.plasto_latros.options import PlastoOptions
from core.rulesets.plasto_latros.orders import Move, Pass
from core.rulesets.plasto_latros.state import Phase
from saves.library import battlefield_named
from saves.store import save_game
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.game_screen import GameScreen
from tui.modals import ChoiceMenu, Confirm
from tui.rulesets.plasto_latros_modals import FacingPicker

SIZE = (80, 24)
ROOT = Path(__file__).resolve().parents[2]


def play(game: Game, *orders) -> Game:
    for order in orders:
        result = submit(game, order)
        assert hasattr(result, "game"), result
        game = result.game
    return game


def prepared(shooters: int = 0) -> Game:
    """Open field, two minis a side.  After the opening moves a1 stands at
    6,4 facing S, b1 at 5,7 facing N, b2 at 6,11 facing N, a2 far off at 0,0;
    it is Ann's turn 3 with two Movements."""
    options = PlastoOptions(minis=2, shooters_0=shooters, shooters_1=0)
    game = start("plasto_latros", options, battlefield_named("pl-open"), seed=1, players=("Ann", "Bo"))
    return play(
        game,
        Deploy(0, "a1", (6, 1)), Deploy(0, "a2", (0, 0)), Ready(0),
        Deploy(1, "b1", (5, 10)), Deploy(1, "b2", (6, 11)), Ready(1),
        Move(0, "a1", (6, 4), Facing.S), Pass(0),
        Move(1, "b1", (5, 7), Facing.N), Pass(1),
    )


async def open_game(pilot, game: Game, tmp_path: Path) -> GameScreen:
    path = tmp_path / "prepared.json"
    save_game(game, path)
    pilot.app.open_saved(path)
    await pilot.pause()
    screen = next(s for s in pilot.app.screen_stack if isinstance(s, GameScreen))
    return screen


async def cursor_to(pilot, screen: GameScreen, cell) -> None:
    """Walk the cursor there with the direction keys."""
    board = screen.query_one(BoardView)
    for _ in range(40):
        if board.cursor == cell:
            break
        x, y = board.cursor
        key = "l" if cell[0] > x else "h" if cell[0] < x else "j" if cell[1] > y else "k"
        await pilot.press(key)
    assert board.cursor == cell


async def test_doom_free_movement_and_removal_by_keyboard(tmp_path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, prepared(), tmp_path)
        state = screen.game.state
        assert state.phase is Phase.PLAY and state.active == 0 and state.movements_left == 2
        banner = str(screen.query_one("#banner").render())
        assert "Movements left 2/2" in banner
        # Facing shows on the board without colour: a1 faces S.
        assert screen.query_one(BoardView).picture.labels["a1"] == "a1↓"

        # Select a1, take it to 6,8 behind b1: the compass asks the facing.
        await cursor_to(pilot, screen, (6, 4))
        await pilot.press("enter")
        assert screen.selected == "a1"
        assert (6, 8) in screen.query_one(BoardView).picture.highlights
        await cursor_to(pilot, screen, (6, 8))
        await pilot.press("enter")
        picker = app.screen
        assert isinstance(picker, FacingPicker)
        assert set(picker.choices) == set(Facing)
        assert picker.facing is Facing.S  # starts on the direction of travel
        await pilot.press("y", "enter")  # NW, towards b1
        await pilot.pause()

        # b1 is attacked from behind: Doomed; Bo is owed a free Movement.
        state = screen.game.state
        assert state.mini("a1").pos == (6, 8) and state.mini("a1").facing is Facing.NW
        assert state.movements_left == 1
        assert state.doomed == ("b1",) and state.pending_free == (1,)
        assert screen.game.to_act == {1}
        banner_modal = app.screen
        assert isinstance(banner_modal, ChoiceMenu)
        assert "Bo: free Movement — your mini b1 is Doomed" in banner_modal.menu_title
        assert "D" in screen.query_one(BoardView).picture.labels["b1"]
        await pilot.press("1")  # take it on the board
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)

        # Bo's free Movement: b2 steps to 6,9 behind a1, facing N at it.
        assert screen.selected == "b2"  # the only mini free to answer is picked for Bo
        await cursor_to(pilot, screen, (6, 9))
        await pilot.press("enter")
        picker = app.screen
        assert isinstance(picker, FacingPicker)
        assert picker.facing is Facing.N
        await pilot.press("enter")
        await pilot.pause()

        # a1 is now attacked from behind: it is Doomed, b1 is saved, and Ann
        # is owed a free Movement in turn.
        state = screen.game.state
        assert state.mini("b2").pos == (6, 9)
        assert state.doomed == ("a1",) and state.pending_free == (0,)
        assert state.active == 0 and state.movements_left == 1
        banner_modal = app.screen
        assert isinstance(banner_modal, ChoiceMenu)
        assert "Ann: free Movement — your mini a1 is Doomed" in banner_modal.menu_title
        await pilot.press("2")  # decline
        await pilot.pause()
        state = screen.game.state
        assert state.pending_free == () and state.active == 0

        # Ann passes her last Movement: the turn ends and a1 is removed.
        await pilot.press("p")
        assert isinstance(app.screen, Confirm)  # a Movement is left: asked first
        await pilot.press("y")
        await pilot.pause()
        state = screen.game.state
        assert state.mini("a1").pos is None
        assert state.mini("b1").pos == (5, 7) and state.mini("b2").pos == (6, 9)
        assert state.active == 1 and state.turn == 4
        assert any(isinstance(e, Removed) and e.unit == "a1" for e in screen.game.log)
        assert screen.game.orders[-1] == Pass(0)


def freed_attacker_game() -> Game:
    """Bo's turn 6 has just Doomed a2 (b3 behind it); a2's attack on b1 is
    all that keeps b1 from counting against a1, which b2 attacks too."""
    options = PlastoOptions(minis=3, shooters_0=0, shooters_1=0)
    game = start("plasto_latros", options, battlefield_named("pl-open"), seed=1, players=("Ann", "Bo"))
    return play(
        game,
        Deploy(0, "a1", (5, 1)), Deploy(0, "a2", (4, 1)), Deploy(0, "a3", (11, 0)), Ready(0),
        Deploy(1, "b1", (4, 10)), Deploy(1, "b2", (6, 10)), Deploy(1, "b3", (4, 11)), Ready(1),
        Move(0, "a1", (5, 5), Facing.N), Move(0, "a2", (2, 4), Facing.E),
        Move(1, "b1", (4, 7), Facing.N), Move(1, "b1", (4, 5), Facing.E),  # b1 at a1's side
        Move(0, "a2", (4, 6), Facing.N), Pass(0),  # a2 attacks b1 from its side
        Move(1, "b2", (7, 7), Facing.N), Move(1, "b3", (4, 8), Facing.N),
        Move(0, "a3", (11, 1), Facing.S), Pass(0),
        Move(1, "b2", (6, 5), Facing.W), Move(1, "b3", (4, 7), Facing.N),
    )


async def test_a_doom_at_the_start_of_a_turn_is_logged_and_offers_the_free_movement(tmp_path):
    """Issue 11, point 5: declining ends Bo's turn; a2's removal frees b1,
    so a1 starts Ann's turn Doomed: the log says so and Ann is asked."""
    game = freed_attacker_game()
    assert game.state.doomed == ("a2",) and game.state.pending_free == (0,)
    assert "a1" not in game.state.doomed
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game, tmp_path)
        assert isinstance(app.screen, ChoiceMenu) and "a2 is Doomed" in app.screen.menu_title
        await pilot.press("2")  # decline: Bo's turn ends, a2 is removed
        await pilot.pause()
        state = screen.game.state
        assert state.mini("a2").pos is None and state.active == 0
        assert state.doomed == ("a1",) and state.pending_free == (0,)
        prompt = app.screen
        assert isinstance(prompt, ChoiceMenu)
        assert "Ann: free Movement — your mini a1 is Doomed" in prompt.menu_title
        shown = " ".join(" ".join(line.text for line in screen.query_one(RichLog).lines).split())
        assert "a1 is Doomed (two attackers in contact)" in shown
        assert "Ann gains a Defending Free Movement" in shown


async def test_arcs_turn_and_shot_share(tmp_path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        # a1 is a shooter facing S; b1 (5,7) is in its front arc, fully in view.
        screen = await open_game(pilot, prepared(shooters=1), tmp_path)
        await cursor_to(pilot, screen, (6, 4))
        await pilot.press("enter")
        await pilot.press("a")
        shades = screen.query_one(BoardView).picture.shades
        for cell in [(6, 9), (0, 11), (11, 0), (6, 0), (0, 4)]:
            arc = arc_of((6, 4), Facing.S, cell)
            expected = {Arc.FRONT: "f", Arc.BACK: "b"}.get(arc)
            assert shades.get(cell) == expected
        assert shades[(6, 9)] == "f" and shades[(6, 0)] == "b" and (0, 4) not in shades
        await pilot.press("a")
        assert not screen.query_one(BoardView).picture.shades

        # The panel shows the target's share in view; s declares it.
        panel = str(screen.query_one("#panel").render())
        assert "b1 100%" in panel
        await pilot.press("s")
        menu = app.screen
        assert isinstance(menu, ChoiceMenu)
        assert "100% visible" in menu.choices[0][0]
        await pilot.press("1")
        await pilot.pause()
        state = screen.game.state
        assert state.shot_this_turn == ("a1",)
        b1 = next(u for u in screen.game.ruleset.units(state) if u.id == "b1")
        assert b1.markers == "TP"  # Threatened and Pinned by the shot

        # t turns in place: the compass offers every facing but the current one.
        await pilot.press("t")
        picker = app.screen
        assert isinstance(picker, FacingPicker)
        assert Facing.S not in picker.choices and len(picker.choices) == 7
        await pilot.press("h")  # W
        await pilot.press("enter")
        await pilot.pause()
        state = screen.game.state
        assert state.mini("a1").facing is Facing.W and state.movements_left == 1


async def test_final_turn_relocates_with_the_cursor(tmp_path):
    # Ann's a1 attacks both of Bo's minis at once: they are Locked and cannot
    # move, Ann's a2 can, so Ann gets the final turn when hers ends.
    options = PlastoOptions(minis=2, shooters_0=0, shooters_1=0)
    game = start("plasto_latros", options, battlefield_named("pl-open"), seed=1, players=("Ann", "Bo"))
    game = play(
        game,
        Deploy(0, "a1", (5, 1)), Deploy(0, "a2", (0, 0)), Ready(0),
        Deploy(1, "b1", (5, 10)), Deploy(1, "b2", (4, 10)), Ready(1),
        Move(0, "a1", (5, 5), Facing.S), Pass(0),
        Move(1, "b1", (5, 7), Facing.N), Move(1, "b2", (4, 7), Facing.N),
        # Ann: a1 steps to 5,6 facing S: attacks b1 (5,7) and b2 (4,7).
        Move(0, "a1", (5, 6), Facing.S),
    )
    state = game.state
    assert state.pending_free == ()  # b1, b2 not Doomed: each has one attacker in front
    game = play(game, Pass(0))
    state = game.state
    # Bo's minis are Locked (Threatened), Ann's a2 is free: Ann plays a final turn.
    assert state.phase is Phase.FINAL and state.active == 0
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game, tmp_path)
        assert "FINAL" in str(screen.query_one("#banner").render())
        assert screen.selected == "a2"  # the only mini able to move is picked
        assert (6, 8) in screen.query_one(BoardView).picture.highlights  # any free cell
        await cursor_to(pilot, screen, (6, 8))  # behind b1
        await pilot.press("enter")
        picker = app.screen
        assert isinstance(picker, FacingPicker) and len(picker.choices) == 8
        await pilot.press("y", "enter")  # NW at b1
        await pilot.pause()
        state = screen.game.state
        assert state.mini("a2").pos == (6, 8) and state.mini("a2").facing is Facing.NW
        assert "b1" in state.doomed
        await pilot.press("p", "y")
        await pilot.pause()
        state = screen.game.state
        assert state.phase is Phase.OVER and state.mini("b1").pos is None


def test_replay_json_prints_facing_and_status(tmp_path):
    game = play(prepared(), Move(0, "a1", (6, 8), Facing.NW))
    path = tmp_path / "doom.json"
    save_game(game, path)
    done = subprocess.run([sys.executable, "-m", "tui", "replay", str(path), "--json"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["ruleset"] == "plasto_latros" and data["to_act"] == [1]
    units = {u["id"]: u for u in data["units"]}
    assert units["a1"]["pos"] == [6, 8] and units["a1"]["facing"] == "NW"
    assert units["a1"]["status"] == "locked in battle"
    assert units["b1"]["facing"] == "N"
    assert units["b1"]["status"] == "threatened, locked in battle, doomed"
    assert units["a2"]["status"] == "ready"


def test_board_marks_for_artifacts_climbs_and_jumps():
    import attrs

    from core.registry import find_ruleset
    from tui.rulesets import adapter_for

    rules = find_ruleset("plasto_latros")
    adapter = adapter_for(rules)
    # Artifacts of the shrine stand on the board as {X}.
    options = PlastoOptions(minis=1, shooters_0=0, shooters_1=0, goal="artifacts")
    game = start(rules, options, battlefield_named("pl-shrine"), seed=1, players=("Ann", "Bo"))
    marks = adapter.cell_marks(game, game.state, None)
    assert marks == {(7, 6): "{G}", (7, 7): "{I}", (11, 4): "{B}"}

    # Rooftops: a1 on the roof at 1,3 (level 1) beside the street (level 0):
    # the street cells are climb-down/jump cells [v]; at 1,1 in the street
    # the roof cells are climb-up cells [^].
    options = PlastoOptions(minis=1, shooters_0=0, shooters_1=0)
    game = start(rules, options, battlefield_named("pl-rooftops"), seed=1, players=("Ann", "Bo"))
    game = play(game, Deploy(0, "a1", (1, 1)), Ready(0), Deploy(1, "b1", (8, 11)), Ready(1))
    a1 = next(u for u in rules.units(game.state) if u.id == "a1")
    marks = adapter.cell_marks(game, game.state, a1)
    assert marks == {(1, 2): " ^ ", (2, 2): " ^ "}
    state = game.state.replace(attrs.evolve(game.state.mini("a1"), pos=(1, 3)))
    game = attrs.evolve(game, state=state)
    a1 = next(u for u in rules.units(state) if u.id == "a1")
    marks = adapter.cell_marks(game, state, a1)
    assert marks == {(0, 2): " v ", (0, 3): " v ", (0, 4): " v "}


async def test_orders_menu_groups_the_facings_of_one_destination(tmp_path):
    from tui.rulesets.plasto_latros_modals import FacingStep, StepMenu

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, prepared(), tmp_path)
        await cursor_to(pilot, screen, (6, 4))
        await pilot.press("enter", "o")
        menu = app.screen
        assert isinstance(menu, StepMenu)
        labels = [label for label, _ in menu.choices]
        # One entry per destination, not eight: 6,8 appears once.
        assert sum("moves to 6,8" in label for label in labels) == 1
        assert labels[0].startswith("a1 turns in place")
        assert any(label.startswith("pass") for label in labels)
        step = menu.choices[0][1]
        assert isinstance(step, FacingStep) and len(step.choices) == 7
        await pilot.press("1")
        assert isinstance(app.screen, FacingPicker)
        await pilot.press("escape")  # back to the menu, nothing given
        assert app.screen is menu
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert screen.game.state.movements_left == 2 and screen.game.state.mini("a1").facing is Facing.S


async def test_a_key_that_does_nothing_says_why_in_the_log(tmp_path):
    """s and t with no mini selected, or s on a mini that cannot shoot,
    used to do nothing at all: now the log pane says why."""
    def log(screen: GameScreen) -> str:
        return " ".join(" ".join(line.text for line in screen.query_one(RichLog).lines).split())

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, prepared(shooters=0), tmp_path)  # Ann's turn; a1 a warrior
        assert screen.selected is None
        await pilot.press("s")
        await pilot.pause()
        assert "Select a shooter of yours first (Tab, or Enter on it), then s." in log(screen)
        await pilot.press("t")
        await pilot.pause()
        assert "Select a mini of yours first (Tab, or Enter on it), then t." in log(screen)
        await cursor_to(pilot, screen, (6, 4))
        await pilot.press("enter")
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "a1 is not a long-range shooter." in log(screen)
