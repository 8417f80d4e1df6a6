"""Leaving a hosted or joined game for another one, any way it is done
(the command palette's New game, Load, Continue, Host, Join), asks first,
as ``q`` does, then stops hosting (or leaves the joined seat) and closes
that game's save: the next game has its own save file, and no save ever
crosses between games.  (Before, the palette's New game left the hosted
Platemail game running in the background: Bob's orders were written into
the new Optio game's file, the Optio moves were never saved, and Continue
brought back the Platemail game out of the Optio file.)  Real sockets,
Pilot at 80x24; asserts on the screens, the seats and the save files."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Input

from saves.store import list_saves, load_for_play
from tests.remote.helpers import RecordingSeat, new_host, showing, until
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.menu import LoadScreen, MainMenu
from tui.modals import Confirm
from tui.newgame import NewGameScreen
from tui.remote.play import HostWaitScreen, JoinScreen, host_problem
from tui.widgets import Cycler

SIZE = (80, 24)


def _saved(path: Path) -> tuple:
    game, pending, _ = load_for_play(path)
    return game.ruleset_name, len(game.orders), (pending or {}).get("hosting")


async def _palette(pilot, words: str, then) -> None:
    """ctrl+p, ``words`` typed, Enter: until ``then()`` holds."""
    await pilot.press("ctrl+p")
    await pilot.press(*words)
    await pilot.pause(0.3)
    await pilot.press("enter")
    assert await until(pilot, then), type(pilot.app.screen).__name__


async def _ruleset(app, pilot, name: str) -> None:
    """The new-game form's ruleset stepped to ``name`` (with the arrows)."""
    rulesets = app.screen.query_one("#ruleset", Cycler)
    rulesets.focus()
    for _ in range(8):
        if rulesets.value == name:
            return
        await pilot.press("right")
    assert rulesets.value == name


async def _host_platemail(app, pilot):
    await pilot.press("h")
    await _ruleset(app, pilot, "platemail")
    await pilot.press("ctrl+g")
    assert await until(pilot, lambda: isinstance(app.screen, HostWaitScreen))
    code = app.screen.code
    joiner = RecordingSeat(code, name="Bob")
    await asyncio.to_thread(joiner.start)
    assert await until(pilot, lambda: showing(app, GameScreen) and app.host.joined)
    assert app.host.table.game.ruleset_name == "platemail"
    return joiner, code, Path(app.session.path)


