"""The battle after a server's Optio pre-game is chosen in the battle's
form, as at one keyboard (a tester: after a pre-game in two terminals the
battle began at once with the default warbands and options): the ground
fixed, the ruleset, its options and both warbands to choose; no name or
seat rows (the server seats both players at the sides they played, under
their own names).  Start asks the lobby for the battle with the form's
options, and the server cuts the ground (net/following.py ``battle``).
Pilot at 80x24; the lobby is a stand-in that records what it is asked."""

from __future__ import annotations

from types import SimpleNamespace

from core.rulesets.optio.terrain import battlefield_for
from tests.tui.test_computer_seats import finished
from tests.tui.test_optio import pre_game
from tui.app import SkirmishApp
from tui.newgame import NewGameScreen
from tui.result_flow import _server_battle
from tui.rulesets.optio_fight import FightScreen
from tui.warband_picker import WarbandField
from tui.widgets import Cycler

SIZE = (80, 24)


async def until(pilot, test, tries: int = 200) -> bool:
    for _ in range(tries):
        if test():
            return True
        await pilot.pause(0.05)
    return test()


async def test_the_server_battle_is_asked_for_with_the_forms_warbands_and_options(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        pre = finished(pre_game())
        calls: list = []
        lobby = SimpleNamespace(battle=lambda *args: calls.append(("battle", *args)))
        asker = SimpleNamespace(leave_game=lambda game: calls.append(("leave", game)))
        screen = SimpleNamespace(adapter=SimpleNamespace(after_over=FightScreen), game=pre,
                                 open_modal=lambda modal, callback: app.push_screen(modal, callback))
        _server_battle(asker, screen, lobby, "g1")
        assert await until(pilot, lambda: isinstance(app.screen, FightScreen))
        fight = app.screen
        index = next(i for i, r in enumerate(fight.choices) if r.name == "waylights")
        await pilot.press(str(index + 1))
        assert await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        assert calls == []  # nothing asked before the form is filled in
        form = app.screen
        bf = form.query_one("#battlefield", Cycler)
        assert bf.values == [battlefield_for(pre.state.result, "waylights")] and bf.fixed
        assert len(form.query(WarbandField)) == 2
        for wid in ("#p0", "#p1", "#seat0", "#seat1"):  # the server's to give
            assert not form.query_one(wid).parent.display
        form.held = {"team_0": "hunters", "team_1": "elites", "roster_0": "", "roster_1": ""}
        form._show_forces()
        surprise = form.query_one(f"#opt-{form.generation}-surprise", Cycler)
        surprise.index = surprise.values.index("both")
        surprise._show()
        form._update_battlefields()
        await pilot.pause()
        wanted = form.options()
        assert (wanted.team_0, wanted.team_1, wanted.surprise) == ("hunters", "elites", "both")
        await pilot.press("ctrl+g")
        assert await until(pilot, lambda: len(calls) == 2)
        assert calls == [("leave", None), ("battle", "g1", "waylights", wanted)]
