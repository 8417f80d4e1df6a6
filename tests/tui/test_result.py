"""The end of a game at 80x24: the result screen, rematch, and finished
saves (labelled in Load, never offered by Continue, never re-dated)."""

from __future__ import annotations

import os
import random

import attrs
from textual.widgets import OptionList

from core.events import Rolled
from core.game import start, submit
from core.registry import find_ruleset
from saves.store import list_saves, new_save_path, save_game
from tests.tui.test_every_ruleset import battlefield_for
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.menu import LoadScreen, MainMenu
from tui.result import ResultScreen, luck_by_side, result_lines, summarise

SIZE = (80, 24)


def new(name: str, seed: int = 3):
    rules = find_ruleset(name)
    return start(rules, None, battlefield_for(rules), seed=seed, players=("Ann", "Bo"))


def one_order_from_the_end(name: str, seed: int = 2):
    """A game one order before its end, and that order."""
    game = new(name)
    pick = random.Random(seed)
    while True:
        order = pick.choice(game.legal_orders(min(game.to_act)))
        after = submit(game, order).game
        if after.outcome is not None:
            return game, order, after
        game = after


async def play_to_the_result(pilot, before, last) -> None:
    """Open ``before`` and give its last order: the result screen shows."""
    pilot.app.start_game(before)
    await pilot.pause()
    if not isinstance(pilot.app.screen, ResultScreen):
        pilot.app.screen.submit(last)
        await pilot.pause()
    assert isinstance(pilot.app.screen, ResultScreen)


def test_luck_is_the_pips_against_the_dice_average():
    game = new("spheres_of_war")
    log = (
        Rolled("1d6", (6,), (), 6, "attack", "i1"),       # Ann's figure: 6 against 3.5
        Rolled("2d6", (1, 2), (), 3, "defence", "r1"),    # Bo's figure: 3 against 7
        Rolled("1d2", (1,), (), 1, "who goes first"),     # nobody's: not counted
        Rolled("1d6", (4,), (), 4, "kudos", "Bo"),        # Bo by name: 4 against 3.5
    )
    luck = luck_by_side(attrs.evolve(game, log=log), {"i1": 0, "r1": 1})
    assert (luck[0].dice, luck[0].pips, luck[0].difference) == (1, 6, 2.5)
    assert (luck[1].dice, luck[1].pips, luck[1].difference) == (3, 7, -3.5)
    assert luck[0].lines() == ["1 die, 2.5 pips better than the average (lucky, 2.5 a die)",
                               "  1 die wanted high: 6 pips, average 3.5: 2.5 above (good)"]
    assert luck[1].lines() == ["3 dice, 3.5 pips worse than the average (unlucky, 1.2 a die)",
                               "  3 dice wanted high: 7 pips, average 10.5: 3.5 below (bad)"]


def test_a_roll_wanted_low_is_good_luck_below_the_average():
    # Spheres of War's defence fails on 5-6: a defender who rolled 6 and 5
    # rolled 4 above the average of two d6 and was unlucky; one who rolled
    # 1 and 2 was lucky.
    game = new("spheres_of_war")
    log = (
        Rolled("1d6", (6,), (), 6, "defence", "r1", low_is_good=True),
        Rolled("1d6", (5,), (), 5, "defence", "r1", low_is_good=True),
        Rolled("1d6", (1,), (), 1, "defence", "i1", low_is_good=True),
        Rolled("1d6", (2,), (), 2, "defence", "i1", low_is_good=True),
    )
    luck = luck_by_side(attrs.evolve(game, log=log), {"i1": 0, "r1": 1})
    # "11 pips, 4.0 above the average (unlucky)" read as a contradiction:
    # the verdict says better or worse, and the dice wanted low are
    # counted on a line of their own, above or below their average.
    assert luck[1].lines() == ["2 dice, 4.0 pips worse than the average (unlucky, 2.0 a die)",
                               "  2 dice wanted low: 11 pips, average 7.0: 4.0 above (bad)"]
    assert luck[0].lines() == ["2 dice, 4.0 pips better than the average (lucky, 2.0 a die)",
                               "  2 dice wanted low: 3 pips, average 7.0: 4.0 below (good)"]


