"""Watching a saved game against the computer shows the computer's reasons
the save kept (``pending["reasons"]``, match.match.Reason) in the log at the
moment each was given, as play showed them; a game with secrets that is
not over shows none (play holds them back from the person until the end).
``skirmish replay --log`` prints them too.  And ``skirmish watch FILE``
then q leaves Skirmish, while watching from the Load list goes back to it.
Pilot at 80x24; found by a tester watching a finished game vs the computer."""

from __future__ import annotations

import io

from textual.widgets import RichLog

from core.game import submit
from core.orders import Concede
from core.playback import positions
from saves.store import save_game
from tests.remote.helpers import showing, until
from tests.tui.test_pass_key import footer_keys
from tests.tui.test_watch import SIZE, open_watch, played
from tui.app import SkirmishApp
from tui.cli import replay_command
from tui.menu import LoadScreen
from tui.watch import ALL, PUBLIC, WatchScreen
from tui.why import EventLog

SEATS = ("human", "easy")


def with_reasons(tmp_path, game):
    """``game`` saved as one the computer (easy) played side 1 of, a reason
    before each of its orders, as the match keeps them: the order's index,
    and how many of the game's events came before that order."""
    history = positions(game)
    reasons = [{"order": k, "side": 1, "at": len(history[k].log), "text": f"why number {k}"}
               for k, order in enumerate(game.orders) if getattr(order, "side", None) == 1]
    assert reasons
    path = tmp_path / f"{game.ruleset_name}-vs-computer.json"
    save_game(game, path, pending={"reasons": reasons}, seats=SEATS)
    return path, reasons


def line(game, reason) -> str:
    return f"» {game.players[1]} (easy): {reason['text']}"


def finished(name: str, orders: int):
    game = played(name, orders)
    if game.outcome is None:
        game = submit(game, Concede(0)).game
    assert game.outcome is not None
    return game


def log_text(screen) -> str:
    return " ".join(" ".join(strip.text for strip in screen.query_one(RichLog).lines).split())


async def test_a_finished_game_shows_each_reason_where_it_was_given(tmp_path):
    game = finished("plasto_latros", 30)
    path, reasons = with_reasons(tmp_path, game)
    first = reasons[0]
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        # before the computer's first order, no reason; once given, there it is
        screen.go(first["order"])
        await pilot.pause()
        assert "»" not in log_text(screen)
        screen.go(first["order"] + 1)
        await pilot.pause()
        assert line(game, first) in log_text(screen)
        await pilot.press("end")
        while screen.viewer != ALL:
            await pilot.press("v")
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        listing = app.screen
        assert isinstance(listing, EventLog)
        assert listing.notes == [(r["at"], line(game, r)) for r in reasons]
        rows = [str(option.prompt).strip() for option in listing._rows()]
        for reason in reasons:  # just before the first event of its order
            at = rows.index(line(game, reason))
            if reason["at"] < len(game.log):
                assert rows[at + 1].endswith(game.log[reason["at"]].sentence)


async def test_a_side_view_of_a_finished_game_with_secrets_places_them_in_its_own_log(tmp_path):
    game = finished("platemail", 30)
    path, reasons = with_reasons(tmp_path, game)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        await pilot.press("end")
        for viewer in (0, 1):
            screen.viewer = viewer
            position = screen.history[-1]
            readable = list(screen.readable(position))
            notes = screen.reason_notes(position)
            assert [text for _, text in notes] == [line(game, r) for r in reasons]
            for (at, _), reason in zip(notes, reasons):
                later = [e for e in game.log[reason["at"]:] if e in readable]
                assert readable[at:at + 1] == later[:1]  # before the first event it may read after it


async def test_an_unfinished_game_with_secrets_shows_no_reason(tmp_path):
    game = played("platemail", 30)
    assert game.outcome is None
    path, _ = with_reasons(tmp_path, game)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_watch(pilot, path)
        assert screen.viewer is PUBLIC
        await pilot.press("end")
        await pilot.pause()
        assert "»" not in log_text(screen)
        assert screen.reason_notes(screen.history[-1]) == []


def test_replay_log_prints_the_reasons_of_a_finished_game(tmp_path):
    game = finished("plasto_latros", 30)
    path, reasons = with_reasons(tmp_path, game)
    out, err = io.StringIO(), io.StringIO()
    assert replay_command(path, False, out, err, None, True) == 0, err.getvalue()
    printed = [text.strip() for text in out.getvalue().splitlines()]
    for reason in reasons:
        at = printed.index(line(game, reason))
        if reason["at"] < len(game.log):
            assert printed[at + 1] == game.log[reason["at"]].sentence


def test_replay_log_of_an_unfinished_game_with_secrets_prints_no_reason(tmp_path):
    game = played("platemail", 30)
    path, _ = with_reasons(tmp_path, game)
    out, err = io.StringIO(), io.StringIO()
    assert replay_command(path, False, out, err, None, True) == 0, err.getvalue()
    assert "»" not in out.getvalue()


async def test_q_leaves_skirmish_when_watch_was_the_command(tmp_path):
    game = finished("plasto_latros", 10)
    path, _ = with_reasons(tmp_path, game)
    app = SkirmishApp(watch_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, WatchScreen)
        for _ in range(100):  # the footer laid out (one pause was not always enough under load)
            if footer_keys(app.screen):
                break
            await pilot.pause(0.05)
        assert footer_keys(app.screen).get("escape") == "Quit"  # the footer says where q goes
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code == 0  # the app was told to exit


async def test_q_goes_back_to_the_load_list_it_was_watched_from(tmp_path):
    game = finished("plasto_latros", 10)
    path, _ = with_reasons(tmp_path, game)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(LoadScreen())
        assert await until(pilot, lambda: showing(app, LoadScreen))
        watch = await open_watch(pilot, path)  # as w on the list does
        # the footer laid out, and the screen ready for keys: a busy machine gets there later, not never
        assert await until(pilot, lambda: watch.is_mounted and footer_keys(watch).get("escape") == "Back"), \
            footer_keys(watch)
        await pilot.press("q")
        assert await until(pilot, lambda: not isinstance(app.screen, WatchScreen)), "q did not leave the watcher"
        assert isinstance(app.screen, LoadScreen) and app.return_code is None


async def test_w_on_the_result_of_a_game_vs_the_computer_watches_it_with_its_reasons(tmp_path):
    from tests.tui.test_result import one_order_from_the_end
    from tui.game_screen import GameScreen
    from tui.result import ResultScreen

    before, last, after = one_order_from_the_end("spheres_of_war", 2)
    assert last.side == 0 and before.to_act == {0}  # the person's order ends it
    path, reasons = with_reasons(tmp_path, before)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.open_saved(path)  # a game continued from its save: the match has its reasons
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        screen.submit(last)
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, ResultScreen):
                break
        assert isinstance(app.screen, ResultScreen)
        await pilot.press("w")
        await pilot.pause()
        watch = app.screen
        assert isinstance(watch, WatchScreen)
        await pilot.press("end")
        await pilot.pause()
        assert [text for _, text in watch.reason_notes(watch.history[-1])] == [line(before, r) for r in reasons]
        assert line(before, reasons[-1]) in log_text(watch)