async def test_the_palettes_new_game_asks_then_stops_hosting_and_the_next_game_has_its_own_file(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        joiner, code, platemail = await _host_platemail(app, pilot)
        try:
            # An order is given (Bob's if he has one to give): it is in the Platemail save.
            assert await until(pilot, lambda: joiner.status == "playing"), joiner.status
            if joiner.legal_orders():
                assert isinstance(await asyncio.to_thread(joiner.submit, joiner.legal_orders()[0]), tuple)
            else:
                app.screen.submit(next(o for o in app.screen.orders if o.side == 0))
            assert await until(pilot, lambda: len(app.host.table.game.orders) >= 1)
            kept = _saved(platemail)
            assert kept[0] == "platemail" and kept[1] >= 1 and kept[2]["code"] == code

            # The palette's New game asks first, as q does (the code to rejoin with).
            await _palette(pilot, "new game", lambda: isinstance(app.screen, Confirm))
            asked = str(app.screen.question)
            assert code in asked and "Bob can rejoin" in asked, asked
            await pilot.press("y")
            assert await until(pilot, lambda: showing(app, NewGameScreen))
            # Hosting stopped cleanly: Bob is told, the Platemail save is let go.
            assert app.host is None and app.session is None
            assert await until(pilot, lambda: joiner.status == "host-stopped"), joiner.status
            assert not Path(str(platemail) + ".lock").exists()

            # Optio against the computer, at this keyboard.
            await _ruleset(app, pilot, "optio")
            app.screen.query_one("#seat1", Cycler).focus()
            await pilot.press("right")
            await pilot.press("ctrl+g")
            assert await until(pilot, lambda: showing(app, GameScreen) and app.game is not None)
            assert app.game.ruleset_name == "optio" and app.host is None
            optio = Path(app.session.path)
            assert optio != platemail
            screen = app.screen
            # The dice say who moves first: the computer may be moving (its
            # order in the file too) before this side has an order to give.
            assert await until(pilot, lambda: any(o.side == 0 for o in screen.orders))
            screen.submit(next(o for o in screen.orders if o.side == 0))
            assert await until(pilot, lambda: any(o.side == 0 for o in app.game.orders))
            await pilot.press("ctrl+s")
            await pilot.pause()
            played = len(app.game.orders)
            # Each file holds its own game: the Optio moves in the Optio file,
            # the Platemail file as it was when the host left it.
            assert _saved(optio)[:2] == ("optio", played) and _saved(optio)[2] is None
            assert _saved(platemail) == kept
            backup = Path(str(optio) + ".bak")
            if backup.exists():
                assert backup.read_text().find('"platemail"') == -1

            # q on the Optio board asks the plain question: no join code.
            await pilot.press("q")
            assert await until(pilot, lambda: isinstance(app.screen, Confirm))
            assert code not in str(app.screen.question)
            await pilot.press("y")
            assert await until(pilot, lambda: isinstance(app.screen, MainMenu))
            # Continue brings back the Optio game (the newest), at this keyboard.
            await pilot.press("c")
            assert await until(pilot, lambda: showing(app, GameScreen) and app.game is not None)
            assert app.game.ruleset_name == "optio" and app.host is None
            assert len(app.game.orders) == played
            assert sorted(s.path.name for s in list_saves()) == sorted([optio.name, platemail.name])
        finally:
            joiner.stop()
            app.stop_hosting()
            app.close_session()


async def test_no_keeps_the_hosted_game_and_every_way_out_asks(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        joiner, code, platemail = await _host_platemail(app, pilot)
        try:
            board = app.screen
            for words in ("new game", "load game", "continue"):
                await _palette(pilot, words, lambda: isinstance(app.screen, Confirm))
                assert code in str(app.screen.question)
                await pilot.press("n")
                assert await until(pilot, lambda: app.screen is board)
                assert app.host is not None and app.host.joined and Path(app.session.path) == platemail
            # Yes to Load: the hosted game is left, then Load opens.
            await _palette(pilot, "load game", lambda: isinstance(app.screen, Confirm))
            await pilot.press("y")
            assert await until(pilot, lambda: isinstance(app.screen, LoadScreen))
            assert app.host is None and app.session is None
            assert not any(isinstance(s, GameScreen) for s in app.screen_stack)
        finally:
            joiner.stop()
            app.stop_hosting()
            app.close_session()


async def test_the_palettes_new_game_from_a_joined_game_asks_and_leaves_the_seat(data_dir):
    from tests.remote.helpers import join_from_the_menu

    host = new_host("plasto_latros")
    app = SkirmishApp()
    try:
        async with app.run_test(size=SIZE) as pilot:
            await join_from_the_menu(pilot, host.code)
            assert app.remote_seat is not None
            await _palette(pilot, "new game", lambda: isinstance(app.screen, Confirm))
            assert f"skirmish join {host.code}" in str(app.screen.question)
            await pilot.press("y")
            assert await until(pilot, lambda: showing(app, NewGameScreen))
            assert app.remote_seat is None
            assert await until(pilot, lambda: not host.joined)
            assert not any(isinstance(s, GameScreen) for s in app.screen_stack)
    finally:
        host.close()


async def test_host_and_join_from_the_palette_leave_the_joined_game_first(data_dir):
    host = new_host("plasto_latros")
    app = SkirmishApp()
    try:
        async with app.run_test(size=SIZE) as pilot:
            from tests.remote.helpers import join_from_the_menu

            await join_from_the_menu(pilot, host.code)
            app.action_join_game()  # what the palette or a stray key would reach
            assert await until(pilot, lambda: isinstance(app.screen, Confirm))
            await pilot.press("y")
            assert await until(pilot, lambda: isinstance(app.screen, JoinScreen))
            assert app.remote_seat is None
    finally:
        host.close()


def test_a_code_hosted_by_another_running_skirmish_is_said_so_without_blaming_the_folder():
    first = new_host("plasto_latros")
    try:
        from core.registry import find_ruleset
        from core.seats import Facts
        from net.host import Host
        from saves.library import battlefield_named

        rules = find_ruleset("plasto_latros")
        facts = Facts(rules.name, rules.default_options(), battlefield_named(rules.default_battlefield),
                      ("Ann", "Bob"))
        again = Host(facts, 1, first.code, {})
        try:
            again.open()
        except OSError as exc:
            said = host_problem(exc)
        else:
            again.close()
            raise AssertionError("the same code was hosted twice")
        assert "already being hosted" in said and "another Skirmish" in said, said
        assert "install -d" not in said and "belongs to" not in said, said
    finally:
        first.close()


async def test_the_hosts_leave_question_shows_the_save_files_name_whole(data_dir, monkeypatch, tmp_path):
    """The save's name on a line of its own, never broken where the text
    wraps (it copied as a broken path), its folder shortened with ~."""
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(home / ".local/share/skirmish"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        app.screen.query_one("#p0", Input).value = "Player 1 The Long"  # a long save file name
        app.screen.query_one("#p1", Input).value = "Bob the Builder"
        await pilot.press("ctrl+g")
        assert await until(pilot, lambda: isinstance(app.screen, HostWaitScreen))
        joiner = RecordingSeat(app.screen.code, name="Bob")
        await asyncio.to_thread(joiner.start)
        try:
            assert await until(pilot, lambda: showing(app, GameScreen))
            name = Path(app.session.path).name
            assert len(name) > 54, name  # longer than the question's box is wide
            await pilot.press("q")
            assert await until(pilot, lambda: isinstance(app.screen, Confirm) and app.screen.is_mounted)
            await pilot.pause()
            rows = ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]
            assert any(name in row for row in rows), "\n".join(rows)
            assert any("in ~/.local/share/skirmish/saves" in row for row in rows), "\n".join(rows)
            await pilot.press("n")
        finally:
            joiner.stop()
            app.stop_hosting()
            app.close_session()


async def test_a_host_still_waiting_for_its_joiner_is_asked_before_a_game_at_this_keyboard(data_dir):
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await pilot.press("ctrl+g")
        assert await until(pilot, lambda: isinstance(app.screen, HostWaitScreen))
        code = app.screen.code
        await _palette(pilot, "new game", lambda: isinstance(app.screen, Confirm))
        assert "Stop hosting?" in str(app.screen.question) and code in str(app.screen.question)
        await pilot.press("y")
        assert await until(pilot, lambda: showing(app, NewGameScreen))
        assert app.host is None and not any(isinstance(s, HostWaitScreen) for s in app.screen_stack)
        # The code is hosted no more: a joiner finds nobody there.
        late = RecordingSeat(code, name="Bob")
        try:
            await asyncio.to_thread(late.start)
        except Exception:  # noqa: BLE001 - refused or nobody answers: either way, no game
            pass
        assert late.status != "playing"
        late.stop()
        await pilot.press("ctrl+g")  # a game at this keyboard, with its own save
        assert await until(pilot, lambda: showing(app, GameScreen) and app.game is not None)
        assert app.host is None and _saved(Path(app.session.path))[2] is None
        app.close_session()
