"""Playing against the computer through the app at 80x24 (Pilot), watching
it play itself, and SIGHUP while it thinks.  Asserts on game state and
saves, never on timing."""

from __future__ import annotations

import os
import signal
import threading

from saves.store import list_saves, load_with_seats
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.newgame import NewGameScreen
from tui.widgets import Cycler

SIZE = (80, 24)


async def start_with(pilot, seats: tuple[int, int], ruleset_steps: int = 0) -> GameScreen:
    """New game from the menu; ``seats``: how many steps right on each
    player's 'is' choice (0 a person, 1 easy, 2 normal, 3 hard)."""
    await pilot.press("n")
    form = pilot.app.screen
    assert isinstance(form, NewGameScreen)
    for _ in range(ruleset_steps):
        await pilot.press("right")
    for i, steps in enumerate(seats):
        form.query_one(f"#seat{i}", Cycler).focus()
        await pilot.pause()
        for _ in range(steps):
            await pilot.press("right")
    await pilot.press("ctrl+g")
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    return screen


async def wait_for(pilot, condition, tries: int = 1200) -> bool:
    """Whether ``condition`` comes true within ``tries`` pauses of 50 ms
    (a minute: a loaded CI machine is slow; only a failure waits it out)."""
    for _ in range(tries):
        if condition():
            return True
        await pilot.pause(0.05)
    return condition()


def log_text(screen: GameScreen) -> str:
    return "\n".join(str(line.text) for line in screen.query_one("#log").lines)


