"""Testers' report, Spheres of War at 80x24: the card of a figure whose
locked partner was removed still said "In combat with r1"; q and F1 did
nothing in the rule-13 Match menu, though the footer and the banner under
it promised them; Enter on a figure that cannot act gave no reason; cards
and the f list said "ready" for unMatched; the help could not be searched
for "rule 27" or "off the board", and never said what the computer's
"wins 58% this Match, 59% in the end" means."""

from __future__ import annotations

import re

from core.game import submit
from core.orders import OfferDraw
from core.rulesets.spheres_of_war import RULESET
from tests.rulesets.spheres_of_war.helpers import position
from tests.rulesets.spheres_of_war.test_removed_partner_unmatched_and_match_endings import locked_pair_r1_falls
from tests.tui.drawn import screen_rows
from tests.tui.test_computer import wait_for
from tests.tui.test_concede import words
from tests.tui.test_flow import log_text
from tests.tui.test_help_search import open_rules, search, status
from tests.tui.test_keys import game_screen, played
from tests.tui.test_sow_match_menu import SIZE, choosing_a_match
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.game_screen import GameScreen
from tui.help import HelpScreen, help_text, search_pattern, searchable
from tui.modals import ChoiceMenu, LeaveOrConcede
from tui.result import ResultScreen
from tui.rulesets.base import unit_headline
from tui.rulesets.spheres_of_war import SpheresOfWarAdapter

ADAPTER = SpheresOfWarAdapter(RULESET)


def view_of(state, uid: str):
    return next(u for u in RULESET.units(state) if u.id == uid)


def card(state, uid: str) -> list[str]:
    return ADAPTER.figure_lines(state, view_of(state, uid), 0)


# -- 1. a removed partner is no partner (rule 38) -------------------------------------------------


def test_the_card_of_a_figure_whose_locked_partner_fell_says_no_combat():
    state, _ = locked_pair_r1_falls()  # turn 2, Match 2 (i2 v r2) under way
    lines = card(state, "i1")
    assert lines[0] == "i1 Instigator 1: Inert at 5,5"
    assert not any("In combat with" in line for line in lines), lines
    assert "Inert: resolved this turn" in lines


def test_the_card_of_a_locked_figure_waiting_for_its_match_still_says_so():
    # the line is right while both stand: i1-r1 wait, the closer i2-r2 play first
    state, _ = position({"i1": (2, 2), "r1": (3, 3), "i2": (8, 8), "r2": (8, 9)},
                        version="v0.2", locked=(("i1", "r1"),))
    assert "In combat with r1 from last turn" in card(state, "i1")
    held = ADAPTER.why_idle(None, state, view_of(state, "i1"))  # and Enter on it says so, not "unMatched"
    assert held == "i1 waits for its Match with r1, still locked in combat from last turn; " \
                   "only the Matched pair, i2 and r2, act (rule 14)"


# -- 5. unMatched, the rules' word -------------------------------------------------------------------


def test_the_card_calls_a_figure_in_no_match_unmatched():
    state, _ = position({"i1": (5, 3), "r1": (5, 6), "r2": (10, 11)})
    assert unit_headline(view_of(state, "r2")) == "r2 Retaliator 2: unMatched at 10,11"
    assert "ready" not in " ".join(card(state, "r2"))


# -- 3. Enter on a figure with no order: the ruleset's reason ------------------------------------------


def test_why_idle_says_a_figure_outside_the_match_is_not_matched():
    state, _ = position({"i1": (5, 3), "r1": (5, 6), "i2": (0, 0), "r2": (11, 11)})
    held = ADAPTER.why_idle(None, state, view_of(state, "i2"))
    assert held == "i2 is unMatched, and only the Matched pair, i1 and r1, act (rule 14)"


def test_why_idle_says_whose_action_it_is_for_the_matched_opponent():
    state, _ = position({"i1": (5, 3), "r1": (5, 6), "i2": (0, 0), "r2": (11, 11)})
    held = ADAPTER.why_idle(None, state, view_of(state, "r1"))  # the Instigator acts first (rule 16)
    assert held is not None and held.startswith("it is i1's Action") and "rule 16" in held


def test_why_idle_says_an_inert_figure_is_done_for_the_turn():
    state, _ = locked_pair_r1_falls()
    held = ADAPTER.why_idle(None, state, view_of(state, "i1"))
    assert held is not None and "Inert" in held and "rule 19" in held


def matched_with_an_unmatched_figure_at_the_keyboard():
    """A hot-seat game in a Match whose acting side has a figure on the
    board in no Match and not Inert."""
    for cap in range(20, 120):
        game = played("spheres_of_war", cap)
        m = game.state.match
        if game.outcome is not None or m is None:
            continue
        side = min(game.to_act)
        idle = [u for u in RULESET.units(game.state) if u.side == side and u.pos is not None
                and u.id not in (m.instigator, m.retaliator, *game.state.inert)]
        if idle:
            return game, idle[0], m
    raise AssertionError("no such moment in the games tried")


async def test_enter_on_an_unmatched_figure_says_why_in_the_log(data_dir):
    game, idle, m = matched_with_an_unmatched_figure_at_the_keyboard()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await game_screen(pilot, game)
        screen.query_one(BoardView).move_cursor(idle.pos)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        said = " ".join(log_text(screen).split())
        assert (f"{idle.id} has no order to give now: {idle.id} is unMatched, and only the "
                        f"Matched pair, {m.instigator} and {m.retaliator}, act (rule 14).") in said, said