def test_rolls_wanted_high_and_low_together_read_as_one_luck():
    # Waylights: 2d6 of attack 3 above the average, a cover d6 of 6 wanted
    # low (2.5 worse): 0.5 better in all, about even.
    game = new("waylights")
    log = (Rolled("2d6", (5, 5), (), 10, "attack", "a1"),
           Rolled("1d6", (6,), (), 6, "cover", "a1", low_is_good=True))
    luck = luck_by_side(attrs.evolve(game, log=log), {"a1": 0})
    assert luck[0].lines() == ["3 dice, 0.5 pips better than the average (about even, 0.2 a die)",
                               "  2 dice wanted high: 10 pips, average 7.0: 3.0 above (good)",
                               "  1 die wanted low: 6 pips, average 3.5: 2.5 above (bad)"]


def test_one_die_showing_one_reads_1_die_1_pip():
    from tui.result import Luck, Rolls

    assert Luck(Rolls(1, 1, 3.5)).lines()[1] == "  1 die wanted high: 1 pip, average 3.5: 2.5 below (bad)"
    assert Luck(Rolls(2, 7, 7.0)).lines() == ["2 dice, exactly the average (about even)",
                                              "  2 dice wanted high: 7 pips, average 7.0: on the average"]


def test_the_summary_counts_figures_left_and_lost():
    _, _, over = one_order_from_the_end("spheres_of_war")
    result = summarise(over)
    units = list(over.ruleset.units(over.state))
    for side, shown in enumerate(result.sides):
        mine = [u for u in units if u.side == side]
        assert len(shown.left) + len(shown.lost) == len(mine)
        assert set(shown.lost) == {u.id for u in mine if u.status == "removed"}
    winner = over.outcome.winner
    assert result.headline == f"{over.players[winner]} wins"
    assert result.turns == over.ruleset.situation(over.state).turn


def test_a_side_beaten_by_knock_outs_has_nobody_left():
    """Waylights' KO (and Platemail's unconscious) are out of the fight: a
    side that lost because all its figures are down is not shown "3 left,
    0 lost", as it was."""
    from core.rulesets.waylights.state import KO

    game = new("waylights")
    while game.state.phase == "deploy":
        game = submit(game, next(o for o in game.legal_orders(min(game.to_act))
                                 if o.verb in ("deploy-all", "ready"))).game
    state = game.state
    down = tuple(attrs.evolve(f, status=KO) if f.side == 0 else f for f in state.fighters)
    over = attrs.evolve(game, state=attrs.evolve(state, fighters=down))
    # (the state is the one the end of the turn would find: the count is what is tested)
    result = summarise(over)
    assert result.sides[0].left == ()
    assert set(result.sides[0].lost) == {f.id for f in down if f.side == 0}
    assert set(result.sides[1].left) == {f.id for f in down if f.side == 1}


def test_platemail_unconscious_figures_are_lost():
    for seed in range(2, 12):  # seed 6 ends with one of the loser's characters dying
        _, _, over = one_order_from_the_end("platemail", seed)
        if over.outcome.winner is not None:
            units = [u for u in over.ruleset.units(over.state) if u.side == 1 - over.outcome.winner]
            if any(u.status.startswith(("dying", "stable")) for u in units):
                break
    else:
        raise AssertionError("no game ended with an unconscious character")
    lost = set(summarise(over).sides[1 - over.outcome.winner].lost)
    assert {u.id for u in units if u.status.startswith(("dying", "stable", "dead"))} == lost


async def test_the_result_screen_then_rematch_with_sides_swapped():
    before, last, _ = one_order_from_the_end("spheres_of_war")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(before)
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        if not isinstance(app.screen, ResultScreen):  # else a forced last roll ended it at once
            screen.submit(last)
            await pilot.pause()
        result = app.screen
        assert isinstance(result, ResultScreen)
        text = str(result.query_one("#result-text").render())
        assert "Turns played" in text and "left" in text and "lost" in text and "luck:" in text
        assert "wins" in str(result.query_one("#result-headline").render())
        await pilot.press("b")  # the final board; Enter on it brings the result back
        assert app.screen is screen
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("r")
        await pilot.pause()
        again = app.screen
        assert isinstance(again, GameScreen) and again is not screen
        assert again.game.players == ("Bo", "Ann")
        assert again.game.options == before.options and again.game.battlefield == before.battlefield
        assert again.game.orders == ()


async def test_new_game_and_main_menu_from_the_result():
    before, last, _ = one_order_from_the_end("plasto_latros")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await play_to_the_result(pilot, before, last)
        await pilot.press("n")
        await pilot.pause()
        assert type(app.screen).__name__ == "NewGameScreen"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)


