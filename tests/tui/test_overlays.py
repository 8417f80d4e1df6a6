"""See what a move gives (issue 29): with a figure selected, the board marks
the cells its facts concern and the cursor card says what the cursor cell
means for it, at 80x24, in every ruleset with such facts.  Positions are
hand-built; what each mark should say is worked out from the rules (the
core tests of each fact do the same by hand)."""

from __future__ import annotations

from core.game import start
from core.values import evolve
from tests.tui.test_glance import SIZE, open_game, screen_text
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.side_panel import SidePanel


def cell_text(board: BoardView, cell) -> str:
    """The columns the board draws for ``cell`` (its row's strip)."""
    x, y = cell
    row = "".join(seg.text for seg in board._row_strip(y))
    return row[x * board.cell_w:(x + 1) * board.cell_w]


async def move_to(pilot, board: BoardView, cell) -> None:
    board.move_cursor(cell)
    await pilot.pause()


def game_of(rules, state, players=("Ann", "Bob")):
    game = start(rules, None, state.battlefield, seed=3, players=players)
    return evolve(game, state=state)


# -- Spheres of War ----------------------------------------------------------------

async def test_spheres_of_war_marks_the_opponents_reach_and_the_matched_pair():
    from core.rulesets.spheres_of_war import RULESET
    from tests.rulesets.spheres_of_war.helpers import position

    state, _ = position({"i1": (5, 5), "r1": (5, 9), "i2": (0, 0)})
    game = game_of(RULESET, state)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        board = screen.query_one(BoardView)
        assert screen.selected == "i1"
        # the Matched pair wear M, the figure outside the Match none (the help promises it)
        assert cell_text(board, (5, 5)).strip() == "I1M" and cell_text(board, (5, 9)).strip() == "R1M"
        assert cell_text(board, (0, 0)).strip() == "I2"
        # r1 reaches 4,8 (touching) and 5,6 (two inches up, then touching): i1 would be struck there
        assert cell_text(board, (4, 8)) == " .r"
        # a Move of i1 to 5,7 ends within r1's reach: its lit cell reads [r]; 5,4 (away) stays [.]
        assert cell_text(board, (5, 7)) == "[r]"
        assert cell_text(board, (5, 4)) == "[.]"
        # out of reach: unmarked
        assert cell_text(board, (9, 2)) == " . "
        text = screen_text(app)
        assert "r: cells where r1 can strike i1" in text
        await move_to(pilot, board, (5, 7))
        card = screen.query_one("#cursor-unit").text
        assert "within reach of r1" in card


# -- Waylights -------------------------------------------------------------------------

async def test_waylights_marks_the_weapons_reach_the_shots_a_move_gives_and_the_cover():
    from core.rulesets.waylights import RULESET
    from tests.rulesets.waylights.helpers import position

    rows = ["..........", "..........", "..........", "..........", "..........",
            "....,.....", "..........", "..........", "..........", ".........."]
    state = position([("a1", 0, "fighter", (1, 1)), ("b1", 1, "fighter", (5, 3)), ("b2", 1, "archer", (4, 5))],
                     "a1", rows=rows)
    game = game_of(RULESET, state)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        board = screen.query_one(BoardView)
        assert screen.selected == "a1"
        # a Move to 4,3 or 5,2 ends beside b1 (a sword reaches no diagonal, so 4,2 gives nothing):
        # the lit cell names b1's number; 4,4 is beside b2 (on the brush at 4,5) only
        assert cell_text(board, (4, 3)) == "[1]" and cell_text(board, (5, 2)) == "[1]"
        assert cell_text(board, (4, 2)) == "[.]"
        assert cell_text(board, (4, 4)) == "[2]"
        assert "w: a1's sword reaches" in screen.query_one(SidePanel).text
        await move_to(pilot, board, (4, 5))
        card = screen.query_one("#cursor-unit").text
        # b2 stands on the brush: cover from it comes from its own cell (the line's end, beside it)
        assert "Sight a1→here: 100% in view" in card
        assert "Cover of b2: light, from brush at 4,5 (light)" in card
        assert "sword: does not reach b2 from here" in card
        await move_to(pilot, board, (5, 2))
        assert "A move here gives an attack on b1 this turn" in screen.query_one("#cursor-unit").text


