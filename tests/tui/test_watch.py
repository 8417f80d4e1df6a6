"""Watch any game again (``skirmish watch``, w in the Load list): stepping a
save of each ruleset to its end and back, every position checked against
core.game.replay; watching from one side never shows what it could not see;
the save file is never written."""

from __future__ import annotations

import os

import pytest

from core.game import replay
from core.registry import rulesets
from saves.store import save_game
from tui.app import SkirmishApp
from tui.watch import ALL, WatchScreen
from tui.why import EventLog, WhyView

SIZE = (80, 24)


def played(name: str, orders: int, seed: int = 7):
    from bench.games import battlefield_for, play_random
    from core.registry import find_ruleset

    rules = find_ruleset(name)
    return play_random(rules, seed, battlefield_for(rules), cap=orders).game


def saved(tmp_path, game):
    path = tmp_path / f"{game.ruleset_name}.json"
    save_game(game, path)
    return path


async def open_watch(pilot, path) -> WatchScreen:
    pilot.app.watch_saved(path)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, WatchScreen)
    return screen


@pytest.mark.parametrize("name", [r.name for r in rulesets()])
async def test_stepping_to_the_end_and_back_matches_replay_at_every_position(tmp_path, name):
    game = played(name, 24)
    path = saved(tmp_path, game)
    before = (path.read_bytes(), os.stat(path).st_mtime_ns)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        assert screen.index == 0
        expected = [replay(game.ruleset, game.options, game.battlefield, game.seed, game.players, game.orders[:k])
                    for k in range(len(game.orders) + 1)]
        for k in range(len(game.orders) + 1):
            assert screen.history[screen.index].state == expected[k].state, f"forward, position {k}"
            await pilot.press("right")
        assert screen.index == len(game.orders)  # a step past the end stays there
        for k in range(len(game.orders), -1, -1):
            assert screen.history[screen.index].state == expected[k].state, f"back, position {k}"
            await pilot.press("left")
        assert screen.index == 0
        await pilot.press("end")
        assert screen.index == len(game.orders)
        await pilot.press("home")
        assert screen.index == 0
        await pilot.press("shift+right")
        marks = screen.marks
        assert screen.index == (marks[1] if len(marks) > 1 else len(game.orders))
    assert (path.read_bytes(), os.stat(path).st_mtime_ns) == before, "watching wrote the save"


async def test_watching_an_unfinished_optio_game_never_names_a_hidden_block(tmp_path):
    """The tester's steps: a game still being played (both sides' blocks on
    the map), → to its last order, then v.  Until the game ends only the
    public view is offered, whoever opens the file: v says why and names no
    block of either side."""
    from tui.watch import NOT_OVER, PUBLIC

    game = played("optio", 40, seed=4)
    assert game.outcome is None
    rules = game.ruleset
    path = saved(tmp_path, game)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        for _ in range(6):
            await pilot.press("right")
        await pilot.press("v", "v")  # the game is not over: no side's view
        await pilot.pause()
        assert screen.viewer is PUBLIC
        log = " ".join(" ".join(strip.text.split()) for strip in screen.query_one("#watch-log").lines)
        assert log.endswith(f"Public view only: {NOT_OVER}") and not app._notifications  # in the log, not over it
        hidden_on_the_map = 0
        for k in range(len(game.orders) + 1):
            here = screen.history[k]
            screen.go(k)
            await pilot.pause()
            banner = str(screen.query_one("#watch-banner").render())
            assert "public view" in banner and "'s view" not in banner, banner
            panel = str(screen.query_one("#watch-panel").render())
            public = {u.id: u for u in rules.units(rules.view(here.state, None))}
            for real in rules.units(here.state):
                if public[real.id].name != real.name:
                    hidden_on_the_map += real.pos is not None
                    assert real.name not in panel, f"position {k}: {real.name} shown"
            assert screen.readable(here) == here.log_for(None)
        assert hidden_on_the_map, "no hidden block to give away"


