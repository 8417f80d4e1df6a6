"""The app's side of two terminals, under Pilot at 80x24: hosting from the
menu (the join code shown, the game starting once the joiner has given its
half of the seed) and joining (the joiner's screen follows the host's
moves, and only its own side's orders are offered)."""

from __future__ import annotations

import asyncio
import re

from tests.remote.helpers import RecordingSeat, banner, join_from_the_menu, new_host, showing, until
from tests.tui.test_flow import log_text
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.remote.play import HostWaitScreen

SIZE = (80, 24)


async def test_hosting_from_the_menu_shows_the_code_and_plays_live(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h", "ctrl+g")  # Host, the first ruleset
        assert isinstance(app.screen, HostWaitScreen)
        code = app.screen.code
        shown = str(app.screen.query_one("#code").render())
        # One command, broken with a shell continuation where it is too long for the box.
        assert re.search(rf"skirmish (\\\n +)?join {code}$", shown), shown
        joiner = RecordingSeat(code)
        await asyncio.to_thread(joiner.start)
        assert await until(pilot, lambda: showing(app, GameScreen))
        screen = app.screen
        assert screen.fixed == 0 and joiner.side == 1
        assert app.host.table.game.seed != 0
        assert list(data_dir.glob("saves/*.json")), "the hosted game is saved from the start"
        assert await until(pilot, lambda: "to play" in banner(app)), banner(app)
        await pilot.press("d")  # deploy every figure of side 0
        assert await until(pilot, lambda: joiner.version >= 2)
        assert any("deploys" in e.sentence for e in joiner.events())
        joiner.stop()
        assert await until(pilot, lambda: not app.host.joined)


async def test_joining_follows_the_host_and_offers_only_its_own_orders():
    from core.game import redact, start
    from core.registry import find_ruleset
    from saves.library import battlefield_named

    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 3, ("Ann", "Bob"))
    host = new_host("spheres_of_war", remote_side=1, game=game)
    try:
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            screen = await join_from_the_menu(pilot, host.code)
            assert screen.fixed == 1
            assert await until(pilot, lambda: re.search(r"Waiting for Ann", banner(app))), banner(app)
            assert screen.orders == []
            await pilot.press("enter")  # a key of a turn that is not this seat's: whose turn it is
            await pilot.pause()
            said = log_text(screen)
            assert "It is Ann's turn: waiting for them." in said, said
            assert "Nobody can act" not in said and "nobody can act" not in said
            local = host.seat(0)
            order = next(o for o in local.legal_orders() if o.verb == "deploy-all")
            assert isinstance(local.submit(order), tuple)
            assert await until(pilot, lambda: any("deploys" in e.sentence for e in screen.game.log))
            await pilot.pause(0.1)
            assert all(o.side == 1 for o in screen.orders)
            assert screen.game.state == redact(host.table.game.ruleset, host.table.game.state, 1)  # its view, nothing more
    finally:
        host.close()


async def test_a_third_terminal_watches_as_the_neutral_onlooker_without_a_handover():
    from core.game import redact, start
    from core.registry import find_ruleset
    from saves.library import battlefield_named
    from tui.modals import Handover

    rules = find_ruleset("optio")  # secrets: hot-seat would show a handover screen
    game = start(rules, None, battlefield_named(rules.default_battlefield), 3, ("Ann", "Bob"))
    host = new_host("optio", remote_side=1, game=game)
    try:
        player = RecordingSeat(host.code)
        await asyncio.to_thread(player.start)
        app = SkirmishApp(join_code=host.code, join_watch=True)
        async with app.run_test(size=SIZE) as pilot:
            assert await until(pilot, lambda: showing(app, GameScreen))
            screen = app.screen
            assert screen.fixed is None and screen.single
            # An onlooker's banner says it is watching (issue 29), not "Waiting for".
            assert await until(pilot, lambda: "Watching: Ann to play" in banner(app)), banner(app)
            assert screen.orders == [] and not isinstance(app.screen, Handover)
            assert screen.game.state == redact(game.ruleset, game.state, None)
            assert all(u.name.split()[1] == "block" for u in rules.units(screen.game.state) if not u.markers)
        player.stop()
    finally:
        host.close()


async def test_when_a_joined_seats_turn_comes_the_log_says_what_happened_since_and_x_opens_it():
    from textual.widgets import RichLog

    from core.game import start
    from core.registry import find_ruleset
    from saves.library import battlefield_named
    from tui.why import EventLog

    rules = find_ruleset("plasto_latros")  # no order plays itself: the turn stays
    game = start(rules, None, battlefield_named(rules.default_battlefield), 3, ("Ann", "Bob"))
    host = new_host("plasto_latros", remote_side=1, game=game)
    try:
        app = SkirmishApp(join_code=host.code)
        async with app.run_test(size=SIZE) as pilot:
            assert await until(pilot, lambda: showing(app, GameScreen))
            screen = app.screen
            local = host.seat(0)

            def host_moves() -> None:
                while local.to_act() and 0 in local.to_act():
                    local.submit(local.legal_orders()[0])

            host_moves()
            assert await until(pilot, lambda: screen.my_turn)
            assert screen.news_from is None  # a first turn has no "since your last"
            for verb in ("deploy-all", "ready"):
                screen.submit(next(o for o in screen.orders if o.verb == verb))
                await pilot.pause(0.1)
            # Play on until the turn has gone to Ann and come back to Bob.
            for _ in range(40):
                if not screen.my_turn:
                    break
                screen.submit(screen.orders[0])
                await pilot.pause(0.05)
            assert not screen.my_turn
            mark = len(screen.game.log)
            host_moves()
            assert await until(pilot, lambda: screen.my_turn)
            assert screen.news_from == mark and len(screen.game.log) > mark
            pane = "\n".join(str(line.text) for line in screen.query_one("#log", RichLog).lines)
            assert "Your turn. Since your last:" in pane
            await pilot.press("x")  # Why? on the newest line, over the list since Bob's last turn
            assert await until(pilot, lambda: any(isinstance(s, EventLog) for s in app.screen_stack))
            listed = next(s for s in app.screen_stack if isinstance(s, EventLog))
            assert listed.start == mark
    finally:
        host.close()
