"""Continue with no save of one's own (a tester: "There is no saved game
yet." to a player whose only unfinished game was on the server, while the
README's SSH section teaches ``c`` after a dropped line): where a
Skirmish server runs on this machine, the notice says its games are
resumed from its lobby.  Which games the server holds for the player is
known only by asking it, so the notice says where, not whether."""

from __future__ import annotations

import socket

from tests.robustness.hostile import settled
from tui.app import SkirmishApp

SIZE = (80, 24)


def notices(app) -> list[str]:
    return [n.message for n in app._notifications]


async def test_continue_with_no_save_points_to_the_lobby_of_the_server_here(tmp_path, monkeypatch):
    place = tmp_path / "srv"
    place.mkdir()
    listening = socket.socket(socket.AF_UNIX)
    listening.bind(str(place / "socket"))  # a server's socket is there (nothing is asked of it)
    monkeypatch.setenv("SKIRMISH_SERVER", str(place / "socket"))
    try:
        app = SkirmishApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("c")
            await settled(pilot)
            await pilot.pause()
            said = notices(app)
            assert any(n.startswith("There is no saved game yet.") and "resumed from its lobby" in n
                       and "s in the main menu" in n and "skirmish lobby" in n for n in said), said
    finally:
        listening.close()


async def test_with_no_server_here_continue_says_only_that_there_is_no_save(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_SERVER", str(tmp_path / "none" / "socket"))
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await settled(pilot)
        await pilot.pause()
        assert "There is no saved game yet." in notices(app), notices(app)


async def test_continue_with_only_a_broken_save_says_it_cannot_be_read_not_that_there_is_none(tmp_path, monkeypatch):
    """A tester whose only save was truncated read "There is no saved game
    yet.": the file is there, and Load says why it cannot be read."""
    from saves.store import saves_dir

    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SKIRMISH_SERVER", str(tmp_path / "none" / "socket"))
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "waylights-20261201-023030.json").write_text('{"format": 1, "ruleset": "wayl', encoding="utf-8")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await settled(pilot)
        await pilot.pause()
        said = notices(app)
        assert any(n.startswith("No game to continue: 1 save cannot be read") for n in said), said
        assert not any("no saved game yet" in n for n in said), said