async def test_watching_unfinished_platemail_names_no_written_order_of_either_side(tmp_path):
    from tui.watch import PUBLIC

    game = played("platemail", 30, seed=2)
    assert game.outcome is None
    assert {o.side for o in game.orders if o.verb == "write"} == {0, 1}
    path = saved(tmp_path, game)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        for k in range(len(game.orders)):
            screen.go(k)
            await pilot.press("v")
            assert screen.viewer is PUBLIC
            panel = str(screen.query_one("#watch-panel").render())
            upcoming = game.orders[k]
            assert upcoming.to_text() not in panel, f"position {k}: {upcoming.to_text()} shown"
            # a write is read by its side alone; a deployment, a ready or a
            # commit is in the public log, so it is named (tests/tui/test_watch_next_order.py)
            hidden = "Next: an order hidden from this view" in panel
            assert hidden == (upcoming.verb == "write"), f"position {k}: {upcoming.verb}"
            assert screen.readable(screen.history[k]) == screen.history[k].log_for(None)


async def test_the_view_with_nothing_hidden_is_offered_once_the_game_is_over(tmp_path):
    game = played("spheres_of_war", 3000)
    assert game.outcome is not None
    path = saved(tmp_path, game)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        seen = []
        for _ in range(3):
            await pilot.press("v")
            seen.append(screen.viewer)
        assert seen == [1, ALL, 0]


async def test_x_opens_the_log_at_that_moment_and_enter_says_why(tmp_path):
    game = played("waylights", 40)
    path = saved(tmp_path, game)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        await pilot.press("end")
        await pilot.press("x")
        await pilot.pause()
        listing = app.screen
        assert isinstance(listing, EventLog)
        seen = game.log_for(0 if game.outcome is not None else None)  # not over: the public view
        assert listing.events == list(seen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, WhyView)
        assert app.screen.why.title == seen[-1].sentence
        await pilot.press("escape")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_space_plays_the_game_forward_and_stops_at_the_end(tmp_path):
    game = played("spheres_of_war", 12)
    path = saved(tmp_path, game)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        for _ in range(4):
            await pilot.press("plus")
        await pilot.press("space")
        for _ in range(100):
            await pilot.pause(0.05)
            if screen.timer is None:
                break
        assert screen.index == len(game.orders) and screen.timer is None


async def test_the_banner_fits_one_row_at_80_columns(tmp_path):
    import random

    from core.game import start, submit
    from core.registry import find_ruleset
    from saves.library import battlefield_named

    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 1,
                 ("A very long first name", "Another long name"))
    pick = random.Random(1)
    while game.outcome is None:
        game = submit(game, pick.choice(game.legal_orders(min(game.to_act)))).game
    path = saved(tmp_path, game)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        await pilot.press("end", "v")
        await pilot.pause()
        text = str(screen.query_one("#watch-banner").render())
        assert "\n" not in text and len(text) <= 78, text
        assert "Another long name's view" in text


@pytest.mark.parametrize(("how", "side", "next_words", "reason"), [
    ("concede", 1, "concedes", "conceded"),
    ("forfeit", 0, "forfeits (left the game)", "left the game"),  # a server's referee records it
    ("idle", 0, "forfeits (stopped playing)", "stopped playing"),  # ... or for one still connected
])
async def test_a_conceded_or_forfeited_game_is_watched_to_its_end(tmp_path, how, side, next_words, reason):
    from core.game import submit
    from core.orders import Concede, Forfeit

    given = {"concede": Concede(side), "forfeit": Forfeit(side), "idle": Forfeit(side, idle=True)}[how]
    game = submit(played("platemail", 10), given).game
    path = saved(tmp_path, game)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        await pilot.press("end", "left")  # the position before it, from Player 1's view: no secret
        panel = str(screen.query_one("#watch-panel").render())
        assert f"Next: {game.players[side]} {next_words}" in panel
        await pilot.press("right")
        panel = str(screen.query_one("#watch-panel").render())
        assert f"Result: {game.players[1 - side]} wins ({game.players[side]} {reason})" in panel


