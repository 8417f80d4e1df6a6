"""The Optio result's "Fight this battle with..." menu says what its keys
do (a tester: it said "Enter: choose the warbands, then start", and after
a networked pre-game the digit started the battle at once with no warband
step).  Enter and a digit do the same; the battle's form follows, where
the warbands are chosen: at one keyboard, and after a hosted pre-game
(the host's), and the keys row says so.  80x24."""

from __future__ import annotations

import asyncio

from saves.store import new_save_path, save_game
from tests.remote.helpers import RecordingSeat, until
from tests.remote.test_next_game import _finished
from tests.tui.fit import settled_cuts
from tests.tui.test_optio_handoff_form import handoff_form
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.result import ResultScreen
from tui.rulesets.optio_fight import FightScreen

SIZE = (80, 24)


def keys_row(screen) -> str:
    return " ".join(str(screen.query_one("#fight-keys").render()).split())


async def test_after_a_hosted_pre_game_the_host_chooses_warbands_and_options_in_the_form(data_dir):
    """A tester: after a pre-game played in two terminals, the host's `e`
    said "start it at once, no warband step" and the battle began with the
    default warbands and options.  The pre-game decides the ground and the
    sides (Optio's result), not the forces: the host gets the battle's form
    on the fixed ground, as at one keyboard, and the game begun (the
    joiner following) is the form's."""
    from core.rulesets.optio.terrain import battlefield_for
    from tui.newgame import NewGameScreen
    from tui.warband_picker import WarbandField
    from tui.widgets import Cycler

    pre = _finished("optio", ("Ann", "Bob"), seed=4)
    path = new_save_path(pre)
    save_game(pre, path)
    app = SkirmishApp(host_path=path)
    async with app.run_test(size=SIZE) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, ResultScreen))
        joiner = RecordingSeat(app.host.code)
        await asyncio.to_thread(joiner.start)
        await pilot.press("e")
        assert await until(pilot, lambda: isinstance(app.screen, FightScreen))
        fight = app.screen
        keys = keys_row(fight)
        assert "at once" not in keys and "no warband step" not in keys
        assert keys == f"↑↓ Enter, or 1-{len(fight.choices)}: choose, then the warbands in the form · Esc: not now"
        assert await settled_cuts(pilot, lambda: app.screen) == []
        index = next(i for i, r in enumerate(fight.choices) if r.name == "waylights")
        await pilot.press(str(index + 1))
        assert await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        ground = battlefield_for(pre.state.result, "waylights")
        bf = form.query_one("#battlefield", Cycler)
        assert bf.values == [ground] and bf.fixed  # the pre-game's ground, fixed
        assert form.query(WarbandField)  # both warbands to choose
        # The joiner's seat is theirs; the host's may be this terminal or the computer.
        joiners = form.query_one(f"#seat{app.host.remote_side}", Cycler)
        assert joiners.values == ["human"]
        # Esc: back to the result, nothing begun.
        await pilot.press("escape")
        assert await until(pilot, lambda: isinstance(app.screen, ResultScreen))
        assert joiner.status != "next"
        await pilot.press("e")
        assert await until(pilot, lambda: isinstance(app.screen, FightScreen))
        await pilot.press(str(index + 1))
        assert await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        # Warbands and options other than the defaults, as the tester wanted:
        # the warbands as their lists give them back to the form, the options typed.
        form.held = {"team_0": "elites", "team_1": "beasts", "roster_0": "", "roster_1": ""}
        form._show_forces()
        surprise = form.query_one(f"#opt-{form.generation}-surprise", Cycler)
        surprise.index = surprise.values.index("side 1")
        surprise._show()
        rounds = form.query_one(f"#opt-{form.generation}-round_limit")
        if isinstance(rounds, Cycler):
            rounds.index = rounds.values.index(5)
            rounds._show()
        else:
            rounds.value = "5"
        form._update_battlefields()
        await pilot.pause()
        wanted = form.options()
        assert (wanted.team_0, wanted.team_1, wanted.surprise, wanted.round_limit) == ("elites", "beasts",
                                                                                         "side 1", 5)
        await pilot.press("ctrl+g")  # begins it: the joiner follows
        assert await until(pilot, lambda: joiner.status == "next")
        follow = RecordingSeat(app.host.code)
        follow.follow()
        assert await until(pilot, lambda: isinstance(app.screen, GameScreen) and follow.version >= 0)
        game = app.host.table.game
        assert game.ruleset_name == "waylights" and game.battlefield == ground
        assert game.options == wanted and follow.facts.options == wanted
        assert game.players == ("Ann", "Bob") and follow.side == app.host.remote_side  # same seats
        follow.stop()
        joiner.stop()
        app.stop_hosting()


