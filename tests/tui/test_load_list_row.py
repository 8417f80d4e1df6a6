"""A Load list row reads whole at 80 columns: it breaks between its parts,
never leaving a line ending in a " ·" separator, and the save's name (which
``skirmish load`` takes) stays whole on a line of its own when it does not
fit after the date."""

from __future__ import annotations

from textual.widgets import OptionList

from core.registry import find_ruleset
from saves.store import save_game, saves_dir
from tests.robustness.hostile import settled
from tests.saves.helpers import play
from tests.tui.drawn import screen_rows
from tui.app import SkirmishApp
from tui.menu import LoadRow, LoadScreen

SIZE = (80, 24)
NAME = "platemail-ann-vs-bob-20261130-205200"  # a name as the game makes them (saves/store.py)


def test_a_row_breaks_between_its_parts_and_never_ends_a_line_in_a_separator():
    row = LoadRow(["Platemail", "Ann v Bob", "round 1", "2026-11-30 20:52", NAME])
    assert str(row) == f"Platemail · Ann v Bob · round 1 · 2026-11-30 20:52 · {NAME}"
    assert row.lines(200) == [str(row)]  # wide enough: one line, as before
    assert row.lines(76) == ["Platemail · Ann v Bob · round 1 · 2026-11-30 20:52", NAME]
    for width in range(len(NAME), 120):
        lines = row.lines(width)
        assert all(len(line) <= width and not line.endswith("·") and not line.startswith("·") for line in lines)
        assert NAME in lines[-1]  # whole on one line


def test_a_part_wider_than_the_list_is_folded_never_cut():
    from rich.console import Console

    long_name = "x" * 100
    console = Console(width=40, record=True, color_system=None)
    console.print(LoadRow(["Platemail", "Ann v Bob", long_name]))
    shown = console.export_text().splitlines()
    assert shown[0].rstrip() == "Platemail · Ann v Bob"
    assert "".join(line.strip() for line in shown[1:]) == long_name


async def test_the_load_list_at_80x24_shows_the_name_on_its_own_line_with_no_dangling_separator():
    folder = saves_dir()
    folder.mkdir(parents=True)
    save_game(play(find_ruleset("platemail"), seed=4, count=0), folder / f"{NAME}.json")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await settled(pilot)
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        listing = app.screen.query_one(OptionList)
        inside = listing.scrollable_content_region
        shown = [row[inside.x:inside.x + inside.width].strip()
                 for row in screen_rows(app)[inside.y:inside.y + inside.height]]
        text = "\n".join(shown)
        assert shown[0].startswith("Platemail · Ann v Bob · deployment · "), text
        assert not any(line.endswith("·") for line in shown), text
        assert NAME in shown, text  # the name whole, on a line of its own
        assert str(listing.get_option_at_index(0).prompt).endswith(f" · {NAME}")  # the row as one text still


def test_a_broken_save_offering_its_backup_breaks_before_the_offer():
    import attrs

    from saves.listing import SaveSummary

    backup = SaveSummary(path=saves_dir() / "b.json.bak", name="b", ruleset="platemail", ruleset_title="Platemail",
                         players=("Ann", "Bob"), turn=1, saved_at="2026-11-30T20:52:00+00:00", over=False)
    broken = attrs.evolve(backup, path=saves_dir() / "b.json", problem="the JSON stops short", backup=backup)
    row = LoadScreen._describe(broken)
    assert row.parts[0] == "⚠ b: BROKEN — the JSON stops short"
    assert row.parts[1].startswith("its backup opens (") and row.parts[1].endswith("): Enter offers it")
    assert not any(line.endswith("·") for line in row.lines(40))
