"""The next hosted game in the app, under Pilot at 80x24 with real sockets:
``r`` on the host's result screen begins a rematch that is saved under its
own file, with the host now at the other side; the joining app's screen
follows into it without a new code; the joiner's name is on both screens."""

from __future__ import annotations

import asyncio

from core.game import start
from core.registry import find_ruleset
from net import fairdice
from saves.library import battlefield_named
from saves.store import list_saves, load_with_seats, new_save_path, save_game
from tests.remote.helpers import RecordingSeat, banner, showing, until
from tests.remote.test_next_game import _facts, _finished, _host
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.remote.play import HostWaitScreen
from tui.result import ResultScreen

SIZE = (80, 24)


async def test_the_hosts_rematch_is_saved_apart_and_the_host_changes_sides(data_dir):
    ended = _finished("spheres_of_war", ("Ann", "Bob"))
    path = new_save_path(ended)
    save_game(ended, path)
    app = SkirmishApp(host_path=path)
    async with app.run_test(size=SIZE) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, ResultScreen))
        joiner = RecordingSeat(app.host.code, name="Bob")
        await asyncio.to_thread(joiner.start)
        code = app.host.code
        await pilot.press("r")
        assert await until(pilot, lambda: joiner.status == "next")
        assert isinstance(app.screen, HostWaitScreen) and app.screen.code == code
        follow = RecordingSeat(code, name="Bob")
        follow.follow()
        assert await until(pilot, lambda: isinstance(app.screen, GameScreen) and follow.version >= 0), (
            follow.status, follow.reason, app.screen, app.host.table, app.host.connections)
        screen = app.screen
        assert screen.fixed == 1 and follow.side == 0  # sides swapped
        game = app.host.table.game
        assert game.players == ("Bob", "Ann") and game.seed == fairdice.seed_from(app.host.hosting["host"],
                                                                                   follow._half)
        assert app.host.hosting["side"] == 1
        # Its own save file; the ended game's stays as it was.
        saves = sorted(list_saves(), key=lambda s: s.path.stat().st_mtime)
        assert len(saves) == 2
        old, _ = load_with_seats(path)
        assert old.orders == ended.orders
        new_path = next(s.path for s in saves if s.path != path)
        new, seats = load_with_seats(new_path)
        assert new.players == ("Bob", "Ann") and new.seed == game.seed and seats == ("human", "human")
        # The host plays side 1 from its screen, and the save keeps that for a resume.
        assert await until(pilot, lambda: "Bob" in banner(app) or "Ann" in banner(app))
        follow.stop()
        joiner.stop()
        app.stop_hosting()
        app.close_session()
    # Hosted again from its save, the host is back at side 1.
    again = SkirmishApp(host_path=new_path)
    async with again.run_test(size=SIZE) as pilot:
        assert await until(pilot, lambda: isinstance(again.screen, GameScreen))
        assert again.screen.fixed == 1 and again.host.remote_side == 0
        again.stop_hosting()


async def test_the_joiners_screen_follows_into_the_next_game_without_a_new_code():
    ended = _finished("spheres_of_war", ("Ann", "Bob"))
    host = _host(_facts(ended), remote_side=1, game=ended)
    try:
        app = SkirmishApp(join_code=host.code, join_name="Bob")
        async with app.run_test(size=SIZE) as pilot:
            assert await until(pilot, lambda: isinstance(app.screen, ResultScreen))
            await pilot.press("r")  # the joiner cannot begin it: the host chooses, as the key says
            assert isinstance(app.screen, ResultScreen)
            assert "Only the host chooses" in str(app.screen.query_one("#result-hint").render())
            first = app.remote_seat
            rules = ended.ruleset
            half = fairdice.new_half()
            players = ("Bob", "Ann")
            host.next_game(_facts(start(rules, None, ended.battlefield, 1, players)), 0,
                           {"host": half, "commit": fairdice.commitment(half)},
                           lambda seed: start(rules, None, ended.battlefield, seed, players))
            assert await until(pilot, lambda: app.remote_seat is not first and isinstance(app.screen, GameScreen)
                                and app.screen.seats.any_seat is app.remote_seat)
            screen = app.screen
            assert screen.fixed == 0 and screen.game.players == players and screen.game.outcome is None
            assert host.table.game.seed == fairdice.seed_from(half, app.remote_seat._half)
            assert first.status == "next"
            app.stop_joined()
    finally:
        host.close()