async def test_a_person_against_the_computer_and_continue(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_with(pilot, (0, 2))  # Spheres of War: a person v computer (normal)
        assert screen.game.ruleset_name == "spheres_of_war"
        assert app.seat_kinds == ("human", "normal")
        deployer = screen.game.state.deploying
        if deployer == 0:
            await pilot.press("d", "r")  # the person deploys; then the computer does
        assert await wait_for(pilot, lambda: any(o.side == 1 for o in screen.game.orders))
        if screen.game.state.deploying == 0 and screen.game.state.phase.value == "deploy":
            await pilot.press("d", "r")
        # The computer's deployment finishes without a key from anyone.
        assert await wait_for(pilot, lambda: screen.game.state.phase.value != "deploy"
                              or 0 in screen.game.to_act)
        computer_orders = [o for o in screen.game.orders if o.side == 1]
        assert computer_orders
        assert "» Player 2 (normal): " in log_text(screen)
        with app.match.lock:  # the computer plays on its own thread: the file and the game of one moment
            saves = list_saves()
            assert len(saves) == 1
            game, seats = load_with_seats(saves[0].path)
            assert seats == ("human", "normal")
            assert game.orders == screen.game.orders  # its orders are recorded like a person's
        app.close_session()  # as quitting does (a Match prompt may be open, so not by keys here)
    app = SkirmishApp(continue_latest=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if not any(isinstance(s, GameScreen) for s in app.screen_stack):
            app.action_continue_game()
            await pilot.pause()
        stack = [type(s).__name__ for s in app.screen_stack]
        screen = next((s for s in app.screen_stack if isinstance(s, GameScreen)), None)  # a prompt may sit on it
        assert screen is not None, stack
        assert app.seat_kinds == ("human", "normal")
        assert screen.computer is not None and screen.computer.plays(1) and not screen.computer.plays(0)


async def test_watching_pauses_and_steps(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_with(pilot, (1, 1))  # computer v computer, easy
        assert screen.computer is not None and screen.computer.watching
        await pilot.press("plus", "plus", "plus")  # no pause between moves
        assert await wait_for(pilot, lambda: len(screen.game.orders) >= 3)
        await pilot.press("P")
        assert screen.computer.paused
        await wait_for(pilot, lambda: screen.computer.thinking is None)
        await pilot.pause(0.3)
        held = len(screen.game.orders)
        await pilot.pause(0.5)
        assert len(screen.game.orders) == held  # paused: nothing moves
        await pilot.press("full_stop")
        assert await wait_for(pilot, lambda: len(screen.game.orders) == held + 1)
        await pilot.pause(0.5)
        assert len(screen.game.orders) == held + 1  # one move, then paused again
        await pilot.press("P")
        assert await wait_for(pilot, lambda: len(screen.game.orders) > held + 2)


async def test_sighup_while_the_computer_thinks_saves_the_game(data_dir, monkeypatch):
    """SIGHUP while a thought is under way saves the game as it stood; the
    unfinished thought is dropped.  The thought is held at a gate (released
    after the app has gone) so that it is surely under way at the signal:
    without the gate, on a loaded machine a thought could finish between the
    test's snapshot and the signal's handler, and the test would race."""
    from core.ai.player import ComputerPlayer

    real_think = ComputerPlayer.think
    holding, gate = threading.Event(), threading.Event()
    held = []

    def gated_think(self, moment):
        if holding.is_set():
            held.append(self.side)
            gate.wait(30)
        return real_think(self, moment)

    monkeypatch.setattr(ComputerPlayer, "think", gated_think)
    app = SkirmishApp()
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = await start_with(pilot, (3, 3))  # computer (hard) v computer (hard)
            await pilot.press("plus", "plus", "plus")
            assert await wait_for(pilot, lambda: len(screen.game.orders) >= 2)
            holding.set()
            assert await wait_for(pilot, lambda: held and screen.computer.thinking is not None)
            assert signal.getsignal(signal.SIGHUP) not in (signal.SIG_DFL, signal.SIG_IGN)
            at_signal = screen.game.orders
            os.kill(os.getpid(), signal.SIGHUP)
            await pilot.pause(0.2)
    finally:
        gate.set()
    saves = list_saves()
    assert len(saves) == 1
    game, seats = load_with_seats(saves[0].path)
    assert seats == ("hard", "hard")
    assert game.orders == at_signal  # saved as it stood; the unfinished thought is dropped
    assert game.outcome is None


async def test_against_a_person_the_computers_secret_orders_stay_out_of_the_log(data_dir):
    """Platemail: the computer writes and commits while the person writes;
    its reasons name its orders, so the log holds them back until the end."""
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_with(pilot, (0, 1), ruleset_steps=3)
        assert screen.game.ruleset_name == "platemail"
        for _ in range(4):  # the person deploys whenever it is their turn
            await wait_for(pilot, lambda: 0 in screen.game.to_act or screen.game.state.stage != "deploy")
            if screen.game.state.stage != "deploy":
                break
            await pilot.press("d", "r")
        assert await wait_for(pilot, lambda: screen.game.state.committed[1])
        text = log_text(screen)
        assert "» Player 2 (easy) gives its orders" in text
        assert "IF " not in text and "Commit this Round" not in text
        assert screen.computer.held_reasons
        assert screen.game.view(0).plans == ()  # and the board's view has none of them


async def test_one_person_against_the_computer_never_meets_a_hand_over(data_dir):
    """Waylights hands the keyboard over with a card at each change of
    player; against the computer there is nobody to hand it to, so the card
    never shows and the board stays in front of the one person."""
    from tui.modals import Handover
    from tui.rulesets.waylights_modals import HandoverCard

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_with(pilot, (0, 1), ruleset_steps=4)  # Waylights, a person v computer (easy)
        assert screen.game.ruleset_name == "waylights"
        assert not screen.shares_keyboard()
        seen = []
        for _ in range(12):  # the person deploys, splits and ends turns; the computer answers
            await wait_for(pilot, lambda: 0 in screen.game.to_act or screen.game.outcome is not None, 100)
            await pilot.pause(0.1)
            seen.append(type(app.screen).__name__)
            if app.screen is screen and screen.game.state.phase == "deploy":
                await pilot.press("d", "p")
            elif app.screen is not screen:
                await pilot.press("1")  # a decision (the split): its first choice
            else:
                await pilot.press("p")
                if app.screen is not screen:
                    await pilot.press("y")
        assert not {Handover.__name__, HandoverCard.__name__} & set(seen), seen
        assert any(o.side == 1 for o in screen.game.orders)  # the computer did play
        assert screen.keyboard_side == 0


async def test_the_reasons_held_back_are_in_the_log_when_the_result_shows(data_dir):
    """Optio against a person: the computer's reasons wait for the end (they
    name what its blocks are).  When its last order ends the game, the
    result screen says they are now in the log, and they are, before the
    person goes back to the board."""
    import random

    from core.game import start, submit
    from core.registry import find_ruleset
    from core.rulesets.optio.state import Phase
    from tests.tui.test_every_ruleset import battlefield_for
    from tui.result import ResultScreen

    rules = find_ruleset("optio")
    game = start(rules, None, battlefield_for(rules), seed=5, players=("Ann", "Bo"))
    pick = random.Random(5)
    while game.state.phase is not Phase.TEMPLATE:
        game = submit(game, pick.choice(game.legal_orders(min(game.to_act)))).game
    placer = game.state.active  # the computer places the template, and that ends the game
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(game, seats=tuple("easy" if s == placer else "human" for s in (0, 1)))
        assert await wait_for(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.pause()
        text = str(app.screen.query_one("#result-text").render())
        assert "The computer's reasons for its 1 order, kept back" in text
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        who = f"» {game.players[placer]} (easy)"
        reasons = [line for line in log_text(screen).splitlines() if line.startswith(f"{who}: ")]
        assert len(reasons) == 1 and "template" in reasons[0].lower()
        assert not screen.computer.held_reasons


async def test_the_whole_log_shows_the_computers_reasons_where_its_orders_came(data_dir):
    from textual.widgets import OptionList

    from tui.why import EventLog

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start_with(pilot, (2, 0))  # Spheres of War: the computer (normal) deploys first
        # Its deployment done, the person's begins (on the board, no prompt).
        assert await wait_for(pilot, lambda: 1 in screen.game.to_act)
        # five figures placed, then ready (the last reason may land a moment after the turn passes)
        assert await wait_for(pilot, lambda: len(screen.computer.notes) == 6), screen.computer.notes
        assert app.screen is screen
        at, line = screen.computer.notes[0]
        await pilot.press("L")
        await pilot.pause()
        assert isinstance(app.screen, EventLog)
        rows = app.screen.query_one(OptionList)
        texts = [str(rows.get_option_at_index(i).prompt) for i in range(rows.option_count)]
        row = texts.index(f"     {line}")
        assert rows.get_option_at_index(row).disabled  # a reason, not an event: no Why? for it
        # The next row is the first event of that order (events are numbered from 1).
        assert texts[row + 1].startswith(f"{at + 1:>4} ")
        assert sum(t.startswith("     » Player 1 (normal): ") for t in texts) == 6
