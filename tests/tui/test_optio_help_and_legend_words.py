"""Optio's help and map legend say only what the operational map does.  A
tester: the help's keys offered "z: compact or full-width cells" (z does
nothing on the Optio map) and "a lit [.] cell" (Optio lights a square with
"»"); the legend said "T woods (cover 2)", when a block on the map has no
cover (seed 003: terrain matters to the battle the template cuts out)."""

from __future__ import annotations

from pathlib import Path

import attrs

from core.game import start
from core.registry import find_ruleset
from core.rulesets.optio.generator import generate_map
from core.rulesets.optio.maps import map_battlefield
from tests.tui.test_side_panel_more import panel_rows
from tui.app import SkirmishApp
from tui.modals import Handover
from tui.side_panel import SidePanel

SIZE = (80, 24)
OPTIO = find_ruleset("optio")
HELP = Path(__file__).resolve().parents[2] / "tui" / "help" / "optio.md"


def keys_section() -> str:
    text = HELP.read_text(encoding="utf-8")
    return text[text.index("## Keys"):]


def test_the_keys_offer_no_cell_width_and_name_the_lit_square_as_drawn():
    keys = keys_section()
    assert "compact or full-width" not in keys and "`[.]`" not in keys
    assert "`»`" in keys


async def test_the_map_legend_gives_woods_no_cover():
    options = attrs.evolve(OPTIO.default_options(), map_seed=1)
    game = start(OPTIO, options, map_battlefield(generate_map(1)), seed=4, players=("Ann", "Bob"))
    assert any("T" in row for row in generate_map(1).rows)  # the map has woods
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(game)
        await pilot.pause()
        if isinstance(app.screen, Handover):
            await pilot.press("enter")
            await pilot.pause()
        panel = app.screen.query_one(SidePanel)
        for _ in range(8):  # down to the legend
            await pilot.press("right_curly_bracket")
            await pilot.pause()
        text = "\n".join(panel_rows(app, panel))
        assert "T woods" in text, text
        assert "cover" not in text, text


def test_the_optio_legend_ends_with_what_its_map_marks_not_a_grid_boards_keys():
    """A tester: the Optio panel's legend showed "[.] legal", "* target" and
    "z: cell width", none of which the operational map has."""
    from core.registry import find_ruleset
    from core.rulesets.optio.generator import generate_map
    from core.rulesets.optio.maps import map_battlefield
    from tui.picture import legend_text
    from tui.rulesets import adapter_for

    adapter = adapter_for(find_ruleset("optio"))
    text = legend_text(map_battlefield(generate_map(3)), board_key=adapter.board_key)
    assert "[.] legal" not in text and "* target" not in text and "z:" not in text, text
    assert "»" in text
