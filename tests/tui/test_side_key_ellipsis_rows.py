"""The side panel's key to the sides never leaves a row holding "…" alone.
A tester deploying at Spheres of War, 80x24, with the players "../Ann/é"
and Bob read "Bob (you, bold): yellow, R1 R2 R3", then a row of "…", then
"… more figures: f lists them all": the cut line's "…" wrapped by itself.
Such a "…" now says "… more: f lists them all" (the hint joined to it).
Pilot at 80x24, the panel's rows as drawn."""

from __future__ import annotations

import pytest
from textual.content import Content

from core.game import start, submit
from core.registry import find_ruleset
from tests.tui.test_every_ruleset import battlefield_for
from tests.tui.test_glance import open_game
from tests.tui.test_side_panel_more import panel_rows
from tui.app import SkirmishApp
from tui.side_panel import FIGURES_HINT, SidePanel, side_key_fitted

SIZE = (80, 24)
COLUMNS = SidePanel.SIDE_W - 3  # the panel's text beside its scrollbar


def deploying(players: tuple[str, str], deployed: int):
    """Spheres of War (five figures a side) with ``deployed`` sides placed:
    the first also ready, so that the second is at the keyboard."""
    rules = find_ruleset("spheres_of_war")
    game = start(rules, None, battlefield_for(rules), seed=1, players=players)
    for side in range(deployed):
        game = submit(game, next(o for o in game.legal_orders(side) if o.verb == "deploy-all")).game
        if side < deployed - 1:
            game = submit(game, next(o for o in game.legal_orders(side) if o.verb == "ready")).game
    return game


@pytest.mark.parametrize("players, deployed", [
    (("../Ann/é", "Bob"), 2),  # the tester's: Bob at the keyboard, his line one "…" too wide
    (("../Ann/é", "Bob"), 1),  # Ann's line wraps a figure with its "…": as it was
    (("Ann", "Bobb"), 2),  # one column longer: its "…" alone in a panel without its scrollbar
])
async def test_no_panel_row_is_a_lone_ellipsis(players, deployed):
    game = deploying(players, deployed)
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game)
        await pilot.pause()
        panel = screen.query_one(SidePanel)
        rows = [row.strip() for row in panel_rows(app, panel)]
    assert "…" not in rows, rows
    at_keyboard = players[deployed - 1]
    first = next(i for i, row in enumerate(rows) if row.startswith(f"{at_keyboard} (you, bold): "))
    last = next(i for i, row in enumerate(rows) if "f lists them all" in row)  # said once, at the key's end
    key = " ".join(rows[first:last + 1])
    figures = sorted(u.id.upper() for u in game.state.units if u.side == deployed - 1)[:3]
    assert key.startswith(f"{at_keyboard} (you, bold): {'cyan' if deployed == 1 else 'yellow'}, "
                          f"{' '.join(figures)} …"), key  # its three figures, whole
    assert sum("f lists them all" in row for row in rows) == 1, rows


def test_a_lone_ellipsis_says_more_and_takes_the_hint_in():
    line = "Bob (you, bold): yellow, R1 R2 R3 …"  # 35 columns: its "…" wraps alone in 33 or 34
    assert side_key_fitted(["Ann: cyan, I1 I2 I3 …", line], COLUMNS) == [
        "Ann: cyan, I1 I2 I3 …", f"{line} more: f lists them all"]
    # the hint follows the last cut line: an earlier one says "… more" alone
    assert side_key_fitted([line, "Ann: cyan, I1 I2 I3 …"], COLUMNS) == [
        f"{line} more", "Ann: cyan, I1 I2 I3 …", FIGURES_HINT]
    # a "…" that shares its row with a figure, in both widths, is left as it was
    wrapped = "../Ann/é (you, bold): cyan, I1 I2 I3 …"
    assert side_key_fitted([wrapped], COLUMNS) == [wrapped, FIGURES_HINT]
    # in one column more only (no scrollbar): the same as in both
    wider = "Bobb (you, bold): yellow, R1 R2 R3 …"
    assert side_key_fitted([wider, "Struck through, dim: fallen (dead)"], COLUMNS) == [
        f"{wider} more: f lists them all", "Struck through, dim: fallen (dead)"]


@pytest.mark.parametrize("columns", [COLUMNS, COLUMNS + 1, SidePanel.NARROW_SIDE_W - 3])
def test_no_wrapped_row_of_the_key_is_a_lone_ellipsis(columns):
    for name in ("Bo", "Bob", "Bobb", "../Ann/é", "Ann", "Bartholomew the Bold"):
        for colour in ("yellow, ", ""):
            key = side_key_fitted([f"{name} (you, bold): {colour}R1 R2 R3 …"], columns)
            rows = [row.plain.strip() for line in key for row in Content(line).wrap(columns)]
            assert "…" not in rows, rows
