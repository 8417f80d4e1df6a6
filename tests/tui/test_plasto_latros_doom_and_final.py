"""Plasto Latros, two things a tester met at 80x24:

* a lit cell read ``[1]`` where the one enemy that could attack the mini
  would come from its back, which Dooms it alone (seed 000, *Attacking And
  Defending*: the back is uniquely vulnerable; docs/rulings.md, Doom); the
  side panel's ``[2]`` legend made ``[1]`` read as safe.  Such a cell now
  reads ``[D]``, full and compact, as does one two enemies could reach;
* a lit cell read ``[.]`` and the card "no enemy could attack" where an
  enemy could attack with both Movements of its turn (seed 000,
  *Movement*: two a turn, both for one mini if its player likes); the
  glance now weighs each enemy's whole turn;
* in the final turn ``p`` ended the game at once although minis could
  still relocate or shoot (seed 000, *Ending The Game*: the player moves
  all remaining movable minis, then the game is over)."""

from __future__ import annotations

import attrs

from core.board import Arc, Facing
from core.deployment import Deploy, Ready
from core.game import Game, start
from core.registry import find_ruleset
from core.rulesets.plasto_latros.glance import threats_at
from core.rulesets.plasto_latros.options import PlastoOptions
from core.rulesets.plasto_latros.orders import Move, Pass, Shoot
from core.rulesets.plasto_latros.state import Phase
from saves.library import battlefield_named
from tests.tui.test_plasto_latros import SIZE, cursor_to, open_game, play, prepared
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.game_screen import GameScreen
from tui.modals import Confirm
from tui.rulesets import adapter_for

RULES = find_ruleset("plasto_latros")


def unit(game: Game, uid: str):
    return next(u for u in RULES.units(game.state) if u.id == uid)


def cell_text(board: BoardView, cell) -> str:
    x, y = cell
    w = board.cell_w
    return "".join(seg.text for seg in board._row_strip(y).crop(x * w, x * w + w))


# In prepared(): Ann's a1 at 6,4 facing S, Bo's b1 at 5,7 and b2 at 6,11;
# a Movement reaches 4 cells, and Bo's turn has two (seed 000, *Movement*).
BACK_ONLY = (5, 5)  # b1 could reach a1 there from its back with one Movement
FRONT_ONLY = (6, 0)  # on the edge, no cell behind it: b1 alone could come, to its side, with two
TWO_MOVES = (6, 1)  # b1 could reach a1's back there, but only with both Movements
TWO = (3, 3)  # b1 and b2 could both reach it there


def test_the_cells_behind_and_the_count_agree_with_the_rules():
    game = prepared()
    state = game.state
    back = threats_at(state, "a1", BACK_ONLY, Facing.S)
    assert [(t.enemy, t.how, t.arc, t.movements) for t in back][0] == ("b1", "contact", Arc.BACK, 1)
    front = threats_at(state, "a1", FRONT_ONLY, Facing.S)
    assert [(t.enemy, t.how, t.arc) for t in front] == [("b1", "contact", Arc.LEFT)]
    assert {t.enemy for t in threats_at(state, "a1", TWO, Facing.S)} == {"b1", "b2"}
    far = threats_at(state, "a1", TWO_MOVES, Facing.S)
    assert [(t.enemy, t.how, t.arc, t.movements) for t in far] == [("b1", "contact", Arc.BACK, 2)]
    # and it is a Doom indeed: a1 goes there, b1 comes round to its back
    after = play(game, Move(0, "a1", BACK_ONLY, Facing.S), Pass(0), Move(1, "b1", (4, 4), Facing.SE))
    assert "a1" in after.state.doomed
    # two Movements: up the file, then behind it (the tester's Rooftops turn 7)
    after = play(game, Move(0, "a1", TWO_MOVES, Facing.S), Pass(0),
                 Move(1, "b1", (5, 3), Facing.N), Move(1, "b1", (5, 0), Facing.SE))
    assert "a1" in after.state.doomed


