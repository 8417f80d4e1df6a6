"""Every blow is seen (issue 29): against the computer, the events the
player did not choose -- the computer's orders and the player's forced
Spheres of War fights, defence rolls included -- are shown one at a time
(the log pane's newest line, the figures marked on the board), and a key
pressed meanwhile only shows the next one: it never gives an order on a
board the player has not seen.

The position: i1 (the player's, side 0) and r1 (the computer's) in
contact, so Match 1 is all forced Fights; i2 and r2 far apart form Match 2,
where ``p`` would make i2 Wait.  Scripted defence rolls 2, 3, 2, 6: the
fourth, i1's, fails (rule: a defence of 5-6 falls)."""

from __future__ import annotations

import pytest

from core.events import Rolled
from core.game import Game
from tests.rulesets.spheres_of_war.helpers import OPEN, PLAYERS, options, position
from tui.app import SkirmishApp
from tui.board import BoardView
from tui.game_screen import GameScreen

SIZE = (80, 24)
PLAYER_CELL = (5, 5)
COMPUTER_CELL = (5, 6)


def exchange() -> Game:
    state, events = position({"i1": PLAYER_CELL, "r1": COMPUTER_CELL, "i2": (0, 0), "r2": (11, 11)},
                             dice=(2, 3, 2, 6))
    return Game(ruleset_name="spheres_of_war", options=options(), battlefield=OPEN, seed=7,
                players=PLAYERS, state=state, log=tuple(events))


async def open_against_computer(pilot, pace: str) -> GameScreen:
    app = pilot.app
    app.narration_pace = pace
    app.seat_kinds = ("human", "easy")
    app.show_game(exchange(), None)
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen


def newest(screen: GameScreen) -> str:
    lines = screen.query_one("#log").lines
    return str(lines[-1].text) if lines else ""


def player_must_choose(screen: GameScreen) -> bool:
    """Match 2 has begun and i2 (the player's) has a free choice."""
    match = screen.game.state.match
    return (match is not None and match.number == 2 and 0 in screen.game.to_act
            and not screen.narrator.busy)


async def settle(pilot, screen: GameScreen, tries: int = 300) -> None:
    """Until the narrator waits for a key or the player must choose."""
    for _ in range(tries):
        if screen.narrator.busy or player_must_choose(screen) or screen.game.outcome is not None:
            return
        await pilot.pause(0.05)


@pytest.mark.parametrize("pace", ["step", "normal"])
async def test_each_roll_against_the_players_figure_is_shown_before_a_key_acts(data_dir, monkeypatch, pace):
    monkeypatch.setattr("tui.narrator.PAUSE", 120.0)  # normal: only keys move it on within this test
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_against_computer(pilot, pace)
        board = screen.query_one(BoardView)
        observed: list[tuple[str, frozenset]] = []  # (newest log line, marked cells) before each key
        for _ in range(60):
            await settle(pilot, screen)
            observed.append((newest(screen), board.spotlight))
            if player_must_choose(screen):
                break
            shown_before = len(screen.game.log)
            waits_before = sum(1 for o in screen.game.orders if o.verb == "wait")
            await pilot.press("p")  # i2 would Wait, if the key acted
            if sum(1 for o in screen.game.orders if o.verb == "wait") > waits_before:
                # The key acted: everything before it had been the newest line.
                lines = {line for line, _ in observed}
                unseen = [e.sentence for e in screen.game.log[:shown_before] if e.sentence not in lines]
                assert not unseen[1:], f"acted on a board not yet seen: {unseen}"
        assert player_must_choose(screen), "Match 1 should be over and the player to choose"
        rolls = [e for e in screen.game.log if isinstance(e, Rolled) and e.who == "i1"]
        assert [r.total for r in rolls] == [3, 6]  # i1's two defence rolls (scripted)
        for roll in rolls:
            marks = [cells for line, cells in observed if line == roll.sentence]
            assert marks, f"never the newest line before a key: {roll.sentence}"
            assert PLAYER_CELL in marks[0]  # the player's figure marked (where it stood)
        struck = [e for e in screen.game.log if type(e).__name__ == "Struck" and e.target == "i1"]
        for blow in struck:  # the computer's blows against i1: r1 and i1 marked
            marks = [cells for line, cells in observed if line == blow.sentence]
            assert marks and {PLAYER_CELL, COMPUTER_CELL} <= marks[0], "\n".join([blow.sentence] + [o[0] for o in observed])
        # The keys pressed while blows were shown gave no order: i2 has not Waited.
        assert not any(o.verb == "wait" for o in screen.game.orders)