async def test_at_one_keyboard_the_keys_say_the_warbands_form_follows_and_the_digit_opens_it(data_dir):
    from tui.newgame import NewGameScreen

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        form, _ = await handoff_form(pilot, "waylights")  # the digit, as the tester pressed it
        assert isinstance(form, NewGameScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert await until(pilot, lambda: isinstance(app.screen, ResultScreen))
        await pilot.press("e")
        assert await until(pilot, lambda: isinstance(app.screen, FightScreen))
        fight = app.screen
        assert keys_row(fight) == (f"↑↓ Enter, or 1-{len(fight.choices)}: choose, then the warbands in the form "
                                   "· Esc: not now")
        assert await settled_cuts(pilot, lambda: app.screen) == []
        await pilot.press("enter")
        assert await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        app.close_session()


async def test_the_hosts_battle_form_keeps_the_joiner_at_the_side_they_played(data_dir):
    """A host who played the pre-game at side 1 (it was a rematch): the
    battle's form gives side 0's seat to the joiner and side 1's to the
    host, and begins the battle with the host's seat as chosen there."""
    from types import SimpleNamespace

    from tests.tui.test_computer_seats import finished
    from tests.tui.test_optio import pre_game
    from tui.newgame import SEATS
    from tui.rulesets.optio_handoff import hosted_battle_form
    from tui.widgets import Cycler

    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        pre = finished(pre_game())
        begun: list = []
        battle = SimpleNamespace(ruleset_name="spheres_of_war", options=None, players=pre.players)
        form = hosted_battle_form(pre, battle, ("human", "normal"), 0, lambda *args: begun.append(args))
        await app.push_screen(form)
        assert await until(pilot, lambda: form.query("#seat1"))
        assert form.query_one("#seat0", Cycler).values == ["human"]  # the joiner's
        assert form.query_one("#seat1", Cycler).values == list(SEATS)  # the host's: a person or the computer
        assert form.query_one("#seat1", Cycler).value == "normal"
        assert "joiner" in form.field_help(form.query_one("#seat0", Cycler))
        await pilot.press("ctrl+g")
        assert await until(pilot, lambda: begun)
        template, seats = begun[0]
        assert seats == ("human", "normal") and template.ruleset_name == "spheres_of_war"
        assert template.players == pre.players


async def test_the_hosts_battle_form_under_the_computer_flag_keeps_the_computer_at_the_hosts_side(data_dir):
    """``skirmish host --computer normal``: the computer played the host's
    side of the pre-game, so the battle's form shows it there, fixed, not
    "you, at this terminal"."""
    from types import SimpleNamespace

    from tests.tui.test_computer_seats import finished
    from tests.tui.test_optio import pre_game
    from tui.rulesets.optio_handoff import hosted_battle_form
    from tui.widgets import Cycler

    app = SkirmishApp()
    app.hosting.computer = "normal"
    async with app.run_test(size=SIZE) as pilot:
        pre = finished(pre_game())
        battle = SimpleNamespace(ruleset_name="spheres_of_war", options=None, players=pre.players)
        form = hosted_battle_form(pre, battle, ("normal", "human"), 1, lambda *args: None)
        await app.push_screen(form)
        assert await until(pilot, lambda: form.query("#seat0"))
        host_seat = form.query_one("#seat0", Cycler)
        assert host_seat.values == ["normal"]
        assert "you, at this terminal" not in str(host_seat.render())
