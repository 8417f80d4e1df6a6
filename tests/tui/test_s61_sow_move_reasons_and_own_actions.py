"""Testers' report, Spheres of War: Enter on a cell no Move reaches gave
only "No order points here" (expected the reason: rules 25-27 on the grid,
docs/rulings.md), and the card said "Actions used 1/10" as if the Match's
count were the figure's own (rule 17: five each)."""

from __future__ import annotations

from core.game import Game
from core.rulesets.spheres_of_war import RULESET
from tests.rulesets.spheres_of_war.helpers import PLAYERS, board, play, position
from tests.tui.test_flow import log_text
from tests.tui.test_keys import game_screen
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.rulesets.spheres_of_war import SpheresOfWarAdapter

ADAPTER = SpheresOfWarAdapter(RULESET)
SIZE = (80, 24)
WALLED = board("............", "............", "............", "....#.......")


def start():
    # i1 at 5,3 faces r1 at 5,7: a Move goes along column 5 (rule 26); i2 at 5,2 behind i1
    return position({"i1": (5, 3), "r1": (5, 7), "i2": (5, 2), "r2": (11, 11)})


def game_of(state) -> Game:
    return Game("spheres_of_war", state.options, state.battlefield, 7, PLAYERS, state)


def test_in_contact_the_reason_is_fight_only():
    state, _ = position({"i1": (5, 3), "r1": (5, 4), "r2": (11, 11)})
    why = ADAPTER.why_nothing_at(game_of(state), 0, None, (5, 1))
    assert why is not None and "can only Fight" in why and "rule 30" in why


# -- the card: the figure's own five Actions -------------------------------------------------------------


def view_of(state, uid: str):
    return next(u for u in RULESET.units(state) if u.id == uid)


def test_the_card_counts_the_figures_own_actions_not_the_matchs():
    from core.rulesets.spheres_of_war.orders import Move

    state, _ = start()
    state, _ = play(state, Move(0, "i1", (5, 4)))  # i1's first Action: step 1 of the Match
    i1 = ADAPTER.figure_lines(state, view_of(state, "i1"), 0)
    r1 = ADAPTER.figure_lines(state, view_of(state, "r1"), 0)
    assert "Own Actions used: 1 of 5 (Match: 1 of 10)" in i1, i1
    assert "Own Actions used: 0 of 5 (Match: 1 of 10)" in r1, r1
    assert not any("1/10" in line for line in i1 + r1)


# -- Enter on the board says it -----------------------------------------------------------------------------


async def enter_on(cell, state) -> str:
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await game_screen(pilot, game_of(state))
        await pilot.press("tab")  # i1, the figure whose Action it is
        await pilot.pause()
        assert screen.selected == "i1"
        screen.query_one(BoardView).move_cursor(cell)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        return " ".join(log_text(screen).split())


async def test_enter_past_an_own_figure_says_what_blocks_the_way():
    said = await enter_on((5, 1), start()[0])
    assert "✗ i1 cannot Move to 5,1: the straight way from 5,3 to 5,1 is blocked by i2 at 5,2" in said, said
    assert "No order points here" not in said


async def test_enter_off_the_line_says_straight_toward_or_away():
    said = await enter_on((6, 4), start()[0])
    assert "✗ i1 cannot Move to 6,4: 6,4 is not straight toward or away from r1" in said, said


async def test_enter_behind_a_wall_names_the_wall():
    state, _ = position({"i1": (4, 2), "r1": (4, 7), "r2": (11, 11)}, bf=WALLED)
    said = await enter_on((4, 4), state)
    assert "✗ i1 cannot Move to 4,4: the straight way from 4,2 to 4,4 is blocked by wall at 4,3" in said, said