def test_a_lit_cell_where_one_enemy_from_behind_dooms_reads_d():
    game = prepared()
    marks = adapter_for(RULES).cell_marks(game, game.state, unit(game, "a1"))
    assert marks[BACK_ONLY] == " D "  # one attacker from the back Dooms alone
    assert marks[TWO_MOVES] == " D "  # with both Movements of its turn
    assert marks[TWO] == " D "  # two attackers Doom from any side
    assert marks[FRONT_ONLY] == " 1 "  # one from a side only Threatens


async def test_the_doom_mark_full_and_compact_and_the_panel_explains_it(tmp_path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, prepared(), tmp_path)
        board = screen.query_one(BoardView)
        await cursor_to(pilot, screen, (6, 4))
        await pilot.press("enter")
        assert screen.selected == "a1"
        await cursor_to(pilot, screen, BACK_ONLY)
        await pilot.pause()
        shown = {}
        for _ in range(2):
            shown[board.compact] = (cell_text(board, BACK_ONLY), cell_text(board, FRONT_ONLY))
            await pilot.press("z")
            await pilot.pause()
        assert shown[False] == ("[D]", "[1]")
        assert shown[True] == ("D]", "1]")  # compact: the key under its column number, then "]"
        panel = str(screen.query_one("#panel").render())
        assert "[D]: Doomed" in panel and "[1]: 1 enemy" in panel
        assert "two enemies could attack" not in panel
        card = " ".join(screen.adapter.cursor_lines(screen.game, screen.game.state, unit(screen.game, "a1"),
                                                    BACK_ONLY))
        assert "b1 contact from its back" in card and "Doomed there" in card
        card = " ".join(screen.adapter.cursor_lines(screen.game, screen.game.state, unit(screen.game, "a1"),
                                                    TWO_MOVES))
        assert "b1 contact from its back (2 Movements) — Doomed there" in card


def final_turn() -> Game:
    """Ann's a1 attacks both of Bo's minis (Locked, so Bo cannot move):
    Ann's final turn, her a2 at 0,0 still free to relocate."""
    options = PlastoOptions(minis=2, shooters_0=0, shooters_1=0)
    game = start("plasto_latros", options, battlefield_named("pl-open"), seed=1, players=("Ann", "Bo"))
    game = play(
        game,
        Deploy(0, "a1", (5, 1)), Deploy(0, "a2", (0, 0)), Ready(0),
        Deploy(1, "b1", (5, 10)), Deploy(1, "b2", (4, 10)), Ready(1),
        Move(0, "a1", (5, 5), Facing.S), Pass(0),
        Move(1, "b1", (5, 7), Facing.N), Move(1, "b2", (4, 7), Facing.N),
        Move(0, "a1", (5, 6), Facing.S), Pass(0),
    )
    assert game.state.phase is Phase.FINAL and game.state.active == 0
    return game


async def test_p_in_the_final_turn_asks_while_a_mini_could_relocate(tmp_path):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, final_turn(), tmp_path)
        await pilot.press("p")
        await pilot.pause()
        asked = app.screen
        assert isinstance(asked, Confirm)
        assert "game ends" in asked.question and "a2 could still relocate" in asked.question
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert screen.game.state.phase is Phase.FINAL and screen.game.outcome is None
        await pilot.press("p", "y")
        await pilot.pause()
        assert screen.game.state.phase is Phase.OVER


def test_p_in_the_final_turn_asks_while_a_shooter_could_shoot():
    game = final_turn()
    state = game.state
    # a2 a shooter that has relocated already: it may still shoot at b2
    minis = tuple(attrs.evolve(m, shooter=True) if m.id == "a2" else m for m in state.minis)
    game = attrs.evolve(game, state=attrs.evolve(state, minis=minis, final_moved=("a2",)))
    orders = game.legal_orders(0)
    assert any(isinstance(o, Shoot) for o in orders)
    order, question = adapter_for(RULES).end_turn(game, 0, orders)
    assert isinstance(order, Pass)
    assert question is not None and "a2 could still shoot" in question and "relocate" not in question


def test_p_in_the_final_turn_does_not_ask_once_nothing_could_act():
    game = final_turn()
    state = game.state
    game = attrs.evolve(game, state=attrs.evolve(state, final_moved=("a2",)))  # a1 is Locked
    orders = game.legal_orders(0)
    assert [type(o) for o in orders] == [Pass]
    assert adapter_for(RULES).end_turn(game, 0, orders) == (orders[0], None)
