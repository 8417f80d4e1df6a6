"""A target list's number keys run on, with no gap (a tester's Stabilize
list read 4, 5, 7: the writer's own number, 6, fell between its allies'),
while each character keeps one key in every list of the writer (see
tests/tui/test_platemail_tester51.py, section 8)."""

from __future__ import annotations

import attrs

from core.rulesets.platemail.state import Status
from tests.tui.test_platemail import SIZE
from tests.tui.test_platemail_tester51 import entries, game_with, writer_for
from tui.app import SkirmishApp


def _numbers(app) -> list[str]:
    return [key for key, _label, value in entries(app) if key.isdigit()]


def _runs_on(keys: list[str]) -> bool:
    numbers = [int(k) for k in keys]
    return numbers == list(range(numbers[0], numbers[0] + len(numbers)))


def _game():
    """Ann's four (a1-a4) against Bo's three; a2 and a4 Fatally Wounded.
    The writer is a3: its Stabilize list offers a1, a2 and a4 by number."""
    game = game_with("footman,archer,knight,spellcaster", "footman,crossbowman,spellcaster")
    state = game.state
    chars = tuple(attrs.evolve(c, status=Status.DYING) if c.id in ("a2", "a4") else c for c in state.characters)
    return attrs.evolve(game, state=attrs.evolve(state, characters=chars))


async def test_the_stabilize_list_numbers_run_on():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, _game(), 0, "a3")
        await pilot.press("z")  # Stabilize: whom?
        offered = [value for key, _label, value in entries(app) if key.isdigit()]
        assert sorted(offered) == ["a1", "a2", "a4"]
        assert _runs_on(_numbers(app)), _numbers(app)


async def test_the_hostile_and_friendly_lists_run_on_too():
    app = SkirmishApp()
    async with app.run_test(size=SIZE) as pilot:
        await writer_for(pilot, _game(), 0, "a3")
        for action in ("c", "g"):  # Charge (the other side), Guard (a standing ally)
            await pilot.press(action)
            assert _numbers(app) and _runs_on(_numbers(app)), (action, _numbers(app))
            await pilot.press("escape")
            await pilot.pause()