# -- Plasto Latros ---------------------------------------------------------------------

async def test_plasto_latros_counts_attackers_names_their_arcs_and_the_compass_says_what_a_facing_does(tmp_path):
    """a1 at 6,4 facing S; b1 at 5,7 facing N, b2 at 6,11 facing N (a Movement: 4 cells)."""
    from core.board import Facing
    from tests.tui.test_plasto_latros import open_game as open_saved
    from tests.tui.test_plasto_latros import prepared
    from tui.rulesets.plasto_latros_modals import FacingPicker

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_saved(pilot, prepared(), tmp_path)
        board = screen.query_one(BoardView)
        await move_to(pilot, board, (6, 4))
        await pilot.press("enter")
        assert screen.selected == "a1"
        # at 5,6 facing S a1 attacks b1 (5,7, in its front arc): b1 is Locked In Battle;
        # b2 can come up to 6,7 and then to 6,5, behind a1, with the two Movements of
        # Bo's turn: one attacker from the back Dooms (Attacking And Defending): [D]
        assert cell_text(board, (5, 6)) == "[D]"
        # 6,0 has no cell behind it, and only b1 comes so far (to its side, with both Movements)
        assert cell_text(board, (6, 0)) == "[1]"
        await move_to(pilot, board, (5, 6))
        card = screen.query_one("#cursor-unit").text
        assert "Sight a1→here: 100% in view" in card
        assert "could be attacked next turn: b2 contact from its back (2 Movements)" in card
        await move_to(pilot, board, (6, 2))
        assert "outside a1's front arc" in screen.query_one("#cursor-unit").text
        # the arcs stay shaded with a1 selected: the lit cells in them read [f] / [b]
        await move_to(pilot, board, (6, 4))
        await pilot.press("a")
        await pilot.pause()
        assert screen.selected == "a1"
        assert cell_text(board, (6, 5)) == "[f]" and cell_text(board, (6, 3)) == "[b]"
        await pilot.press("a")  # arcs off again
        # the compass starts on a1's own facing (S) and says what each facing attacks
        await move_to(pilot, board, (5, 6))
        await pilot.press("enter")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, FacingPicker)
        assert picker.facing is Facing.S
        outcomes = str(picker.query_one("#facing-outcomes").render())
        assert "attacks b1 (Locked In Battle)" in outcomes
        assert "Facing S ↓: attacks b1 (Locked In Battle)" in str(picker.query_one("#facing-now").render())
        # facing SE it attacks b1, which is then Locked: only b2 could come round, by 4,8
        # to 4,6 (its back when facing SE) with both Movements of Bo's turn
        se = next(line for line in outcomes.splitlines() if " SE " in line)
        assert "attacks b1 (Locked In Battle)" in se and "back open to b2" in se and "b1" not in se.split(";")[1]
        await pilot.press("k")  # N: b1 behind
        await pilot.pause()
        assert "Facing N ↑: back open to b1" in str(picker.query_one("#facing-now").render())
        await pilot.press("escape")


# -- Platemail -------------------------------------------------------------------------

