"""The "▶ NAME to play" line of a hot-seat game comes after every event of
the order that passed the turn, never between them (a tester's report:
it fell between a defence roll and the defeat it caused, because it was
written while the narrator still showed that order's events one at a
time).

The position: i1 (Ann's, side 0) and r1 (Bob's) in contact, so Match 1 is
all Fights the screen gives by itself; each defence roll that holds is an
order whose events are the roll and the strike back, after which the
other side is to act.  Scripted defence rolls 2, 3, 2, 6: the fourth, i1's,
falls (a defence of 5-6 falls), and Match 2 (i2 against r2, far apart)
begins with Ann to choose.

What the log should read is worked out from the core alone: the game's
orders replayed one by one, each with its events, and a turn marker after
an order whenever the side to act changed (as ``acting_side`` picks it:
the lowest side able to act).
"""

from __future__ import annotations

import pytest

from core.game import Game, submit
from tests.rulesets.spheres_of_war.helpers import OPEN, PLAYERS, options, position
from tui.app import SkirmishApp
from tui.game_screen import GameScreen

SIZE = (80, 24)


def exchange() -> Game:
    state, events = position({"i1": (5, 5), "r1": (5, 6), "i2": (0, 0), "r2": (11, 11)},
                             dice=(2, 3, 2, 6))
    return Game(ruleset_name="spheres_of_war", options=options(), battlefield=OPEN, seed=7,
                players=PLAYERS, state=state, log=tuple(events))


def expected_lines(start: Game, played: Game) -> list[str]:
    """The log as it should read (the "›" lines saying why a forced order
    was given left out): the opening events, then each order's events and,
    when the side to act changed with it, the marker naming the new one."""
    lines = [event.sentence for event in start.log]
    game = start
    for order in played.orders:
        before = min(game.to_act)
        done = submit(game, order)
        assert not hasattr(done, "code"), f"the replay refused {order}"
        game = done.game
        lines += [event.sentence for event in done.events]
        if game.to_act and min(game.to_act) != before:
            lines.append(f"▶ {game.players[min(game.to_act)]} to play")
    assert game.log == played.log  # the replay is the game played
    return lines


def shown_lines(screen: GameScreen) -> list[str]:
    lines = [str(line.text) for line in screen.query_one("#log").lines]
    return [line for line in lines if not line.startswith("›")]


def match_two_for_ann(screen: GameScreen) -> bool:
    match = screen.game.state.match
    return (match is not None and match.number == 2 and 0 in screen.game.to_act
            and not screen.narrator.busy)


@pytest.mark.parametrize("pace", ["normal", "step", "instant"])
async def test_the_turn_marker_follows_every_event_of_the_order_that_passed_the_turn(data_dir, monkeypatch, pace):
    monkeypatch.setattr("tui.narrator.PAUSE", 0.05)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.narration_pace = pace
        app.seat_kinds = ("human", "human")
        start = exchange()
        app.show_game(start, None)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for _ in range(400):
            if match_two_for_ann(screen):
                break
            if pace == "step" and screen.narrator.busy:
                await pilot.press("z")  # the next event (a key with no order of its own)
            await pilot.pause(0.03)
        assert match_two_for_ann(screen), "Match 1 should be over and Ann to choose"
        played = screen.local_game()
        # i1 strikes, then four defence rolls that each pass the turn on (the last one falls).
        assert sum(1 for o in played.orders if o.verb == "fight") == 5
        expected = expected_lines(start, played)
        assert expected.count("▶ Ann to play") == 2 and expected.count("▶ Bob to play") == 2
        assert shown_lines(screen) == expected