# -- 2. q, F1 and ? from the rule-13 Match menu --------------------------------------------------------


async def menu_open(pilot, app, game) -> tuple[GameScreen, ChoiceMenu]:
    app.start_game(game)
    await pilot.pause()
    menu = app.screen
    assert isinstance(menu, ChoiceMenu) and menu.menu_title.startswith("Rule 13")
    screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    return screen, menu


async def test_q_in_the_match_menu_asks_to_leave_and_staying_returns_to_the_menu(data_dir):
    game, _ = choosing_a_match()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen, menu = await menu_open(pilot, app, game)
        await pilot.press("q")
        assert await wait_for(pilot, lambda: isinstance(app.screen, LeaveOrConcede))
        await pilot.press("escape")  # stay
        assert await wait_for(pilot, lambda: app.screen is menu)
        assert screen.modal_open  # the game screen still knows its window is open
        await pilot.press("o")  # the board's keys stay behind the menu: nothing else opens
        await pilot.pause()
        assert app.screen is menu
        assert "F1 help" in menu.hint and "q quit" in menu.hint  # and the menu says so


async def test_f1_and_question_mark_in_the_match_menu_open_the_rules(data_dir):
    game, pairs = choosing_a_match()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen, menu = await menu_open(pilot, app, game)
        for key in ("f1", "question_mark"):
            await pilot.press(key)
            assert await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
            await pilot.press("escape")
            assert await wait_for(pilot, lambda: app.screen is menu)
        await pilot.press("1")  # the menu still works after the help
        assert await wait_for(pilot, lambda: len(screen.game.orders) == len(game.orders) + 1)
        assert screen.game.orders[-1] == pairs[0]


async def test_conceding_from_the_match_menu_leaves_no_menu_over_the_finished_game(data_dir):
    game, _ = choosing_a_match()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen, menu = await menu_open(pilot, app, game)
        await pilot.press("q")
        assert await wait_for(pilot, lambda: isinstance(app.screen, LeaveOrConcede))
        await pilot.press("c", "y")  # concede, and yes
        assert await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        assert screen.game.outcome is not None
        await pilot.press("escape")  # the result closed: the board, not a Match to choose
        assert await wait_for(pilot, lambda: app.screen is screen)
        assert menu not in app.screen_stack and not screen.modal_open


async def test_q_in_the_match_menu_answers_a_draw_offer_as_the_banner_says(data_dir):
    game, _ = choosing_a_match()
    retaliator = 1 - game.state.instigator
    game = submit(game, OfferDraw(retaliator)).game
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        _, menu = await menu_open(pilot, app, game)
        await pilot.press("q")
        assert await wait_for(pilot, lambda: isinstance(app.screen, LeaveOrConcede))
        said = " ".join(words(app.screen).split())
        assert f"{game.players[retaliator]} offers a draw: a agrees" in said, said


# -- 6. the help found by the words a player types --------------------------------------------------------


def found(words: str) -> bool:
    pattern = search_pattern(words)
    return pattern is not None and pattern.search(searchable(help_text("spheres_of_war"))) is not None


def test_the_help_is_found_by_rule_numbers_and_off_the_board():
    assert found("rule 27") and found("off the board")
    assert found("rule 13") and found("rule 38") and found("unMatched")


async def test_searching_the_help_for_rule_27_lands_on_leaving_the_board(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_rules(pilot, app, "spheres_of_war")
        await search(pilot, "rule 27")
        # Its heading cites rules 23-27; the page's intro, before it, only names rule 27 as an example.
        assert re.fullmatch(r"rule 27: 2 of \d+, in Actions in a Match", status(app)), status(app)
        assert any("(rule 27)" in row for row in screen_rows(app)), screen_rows(app)
        await search(pilot, "off the board")
        assert status(app).startswith("off the board: 1 of"), status(app)


# -- 7. what the computer's figures mean -------------------------------------------------------------------


def test_the_help_says_what_this_match_and_in_the_end_mean_and_that_neither_is_the_game():
    text = " ".join(help_text("spheres_of_war").split())
    section = text.split("## The computer's reasons")[1].split("## ")[0]
    assert re.search(r'"strikes r3: wins \d+% this Match, \d+% in the end"', section)
    assert "before the Match's Actions run out" in section
    assert "until one falls or the turn limit comes" in section
    assert "None of them is the chance of winning the game" in section


def test_the_reason_the_help_quotes_is_the_computers_own_wording():
    # The help's example is the shape the computer writes (core/ai/spheres_of_war.py),
    # worked out here by the rules: a strike at Action step 1 (r1's first, say)
    # leaves defence rolls at steps 2-9, 5-6 failing each (rules 33-36).
    from core.ai.spheres_of_war import SpheresKnowledge

    fails = 2 / 6
    falls, standing = [0.0, 0.0], 1.0
    for n in range(8):  # the struck rolls at steps 2, 4, ... and the striker at 3, 5, ...
        falls[n % 2] += standing * fails
        standing *= 1 - fails
    assert f"{falls[0]:.0%}" == "58%"  # the help's "wins 58% this Match"
    state, _ = position({"i1": (5, 3), "r1": (5, 6), "i2": (0, 0), "r2": (11, 11)})
    said = SpheresKnowledge._strike(state, "i1", 1)
    assert re.fullmatch(r"strikes i1: wins 58% this Match, \d+% in the end", said), said