async def test_platemail_marks_where_a_skulk_stays_hidden_and_writes_a_move_from_any_reachable_cell():
    """The rogue a1 at 5,5; the knight b1 at 5,9 with a wall at 5,7 between; a hedge at 7,5."""
    from core.rulesets.platemail import RULESET
    from core.rulesets.platemail.orders import Write
    from core.rulesets.platemail.state import Action
    from tests.rulesets.platemail.helpers import position
    from tests.rulesets.platemail.test_glance import ROWS
    from tui.rulesets.platemail_writer import OrderWriter

    state = position([("rogue", 0, (5, 5)), ("knight", 1, (5, 9))], rows=ROWS)
    game = game_of(RULESET, state)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        board = screen.query_one(BoardView)
        if screen.selected != "a1":
            await move_to(pilot, board, (5, 5))
            await pilot.press("enter")
        assert screen.selected == "a1"
        assert cell_text(board, (5, 6)) == "[h]"  # behind the wall: concealed from b1
        assert cell_text(board, (7, 5)) == "[h]"  # in the hedge: cover
        assert cell_text(board, (3, 5)) == "[.]"  # b1 sees it clear past the wall
        assert "h: a Skulk of a1 ending there stays Hidden" in screen.query_one(SidePanel).text
        await move_to(pilot, board, (3, 5))
        card = screen.query_one("#cursor-unit").text
        assert "Sight a1→here: 100% in view" in card and "A Skulk here is seen clear by b1" in card
        # a reachable cell no sample order points at still takes a Move
        samples = {o.first.to for o in RULESET.legal_orders(game.view(0), 0)
                   if isinstance(o, Write) and o.first.kind is Action.MOVE}
        cell = next(c for c in sorted(board.picture.highlights) if c not in samples and c != (5, 5))
        await move_to(pilot, board, cell)
        await pilot.press("enter")
        await pilot.pause()
        writer = next(s for s in app.screen_stack if isinstance(s, OrderWriter))
        assert writer.acts["first"] is not None and writer.acts["first"].kind is Action.MOVE
        assert writer.acts["first"].to == cell


async def test_platemail_orders_menu_does_not_list_a_move_to_every_cell():
    from core.rulesets.platemail import RULESET
    from tests.rulesets.platemail.helpers import position
    from tests.rulesets.platemail.test_glance import ROWS

    state = position([("rogue", 0, (5, 5)), ("knight", 1, (5, 9))], rows=ROWS)
    game = game_of(RULESET, state)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        samples = RULESET.legal_orders(game.view(0), 0)
        assert len(screen.orders) > len(samples)  # the board offers more Moves
        assert screen.adapter.menu_orders(game, list(screen.orders)) == list(samples)


# -- the marks the help promises ---------------------------------------------------------

def test_spheres_of_war_labels_carry_every_mark_the_help_lists_in_full_and_compact_cells():
    from core.registry import find_ruleset
    from core.ruleset import UnitView
    from tui.rulesets import adapter_for

    adapter = adapter_for(find_ruleset("spheres_of_war"))

    def unit(uid, markers):
        return UnitView(id=uid, side=0 if uid[0] == "i" else 1, name="x", pos=(0, 0), status="s",
                        glyph=uid[0].upper(), markers=markers)

    full = {m: adapter.unit_label(unit("i3", m)) for m in ("M", "C", "C!", "M!", "z", "L", "")}
    assert full == {"M": "I3M", "C": "I3C", "C!": "I3!", "M!": "I3!", "z": "I3z", "L": "I3L", "": "I3 "}
    assert adapter.unit_label(unit("r2", "M"), compact=True) == "RM"
    assert adapter.unit_label(unit("r2", "z"), compact=True) == "r2"
    assert adapter.unit_label(unit("r2", ""), compact=True) == "R2"


def test_each_rulesets_help_explains_its_new_marks():
    from tui.help import help_text

    words = {
        "spheres_of_war": ["`M` Matched", "`C` in combat", "`z` Inert", "reads `r`"],
        "waylights": ["`w`", "`[1]` for b1", "cover that enemy has"],
        "plasto_latros": ["`[D]`", "arc of your mini", "starts on the way the mini faces now"],
        "platemail": ["reads `h`", "Enter on any of them opens the writer with that Move", "in the character's sight"],
    }
    for name, needed in words.items():
        text = " ".join(help_text(name).split())
        for w in needed:
            assert " ".join(w.split()) in text, (name, w)
