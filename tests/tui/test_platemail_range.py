"""The target list shows the distance the Range rules use (issue 26,
"Platemail, range on the grid"): feet counted as a Move counts them, with
the band the shot would get, the same as the engine then rolls with."""

from __future__ import annotations

from core.deployment import Deploy, DeployAll, Ready
from core.events import Rolled
from core.game import start, submit
from core.registry import find_ruleset
from core.rulesets.platemail.state import Commit, PlatemailOptions
from saves.library import battlefield_named
from tests.rulesets.platemail.helpers import act, order
from tests.tui.test_platemail import open_game
from tests.tui.test_platemail_newcomer import past_handover
from tui.app import SkirmishApp
from tui.rulesets.platemail_menus import KeyMenu
from tui.rulesets.platemail_notes import distance_text

SIZE = (80, 24)


def test_distance_text_gives_feet_by_steps_and_the_band():
    """Ranged Weapons: "Receives a -2 Attack at 35'-60'."  Nine diagonal
    cells are 45 feet (not the 63.6 of a straight line, the -4 band)."""
    assert distance_text((1, 1), (10, 10)) == "9 cells = 45 ft"
    assert distance_text((1, 1), (10, 10), 30) == "9 cells = 45 ft, Range -2"
    assert distance_text((1, 1), (7, 7), 30) == "6 cells = 30 ft, in Range"
    assert distance_text((0, 0), (1, 1), 15) == "1 cell = 5 ft, in Range"
    assert distance_text((0, 0), (13, 2), 15) == "13 cells = 65 ft, out of Range"


async def test_the_target_list_shows_the_feet_and_band_the_shot_then_rolls_with():
    """A spellcaster nine diagonal cells from an archer: the list says 45 ft
    and Range -2, and the shot the engine resolves is measured the same."""
    rules = find_ruleset("platemail")
    options = PlatemailOptions(roster_0="archer,footman,knight")
    game = start(rules, options, battlefield_named(rules.default_battlefield), seed=4, players=("Ann", "Bo"))
    for o in (Deploy(0, "a1", (1, 1)), DeployAll(0), Ready(0), Deploy(1, "b3", (10, 10)), DeployAll(1), Ready(1)):
        game = submit(game, o).game
    assert game.state.char("b3").archetype == "spellcaster"
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, game)
        await past_handover(pilot)
        await pilot.press("w", "enter", "r")  # a1's writer: Ranged Attack
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, KeyMenu)
        labels = [label for _, label, _ in menu.entries]
        b3 = next(label for label in labels if label.startswith("b3 "))
        assert b3.endswith("at 10,10 (9 cells = 45 ft, Range -2)"), labels
    # The engine's shot at b3 from there: the same 45 feet, the same -2.
    for o in (order(0, "a1", act(0, "ranged-attack", "b3")), Commit(0), Commit(1)):
        game = submit(game, o).game
    roll = next(e for e in game.log if isinstance(e, Rolled) and e.who == "a1" and "attack on b3" in e.purpose)
    assert ("Range: 45 ft, increment 2 of 30 ft", -2) in roll.modifiers