async def test_a_finished_save_is_labelled_never_continued_and_never_redated(data_dir):
    _, _, over = one_order_from_the_end("spheres_of_war")
    path = new_save_path(over)
    save_game(over, path)
    stamp = os.stat(path).st_mtime_ns
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")  # Continue: nothing unfinished
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        assert any("No unfinished game" in str(n.message) for n in app._notifications)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        assert LoadScreen._text(list_saves()[0]).startswith("finished, ")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
    assert os.stat(path).st_mtime_ns == stamp


async def test_w_on_the_result_watches_the_whole_game_again_and_comes_back():
    from tui.watch import ALL, WatchScreen

    before, last, finished = one_order_from_the_end("waylights")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await play_to_the_result(pilot, before, last)
        await pilot.press("w")
        await pilot.pause()
        watch = app.screen
        assert isinstance(watch, WatchScreen)
        assert watch.index == 0 and watch.history[-1].state == finished.state
        await pilot.press("v", "v")  # the game is over: the view with nothing hidden is offered
        assert watch.viewer == ALL
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)


async def test_the_rulesets_own_entry_has_a_key_too():
    """Optio's "Fight the battle on this ground" (Platemail's "Watch the last
    Round again") is chosen with e, like every other entry with its key."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        chosen = []
        app.push_screen(ResultScreen(new("optio"), extra="Fight the battle on this ground"), chosen.append)
        await pilot.pause()
        assert any(label.startswith("e  Fight") for label, _ in app.screen.choices)
        await pilot.press("e")
        await pilot.pause()
        assert chosen == ["extra"]
        chosen.clear()
        app.push_screen(ResultScreen(new("spheres_of_war")), chosen.append)
        await pilot.pause()
        await pilot.press("e")  # no such entry here: nothing happens
        await pilot.pause()
        assert chosen == [] and isinstance(app.screen, ResultScreen)


def test_the_result_counts_rounds_in_a_ruleset_of_rounds():
    _, _, over = one_order_from_the_end("platemail", 6)
    lines = result_lines(summarise(over))
    assert f"Rounds played: {over.ruleset.situation(over.state).turn}" in lines
    _, _, over = one_order_from_the_end("spheres_of_war")
    assert any(line.startswith("Turns played: ") for line in result_lines(summarise(over)))


async def test_an_enter_as_the_result_opens_picks_nothing_and_an_arrow_then_enter_does():
    """The banner says Enter opens the result; an Enter landing just as it
    opens by itself used to pick the first entry (a rematch) unseen."""
    before, last, _ = one_order_from_the_end("spheres_of_war")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await play_to_the_result(pilot, before, last)
        result = app.screen
        assert result.query_one(OptionList).highlighted is None
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert app.screen is result
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.screen is not result and isinstance(app.screen, GameScreen)
        assert app.screen.game.orders == () and app.screen.game.players == ("Bo", "Ann")  # the first entry: a rematch


def test_a_conceded_optio_pre_game_says_who_conceded_and_no_winner():
    """The pre-game names no winner: conceding it reads "Ann conceded, no
    winner", never "Bo wins" (docs/rulings.md, Conceding).  The luck of each
    side's first-move die stays: a real roll that decided who moved first."""
    from core.orders import Concede

    game = new("optio")
    pick = random.Random(4)
    for _ in range(3):
        game = submit(game, pick.choice(game.legal_orders(min(game.to_act)))).game
    over = submit(game, Concede(0)).game
    result = summarise(over)
    assert result.headline == "Ann conceded, no winner"
    lines = result_lines(result)
    assert lines[0] == "Why: Ann conceded; no battlefield is chosen, so no battle follows on this map."
    assert not any("wins" in line for line in lines)
    assert sum(1 for line in lines if line.startswith("  luck: 1 die")) == 2


def test_a_game_that_ends_as_a_turn_begins_counts_the_turns_played():
    """Spheres of War's rule 22 ends the game as a turn begins with one side
    alone on the field: nothing of that turn is played.  A tester read
    "Turns played: 5" after a game that ended as turn 5 began."""
    from core.events import GameOver, TurnStarted

    _, _, over = one_order_from_the_end("spheres_of_war")
    assert "rule 22" in over.outcome.reason
    began = over.log[-2]
    assert isinstance(began, TurnStarted) and isinstance(over.log[-1], GameOver)
    lines = result_lines(summarise(over))
    assert f"Turns played: {began.turn - 1} (the game ended as turn {began.turn} began)" in lines
    # a game ended by the last order of its turn counts that turn as played
    _, _, limit = one_order_from_the_end("platemail", 6)
    assert not isinstance(limit.log[-2], TurnStarted)
    turn = limit.ruleset.situation(limit.state).turn
    assert f"Rounds played: {turn}" in result_lines(summarise(limit))
