"""The banner of a game watched read-only (its save held by another
Skirmish) says who holds it, whole, in 78 columns.  A tester at 80x24 read
"Watching: ../Ann/é to play (no orders here) · Turn 1/20 · read-only:
held by" and nothing more: the holder was added after a banner already
fitted to the row, so the row cut it off.  Pilot at 80x24, the rows as
drawn."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from core.game import start, submit
from core.registry import find_ruleset
from tests.tui.drawn import screen_rows
from tests.tui.test_every_ruleset import battlefield_for
from tui.app import SkirmishApp
from tui.banner import fit_keeping
from tui.readonly import ReadOnlyGameScreen

SIZE = (80, 24)
PLAYERS = ("../Ann/é", "Bob")
STAMP = "process 1974 on vm, since 2026-11-30T12:00:00+00:00"  # as saves/session.py words it


def spheres(deployed: bool):
    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_for(rules), seed=1, players=PLAYERS)
    if deployed:
        for side in (0, 1):
            game = submit(game, next(o for o in game.legal_orders(side) if o.verb == "deploy-all")).game
            game = submit(game, next(o for o in game.legal_orders(side) if o.verb == "ready")).game
    return game


async def drawn_banner(game, holder: str) -> str:
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = ReadOnlyGameScreen(game, holder)
        app.show_game(game, None, screen)
        await pilot.pause()
        row = screen_rows(app)[0]
        content = str(screen.query_one("#banner").content)
    assert cell_len(content) <= SIZE[0] - 2, content  # the banner's padding: one column each side
    assert content.strip() in row, (content, row)  # drawn whole, not cut by the row
    return content


@pytest.mark.parametrize("deployed", [False, True], ids=["deploying", "turn 1"])
async def test_the_read_only_banner_names_its_holder_whole(deployed):
    game = spheres(deployed)
    banner = await drawn_banner(game, STAMP)
    acting = " and ".join(PLAYERS[s] for s in sorted(game.to_act))
    assert banner.startswith(f"Watching: {acting} to play · "), banner
    assert f"{acting} to play · read-only: held by process 1974 on vm" in banner, banner
    assert "(no orders here)" not in banner  # "read-only" says it
    if deployed:  # the turn and its limit still fit after the holder
        assert " · Turn 1/" in banner, banner


async def test_a_holder_too_long_for_the_row_is_shortened_never_dropped():
    host = "h" * 64  # saves/session.py keeps up to 64 characters of the host's name
    banner = await drawn_banner(spheres(True), f"process 1974 on {host}, since 2026-11-30")
    assert banner.startswith("Watching: ../Ann/é"), banner
    assert "read-only: held by process 1974 on hhh" in banner and banner.endswith("…"), banner


def test_fit_keeping_drops_the_later_pieces_then_shortens_the_first():
    assert fit_keeping("a · b · c", "KEPT", 20) == "a · KEPT · b · c"
    assert fit_keeping("a · bbbbbbbb · c", "KEPT", 12) == "a · KEPT"
    first = "Watching: someone with a long name to play"
    fitted = fit_keeping(f"{first} · Turn 1/20", "read-only: held by process 1", 60)
    assert fitted == "Watching: someone with a lon… · read-only: held by process 1", fitted
    assert cell_len(fitted) == 60
