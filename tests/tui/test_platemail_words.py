"""Platemail's order writer for a character who knows no spell (issue 29:
a crossbowman's spells): no spell Action is offered; a spellcaster's are."""

from __future__ import annotations

from tests.tui.test_platemail import SIZE, deployed_game, open_game
from tui.app import SkirmishApp
from tui.rulesets.platemail_menus import KeyMenu
from tui.rulesets.platemail_writer import OrderWriter


async def _first_action_labels(pilot, game, side: int, unit: str) -> list[str]:
    writer = OrderWriter(game, side, unit)
    pilot.app.push_screen(writer)
    await pilot.pause()
    menu = pilot.app.screen
    assert isinstance(menu, KeyMenu) and "1st Action" in menu.menu_title
    return [label for _, label, _ in menu.entries]


async def test_a_crossbowman_is_offered_no_spell_and_a_spellcaster_is():
    game = deployed_game()
    kinds = {c.id: c.archetype for c in game.state.characters}
    crossbowman = next(uid for uid, k in kinds.items() if k == "crossbowman")
    caster = next(uid for uid, k in kinds.items() if k == "spellcaster")
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, game)
        side = next(c.side for c in game.state.characters if c.id == crossbowman)
        labels = await _first_action_labels(pilot, game, side, crossbowman)
        assert labels and not [label for label in labels if "Spell" in label], labels
        assert any(label.startswith("Ranged Attack") for label in labels)
        await pilot.press("escape")
        await pilot.pause()
        side = next(c.side for c in game.state.characters if c.id == caster)
        labels = await _first_action_labels(pilot, game, side, caster)
        assert any(label.startswith("Prepare Spell") for label in labels), labels