async def test_the_joiners_name_is_on_both_screens(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h", "ctrl+g")  # Host, the first ruleset, the form's names
        assert isinstance(app.screen, HostWaitScreen)
        joiner = SkirmishApp(join_code=app.host.code, join_name="Zoë")
        async with joiner.run_test(size=SIZE) as other:
            assert await until(other, lambda: isinstance(joiner.screen, GameScreen))
            assert await until(pilot, lambda: showing(app, GameScreen))
            assert joiner.screen.game.players == ("Player 1", "Zoë")
            assert app.screen.game.players == ("Player 1", "Zoë")
            assert await until(other, lambda: "Player 1" in banner(joiner))  # waiting for the host's side
            joiner.stop_joined()
        app.stop_hosting()


async def test_after_a_hosted_optio_pre_game_the_battle_follows_with_the_same_seats(data_dir):
    from tui.rulesets.optio_fight import FightScreen

    pre = _finished("optio", ("Ann", "Bob"), seed=4)
    path = new_save_path(pre)
    save_game(pre, path)
    app = SkirmishApp(host_path=path)
    async with app.run_test(size=SIZE) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, ResultScreen))
        joiner = RecordingSeat(app.host.code)
        await asyncio.to_thread(joiner.start)
        await pilot.press("e")  # its own entry: fight the battle on this ground
        assert await until(pilot, lambda: isinstance(app.screen, FightScreen))
        chosen = app.screen.choices[0]
        await pilot.press("enter")  # the battle's form: the host chooses the warbands there
        from tui.newgame import NewGameScreen

        assert await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await pilot.press("ctrl+g")
        assert await until(pilot, lambda: joiner.status == "next")
        follow = RecordingSeat(app.host.code)
        follow.follow()
        assert await until(pilot, lambda: isinstance(app.screen, GameScreen) and follow.version >= 0)
        game = app.host.table.game
        assert game.ruleset_name == chosen.name and game.players == ("Ann", "Bob")
        assert app.screen.fixed == 0 and follow.side == 1
        assert follow.facts.battlefield == game.battlefield
        assert len(list_saves()) == 2
        follow.stop()
        joiner.stop()
        app.stop_hosting()


async def test_a_pre_game_hosted_from_the_form_keeps_the_forms_ruleset_for_its_battle(data_dir):
    rules = find_ruleset("optio")
    template = start(rules, None, battlefield_named(rules.default_battlefield), 11, ("Ann", "Player 2"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.optio_handoff = {template.seed: ("waylights", None)}
        app.hosting.new = True
        app.start_game(template)
        assert await until(pilot, lambda: isinstance(app.screen, HostWaitScreen))
        joiner = RecordingSeat(app.host.code, name="Bob")
        await asyncio.to_thread(joiner.start)
        assert await until(pilot, lambda: showing(app, GameScreen))
        seed = app.host.table.game.seed
        assert seed != template.seed and app.optio_handoff == {seed: ("waylights", None)}
        joiner.stop()
        app.stop_hosting()


async def test_the_computer_at_the_hosts_seat_changes_sides_in_the_rematch(data_dir):
    ended = _finished("spheres_of_war", ("Ann", "Bob"))
    path = new_save_path(ended)
    save_game(ended, path, seats=("easy", "human"))
    app = SkirmishApp(host_path=path)
    async with app.run_test(size=SIZE) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, ResultScreen))
        joiner = RecordingSeat(app.host.code)
        await asyncio.to_thread(joiner.start)
        await pilot.press("r")
        assert await until(pilot, lambda: joiner.status == "next")
        follow = RecordingSeat(app.host.code)
        follow.follow()
        assert await until(pilot, lambda: isinstance(app.screen, GameScreen) and follow.version >= 0)
        screen = app.screen
        assert screen.fixed is None and screen.computer.plays(1) and not screen.computer.plays(0)
        assert follow.side == 0 and app.seat_kinds == ("human", "easy")
        new_path = next(s.path for s in list_saves() if s.path != path)
        assert load_with_seats(new_path)[1] == ("human", "easy")
        follow.stop()
        joiner.stop()
        app.stop_hosting()