async def test_an_agreed_draw_is_watched_to_its_end_its_offer_and_answers_no_secret(tmp_path):
    """In Platemail the other side's orders are hidden from a player's view
    while watching; an offer of a draw and its answers are not."""
    from core.game import submit
    from core.orders import AgreeDraw, DeclineDraw, OfferDraw

    game = played("platemail", 10)
    for order in (OfferDraw(1), DeclineDraw(0), OfferDraw(1), AgreeDraw(0)):
        game = submit(game, order).game
    path = saved(tmp_path, game)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        await pilot.press("end")
        for words in ("agrees to a draw", "offers a draw", "declines the draw", "offers a draw"):
            await pilot.press("left")  # from Player 1's view: side 1's offers still named
            panel = str(screen.query_one("#watch-panel").render())
            assert f"Next: {game.players[1 if 'offers' in words else 0]} {words}" in panel
        await pilot.press("end")
        panel = str(screen.query_one("#watch-panel").render())
        assert f"Result: a draw ({game.players[1]} offered a draw and {game.players[0]} agreed)" in panel


async def test_a_game_held_by_another_process_is_watched_read_only_from_the_public_view():
    """The other route to a game being played (its save is held: "watch it
    read-only"): no handover opens a side's view; only what both may see."""
    from tests.tui.test_glance import screen_text
    from tui.modals import Handover
    from tui.readonly import ReadOnlyGameScreen

    game = played("optio", 6, seed=4)
    assert game.outcome is None and game.to_act
    rules = game.ruleset
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = ReadOnlyGameScreen(game, "process 1")
        app.show_game(game, None, screen)
        await pilot.pause()
        await pilot.press("enter")  # what would take a handover
        await pilot.pause()
        assert not any(isinstance(s, Handover) for s in app.screen_stack)
        assert screen.view_state == game.view(None) and screen.orders == []
        text = screen_text(app)
        assert "Yours:" not in text and "Watching" in text, text
        public = {u.id: u for u in rules.units(game.view(None))}
        for real in rules.units(game.state):
            if public[real.id].name != real.name:
                assert real.name not in text


def test_a_figure_off_the_board_reads_off_once_in_the_watch_panel():
    """Optio's blocks off the map said "off off map" (the cell's "off" and
    the status's "off map")."""
    from core.ruleset import UnitView
    from tui.watch import unit_entry

    block = UnitView(id="g3", side=0, name="Green block g3", glyph="g", pos=None, status="off map")
    assert unit_entry("?g3", block) == "?g3 Green block g3 off map"
    fallen = UnitView(id="a1", side=0, name="Footman", glyph="a", pos=None, status="dead")
    assert unit_entry("a1", fallen) == "a1 Footman off dead"
    standing = UnitView(id="a2", side=0, name="Archer", glyph="a", pos=(3, 4), status="ready")
    assert unit_entry("a2", standing) == "a2 Archer 3,4 ready"


async def test_the_watch_banner_says_the_turn_with_its_limit_as_the_games_banner_does(tmp_path, data_dir):
    """A tester: the game's banner says "Round 3/12", watching it again
    said only "Round 3"."""
    import random

    from core.game import start, submit
    from core.registry import find_ruleset
    from saves.library import battlefield_named

    rules = find_ruleset("waylights")
    game = start(rules, None, battlefield_named(rules.default_battlefield), 1, ("Ann", "Bob"))
    pick = random.Random(3)
    while game.outcome is None and game.state.round < 3:
        game = submit(game, pick.choice(game.legal_orders(min(game.to_act)))).game
    path = saved(tmp_path, game)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        await pilot.press("end")
        await pilot.pause()
        text = str(screen.query_one("#watch-banner").render())
        assert f"Round {game.state.round}/{game.state.options.round_limit}" in text, text
        await pilot.press("home")
        await pilot.pause()
        assert "Deployment" in str(screen.query_one("#watch-banner").render())
