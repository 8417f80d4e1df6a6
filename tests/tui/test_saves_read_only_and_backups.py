"""Opening a read-only save, a broken save whose backup opens, and
deleting a save with its backup, from the Load list, Continue and
``skirmish load FILE`` (tui/opening.py, tui/menu.py).

A read-only save was played in place (the file replaced, 0600, with a
``.bak``); a broken save's working backup was never offered, and ``d``
took it along while saying only that the save could not be brought back."""

from __future__ import annotations

import os
import stat

import pytest
from textual.widgets import OptionList

from core.registry import find_ruleset
from saves.store import load_game, save_game, saves_dir
from tests.robustness.hostile import settled
from tests.saves.helpers import play
from tui.app import SkirmishApp
from tui.game_screen import GameScreen
from tui.menu import LoadScreen
from tui.modals import ChoiceMenu, Confirm
from tui.watch import WatchScreen

SIZE = (100, 30)
RULES = "spheres_of_war"


def a_save(name: str, count: int = 4):
    path = saves_dir() / f"{name}.json"
    game = play(find_ruleset(RULES), seed=4, count=count)
    save_game(game, path)
    return path, game


def kept(path):
    """The file's bytes, its owner's rights (Skirmish takes other accounts'
    off when it starts: README) and whether a backup was made of it."""
    owner = stat.S_IMODE(os.stat(path).st_mode) & 0o700
    return path.read_bytes(), owner, path.with_name(path.name + ".bak").exists()


def on_board(app) -> bool:
    return any(isinstance(s, GameScreen) for s in app.screen_stack)


def others(path) -> list[str]:
    """Every file of the saves folder but ``path`` (the copy made, and nothing beside it)."""
    return sorted(p.name for p in path.parent.iterdir() if p != path)


@pytest.mark.parametrize("how", ["load-list", "load-file", "continue"])
async def test_a_read_only_save_is_offered_a_copy_or_watching_never_played_in_place(how):
    path, game = a_save("kept")
    os.chmod(path, 0o444)
    before = kept(path)
    app = SkirmishApp(load_path=path if how == "load-file" else None, continue_latest=how == "continue")
    async with app.run_test(size=SIZE) as pilot:
        if how == "load-list":
            await pilot.press("l")
            await settled(pilot)
            await pilot.press("enter")
        await settled(pilot)
        await pilot.pause()
        offer = app.screen
        assert isinstance(offer, ChoiceMenu), type(offer).__name__
        assert "read-only" in offer.menu_title and "kept.json" in offer.menu_title
        assert [value for _, value in offer.choices] == ["copy", "watch", "back"]
        assert not on_board(app)
        assert kept(path) == before
        await pilot.press("1")  # play on in a copy
        await pilot.pause()
        assert on_board(app)
        copy = app.session.path
        assert copy != path and copy.parent == saves_dir()
        assert load_game(copy).orders == game.orders
        app.saves.autosave(app.game, force=True)  # playing on saves the copy only
        await pilot.pause()
    assert kept(path) == before
    assert copy.name in others(path)
    assert not [name for name in others(path) if name.startswith("kept")]  # no backup, lock or copy of it


async def test_a_read_only_save_can_be_watched_instead():
    path, _ = a_save("kept")
    os.chmod(path, 0o400)
    before = kept(path)
    app = SkirmishApp(load_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        assert isinstance(app.screen, WatchScreen)
    assert kept(path) == before and others(path) == []


def broken_with_backup():
    path, first = a_save("cut")
    save_game(play(find_ruleset(RULES), seed=4, count=7), path)  # the .bak holds the first game
    path.write_bytes(path.read_bytes()[:300])
    return path, first


async def load_list(pilot) -> LoadScreen:
    await pilot.press("l")
    await settled(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, LoadScreen)
    return screen


def rows(screen: LoadScreen) -> list[str]:
    listing = screen.query_one(OptionList)
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


async def test_a_broken_saves_backup_is_listed_offered_and_put_back():
    path, first = broken_with_backup()
    broken = path.read_bytes()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await load_list(pilot)
        assert "BROKEN" in rows(screen)[0] and "its backup opens" in rows(screen)[0], rows(screen)
        await pilot.press("enter")
        await pilot.pause()
        offer = app.screen
        assert isinstance(offer, ChoiceMenu) and "cut.json.bak" in offer.menu_title, type(offer).__name__
        assert [value for _, value in offer.choices] == ["restore", "watch", "back"]
        assert path.read_bytes() == broken  # nothing done before the choice
        await pilot.press("1")
        await pilot.pause()
        assert on_board(app) and app.session.path == path
        assert app.game.orders == first.orders
    assert path.with_name("cut.json.broken").read_bytes() == broken
    assert path.with_name("cut.json.bak").is_file()


async def test_a_broken_saves_backup_can_be_watched_and_nothing_changes():
    path, _ = broken_with_backup()
    files = {p.name: p.read_bytes() for p in path.parent.iterdir()}
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await load_list(pilot)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        assert isinstance(app.screen, WatchScreen)
    assert {p.name: p.read_bytes() for p in path.parent.iterdir()} == files


async def test_deleting_a_save_says_its_backup_goes_too():
    path, _ = broken_with_backup()
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await load_list(pilot)
        await pilot.press("d")
        await pilot.pause()
        ask = app.screen
        assert isinstance(ask, Confirm)
        assert "cut.json.bak" in ask.question and "goes with it" in ask.question, ask.question
        await pilot.press("n")
        await pilot.pause()
    assert path.is_file() and path.with_name("cut.json.bak").is_file()


async def test_a_finished_read_only_save_opens_for_its_result_as_any_finished_save():
    """Opening a finished game writes nothing in its file: nothing to protect
    it from, so it opens as before."""
    from tests.tui.test_result import one_order_from_the_end
    from tui.result import ResultScreen

    _, _, over = one_order_from_the_end(RULES)
    path = saves_dir() / "over.json"
    save_game(over, path)
    os.chmod(path, 0o444)
    before = kept(path)
    app = SkirmishApp(load_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen), type(app.screen).__name__
        await pilot.press("m")
        await pilot.pause()
    assert kept(path) == before and others(path) == []


async def test_hosting_a_read_only_save_is_refused_before_anything_is_written():
    """``skirmish host FILE`` takes the save as Load does: a read-only one is
    refused, with what to do instead, and left as it is."""
    path, _ = a_save("kept")
    os.chmod(path, 0o444)
    before = kept(path)
    app = SkirmishApp(host_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        said = [str(n.message) for n in app._notifications]
        assert any("read-only" in n and "play on in a copy" in n for n in said), said
        assert not on_board(app)
    assert kept(path) == before and others(path) == []


async def test_continue_past_a_broken_save_says_its_backup_opens():
    older, _ = a_save("older")
    os.utime(older, (1_000_000_000, 1_000_000_000))  # saved long before the other
    path, _ = broken_with_backup()
    app = SkirmishApp(continue_latest=True)
    async with app.run_test(size=SIZE) as pilot:
        await settled(pilot)
        assert app.session.path == older
        said = [str(n.message) for n in app._notifications if "cannot be opened" in str(n.message)]
        assert said and "its backup opens: Load offers it" in said[0], said
