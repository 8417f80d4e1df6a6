"""A broken save with a working backup, opened every way a player opens
it (tui/opening.py, tui/menu.py, saves/session.py):

- read-only and broken: Load offered "put the backup back" (bound to fail
  on a read-only file, with advice that led back to the same dialog); now
  it offers to play on from the backup in a copy, or to watch the backup;
- ``skirmish load FILE`` on a truncated save said only that it could not
  be opened: now it offers the backup as the Load list does;
- ``d`` on a save open in another Skirmish asked "Delete this save for
  good?" and refused only after the yes: now it refuses before asking;
- a copy keeps the time the game was last played, not the copy's."""

from __future__ import annotations

import json
import os
import stat

from core.registry import find_ruleset
from saves.listing import list_saves, summarise
from saves.session import GameSession
from saves.store import save_game, saves_dir
from tests.robustness.hostile import settled
from tests.saves.helpers import play
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.menu import LoadScreen
from tui.modals import ChoiceMenu, Confirm
from tui.watch import WatchScreen

SIZE = (100, 30)
RULES = "spheres_of_war"
PLAYED = "2020-01-02T03:04:05+00:00"  # when the backup's game was last played


def broken_with_backup(name: str = "cut"):
    """A save cut short whose ``.bak`` opens and records ``PLAYED``."""
    path = saves_dir() / f"{name}.json"
    first = play(find_ruleset(RULES), seed=4, count=4)
    save_game(first, path)
    save_game(play(find_ruleset(RULES), seed=4, count=7), path)  # the .bak holds the first game
    backup = path.with_name(path.name + ".bak")
    data = json.loads(backup.read_text())
    data["saved_at"] = PLAYED
    backup.write_text(json.dumps(data))
    path.write_bytes(path.read_bytes()[:300])
    return path, first


def on_board(app) -> bool:
    return any(isinstance(s, GameScreen) for s in app.screen_stack)


async def open_in_load_list(pilot) -> None:
    await pilot.press("l")
    await settled(pilot)
    assert isinstance(pilot.app.screen, LoadScreen)
    await pilot.press("enter")
    await pilot.pause()


async def test_a_read_only_broken_save_offers_a_copy_of_its_backup_and_keeps_its_date():
    path, first = broken_with_backup()
    os.chmod(path, 0o444)
    before = path.read_bytes()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_in_load_list(pilot)
        offer = app.screen
        assert isinstance(offer, ChoiceMenu), type(offer).__name__
        assert [value for _, value in offer.choices] == ["copy", "watch", "back"]
        assert "read-only" in offer.choices[0][0] and "copy" in offer.choices[0][0]
        await pilot.press("1")
        await pilot.pause()
        assert on_board(app)
        copy = app.session.path
        assert copy != path and copy.parent == saves_dir()
        assert app.game.orders == first.orders
        app.saves.autosave(app.game, force=True)  # leaving saves the copy, with no new order
        await pilot.pause()
    assert path.read_bytes() == before and stat.S_IMODE(os.stat(path).st_mode) & 0o700 == 0o400
    assert not path.with_name(path.name + ".broken").exists()
    # The copy is dated when its game was last played, not when it was copied or left.
    assert summarise(copy).saved_at == PLAYED


async def test_a_read_only_broken_save_can_watch_its_backup():
    path, _ = broken_with_backup()
    os.chmod(path, 0o400)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_in_load_list(pilot)
        await pilot.press("2")
        await pilot.pause()
        assert isinstance(app.screen, WatchScreen)


async def test_load_file_on_a_truncated_save_offers_its_backup():
    path, first = broken_with_backup()
    app = SkirmishApp(load_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        await pilot.pause()
        offer = app.screen
        assert isinstance(offer, ChoiceMenu), type(offer).__name__
        assert "cut.json.bak" in offer.menu_title
        assert [value for _, value in offer.choices] == ["restore", "watch", "back"]
        await pilot.press("1")  # put it back and play on
        await pilot.pause()
        assert on_board(app) and app.session.path == path and app.game.orders == first.orders
        app.saves.autosave(app.game, force=True)  # no new order: the date stays the game's
        await pilot.pause()
    assert summarise(path).saved_at == PLAYED


async def test_deleting_a_save_open_elsewhere_is_refused_before_asking():
    path = saves_dir() / "held.json"
    save_game(play(find_ruleset(RULES), seed=4, count=4), path)
    holder = GameSession.open(path)  # another Skirmish has it open
    try:
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("l")
            await settled(pilot)
            await pilot.press("d")
            await pilot.pause()
            assert not isinstance(app.screen, Confirm)
            said = [str(n.message) for n in app._notifications if str(n.message).startswith("Not deleted")]
            assert said and "already open in another Skirmish" in said[0], said
    finally:
        holder.close()
    assert path.is_file() and [s.path for s in list_saves()] == [path]