async def test_instant_shows_the_whole_exchange_at_once(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_against_computer(pilot, "instant")
        await settle(pilot, screen)
        assert player_must_choose(screen)
        text = "\n".join(str(line.text) for line in screen.query_one("#log").lines)
        for event in screen.game.log:
            assert event.sentence in text
        assert "6" in text and "defeated" in text.lower()


async def test_v_cycles_the_pace_and_the_app_remembers_it(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_against_computer(pilot, "step")
        await settle(pilot, screen)
        assert screen.narrator.busy  # the first forced strike waits for a key
        await pilot.press("v")  # step -> instant: everything waiting is shown at once
        assert app.narration_pace == "instant"
        text = "\n".join(str(line.text) for line in screen.query_one("#log").lines)
        assert "shown all at once (v: change)" in text
        await settle(pilot, screen)
        assert player_must_choose(screen)
        await pilot.press("v")
        assert app.narration_pace == "normal"
        app.show_game(exchange(), None)  # the next game keeps the pace
        await pilot.pause()
        assert app.screen.narrator.pace == "normal"


async def test_the_pace_is_remembered_for_the_next_start_and_a_broken_file_is_ignored(data_dir):
    """The tests' default pace is instant; "normal" set in one run must be
    the pace of the next run's game."""
    from saves.settings import PACE_FILE, load_pace, settings_path
    from tui.narrator import PACES

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_against_computer(pilot, "step")
        await pilot.press("v", "v")  # step -> instant -> normal
        assert app.narration_pace == "normal"
    pace_file = settings_path().with_name(PACE_FILE)
    assert (pace_file.stat().st_mode & 0o777) == 0o600
    again = SkirmishApp()
    async with again.run_test(size=SIZE) as pilot:
        again.show_game(exchange(), None)
        await pilot.pause()
        assert again.screen.narrator.pace == "normal"
    for broken in (b'{"version": 1, "pace": "warp"}', b"\xff not json", b"[]"):
        pace_file.write_bytes(broken)
        assert load_pace(PACES) is None
    third = SkirmishApp()
    async with third.run_test(size=SIZE) as pilot:
        third.show_game(exchange(), None)
        await pilot.pause()
        assert third.screen.narrator.pace == "instant"  # the default again, no crash


async def test_enter_once_the_game_is_over_writes_the_rest_and_opens_the_result(data_dir, monkeypatch):
    """The banner says "Game over · Enter: the result" while the last blows
    are still being shown: one Enter must bring the result, not only the
    next blow.  Only i1 and r1 stand; i1's defence of 6 ends the game."""
    from tui.result import ResultScreen

    monkeypatch.setattr("tui.narrator.PAUSE", 120.0)
    state, events = position({"i1": PLAYER_CELL, "r1": COMPUTER_CELL}, dice=(2, 3, 2, 6))
    game = Game(ruleset_name="spheres_of_war", options=options(), battlefield=OPEN, seed=7,
                players=PLAYERS, state=state, log=tuple(events))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.narration_pace = "step"
        app.seat_kinds = ("human", "easy")
        app.show_game(game, None)
        for _ in range(300):  # until the game is over with blows still to show
            await pilot.pause(0.05)
            screen = app.screen
            if isinstance(screen, GameScreen) and screen.game.outcome is not None and screen.narrator.busy:
                break
            if isinstance(screen, GameScreen) and screen.narrator.busy:
                await pilot.press("x")  # the next blow of the fight
        assert isinstance(app.screen, GameScreen) and app.screen.narrator.busy
        screen = app.screen
        assert "Enter: the result" in str(screen.query_one("#banner").render())
        still_to_show = [e.sentence for e in screen.narrator.waiting()]
        assert still_to_show, "the test needs blows still waiting"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        text = " ".join(" ".join(str(line.text) for line in screen.query_one("#log").lines).split())
        for sentence in still_to_show:  # written in the log (wrapped at its width), not skipped
            assert " ".join(sentence.split()) in text
